package games

import (
	"context"
	"strconv"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/takebreak"
)

// takebreakFamily is the family of take-and-break games given by a
// hexadecimal code (Howse and Nowakowski; CGSuite's TakeAndBreak): a
// configuration's takebreak: key, such as takebreak: {t: {code: "0.3F"}}.
var takebreakFamily = Family{Name: "takebreak", Title: "take-and-break games (hexadecimal codes)",
	Member: func() Member { return &TakebreakRules{Max: DefaultRulesMax} },
	Parse:  func(rules string) (Member, error) { return &TakebreakRules{Code: rules, Max: DefaultRulesMax}, nil }}

// TakebreakMax is the limit of a take-and-break game whose code has a
// digit past 7: takebreak.ValuesMax (2^20), whose engine's work grows at
// least as max^2. An octal code (digits 0-7) has OctalMax.
const TakebreakMax = takebreak.ValuesMax

// TakebreakRules is a member of the family takebreak: a take-and-break
// game given by its hexadecimal code, such as {code: "0.3F", max: 2000}.
// Bit i of digit d_k lets a move remove k tokens and leave exactly i
// non-empty heaps (i = 0..3); the notation taken and refused is that of
// takebreak.Parse. A code whose digits are all below 8 is an octal game,
// played and tabulated as the octal member of the same code (the same
// tables, byte for byte, by package octal's faster engine).
type TakebreakRules struct {
	Code string `yaml:"code" json:"code"`
	Max  int    `yaml:"max" json:"max"` // the largest heap tabulated
	// CandidateTables writes NAME/period and NAME/exceptions for a period
	// (or arithmetic period) the values show but no theorem proves
	// (Heap.CandidateTables).
	CandidateTables bool `yaml:"candidate_tables" json:"candidate_tables,omitempty"`
}

// Check parses the code and keeps max within the game's Limit.
func (r *TakebreakRules) Check() error {
	code, err := takebreak.Parse(r.Code)
	if err != nil {
		return &KeyError{Key: "code", Value: strconv.Quote(r.Code), Problem: err.Error()}
	}
	return checkRange("max", int64(r.Max), 1, int64(TakeBreak(code).Limit))
}

// Heap is the heap game of the code (checked by Check).
func (r *TakebreakRules) Heap() (Heap, error) {
	code, err := takebreak.Parse(r.Code)
	if err != nil {
		return Heap{}, err
	}
	h := TakeBreak(code)
	h.CandidateTables = r.CandidateTables
	return h, nil
}

// Jobs plans the game's tables (the code is checked by Check).
func (r *TakebreakRules) Jobs(game string, workers int) []Job {
	h, err := r.Heap()
	if err != nil {
		return nil
	}
	return h.Jobs(game, r.Max)
}

// Def returns the take-and-break game called name.
func (r *TakebreakRules) Def(name string) (Def, error) {
	h, err := r.Heap()
	if err != nil {
		return Def{}, err
	}
	return h.memberDef(name, r, h.Redraw), nil
}

// TakeBreak is the heap game of a take-and-break code. An octal code
// (every digit below 8) is Octal of the same code: package octal's
// sparse-space engine, the Guy–Smith theorem and the same tables as an
// octal member. Any other is computed by takebreak.Values, with the
// periodicity theorem for moves that leave up to h heaps
// (takebreak.ProvePeriod) as its proof; an arithmetic period (saltus not
// 0, as 0.3F shows) is found by the period search and stays a candidate,
// no theorem of the tool proving it (its tables are written with
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
		Cost:  func(max int) float64 { n := float64(max); return n * n / 1e9 },
		Moves: func(n int) []HeapMove { return takebreakMoves(code, n) },
		Prove: func(seq []int32, p analysis.Period) *analysis.Proof {
			proof := takebreakProof(code)(seq, p)
			return &proof
		},
	}
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
// heaps and bit 8 three, each unordered split listed once.
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
		if d&8 != 0 {
			for a := 1; 3*a <= s; a++ {
				for b := a; a+2*b <= s; b++ {
					out = append(out, HeapMove{Remove: k, Leaves: []int{a, b, s - a - b}})
				}
			}
		}
	}
	return out
}
