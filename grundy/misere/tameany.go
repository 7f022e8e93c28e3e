package misere

import (
	"fmt"

	"github.com/tabulate-games/tabulate/analysis"
)

// Positions of heaps of any size decided by the tame rule (MethodTame)
// where the genus period is proven (StudyGenus).
//
// When every heap of a Table is tame and a theorem proves its genus
// period p from n0, every heap is tame with genus(n) = genus(n0 + (n-n0)
// mod p) for n >= n0: by induction on n, the genus of n is that of n-p
// (the theorem), a tame genus, and the options of n hold smaller heaps,
// tame by induction, so n is hereditarily tame (Table.Tame's definition).
// (The tame octal theorem keeps every heap tame itself; the window
// theorem holds for wild games too, which is why the table must be tame
// throughout: 0.2012 is wild from heap 5 with a proven genus period 5.)
// A sum of tame heaps is then decided by the tame rule from each heap's
// Grundy value g and whether it is like a Nim heap of 0 or 1 (genus
// 0^{120} or 1^{031}, its misère value differing from g): the player to
// move loses exactly when the nim-sum x of the g's is 1 with every heap
// so, or 0 with some heap not (Bouton's misère rule carried to tame games,
// Winning Ways ch. 13). So a heap's "element" is the pair (g, firm), firm
// when it is not like 0 or 1, multiplied by nim-sum and or, a
// commutative monoid of which the losses are (1, not firm) and (0, firm):
// the same shape as a quotient, and decided by the same code (decideAny).
// Cost: as DecideAny's.

// TameSolution decides the positions of a game whose heaps are all tame,
// of any size, by the tame rule and the proven period of the genus: from
// the genera of heaps 0..Max, period Period from heap Preperiod, proven by
// Theorem.
type TameSolution struct {
	Period, Preperiod int
	Theorem           string
	// elem[n] is heap n's element (g<<1 | firm), n = 0..Max.
	elem []int32
}

// ProveTame returns the TameSolution of t when the tame rule decides
// every heap of t's game, of any size: every heap of t is tame and rule's
// theorem proves the genus period (StudyGenus). Otherwise ok is false and
// why says what is missing.
func ProveTame(t *Table, rule GenusRule) (s *TameSolution, why string) {
	if w := t.FirstWild(); w >= 0 {
		return nil, fmt.Sprintf("heap %d is wild (the tame rule needs every heap tame)", w)
	}
	r := StudyGenus(t, rule)
	if r.Status != analysis.Proven {
		return nil, fmt.Sprintf("the genus period of heaps up to %d is not proven (%s)", t.Max(), r.Status)
	}
	s = &TameSolution{Period: r.Period.Period, Preperiod: r.Period.Preperiod, Theorem: r.Theorem, elem: make([]int32, t.Max()+1)}
	for n := range s.elem {
		s.elem[n] = int32(t.Grundy(n)) << 1
		if g := t.Genus(n); g.Sup[0] == g.G {
			s.elem[n] |= 1 // firm: not like a Nim heap of 0 or 1
		}
	}
	return s, ""
}

// Max is the largest heap of the table the solution was proven from.
func (s *TameSolution) Max() int { return len(s.elem) - 1 }

// DecideAny decides the position heaps (each >= 0, of any size) of g,
// the game s was proven for, by the tame rule: at most keep winning moves
// listed (all when keep < 0), all of them counted. AnyAnswer.Element is
// the position's (g<<1 | firm). It fails for a game not given by a code
// of digits with bits 1, 2 and 4 (octal codes, finite subtraction sets).
func (s *TameSolution) DecideAny(g Game, heaps []int64, keep int64) (AnyAnswer, error) {
	return decideAny(s, g, heaps, keep, s.Max())
}

func (s *TameSolution) heapAny(n int64) (int, bool) {
	if n < 0 {
		return 0, false
	}
	if n > int64(s.Max()) {
		n = int64(s.Preperiod) + (n-int64(s.Preperiod))%int64(s.Period)
	}
	return int(s.elem[n]), true
}

func (s *TameSolution) mul(x, y int) int { return (x>>1^y>>1)<<1 | (x|y)&1 }

func (s *TameSolution) loss(x int) bool { return x == 1<<1 || x == 1 }

func (s *TameSolution) period() (int64, int64) { return int64(s.Preperiod), int64(s.Period) }
