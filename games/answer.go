package games

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/caniwin"
	"github.com/tabulate-games/tabulate/grundy/flip"
	"github.com/tabulate-games/tabulate/grundy/nim"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

// Answer is what tabulate solve says about one position, printed as text or
// as one JSON object a line (--json):
//
//	{"game":"squares","position":20,"grundy":0,"win":false,"winning_moves":[],"source":"computed"}
//
// Every answer has the same keys; winning_moves is always a list (empty for
// a losing position), whose elements depend on the game: the number of
// stones removed (squares), the index i of the "++" turned into "--" (flip),
// the first pick (caniwin), a {"pile", "from", "to"} object (nim, piles
// numbered from 1), a {"heap", "leaves"} object (Grundy's game: the heap,
// numbered from 1, and the two it is split into) and a {"remove", "leaves"}
// object (games defined by rules: the heaps the move leaves).
type Answer struct {
	Game string `json:"game"`
	// Position is the position as given: n (a number), a board (a string),
	// [M, T] (caniwin) or the piles (nim).
	Position any `json:"position"`
	// Grundy is the position's Grundy value, or nil when it was not
	// computed (take-a-square past subtraction.SquaresSolveGrundyMax, and Can I
	// Win, which does not decompose into a sum).
	Grundy *int64 `json:"grundy"`
	// Win reports whether the player to move wins with perfect play (for
	// Can I Win: whether the first player can force a win).
	Win bool `json:"win"`
	// Outcome is caniwin's first, second or unreachable; empty otherwise.
	Outcome      string `json:"outcome,omitempty"`
	WinningMoves any    `json:"winning_moves"`
	// Source is "computed", or the table the answer was read from.
	Source string `json:"source"`
}

// NimMove is a winning move in nim: pile Pile (from 1) goes from From
// stones to To.
type NimMove struct {
	Pile int `json:"pile"`
	From int `json:"from"`
	To   int `json:"to"`
}

// HeapMove is a move of a one-heap game defined by rules: Remove stones
// taken, leaving the heaps Leaves (none, one or two).
type HeapMove struct {
	Remove int   `json:"remove"`
	Leaves []int `json:"leaves"`
}

func int64p(v int64) *int64 { return &v }

