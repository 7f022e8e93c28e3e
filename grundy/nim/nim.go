package nim

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// PositionsMax is the largest number of positions Positions
// accepts, so that every position, the empty one included, has an int32 rank.
const PositionsMax = math.MaxInt32 - 1

// nimChunk is how many positions one task of the worker pool decides.
const nimChunk = 4096

// Position is one row of the nim/positions table.
type Position struct {
	// Piles holds the pile sizes in ascending order, each at least 1.
	Piles []int32
	// NimSum is the XOR of the pile sizes (reported, not used to decide).
	NimSum int32
	// Win reports whether the player to move can force a win, as decided
	// by the search.
	Win bool
	// WinningMoves counts the moves (pile index, new size) that lead to a
	// losing position, equal piles counting one move each; 0 exactly when
	// Win is false.
	WinningMoves int32
}

// Table holds every multiset of 1..MaxPiles() piles with sizes
// 1..MaxPile(), each decided by exhaustive search over the moves of Nim (not
// by Bouton's XOR rule, which CheckBouton then verifies). It is read-only
// once built and safe for concurrent use.
type Table struct {
	maxPiles, maxPile int
	// moves[r] is the number of winning moves of the position of colex
	// rank r (see nimRank); 0 means the position is lost for the player to
	// move. Rank 0 is the empty position.
	moves []int32
	// term[k*(maxPile+1)+v] = C(v+k, k+1), the rank term of value v at
	// index k of a sorted tuple.
	term []int64
	// misere is set for a table of misère play (MiserePositions).
	misere bool
}

// MaxPiles returns the largest number of piles in the table.
func (t *Table) MaxPiles() int { return t.maxPiles }

// MaxPile returns the largest pile size in the table.
func (t *Table) MaxPile() int { return t.maxPile }

// Len returns the number of positions in the table, PositionCount of its
// bounds.
func (t *Table) Len() int64 { return int64(len(t.moves)) - 1 }

// PositionCount returns the number of positions Positions decides
// for its bounds: the multisets of 1..maxPiles piles with sizes 1..maxPile.
// Padded with empty piles to exactly maxPiles, they are the multisets of size
// maxPiles over 0..maxPile, C(maxPile+maxPiles, maxPiles) of them, less the
// empty position. It is 0 when either bound is below 1, and saturates at
// math.MaxInt64.
func PositionCount(maxPiles, maxPile int) int64 {
	if maxPiles < 1 || maxPile < 1 {
		return 0
	}
	n := uint64(maxPiles) + uint64(maxPile)
	k := uint64(min(maxPiles, maxPile))
	c := uint64(1) // C(n, i) for i = 0..k, which increases as i <= n/2
	for i := uint64(0); i < k; i++ {
		hi, lo := bits.Mul64(c, n-i)
		if hi >= i+1 {
			return math.MaxInt64
		}
		c, _ = bits.Div64(hi, lo, i+1)
		if c > math.MaxInt64 {
			return math.MaxInt64
		}
	}
	return int64(c) - 1
}

// Memory estimates the peak memory in bytes of Positions for its
// bounds: a little over 8 bytes per position (the result, the order of work
// and a bit for lost positions) plus the rank terms and the layer offsets. (10, 15) needs about 26 MB, the default
// (7, 7) under 100 KB. It returns 0 for bounds Positions rejects.
func Memory(maxPiles, maxPile int) int64 {
	if nimCheck(maxPiles, maxPile) != nil {
		return 0
	}
	positions := PositionCount(maxPiles, maxPile) + 1
	terms := int64(maxPiles) * int64(maxPile+1) * 8
	layers := (int64(maxPiles)*int64(maxPile) + 2) * 8 * 2
	return positions*8 + positions/8 + terms + layers + 64<<10
}

