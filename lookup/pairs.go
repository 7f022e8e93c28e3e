package lookup

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/caniwin"
	"github.com/tabulate-games/tabulate/output"
)

// The tables Can I Win and Nim are answered from.
const (
	caniwinRel = "caniwin/pairs.parquet"
	nimRel     = "nim/positions.parquet"
)

// lists reads a verified list<int32> column, once.
func (t *Tables) lists(rel, name string) ([][]int32, error) {
	key := rel + "#" + name
	if v, ok := t.int32Lists[key]; ok {
		return v, nil
	}
	if err := output.VerifyFile(t.Dir, t.manifest, rel); err != nil {
		return nil, err
	}
	v, err := output.ReadInt32Lists(filepath.Join(t.Dir, filepath.FromSlash(rel)), name)
	if err != nil {
		return nil, err
	}
	t.int32Lists[key] = v
	return v, nil
}

// caniwin answers a pair M T from caniwin/pairs, the full grid
// 1 <= M <= max_choosable, 0 <= T <= max_total in order: the row of (M, T)
// is (M-1)(max_total+1) + T. The outcome is first when first_player_wins,
// else unreachable where 1+...+M < T (the table's rule), else second.
func (t *Tables) caniwin(args []string) (*games.Answer, error) {
	if len(args) != 2 {
		return nil, &games.ArgError{Arg: "solve caniwin", Problem: "takes two numbers, M and T"}
	}
	m, err := games.ParseArg("M", args[0], 1, caniwin.MaxChoosable)
	if err != nil {
		return nil, err
	}
	total, err := games.ParseArg("T", args[1], 0, 1<<31-1)
	if err != nil {
		return nil, err
	}
	ms, err := column(t, t.int32s, caniwinRel, "max_choosable")
	if err != nil {
		return nil, err
	}
	ts, err := column(t, t.int32s, caniwinRel, "desired_total")
	if err != nil {
		return nil, err
	}
	wins, err := column(t, t.bools, caniwinRel, "first_player_wins")
	if err != nil {
		return nil, err
	}
	moves, err := t.lists(caniwinRel, "winning_moves")
	if err != nil {
		return nil, err
	}
	width := 0
	for width < len(ms) && ms[width] == 1 {
		width++
	}
	if width == 0 || len(ms)%width != 0 || len(ts) != len(ms) || len(wins) != len(ms) || len(moves) != len(ms) {
		return nil, fmt.Errorf("%s: not the full grid of pairs that tabulate writes", t.source(caniwinRel))
	}
	maxM, maxT := len(ms)/width, width-1
	if int(m) > maxM || int(total) > maxT {
		return nil, &BoundsError{Game: "caniwin", Position: fmt.Sprintf("M = %d, T = %d", m, total),
			Holds: fmt.Sprintf("%s holds M = 1 to %d, T = 0 to %d", caniwinRel, maxM, maxT)}
	}
	row := (int(m)-1)*width + int(total)
	if int64(ms[row]) != m || int64(ts[row]) != total {
		return nil, fmt.Errorf("%s: row %d holds (%d, %d), not (%d, %d)", t.source(caniwinRel), row, ms[row], ts[row], m, total)
	}
	ans := &games.Answer{Game: "caniwin", Position: []int{int(m), int(total)}, Win: wins[row], WinningMoves: []int{}, Source: t.source(caniwinRel)}
	switch {
	case wins[row]:
		ans.Outcome = caniwin.OutcomeFirst.String()
	case m*(m+1)/2 < total:
		ans.Outcome = "unreachable"
	default:
		ans.Outcome = caniwin.OutcomeSecond.String()
	}
	for _, x := range moves[row] {
		ans.WinningMoves = append(ans.WinningMoves.([]int), int(x))
	}
	return ans, nil
}

// nim answers piles from nim/positions, whose rows are the multisets of
// 1..max_piles piles of 1..max_pile in ascending order. Empty piles are left
// out of the look-up (they change nothing), and the winning moves, listed
// there by the index of a pile in the sorted list, are given back by the
// index of that pile as it was given.
func (t *Tables) nim(args []string) (*games.Answer, error) {
	if len(args) == 0 {
		return nil, &games.ArgError{Arg: "solve nim", Problem: "takes one or more pile sizes"}
	}
	piles := make([]int, len(args))
	var order []int // indices of the non-empty piles, by size (stable)
	for i, s := range args {
		p, err := games.ParseArg(fmt.Sprintf("pile %d", i+1), s, 0, 1<<31-1)
		if err != nil {
			return nil, err
		}
		piles[i] = int(p)
		if p > 0 {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return piles[a] - piles[b] })
	rows, err := t.lists(nimRel, "piles")
	if err != nil {
		return nil, err
	}
	sums, err := column(t, t.int32s, nimRel, "nim_sum")
	if err != nil {
		return nil, err
	}
	wins, err := column(t, t.bools, nimRel, "win")
	if err != nil {
		return nil, err
	}
	movePiles, err := t.lists(nimRel, "winning_piles")
	if err != nil {
		return nil, err
	}
	moveSizes, err := t.lists(nimRel, "winning_sizes")
	if err != nil {
		return nil, err
	}
	if len(sums) != len(rows) || len(wins) != len(rows) || len(movePiles) != len(rows) || len(moveSizes) != len(rows) {
		return nil, fmt.Errorf("%s: its columns have different lengths", t.source(nimRel))
	}
	if t.nimRows == nil {
		t.nimRows = make(map[string]int, len(rows))
		for i, r := range rows {
			t.nimRows[pilesKey(r)] = i
		}
	}
	sorted := make([]int32, len(order))
	for j, i := range order {
		sorted[j] = int32(piles[i])
	}
	if len(sorted) == 0 {
		// No stones at all: the player to move cannot move and loses.
		return &games.Answer{Game: "nim", Position: piles, Grundy: new(int64), WinningMoves: []games.NimMove{}, Source: t.source(nimRel)}, nil
	}
	row, ok := t.nimRows[pilesKey(sorted)]
	if !ok {
		return nil, &BoundsError{Game: "nim", Position: fmt.Sprintf("piles %v", piles),
			Holds: fmt.Sprintf("%s holds every multiset of piles from its run's bounds (max_piles, max_pile)", nimRel)}
	}
	moves := []games.NimMove{}
	for k, idx := range movePiles[row] {
		if idx < 1 || int(idx) > len(order) || k >= len(moveSizes[row]) {
			return nil, fmt.Errorf("%s: row %d lists a move on pile %d of %d", t.source(nimRel), row, idx, len(order))
		}
		i := order[idx-1]
		moves = append(moves, games.NimMove{Pile: i + 1, From: piles[i], To: int(moveSizes[row][k])})
	}
	slices.SortFunc(moves, func(a, b games.NimMove) int { return a.Pile - b.Pile })
	v := int64(sums[row])
	return &games.Answer{Game: "nim", Position: piles, Grundy: &v, Win: wins[row], WinningMoves: moves, Source: t.source(nimRel)}, nil
}

// pilesKey is a map key for a sorted list of piles.
func pilesKey(piles []int32) string {
	var b strings.Builder
	for _, p := range piles {
		fmt.Fprintf(&b, "%d,", p)
	}
	return b.String()
}
