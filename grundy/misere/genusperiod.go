package misere

import (
	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

// The eventual period of the genus sequence (StudyGenus).
//
// The genera of heaps 0, 1, 2, ... are numbered by first occurrence and
// the numbers searched for a period by analysis.FindPeriod, whose rule
// (the repeating part spans two periods and at least the preperiod) is
// the project's candidate rule: a period found is a Candidate unless one
// of two theorems proves it.
//
// Window theorem (GenusRule.Window = k): when every option of a heap n >= k
// is a single heap n-s with 1 <= s <= k, and heap n has the option n-s for
// every s of a fixed set (a finite subtraction set with largest element k;
// an octal code without splits, k = t+1 so that the whole-heap moves of
// heaps up to t lie before the window), the genus of heap n is a function
// of the genera of heaps n-k..n-1 (ONAG ch. 12: a genus is computed from
// its options' genera alone), so two equal windows of k genera p apart
// repeat for ever: analysis.ProveSubtraction's argument, applied to the
// genus numbers. It holds for wild and tame games alike, since options of
// one heap need no rule for sums.
//
// Tame octal theorem (GenusRule.OctalT = t, the code's largest removal):
// the Guy–Smith periodicity theorem carried to genera while the game is
// tame. If every heap up to the end of the window is tame, the genus of a
// split a+b is that of the Nim position of the two (tame games add like
// Nim: Winning Ways ch. 13), a function of genus(a) and genus(b), and the
// genus of heap n a function of the set of its options' genera. The
// Guy–Smith argument (analysis.ProveOctal: g(n+p) = g(n) for n0 <= n <
// 2n0 + p + t implies it for all n >= n0) uses nothing else of g and the
// XOR: it pairs the options of n+p with those of n, component for
// component. So the same window of genera proves genus(n+p) = genus(n) for
// all n >= n0, by induction on n, the induction also keeping every heap
// tame (the genus of n+p, that of n, is a tame genus and its options'
// heaps are smaller, hence tame). A wild heap in the window, or a game of
// another family (take-and-break codes, infinite subtraction sets,
// Grundy's game), leaves the period a Candidate: the genus of a sum of
// wild heaps is not a function of their genera.

// GenusRule says which theorem may prove a game's genus period: Window
// (k > 0) or OctalT (t > 0); the zero value proves nothing.
type GenusRule struct {
	Window int
	OctalT int
}

// OctalGenusRule is the rule of an octal code: the window theorem with
// k = t+1 when no digit splits a heap (bit 4), else the tame octal
// theorem with t.
func OctalGenusRule(code octal.Code) GenusRule {
	t := code.MaxRemove()
	for k := 0; k <= t; k++ {
		if code.Digit(k)&4 != 0 {
			return GenusRule{OctalT: t}
		}
	}
	return GenusRule{Window: t + 1}
}

// SubtractionGenusRule is the rule of a subtraction set: the window
// theorem with its largest element for a finite set, none otherwise.
func SubtractionGenusRule(set subtraction.Set) GenusRule {
	if !set.Finite() {
		return GenusRule{}
	}
	return GenusRule{Window: set.Max()}
}

// GenusReport is what StudyGenus finds: the period of the genus sequence
// of heaps 0..Table.Max(), its status (analysis.Proven, Candidate or None)
// and, when a theorem was tried, its verdict and name.
type GenusReport struct {
	Status  analysis.Status
	Period  analysis.Period
	Proof   *analysis.Proof
	Theorem string
}

// GenusIDs numbers the genera of heaps 0..t.Max() by first occurrence:
// two heaps get the same number exactly when their genera are equal.
func GenusIDs(t *Table) []int32 {
	ids := make([]int32, t.Max()+1)
	seen := map[string]int32{}
	for n := range ids {
		key := t.Genus(n).String()
		id, ok := seen[key]
		if !ok {
			id = int32(len(seen))
			seen[key] = id
		}
		ids[n] = id
	}
	return ids
}

// StudyGenus finds the eventual period of t's genus sequence and proves
// it by rule's theorem where that applies (see above).
func StudyGenus(t *Table, rule GenusRule) GenusReport {
	ids := GenusIDs(t)
	r := GenusReport{Status: analysis.None, Period: analysis.FindPeriod(ids)}
	if !r.Period.Found {
		return r
	}
	r.Status = analysis.Candidate
	var pr analysis.Proof
	switch {
	case rule.Window > 0:
		pr, r.Theorem = analysis.ProveSubtraction(ids, r.Period, rule.Window), "the window argument on genera (single-heap options)"
	case rule.OctalT > 0 && t.FirstWild() < 0:
		pr, r.Theorem = analysis.ProveOctal(ids, r.Period, rule.OctalT), "the Guy–Smith theorem on the genera of a tame octal game"
	default:
		return r
	}
	r.Proof = &pr
	if pr.Proven {
		r.Status = analysis.Proven
	}
	return r
}