// nimCheck validates the bounds of Positions.
func nimCheck(maxPiles, maxPile int) error {
	if err := engine.CheckRange("nim.Positions", "maxPiles", int64(maxPiles), 1, PositionsMax); err != nil {
		return err
	}
	if err := engine.CheckRange("nim.Positions", "maxPile", int64(maxPile), 1, PositionsMax); err != nil {
		return err
	}
	if n := PositionCount(maxPiles, maxPile); n > PositionsMax {
		return fmt.Errorf("nim: max_piles %d and max_pile %d give %d positions, more than the %d allowed",
			maxPiles, maxPile, n, PositionsMax)
	}
	return nil
}

// nimTerms returns the rank terms term[k*(m+1)+v] = C(v+k, k+1) for
// 0 <= k < n, 0 <= v <= m.
//
// A sorted tuple a_0 <= a_1 <= ... <= a_{n-1} over 0..m maps to the strictly
// increasing b_k = a_k + k over 0..m+n-1, and its rank is the colex rank of
// that combination, the sum over k of C(b_k, k+1): dense in
// 0..C(m+n, n)-1, 0 for the all-zero (empty) tuple. Lowering one entry and
// sorting again gives a tuple that is pointwise no larger, so every move
// leads to a smaller rank.
func nimTerms(n, m int) []int64 {
	term := make([]int64, n*(m+1))
	for k := range n {
		// C(v+k, k+1) = C(v+k-1, k+1) * (v+k) / (v-1) for v >= 2; C(k, k+1) = 0,
		// C(k+1, k+1) = 1. All values stay below C(m+n, n), which fits.
		row := term[k*(m+1) : (k+1)*(m+1)]
		if m >= 1 {
			row[1] = 1
		}
		for v := 2; v <= m; v++ {
			row[v] = row[v-1] / int64(v-1) * int64(v+k)
			if rem := row[v-1] % int64(v-1); rem != 0 {
				row[v] += rem * int64(v+k) / int64(v-1)
			}
		}
	}
	return term
}

// nimRank returns the rank of the ascending piles padded in front with
// empty piles to n entries.
func nimRank(term []int64, n, m int, piles []int32) int64 {
	var r int64
	k := n - len(piles)
	for _, p := range piles {
		r += term[k*(m+1)+int(p)]
		k++
	}
	return r
}

// Positions decides every multiset of 1..maxPiles piles with sizes
// 1..maxPile by exhaustive search: a position is won when some move (lower
// one pile to any smaller size, 0 included) leads to a lost one, and the
// table counts such moves.
//
// Positions are memoised on the sorted pile tuple, since the outcome does not
// depend on the order of the piles. The tuples, padded with empty piles to
// maxPiles entries, are ranked combinatorially into a dense array (see
// PositionCount), and decided in layers of equal total stones, since a
// move always lowers the total; each layer is split across opts.Workers
// goroutines (0 means every CPU, grundy.Goroutines). Ten piles of up to 15,
// 3,268,759 positions, take seconds; Memory estimates the memory.
//
// It returns a *grundy.RangeError when a bound is below 1, an error naming
// the allowed number when the bounds give more than PositionsMax positions,
// and ctx.Err() promptly when ctx is cancelled. opts.Progress, if not nil,
// is told the number of positions decided out of PositionCount(maxPiles,
// maxPile).
func Positions(ctx context.Context, maxPiles, maxPile int, opts grundy.Options) (*Table, error) {
	return positions(ctx, maxPiles, maxPile, opts, false)
}

