//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Paths written in place (issue 49, A2): the lock and a tail's values
// file are opened for writing without being replaced, so a hard link
// planted there (a second name of a file outside OUT, which no symbolic
// link check sees) would make tabulate truncate and overwrite that file.
// Each such path is refused with exit status 2 when it has other names,
// and the file behind it keeps its bytes; the links, FIFOs and /dev/zero
// of plants are refused there too.

// hardLinkPlant is a hard link to a sentinel file outside OUT.
var hardLinkPlant = plant{"hard link to a file outside OUT", func(t *testing.T, p string) func(t *testing.T) {
	target := filepath.Join(t.TempDir(), "sentinel")
	if err := os.WriteFile(target, []byte(sentinelText), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(p)
	if err := os.Link(target, p); err != nil {
		t.Skip("cannot make a hard link here:", err)
	}
	return func(t *testing.T) {
		if data, err := os.ReadFile(target); err != nil || string(data) != sentinelText {
			t.Errorf("the hard link's other name was changed: %q, %v", data, err)
		}
	}
}}

// writePlants are the plants at a path tabulate writes in place.
var writePlants = append([]plant{hardLinkPlant}, plants...)

// wantWriteRefused is wantRefused, a hard link also being a reason.
func wantWriteRefused(t *testing.T, code int, stderr, what string) {
	t.Helper()
	if code != 2 {
		t.Errorf("exit status %d, want 2; stderr: %s", code, stderr)
	}
	if !strings.Contains(stderr, what) {
		t.Errorf("the message does not name %s: %s", what, stderr)
	}
	if !strings.Contains(stderr, "hard link") && !strings.Contains(stderr, "symbolic link") && !strings.Contains(stderr, "not a regular file") {
		t.Errorf("the message does not say what is wrong (a hard or symbolic link, not a regular file): %s", stderr)
	}
}

// TestPlantedLockHardLink: a hard link at OUT/.tabulate.lock is refused by
// run, census, plot, plot --into (at the --into folder's lock) and merge,
// and the file it names elsewhere keeps its bytes.
func TestPlantedLockHardLink(t *testing.T) {
	config := writeConfig(t, outsideConfig)
	census := writeConfig(t, outsideCensus)
	ran := filepath.Join(t.TempDir(), "ran")
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", ran, "-q"); code != 0 {
		t.Fatalf("setup run: exit %d: %s", code, stderr)
	}
	sharded := makeShards(t, config)
	commands := []struct {
		name string
		from string // the folder copied to OUT first, or ""
		args func(out string) []string
	}{
		{"run", "", func(out string) []string { return []string{"run", "--config", config, "--out", out, "-q"} }},
		{"census", "", func(out string) []string { return []string{"census", "--config", census, "--out", out, "-q"} }},
		{"plot", ran, func(out string) []string { return []string{"plot", out, "-q"} }},
		{"plot --into", "", func(out string) []string { return []string{"plot", ran, "--into", out, "-q"} }},
		{"merge", sharded, func(out string) []string { return []string{"merge", "-q", out} }},
	}
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			if c.from != "" {
				if err := os.CopyFS(out, os.DirFS(c.from)); err != nil {
					t.Fatal(err)
				}
			} else if err := os.Mkdir(out, 0o755); err != nil {
				t.Fatal(err)
			}
			check := hardLinkPlant.put(t, filepath.Join(out, ".tabulate.lock"))
			code, _, stderr := runTabulate(t, c.args(out)...)
			wantWriteRefused(t, code, stderr, ".tabulate.lock")
			check(t)
		})
	}
}

// TestPlantedTailValues: a hard link, a symbolic link, a FIFO or
// /dev/zero at OUT/g/tail.values is refused by a tail run with values,
// fresh and resuming, before the folder is touched (no manifest written),
// and where it leads is untouched.
func TestPlantedTailValues(t *testing.T) {
	config := writeConfig(t, "games: [g]\nplots: []\nformats: [csv]\noctal:\n  g: {code: \"0.167\", max: 20000, tail: true, start: 16384, values: [100, 199]}\n")
	ran := filepath.Join(t.TempDir(), "ran")
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", ran, "-q"); code != 0 {
		t.Fatalf("setup run: exit %d: %s", code, stderr)
	}
	for _, resume := range []bool{false, true} {
		for _, pl := range writePlants {
			name := "fresh/" + pl.name
			if resume {
				name = "resuming/" + pl.name
			}
			t.Run(name, func(t *testing.T) {
				out := filepath.Join(t.TempDir(), "out")
				if resume {
					if err := os.CopyFS(out, os.DirFS(ran)); err != nil {
						t.Fatal(err)
					}
				} else if err := os.MkdirAll(filepath.Join(out, "g"), 0o755); err != nil {
					t.Fatal(err)
				}
				manifest, _ := os.ReadFile(filepath.Join(out, "manifest.json"))
				check := pl.replace(t, filepath.Join(out, "g", "tail.values"))
				code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "-q")
				wantWriteRefused(t, code, stderr, "tail.values")
				check(t)
				if after, _ := os.ReadFile(filepath.Join(out, "manifest.json")); string(after) != string(manifest) {
					t.Errorf("the refused run changed the manifest")
				}
			})
		}
	}
}
