package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/internal/longtest"
	"github.com/tabulate-games/tabulate/internal/parquettest"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/pipeline"
	"github.com/tabulate-games/tabulate/report"
	"github.com/tabulate-games/tabulate/shard"
)

// shardConfig is several games, built-in and defined by rules, and a small
// census (30 games), a few seconds in all.
const shardConfig = `
formats: [parquet, csv]
plots: [png, svg]
games: [squares, flip, caniwin, nim, kayles, s134]
octal: { kayles: { code: "0.77", max: 5000 } }
subtraction: { s134: { set: [1, 3, 4], max: 5000 } }
squares: { grundy_max: 3000, win_max: 3000 }
flip: { run_max: 100, position_max: 16, count_max: 20, board_max: 8 }
caniwin: { max_choosable: 8, max_total: 40 }
nim: { max_piles: 3, max_pile: 4 }
census:
  octal: { digits: 1, prefixes: ["0", "4"], max: 4096 }
  subtraction: { max_element: 4, max: 2000 }
`

// TestShardSplit checks that for every number of shards each job of the plan
// and each game of the census is computed by exactly one shard, the plan
// cut by pipeline.Plan.Shard as tabulate run --shard cuts it.
func TestShardSplit(t *testing.T) {
	cfg, err := configs.Load("shard.yaml", []byte(shardConfig))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := pipeline.NewPlan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	games, err := census.Games(cfg.Census)
	if err != nil {
		t.Fatal(err)
	}
	// The census of digits 1 with prefixes 0 and 4 is 0.1 .. 0.7 and
	// 4.0 .. 4.7 (15 codes); the subsets of {1..4} are 2^4-1 = 15.
	if len(games) != 30 {
		t.Fatalf("census has %d games, want 15 + 15", len(games))
	}
	// The split must not depend on the node: a plan built for another
	// number of workers (CPUs) splits the same way.
	cfg8 := cfg
	cfg8.Workers = 8
	for k := range 3 {
		s := shard.Spec{Index: k, Count: 3}
		aJobs, aGames := shardPlan(t, cfg, s)
		bJobs, bGames := shardPlan(t, cfg8, s)
		if !slices.Equal(aJobs, bJobs) || !slices.Equal(aGames, bGames) {
			t.Errorf("shard %v: jobs %v and games %v with %d workers, %v and %v with 8", s, aJobs, aGames, cfg.Workers, bJobs, bGames)
		}
	}
	for n := 1; n <= 7; n++ {
		jobs := map[string]int{}
		inCensus := map[string]int{}
		shardOf := map[string]int{}
		for k := range n {
			mineJobs, mineGames := shardPlan(t, cfg, shard.Spec{Index: k, Count: n})
			for _, j := range mineJobs {
				jobs[j]++
			}
			for _, g := range mineGames {
				inCensus[g]++
				shardOf[g] = k
			}
		}
		for _, j := range plan.Jobs {
			if c := jobs[j.Game+"/"+j.Table]; c != 1 {
				t.Errorf("%d shards: job %s/%s in %d shards, want 1", n, j.Game, j.Table, c)
			}
		}
		if len(jobs) != len(plan.Jobs) {
			t.Errorf("%d shards: %d jobs, want %d", n, len(jobs), len(plan.Jobs))
		}
		for _, g := range games {
			if c := inCensus[g.Family+"/"+g.Name()]; c != 1 {
				t.Errorf("%d shards: census game %s/%s in %d shards, want 1", n, g.Family, g.Name(), c)
			}
		}
		if len(inCensus) != len(games) {
			t.Errorf("%d shards: %d census games, want %d", n, len(inCensus), len(games))
		}
		// The games computed with one engine run (a group) go to one shard.
		for _, gr := range census.Groups(games) {
			for _, g := range gr[1:] {
				if a, b := shardOf[g.Family+"/"+g.Name()], shardOf[gr[0].Family+"/"+gr[0].Name()]; a != b {
					t.Errorf("%d shards: %s in shard %d, %s of its group in shard %d", n, g.Name(), a, gr[0].Name(), b)
				}
			}
		}
	}
	if groups := census.Groups(games); len(groups) == len(games) {
		t.Errorf("the census of the test has no group of codes computed together (%d groups, %d games): the split of groups is not tested", len(groups), len(games))
	}
}

