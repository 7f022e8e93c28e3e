package heapgame

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/misere"
)

// MisereTableLookup is the misère TableLookup of a heap game (tabulate solve
// --misere --from OUT GAME HEAP...): it answers a position of several
// heaps from the misère tables of a run, by the first method whose table
// holds it, as the computed route (misereSolver.solve) tries them:
//
//  1. tame: every heap is in GAME/misere and tame there; the tame rule
//     (misere.MethodTame) decides from the columns grundy and misere (a
//     tame heap is like a Nim heap of 0 or 1, genus 0^{120} or 1^{031},
//     exactly when its misère value differs from its Grundy value) and the
//     winning moves are the options the rule makes losses;
//  2. quotient: every heap is in GAME/misere_heaps; the quotient is
//     rebuilt from the finding misere_quotient (its presentation and
//     P-portion) and the heaps' elements (misere.QuotientFromRecord),
//     its P-portion checked against the column in_p, and decides as the
//     computed quotient does;
//  3. otherwise a *BoundsError naming what the tables hold. Nothing is
//     searched: a position the tables do not decide is computed without
//     --from.
//
// The options of a heap come from the game's rules (h.Misere), as the
// normal-play lookup's winning moves do. nil when the heap has no misère
// rules.
func (h Heap) MisereTableLookup() *games.TableLookup {
	if h.Misere == nil {
		return nil
	}
	return &games.TableLookup{Table: "misere", Open: func(game string, t games.Tables) func(ctx context.Context, args []string) (*games.Answer, error) {
		var q *misere.Quotient // rebuilt once
		return func(ctx context.Context, args []string) (*games.Answer, error) {
			heaps, err := ParseHeaps(game, args, MisereAnyMax)
			if err != nil {
				return nil, err
			}
			pos := slices.DeleteFunc(slices.Clone(heaps), func(n int) bool { return n == 0 })
			slices.Sort(pos)
			top := 0
			if len(pos) > 0 {
				top = pos[len(pos)-1]
			}
			if top > MisereSolveMax || top > mustLen(t) {
				if q == nil {
					if q, err = quotientFromTables(t, game, h.Misere); err != nil {
						return nil, err
					}
				}
				if q != nil && top > q.Max() {
					if _, solved := q.Solved(); solved {
						ans, err := quotientAnyAnswer(q, h.Misere, game, heaps, MaxMovesOf(ctx))
						if err != nil {
							return nil, err
						}
						ans.Source = t.Source("misere_heaps")
						return ans, nil
					}
				}
				if top > MisereSolveMax {
					_, err := ParseHeaps64(game, args, MisereSolveMax) // the range error, as before
					var ae *games.ArgError
					if errors.As(err, &ae) {
						ae.Allowed += "; larger heaps from a run whose misère quotient is proven for every heap"
					}
					return nil, err
				}
			}
			a, ok, err := tameFromTables(t, h.Misere, pos, top)
			if err != nil {
				return nil, err
			}
			source := t.Source("misere")
			if !ok {
				if q == nil {
					if q, err = quotientFromTables(t, game, h.Misere); err != nil {
						return nil, err
					}
				}
				if q == nil || top > q.Max() {
					holds := fmt.Sprintf("%s holds n = 0 to %d, and not every heap of the position is tame there", t.Path("misere"), mustLen(t))
					if q != nil {
						holds += fmt.Sprintf("; %s holds n = 0 to %d", t.Path("misere_heaps"), q.Max())
					} else {
						holds += fmt.Sprintf("; the run wrote no %s (misere_quotient)", t.Path("misere_heaps"))
					}
					return nil, &games.BoundsError{Game: game, Position: "heaps " + strings.Trim(fmt.Sprint(heaps), "[]"), Holds: holds}
				}
				if a, err = quotientAnswer(q, h.Misere, pos, top); err != nil {
					return nil, err
				}
				source = t.Source("misere_heaps")
			}
			ans := misereAnswer(game, heaps, heaps, a)
			ans.Source = source
			return ans, nil
		}
	}}
}

// mustLen is the number of heaps GAME/misere holds less one (its largest
// heap), -1 when it cannot be read.
func mustLen(t games.Tables) int {
	g, err := t.Int32s("misere", "grundy")
	if err != nil {
		return -1
	}
	return len(g) - 1
}

