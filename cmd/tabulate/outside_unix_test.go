//go:build unix

package main

// Nothing outside OUT (issue 27 item 2): a symbolic link, a FIFO or a link
// to /dev/zero planted at each path a command opens under OUT (the lock,
// a shard folder, shard.json and the files it lists, a census journal
// record, the manifest, a table read by solve --from) is refused with exit
// status 2 and a message naming the path, and where a link leads is left
// exactly as it was: a sentinel file keeps its bytes, a dangling link's
// target is not created. The checks here read the disk with the standard
// library alone.

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// plant is one hostile thing put at a path under OUT.
type plant struct {
	name string
	// put makes it at p and returns a check that where it leads is
	// untouched.
	put func(t *testing.T, p string) func(t *testing.T)
}

const sentinelText = "sentinel: nothing may change me\n"

var plants = []plant{
	{"link to a file outside OUT", func(t *testing.T, p string) func(t *testing.T) {
		target := filepath.Join(t.TempDir(), "sentinel")
		if err := os.WriteFile(target, []byte(sentinelText), 0o644); err != nil {
			t.Fatal(err)
		}
		mustSymlink(t, target, p)
		return func(t *testing.T) {
			if data, err := os.ReadFile(target); err != nil || string(data) != sentinelText {
				t.Errorf("the link's target was changed: %q, %v", data, err)
			}
			if entries, _ := os.ReadDir(filepath.Dir(target)); len(entries) != 1 {
				t.Errorf("files appeared beside the link's target: %v", entries)
			}
		}
	}},
	{"dangling link", func(t *testing.T, p string) func(t *testing.T) {
		target := filepath.Join(t.TempDir(), "absent")
		mustSymlink(t, target, p)
		return func(t *testing.T) {
			if _, err := os.Lstat(target); !os.IsNotExist(err) {
				t.Errorf("the dangling link's target %s was created (%v)", target, err)
			}
		}
	}},
	{"FIFO", func(t *testing.T, p string) func(t *testing.T) {
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skip("no FIFO here:", err)
		}
		return func(t *testing.T) {}
	}},
	{"link to /dev/zero", func(t *testing.T, p string) func(t *testing.T) {
		mustSymlink(t, "/dev/zero", p)
		return func(t *testing.T) {}
	}},
}

func mustSymlink(t *testing.T, target, p string) {
	t.Helper()
	os.Remove(p)
	if err := os.Symlink(target, p); err != nil {
		t.Skip("cannot make a symbolic link here:", err)
	}
}

// replace removes what is at p and plants pl there.
func (pl plant) replace(t *testing.T, p string) func(t *testing.T) {
	t.Helper()
	if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return pl.put(t, p)
}

// wantRefused checks exit status 2 and a message naming what.
func wantRefused(t *testing.T, code int, stderr, what string) {
	t.Helper()
	if code != 2 {
		t.Errorf("exit status %d, want 2; stderr: %s", code, stderr)
	}
	if !strings.Contains(stderr, what) {
		t.Errorf("the message does not name %s: %s", what, stderr)
	}
	if !strings.Contains(stderr, "symbolic link") && !strings.Contains(stderr, "not a regular file") {
		t.Errorf("the message does not say what is wrong (a symbolic link, not a regular file): %s", stderr)
	}
}

// TestPlantedLock: a link, a FIFO or /dev/zero at OUT/.tabulate.lock is
// refused by run, plot, census and merge; the link's target is untouched
// (a dangling link's target not created).
func TestPlantedLock(t *testing.T) {
	config := writeConfig(t, outsideConfig)
	census := writeConfig(t, outsideCensus)
	// A finished run (for plot) and finished shards (for merge), copied
	// for each case.
	ran := filepath.Join(t.TempDir(), "ran")
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", ran, "-q"); code != 0 {
		t.Fatalf("setup run: exit %d: %s", code, stderr)
	}
	sharded := filepath.Join(t.TempDir(), "sharded")
	for _, k := range []string{"0/2", "1/2"} {
		if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", sharded, "--shard", k, "-q"); code != 0 {
			t.Fatalf("setup shard %s: exit %d: %s", k, code, stderr)
		}
	}
	commands := []struct {
		name string
		from string // the folder copied to OUT first, or ""
		args func(out string) []string
	}{
		{"run", "", func(out string) []string { return []string{"run", "--config", config, "--out", out, "-q"} }},
		{"census", "", func(out string) []string { return []string{"census", "--config", census, "--out", out, "-q"} }},
		{"plot", ran, func(out string) []string { return []string{"plot", out, "-q"} }},
		{"merge", sharded, func(out string) []string { return []string{"merge", "-q", out} }},
	}
	for _, c := range commands {
		for _, pl := range plants {
			t.Run(c.name+"/"+pl.name, func(t *testing.T) {
				out := filepath.Join(t.TempDir(), "out")
				if c.from != "" {
					if err := os.CopyFS(out, os.DirFS(c.from)); err != nil {
						t.Fatal(err)
					}
				} else if err := os.Mkdir(out, 0o755); err != nil {
					t.Fatal(err)
				}
				check := pl.put(t, filepath.Join(out, ".tabulate.lock"))
				code, _, stderr := runTabulate(t, c.args(out)...)
				wantRefused(t, code, stderr, ".tabulate.lock")
				check(t)
			})
		}
	}
}