// shardPlan returns the jobs of the run's tables (GAME/TABLE) and the
// census games (family/name) of shard s of cfg's plan, cut as tabulate run
// --shard cuts it.
func shardPlan(t *testing.T, cfg configs.Config, s shard.Spec) (jobs, games []string) {
	t.Helper()
	plan, err := pipeline.NewPlan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cen, err := plan.AddCensus(context.Background(), census.Options{})
	if err != nil {
		t.Fatal(err)
	}
	plan.Shard(s.Index, s.Count)
	for _, j := range plan.Jobs {
		if j.Game != "census" {
			jobs = append(jobs, j.Game+"/"+j.Table)
		}
	}
	return jobs, cen.Games()
}

// runShards runs shards 0..n-1 of config into out, in process.
func runShards(t *testing.T, config, out string, n int) {
	t.Helper()
	for k := range n {
		if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "--shard", fmt.Sprintf("%d/%d", k, n), "-q"); code != 0 {
			t.Fatalf("shard %d/%d: exit %d: %s", k, n, code, stderr)
		}
	}
}

// outputFiles lists the files of a run's folder by relative path: tables,
// figures and manifest, not the shards, the census journal or the lock.
func outputFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() && (rel == "shards" || rel == ".census") {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() && d.Name() != output.LockName {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func fileSum(t *testing.T, p string) string {
	t.Helper()
	_, sum, err := output.FileSHA256(p)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// isCensusTimings reports whether rel is a census timings table
// (census/octal_timings, census/subtraction_timings): the time each game
// took, by nature per run (two one-process runs differ there too). Every
// other census table must be byte for byte the same.
func isCensusTimings(rel string) bool {
	base := strings.TrimSuffix(strings.TrimSuffix(rel, ".csv"), ".parquet")
	return strings.HasPrefix(rel, "census/") && strings.HasSuffix(base, "_timings") && base != rel
}

// TestShardMergeMatchesOneRun runs a config of several games and a census as
// one process and as 3 shards merged, and compares what they wrote: every
// table and figure by sha256, the census tables included; the census timings
// tables in every column but seconds, start, end and worker; the manifest in everything but
// config.out (the folder) and the sha256 and size of the timings tables.
func TestShardMergeMatchesOneRun(t *testing.T) {
	longtest.Skip(t, "a run with a census as one process and as 3 shards")
	if testing.Short() {
		t.Skip("-short: about 20 runs of a small config (4 minutes under -race on a loaded machine); the plain go test runs it")
	}
	config := writeConfig(t, shardConfig)
	dir := t.TempDir()
	single, merged := filepath.Join(dir, "single"), filepath.Join(dir, "merged")
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", single, "-q"); code != 0 {
		t.Fatalf("one run: exit %d: %s", code, stderr)
	}
	runShards(t, config, merged, 3)
	for k := range 3 {
		rec, err := readShardRecord(filepath.Join(merged, "shards", fmt.Sprintf("%d-of-3", k), shard.RecordName))
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Jobs) == 0 || len(rec.CensusGames) == 0 {
			t.Errorf("shard %d/3 ran %d jobs and %d census games; the split should give each some of both", k, len(rec.Jobs), len(rec.CensusGames))
		}
	}
	if code, _, stderr := runTabulate(t, "merge", "-q", merged); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	want, got := outputFiles(t, single), outputFiles(t, merged)
	if !slices.Equal(got, want) {
		t.Fatalf("merged files\n%v\nwant those of one run\n%v", got, want)
	}
	for _, rel := range want {
		a, b := filepath.Join(single, rel), filepath.Join(merged, rel)
		switch {
		case rel == output.ManifestName:
			compareManifests(t, a, b)
		case rel == report.FileName:
			// Both runs wrote their report; it holds each run's dates
			// and command line, so its bytes differ by design.
		case isCensusTimings(rel) && strings.HasSuffix(rel, ".csv"):
			compareCSVBut(t, a, b, timingColumns...)
		case isCensusTimings(rel):
			compareParquetBut(t, a, b, timingColumns...)
		default:
			if fileSum(t, a) != fileSum(t, b) {
				t.Errorf("%s: merged sha256 %s, one run %s", rel, fileSum(t, b), fileSum(t, a))
			}
		}
	}

	// A shard run twice gives the same bytes: again in its folder (the
	// census records come from its journal), shard.json and so every file
	// it lists are the same; in its folder emptied first, every file but
	// the census records (which hold the measured seconds) is the same.
	shard1 := filepath.Join(merged, "shards", "1-of-3", shard.RecordName)
	before, _ := os.ReadFile(shard1)
	runShards1 := func(out string) {
		if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "--shard", "1/3", "-q"); code != 0 {
			t.Fatalf("shard 1/3 again: exit %d: %s", code, stderr)
		}
	}
	runShards1(merged)
	// Every file the same but the manifest, whose provenance (times,
	// command, seconds) differs between any two runs by design.
	withoutManifest := func(data []byte) string {
		var rec shard.Record
		if err := json.Unmarshal(data, &rec); err != nil {
			t.Fatal(err)
		}
		for i, f := range rec.Files {
			if f.Path == output.ManifestName {
				rec.Files[i].SHA256, rec.Files[i].Bytes = "", 0
			}
		}
		out, _ := json.Marshal(rec)
		return string(out)
	}
	if after, _ := os.ReadFile(shard1); withoutManifest(after) != withoutManifest(before) {
		t.Errorf("shard 1/3 run again in its folder: %s changed", shard.RecordName)
	}
	recA, _ := readShardRecord(shard1)
	if err := os.RemoveAll(filepath.Dir(shard1)); err != nil {
		t.Fatal(err)
	}
	runShards1(merged)
	recB, err := readShardRecord(shard1)
	if err != nil {
		t.Fatal(err)
	}
	sums := map[string]string{}
	for _, f := range recA.Files {
		sums[f.Path] = f.SHA256
	}
	for _, f := range recB.Files {
		if strings.HasPrefix(f.Path, ".census/") && !strings.HasSuffix(f.Path, "/config.json") || f.Path == output.ManifestName {
			continue
		}
		if sums[f.Path] != f.SHA256 {
			t.Errorf("shard 1/3 run again from scratch: %s differs", f.Path)
		}
	}
}

