package cram_test

import (
	"bufio"
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/cram"
	"github.com/tabulate-games/tabulate/grundy/internal/boundstest"
	"github.com/tabulate-games/tabulate/internal/longtest"
)

func solve(t *testing.T, tab *cram.Table, board string) cram.Answer {
	t.Helper()
	b, err := cram.Parse(board)
	if err != nil {
		t.Fatal(err)
	}
	a, err := cram.Solve(context.Background(), b, tab, grundy.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func newTable(t *testing.T) *cram.Table {
	t.Helper()
	tab, err := cram.NewTable(1 << 26)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestSymmetryStrategy checks what the symmetry strategy proves: an
// even x even board is a loss for the player to move (the second player
// answers each move by its image through the centre), an even x odd board
// a win, by the domino on the two centre cells of the odd side (then the
// same answer).
func TestSymmetryStrategy(t *testing.T) {
	tab := newTable(t)
	for _, mn := range [][2]int{{2, 2}, {2, 4}, {2, 6}, {2, 8}, {2, 10}, {2, 12}, {2, 14}, {4, 4}, {4, 6}, {6, 4}} {
		b := strconv.Itoa(mn[0]) + "x" + strconv.Itoa(mn[1])
		if a := solve(t, tab, b); a.Nimber != 0 || a.Win || len(a.WinningMoves) != 0 {
			t.Errorf("%s: nimber %d, winning moves %v, want a loss", b, a.Nimber, a.WinningMoves)
		}
	}
	for _, mn := range [][2]int{{2, 1}, {2, 3}, {2, 5}, {2, 7}, {2, 9}, {2, 11}, {2, 13}, {4, 3}, {4, 5}, {3, 4}, {5, 4}, {6, 3}, {3, 6}} {
		m, n := mn[0], mn[1]
		b := strconv.Itoa(m) + "x" + strconv.Itoa(n)
		a := solve(t, tab, b)
		// The centre domino: across the middle of the even side, in
		// the middle line of the odd one.
		centre := cram.Move{Row: m/2 - 1, Col: n / 2, Down: true}
		if m%2 != 0 {
			centre = cram.Move{Row: m / 2, Col: n/2 - 1}
		}
		if !a.Win || a.Nimber == 0 || !contains(a.WinningMoves, centre) {
			t.Errorf("%s: nimber %d, winning moves %v, want a win by %v", b, a.Nimber, a.WinningMoves, centre)
		}
	}
}

func contains(ms []cram.Move, m cram.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// published reads testdata/published.txt.
func published(t *testing.T) [][3]int {
	f, err := os.Open("testdata/published.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][3]int
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Fields(line)
		var e [3]int
		for i := range e {
			if e[i], err = strconv.Atoi(fs[i]); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
		}
		out = append(out, e)
	}
	return out
}

// publishedQuick are the published boards TestPublished reaches in a
// second or so; the rest take from seconds to hours (TestPublishedLong
// runs those of up to 40 cells).
func publishedQuick(m, n int) bool { return m*n <= 28 }

// TestPublished checks the published nimbers of small boards
// (testdata/published.txt, each with its source).
func TestPublished(t *testing.T) {
	tab := newTable(t)
	checked := 0
	for _, e := range published(t) {
		if !publishedQuick(e[0], e[1]) {
			continue
		}
		checked++
		b := strconv.Itoa(e[0]) + "x" + strconv.Itoa(e[1])
		if a := solve(t, tab, b); a.Nimber != e[2] {
			t.Errorf("%s: nimber %d, published %d", b, a.Nimber, e[2])
		}
		// The transposed board is the same game.
		bt := strconv.Itoa(e[1]) + "x" + strconv.Itoa(e[0])
		if a := solve(t, tab, bt); a.Nimber != e[2] {
			t.Errorf("%s: nimber %d, published %d (as %s)", bt, a.Nimber, e[2], b)
		}
	}
	if checked < 4 {
		t.Errorf("only %d published boards checked", checked)
	}
}

// TestPublishedLong checks the published boards of up to 36 cells and 5
// rows that TestPublished leaves out: 4 x 8, 4 x 9, 5 x 6 and 5 x 7, about
// three minutes on two cores shared with other jobs (4 x 10 and 6 x 6 take far longer).
func TestPublishedLong(t *testing.T) {
	longtest.Skip(t, "the published Cram boards 4 x 8, 4 x 9, 5 x 6 and 5 x 7")
	tab, err := cram.NewTable(1 << 30)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range published(t) {
		if publishedQuick(e[0], e[1]) || e[0]*e[1] > 36 || e[0] > 5 {
			continue
		}
		b := strconv.Itoa(e[0]) + "x" + strconv.Itoa(e[1])
		if a := solve(t, tab, b); a.Nimber != e[2] {
			t.Errorf("%s: nimber %d, published %d", b, a.Nimber, e[2])
		}
	}
}

// TestLinesAre007 checks single rows and columns against the values of
// Dawson's Kayles, g(n) = A002187(n-1) in the OEIS (the first 18 values
// of A002187: 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2).
func TestLinesAre007(t *testing.T) {
	a002187 := []int{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2}
	tab := newTable(t)
	for n := 1; n <= len(a002187); n++ {
		want := 0
		if n >= 2 {
			want = a002187[n-1]
		}
		row := strings.Repeat("+", n)
		col := strings.Repeat("+/", n-1) + "+"
		for _, b := range []string{row, col, "-" + row + "-", row + "/" + strings.Repeat("-", n)} {
			if a := solve(t, tab, b); a.Nimber != want {
				t.Errorf("%q: nimber %d, want g(%d) = %d", b, a.Nimber, n, want)
			}
		}
	}
}

// TestParse checks the board syntax and its errors.
func TestParse(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"+++/+-+", "+++/+-+"}, {"++\n--", "++/--"}, {"2x3", "+++/+++"}, {"1X1", "+"}, {"+", "+"},
	} {
		b, err := cram.Parse(c.in)
		if err != nil || b.String() != c.out {
			t.Errorf("Parse(%q) = %q, %v; want %q", c.in, b.String(), err, c.out)
		}
	}
	for _, in := range []string{"", "/", "++/+", "+x+", "+a"} {
		var be *cram.BoardError
		if _, err := cram.Parse(in); !errors.As(err, &be) {
			t.Errorf("Parse(%q): %v, want a *BoardError", in, err)
		}
	}
	var re *grundy.RangeError
	if _, err := cram.Parse("0x3"); !errors.As(err, &re) {
		t.Errorf("Parse(0x3): %v, want a *grundy.RangeError", err)
	}
}

// TestRegionTooLarge checks that a region whose box is past 64 cells is
// refused with a *grundy.RangeError before any search.
func TestRegionTooLarge(t *testing.T) {
	b, err := cram.Rect(5, 13)
	if err != nil {
		t.Fatal(err)
	}
	_, err = cram.Solve(context.Background(), b, newTable(t), grundy.Options{})
	var re *grundy.RangeError
	if !errors.As(err, &re) || re.Func != "cram.Tabulate" || re.Value != 65 || re.Max != cram.RegionCellsMax {
		t.Errorf("5x13: %v, want a *grundy.RangeError of 65 region box cells", err)
	}
	// A long row is a heap of 0.07 and needs no box.
	if a := solve(t, newTable(t), "1x5000"); a.Nimber < 0 {
		t.Errorf("1x5000: nimber %d", a.Nimber)
	}
}

// TestBounds calls the entry points with bounds out of their range
// (boundstest.Check).
func TestBounds(t *testing.T) {
	boundstest.Check(t, []boundstest.Call{
		{Name: "NewTable", Func: "cram.NewTable", Arg: "bytes", Min: cram.TableBytesMin, Max: cram.TableBytesMax, Run: func(v int64) error {
			_, err := cram.NewTable(v)
			return err
		}},
		{Name: "Rect rows", Func: "cram.Rect", Arg: "rows", Min: 1, Max: cram.BoardCellsMax, Run: func(v int64) error {
			_, err := cram.Rect(int(v), 1)
			return err
		}},
		{Name: "Rect cols", Func: "cram.Rect", Arg: "cols", Min: 1, Max: cram.BoardCellsMax, Run: func(v int64) error {
			_, err := cram.Rect(1, int(v))
			return err
		}},
	})
}

// TestCancel checks that a context cancelled while Tabulate runs (once
// the first moves of the small boards are done, the big one's in flight)
// stops it with its error, and that the table it leaves gives the same
// values afterwards.
func TestCancel(t *testing.T) {
	tab := newTable(t)
	var boards []cram.Board
	for _, s := range []string{"2x2", "2x3", "3x3", "5x7"} {
		b, err := cram.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := grundy.Options{Workers: 2, Progress: func(d, total int64) {
		if d >= 8 {
			cancel()
		}
	}}
	if _, err := cram.Tabulate(ctx, boards, tab, opts); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled 5x7: %v, want context.Canceled", err)
	}
	// What the cancelled run kept is true: the 4 x 5 board, which meets
	// many of the same regions, and its published value.
	if a := solve(t, tab, "4x5"); a.Nimber != 2 {
		t.Errorf("4x5 after a cancelled run: nimber %d, published 2", a.Nimber)
	}
}
