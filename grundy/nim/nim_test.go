package nim

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/internal/longtest"
)

// nimOracle is the plainest search: recursion over ordered pile tuples (no
// sorting), memoised on the tuple written as a string.
type nimOracle struct {
	memo map[string]bool
}

func newNimOracle() *nimOracle { return &nimOracle{memo: make(map[string]bool)} }

// wins reports whether the player to move from piles can force a win.
func (o *nimOracle) wins(piles []int) bool {
	key := fmt.Sprint(piles)
	if w, ok := o.memo[key]; ok {
		return w
	}
	win := false
	for i := range piles {
		for q := 0; q < piles[i] && !win; q++ {
			child := slices.Clone(piles)
			child[i] = q
			win = !o.wins(child)
		}
	}
	o.memo[key] = win
	return win
}

// winningMoves counts the moves (pile index, new size) to a losing tuple.
func (o *nimOracle) winningMoves(piles []int) int {
	n := 0
	for i := range piles {
		for q := 0; q < piles[i]; q++ {
			child := slices.Clone(piles)
			child[i] = q
			if !o.wins(child) {
				n++
			}
		}
	}
	return n
}

// nimCollect returns every position of tab in the order of Each.
func nimCollect(t *testing.T, tab *Table, batch int) []Position {
	t.Helper()
	var all []Position
	err := tab.Each(context.Background(), batch, func(ps []Position) error {
		if batch > 0 && len(ps) > batch {
			t.Errorf("batch of %d positions, want at most %d", len(ps), batch)
		}
		all = append(all, ps...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// nimCountPascal counts the multisets of 1..piles piles of sizes 1..size
// independently of the engine: multisets of exactly k piles over size values
// number C(size+k-1, k), read from Pascal's triangle.
func nimCountPascal(piles, size int) int64 {
	rows := size + piles
	c := make([][]int64, rows+1)
	for n := range c {
		c[n] = make([]int64, n+1)
		c[n][0], c[n][n] = 1, 1
		for k := 1; k < n; k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	var total int64
	for k := 1; k <= piles; k++ {
		total += c[size+k-1][k]
	}
	return total
}

func TestNimAgainstOracle(t *testing.T) {
	// Every position with up to 4 piles of up to 5, against plain recursion
	// over ordered tuples.
	tab, err := Positions(context.Background(), 4, 5, grundy.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	o := newNimOracle()
	all := nimCollect(t, tab, 7)
	if got, want := int64(len(all)), nimCountPascal(4, 5); got != want {
		t.Fatalf("got %d positions, want %d", got, want)
	}
	for _, p := range all {
		piles := make([]int, len(p.Piles))
		for i, v := range p.Piles {
			piles[i] = int(v)
		}
		if got, want := p.Win, o.wins(piles); got != want {
			t.Errorf("%v: win got %t, want %t (oracle)", piles, got, want)
		}
		if got, want := int(p.WinningMoves), o.winningMoves(piles); got != want {
			t.Errorf("%v: winning moves got %d, want %d (oracle)", piles, got, want)
		}
		var x int32
		for _, v := range p.Piles {
			x ^= v
		}
		if p.NimSum != x {
			t.Errorf("%v: nim-sum got %d, want %d", piles, p.NimSum, x)
		}
	}
}

func TestNimOrderAndCount(t *testing.T) {
	for _, b := range [][2]int{{1, 1}, {1, 6}, {3, 1}, {2, 2}, {4, 5}, {7, 7}, {5, 12}} {
		t.Run(fmt.Sprintf("%dx%d", b[0], b[1]), func(t *testing.T) {
			tab, err := Positions(context.Background(), b[0], b[1], grundy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := nimCountPascal(b[0], b[1])
			if got := PositionCount(b[0], b[1]); got != want {
				t.Errorf("PositionCount got %d, want %d (Pascal's triangle)", got, want)
			}
			if got := tab.Len(); got != want {
				t.Errorf("Len got %d, want %d", got, want)
			}
			all := nimCollect(t, tab, 0)
			if got := int64(len(all)); got != want {
				t.Fatalf("Each gave %d positions, want %d", got, want)
			}
			for i, p := range all {
				if len(p.Piles) < 1 || len(p.Piles) > b[0] || !slices.IsSorted(p.Piles) ||
					p.Piles[0] < 1 || p.Piles[len(p.Piles)-1] > int32(b[1]) {
					t.Fatalf("position %d: bad piles %v", i, p.Piles)
				}
				if i > 0 && slices.Compare(all[i-1].Piles, p.Piles) >= 0 {
					t.Fatalf("positions %d and %d out of order: %v then %v", i-1, i, all[i-1].Piles, p.Piles)
				}
			}
		})
	}
	// The order the contract names, from its first rows.
	tab, err := Positions(context.Background(), 3, 2, grundy.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range nimCollect(t, tab, 0) {
		got = append(got, fmt.Sprint(p.Piles))
	}
	want := "[1] [1 1] [1 1 1] [1 1 2] [1 2] [1 2 2] [2] [2 2] [2 2 2]"
	if strings.Join(got, " ") != want {
		t.Errorf("order got %s, want %s", strings.Join(got, " "), want)
	}
}

func TestNimPublishedExamples(t *testing.T) {
	// The original problem, LeetCode 1908 "Game of Nim" (1 <= n <= 7 piles of
	// 1..7 stones), Examples 1-3: piles [1] -> true (the player to move
	// wins), [1, 1] -> false, [1, 2, 3] -> false. They agree with Bouton
	// (1901): [1, 1] and [1, 2, 3] have nim-sum 0.
	tab, err := Positions(context.Background(), 3, 3, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"[1]": true, "[1 1]": false, "[1 2 3]": false}
	for _, p := range nimCollect(t, tab, 0) {
		key := fmt.Sprint(p.Piles)
		if w, ok := want[key]; ok {
			if p.Win != w {
				t.Errorf("table %s: win got %t, want %t", key, p.Win, w)
			}
			delete(want, key)
		}
	}
	if len(want) != 0 {
		t.Errorf("positions missing from the table: %v", want)
	}
	for _, tc := range []struct {
		piles []int
		win   bool
	}{{[]int{1}, true}, {[]int{1, 1}, false}, {[]int{1, 2, 3}, false}, {[]int{3, 2, 1}, false}} {
		ans, err := Solve(tc.piles)
		if err != nil {
			t.Fatal(err)
		}
		if ans.Win != tc.win || ans.Method != MethodSearch {
			t.Errorf("Solve(%v): got win %t by %s, want %t by search", tc.piles, ans.Win, ans.Method, tc.win)
		}
	}
}

func TestNimCheckBouton(t *testing.T) {
	bounds := [][2]int{{7, 7}, {10, 15}}
	if !longtest.Enabled() {
		bounds = bounds[:1]
	}
	for _, b := range bounds {
		t.Run(fmt.Sprintf("%dx%d", b[0], b[1]), func(t *testing.T) {
			tab, err := Positions(context.Background(), b[0], b[1], grundy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if err := tab.CheckBouton(); err != nil {
				t.Error(err)
			}
		})
	}
}

// nimCorrupt is the test hook that overwrites the search result of one
// position, to check that CheckBouton notices.
func nimCorrupt(tab *Table, piles []int32, winningMoves int32) {
	tab.moves[nimRank(tab.term, tab.maxPiles, tab.maxPile, piles)] = winningMoves
}

func TestNimCheckBoutonCorrupted(t *testing.T) {
	tests := []struct {
		name  string
		piles []int32
		moves int32
		want  string
	}{
		// [1 2 3] is lost; claim one winning move.
		{"lost made won", []int32{1, 2, 3}, 1,
			"at piles [1 2 3] (nim-sum 0): search says win=true with 1 winning moves, Bouton's rule win=false with 0"},
		// [2 3] (nim-sum 1) is won by one move, 3 -> 2; claim it is lost.
		{"won made lost", []int32{2, 3}, 0,
			"at piles [2 3] (nim-sum 1): search says win=false with 0 winning moves, Bouton's rule win=true with 1"},
		// [1 2 4] (nim-sum 7): only 4 -> 3 wins; claim two moves.
		{"wrong count", []int32{1, 2, 4}, 2,
			"at piles [1 2 4] (nim-sum 7): search says win=true with 2 winning moves, Bouton's rule win=true with 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := Positions(context.Background(), 4, 5, grundy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			nimCorrupt(tab, tc.piles, tc.moves)
			err = tab.CheckBouton()
			var be *BoutonError
			if !errors.As(err, &be) {
				t.Fatalf("got %v, want a *BoutonError", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %q, want it to contain %q", err, tc.want)
			}
			if !slices.Equal(be.Piles, tc.piles) {
				t.Errorf("error names piles %v, want %v", be.Piles, tc.piles)
			}
		})
	}
}

func TestSolveNimAgainstOracle(t *testing.T) {
	// Unsorted inputs, zeros included, checked move by move against the
	// ordered-tuple oracle.
	o := newNimOracle()
	inputs := [][]int{{}, {0}, {0, 0}, {3, 4, 5}, {5, 4, 3}, {2, 0, 2}, {1, 1, 1}, {4, 1, 6, 3}, {7, 7, 7, 7}, {6, 0, 5, 2, 1}}
	for _, piles := range inputs {
		ans, err := Solve(piles)
		if err != nil {
			t.Fatal(err)
		}
		if ans.Method != MethodSearch {
			t.Errorf("%v: method %q, want search", piles, ans.Method)
		}
		var want []Move
		for i, p := range piles {
			for q := range p {
				child := slices.Clone(piles)
				child[i] = q
				if !o.wins(child) {
					want = append(want, Move{Pile: i, NewSize: q})
				}
			}
		}
		if ans.WinningMoves == nil || !slices.Equal(ans.WinningMoves, want) {
			t.Errorf("%v: winning moves got %v, want %v (oracle)", piles, ans.WinningMoves, want)
		}
		if got, want := ans.Win, o.wins(piles); got != want {
			t.Errorf("%v: win got %t, want %t (oracle)", piles, got, want)
		}
		if !slices.Equal(ans.Piles, piles) {
			t.Errorf("%v: Piles got %v", piles, ans.Piles)
		}
	}
}

func TestSolveNimMethods(t *testing.T) {
	seven := []int{7, 7, 7, 7, 7, 7, 7}
	big := []int{1 << 40, 12345, 999999}
	tests := []struct {
		name   string
		piles  []int
		method string
	}{
		{"3-4-5", []int{3, 4, 5}, MethodSearch},
		{"seven sevens", seven, MethodSearch},
		{"ten fifteens", []int{15, 15, 15, 15, 15, 15, 15, 15, 15, 15}, MethodBouton},
		{"one pile of 1024", []int{1024}, MethodBouton},
		{"one pile of 1000", []int{1000}, MethodSearch},
		{"huge", big, MethodBouton},
		{"many ones", slices.Repeat([]int{1}, 2000), MethodBouton},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ans, err := Solve(tc.piles)
			if err != nil {
				t.Fatal(err)
			}
			if ans.Method != tc.method {
				t.Errorf("method got %q, want %q", ans.Method, tc.method)
			}
			// Either way the answer must satisfy Bouton's theorem, which
			// the search was checked against above.
			x := 0
			for _, p := range tc.piles {
				x ^= p
			}
			if ans.NimSum != x || ans.Win != (x != 0) {
				t.Errorf("nim-sum %d win %t, want %d %t", ans.NimSum, ans.Win, x, x != 0)
			}
			for _, mv := range ans.WinningMoves {
				if mv.NewSize != tc.piles[mv.Pile]^x {
					t.Errorf("move %+v does not reach nim-sum 0", mv)
				}
			}
		})
	}
	if _, err := Solve([]int{3, -1}); err == nil || !strings.Contains(err.Error(), "nim.Solve: pile 1 -1 is out of range (allowed: 0 to") {
		t.Errorf("negative pile: got %v", err)
	}
}

func TestNimArguments(t *testing.T) {
	tests := []struct {
		name      string
		piles, mx int
		want      string
	}{
		{"no piles", 0, 5, "maxPiles 0 is out of range (allowed: 1 to 2147483646)"},
		{"no stones", 5, 0, "maxPile 0 is out of range (allowed: 1 to 2147483646)"},
		{"too many", 40, 40, "positions, more than the 2147483646 allowed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Positions(context.Background(), tc.piles, tc.mx, grundy.Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
			if got := Memory(tc.piles, tc.mx); got != 0 {
				t.Errorf("Memory got %d, want 0", got)
			}
		})
	}
	if got := PositionCount(100, 100); got != 1<<63-1 {
		t.Errorf("PositionCount(100, 100) got %d, want saturation at MaxInt64", got)
	}
	if got, want := PositionCount(10, 15), int64(3268759); got != want {
		t.Errorf("PositionCount(10, 15) got %d, want %d (C(25,10) - 1)", got, want)
	}
	if got, want := Memory(10, 15), int64(3268760*8); got < want || got > want+want/10 {
		t.Errorf("Memory(10, 15) got %d, want about %d", got, want)
	}
}

func TestNimWorkersProgressCancel(t *testing.T) {
	base, err := Positions(context.Background(), 6, 9, grundy.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var last int64
	progress := func(done, total int64) {
		mu.Lock()
		defer mu.Unlock()
		if total != base.Len() {
			t.Errorf("progress total got %d, want %d", total, base.Len())
		}
		if done < last {
			t.Errorf("progress went back from %d to %d", last, done)
		}
		last = done
	}
	tab, err := Positions(context.Background(), 6, 9, grundy.Options{Workers: 3, Progress: progress})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tab.moves, base.moves) {
		t.Error("workers=3 and workers=1 disagree")
	}
	if last != base.Len() {
		t.Errorf("final progress %d, want %d", last, base.Len())
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Positions(ctx, 6, 9, grundy.Options{Workers: 2}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v, want context.Canceled", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	stop := func(done, total int64) {
		if done > 0 {
			cancel()
		}
	}
	if _, err := Positions(ctx, 8, 12, grundy.Options{Workers: 2, Progress: stop}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled while running: got %v, want context.Canceled", err)
	}

	// Each stops at emit's error and at cancellation.
	sentinel := errors.New("stop")
	calls := 0
	err = base.Each(context.Background(), 10, func([]Position) error { calls++; return sentinel })
	if !errors.Is(err, sentinel) || calls != 1 {
		t.Errorf("Each: got %v after %d calls, want the emit error after 1", err, calls)
	}
	ctx, cancel = context.WithCancel(context.Background())
	calls = 0
	err = base.Each(ctx, 10, func([]Position) error { calls++; cancel(); return nil })
	if !errors.Is(err, context.Canceled) || calls != 1 {
		t.Errorf("Each: got %v after %d calls, want context.Canceled after 1", err, calls)
	}
}