// timingColumns are the columns of a census timings table that differ
// between two runs by nature: the seconds a game took, and when and on
// which worker its engine run ran.
var timingColumns = []string{"seconds", "start", "end", "worker"}

// compareCSVBut compares two CSV files but for the given columns.
func compareCSVBut(t *testing.T, a, b string, columns ...string) {
	t.Helper()
	read := func(p string) [][]string {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rows, err := csv.NewReader(f).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) < 2 {
			t.Fatalf("%s: %d rows", p, len(rows))
		}
		for _, column := range columns {
			i := slices.Index(rows[0], column)
			if i < 0 {
				t.Fatalf("%s: no column %s", p, column)
			}
			for r := range rows {
				rows[r] = slices.Delete(rows[r], i, i+1)
			}
		}
		return rows
	}
	if ra, rb := read(a), read(b); !reflect.DeepEqual(ra, rb) {
		t.Errorf("%s and %s differ beyond the columns %v", a, b, columns)
	}
}

// compareParquetBut compares two Parquet files but for the given columns.
func compareParquetBut(t *testing.T, a, b string, columns ...string) {
	t.Helper()
	ta, err := parquettest.Read(a)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := parquettest.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ta.Names, tb.Names) || ta.Rows != tb.Rows || ta.Rows == 0 || !reflect.DeepEqual(ta.Metadata, tb.Metadata) {
		t.Fatalf("%s and %s: columns %v, %v; rows %d, %d; or metadata differ", a, b, ta.Names, tb.Names, ta.Rows, tb.Rows)
	}
	for i, name := range ta.Names {
		if !slices.Contains(columns, name) && !reflect.DeepEqual(ta.Columns[i], tb.Columns[i]) {
			t.Errorf("%s and %s: column %s differs", a, b, name)
		}
	}
}

// compareManifests compares two manifests but for the fields that are per
// run by nature: config.out, and the sha256 and bytes of the census timings
// tables.
func compareManifests(t *testing.T, a, b string) { compareManifestsGames(t, a, b, 7) }

