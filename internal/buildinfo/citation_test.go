package buildinfo

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestCitation checks the repository's CITATION.cff against the rules of the
// Citation File Format 1.2.0 schema (schema.json in
// citation-file-format/citation-file-format): the required keys, no key
// outside the schema's root properties, authors that are persons or named
// entities, URLs of the allowed schemes, and a license that is the SPDX
// identifier of the LICENSE file's text.
func TestCitation(t *testing.T) {
	data, err := os.ReadFile("../../CITATION.cff")
	if err != nil {
		t.Fatal(err)
	}
	var cff map[string]any
	if err := yaml.Unmarshal(data, &cff); err != nil {
		t.Fatalf("CITATION.cff is not YAML: %v", err)
	}
	root := []string{"abstract", "authors", "cff-version", "commit", "contact", "date-released", "doi",
		"identifiers", "keywords", "license", "license-url", "message", "preferred-citation", "references",
		"repository", "repository-artifact", "repository-code", "title", "type", "url", "version"}
	for k := range cff {
		if !slices.Contains(root, k) {
			t.Errorf("key %q is not in CFF 1.2.0", k)
		}
	}
	for _, k := range []string{"authors", "cff-version", "message", "title"} {
		if _, ok := cff[k]; !ok {
			t.Errorf("required key %q missing", k)
		}
	}
	if v, _ := cff["cff-version"].(string); v != "1.2.0" {
		t.Errorf("cff-version %v, want the string 1.2.0", cff["cff-version"])
	}
	if v, ok := cff["type"]; ok && v != "software" && v != "dataset" {
		t.Errorf("type %v, want software or dataset", v)
	}
	authors, _ := cff["authors"].([]any)
	if len(authors) == 0 {
		t.Error("authors: want at least one")
	}
	for i, a := range authors {
		m, _ := a.(map[string]any)
		if m["name"] == nil && m["family-names"] == nil && m["given-names"] == nil {
			t.Errorf("author %d has neither a name (entity) nor names (person): %v", i, a)
		}
	}
	url := regexp.MustCompile(`^(https|http|ftp|sftp)://.+`)
	for _, k := range []string{"repository-code", "url", "repository", "repository-artifact", "license-url"} {
		if v, ok := cff[k]; ok {
			if s, _ := v.(string); !url.MatchString(s) {
				t.Errorf("%s %v is not an http(s)/ftp URL", k, v)
			}
		}
	}
	license, err := os.ReadFile("../../LICENSE")
	if err != nil {
		t.Fatal(err)
	}
	// The third clause is what makes the text BSD-3-Clause rather than
	// BSD-2-Clause (SPDX license list).
	if cff["license"] != "BSD-3-Clause" || !strings.Contains(string(license), "Neither the name of the copyright holder nor the names of its contributors") {
		t.Errorf("license %v does not name the LICENSE file's text (BSD-3-Clause)", cff["license"])
	}
}
