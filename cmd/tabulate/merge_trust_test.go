package main

// merge trusts nothing the shards say (issue 27 item 4): a table with rows
// cut and its sha256 refreshed everywhere, a table swapped for another
// (its Parquet metadata names another table), and a manifest path that
// climbs out of OUT are each refused with exit status 2 before anything is
// written; a census step that fails leaves the merge failed, not
// complete. The files are spoilt and re-hashed here with the standard
// library (ownSHA256), the rows counted by the test's own reader.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/shard"
)

// makeShards runs the two shards of config into a new folder and returns it.

// outsideConfig and outsideCensus are the small run and census of the tests
// of what merge trusts and of what lies outside OUT (outside_unix_test.go).
const outsideConfig = "games: [nim, squares]\nplots: [svg]\nnim: {max_piles: 2, max_pile: 3}\nsquares: {grundy_max: 200, win_max: 200}\n"

const outsideCensus = "census:\n  subtraction: {max_element: 3, max: 500}\n"

func makeShards(t *testing.T, config string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "sharded")
	for _, k := range []string{"0/2", "1/2"} {
		if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "--shard", k, "-q"); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", k, code, stderr)
		}
	}
	return out
}

// editShard changes the manifest entries of the shard folder dir with edit
// (given the folder and each entry as JSON), then writes its shard.json
// again, so that every sha256 the shard records matches what is on disk.
func editShard(t *testing.T, dir string, edit func(dir string, entry map[string]any)) {
	t.Helper()
	p := filepath.Join(dir, output.ManifestName)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, f := range m["files"].([]any) {
		edit(dir, f.(map[string]any))
	}
	if data, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	rec, err := readShardRecord(filepath.Join(dir, shard.RecordName))
	if err != nil {
		t.Fatal(err)
	}
	if err := shard.WriteRecord(dir, rec); err != nil {
		t.Fatal(err)
	}
}

// rehash sets an entry's bytes and sha256 to those of its file.
func rehash(t *testing.T, dir string, entry map[string]any) {
	t.Helper()
	n, sum, err := ownSHA256(filepath.Join(dir, filepath.FromSlash(entry["path"].(string))))
	if err != nil {
		t.Fatal(err)
	}
	entry["bytes"], entry["sha256"] = n, sum
}

func TestMergeChecksContent(t *testing.T) {
	config := writeConfig(t, outsideConfig)
	base := makeShards(t, config)
	tests := []struct {
		name  string
		spoil func(t *testing.T, dir string, entry map[string]any)
		want  string
	}{
		{"three rows cut, sha256 refreshed", func(t *testing.T, dir string, entry map[string]any) {
			if entry["format"] != "csv" || entry["table"] != "grundy" {
				return
			}
			p := filepath.Join(dir, filepath.FromSlash(entry["path"].(string)))
			data, _ := os.ReadFile(p)
			lines := strings.SplitAfter(string(data), "\n")
			if err := os.WriteFile(p, []byte(strings.Join(lines[:len(lines)-4], "")), 0o644); err != nil {
				t.Fatal(err)
			}
			if rows, err := ownRows(p, "csv"); err != nil || rows != int64(entry["rows"].(float64))-3 {
				t.Fatalf("setup: %d rows after the cut (%v), want %v - 3", rows, err, entry["rows"])
			}
			rehash(t, dir, entry)
		}, "rows"},
		{"another table's Parquet, sha256 refreshed", func(t *testing.T, dir string, entry map[string]any) {
			if entry["format"] != "parquet" || entry["table"] != "grundy" {
				return
			}
			p := filepath.Join(dir, filepath.FromSlash(entry["path"].(string)))
			other, err := filepath.Glob(filepath.Join(filepath.Dir(p), "*.parquet"))
			if err != nil || len(other) < 2 {
				t.Fatalf("setup: no other table beside %s: %v", p, other)
			}
			src := other[0]
			if src == p {
				src = other[1]
			}
			data, _ := os.ReadFile(src)
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			rehash(t, dir, entry)
		}, "tabulate.table"},
		{"a path out of OUT", func(t *testing.T, dir string, entry map[string]any) {
			if entry["format"] == "csv" && entry["table"] == "grundy" {
				entry["path"] = entry["game"].(string) + "/../../../x.csv"
			}
		}, "x.csv"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			if err := os.CopyFS(out, os.DirFS(base)); err != nil {
				t.Fatal(err)
			}
			spoilt := false
			for _, k := range []string{"0-of-2", "1-of-2"} {
				editShard(t, filepath.Join(out, "shards", k), func(dir string, entry map[string]any) {
					if strings.HasPrefix(entry["path"].(string), "squares/") {
						spoilt = true
						tt.spoil(t, dir, entry)
					}
				})
			}
			if !spoilt {
				t.Fatal("setup: no shard holds squares")
			}
			code, _, stderr := runTabulate(t, "merge", "-q", out)
			if code != 2 || !strings.Contains(stderr, tt.want) || !strings.Contains(stderr, "nothing was written") {
				t.Errorf("exit %d, stderr %q; want 2, a message naming %q, and nothing written", code, stderr, tt.want)
			}
			if entries, _ := os.ReadDir(out); len(entries) != 1 {
				t.Errorf("merge wrote into OUT: %v", entries)
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(out), "x.csv")); err == nil {
				t.Error("merge wrote x.csv outside OUT")
			}
		})
	}
}

// TestMergeCensusFailureNotComplete: when the census step of a merge fails
// (here its journal cannot be made: OUT/.census is a file), the manifest's
// status is failed, never complete.
func TestMergeCensusFailureNotComplete(t *testing.T) {
	config := writeConfig(t, outsideConfig+outsideCensus)
	out := makeShards(t, config)
	if err := os.WriteFile(filepath.Join(out, ".census"), []byte("in the way\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runTabulate(t, "merge", "-q", out)
	if code == 0 {
		t.Fatalf("merge with no room for the census journal: exit 0")
	}
	m, err := readManifestJSON(out)
	if err != nil {
		t.Fatal(err)
	}
	if m.Status != output.StatusFailed {
		t.Errorf("status %q after the census step failed (%s); want %q", m.Status, strings.TrimSpace(stderr), output.StatusFailed)
	}
	// The games' files are whole and listed: the manifest stays true.
	checkManifestTrue(t, out, "after a failed census step")
}
