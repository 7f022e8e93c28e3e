package heapgame_test

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
)

// oracleGame is a one-heap game by its literal rules, sharing no code with
// the engines or the answers: its moves from a heap of n in the order
// tabulate lists them, and g by the plain mex over them.
type oracleGame struct {
	moves func(n int) []heapgame.HeapMove
	g     []int
}

// octalOracle is the octal game of the digits d[0], d[1], ...: removing k
// may take a whole heap of k (bit 1), leave one heap (bit 2) or leave two
// non-empty heaps (bit 4), each pair listed once, smaller heap first.
func octalOracle(d []int, max int) *oracleGame {
	o := &oracleGame{moves: func(n int) []heapgame.HeapMove {
		var out []heapgame.HeapMove
		for k := 0; k < len(d) && k <= n; k++ {
			if d[k]&1 != 0 && k >= 1 && n == k {
				out = append(out, heapgame.HeapMove{Remove: k, Leaves: []int{}})
			}
			if d[k]&2 != 0 && k >= 1 && n > k {
				out = append(out, heapgame.HeapMove{Remove: k, Leaves: []int{n - k}})
			}
			if d[k]&4 != 0 {
				for a := 1; 2*a <= n-k; a++ {
					out = append(out, heapgame.HeapMove{Remove: k, Leaves: []int{a, n - k - a}})
				}
			}
		}
		return out
	}}
	o.fill(max)
	return o
}

// takeOracle is the subtraction game whose moves remove any x with
// allowed(x), removals ascending.
func takeOracle(allowed func(x int) bool, max int) *oracleGame {
	o := &oracleGame{moves: func(n int) []heapgame.HeapMove {
		var out []heapgame.HeapMove
		for x := 1; x <= n; x++ {
			if allowed(x) {
				out = append(out, heapgame.HeapMove{Remove: x, Leaves: []int{n - x}})
			}
		}
		return out
	}}
	o.fill(max)
	return o
}

func (o *oracleGame) fill(max int) {
	o.g = make([]int, max+1)
	for n := range o.g {
		seen := map[int]bool{}
		for _, m := range o.moves(n) {
			v := 0
			for _, l := range m.Leaves {
				v ^= o.g[l]
			}
			seen[v] = true
		}
		for seen[o.g[n]] {
			o.g[n]++
		}
	}
}

// answer is the oracle's answer to the heaps: the XOR of their values and
// every winning move, heap by heap.
func (o *oracleGame) answer(heaps []int) (int, []heapgame.HeapMove) {
	x := 0
	for _, h := range heaps {
		x ^= o.g[h]
	}
	var wins []heapgame.HeapMove
	for i, h := range heaps {
		for _, m := range o.moves(h) {
			v := x ^ o.g[h]
			for _, l := range m.Leaves {
				v ^= o.g[l]
			}
			if v == 0 {
				if len(heaps) > 1 {
					m.Heap = i + 1
				}
				wins = append(wins, m)
			}
		}
	}
	return x, wins
}

// periodicCase is a game with its period as published (checked against the
// oracle's values before use), for reducing a heap past the oracle into it.
type periodicCase struct {
	family, rules string
	def           func() (games.Def, error)
	oracle        *oracleGame
	period, from  int // g(n+period) = g(n) + saltus for n >= from
	saltus        int
	// legal, when set, says whether a removal is a move (a subtraction
	// game whose moves from a big heap are not those of a small one).
	legal func(remove int) bool
}

// reduce returns the heap of the oracle's range that the period says has
// the value of n less k saltus steps, with k: n itself when it is in range.
func (c periodicCase) reduce(n int64) (int, int64) {
	if n < int64(len(c.oracle.g)) {
		return int(n), 0
	}
	p, n0 := int64(c.period), int64(c.from)
	r := (n - n0) % p
	m := n0 + r + p*int64(3) // well past the preperiod, within the oracle
	return int(m), (n - m) / p
}

// value is g(n) by the oracle and the published period.
func (c periodicCase) value(n int64) int64 {
	m, k := c.reduce(n)
	return int64(c.oracle.g[m]) + int64(c.saltus)*k
}

