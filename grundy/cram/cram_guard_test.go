package cram_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/cram"
)

// The guards of the engine, the region split and the reduction by the
// symmetries of the grid, are checked against the oracle (oracle_test.go):
// every board up to 12 cells and random regions of larger boards.

// winning returns the oracle's winning moves of free, as the engine
// writes them.
func (o *oracle) winning(free uint64) []string {
	out := []string{}
	for _, mv := range o.moves(free) {
		if o.value(free&^(1<<uint(mv[0])|1<<uint(mv[1]))) == 0 {
			out = append(out, fmt.Sprintf("%d,%d-%d,%d", mv[0]/o.n, mv[0]%o.n, mv[1]/o.n, mv[1]%o.n))
		}
	}
	slices.Sort(out)
	return out
}

func moveStrings(ms []cram.Move) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, m.String())
	}
	slices.Sort(out)
	return out
}

// compare tabulates the boards free of an m x n grid with one table and
// checks each against the oracle.
func compare(t *testing.T, m, n int, frees []uint64, tableBytes int64, workers int) *cram.Table {
	t.Helper()
	o := newOracle(m, n)
	boards := make([]cram.Board, len(frees))
	for i, f := range frees {
		b, err := cram.Parse(o.board(f))
		if err != nil {
			t.Fatal(err)
		}
		boards[i] = b
	}
	tab, err := cram.NewTable(tableBytes)
	if err != nil {
		t.Fatal(err)
	}
	got, err := cram.Tabulate(context.Background(), boards, tab, grundy.Options{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for i, f := range frees {
		want := o.value(f)
		a := got[i]
		if a.Nimber != want || a.Win != (want != 0) {
			t.Errorf("%s: nimber %d, oracle %d", o.board(f), a.Nimber, want)
			bad++
		} else if w, g := o.winning(f), moveStrings(a.WinningMoves); !slices.Equal(w, g) {
			t.Errorf("%s: winning moves %v, oracle %v", o.board(f), g, w)
			bad++
		}
		if bad > 10 {
			t.Fatal("too many")
		}
	}
	return tab
}

// TestEveryBoardUpTo12Cells checks every board of m x n <= 12 cells, every
// pattern of taken cells, against the oracle.
func TestEveryBoardUpTo12Cells(t *testing.T) {
	for m := 1; m <= 12; m++ {
		for n := 1; m*n <= 12; n++ {
			frees := make([]uint64, 1<<uint(m*n))
			for f := range frees {
				frees[f] = uint64(f)
			}
			compare(t, m, n, frees, 1<<22, 2)
		}
	}
}

// randomBoards returns count boards of m x n with each cell free with
// probability p, seeded.
func randomBoards(seed uint64, m, n, count int, p float64) []uint64 {
	rng := rand.New(rand.NewPCG(seed, 51))
	out := make([]uint64, count)
	for i := range out {
		for c := 0; c < m*n; c++ {
			if rng.Float64() < p {
				out[i] |= 1 << uint(c)
			}
		}
	}
	return out
}

// TestRandomRegions checks random boards of up to 30 cells, which split
// into regions of many shapes, against the oracle.
func TestRandomRegions(t *testing.T) {
	for _, c := range []struct {
		m, n int
		p    float64
	}{{4, 5, 0.8}, {5, 5, 0.7}, {3, 8, 0.8}, {5, 6, 0.6}, {6, 5, 0.6}, {2, 12, 0.8}, {7, 4, 0.65}} {
		compare(t, c.m, c.n, randomBoards(uint64(c.m*100+c.n), c.m, c.n, 8, c.p), 1<<22, 2)
	}
}

// TestSmallTable checks that a table too small for the regions met gives
// the same values (what does not fit is searched again) and counts them.
func TestSmallTable(t *testing.T) {
	tab := compare(t, 4, 5, []uint64{1<<20 - 1, 1<<20 - 2, 1<<20 - 1 - 1<<7}, cram.TableBytesMin, 1)
	if tab.Unstored() == 0 {
		t.Errorf("a table of %d bytes kept every region of 4 x 5 (%d): the test no longer fills it", cram.TableBytesMin, tab.Len())
	}
}

// TestTableKeepsRegions checks what the table keeps after random boards:
// every region is 4-connected and in canonical orientation (no more rows
// than columns), no two are images of one another under the symmetries of
// the grid, and the nimber of each of up to 16 cells is the oracle's.
func TestTableKeepsRegions(t *testing.T) {
	var tab *cram.Table
	for _, c := range [][2]int{{4, 5}, {5, 4}, {3, 7}} {
		frees := randomBoards(uint64(c[0]*10+c[1]), c[0], c[1], 6, 0.7)
		if tab == nil {
			tab = compare(t, c[0], c[1], frees, 1<<22, 2)
			continue
		}
		// The same table for every shape: compare makes its own, so ask
		// this one directly.
		for _, f := range frees {
			b, err := cram.Parse(newOracle(c[0], c[1]).board(f))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := cram.Solve(context.Background(), b, tab, grundy.Options{Workers: 2}); err != nil {
				t.Fatal(err)
			}
		}
	}
	oracles := map[[2]int]*oracle{}
	var regions []cram.Region
	if err := tab.Regions(func(rs []cram.Region) error {
		regions = append(regions, rs...)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(regions) < 100 {
		t.Fatalf("only %d regions kept", len(regions))
	}
	kept := map[string]bool{}
	for _, r := range regions {
		kept[r.Board] = true
	}
	for _, r := range regions {
		for _, img := range images(r.Board) {
			if img != r.Board && kept[img] {
				t.Errorf("%s and its image %s kept apart", r.Board, img)
			}
		}
		if r.Rows > r.Cols {
			t.Errorf("%s: %d rows > %d columns, not canonical", r.Board, r.Rows, r.Cols)
		}
		var free uint64
		for i, row := range strings.Split(r.Board, "/") {
			for j, ch := range row {
				if ch == '+' {
					free |= 1 << uint(i*r.Cols+j)
				}
			}
		}
		if !connected(free, r.Rows, r.Cols) {
			t.Errorf("%s: kept as one region, not 4-connected", r.Board)
			continue
		}
		if r.Cells > 16 {
			continue
		}
		o := oracles[[2]int{r.Rows, r.Cols}]
		if o == nil {
			o = newOracle(r.Rows, r.Cols)
			oracles[[2]int{r.Rows, r.Cols}] = o
		}
		if v := o.value(free); v != r.Nimber {
			t.Errorf("%s: kept nimber %d, oracle %d", r.Board, r.Nimber, v)
		}
	}
}

// connected reports whether the free cells of an m x n grid are one
// 4-connected set, by a plain search over the grid.
func connected(free uint64, m, n int) bool {
	if free == 0 {
		return false
	}
	start := 0
	for free>>uint(start)&1 == 0 {
		start++
	}
	seen := map[int]bool{start: true}
	stack := []int{start}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r, c := i/n, i%n
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			rr, cc := r+d[0], c+d[1]
			j := rr*n + cc
			if rr >= 0 && rr < m && cc >= 0 && cc < n && free>>uint(j)&1 != 0 && !seen[j] {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	count := 0
	for x := free; x != 0; x &= x - 1 {
		count++
	}
	return len(seen) == count
}

// images returns the eight images of a board string under the symmetries
// of the square grid, by moving its characters.
func images(board string) []string {
	rows := strings.Split(board, "/")
	m, n := len(rows), len(rows[0])
	at := func(r, c int) byte { return rows[r][c] }
	var out []string
	for k := 0; k < 8; k++ {
		tr := k&4 != 0
		h, w := m, n
		if tr {
			h, w = n, m
		}
		var lines []string
		for r := 0; r < h; r++ {
			b := make([]byte, w)
			for c := 0; c < w; c++ {
				rr, cc := r, c
				if k&1 != 0 {
					rr = h - 1 - r
				}
				if k&2 != 0 {
					cc = w - 1 - c
				}
				if tr {
					rr, cc = cc, rr
				}
				b[c] = at(rr, cc)
			}
			lines = append(lines, string(b))
		}
		out = append(out, strings.Join(lines, "/"))
	}
	return out
}