// positions is Positions under normal play, or under misère play
// (MiserePositions) when misere is set: the one difference is the empty
// position, lost for the player to move under normal play and won under
// misère play (the opponent made the last move).
func positions(ctx context.Context, maxPiles, maxPile int, opts grundy.Options, misere bool) (*Table, error) {
	workers, progress := opts.Workers, opts.Progress
	if err := nimCheck(maxPiles, maxPile); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	workers = grundy.Goroutines(workers)
	n, m := maxPiles, maxPile
	count := PositionCount(n, m)
	size := int(count) + 1
	t := &Table{maxPiles: n, maxPile: m, term: nimTerms(n, m), misere: misere}

	// Group the ranks by total stones: count each total, then place.
	maxSum := n * m
	start := make([]int, maxSum+2)
	if err := nimEachTuple(ctx, n, m, size, func(_ int, _ []int, sum int) { start[sum+1]++ }); err != nil {
		return nil, err
	}
	for s := 1; s <= maxSum+1; s++ {
		start[s] += start[s-1]
	}
	order := make([]int32, size)
	next := slices.Clone(start[:maxSum+1])
	if err := nimEachTuple(ctx, n, m, size, func(r int, _ []int, sum int) {
		order[next[sum]] = int32(r)
		next[sum]++
	}); err != nil {
		return nil, err
	}
	next = nil

	t.moves = make([]int32, size)
	lost := make([]uint64, size/64+1)
	if !misere {
		lost[0] = 1 // the empty position: no move, lost
	}
	var done int64
	progress.Report(done, count)
	for s := 1; s <= maxSum; s++ {
		layer := order[start[s]:start[s+1]]
		err := engine.Chunks(ctx, workers, len(layer), nimChunk, progress, &done, count, func(lo, hi int) {
			t.nimDecide(layer[lo:hi], lost)
		})
		if err != nil {
			return nil, err
		}
	}
	return t, nil
}

// nimEachTuple calls f with the rank, the entries and the total of every
// sorted tuple of n entries over 0..m, in rank (colex) order, checking ctx
// now and then. The entries are reused between calls.
// The colex successor raises the first entry that is below its right
// neighbour (or below m, for the last) and zeroes the entries before it.
func nimEachTuple(ctx context.Context, n, m, size int, f func(rank int, a []int, sum int)) error {
	a := make([]int, n)
	sum := 0
	for r := range size {
		if r&(1<<16-1) == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		f(r, a, sum)
		for k := range n {
			if (k < n-1 && a[k] < a[k+1]) || (k == n-1 && a[k] < m) {
				a[k]++
				sum++
				break
			}
			sum -= a[k]
			a[k] = 0
		}
	}
	return nil
}

// nimDecide decides the positions of the given ranks, whose moves all lead
// to positions already decided. lost has a bit per rank, set for the lost
// positions decided so far; workers of one layer set bits in the same words,
// hence the atomic operations.
func (t *Table) nimDecide(ranks []int32, lost []uint64) {
	n, m := t.maxPiles, t.maxPile
	stride := m + 1
	term := t.term
	a := make([]int, n)
	pre := make([]int64, n+1) // pre[k] = sum over i < k of term(i, a_i)
	sh := make([]int64, n+1)  // sh[k] = sum over i < k of term(i+1, a_i)
	starts := make([]int, n+1)
	vals := make([]int, n+1)
	for _, r := range ranks {
		// Unrank: for k from the top down, the largest value v with
		// term(k, v) <= what is left; values do not increase downwards.
		rest := int64(r)
		v := m
		for k := n - 1; k >= 0; k-- {
			row := term[k*stride : k*stride+stride]
			for row[v] > rest {
				v--
			}
			a[k] = v
			rest -= row[v]
		}
		for k := range n {
			pre[k+1] = pre[k] + term[k*stride+a[k]]
			if k+1 < n {
				sh[k+1] = sh[k] + term[(k+1)*stride+a[k]]
			}
		}

		// The runs of equal piles: run u starts at index starts[u] and has
		// value vals[u+1]; vals[0] = 0.
		runs := 0
		for k := range n {
			if k == 0 || a[k] != a[k-1] {
				starts[runs], vals[runs+1] = k, a[k]
				runs++
			}
		}
		starts[runs] = n

		// Lower pile i, the first of run g, to a q that lies below run u
		// (u <= g) but not below run u-1, vals[u] <= q < vals[u+1]: the
		// sorted child keeps a_0..a_{j-1} with j = starts[u], puts q at j,
		// shifts a_j..a_{i-1} up one place and keeps everything after i, so
		// its rank is base + term(j, q). Each pile of run g gives the same
		// child.
		var wins int32
		for g := range runs {
			i := starts[g]
			mult := int32(starts[g+1] - i)
			rest := sh[i] + pre[n] - pre[i+1]
			for u := g; u >= 0; u-- {
				j := starts[u]
				row := term[j*stride : j*stride+stride]
				wins += mult * nimCountLost(lost, pre[j]-sh[j]+rest, row[vals[u]:vals[u+1]])
			}
		}
		t.moves[r] = wins
		if wins == 0 {
			atomic.OrUint64(&lost[r>>6], 1<<(r&63))
		}
	}
}