func periodicCases(t *testing.T) []periodicCase {
	rules := func(family, r string) func() (games.Def, error) {
		return func() (games.Def, error) {
			_, m, err := games.ParseSpec(family + ":" + r)
			if err != nil {
				return games.Def{}, err
			}
			return m.Def("g")
		}
	}
	allBut := func(excluded ...int) func(x int) bool {
		return func(x int) bool { return x >= 1 && !slices.Contains(excluded, x) }
	}
	cs := []periodicCase{
		// Kayles: period 12 from n = 71 (Guy and Smith 1956; Winning
		// Ways, vol. 1, ch. 4).
		{family: "octal", rules: "0.77", oracle: octalOracle([]int{0, 7, 7}, 3000), period: 12, from: 71},
		// Dawson's Kayles (0.07): period 34, the last exception at n = 51
		// once shifted (Winning Ways, vol. 1, ch. 4): from n = 53 here.
		{family: "octal", rules: "0.07", oracle: octalOracle([]int{0, 0, 7}, 3000), period: 34, from: 53},
		// {1, 3, 4}: 0 1 0 1 2 3 2 repeated, period 7 from 0 (Winning Ways,
		// vol. 1, ch. 4).
		{family: "subtraction", rules: "1,3,4", oracle: takeOracle(func(x int) bool { return x == 1 || x == 3 || x == 4 }, 3000), period: 7, from: 0},
		// All-but games, arithmetic periodic (A. Siegel, "Finite excluded
		// subtraction sets and infinite modular Nim", 2005); the periods,
		// saltus and preperiods are those of issue 22, each checked
		// against the plain mex below.
		{family: "subtraction", rules: "all-but:3,5,7,10", oracle: takeOracle(allBut(3, 5, 7, 10), 1500), period: 15, from: 85, saltus: 5,
			legal: allBut(3, 5, 7, 10)},
		{family: "subtraction", rules: "all-but:2,3,7,8,10", oracle: takeOracle(allBut(2, 3, 7, 8, 10), 1500), period: 12, from: 64, saltus: 4,
			legal: allBut(2, 3, 7, 8, 10)},
		{family: "subtraction", rules: "all-but:2,3,6,8", oracle: takeOracle(allBut(2, 3, 6, 8), 1500), period: 9, from: 42, saltus: 3,
			legal: allBut(2, 3, 6, 8)},
	}
	for i := range cs {
		cs[i].def = rules(cs[i].family, cs[i].rules)
		g, c := cs[i].oracle.g, cs[i]
		for n := c.from; n+c.period < len(g); n++ {
			if g[n+c.period] != g[n]+c.saltus {
				t.Fatalf("%s: the published period %d from %d fails the oracle at n = %d", c.rules, c.period, c.from, n)
			}
		}
		if n := c.from - 1; n >= 0 && g[n+c.period] == g[n]+c.saltus {
			t.Fatalf("%s: the period %d holds from before n = %d in the oracle", c.rules, c.period, c.from)
		}
	}
	return cs
}

// TestProvenPeriodAnswersAnyHeap checks tabulate solve's answers for games
// defined by rules against the plain mex over their literal rules: heaps
// and sums within the oracle (up to 3000, past the values the solver
// computes to prove the period, so most are answered by the period), and
// heaps up to 10^18 by reducing them with the published period, every
// winning move checked to be a move of the literal rules leading to a
// position of value 0.
func TestProvenPeriodAnswersAnyHeap(t *testing.T) {
	ctx := context.Background()
	for _, c := range periodicCases(t) {
		t.Run(c.rules, func(t *testing.T) {
			d, err := c.def()
			if err != nil {
				t.Fatal(err)
			}
			byPeriod := 0
			top := len(c.oracle.g) - 1
			positions := [][]int{{0}, {1}, {5}, {70}, {71}, {100}, {top / 2}, {top}, {5, 3, 8}, {top - 999, top / 3}, {top, top - 1, 77}}
			for n := top - 100; n < top; n++ {
				positions = append(positions, []int{n}, []int{n, top - n})
			}
			for _, heaps := range positions {
				args := make([]string, len(heaps))
				for i, h := range heaps {
					args[i] = strconv.Itoa(h)
				}
				a, err := d.Solve.Answer(ctx, args)
				if err != nil {
					t.Fatalf("%v: %v", heaps, err)
				}
				x, wins := c.oracle.answer(heaps)
				got := fmt.Sprint(a.WinningMoves)
				if *a.Grundy != int64(x) || a.Win != (x != 0) || got != fmt.Sprint(wins) || a.MovesNotShown != 0 {
					t.Errorf("%v: grundy %d win %v moves %s (+%d); oracle %d %v", heaps, *a.Grundy, a.Win, got, a.MovesNotShown, x, wins)
				}
				if a.By != "" {
					byPeriod++
					want := fmt.Sprintf("period %d from n = %d, proven by ", c.period, c.from)
					if c.saltus != 0 {
						want = fmt.Sprintf("period %d with saltus %d from n = %d, proven by ", c.period, c.saltus, c.from)
					}
					if !strings.Contains(a.By, want) {
						t.Errorf("%v: by %q", heaps, a.By)
					}
				}
			}
			if byPeriod == 0 {
				t.Errorf("no position was answered by the period")
			}
			for _, n := range []int64{1e18, 1e18 - 1, 123456789012345678, 1 << 40, 999_999_999_999} {
				checkBigHeap(t, ctx, d, c, []int64{n})
			}
			checkBigHeap(t, ctx, d, c, []int64{1e18, 17, 1<<50 + 3})
		})
	}
}

