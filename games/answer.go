package games

import (
	"context"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/grundy"
)

// Answer is what tabulate solve says about one position, printed as text or
// as one JSON object a line (--json):
//
//	{"game":"squares","position":20,"grundy":0,"win":false,"winning_moves":[],"source":"computed"}
//
// Every answer has the same keys (note only when it has one);
// winning_moves is always a list (empty for a losing position), whose
// elements depend on the game: the index i of the "++" turned into "--"
// (flip), the first pick (caniwin), a {"pile", "from", "to"} object (nim,
// piles numbered from 1), a {"heap", "from", "leaves"} object (Grundy's
// game: the heap, numbered from 1, its size and the two it is split into)
// and a {"remove", "leaves"} object (take-a-square and the games defined by
// rules: the stones removed and the heaps the move leaves).
//
// A position gets the same Answer computed (Solver.Answer) or read from
// the tables of a run (TableLookup), but for Source (and Note where one
// route lacks a value the other has): one type, printed by one printer.
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
	Outcome string `json:"outcome,omitempty"`
	// WinningMoves is a slice, never nil: of numbers, or of the game's own
	// move type, which prints itself in the text form (fmt.Stringer).
	WinningMoves any `json:"winning_moves"`
	// MovesNotShown counts the winning moves not listed in WinningMoves
	// (tabulate solve --max-moves K, or MovesListMax); 0 when all are.
	MovesNotShown int64 `json:"moves_not_shown,omitempty"`
	// By says which theorem answered, when a proven period (not a value
	// computed or read from a table) gave the value of a heap, such as
	// "period 12 from n = 71, proven by the Guy–Smith periodicity theorem".
	By string `json:"by,omitempty"`
	// Note says what the answer leaves out and why, such as a Grundy value
	// not computed; empty otherwise.
	Note string `json:"note,omitempty"`
	// Source is "computed", or the table the answer was read from.
	Source string `json:"source"`
	// Play is "misere" for an answer under misère play (the player who
	// makes the last move loses: tabulate solve --misere), empty for
	// normal play.
	Play string `json:"play,omitempty"`
	// Method says what decided a misère answer: "tame" (every heap tame:
	// the tame rule, Bouton's misère rule carried to tame games) or
	// "search", or "quotient" (the game's misère quotient, described in
	// Quotient); empty for normal play.
	Method string `json:"method,omitempty"`
	// Quotient says which misère quotient decided the answer (Method
	// "quotient"), nil otherwise.
	Quotient *QuotientMethod `json:"quotient,omitempty"`
}

// Int64Ptr returns a pointer to v, for Answer.Grundy.
func Int64Ptr(v int64) *int64 { return &v }

// WriteText prints a in the plain form of tabulate solve, the one text
// form of every answer: computed or read from tables, the same position
// prints the same lines, but for the last, "source: FILE", which only an
// answer read from tables has.
func (a *Answer) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, position %s\n", a.Game, positionText(a.Position))
	if a.Play == PlayMisere {
		fmt.Fprintf(&b, "play: misère (the player who makes the last move loses)\n")
	}
	if a.Grundy != nil {
		fmt.Fprintf(&b, "grundy value: %d\n", *a.Grundy)
	}
	if a.Outcome != "" {
		fmt.Fprintf(&b, "outcome: %s\nfirst player wins: %v\n", a.Outcome, a.Win)
	} else {
		fmt.Fprintf(&b, "outcome: %s\n", outcomeText(a.Win))
	}
	var moves []string
	// The moves are numbers, or values that print themselves (NimMove,
	// HeapMove, SplitMove: fmt.Stringer), each game's own.
	if v := reflect.ValueOf(a.WinningMoves); v.Kind() == reflect.Slice {
		for i := range v.Len() {
			moves = append(moves, fmt.Sprint(v.Index(i).Interface()))
		}
	}
	fmt.Fprintf(&b, "winning moves: %s\n", listOrNone(moves))
	if a.MovesNotShown > 0 {
		fmt.Fprintf(&b, "winning moves not shown: %d more\n", a.MovesNotShown)
	}
	if a.By != "" {
		fmt.Fprintf(&b, "by: %s\n", a.By)
	}
	if a.Method != "" {
		fmt.Fprintf(&b, "decided by: %s\n", MethodText(a.Method, a.Quotient))
	}
	if a.Note != "" {
		fmt.Fprintf(&b, "note: %s\n", a.Note)
	}
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
// solve (and the tail-mode jobs of a run, beside their Sink's progress)
// report their long computations: each computation calls start with
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
