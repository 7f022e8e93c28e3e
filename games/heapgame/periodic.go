package heapgame

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

// HeapMax is the largest heap tabulate solve answers for a game whose
// period (or arithmetic period) a theorem proves: 10^18, within int64 with
// room for the sums a period's arithmetic makes.
const HeapMax = 1_000_000_000_000_000_000

// ProofBudget is how many values tabulate solve computes, at the most, to
// look for a proven period before it falls back on computing every heap up
// to the largest asked (within the game's Limit): 2^20, a fraction of a
// second for the engines of every family.
const ProofBudget = 1 << 20

// MovesListMax is the most winning moves an answer lists when --max-moves
// does not say (a heap of 10^18 of Kayles has some 10^17): the others are
// counted in the answer's moves_not_shown.
const MovesListMax = 100_000

// sequence is a Grundy sequence known at any heap: the values g(0..len(g)-1)
// and, when a theorem proved it, the period (or arithmetic period) that
// continues them for ever: g(n+p) = g(n) + s for every n >= n0.
type sequence struct {
	g         []int32
	period    int   // 0: no proven period, only g is known
	preperiod int   // n0
	saltus    int64 // s, 0 for an ordinary period
	needed    int   // the values the proof reads: heaps from here are answered "by" it
	by        string
}

// known reports whether g(n) is known.
func (q *sequence) known(n int64) bool { return n < int64(len(q.g)) || q.period > 0 }

// value returns g(n), n known: from the values, or reduced by the period
// into them (len(g) >= n0 + p, which every proof's Needed is).
func (q *sequence) value(n int64) int64 {
	if n < int64(len(q.g)) {
		return int64(q.g[n])
	}
	p := int64(q.period)
	d := n - int64(q.preperiod)
	r := d % p
	return int64(q.g[int64(q.preperiod)+r]) + q.saltus*((d-r)/p)
}

