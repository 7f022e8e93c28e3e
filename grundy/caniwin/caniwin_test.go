package caniwin

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// caniwinOracle is the original problem's algorithm (LeetCode 464, "Can I
// Win"): a memoised search over the set of used numbers for one pair (m,
// total). The total still needed is determined by the used set, so the memo
// is keyed by the used mask alone.
type caniwinOracle struct {
	m, total int
	memo     []int8 // 0 unknown, 1 the player to move wins, 2 loses
}

func newCaniwinOracle(m, total int) *caniwinOracle {
	return &caniwinOracle{m: m, total: total, memo: make([]int8, 1<<m)}
}

// wins reports whether the player to move from the used set can force a win
// when remaining more is needed.
func (o *caniwinOracle) wins(used, remaining int) bool {
	if v := o.memo[used]; v != 0 {
		return v == 1
	}
	win := false
	for x := 1; x <= o.m; x++ {
		bit := 1 << (x - 1)
		if used&bit != 0 {
			continue
		}
		if x >= remaining || !o.wins(used|bit, remaining-x) {
			win = true
			break
		}
	}
	if win {
		o.memo[used] = 1
	} else {
		o.memo[used] = 2
	}
	return win
}

// outcome applies the original problem's conventions before the search.
func (o *caniwinOracle) outcome() Outcome {
	switch {
	case o.total <= o.m:
		return OutcomeFirst
	case o.m*(o.m+1)/2 < o.total:
		return OutcomeUnreachable
	case o.wins(0, o.total):
		return OutcomeFirst
	}
	return OutcomeSecond
}

// moveWins reports whether first pick x wins: it reaches the total, or the
// opponent cannot force a win from what is left.
func (o *caniwinOracle) moveWins(x int) bool {
	return x >= o.total || !o.wins(1<<(x-1), o.total-x)
}

// caniwinCheckPair compares the engine's answer for (m, total) with the
// oracle's.
func caniwinCheckPair(t *testing.T, tab *Table, m, total int) {
	t.Helper()
	o := newCaniwinOracle(m, total)
	want := o.outcome()
	if got := tab.Outcome(m, total); got != want {
		t.Errorf("M=%d T=%d: outcome got %v, want %v (oracle)", m, total, got, want)
		return
	}
	if got := tab.Outcome(m, total).FirstPlayerWins(); got != (want == OutcomeFirst) {
		t.Errorf("M=%d T=%d: first_player_wins got %t, want %t (oracle)", m, total, got, want == OutcomeFirst)
	}
	moves := tab.WinningMoves(m, total)
	if moves == nil {
		t.Errorf("M=%d T=%d: WinningMoves returned nil, want a non-nil slice", m, total)
	}
	if !slices.IsSorted(moves) {
		t.Errorf("M=%d T=%d: winning moves %v not ascending", m, total, moves)
	}
	if want == OutcomeUnreachable {
		if len(moves) != 0 {
			t.Errorf("M=%d T=%d: unreachable pair has winning moves %v, want none", m, total, moves)
		}
		return
	}
	var wantMoves []int32
	for x := 1; x <= m; x++ {
		if o.moveWins(x) {
			wantMoves = append(wantMoves, int32(x))
		}
	}
	if !slices.Equal(moves, wantMoves) {
		t.Errorf("M=%d T=%d: winning moves got %v, want %v (oracle)", m, total, moves, wantMoves)
	}
	if (len(moves) > 0) != (want == OutcomeFirst) {
		t.Errorf("M=%d T=%d: %d winning moves but outcome %v", m, total, len(moves), want)
	}
}

