package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/caniwin"
	"github.com/tabulate-games/tabulate/grundy/flip"
	"github.com/tabulate-games/tabulate/grundy/nim"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
	"github.com/tabulate-games/tabulate/internal/parquettest"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/report"
)

// smallConfig runs every game at bounds where the whole run takes about a
// second.
const smallConfig = `
formats: [parquet, csv, bfile]
plots: [png]
squares: { grundy_max: 3000, win_max: 5000 }
flip: { run_max: 200, position_max: 18, count_max: 30, board_max: 8 }
caniwin: { max_choosable: 8, max_total: 40 }
nim: { max_piles: 3, max_pile: 4 }
`

// runTabulate runs the command in-process and returns its exit status,
// standard output and standard error.
func runTabulate(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	ctx := context.Background()
	err := Run(ctx, args, &stdout, &stderr)
	code := exitCode(ctx, err, &stderr)
	return code, stdout.String(), stderr.String()
}

func writeConfig(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// table is one table read back from disk in both formats.
type table struct {
	parquet *parquettest.Table
	csv     [][]string // without the header
	header  []string
}

func readTable(t *testing.T, dir, game, name string) table {
	t.Helper()
	p, err := parquettest.Read(filepath.Join(dir, game, name+".parquet"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, game, name+".csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s/%s.csv: %v", game, name, err)
	}
	if int64(len(records)-1) != p.Rows {
		t.Fatalf("%s/%s: csv has %d rows, parquet %d", game, name, len(records)-1, p.Rows)
	}
	if !reflect.DeepEqual(records[0], p.Names) {
		t.Fatalf("%s/%s: csv header %v, parquet columns %v", game, name, records[0], p.Names)
	}
	return table{parquet: p, csv: records[1:], header: records[0]}
}

// col returns a Parquet column by name.
func (tb table) col(name string) any {
	return tb.parquet.Columns[slices.Index(tb.parquet.Names, name)]
}

// checkContract checks column names and Arrow types against the output
// contract (docs/outputs.md).
func checkContract(t *testing.T, tb table, want string) {
	t.Helper()
	var got []string
	for i, n := range tb.parquet.Names {
		got = append(got, n+" "+tb.parquet.Types[i].String())
	}
	if g := strings.Join(got, ", "); g != want {
		t.Errorf("columns\n got  %s\n want %s", g, want)
	}
}

func listText(l []int32) string {
	return strings.ReplaceAll(fmt.Sprint(l), " ", ",")
}

// TestRunEndToEnd runs the command on a small configuration, reads every
// table back with Arrow's reader and encoding/csv, and compares each row with
// the engines; then checks the manifest against the files.
func TestRunEndToEnd(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runTabulate(t, "run", "--config", writeConfig(t, smallConfig), "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// Without a terminal, the summary is the command's output and standard
	// error holds only progress.
	if !strings.Contains(stdout, "complete: wrote") || !strings.Contains(stdout, "period 34") || strings.Contains(stderr, "complete: wrote") {
		t.Errorf("summary on stdout lacks the file list or the flip period:\n%s\nstderr:\n%s", stdout, stderr)
	}
	ctx := context.Background()

	t.Run("squares", func(t *testing.T) {
		g, err := subtraction.Values(ctx, subtraction.Squares(), 3000, grundy.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		tb := readTable(t, out, "squares", "grundy")
		checkContract(t, tb, "n int64, grundy int32, win bool")
		ns, gs, ws := tb.col("n").([]int64), tb.col("grundy").([]int32), tb.col("win").([]bool)
		if len(ns) != len(g) {
			t.Fatalf("got %d rows, want %d", len(ns), len(g))
		}
		for i := range g {
			if ns[i] != int64(i) || gs[i] != int32(g[i]) || ws[i] != (g[i] != 0) {
				t.Fatalf("row %d: got (%d, %d, %v), want (%d, %d, %v)", i, ns[i], gs[i], ws[i], i, g[i], g[i] != 0)
			}
			want := []string{strconv.Itoa(i), strconv.Itoa(int(g[i])), strconv.FormatBool(g[i] != 0)}
			if !reflect.DeepEqual(tb.csv[i], want) {
				t.Fatalf("csv row %d: got %v, want %v", i, tb.csv[i], want)
			}
		}
		bfile, err := os.ReadFile(filepath.Join(out, "squares", "grundy.b.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(bfile), "0 0\n1 1\n2 0\n3 1\n4 2\n") {
			t.Errorf("b-file starts %.40q", bfile)
		}
		var losing []int64
		err = subtraction.Losing(ctx, subtraction.Squares(), 5000, grundy.Options{Workers: 1}, func(l []int64) error { losing = append(losing, l...); return nil })
		if err != nil {
			t.Fatal(err)
		}
		tb = readTable(t, out, "squares", "p_positions")
		checkContract(t, tb, "n int64")
		if got := tb.col("n").([]int64); !reflect.DeepEqual(got, losing) {
			t.Errorf("p_positions differ from the sieve: %d rows vs %d", len(got), len(losing))
		}
	})

	t.Run("flip", func(t *testing.T) {
		runG, err := flip.RunValues(ctx, 200)
		if err != nil {
			t.Fatal(err)
		}
		tb := readTable(t, out, "flip", "run_grundy")
		checkContract(t, tb, "length int32, grundy int32")
		if !reflect.DeepEqual(tb.col("grundy").([]int32), runG) {
			t.Errorf("run_grundy differs from the engine")
		}
		tb = readTable(t, out, "flip", "positions")
		checkContract(t, tb, "runs list<element: int32>, length int32, grundy int32, win bool")
		var want []flip.Position
		err = flip.Positions(ctx, 18, runG, grundy.Options{Workers: 1}, func(ps []flip.Position) error {
			for _, p := range ps {
				p.Runs = slices.Clone(p.Runs)
				want = append(want, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		runs, lengths, gs := tb.col("runs").([][]int32), tb.col("length").([]int32), tb.col("grundy").([]int32)
		if len(runs) != len(want) {
			t.Fatalf("got %d positions, want %d", len(runs), len(want))
		}
		for i, p := range want {
			if !slices.Equal(runs[i], p.Runs) || lengths[i] != p.Length || gs[i] != p.Grundy {
				t.Fatalf("position %d: got %v/%d/%d, want %v/%d/%d", i, runs[i], lengths[i], gs[i], p.Runs, p.Length, p.Grundy)
			}
			if tb.csv[i][0] != listText(p.Runs) {
				t.Fatalf("csv runs %q, want %q", tb.csv[i][0], listText(p.Runs))
			}
		}
		counts, err := flip.BoardCounts(30, runG)
		if err != nil {
			t.Fatal(err)
		}
		tb = readTable(t, out, "flip", "board_counts")
		checkContract(t, tb, "length int32, boards int64, first_player_wins int64, second_player_wins int64")
		for i, c := range counts {
			if tb.col("boards").([]int64)[i] != c.Boards || tb.col("first_player_wins").([]int64)[i] != c.FirstPlayerWins {
				t.Fatalf("board_counts row %d differs", i)
			}
		}
		tb = readTable(t, out, "flip", "boards")
		checkContract(t, tb, "board utf8, grundy int32, win bool, winning_moves list<element: int32>")
		boards := tb.col("board").([]string)
		if len(boards) != 1<<9-2 || !slices.IsSorted(boards) {
			t.Errorf("got %d boards (sorted: %v), want %d sorted", len(boards), slices.IsSorted(boards), 1<<9-2)
		}
		for i, b := range boards {
			a, err := flip.Solve(ctx, b)
			if err != nil || int32(a.Grundy) != tb.col("grundy").([]int32)[i] {
				t.Fatalf("board %q: table %d, flip.Solve %d (%v)", b, tb.col("grundy").([]int32)[i], a.Grundy, err)
			}
		}
	})

	t.Run("caniwin", func(t *testing.T) {
		solved, err := caniwin.Tabulate(ctx, 8, 36, grundy.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		tb := readTable(t, out, "caniwin", "pairs")
		checkContract(t, tb, "max_choosable int32, desired_total int32, outcome utf8, first_player_wins bool, winning_moves list<element: int32>")
		ms, ts, outcomes := tb.col("max_choosable").([]int32), tb.col("desired_total").([]int32), tb.col("outcome").([]string)
		if len(ms) != 8*41 {
			t.Fatalf("got %d pairs, want %d", len(ms), 8*41)
		}
		for i := range ms {
			m, total := int(ms[i]), int(ts[i])
			want, moves := "unreachable", []int32{}
			if total <= m*(m+1)/2 {
				want, moves = solved.Outcome(m, total).String(), solved.WinningMoves(m, total)
			}
			if outcomes[i] != want || !slices.Equal(tb.col("winning_moves").([][]int32)[i], moves) {
				t.Fatalf("pair (%d, %d): got %s %v, want %s %v", m, total, outcomes[i], tb.col("winning_moves").([][]int32)[i], want, moves)
			}
		}
	})

	t.Run("nim", func(t *testing.T) {
		tb := readTable(t, out, "nim", "positions")
		checkContract(t, tb, "piles list<element: int32>, nim_sum int32, win bool, winning_moves int32, winning_piles list<element: int32>, winning_sizes list<element: int32>")
		piles := tb.col("piles").([][]int32)
		if len(piles) != 34 { // C(4+3, 3) - 1 multisets of 1..3 piles of 1..4
			t.Errorf("got %d positions, want 34", len(piles))
		}
		for i, p := range piles {
			ps := make([]int, len(p))
			for j := range p {
				ps[j] = int(p[j])
			}
			a, err := nim.Solve(ps)
			if err != nil {
				t.Fatalf("piles %v: %v", p, err)
			}
			if tb.col("win").([]bool)[i] != a.Win || int(tb.col("winning_moves").([]int32)[i]) != len(a.WinningMoves) {
				t.Fatalf("piles %v: table differs from nim.Solve", p)
			}
		}
	})

	t.Run("manifest", func(t *testing.T) {
		m, err := output.ReadManifest(filepath.Join(out, output.ManifestName))
		if err != nil {
			t.Fatal(err)
		}
		if m.Status != output.StatusComplete {
			t.Errorf("status %q", m.Status)
		}
		var listed []string
		for _, f := range m.Files {
			listed = append(listed, f.Path)
			size, sum, err := output.FileSHA256(filepath.Join(out, f.Path))
			if err != nil || sum != f.SHA256 || size != f.Bytes {
				t.Errorf("%s: manifest says %s/%d bytes, disk has %s/%d (%v)", f.Path, f.SHA256, f.Bytes, sum, size, err)
			}
			if f.Format == "parquet" {
				p, err := parquettest.Read(filepath.Join(out, f.Path))
				if err != nil || p.Rows != f.Rows {
					t.Errorf("%s: manifest says %d rows, file has %v", f.Path, f.Rows, p)
				}
			}
		}
		var onDisk []string
		err = filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && d.Name() != output.ManifestName && path != filepath.Join(out, report.FileName) { // the report is not listed
				rel, err := filepath.Rel(out, path)
				if err != nil {
					return err
				}
				onDisk = append(onDisk, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(onDisk)
		if !reflect.DeepEqual(listed, onDisk) {
			t.Errorf("manifest lists\n%v\nfolder holds\n%v", listed, onDisk)
		}
		for _, want := range []string{"flip/run_period.png", "squares/p_growth.png", "caniwin/outcomes.png", "nim/nim_sum.png", "squares/records.parquet"} {
			if !slices.Contains(listed, want) {
				t.Errorf("manifest lacks %s", want)
			}
		}
		run := m.Games["flip"].Findings["run_grundy"].(map[string]any)
		if run["period"] != 34.0 || run["proven"] != true {
			t.Errorf("flip findings %v, want period 34 proven", run)
		}
	})
}

// TestRunCustomGames runs games defined by their rules and checks the tables
// against a plain recursion over the literal rules, and the proofs.
func TestRunCustomGames(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	config := writeConfig(t, `
plots: []
games: [kayles, s134]
octal:
  kayles: { code: "0.77", max: 300 }
subtraction:
  s134: { set: [1, 3, 4], max: 300 }
`)
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// Plain recursions: Kayles removes 1 or 2 adjacent pins from a row,
	// possibly splitting it; S = {1, 3, 4} removes 1, 3 or 4 tokens.
	kayles := make([]int32, 301)
	s134 := make([]int32, 301)
	mex := func(seen map[int32]bool) int32 {
		var g int32
		for seen[g] {
			g++
		}
		return g
	}
	for n := 1; n <= 300; n++ {
		seen := map[int32]bool{}
		for take := 1; take <= 2; take++ {
			for left := 0; left+take <= n; left++ {
				seen[kayles[left]^kayles[n-take-left]] = true
			}
		}
		kayles[n] = mex(seen)
		seen = map[int32]bool{}
		for _, s := range []int{1, 3, 4} {
			if s <= n {
				seen[s134[n-s]] = true
			}
		}
		s134[n] = mex(seen)
	}
	for name, want := range map[string][]int32{"kayles": kayles, "s134": s134} {
		tb := readTable(t, out, name, "grundy")
		checkContract(t, tb, "n int64, grundy int32, win bool")
		if got := tb.col("grundy").([]int32); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Grundy values differ from the plain recursion", name)
		}
	}
	m, err := output.ReadManifest(filepath.Join(out, output.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	// Each proof names its theorem in the manifest (TestPeriodNamesTheorem
	// checks the summary line): the
	// Guy–Smith theorem for Kayles, an octal game (Winning Ways, ch. 4),
	// the window argument for the finite set {1, 3, 4}.
	theorem := map[string]string{"kayles": "the Guy–Smith periodicity theorem", "s134": "the window argument for finite subtraction sets"}
	for name, period := range map[string]float64{"kayles": 12, "s134": 7} {
		f := m.Games[name].Findings["grundy"].(map[string]any)
		if f["period"] != period || f["proven"] != true {
			t.Errorf("%s findings %v, want period %v proven", name, f, period)
		}
		if f["theorem"] != theorem[name] {
			t.Errorf("%s: theorem %v, want %q", name, f["theorem"], theorem[name])
		}
	}
}
