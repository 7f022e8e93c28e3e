package merge

// Guards of tabulate merge (run by scripts/mutants, see docs/mutants.md):
// shards are merged only when they are the shards of one run (one version,
// one configuration, each folder the shard it says), each finished, each
// file as the shard recorded it, and together doing each job exactly once;
// a copy is put in place only with the sha256 it should have. The shard
// folders are written by hand here (checksums with crypto/sha256), so these
// tests run in well under a second, where TestMergeRefuses (cmd/tabulate)
// runs the shards.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/shard"
)

// guardShard writes OUT/shards/K-of-N with one file, nim/positions.csv
// holding content, and its shard.json (a complete shard of version v-test);
// edit may change the record before it is written.
func guardShard(t *testing.T, out string, k, n int, content string, edit func(*shard.Record)) {
	t.Helper()
	dir := filepath.Join(out, "shards", fmt.Sprintf("%d-of-%d", k, n))
	if err := os.MkdirAll(filepath.Join(dir, "nim"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "nim", "positions.csv"), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(content))
	rec := shard.Record{Tool: "tabulate", Version: "v-test", Shard: fmt.Sprintf("%d/%d", k, n), Index: k, Count: n,
		Status: output.StatusComplete, ConfigSHA256: strings.Repeat("ab", 32), BinarySHA256: strings.Repeat("ab", 32),
		Files: []shard.File{{Path: "nim/positions.csv", Bytes: int64(len(content)), SHA256: hex.EncodeToString(sum[:])}}}
	if edit != nil {
		edit(&rec)
	}
	data, err := json.Marshal(&rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, shard.RecordName), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMergeShardsGuard: two good shards pass checkShards; each spoilt in
// one way, the check refuses them with a message naming the fault.
func TestMergeShardsGuard(t *testing.T) {
	tests := []struct {
		name  string
		spoil func(t *testing.T, out string) // writes shard 1/2
		want  string
	}{
		{"good", func(t *testing.T, out string) { guardShard(t, out, 1, 2, "n,win\n1,true\n", nil) }, ""},
		{"other version", func(t *testing.T, out string) {
			guardShard(t, out, 1, 2, "n,win\n1,true\n", func(r *shard.Record) { r.Version = "v-other" })
		}, "shard 1/2 was made by tabulate v-other, shard 0/2 by v-test"},
		{"other build, same version", func(t *testing.T, out string) {
			guardShard(t, out, 1, 2, "n,win\n1,true\n", func(r *shard.Record) { r.BinarySHA256 = strings.Repeat("cd", 32) })
		}, "shard 1/2 was made by another build of tabulate v-test than shard 0/2 (binary sha256 cdcdcdcdcdcd..., not abababababab...)"},
		{"other configuration", func(t *testing.T, out string) {
			guardShard(t, out, 1, 2, "n,win\n1,true\n", func(r *shard.Record) { r.ConfigSHA256 = strings.Repeat("cd", 32) })
		}, "shard 1/2 was made from another configuration"},
		{"record of another shard", func(t *testing.T, out string) {
			guardShard(t, out, 1, 2, "n,win\n1,true\n", func(r *shard.Record) { r.Index = 0 })
		}, "says it is shard 0/2"},
		{"record of another split", func(t *testing.T, out string) {
			guardShard(t, out, 1, 2, "n,win\n1,true\n", func(r *shard.Record) { r.Count = 3 })
		}, "says it is shard 1/3"},
		{"failed", func(t *testing.T, out string) {
			guardShard(t, out, 1, 2, "n,win\n1,true\n", func(r *shard.Record) { r.Status = output.StatusFailed })
		}, `shard 1/2 failed (status "failed"`},
		{"file changed, same size", func(t *testing.T, out string) {
			guardShard(t, out, 1, 2, "n,win\n1,true\n", nil)
			p := filepath.Join(out, "shards", "1-of-2", "nim", "positions.csv")
			if err := os.WriteFile(p, []byte("n,win\n1,trUe\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "shard 1/2: file nim/positions.csv does not match its sha256"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			guardShard(t, out, 0, 2, "n,win\n0,false\n", nil)
			tt.spoil(t, out)
			shards, err := checkShards(out)
			if tt.want == "" {
				if err != nil || len(shards) != 2 {
					t.Fatalf("good shards: got %d shards, %v; want 2 and no error", len(shards), err)
				}
				return
			}
			var re *RefusedError
			if !errors.As(err, &re) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v; want a *RefusedError containing %q", err, tt.want)
			}
		})
	}
}

// TestMergeCoverageGuard: the jobs of the plan, done once each between the
// shards, pass checkCoverage; a job done twice, a job not done and a job
// not in the plan are each refused.
func TestMergeCoverageGuard(t *testing.T) {
	cfg, err := configs.Load("guard.yaml", []byte("games: [nim, kayles]\nnim: {max_piles: 2, max_pile: 3}\noctal: {kayles: {code: \"0.77\", max: 100}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	var plan []string // the plan's jobs, game/table
	for _, g := range cfg.Selected() {
		for _, j := range g.Jobs(1) {
			plan = append(plan, g.Name+"/"+j.Table)
		}
	}
	if len(plan) < 2 {
		t.Fatalf("setup: the plan has %d jobs (%v); want at least 2", len(plan), plan)
	}
	shards := func(a, b []string) []shardDir {
		return []shardDir{{rec: &shard.Record{Jobs: a}}, {rec: &shard.Record{Jobs: b}}}
	}
	first, rest := plan[:1], plan[1:]
	tests := []struct {
		name   string
		shards []shardDir
		want   string
	}{
		{"each job once", shards(first, rest), ""},
		{"a job twice", shards(plan, rest), "job " + rest[0] + " done by 2 shards"},
		{"a job not done", shards(nil, rest), "job " + first[0] + " done by 0 shards"},
		{"a job not in the plan", shards(append([]string{"nim/extra"}, first...), rest), "job nim/extra is not in the configuration"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkCoverage(cfg, tt.shards)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("got %v, want no error", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestMergeCopyGuard: copyChecked puts a file in place when its sha256 is
// the one wanted, and not otherwise.
func TestMergeCopyGuard(t *testing.T) {
	out := t.TempDir()
	if err := os.Mkdir(filepath.Join(out, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(out, "src", "positions.csv")
	content := []byte("n,win\n0,false\n")
	if err := os.WriteFile(src, content, 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(content)
	good := hex.EncodeToString(sum[:])
	bad := hex.EncodeToString(make([]byte, 32))

	temps := &output.Temps{}
	if err := copyChecked(context.Background(), temps, out, "src/positions.csv", "nim/positions.csv", bad); err == nil {
		t.Error("copy with the wrong sha256: got no error")
	}
	if _, err := os.Stat(filepath.Join(out, "nim", "positions.csv")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("copy with the wrong sha256 left nim/positions.csv in place (%v)", err)
	}
	if err := copyChecked(context.Background(), temps, out, "src/positions.csv", "nim/positions.csv", good); err != nil {
		t.Fatalf("copy with the right sha256: %v", err)
	}
	if got, err := os.ReadFile(filepath.Join(out, "nim", "positions.csv")); err != nil || string(got) != string(content) {
		t.Errorf("copy with the right sha256: got %q, %v; want %q", got, err, content)
	}
}