func TestCanIWinOracleSmall(t *testing.T) {
	// Every pair with M <= 12 and T <= 80 (1+...+12 = 78, so the
	// unreachable side is covered too).
	tab, err := Tabulate(context.Background(), 12, 80, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for m := 1; m <= 12; m++ {
		for total := 0; total <= 80; total++ {
			caniwinCheckPair(t, tab, m, total)
		}
	}
}

func TestCanIWinOracleLarge(t *testing.T) {
	// Larger pairs, several at M = 20 around the hardest totals (near half
	// of 1+...+20 = 210 and near the unreachable edge), checked against the
	// per-pair memoised search.
	pairs := [][2]int{
		{20, 0}, {20, 20}, {20, 21}, {20, 30}, {20, 100}, {20, 150},
		{20, 170}, {20, 200}, {20, 209}, {20, 210}, {20, 211}, {20, 300},
		{18, 100}, {17, 153}, {16, 64}, {15, 100}, {14, 50}, {13, 91},
	}
	tab, err := Tabulate(context.Background(), 20, 300, grundy.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pairs {
		t.Run(fmt.Sprintf("M=%d,T=%d", p[0], p[1]), func(t *testing.T) {
			caniwinCheckPair(t, tab, p[0], p[1])
		})
	}
}

func TestCanIWinPublishedExamples(t *testing.T) {
	// LeetCode 464 "Can I Win": Example 1 (maxChoosableInteger = 10,
	// desiredTotal = 11 -> false), Example 2 (10, 0 -> true), Example 3
	// (10, 1 -> true).
	tab, err := Tabulate(context.Background(), 10, 11, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		m, total int
		want     bool
	}{
		{"LeetCode 464 Example 1", 10, 11, false},
		{"LeetCode 464 Example 2", 10, 0, true},
		{"LeetCode 464 Example 3", 10, 1, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tab.Outcome(tc.m, tc.total).FirstPlayerWins(); got != tc.want {
				t.Errorf("M=%d T=%d: got %t, want %t", tc.m, tc.total, got, tc.want)
			}
		})
	}
}

func TestCanIWinConventions(t *testing.T) {
	tab, err := Tabulate(context.Background(), 5, 15, grundy.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	// T = 0: every pick wins at once.
	if got, want := tab.WinningMoves(5, 0), []int32{1, 2, 3, 4, 5}; !slices.Equal(got, want) {
		t.Errorf("M=5 T=0: got %v, want %v", got, want)
	}
	// T <= M: exactly the picks x >= T.
	if got, want := tab.WinningMoves(5, 4), []int32{4, 5}; !slices.Equal(got, want) {
		t.Errorf("M=5 T=4: got %v, want %v", got, want)
	}
	// 1+2+3 = 6 < 7: unreachable, no winning moves.
	if got := tab.Outcome(3, 7); got != OutcomeUnreachable || got.FirstPlayerWins() {
		t.Errorf("M=3 T=7: got %v (first wins %t), want unreachable (false)", got, got.FirstPlayerWins())
	}
	if got := tab.WinningMoves(3, 7); got == nil || len(got) != 0 {
		t.Errorf("M=3 T=7: got %#v, want an empty slice", got)
	}
	// M = 1, T = 1: pick 1 and win. M = 2, T = 3: 1+2 = 3, whoever picks
	// second reaches 3, so the second player wins.
	if got := tab.Outcome(1, 1); got != OutcomeFirst {
		t.Errorf("M=1 T=1: got %v, want first", got)
	}
	if got := tab.Outcome(2, 3); got != OutcomeSecond {
		t.Errorf("M=2 T=3: got %v, want second", got)
	}
	for o, want := range map[Outcome]string{
		OutcomeFirst: "first", OutcomeSecond: "second", OutcomeUnreachable: "unreachable", 0: "Outcome(0)",
	} {
		if got := o.String(); got != want {
			t.Errorf("Outcome(%d).String() got %q, want %q", o, got, want)
		}
	}
}

func TestCanIWinArguments(t *testing.T) {
	tests := []struct {
		name     string
		m, total int
		want     string
	}{
		{"M zero", 0, 0, "maxChoosable 0 is out of range (allowed: 1 to 25)"},
		{"M negative", -3, 0, "maxChoosable -3 is out of range (allowed: 1 to 25)"},
		{"M too large", 26, 10, "maxChoosable 26 is out of range (allowed: 1 to 25)"},
		{"T negative", 10, -1, "maxTotal -1 is out of range (allowed: 0 to 325)"},
		{"T too large", 10, 326, "maxTotal 326 is out of range (allowed: 0 to 325)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Tabulate(context.Background(), tc.m, tc.total, grundy.Options{})
			var re *grundy.RangeError
			if !errors.As(err, &re) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got error %v, want a *grundy.RangeError containing %q", err, tc.want)
			}
			if got := Memory(tc.m, tc.total); got != 0 {
				t.Errorf("Memory got %d, want 0", got)
			}
		})
	}
}