// compareManifestsGames is compareManifests for manifests of games entries
// (the census counts as one).
func compareManifestsGames(t *testing.T, a, b string, games int) {
	t.Helper()
	read := func(p string) map[string]any {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		m["config"].(map[string]any)["out"] = ""
		// Provenance (when and how each run was made, how long each file
		// took) differs between any two runs by design.
		delete(m, "run")
		// So does the report page listed under "report" (it shows the
		// run's dates).
		delete(m, "report")
		for _, g := range m["games"].(map[string]any) {
			delete(g.(map[string]any), "run")
		}
		for _, f := range m["files"].([]any) {
			f := f.(map[string]any)
			delete(f, "seconds")
			if isCensusTimings(f["path"].(string)) {
				f["sha256"], f["bytes"] = "", 0
			}
		}
		return m
	}
	ma, mb := read(a), read(b)
	if !reflect.DeepEqual(ma, mb) {
		ja, _ := json.MarshalIndent(ma, "", " ")
		jb, _ := json.MarshalIndent(mb, "", " ")
		t.Errorf("manifests differ beyond config.out and the census timings tables' checksums:\none run:\n%s\nmerged:\n%s", ja, jb)
	}
	if got := ma["games"].(map[string]any); len(got) != games {
		t.Errorf("manifest holds %d games, want %d", len(got), games)
	}
}

// copyTree copies the folder src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
}

// TestMergeRefuses checks that a merge with a shard missing, failed, made
// from another configuration or with a changed file names the shard, exits 2
// and writes nothing.
func TestMergeRefuses(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: about 20 runs of a small config (4 minutes under -race on a loaded machine); the plain go test runs it")
	}
	config := writeConfig(t, shardConfig)
	base := filepath.Join(t.TempDir(), "base")
	runShards(t, config, base, 3)
	other := writeConfig(t, strings.Replace(shardConfig, "grundy_max: 3000", "grundy_max: 2999", 1))
	tests := []struct {
		name  string
		spoil func(t *testing.T, out string)
		want  string
	}{
		{"missing", func(t *testing.T, out string) {
			os.RemoveAll(filepath.Join(out, "shards", "1-of-3"))
		}, "shard 1/3 is missing"},
		{"failed", func(t *testing.T, out string) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			Run(ctx, []string{"run", "--config", config, "--out", out, "--shard", "1/3", "-q"}, new(strings.Builder), new(strings.Builder))
		}, "shard 1/3 interrupted"},
		{"unfinished", func(t *testing.T, out string) {
			os.Remove(filepath.Join(out, "shards", "2-of-3", shard.RecordName))
		}, "shard 2/3 did not finish"},
		{"changed config", func(t *testing.T, out string) {
			if code, _, stderr := runTabulate(t, "run", "--config", other, "--out", out, "--shard", "2/3", "-q"); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
		}, "shard 2/3 was made from another configuration"},
		{"changed flags", func(t *testing.T, out string) {
			if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "--shard", "0/3", "--plots", "none", "-q"); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
		}, "shard 1/3 was made from another configuration"},
		{"tampered", func(t *testing.T, out string) {
			rec, err := readShardRecord(filepath.Join(out, "shards", "0-of-3", shard.RecordName))
			if err != nil {
				t.Fatal(err)
			}
			var p string
			for _, f := range rec.Files {
				if strings.HasSuffix(f.Path, ".csv") {
					p = filepath.Join(out, "shards", "0-of-3", f.Path)
					break
				}
			}
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			data[len(data)-2] ^= 1
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}, "does not match its sha256"},
		{"job done twice", func(t *testing.T, out string) {
			p := filepath.Join(out, "shards", "0-of-3", shard.RecordName)
			rec, err := readShardRecord(p)
			if err != nil {
				t.Fatal(err)
			}
			rec.Jobs = append(rec.Jobs, "nim/positions", "nim/positions")
			if err := shard.WriteRecord(filepath.Dir(p), rec); err != nil {
				t.Fatal(err)
			}
		}, "job nim/positions done by"},
		{"two splits", func(t *testing.T, out string) {
			if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "--shard", "0/2", "-q"); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
		}, "split [2 3] ways"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			copyTree(t, base, out)
			tt.spoil(t, out)
			code, _, stderr := runTabulate(t, "merge", "-q", out)
			if code != 2 || !strings.Contains(stderr, tt.want) {
				t.Errorf("merge: exit %d, %q; want exit 2 and %q", code, stderr, tt.want)
			}
			entries, _ := os.ReadDir(out)
			for _, e := range entries {
				if e.Name() != "shards" {
					t.Errorf("merge refused but wrote %s", e.Name())
				}
			}
		})
	}
	// The unspoilt shards merge.
	if code, _, stderr := runTabulate(t, "merge", "-q", base); code != 0 {
		t.Errorf("merge of good shards: exit %d: %s", code, stderr)
	}
}