// TestPlantedShardFolder: OUT/shards/K-of-N as a link to another folder is
// refused by run --shard, and nothing in that folder is removed or
// replaced.
func TestPlantedShardFolder(t *testing.T) {
	config := writeConfig(t, outsideConfig)
	victim := t.TempDir()
	files := map[string]string{"shard.json": `{"status": "complete"}`, "manifest.json": "{}", "nim/positions.csv": "n\n1\n"}
	for rel, text := range files {
		p := filepath.Join(victim, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "out")
	if err := os.MkdirAll(filepath.Join(out, "shards"), 0o755); err != nil {
		t.Fatal(err)
	}
	mustSymlink(t, victim, filepath.Join(out, "shards", "0-of-2"))
	code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "--shard", "0/2", "-q")
	if code != 2 || !strings.Contains(stderr, "0-of-2") || !strings.Contains(stderr, "symbolic link") {
		t.Errorf("exit %d, stderr %q; want 2 and a message naming the linked shard folder", code, stderr)
	}
	var got int
	filepath.WalkDir(victim, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			got++
		}
		return nil
	})
	if got != len(files) {
		t.Errorf("the linked folder holds %d files, want the %d it had", got, len(files))
	}
	for rel, text := range files {
		if data, err := os.ReadFile(filepath.Join(victim, filepath.FromSlash(rel))); err != nil || string(data) != text {
			t.Errorf("%s in the linked folder: %q, %v; want it untouched", rel, data, err)
		}
	}
}

// TestPlantedShardFiles: shard.json, and a file it lists, replaced by each
// plant: merge exits 2 naming it and writes nothing into OUT.
func TestPlantedShardFiles(t *testing.T) {
	config := writeConfig(t, outsideConfig)
	sharded := filepath.Join(t.TempDir(), "sharded")
	for _, k := range []string{"0/2", "1/2"} {
		if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", sharded, "--shard", k, "-q"); code != 0 {
			t.Fatalf("setup shard %s: exit %d: %s", k, code, stderr)
		}
	}
	rec, err := readShardRecord(filepath.Join(sharded, "shards", "1-of-2", "shard.json"))
	if err != nil || len(rec.Files) == 0 {
		t.Fatalf("setup: %v", err)
	}
	entry := ""
	for _, f := range rec.Files {
		if strings.HasSuffix(f.Path, ".csv") {
			entry = f.Path
		}
	}
	for _, rel := range []string{"shards/1-of-2/shard.json", "shards/1-of-2/" + entry, "shards/0-of-2/manifest.json"} {
		for _, pl := range plants {
			t.Run(rel+"/"+pl.name, func(t *testing.T) {
				out := filepath.Join(t.TempDir(), "out")
				if err := os.CopyFS(out, os.DirFS(sharded)); err != nil {
					t.Fatal(err)
				}
				check := pl.replace(t, filepath.Join(out, filepath.FromSlash(rel)))
				code, _, stderr := runTabulate(t, "merge", "-q", out)
				wantRefused(t, code, stderr, filepath.Base(rel))
				check(t)
				entries, _ := os.ReadDir(out)
				if len(entries) != 1 || entries[0].Name() != "shards" {
					t.Errorf("merge wrote into OUT: %v", entries)
				}
			})
		}
	}
}

// TestPlantedJournalRecord: a census journal record replaced by each plant
// is refused by the next census, exit 2, naming it.
func TestPlantedJournalRecord(t *testing.T) {
	census := writeConfig(t, outsideCensus)
	done := filepath.Join(t.TempDir(), "done")
	if code, _, stderr := runTabulate(t, "census", "--config", census, "--out", done, "-q"); code != 0 {
		t.Fatalf("setup census: exit %d: %s", code, stderr)
	}
	records, _ := filepath.Glob(filepath.Join(done, ".census", "*", "*.json"))
	var record string
	for _, r := range records {
		if filepath.Base(r) != "config.json" {
			record = r
		}
	}
	if record == "" {
		t.Fatalf("setup: no journal record in %v", records)
	}
	rel, _ := filepath.Rel(done, record)
	for _, pl := range plants {
		t.Run(pl.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			if err := os.CopyFS(out, os.DirFS(done)); err != nil {
				t.Fatal(err)
			}
			check := pl.replace(t, filepath.Join(out, rel))
			code, _, stderr := runTabulate(t, "census", "--config", census, "--out", out, "-q")
			wantRefused(t, code, stderr, filepath.Base(record))
			check(t)
		})
	}
}

// TestPlantedManifestAndTable: the manifest replaced by each plant is
// refused by run and by solve --from; a table replaced by each plant is
// refused by solve --from.
func TestPlantedManifestAndTable(t *testing.T) {
	config := writeConfig(t, outsideConfig)
	ran := filepath.Join(t.TempDir(), "ran")
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", ran, "-q"); code != 0 {
		t.Fatalf("setup run: exit %d: %s", code, stderr)
	}
	cases := []struct {
		rel  string
		args func(out string) []string
	}{
		{"manifest.json", func(out string) []string { return []string{"run", "--config", config, "--out", out, "-q"} }},
		{"manifest.json", func(out string) []string { return []string{"solve", "--from", out, "squares", "10"} }},
		{"squares/grundy.parquet", func(out string) []string { return []string{"solve", "--from", out, "squares", "10"} }},
	}
	for _, c := range cases {
		for _, pl := range plants {
			if c.rel == "manifest.json" && pl.name == "dangling link" {
				continue // no manifest at all: a new run, or "not a run's folder"
			}
			t.Run(c.args("OUT")[0]+"/"+c.rel+"/"+pl.name, func(t *testing.T) {
				out := filepath.Join(t.TempDir(), "out")
				if err := os.CopyFS(out, os.DirFS(ran)); err != nil {
					t.Fatal(err)
				}
				check := pl.replace(t, filepath.Join(out, filepath.FromSlash(c.rel)))
				code, _, stderr := runTabulate(t, c.args(out)...)
				wantRefused(t, code, stderr, filepath.Base(c.rel))
				check(t)
			})
		}
	}
}