func TestCanIWinWorkersAgree(t *testing.T) {
	base, err := Tabulate(context.Background(), 16, 136, grundy.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{2, 3, 7} {
		tab, err := Tabulate(context.Background(), 16, 136, grundy.Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(tab.outcomes, base.outcomes) || !slices.Equal(tab.moves, base.moves) {
			t.Errorf("workers=%d: table differs from workers=1", w)
		}
	}
	// A smaller max_total gives the same answers on the pairs both hold.
	small, err := Tabulate(context.Background(), 16, 40, grundy.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for m := 1; m <= 16; m++ {
		for total := 0; total <= 40; total++ {
			if small.Outcome(m, total) != base.Outcome(m, total) ||
				!slices.Equal(small.WinningMoves(m, total), base.WinningMoves(m, total)) {
				t.Errorf("M=%d T=%d: max_total 40 and 136 disagree", m, total)
			}
		}
	}
}

func TestCanIWinProgressAndCancel(t *testing.T) {
	var mu sync.Mutex
	var last, calls int64
	progress := func(done, total int64) {
		mu.Lock()
		defer mu.Unlock()
		if total != 1<<18 {
			t.Errorf("progress total got %d, want %d", total, 1<<18)
		}
		if done < last {
			t.Errorf("progress went back from %d to %d", last, done)
		}
		last = done
		calls++
	}
	if _, err := Tabulate(context.Background(), 18, 171, grundy.Options{Workers: 2, Progress: progress}); err != nil {
		t.Fatal(err)
	}
	if last != 1<<18 {
		t.Errorf("final progress got %d, want %d", last, 1<<18)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Tabulate(ctx, 18, 171, grundy.Options{Workers: 2}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before start: got %v, want context.Canceled", err)
	}

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	var seen int64
	stop := func(done, total int64) {
		if done > 1<<12 {
			cancel()
		}
		mu.Lock()
		seen = max(seen, done)
		mu.Unlock()
	}
	if _, err := Tabulate(ctx, 22, 253, grundy.Options{Workers: 2, Progress: stop}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled while running: got %v, want context.Canceled", err)
	}
	if seen > 1<<21 {
		t.Errorf("cancelled early but %d of %d sets were finished", seen, 1<<22)
	}
}

func TestCanIWinMemory(t *testing.T) {
	// The widest layer at M = 25 is layer 14 once the words per set are
	// counted: C(25,14) = 4,457,400 sets, and the 14 largest numbers sum to
	// 25+24+...+12 = 259, so 5 words a set; two such buffers.
	if got, want := Memory(25, 325), int64(2*4457400*5*8); got < want || got > want+want/10 {
		t.Errorf("Memory(25, 325) got %d, want about %d", got, want)
	}
	if got, want := Memory(20, 300), Memory(20, 210); got > want+want/100 {
		t.Errorf("Memory(20, 300) got %d, want about %d as for T = 210 (higher totals are unreachable)", got, want)
	}
	if got := Memory(20, 300); got > 20<<20 {
		t.Errorf("Memory(20, 300) got %d, want under 20 MiB", got)
	}
}

func TestCanIWinOracleWide(t *testing.T) {
	// Pools of 23 numbers sum to 276, so their bitsets reach 5 words, past
	// the widths the engine spells out; check pairs there against the
	// per-pair memoised search.
	if testing.Short() {
		t.Skip("solves M = 23 (seconds)")
	}
	tab, err := Tabulate(context.Background(), 23, 276, grundy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range [][2]int{{23, 150}, {23, 256}, {23, 260}, {23, 271}, {23, 275}, {23, 276}, {22, 253}, {21, 200}} {
		t.Run(fmt.Sprintf("M=%d,T=%d", p[0], p[1]), func(t *testing.T) {
			caniwinCheckPair(t, tab, p[0], p[1])
		})
	}
}
