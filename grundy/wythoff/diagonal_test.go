package wythoff

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// TestDiagonalNaive checks Diagonal against naiveRows (Wythoff's game by
// its rules, written apart from the engines) for n < 300, and against the
// terms of OEIS A047708 (a047708, n = 0 to 70).
func TestDiagonalNaive(t *testing.T) {
	const n = 300
	w := naiveRows(n, n)
	got, err := Diagonal(context.Background(), n-1, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != n {
		t.Fatalf("Diagonal(%d) has %d values, want %d", n-1, len(got), n)
	}
	for i := range n {
		if int(got[i]) != w[i][i] {
			t.Fatalf("W(%d, %d) = %d, naive %d", i, i, got[i], w[i][i])
		}
	}
	for i, want := range a047708 {
		if got[i] != want {
			t.Errorf("W(%d, %d) = %d, want %d (A047708)", i, i, got[i], want)
		}
	}
}

// TestDiagonalWindowGuard narrows the engine's window below what facts 1
// and 2 of its comment allow: each guard must refuse (ErrWindow) rather
// than return values.
func TestDiagonalWindowGuard(t *testing.T) {
	for _, c := range []struct {
		win  diagWindow
		want string
	}{
		{diagWindow{above: 1}, "the mex of (0, 0) is past -1"},   // W(0, 0) = 0 > -1, inside the word scanned
		{diagWindow{above: 64}, "the mex of (0, 0) is past -64"}, // no word to scan
		{diagWindow{below: 1}, "row 0's first free value 0 at column 0 is below 1"},
	} {
		got, err := diagonal(context.Background(), 40, grundy.Options{}, c.win)
		if !errors.Is(err, ErrWindow) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("window %+v: %v, %v; want an error wrapping ErrWindow saying %q", c.win, got, err, c.want)
		}
	}
}