// WriteText prints a in the plain form of tabulate solve.
func (a *Answer) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, position %s\n", a.Game, positionText(a.Position))
	if a.Grundy != nil {
		fmt.Fprintf(&b, "grundy value: %d\n", *a.Grundy)
	}
	if a.Outcome != "" {
		fmt.Fprintf(&b, "outcome: %s\n", a.Outcome)
	} else {
		fmt.Fprintf(&b, "outcome: %s\n", outcomeText(a.Win))
	}
	var moves []string
	switch ms := a.WinningMoves.(type) {
	case []int64:
		for _, m := range ms {
			moves = append(moves, strconv.FormatInt(m, 10))
		}
	case []int:
		for _, m := range ms {
			moves = append(moves, strconv.Itoa(m))
		}
	case []NimMove:
		for _, m := range ms {
			moves = append(moves, fmt.Sprintf("pile %d: %d -> %d", m.Pile, m.From, m.To))
		}
	case []HeapMove:
		for _, m := range ms {
			moves = append(moves, fmt.Sprintf("remove %d leaving %v", m.Remove, m.Leaves))
		}
	case []SplitMove:
		for _, m := range ms {
			moves = append(moves, fmt.Sprintf("heap %d -> %d + %d", m.Heap, m.Leaves[0], m.Leaves[1]))
		}
	}
	fmt.Fprintf(&b, "winning moves: %s\n", listOrNone(moves))
	if a.Source != "" && a.Source != "computed" {
		fmt.Fprintf(&b, "source: %s\n", a.Source)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func positionText(p any) string {
	switch v := p.(type) {
	case string:
		return strconv.Quote(v)
	case []int:
		return strings.Trim(fmt.Sprint(v), "[]")
	}
	return fmt.Sprint(p)
}

type progressKey struct{}

// WithProgress returns a copy of ctx through which the solvers of tabulate
// solve report their long computations: each computation calls start with
// its phase and unit, such as ("computing", "n"), and reports how far it has
// got to the Progress start returns (which may be nil).
func WithProgress(ctx context.Context, start func(phase, unit string) grundy.Progress) context.Context {
	return context.WithValue(ctx, progressKey{}, start)
}

// ProgressOf returns the Progress that ctx (see WithProgress) gives a
// computation of the phase and unit, or nil when ctx has none.
func ProgressOf(ctx context.Context, phase, unit string) grundy.Progress {
	if start, ok := ctx.Value(progressKey{}).(func(phase, unit string) grundy.Progress); ok && start != nil {
		return start(phase, unit)
	}
	return nil
}

// answerSquares answers one take-a-square pile by computing it.
func answerSquares(ctx context.Context, args []string) (*Answer, error) {
	if len(args) != 1 {
		return nil, &ArgError{Arg: "solve squares", Problem: "takes one number N"}
	}
	n, err := ParseArg("N", args[0], 0, subtraction.SquaresSolveMax)
	if err != nil {
		return nil, err
	}
	a, err := subtraction.SolveSquares(ctx, n, grundy.Options{Progress: ProgressOf(ctx, "computing", "n")})
	if err != nil {
		return nil, err
	}
	ans := &Answer{Game: "squares", Position: n, Win: a.Win, WinningMoves: append([]int64{}, a.WinningMoves...), Source: "computed"}
	if a.Grundy >= 0 {
		ans.Grundy = int64p(int64(a.Grundy))
	}
	return ans, nil
}

// answerFlip answers one Flip Game II board.
func answerFlip(ctx context.Context, args []string) (*Answer, error) {
	if len(args) != 1 {
		return nil, &ArgError{Arg: "solve flip", Problem: "takes one board, such as ++-++ (quote it in the shell if needed)"}
	}
	board := args[0]
	a, err := flip.Solve(board)
	if err != nil {
		var be *flip.BoardError
		if errors.As(err, &be) {
			return nil, &ArgError{Arg: "board", Value: shortQuote(board), Problem: fmt.Sprintf("has the character %q at position %d (0-based)", be.Char, be.Pos), Allowed: "only '+' and '-'"}
		}
		return nil, err
	}
	return &Answer{Game: "flip", Position: board, Grundy: int64p(int64(a.Grundy)), Win: a.Win,
		WinningMoves: append([]int{}, a.WinningMoves...), Source: "computed"}, nil
}

// shortQuote quotes s, cut to its first 40 bytes when longer.
func shortQuote(s string) string {
	if len(s) > 40 {
		return strconv.Quote(s[:40]) + fmt.Sprintf("... (%d bytes)", len(s))
	}
	return strconv.Quote(s)
}

// answerCanIWin answers one pair M T.
func answerCanIWin(ctx context.Context, args []string) (*Answer, error) {
	if len(args) != 2 {
		return nil, &ArgError{Arg: "solve caniwin", Problem: "takes two numbers, M and T"}
	}
	m, err := ParseArg("M", args[0], 1, caniwin.MaxChoosable)
	if err != nil {
		return nil, err
	}
	t, err := ParseArg("T", args[1], 0, 1<<31-1)
	if err != nil {
		return nil, err
	}
	ans := &Answer{Game: "caniwin", Position: []int{int(m), int(t)}, WinningMoves: []int{}, Source: "computed"}
	if t > m*(m+1)/2 {
		ans.Outcome = "unreachable"
		return ans, nil
	}
	table, err := caniwin.Solve(ctx, int(m), int(t), grundy.Options{Progress: ProgressOf(ctx, "retrograde pass", "sets")})
	if err != nil {
		return nil, err
	}
	o := table.Outcome(int(m), int(t))
	ans.Outcome, ans.Win = o.String(), o.FirstPlayerWins()
	for _, x := range table.WinningMoves(int(m), int(t)) {
		ans.WinningMoves = append(ans.WinningMoves.([]int), int(x))
	}
	return ans, nil
}

// answerNim answers one nim position.
func answerNim(ctx context.Context, args []string) (*Answer, error) {
	if len(args) == 0 {
		return nil, &ArgError{Arg: "solve nim", Problem: "takes one or more pile sizes"}
	}
	piles := make([]int, len(args))
	for i, s := range args {
		p, err := ParseArg(fmt.Sprintf("pile %d", i+1), s, 0, 1<<31-1)
		if err != nil {
			return nil, err
		}
		piles[i] = int(p)
	}
	a, err := nim.Solve(piles)
	if err != nil {
		return nil, &ArgError{Arg: "solve nim", Problem: err.Error()}
	}
	moves := []NimMove{}
	for _, m := range a.WinningMoves {
		moves = append(moves, NimMove{Pile: m.Pile + 1, From: piles[m.Pile], To: m.NewSize})
	}
	return &Answer{Game: "nim", Position: piles, Grundy: int64p(int64(a.NimSum)), Win: a.Win,
		WinningMoves: moves, Source: "computed"}, nil
}

// HeapAnswer answers heap n of the game called game from its Grundy values
// g(0), ..., g(m), m >= n: the value, the outcome and every move that leaves
// heaps whose values XOR to 0. It panics when h has no Moves or g is too
// short (the caller's mistake).
func (h Heap) HeapAnswer(game string, g []int32, n int, source string) *Answer {
	moves := []HeapMove{}
	for _, m := range h.Moves(n) {
		x := int32(0)
		for _, l := range m.Leaves {
			x ^= g[l]
		}
		if x == 0 {
			moves = append(moves, m)
		}
	}
	return &Answer{Game: game, Position: int64(n), Grundy: int64p(int64(g[n])), Win: g[n] != 0,
		WinningMoves: moves, Source: source}
}

// octalMoves lists the moves from a heap of n in the octal game code: for
// each k, digit d_k allows removing a whole heap of k (bit 1), k from a
// larger heap leaving one (bit 2), and k leaving two non-empty heaps
// (bit 4), listed once per unordered pair.
func octalMoves(code octal.Code, n int) []HeapMove {
	var out []HeapMove
	for k := 0; k <= min(code.MaxRemove(), n); k++ {
		d := code.Digit(k)
		if d&1 != 0 && k >= 1 && n == k {
			out = append(out, HeapMove{Remove: k, Leaves: []int{}})
		}
		if d&2 != 0 && k >= 1 && n > k {
			out = append(out, HeapMove{Remove: k, Leaves: []int{n - k}})
		}
		if d&4 != 0 {
			for a := 1; a <= (n-k)/2; a++ {
				out = append(out, HeapMove{Remove: k, Leaves: []int{a, n - k - a}})
			}
		}
	}
	return out
}

// subtractionMoves lists the moves from a heap of n: remove any member s
// <= n of the set, leaving n - s.
func subtractionMoves(set subtraction.Set, n int) []HeapMove {
	var out []HeapMove
	for _, s := range set.Members(n) {
		out = append(out, HeapMove{Remove: s, Leaves: []int{n - s}})
	}
	return out
}

// SplitMove is a winning move in Grundy's game: heap Heap (numbered from 1)
// is split into the two unequal heaps Leaves.
type SplitMove struct {
	Heap   int   `json:"heap"`
	Leaves []int `json:"leaves"`
}

// GrundysGameAnswer answers a position of Grundy's game of several heaps
// from the values g(0..m), m at least the largest heap: the XOR of the
// heaps' values and every split that leaves XOR 0. It panics when g is too
// short (the caller's mistake).
func GrundysGameAnswer(heaps []int, g []int32, source string) *Answer {
	var x int32
	for _, h := range heaps {
		x ^= g[h]
	}
	moves := []SplitMove{}
	for i, h := range heaps {
		rest := x ^ g[h]
		for a := 1; 2*a < h; a++ {
			if g[a]^g[h-a] == rest {
				moves = append(moves, SplitMove{Heap: i + 1, Leaves: []int{a, h - a}})
			}
		}
	}
	return &Answer{Game: "grundy-game", Position: heaps, Grundy: int64p(int64(x)), Win: x != 0, WinningMoves: moves, Source: source}
}

// ParseHeaps reads the heaps of a position of several heaps, each in
// [0, max].
func ParseHeaps(game string, args []string, max int64) ([]int, error) {
	if len(args) == 0 {
		return nil, &ArgError{Arg: "solve " + game, Problem: "takes one or more heap sizes"}
	}
	heaps := make([]int, len(args))
	for i, a := range args {
		h, err := ParseArg(fmt.Sprintf("heap %d", i+1), a, 0, max)
		if err != nil {
			return nil, err
		}
		heaps[i] = int(h)
	}
	return heaps, nil
}

// answerGrundysGame answers a position of Grundy's game by computing the
// values up to its largest heap.
func answerGrundysGame(ctx context.Context, args []string) (*Answer, error) {
	heaps, err := ParseHeaps("grundy-game", args, grundysGameSolveMax)
	if err != nil {
		return nil, err
	}
	g, err := octal.GrundysGame(ctx, slices.Max(heaps), ProgressOf(ctx, "computing", "n"))
	if err != nil {
		return nil, err
	}
	return GrundysGameAnswer(heaps, g, "computed"), nil
}
