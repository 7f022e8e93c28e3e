package heapgame

import (
	"context"
	"fmt"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/takebreak"
)

// TakebreakMax is the limit of a take-and-break game whose code has a
// digit past 7: takebreak.ValuesMax (2^20), whose engine's work grows at
// least as max^2. An octal code (digits 0-7) has OctalMax.
const TakebreakMax = takebreak.ValuesMax

// TakeBreak is the heap game of a take-and-break code. An octal code
// (every digit below 8) is Octal of the same code: package octal's
// sparse-space engine, the Guy–Smith theorem and the same tables as an
// octal member. Any other is computed by takebreak.Values, with the
// periodicity theorem for moves that leave up to h heaps
// (takebreak.ProvePeriod) as its proof; an arithmetic period (saltus not
// 0, as 0.3F shows) is found by the period search and proven, where it
// applies, by takebreak.ProveArithmetic (a sufficient condition of ours);
// otherwise it stays a candidate (its tables are written with
// CandidateTables).
func TakeBreak(code takebreak.Code) Heap {
	if code.IsOctal() {
		if oc, err := octal.Parse(code.String()); err == nil {
			return Octal(oc)
		}
	}
	return Heap{
		Rules: "takebreak " + code.String(),
		Limit: TakebreakMax,
		Values: func(ctx context.Context, max int, opts grundy.Options) ([]int32, error) {
			return takebreak.Values(ctx, code, max, opts)
		},
		Memory: func(max int) int64 { return takebreak.Memory(code, max) },
		// Quadratic at least (see takebreak.Values): about 10^9 word
		// operations a second.
		Cost:   func(max int) float64 { n := float64(max); return n * n / 1e9 },
		Moves:  func(n int) []HeapMove { return takebreakMoves(code, n) },
		Misere: takebreakMisere(code),
		rule:   takebreakRule{code},
		Prove: func(seq []int32, p analysis.Period) *analysis.Proof {
			proof := takebreakProof(code)(seq, p)
			return &proof
		},
		ProveArithmetic: func(seq []int32, a analysis.Arithmetic) *analysis.Proof {
			proof := takebreakArithmeticProof(code, seq, a)
			return &proof
		},
		Theorem:           "the periodicity theorem for moves leaving up to h heaps (takebreak.ProvePeriod)",
		ArithmeticTheorem: "tabulate's own arithmetic-periodicity theorem (takebreak.ProveArithmetic)",
	}
}

// takebreakArithmeticProof is the analysis proof of an arithmetic period
// of the code by takebreak.ProveArithmetic (a theorem of ours, documented
// in grundy/takebreak/arith.go and docs/takebreak.md). With fewer values
// than the theorem reads it reports how many it needs.
func takebreakArithmeticProof(code takebreak.Code, seq []int32, a analysis.Arithmetic) analysis.Proof {
	pr := analysis.Proof{Have: len(seq)}
	if !a.Found || a.Period < 1 || a.Preperiod < 0 || a.Saltus < 1 {
		return pr
	}
	ap := takebreak.ProveArithmetic(seq, code, a.Period, a.Preperiod, a.Saltus)
	pr.Proven, pr.Needed = ap.Proven, ap.Needed
	pr.Missing = max(0, pr.Needed-pr.Have)
	return pr
}

// takebreakProof is the analysis.Prover of the code: the periodicity
// theorem for moves that leave at most h heaps, by takebreak.ProvePeriod.
// The period p is proven when the values hold the theorem's window
// (takebreak.Needed) and ProvePeriod proves that very period and
// preperiod; with fewer values it reports how many the window needs,
// reading none.
func takebreakProof(code takebreak.Code) analysis.Prover {
	return func(seq []int32, p analysis.Period) analysis.Proof {
		pr := analysis.Proof{Have: len(seq)}
		if !p.Found || p.Period < 1 || p.Preperiod < 0 {
			return pr
		}
		pr.Needed = takebreak.Needed(code, p.Period, p.Preperiod)
		pr.Missing = max(0, pr.Needed-pr.Have)
		if pr.Missing > 0 {
			return pr
		}
		q, n0, ok := takebreak.ProvePeriod(seq, code)
		pr.Proven = ok && q == p.Period && n0 == p.Preperiod
		return pr
	}
}

