package heapgame

import (
	"context"
	"math"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

// The largest heap a game defined by rules is tabulated to (the max of its
// configuration) and answered for (tabulate solve GAME N): Heap.Limit of
// Octal and Subtraction. Past them a run would take hours, or more memory
// than any machine has.
const (
	// OctalMax is the limit of an octal game: 2^30, about 7 GiB of the
	// engine's memory (octal.Memory, about 7 bytes a heap); the run's
	// memory plan decides whether a given machine allows it.
	OctalMax = 1 << 30
	// SubtractionMax is the limit of a subtraction game other than that of
	// the primes.
	SubtractionMax = 10_000_000
	// PrimesMax is the limit of the subtraction game of the primes (with
	// or without exceptions), whose work grows as max² (10^6 takes
	// seconds, 10^7 would take hours).
	PrimesMax = 1_000_000
)

// Octal is the heap game of an octal code, such as 0.77 (Kayles), with the
// Guy–Smith periodicity theorem as its proof.
func Octal(code octal.Code) Heap {
	return Heap{
		Rules: "octal " + code.String(),
		Limit: OctalMax,
		Values: func(ctx context.Context, max int, opts grundy.Options) ([]int32, error) {
			return octal.Values(ctx, code, max, opts)
		},
		Sparse: func(ctx context.Context, max int, opts grundy.Options) ([]int32, octal.Stats, error) {
			return octal.ValuesWithStats(ctx, code, max, opts)
		},
		Memory: func(max int) int64 { return octal.Memory(code, max) },
		// The engine's estimate from a run to 2^14 heaps (milliseconds):
		// a game without a sparse space costs max^2, others far less, so
		// that a run of several games starts those first.
		Cost:      func(max int) float64 { return octal.Cost(code, max) },
		Moves:     func(n int) []HeapMove { return octalMoves(code, n) },
		Misere:    misere.Octal(code),
		GenusRule: misere.OctalGenusRule(code),
		Prove: func(seq []int32, p analysis.Period) *analysis.Proof {
			proof := analysis.ProveOctal(seq, p, code.MaxRemove())
			return &proof
		},
		Theorem: "the Guy–Smith periodicity theorem",
		rule:    octalRule{code},
	}
}

// Subtraction is the heap game of a subtraction set, such as {1, 3, 4} or
// the squares. A finite set's period is proven by the window argument; no
// theorem applies to an infinite set. The squares' game is take-a-square,
// a Growth game (GAME/records, the b-file of its losing positions, the
// power law of their count and its figure p_growth) whichever way it is
// asked for: the registered squares or a subtraction game of the squares.
func Subtraction(set subtraction.Set) Heap {
	limit := SubtractionMax
	if set.Name() == subtraction.NamePrimes {
		limit = PrimesMax
	}
	h := Heap{
		Rules: "subtraction " + set.String(),
		Limit: limit,
		Values: func(ctx context.Context, max int, opts grundy.Options) ([]int32, error) {
			return subtraction.Values(ctx, set, max, opts)
		},
		Memory:    func(max int) int64 { return subtraction.Memory(set, max) },
		Moves:     func(n int) []HeapMove { return subtractionMoves(set, n) },
		NoTheorem: "no periodicity theorem applies to an infinite subtraction set",
		Losing: func(ctx context.Context, max int64, opts grundy.Options, emit func([]int64) error) error {
			return subtraction.Losing(ctx, set, max, opts, emit)
		},
		LosingMemory: func(max int64) int64 { return subtraction.LosingMemory(set, max) },
		rule:         subtractionRule{set},
		Misere:       misere.Subtraction(set),
		GenusRule:    misere.SubtractionGenusRule(set),
	}
	if set.String() == subtraction.NameSquares {
		// Take-a-square: its losing positions thin out (OEIS A030193),
		// and its values take about n^1.5 steps.
		h.Title, h.Growth = "Take-a-square", true
		h.Cost = func(max int) float64 { n := float64(max); return n * math.Sqrt(n) / 1e9 }
	}
	if set.Finite() {
		h.Prove = func(seq []int32, p analysis.Period) *analysis.Proof {
			proof := analysis.ProveSubtraction(seq, p, set.Max())
			return &proof
		}
		h.Theorem = "the window argument for finite subtraction sets"
	}
	if set.Name() == subtraction.NameNaturals {
		// An all-but game: arithmetic periodic (Siegel), proven by
		// analysis.ProveAllBut. Its losing positions are few and its
		// moves many: GAME/p_positions comes from the values.
		except := set.Except()
		h.ProveArithmetic = func(seq []int32, a analysis.Arithmetic) *analysis.Proof {
			proof := analysis.ProveAllBut(seq, a, except)
			return &proof
		}
		h.Theorem = "the all-but window argument up to a saltus (analysis.ProveAllBut)"
		h.Losing, h.LosingMemory = nil, nil
		h.NoTheorem = ""
		// About f + a few steps a heap (allButValues).
		h.Cost = func(max int) float64 { return float64(max) * float64(len(except)+4) / 1e8 }
	}
	return h
}

// Rules returns the heap game of a definition written as on the command
// line, through the family registry and its one parser (Family.Parse):
// family "octal" with a code such as "0.77", "subtraction" with a set such
// as "1,3,4", the name of an infinite set ("squares", "primes", ...) or
// all-but:LIST, "takebreak" with a hexadecimal code, or any registered
// Family whose members are HeapMembers. It is the model's entry for callers
// that sweep many rules, such as a census: Rules("octal", "0.77") gives
// Kayles, whose Values(ctx, n, grundy.Options{}) are g(0..n).
func Rules(family, definition string) (Heap, error) {
	f, ok := games.FamilyByName(family)
	var m games.Member
	var err error
	if ok && f.Parse != nil {
		m, err = f.Parse(definition)
		if err != nil {
			return Heap{}, err
		}
	}
	hm, ok := m.(HeapMember)
	if !ok {
		var known []string
		for _, name := range games.Families() {
			f, _ := games.FamilyByName(name)
			if f.Parse == nil {
				continue
			}
			if _, ok := f.Member().(HeapMember); ok {
				known = append(known, f.Name)
			}
		}
		return Heap{}, &games.ArgError{Arg: "family", Value: strconv.Quote(family), Problem: "is unknown", Allowed: strings.Join(known, ", ")}
	}
	return hm.Heap()
}

// HeapMember is a Member whose game is a heap game (Rules returns it).
type HeapMember interface {
	games.Member
	// Heap returns the heap game of the member's rules, or the error of
	// rules that do not define one.
	Heap() (Heap, error)
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