// checkBigHeap checks the answer for heaps past the oracle: the value by
// the published period, and each listed winning move a move of the literal
// rules (the same move from the heap reduced by the period) whose result
// has value 0.
func checkBigHeap(t *testing.T, ctx context.Context, d games.Def, c periodicCase, heaps []int64) {
	t.Helper()
	args := make([]string, len(heaps))
	var x int64
	for i, h := range heaps {
		args[i] = strconv.FormatInt(h, 10)
		x ^= c.value(h)
	}
	a, err := d.Solve.Answer(heapgame.WithMaxMoves(ctx, 50), args)
	if err != nil {
		t.Fatalf("%v: %v", heaps, err)
	}
	if *a.Grundy != x || a.Win != (x != 0) || a.By == "" {
		t.Errorf("%v: grundy %d win %v by %q; want %d by the period", heaps, *a.Grundy, a.Win, a.By, x)
	}
	moves := a.WinningMoves.([]heapgame.HeapMove)
	if len(moves) > 50 {
		t.Errorf("%v: %d moves listed, more than --max-moves 50", heaps, len(moves))
	}
	if x != 0 && len(moves) == 0 {
		t.Errorf("%v: a winning position with no winning move", heaps)
	}
	for _, m := range moves {
		i := max(m.Heap, 1) - 1
		n := heaps[i]
		// The move is a move of the heap reduced by a whole number of
		// periods when it leaves one heap past the preperiod: the oracle
		// lists it (or its equivalent) there.
		sum := int64(m.Remove)
		v := x ^ c.value(n)
		for _, l := range m.Leaves {
			sum += int64(l)
			v ^= c.value(int64(l))
		}
		if sum != n || v != 0 || m.Remove < 0 {
			t.Errorf("%v: move %v does not lead to 0 (leaves value %d, sum %d)", heaps, m, v, sum)
		}
		legal := false
		small, _ := c.reduce(n)
		for _, om := range c.oracle.moves(small) {
			if om.Remove == m.Remove && len(om.Leaves) == len(m.Leaves) {
				legal = true
			}
		}
		if c.legal != nil {
			legal = c.legal(m.Remove) && len(m.Leaves) == 1
		}
		if !legal {
			t.Errorf("%v: move %v is not a move of the rules", heaps, m)
		}
	}
}

// TestProvenPeriodCounts checks the count of winning moves past the values
// the solver computed (listed and not shown) against the oracle's for heaps
// it holds, with --max-moves cutting the list.
func TestProvenPeriodCounts(t *testing.T) {
	ctx := context.Background()
	for _, c := range periodicCases(t)[:2] {
		d, err := c.def()
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{2500, 2501, 2777, 2999} {
			for _, target := range [][]int{{n}, {n, 1}, {n, 2}, {n, 3}} {
				_, wins := c.oracle.answer(target)
				args := []string{}
				for _, h := range target {
					args = append(args, strconv.Itoa(h))
				}
				a, err := d.Solve.Answer(heapgame.WithMaxMoves(ctx, 3), args)
				if err != nil {
					t.Fatal(err)
				}
				listed := a.WinningMoves.([]heapgame.HeapMove)
				if int64(len(listed))+a.MovesNotShown != int64(len(wins)) || len(listed) > 3 ||
					(len(wins) > 0 && fmt.Sprint(listed) != fmt.Sprint(wins[:len(listed)])) {
					t.Errorf("%s %v: %d listed + %d not shown (%v); oracle %d", c.rules, target, len(listed), a.MovesNotShown, listed, len(wins))
				}
			}
		}
	}
}
