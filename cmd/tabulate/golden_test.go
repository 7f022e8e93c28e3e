package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/output"
)

var update = flag.Bool("update", false, "rewrite the expected outputs of the golden folders (testdata/golden/*/expected) from this build")

// TestGolden runs the configuration of each folder under testdata/golden
// (config.yaml: tabulate run, or tabulate census for a census alone) on 2
// workers and compares what it writes with the folder's expected/: the
// text tables (CSV and b-files, byte for byte), the manifest without what
// changes from run to run (manifest.json: times, versions, the command and
// the machine; every other file by its sha256, rows and bytes) and the
// summary the command prints (summary.txt, times and the folder replaced).
// A change in any output shows as a diff; go test ./cmd/tabulate -run
// TestGolden -update writes expected/ again, for a change that is the
// point.
func TestGolden(t *testing.T) {
	configs, err := filepath.Glob(filepath.Join("testdata", "golden", "*", "config.yaml"))
	if err != nil || len(configs) == 0 {
		t.Fatalf("no golden folders: %v", err)
	}
	for _, cfg := range configs {
		dir := filepath.Dir(cfg)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			got := goldenRun(t, cfg)
			want := filepath.Join(dir, "expected")
			if *update {
				if err := os.RemoveAll(want); err != nil {
					t.Fatal(err)
				}
				for rel, data := range got {
					path := filepath.Join(want, filepath.FromSlash(rel))
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			var have []string
			filepath.WalkDir(want, func(path string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					rel, _ := filepath.Rel(want, path)
					have = append(have, filepath.ToSlash(rel))
				}
				return nil
			})
			for _, rel := range have {
				if _, ok := got[rel]; !ok {
					t.Errorf("%s: expected, not written by this run", rel)
				}
			}
			for rel, data := range got {
				exp, err := os.ReadFile(filepath.Join(want, filepath.FromSlash(rel)))
				if err != nil {
					t.Errorf("%s: written by this run, not expected (%v)", rel, err)
					continue
				}
				if !bytes.Equal(exp, data) {
					t.Errorf("%s differs from %s: %s", rel, filepath.Join(want, rel), firstDiff(exp, data))
				}
			}
		})
	}
}

// goldenRun runs the configuration into a fresh folder and returns what
// TestGolden compares, by its path under expected/.
func goldenRun(t *testing.T, cfg string) map[string][]byte {
	t.Helper()
	text, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	command := "run"
	if !regexp.MustCompile(`(?m)^games:`).Match(text) && regexp.MustCompile(`(?m)^census:`).Match(text) {
		command = "census"
	}
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runTabulate(t, command, "--config", cfg, "--out", out, "--workers", "2", "--no-report")
	if code != 0 {
		t.Fatalf("tabulate %s: exit %d: %s", command, code, stderr)
	}
	got := map[string][]byte{}
	summary := stdout
	if command == "census" {
		// The census's summary is the end of its log: the line that says
		// it is complete and the families' lines after it.
		if i := strings.Index(stderr, "tabulate census: complete"); i >= 0 {
			summary = stderr[i:]
		}
	}
	got["summary.txt"] = []byte(normalizeSummary(summary, out))
	raw, err := os.ReadFile(filepath.Join(out, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	m, err := normalizeManifest(raw)
	if err != nil {
		t.Fatal(err)
	}
	got["manifest.json"] = m
	var files []output.File
	if err := json.Unmarshal(raw, &struct{ Files *[]output.File }{&files}); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Table == "" || isTimings(f.Path) || (f.Format != output.FormatCSV && f.Format != output.FormatBFile) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(f.Path)))
		if err != nil {
			t.Fatal(err)
		}
		got["tables/"+f.Path] = data
	}
	return got
}

// isTimings reports whether a file is a census's table of timings, whose
// values are times.
func isTimings(path string) bool { return strings.Contains(path, "_timings.") }

// timeWords are the times a summary prints ("in 0.6s", "0.01s", "223ms").
var timeWords = regexp.MustCompile(`\b\d+(\.\d+)?(ns|µs|ms|s|m)\b`)

// normalizeSummary replaces the output folder by OUT and every time by T.
func normalizeSummary(s, out string) string {
	return timeWords.ReplaceAllString(strings.ReplaceAll(s, out, "OUT"), "T")
}

// varying are the manifest's keys whose values change from run to run or
// machine to machine: times, versions, the command, the machine.
var varying = []string{"started", "finished", "seconds", "version", "binary_sha256", "go", "os", "arch", "cpus", "workers", "command", "out", "max_memory", "memory_limit"}

// normalizeManifest returns the manifest without the keys that vary, the
// report's entry, or the checksum and size of a census's timings, indented
// with sorted keys.
func normalizeManifest(raw []byte) ([]byte, error) {
	var m any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	var walk func(v any) any
	walk = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			for k := range x {
				if slices.Contains(varying, k) {
					delete(x, k)
				}
			}
			if p, ok := x["path"].(string); ok && isTimings(p) {
				delete(x, "sha256")
				delete(x, "bytes")
			}
			for k, e := range x {
				x[k] = walk(e)
			}
		case []any:
			for i, e := range x {
				x[i] = walk(e)
			}
		}
		return v
	}
	if top, ok := m.(map[string]any); ok {
		delete(top, "report")
	}
	data, err := json.MarshalIndent(walk(m), "", "  ")
	return append(data, '\n'), err
}

// firstDiff says where two texts first differ, by line.
func firstDiff(want, got []byte) string {
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := range max(len(w), len(g)) {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d: want %q, got %q", i+1, a, b)
		}
	}
	return "the same lines"
}