// takebreakMoves lists the moves from a heap of n in the take-and-break
// game code: for each k, bit 1 of d_k removes a whole heap of k, bit 2
// removes k from a larger heap leaving one, bit 4 leaves two non-empty
// heaps, bit 8 three and past F bits 16 and 32 four and five, each
// unordered split listed once.
func takebreakMoves(code takebreak.Code, n int) []HeapMove {
	var out []HeapMove
	for k := 0; k <= min(code.MaxRemove(), n); k++ {
		d, s := code.Digit(k), n-k
		if d&1 != 0 && k >= 1 && s == 0 {
			out = append(out, HeapMove{Remove: k, Leaves: []int{}})
		}
		if d&2 != 0 && k >= 1 && s >= 1 {
			out = append(out, HeapMove{Remove: k, Leaves: []int{s}})
		}
		if d&4 != 0 {
			for a := 1; a <= s/2; a++ {
				out = append(out, HeapMove{Remove: k, Leaves: []int{a, s - a}})
			}
		}
		for i := 3; i <= takebreak.HeapsMax; i++ {
			if d&(1<<i) != 0 {
				for _, parts := range partitions(s, i, 1) {
					out = append(out, HeapMove{Remove: k, Leaves: parts})
				}
			}
		}
	}
	return out
}

// partitions lists the ways to write s as i heaps a_1 <= ... <= a_i, each
// at least least, in lexicographic order (for i = 3: a <= b <= c).
func partitions(s, i, least int) [][]int {
	if i == 1 {
		if s < least {
			return nil
		}
		return [][]int{{s}}
	}
	var out [][]int
	for a := least; a*i <= s; a++ {
		for _, rest := range partitions(s-a, i-1, a) {
			out = append(out, append([]int{a}, rest...))
		}
	}
	return out
}

// TakebreakSplitListMax is the largest heap whose winning moves that split
// it tabulate solve lists for a take-and-break game: the splits of n into
// three heaps are about n^2/12 (750,000 at 3000), into five about
// n^4/2880. Past it, or past the values computed (a heap answered by a
// proven period), the answer lists the moves that leave one heap or none
// and says in its note that the splits are not listed.
const TakebreakSplitListMax = 3000

// takebreakRule lists the winning moves of a take-and-break code from any
// heap a sequence knows: every move up to TakebreakSplitListMax within the
// values, and otherwise the moves that take the whole heap or leave one
// heap (the splits of a heap of 10^15 cannot be enumerated; note says so).
type takebreakRule struct{ code takebreak.Code }

// splitsListed reports whether the splits of a heap of n are listed.
func (r takebreakRule) splitsListed(q *sequence, n int64) bool {
	return r.code.MaxHeaps() < 2 || n < int64(len(q.g)) && n <= TakebreakSplitListMax
}

func (r takebreakRule) winning(q *sequence, n, target, keep int64) ([]HeapMove, int64) {
	l := moveList{keep: keep}
	if r.splitsListed(q, n) {
		for _, m := range takebreakMoves(r.code, int(n)) {
			v := int64(0)
			for _, leaf := range m.Leaves {
				v ^= q.value(int64(leaf))
			}
			if v == target {
				l.add(m)
			}
		}
		return l.moves, l.total
	}
	for k := int64(0); k <= min(int64(r.code.MaxRemove()), n); k++ {
		d := r.code.Digit(int(k))
		if d&1 != 0 && k >= 1 && n == k && target == 0 {
			l.add(HeapMove{Remove: int(k), Leaves: []int{}})
		}
		if d&2 != 0 && k >= 1 && n > k && q.value(n-k) == target {
			l.add(HeapMove{Remove: int(k), Leaves: []int{int(n - k)}})
		}
	}
	return l.moves, l.total
}

// note says that the winning splits of a heap of n are not listed, or "".
func (r takebreakRule) note(q *sequence, n int64) string {
	if r.splitsListed(q, n) {
		return ""
	}
	return fmt.Sprintf("the winning moves that split a heap of %d are not listed (only heaps up to %d within the values computed are split move by move); the moves listed and counted leave one heap or none", n, TakebreakSplitListMax)
}

// takebreakMisere is the code's game for misère play, nil (no misère
// rules: play: misere is refused by Check, solve --misere says so) for a
// code whose moves leave more than three heaps, which package misere's
// options do not list.
func takebreakMisere(code takebreak.Code) misere.Game {
	if code.MaxHeaps() > 3 {
		return nil
	}
	return misere.TakeBreak(code)
}