// tameFromTables decides pos by the tame rule from GAME/misere when every
// heap is in it and tame; ok is false otherwise.
func tameFromTables(t games.Tables, game misere.Game, pos []int, top int) (s solved, ok bool, err error) {
	g, err := t.Int32s("misere", "grundy")
	if err != nil {
		return solved{}, false, err
	}
	mv, err := t.Int32s("misere", "misere")
	if err != nil {
		return solved{}, false, err
	}
	tame, err := t.Bools("misere", "tame")
	if err != nil {
		return solved{}, false, err
	}
	if len(mv) != len(g) || len(tame) != len(g) {
		return solved{}, false, fmt.Errorf("%s: its columns have different lengths", t.Path("misere"))
	}
	if top >= len(g) || slices.ContainsFunc(pos, func(n int) bool { return !tame[n] }) {
		return solved{}, false, nil
	}
	// loses applies the tame rule (misere.MethodTame) to heaps known tame.
	loses := func(heaps []int) bool {
		x, small := 0, true
		for _, n := range heaps {
			x ^= int(g[n])
			small = small && mv[n] != g[n]
		}
		if small {
			return x == 1
		}
		return x == 0
	}
	ans := misere.Answer{Position: pos, Win: !loses(pos), Method: misere.MethodTame}
	if ans.Win {
		for i, n := range pos {
			if i > 0 && pos[i-1] == n {
				continue
			}
			for _, o := range distinctOptions(game, n) {
				if slices.ContainsFunc(o, func(m int) bool { return !tame[m] }) {
					return solved{}, false, fmt.Errorf("%s: heap %d is tame but its option %v holds a wild heap (tameness is hereditary)", t.Path("misere"), n, o)
				}
				next := append(slices.Delete(slices.Clone(pos), i, i+1), o...)
				slices.Sort(next)
				if loses(next) {
					ans.Moves = append(ans.Moves, misere.Move{Heap: n, Option: slices.Clone(o), Position: next})
				}
			}
		}
	}
	return solved{Answer: ans}, true, nil
}

// quotientFromTables rebuilds the misère quotient a run wrote
// (GAME/misere_heaps and the finding misere_quotient), checking its
// P-portion against the tables' in_p, and proves it for every heap by the
// periodicity theorem on its heap map when the theorem does
// (Quotient.ProveFor with g, the game's rules), which must agree with the
// finding's solved where it has one; nil when the run wrote none.
func quotientFromTables(t games.Tables, game string, g misere.Game) (*misere.Quotient, error) {
	// Bound's ok says whether the manifest lists the table.
	if _, listed, _ := t.Bound("misere_heaps", "misere_quotient"); !listed {
		return nil, nil
	}
	f, ok := t.(games.Findings)
	if !ok {
		return nil, nil
	}
	raw, ok := f.Finding("misere_quotient")
	if !ok {
		return nil, fmt.Errorf("%s: the manifest records no finding misere_quotient for %s", t.Path("misere_heaps"), game)
	}
	var rec MisereQuotientFinding
	if err := json.Unmarshal(raw, &rec); err != nil {
		return nil, fmt.Errorf("the finding misere_quotient of %s: %w", game, err)
	}
	elems, err := t.Int32s("misere_heaps", "element")
	if err != nil {
		return nil, err
	}
	inP, err := t.Bools("misere_heaps", "in_p")
	if err != nil {
		return nil, err
	}
	q, err := misere.QuotientFromRecord(game, rec.Presentation, rec.GeneratorHeaps, rec.PPortion, elems, rec.Expansions, rec.Order)
	if err != nil {
		return nil, fmt.Errorf("%s with the finding misere_quotient: %w", t.Path("misere_heaps"), err)
	}
	if len(inP) != len(elems) || q.Max() != rec.UpTo {
		return nil, fmt.Errorf("%s: holds %d heaps, the finding misere_quotient says 0 to %d", t.Path("misere_heaps"), len(elems), rec.UpTo)
	}
	for n, p := range inP {
		if q.IsP(q.Heap(n)) != p {
			return nil, fmt.Errorf("%s: heap %d's in_p is %v, its element %s in the recorded quotient says %v", t.Path("misere_heaps"), n, p, q.Name(q.Heap(n)), !p)
		}
	}
	q.ProveFor(g)
	s, solved := q.Solved()
	// A finding written before solved existed has none; one that has it
	// must be what the theorem gives.
	if r := rec.Solved; r != nil && (!solved || r.PhiPeriod != s.Period || r.PhiPreperiod != s.Preperiod) {
		got := "does not prove it"
		if solved {
			got = fmt.Sprintf("gives Φ period %d from heap %d", s.Period, s.Preperiod)
		}
		return nil, fmt.Errorf("%s: the finding misere_quotient says proven for all heaps (Φ period %d from heap %d); the periodicity theorem on its heap map %s", t.Path("misere_heaps"), r.PhiPeriod, r.PhiPreperiod, got)
	}
	return q, nil
}