// nimCountLost returns how many of the ranks base+terms[q] have their bit
// set in lost.
func nimCountLost(lost []uint64, base int64, terms []int64) int32 {
	var n uint64
	for _, tv := range terms {
		c := base + tv
		n += atomic.LoadUint64(&lost[c>>6]) >> (c & 63) & 1
	}
	return int32(n)
}

// Each calls emit with the positions of the table in batches of batch
// positions (batch <= 0 means 4096), in lexicographic order of the ascending
// pile lists: [1] < [1 1] < [1 1 1] < ... < [1 2] < ... < [2] < .... Each
// batch, and the Piles of its positions, are freshly allocated, so emit may
// keep them. Each stops at the first error from emit and returns it, and
// returns ctx.Err() when ctx is cancelled.
func (t *Table) Each(ctx context.Context, batch int, emit func([]Position) error) error {
	if batch <= 0 {
		batch = 4096
	}
	batch = int(min(int64(batch), t.Len()))
	var out []Position
	var piles []int32
	flush := func() error {
		if len(out) == 0 {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		err := emit(out)
		out, piles = nil, nil
		return err
	}
	err := t.nimEachLex(func(seq []int32, rank int64) error {
		if out == nil {
			out = make([]Position, 0, batch)
			piles = make([]int32, 0, batch*t.maxPiles)
		}
		from := len(piles)
		piles = append(piles, seq...)
		var x int32
		for _, p := range seq {
			x ^= p
		}
		w := t.moves[rank]
		out = append(out, Position{
			Piles:        piles[from:len(piles):len(piles)],
			NimSum:       x,
			Win:          w > 0,
			WinningMoves: w,
		})
		if len(out) == batch {
			return flush()
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return flush()
}

// nimEachLex calls f with every non-empty ascending pile list of the table
// in lexicographic order, with its rank; seq is reused between calls.
// After a list comes the list one pile longer (repeating the last pile), or,
// when the list is full, the list with its last pile raised, dropping the
// piles already at the maximum.
func (t *Table) nimEachLex(f func(seq []int32, rank int64) error) error {
	n, m := t.maxPiles, t.maxPile
	seq := make([]int32, 1, n)
	seq[0] = 1
	for {
		if err := f(seq, nimRank(t.term, n, m, seq)); err != nil {
			return err
		}
		if len(seq) < n {
			seq = append(seq, seq[len(seq)-1])
			continue
		}
		for len(seq) > 0 && int(seq[len(seq)-1]) == m {
			seq = seq[:len(seq)-1]
		}
		if len(seq) == 0 {
			return nil
		}
		seq[len(seq)-1]++
	}
}

// BoutonError reports a position where the search and Bouton's rule
// disagree.
type BoutonError struct {
	Piles        []int32 // ascending
	NimSum       int32
	Win          bool  // from the search
	WinningMoves int32 // from the search
	BoutonWin    bool  // NimSum != 0 (misère play: MisereWinningMoves finds a move)
	BoutonMoves  int32 // piles p with p XOR NimSum < p (misère: MisereWinningMoves)
}

// Error describes the disagreement.
func (e *BoutonError) Error() string {
	return fmt.Sprintf("nim: search and Bouton's rule disagree at piles %v (nim-sum %d): "+
		"search says win=%t with %d winning moves, Bouton's rule win=%t with %d",
		e.Piles, e.NimSum, e.Win, e.WinningMoves, e.BoutonWin, e.BoutonMoves)
}

// CheckBouton verifies Bouton's theorem against the search for every
// position of the table: under normal play Win == (NimSum != 0), and
// WinningMoves equals the number of piles p with p XOR NimSum < p (each
// such pile has exactly one winning move, to p XOR NimSum); under misère
// play (MiserePositions) WinningMoves equals the number Bouton's misère
// rule gives (MisereWinningMoves), and so does Win. It returns a
// *BoutonError for the first position, in the order of Each, that
// disagrees, and nil if none does.
func (t *Table) CheckBouton() error {
	// A quick pass in rank order, which reads the results in memory order;
	// only when it finds a disagreement does the pass in the order of Each
	// look for the first one.
	agree := true
	piles := make([]int32, 0, t.maxPiles)
	_ = nimEachTuple(context.Background(), t.maxPiles, t.maxPile, len(t.moves), func(r int, a []int, _ int) {
		if r == 0 {
			return // the empty position, not in the table
		}
		piles = piles[:0]
		for _, p := range a {
			if p > 0 {
				piles = append(piles, int32(p))
			}
		}
		if t.moves[r] != t.boutonCount(piles) {
			agree = false
		}
	})
	if agree {
		return nil
	}
	return t.nimEachLex(func(seq []int32, rank int64) error {
		var x int32
		for _, p := range seq {
			x ^= p
		}
		want := t.boutonCount(seq)
		if got := t.moves[rank]; got != want {
			return &BoutonError{
				Piles: slices.Clone(seq), NimSum: x,
				Win: got > 0, WinningMoves: got,
				BoutonWin: want > 0, BoutonMoves: want,
			}
		}
		return nil
	})
}

// Move is a move of Nim: lower the pile at index Pile (0-based, in the
// order the piles were given) to NewSize stones.
type Move struct {
	Pile    int
	NewSize int
}

// Methods by which Solve decides a position.
const (
	// MethodSearch: exhaustive memoised search over the moves.
	MethodSearch = "search"
	// MethodBouton: Bouton's rule (XOR of the piles), for positions too
	// large to search.
	MethodBouton = "bouton"
)

// SearchLimit bounds the work Solve spends on search: it searches when
// S × (T + 1) <= SearchLimit, where S is the number of distinct sorted
// positions reachable from the input (the size of the memo) and T the total
// number of stones (a bound on the moves from each), and applies Bouton's
// rule otherwise. Seven piles of 7 (S = 3,432) are searched; ten piles of
// 15 or a single pile of 1,024 are not.
const SearchLimit = 1 << 20

// Answer is Solve's answer for one position.
type Answer struct {
	// Piles is a copy of the position as given.
	Piles []int
	// NimSum is the XOR of the piles.
	NimSum int
	// Win reports whether the player to move can force a win.
	Win bool
	// WinningMoves lists every move to a losing position, by pile index
	// and then new size ascending; empty when Win is false. Equal piles
	// give one move each.
	WinningMoves []Move
	// Method says how the position was decided: MethodSearch or
	// MethodBouton.
	Method string
}

// Solve decides one Nim position of any size. Small positions (see
// SearchLimit) are decided by exhaustive search memoised on the sorted
// pile tuple, like Positions; larger ones by Bouton's rule, which
// the search has been checked against (CheckBouton), and Method says which.
// Piles of size 0 are allowed and have no moves; a negative pile is an
// error.
func Solve(piles []int) (Answer, error) {
	ans := Answer{Piles: slices.Clone(piles), WinningMoves: []Move{}}
	for i, p := range piles {
		if p < 0 {
			return Answer{}, &grundy.RangeError{Func: "nim.Solve", Arg: fmt.Sprintf("pile %d", i), Value: int64(p), Min: 0, Max: math.MaxInt}
		}
		ans.NimSum ^= p
	}
	if !nimSearchable(piles) {
		ans.Method = MethodBouton
		ans.Win = ans.NimSum != 0
		for i, p := range piles {
			if q := p ^ ans.NimSum; q < p {
				ans.WinningMoves = append(ans.WinningMoves, Move{Pile: i, NewSize: q})
			}
		}
		return ans, nil
	}

	ans.Method = MethodSearch
	s := &nimSearch{memo: make(map[string]bool)}
	sorted := make([]int, 0, len(piles))
	for i, p := range piles {
		for q := range p {
			sorted = sorted[:0]
			for k, r := range piles {
				if k == i {
					r = q
				}
				if r > 0 {
					sorted = append(sorted, r)
				}
			}
			slices.Sort(sorted)
			if !s.wins(sorted) {
				ans.WinningMoves = append(ans.WinningMoves, Move{Pile: i, NewSize: q})
			}
		}
	}
	ans.Win = len(ans.WinningMoves) > 0
	return ans, nil
}

// nimSearchable reports whether Solve may search piles: whether
// S × (T + 1) <= SearchLimit (see there). S, the number of sorted tuples
// b_0 <= b_1 <= ... with b_i <= a_i for the sorted non-zero piles a, is
// counted by dynamic programming over i; since S >= max+1 and S >= n+1 for n
// non-zero piles, and T >= both, large inputs are turned away before it.
func nimSearchable(piles []int) bool {
	var a []int
	total := 0
	for _, p := range piles {
		if p > 0 {
			if p > SearchLimit || total > SearchLimit {
				return false
			}
			a = append(a, p)
			total += p
		}
	}
	limit := SearchLimit / (total + 1)
	if len(a)+1 > limit || (len(a) > 0 && slices.Max(a)+1 > limit) {
		return false
	}
	slices.Sort(a)
	// ways[v] = number of valid prefixes b_0..b_i ending in b_i = v.
	ways := make([]int, len(a)+1)
	if len(a) > 0 {
		ways = make([]int, a[len(a)-1]+1)
	}
	for v := range ways {
		if len(a) == 0 || v <= a[0] {
			ways[v] = 1
		}
	}
	for i := 1; i < len(a); i++ {
		run := 0 // prefix sum: sequences whose b_{i-1} <= v
		for v := 0; v <= a[i]; v++ {
			run += ways[v]
			ways[v] = run
		}
		if run > limit {
			return false
		}
	}
	states := 0
	for _, w := range ways {
		states += w
	}
	return states <= limit
}

// nimSearch is Solve's memoised search over sorted tuples of non-zero
// piles.
type nimSearch struct {
	memo map[string]bool
	key  []byte
}

// wins reports whether the player to move from the ascending non-zero piles
// a can force a win.
func (s *nimSearch) wins(a []int) bool {
	s.key = s.key[:0]
	for _, p := range a {
		s.key = append(s.key, byte(p>>16), byte(p>>8), byte(p))
	}
	if w, ok := s.memo[string(s.key)]; ok {
		return w
	}
	key := string(s.key)
	win := false
	child := make([]int, 0, len(a))
	for i, p := range a {
		if i > 0 && a[i-1] == p {
			continue // an equal pile gives the same children
		}
		for q := p - 1; q >= 0 && !win; q-- {
			child = append(child[:0], a[:i]...)
			child = append(child, a[i+1:]...)
			if q > 0 {
				at, _ := slices.BinarySearch(child, q)
				child = slices.Insert(child, at, q)
			}
			win = !s.wins(child)
		}
		if win {
			break
		}
	}
	s.memo[key] = win
	return win
}