// preimages returns, ascending, every m in [0, hi] with g(m) = v, for a
// sequence with a positive saltus past its values (each value then has
// finitely many preimages: at most one a residue class past n0).
func (q *sequence) preimages(v, hi int64) []int64 {
	var out []int64
	for m := int64(0); m <= hi && m < int64(len(q.g)); m++ {
		if int64(q.g[m]) == v {
			out = append(out, m)
		}
	}
	if hi < int64(len(q.g)) || q.period == 0 || q.saltus <= 0 {
		return out
	}
	p, n0 := int64(q.period), int64(q.preperiod)
	for r := range p {
		base := int64(q.g[n0+r])
		if v < base || (v-base)%q.saltus != 0 {
			continue
		}
		j := (v - base) / q.saltus
		if j > (hi-n0-r)/p {
			continue
		}
		if m := n0 + r + j*p; m >= int64(len(q.g)) {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	return out
}

// provenSequence returns the sequence of g continued by the period that
// r proves, said in words by theorem; nil when r proves nothing.
func provenSequence(g []int32, r analysis.Report, theorem string) *sequence {
	if !r.Proven() {
		return nil
	}
	q := &sequence{g: g, needed: r.Proof.Needed}
	if a := r.Arithmetic; a.Found {
		q.period, q.preperiod, q.saltus = a.Period, a.Preperiod, a.Saltus
	} else {
		q.period, q.preperiod = r.Period.Period, r.Period.Preperiod
	}
	q.by = periodWords(q.period, q.preperiod, q.saltus) + ", proven by " + theorem
	return q
}

// periodWords says a period as the answer's "by" does.
func periodWords(p, n0 int, s int64) string {
	if s != 0 {
		return fmt.Sprintf("period %d with saltus %d from n = %d", p, s, n0)
	}
	return fmt.Sprintf("period %d from n = %d", p, n0)
}

// moveRule lists the winning moves of a one-heap game from any heap whose
// values a sequence knows (for a proven period, heaps far past the values
// computed).
type moveRule interface {
	// winning lists, in the order Heap.Moves lists them, the moves from a
	// heap of n whose leaves' values XOR to target, at most keep of them,
	// and counts them all.
	winning(q *sequence, n, target int64, keep int64) (moves []HeapMove, total int64)
}

// moveList collects moves up to keep and counts them all.
type moveList struct {
	moves []HeapMove
	total int64
	keep  int64
}

func (l *moveList) add(m HeapMove) {
	l.total++
	if int64(len(l.moves)) < l.keep {
		l.moves = append(l.moves, m)
	}
}

// octalRule is the moves of an octal code (see octalMoves).
type octalRule struct{ code octal.Code }

func (r octalRule) winning(q *sequence, n, target, keep int64) ([]HeapMove, int64) {
	l := moveList{keep: keep}
	for k := int64(0); k <= min(int64(r.code.MaxRemove()), n); k++ {
		d := r.code.Digit(int(k))
		if d&1 != 0 && k >= 1 && n == k && target == 0 {
			l.add(HeapMove{Remove: int(k), Leaves: []int{}})
		}
		if d&2 != 0 && k >= 1 && n > k && q.value(n-k) == target {
			l.add(HeapMove{Remove: int(k), Leaves: []int{int(n - k)}})
		}
		if d&4 != 0 {
			octalSplits(q, &l, k, n-k, target)
		}
	}
	return l.moves, l.total
}

// octalSplits adds the moves that remove k and split the rest, m, into two
// non-empty heaps a <= b whose values XOR to target, a ascending. Within
// the values it tries every a. Past them it uses the period (an octal
// game's is ordinary, saltus 0): m >= len(g) >= 2*max(n0, 1) + 2p (the
// octal theorem's Needed), so b = m - a >= m/2 >= n0 for every a <= m/2,
// and for a >= n0 whether a pair wins depends on a mod p alone. The heaps
// a < n0 are tried one by one; each residue class of a >= n0 that wins is
// counted by arithmetic and listed only as far as keep asks. Cost: O(n0 +
// p + keep*p), whatever m.
func octalSplits(q *sequence, l *moveList, k, m, target int64) {
	hi := m / 2
	if m < int64(len(q.g)) || q.period == 0 || q.saltus != 0 {
		for a := int64(1); a <= hi; a++ {
			if q.value(a)^q.value(m-a) == target {
				l.add(HeapMove{Remove: int(k), Leaves: []int{int(a), int(m - a)}})
			}
		}
		return
	}
	p, n0 := int64(q.period), int64(q.preperiod)
	for a := int64(1); a < n0 && a <= hi; a++ {
		if q.value(a)^q.value(m-a) == target {
			l.add(HeapMove{Remove: int(k), Leaves: []int{int(a), int(m - a)}})
		}
	}
	if hi < n0 {
		return
	}
	good := make([]bool, p)
	var count int64
	for r := range p {
		a := n0 + r
		if a > hi || q.value(a)^q.value(m-a) != target {
			continue
		}
		good[r] = true
		count += (hi-a)/p + 1
	}
	listed := int64(0)
	for a := n0; a <= hi && int64(len(l.moves)) < l.keep && listed < count; a++ {
		if good[(a-n0)%p] {
			l.moves = append(l.moves, HeapMove{Remove: int(k), Leaves: []int{int(a), int(m - a)}})
			listed++
		}
	}
	l.total += count
}

// subtractionRule is the moves of a subtraction set (see subtractionMoves).
type subtractionRule struct{ set subtraction.Set }

func (r subtractionRule) winning(q *sequence, n, target, keep int64) ([]HeapMove, int64) {
	l := moveList{keep: keep}
	switch {
	case r.set.Finite():
		for _, x := range r.set.Members(int(min(n, int64(r.set.Max())))) {
			if q.value(n-int64(x)) == target {
				l.add(HeapMove{Remove: x, Leaves: []int{int(n - int64(x))}})
			}
		}
	case r.set.Name() == subtraction.NameNaturals && q.saltus > 0:
		// Every removal but the excluded: the heaps left with the target
		// value, found from the value (finitely many, the saltus being
		// positive), removals ascending.
		except := r.set.Except()
		ms := q.preimages(target, n-1)
		for i := len(ms) - 1; i >= 0; i-- {
			x := n - ms[i]
			if _, out := slices.BinarySearch(except, int(x)); !out {
				l.add(HeapMove{Remove: int(x), Leaves: []int{int(ms[i])}})
			}
		}
	default: // every heap within the values (callers see to it)
		for _, x := range r.set.Members(int(n)) {
			if q.value(n-int64(x)) == target {
				l.add(HeapMove{Remove: x, Leaves: []int{int(n - int64(x))}})
			}
		}
	}
	return l.moves, l.total
}

// answerHeaps answers the position of the heaps given (one heap, or
// several: their sum) of the game called game from q, which knows every
// heap: the XOR of their values, and every move of one heap that leaves
// XOR 0, at most keep of them listed (the rest counted in
// MovesNotShown). One heap is the position n; several are listed, and
// each move names its heap.
func (h Heap) answerHeaps(game string, q *sequence, heaps []int64, source string, keep int64) *games.Answer {
	if keep < 0 {
		keep = MovesListMax
	}
	var x int64
	// Whether the position has a heap past the values the proof rests on:
	// its answer is then the theorem's, whether the heap is also in a
	// table of values or not (so that an answer computed and one read
	// from a run's tables say the same).
	used := false
	for _, n := range heaps {
		x ^= q.value(n)
		used = used || (q.period > 0 && n >= int64(q.needed))
	}
	moves := []HeapMove{}
	var total int64
	note := "" // what the listed moves leave out (a rule's note)
	for i, n := range heaps {
		target := x ^ q.value(n)
		var ms []HeapMove
		var count int64
		if h.rule != nil {
			ms, count = h.rule.winning(q, n, target, keep-int64(len(moves)))
		} else {
			for _, m := range h.Moves(int(n)) {
				v := int64(0)
				for _, leaf := range m.Leaves {
					v ^= q.value(int64(leaf))
				}
				if v == target {
					count++
					if int64(len(ms)) < keep-int64(len(moves)) {
						ms = append(ms, m)
					}
				}
			}
		}
		if len(heaps) > 1 {
			for j := range ms {
				ms[j].Heap = i + 1
			}
		}
		moves = append(moves, ms...)
		total += count
		if nr, ok := h.rule.(interface{ note(*sequence, int64) string }); ok && note == "" {
			note = nr.note(q, n)
		}
	}
	a := &games.Answer{Game: game, Grundy: games.Int64Ptr(x), Win: x != 0, WinningMoves: moves, Source: source,
		MovesNotShown: total - int64(len(moves)), Note: note}
	if len(heaps) == 1 {
		a.Position = heaps[0]
	} else {
		ints := make([]int, len(heaps))
		for i, n := range heaps {
			ints[i] = int(n)
		}
		a.Position = ints
	}
	if used {
		a.By = q.by
	}
	return a
}

// proves reports whether a theorem can prove a period of the game, so that
// heaps up to HeapMax can be answered.
func (h Heap) proves() bool { return h.Prove != nil || h.ProveArithmetic != nil }

// theoremOf names the theorem that proves (or would prove) r's period:
// ArithmeticTheorem for an arithmetic period when the game has one,
// Theorem otherwise.
func (h Heap) theoremOf(r analysis.Report) string {
	if !r.Period.Found && r.Arithmetic.Found && h.ArithmeticTheorem != "" {
		return h.ArithmeticTheorem
	}
	return h.Theorem
}

// theorems returns the game's theorems for analysis.Study.
func (h Heap) theorems() analysis.Theorems {
	th := analysis.Theorems{Name: h.Theorem, ArithmeticName: h.ArithmeticTheorem}
	if h.Prove != nil {
		prove := h.Prove
		th.Period = func(seq []int32, p analysis.Period) analysis.Proof { return *prove(seq, p) }
	}
	if h.ProveArithmetic != nil {
		prove := h.ProveArithmetic
		th.Arithmetic = func(seq []int32, a analysis.Arithmetic) analysis.Proof { return *prove(seq, a) }
	}
	return th
}

// solverState is what the solver of a game defined by rules keeps between
// positions: the values computed, and the sequence a proof continues.
type solverState struct {
	mu     sync.Mutex
	values []int32
	proven *sequence
	tried  int // the longest prefix Study found no proof in
}

// sequenceFor returns a sequence that knows every heap up to top: the
// proven period, found by computing values only as far as the proof
// needs (from 1024 values, then as many as the theorem's window needs,
// or four times as many, up to ProofBudget); failing that, the values up
// to top computed (grown geometrically), or an *ArgError when top is past
// the game's Limit.
func (h Heap) sequenceFor(ctx context.Context, st *solverState, top int64) (*sequence, error) {
	if st.proven != nil {
		return st.proven, nil
	}
	if top < int64(len(st.values)) {
		return &sequence{g: st.values}, nil
	}
	limit := int64(h.Limit)
	compute := func(m int64) error {
		v, err := h.Values(ctx, int(m), grundy.Options{Progress: games.ProgressOf(ctx, "computing Grundy values", "n")})
		if err == nil {
			st.values = v
		}
		return err
	}
	var rejected string // a candidate the theorem rejects with every value it reads
	if h.proves() {
		budget := min(limit, ProofBudget) + 1 // values g(0..budget-1)
		var last string
		for size := min(int64(1024), budget); size > int64(st.tried); {
			if size > int64(len(st.values)) {
				if err := compute(size - 1); err != nil {
					return nil, err
				}
			}
			seq := st.values[:size]
			r := analysis.Study(seq, h.theorems())
			if q := provenSequence(seq, r, h.theoremOf(r)); q != nil {
				st.proven = q
				return q, nil
			}
			st.tried = int(size)
			if top < size || size >= budget {
				break
			}
			// The same candidate at two lengths, and the theorem rejects it
			// with every value its window reads: more values cannot prove
			// it (the window is the same), only a different candidate
			// could be, and the values of a growing code cost like n^3
			// (0.3F: 2^20 of them take hours). Stop, and say why.
			if c := rejectedCandidate(r); c != "" && c == last && top > limit {
				rejected = fmt.Sprintf("%s, which %s does not prove (its window, g(0..%d), holds every value it reads)", candidateWords(r), h.theoremOf(r), r.Proof.Needed-1)
				break
			} else {
				last = c
			}
			next := 4 * size
			if r.Proof != nil && r.Proof.Missing > 0 {
				next = int64(r.Proof.Needed)
			}
			size = min(budget, max(next, size+1))
		}
		if top < int64(len(st.values)) {
			return &sequence{g: st.values}, nil
		}
	}
	if top > limit {
		why := "has no periodicity theorem"
		if h.proves() {
			why = fmt.Sprintf("has no period proven in its first %d values", min(limit, ProofBudget)+1)
		}
		if rejected != "" {
			why = "has no proven period: the candidate " + rejected
		}
		return nil, &games.ArgError{Arg: "heap", Value: fmt.Sprint(top), Problem: fmt.Sprintf("is past the largest heap computed (%d), and the game %s", limit, why),
			Allowed: fmt.Sprintf("0 to %d", limit)}
	}
	// Grow geometrically, so that many rising positions on standard
	// input cost a constant factor over the largest.
	if err := compute(max(top, min(2*int64(len(st.values)), limit))); err != nil {
		return nil, err
	}
	return &sequence{g: st.values}, nil
}

// rejectedCandidate names the period or arithmetic period r found (period,
// preperiod, saltus) when its theorem rejects it with no value missing;
// "" otherwise.
func rejectedCandidate(r analysis.Report) string {
	if r.Proof == nil || r.Proof.Proven || r.Proof.Missing > 0 {
		return ""
	}
	if a := r.Arithmetic; a.Found {
		return periodWords(a.Period, a.Preperiod, a.Saltus)
	}
	if r.Period.Found {
		return periodWords(r.Period.Period, r.Period.Preperiod, 0)
	}
	return ""
}

// candidateWords says the candidate r found and how far it was checked:
// "period 6 with saltus 3 from n = 0, checked on 4096 values".
func candidateWords(r analysis.Report) string {
	checked := r.Period.Checked
	if r.Arithmetic.Found {
		checked = r.Arithmetic.Checked
	}
	return fmt.Sprintf("%s, checked on %d values", rejectedCandidate(r), checked)
}

// recordedSequence continues the values g read from a run's GAME/grundy by
// the period its manifest records as proven (the finding "grundy"), checked
// again on g by the game's theorem (a proof reads only values the table
// holds, so nothing is computed); nil when the manifest proves nothing or
// the check fails.
func (h Heap) recordedSequence(g []int32, finding json.RawMessage) *sequence {
	if finding == nil || !h.proves() {
		return nil
	}
	var p games.Period
	if json.Unmarshal(finding, &p) != nil {
		return nil
	}
	if p.Status != string(analysis.Proven) || p.Period < 1 || p.Preperiod < 0 || p.ValuesNeeded > len(g) {
		return nil
	}
	var r analysis.Report
	if p.Saltus != 0 {
		if h.ProveArithmetic == nil {
			return nil
		}
		a := analysis.Arithmetic{Found: true, Period: p.Period, Preperiod: p.Preperiod, Saltus: p.Saltus, Checked: len(g)}
		proof := h.ProveArithmetic(g, a)
		r = analysis.Report{Arithmetic: a, Proof: proof}
	} else {
		if h.Prove == nil {
			return nil
		}
		per := analysis.Period{Found: true, Period: p.Period, Preperiod: p.Preperiod, LastException: p.Preperiod - 1, Checked: len(g)}
		proof := h.Prove(g, per)
		r = analysis.Report{Period: per, Proof: proof}
	}
	if r.Proof == nil || !r.Proof.Proven {
		return nil
	}
	r.Status = analysis.Proven
	return provenSequence(g, r, h.theoremOf(r))
}

type maxMovesKey struct{}

// WithMaxMoves returns a copy of ctx through which tabulate solve tells
// the solvers to list at most k winning moves (counting the others).
func WithMaxMoves(ctx context.Context, k int64) context.Context {
	return context.WithValue(ctx, maxMovesKey{}, k)
}

// MaxMovesOf returns the k of WithMaxMoves, or -1 (all) when ctx has none.
func MaxMovesOf(ctx context.Context) int64 {
	if k, ok := ctx.Value(maxMovesKey{}).(int64); ok {
		return k
	}
	return -1
}

// AnswerValues answers the position of the heaps given (one heap, or
// several: their sum) of the game called game from its values g, which
// reach the largest heap: as a run's tables or a computation answers it,
// at most keep winning moves listed.
func (h Heap) AnswerValues(game string, g []int32, heaps []int64, source string, keep int64) *games.Answer {
	return h.answerHeaps(game, &sequence{g: g}, heaps, source, keep)
}
