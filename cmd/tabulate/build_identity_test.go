package main

// A shard's build identity is more than its version (issue 27 item 4): two
// builds that both say "devel" differ in the sha256 of their binaries,
// which every run and shard records, and merge refuses shards of two
// builds, or shards of another build than its own, with exit status 2 and
// nothing written. The sha256 expected is the test's own hashing of the
// binary (ownSHA256), not buildinfo's.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/internal/longtest"
	"github.com/tabulate-games/tabulate/shard"
)

// TestBuildIdentityRecorded: the shards' records and manifests, and a
// run's manifest, hold the sha256 of the binary that ran them.
func TestBuildIdentityRecorded(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skipf("no path to this binary: %v", err)
	}
	_, want, err := ownSHA256(exe)
	if err != nil {
		t.Fatal(err)
	}
	config := writeConfig(t, outsideConfig)
	out := makeShards(t, config)
	for _, k := range []string{"0-of-2", "1-of-2"} {
		rec, err := readShardRecord(filepath.Join(out, "shards", k, shard.RecordName))
		if err != nil {
			t.Fatal(err)
		}
		if rec.BinarySHA256 != want {
			t.Errorf("shard %s records binary sha256 %q, want %s", k, rec.BinarySHA256, want)
		}
		m, err := readManifestJSON(filepath.Join(out, "shards", k))
		if err != nil {
			t.Fatal(err)
		}
		if m.Run == nil || m.Run.Binary != want {
			t.Errorf("shard %s's manifest run %+v; want binary_sha256 %s", k, m.Run, want)
		}
	}
	if code, _, stderr := runTabulate(t, "merge", "-q", out); code != 0 {
		t.Fatalf("merge of one build's shards: exit %d: %s", code, stderr)
	}
}

// TestMergeRefusesOtherBuild edits the identity the shards record: one
// shard of another build, then both of a build other than the merging
// binary. Each merge exits 2, names the builds and writes nothing.
func TestMergeRefusesOtherBuild(t *testing.T) {
	config := writeConfig(t, outsideConfig)
	base := makeShards(t, config)
	other := strings.Repeat("5e", 32)
	for _, tc := range []struct {
		name   string
		shards []string
		want   string
	}{
		{"one shard of another build", []string{"1-of-2"}, "shard 1/2 was made by another build of tabulate"},
		{"every shard of another build than this one", []string{"0-of-2", "1-of-2"}, "the shards were made by another build of tabulate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			if err := os.CopyFS(out, os.DirFS(base)); err != nil {
				t.Fatal(err)
			}
			for _, k := range tc.shards {
				dir := filepath.Join(out, "shards", k)
				rec, err := readShardRecord(filepath.Join(dir, shard.RecordName))
				if err != nil {
					t.Fatal(err)
				}
				rec.BinarySHA256 = other
				if err := shard.WriteRecord(dir, rec); err != nil {
					t.Fatal(err)
				}
			}
			code, stdout, stderr := runTabulate(t, "merge", "-q", out)
			if code != 2 || stdout != "" || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "5e5e5e5e5e5e") || !strings.Contains(stderr, "nothing was written") {
				t.Errorf("exit %d, stderr %q; want 2, %q, the other sha256 and nothing written", code, stderr, tc.want)
			}
			if entries, _ := os.ReadDir(out); len(entries) != 1 {
				t.Errorf("merge wrote into OUT: %v", entries)
			}
		})
	}
}

// TestMergeTwoBinaries runs the shards with two real builds of the same
// source that both say the same version (the second linked with -s, so
// its bytes differ): merge refuses them; the shard run again with the
// first build, the merge succeeds.
func TestMergeTwoBinaries(t *testing.T) {
	longtest.Skip(t, "links a second tabulate binary")
	bin := tabulateBinary(t)
	bin2 := filepath.Join(t.TempDir(), "tabulate-stripped")
	if msg, err := exec.Command("go", "build", "-ldflags=-s", "-o", bin2, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -ldflags=-s: %v\n%s", err, msg)
	}
	v1, _ := exec.Command(bin, "version").Output()
	v2, _ := exec.Command(bin2, "version").Output()
	if string(v1) != string(v2) {
		t.Fatalf("setup: the two builds say %q and %q; want one version", v1, v2)
	}
	config := writeConfig(t, outsideConfig)
	out := filepath.Join(t.TempDir(), "out")
	for _, s := range []struct{ bin, k string }{{bin, "0/2"}, {bin2, "1/2"}} {
		if msg, err := exec.Command(s.bin, "run", "--config", config, "--out", out, "--shard", s.k, "-q").CombinedOutput(); err != nil {
			t.Fatalf("shard %s: %v: %s", s.k, err, msg)
		}
	}
	cmd := exec.Command(bin, "merge", "-q", out)
	msg, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 2 || !strings.Contains(string(msg), "shard 1/2 was made by another build") {
		t.Fatalf("merge of two builds' shards: %v: %s; want exit 2 naming shard 1/2", err, msg)
	}
	if _, err := os.Stat(filepath.Join(out, "manifest.json")); err == nil {
		t.Error("a refused merge wrote OUT/manifest.json")
	}
	if msg, err := exec.Command(bin, "run", "--config", config, "--out", out, "--shard", "1/2", "-q").CombinedOutput(); err != nil {
		t.Fatalf("shard 1/2 again: %v: %s", err, msg)
	}
	if msg, err := exec.Command(bin, "merge", "-q", out).CombinedOutput(); err != nil {
		t.Fatalf("merge of one build's shards: %v: %s", err, msg)
	}
}
