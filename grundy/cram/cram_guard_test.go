package cram_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
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
