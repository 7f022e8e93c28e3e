package heapgame

import (
	"fmt"
	"time"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/misere"
)

// Misère positions with heaps of any size (tabulate solve --misere
// octal:0.77 10^18 3 7): past MisereSolveMax a position is answered only
// from a misère quotient the periodicity theorem proves for every heap
// (misere.Quotient.Solved, grundy/misere/phiperiod.go), as normal play
// answers from a proven period.

// MisereAnyMax is the largest heap tabulate solve --misere takes; past
// MisereSolveMax only a solved misère quotient answers.
const MisereAnyMax int64 = 1_000_000_000_000_000_000

// solvedProbes are the heap bounds at which tabulate solve --misere looks
// for a solved quotient, in turn: Kayles is solved from heap 253 (0.8 s
// to heap 1000, docs/misere.md).
var solvedProbes = []int{256, 1024}

// solvedTime bounds the search for a solved quotient: a wild game whose
// quotient grows slowly can take minutes to reach the bound in
// solvedProbes.
const solvedTime = 60 * time.Second

// tameProbes are the heap bounds to which tabulate solve --misere
// analyses the genus of a game, in turn, for a period that a theorem
// proves while every heap is tame (misere.ProveTame): most octal codes
// that are tame have it by heap 30 (0.52 by heap 21).
var tameProbes = []int{misereProbe, 256, 1024}

// quotientAnyAnswer answers heaps of game g (named name) of any size from
// q, its solved quotient, listing at most keep winning moves
// (MovesListMax when keep < 0), naming the theorem.
func quotientAnyAnswer(q *misere.Quotient, g misere.Game, name string, heaps []int, keep int64) (*games.Answer, error) {
	if keep < 0 {
		keep = MovesListMax
	}
	hs := make([]int64, len(heaps))
	for i, h := range heaps {
		hs[i] = int64(h)
	}
	a, err := q.DecideAny(g, hs, keep)
	if err != nil {
		return nil, err
	}
	s, _ := q.Solved()
	method := &games.QuotientMethod{Heaps: q.Max(), Order: q.Order(), Presentation: q.Presentation().String(), PPortion: []string{}, Element: q.Name(a.Element)}
	for _, p := range q.PPortion() {
		method.PPortion = append(method.PPortion, q.Name(p))
	}
	ans := anyAnswer(name, heaps, a)
	ans.By = fmt.Sprintf("Φ period %d from heap %d, proven by %s on heaps 0..%d", s.Period, s.Preperiod, s.Theorem, s.Needed-1)
	ans.Method, ans.Quotient = string(games.MethodQuotient), method
	return ans, nil
}

// anyAnswer is the Answer of heaps as given, decided as a: its winning
// moves numbered from 1 and the count of those not listed.
func anyAnswer(name string, heaps []int, a misere.AnyAnswer) *games.Answer {
	moves := []MisereMove{}
	for _, mv := range a.Moves {
		leaves := make([]int, len(mv.Leaves))
		for i, l := range mv.Leaves {
			leaves[i] = int(l)
		}
		moves = append(moves, MisereMove{Heap: mv.Index + 1, From: int(mv.Heap), Leaves: leaves})
	}
	return &games.Answer{Game: name, Position: heaps, Win: a.Win, WinningMoves: moves, MovesNotShown: a.Total - int64(len(moves)),
		Play: games.PlayMisere, Source: "computed"}
}