// TestShardSpec checks where tabulate run takes its shard from: --shard
// first, then the scheduler's environment, and the mistakes it refuses.
func TestShardSpec(t *testing.T) {
	slurm := map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4"}
	k8s := map[string]string{"JOB_COMPLETION_INDEX": "1"}
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		want    shard.Spec
		sharded bool
		wantErr string
	}{
		{name: "none", sharded: false},
		{name: "flag", args: []string{"--shard", "1/3"}, want: shard.Spec{Index: 1, Count: 3}, sharded: true},
		{name: "flag over slurm", args: []string{"--shard", "0/2"}, env: slurm, want: shard.Spec{Index: 0, Count: 2}, sharded: true},
		{name: "slurm", env: slurm, want: shard.Spec{Index: 2, Count: 4}, sharded: true},
		{name: "kubernetes", args: []string{"--shards", "3"}, env: k8s, want: shard.Spec{Index: 1, Count: 3}, sharded: true},
		{name: "kubernetes without count", env: k8s, wantErr: "--shards"},
		{name: "count without index", args: []string{"--shards", "3"}, wantErr: "neither --shard nor JOB_COMPLETION_INDEX"},
		{name: "flags disagree", args: []string{"--shard", "1/3", "--shards", "4"}, wantErr: "disagree"},
		{name: "bad flag", args: []string{"--shard", "3/3"}, wantErr: "0..2"},
		{name: "bad count", args: []string{"--shards", "0"}, env: k8s, wantErr: "out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rf := newRunFlags()
			if err := rf.fs.Parse(tt.args); err != nil {
				t.Fatal(err)
			}
			got, sharded, err := rf.shardSpec(func(k string) string { return tt.env[k] })
			if tt.wantErr != "" {
				var ue *UsageError
				if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("got %v, want a usage error with %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || sharded != tt.sharded || got != tt.want {
				t.Errorf("got %v, %v, %v; want %v, %v", got, sharded, err, tt.want, tt.sharded)
			}
		})
	}
}

// readShardRecord reads the shard.json at p.
func readShardRecord(p string) (*shard.Record, error) {
	return shard.ReadRecord(filepath.Dir(p), filepath.Base(p))
}

// TestShardCensusJournalOnly runs the two shards of a small census (the
// octal codes of one digit, 15 games, to 512 values) and checks that
// each computes its games into the census journal, OUT/.census/ of its
// shard folder (opened through the pipeline's Sink), and writes no census
// table: tabulate merge writes them from the journals of all shards.
func TestShardCensusJournalOnly(t *testing.T) {
	config := writeConfig(t, "games: [nim]\nplots: []\nformats: [csv]\nnim: { max_piles: 2, max_pile: 3 }\ncensus:\n  octal: { digits: 1, prefixes: [\"0\", \"4\"], max: 512 }\n")
	out := t.TempDir()
	records := 0
	for k := range 2 {
		if code, _, stderr := runTabulate(t, "run", "-q", "--config", config, "--out", out, "--shard", fmt.Sprintf("%d/2", k)); code != 0 {
			t.Fatalf("shard %d/2: exit %d: %s", k, code, stderr)
		}
		dir := filepath.Join(out, "shards", fmt.Sprintf("%d-of-2", k))
		if tables, _ := filepath.Glob(filepath.Join(dir, "census", "*")); len(tables) > 0 {
			t.Errorf("shard %d/2 wrote census files %v", k, tables)
		}
		journal, _ := filepath.Glob(filepath.Join(dir, ".census", "octal-*", "*.json"))
		for _, f := range journal {
			if filepath.Base(f) != "config.json" {
				records++
			}
		}
	}
	if records != 15 {
		t.Errorf("%d journal records in the two shards, want 15 (one a game)", records)
	}
}
