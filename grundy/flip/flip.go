package flip

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/internal/engine"
	"golang.org/x/sync/errgroup"
)

// Flip Game II. A board is a string of '+' and '-'; a move turns one "++"
// into "--". Each maximal run of r '+' is an independent heap of the octal
// game 0.07 (Dawson's Kayles): a move in a run of r leaves runs of a and
// r-2-a, 0 <= a <= r-2. A board's Grundy value is the XOR of the values of
// its runs, and the player to move wins iff it is not 0.

// CountMax is the largest board length BoardCounts accepts: the
// 2^length boards of each length are counted exactly in an int64.
const CountMax = 62

// RunValues returns the Grundy values of a single run of r '+' for
// 0 <= r <= max, that is of a heap of r in the octal game 0.07 (Dawson's
// Kayles): a move in a run of r leaves runs of a and r-2-a. The values are
// those of Dawson's chess shifted by one, g(r) = A002187(r-1) in the OEIS.
// It returns an empty slice if max < 0.
//
// Each value is the mex over all splits, computed exactly (no periodicity is
// assumed): the values are packed four bits each, sixteen to a word, and a
// candidate value is looked for among sixteen splits at a time, which makes
// max = 100000 take a fraction of a second. The values of 0.07 never exceed
// 9; should a value of 16 or more ever appear, the computation falls back to a
// plain scan of every split.
//
// When ctx is cancelled RunValues returns ctx.Err() within a few
// milliseconds. (At max = 1000000 the values take tens of seconds; the loop
// checks ctx every 64 lengths, which costs nothing measurable next to a
// row's 60,000 word operations.) Values computed once are kept for later
// calls, up to length 2^20.
func RunValues(ctx context.Context, max int) ([]int32, error) {
	if err := engine.CheckRange("flip.RunValues", "max", int64(max), 0, RunValuesMax); err != nil {
		return nil, err
	}
	vals, err := flipRunValues(ctx, max)
	if err != nil {
		return nil, err
	}
	g := make([]int32, max+1)
	copy(g, vals)
	return g, nil
}

// RunValuesMax is the largest max RunValues accepts, 2^31-1 (the lengths of
// runs are int32 in Position); a negative or larger max is a
// *grundy.RangeError, refused before anything is allocated. The work grows
// as max^2: 10^6 takes tens of seconds.
const RunValuesMax = 1<<31 - 1

// flipRunCacheMax bounds the run values kept for later calls.
const flipRunCacheMax = 1 << 20

// flipRunCache holds the run values computed so far, shared by all callers
// and never modified once published.
var flipRunCache struct {
	mu sync.Mutex // serialises extensions
	g  atomic.Pointer[[]int32]
}

// flipRunValues returns run values for at least 0..max. The result is shared:
// callers must not modify it. A cancelled computation is not cached.
func flipRunValues(ctx context.Context, max int) ([]int32, error) {
	if p := flipRunCache.g.Load(); p != nil && len(*p) > max {
		return *p, nil
	}
	if max >= flipRunCacheMax {
		var prev []int32
		if p := flipRunCache.g.Load(); p != nil {
			prev = *p
		}
		return flipRunExtendContext(ctx, prev, max)
	}
	flipRunCache.mu.Lock()
	defer flipRunCache.mu.Unlock()
	var prev []int32
	if p := flipRunCache.g.Load(); p != nil {
		if len(*p) > max {
			return *p, nil
		}
		prev = *p
	}
	g, err := flipRunExtendContext(ctx, prev, max)
	if err != nil {
		return nil, err
	}
	flipRunCache.g.Store(&g)
	return g, nil
}

// Nibble masks for the SWAR test "some 4-bit lane is zero".
const (
	flipLo = 0x1111111111111111
	flipHi = 0x8888888888888888
)

// flipRunExtend returns the values of 0.07 for 0..top, taking prev (a correct
// prefix, possibly empty) as already known.
//
// The values are kept four bits each, sixteen to a word: fw holds g(i) in
// nibble i, and rvs[o] holds g(top-o-q) in nibble q, the values in reverse
// order shifted by o nibbles. For a run of s+2, the sixteen splits a = 16k..
// 16k+15 pair word k of fw, g(a), with word k of rvs[c%16] at offset c/16,
// g(s-a), where c = top-s; a lane of their XOR equal to t is found by the
// usual test for a zero lane. Only the splits a <= s/2 are needed.
func flipRunExtend(prev []int32, top int) []int32 {
	g, _ := flipRunExtendContext(context.Background(), prev, top)
	return g
}

// flipRunExtendContext is flipRunExtend, returning ctx.Err() once ctx is
// cancelled (checked every 64 lengths).
func flipRunExtendContext(ctx context.Context, prev []int32, top int) ([]int32, error) {
	g := make([]int32, top+1)
	n := copy(g, prev)
	words := top/16 + 2
	fw := make([]uint64, words)
	var rvs [16][]uint64
	for o := range rvs {
		rvs[o] = make([]uint64, words)
	}
	set := func(i int, v int32) {
		fw[i>>4] |= uint64(v) << (4 * uint(i&15))
		j := top - i
		for o := 0; o < 16 && o <= j; o++ {
			q := j - o
			rvs[o][q>>4] |= uint64(v) << (4 * uint(q&15))
		}
	}
	for i := 0; i < n; i++ {
		if g[i] >= 16 {
			return g, flipRunNaiveContext(ctx, g, i+1)
		}
		set(i, g[i])
	}
	for r := max(n, 2); r <= top; r++ {
		if r&63 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		s := r - 2
		half := s / 2
		last := half >> 4 // the word holding split s/2
		c := top - s
		rv := rvs[c&15][c>>4 : c>>4+last+1]
		f := fw[:len(rv)]
		var lastMask uint64 // lanes past split s/2: never zero
		if valid := half - last<<4 + 1; valid < 16 {
			lastMask = ^uint64(0) << (4 * uint(valid))
		}
		t := int32(0)
		for t < 16 && flipHasSplit(f, rv, uint64(t)*flipLo, lastMask) {
			t++
		}
		g[r] = t
		if t >= 16 {
			if err := flipRunNaiveContext(ctx, g, r); err != nil {
				return nil, err
			}
			return g, nil
		}
		set(r, t)
	}
	return g, nil
}

// flipHasSplit reports whether some lane of f[k] XOR rv[k] equals the lane of
// pat, for the lanes of the last word not in lastMask and all lanes of the
// others.
func flipHasSplit(f, rv []uint64, pat, lastMask uint64) bool {
	last := len(f) - 1
	rv = rv[:len(f)]
	k := 0
	for ; k+3 < last; k += 4 {
		v0 := f[k] ^ rv[k] ^ pat
		v1 := f[k+1] ^ rv[k+1] ^ pat
		v2 := f[k+2] ^ rv[k+2] ^ pat
		v3 := f[k+3] ^ rv[k+3] ^ pat
		if ((v0-flipLo)&^v0|(v1-flipLo)&^v1|(v2-flipLo)&^v2|(v3-flipLo)&^v3)&flipHi != 0 {
			return true
		}
	}
	for ; k < last; k++ {
		v := f[k] ^ rv[k] ^ pat
		if (v-flipLo)&^v&flipHi != 0 {
			return true
		}
	}
	v := f[last] ^ rv[last] ^ pat | lastMask
	return (v-flipLo)&^v&flipHi != 0
}

// flipRunNaive fills g[from:] by the plain mex over every split, with no bound
// on the size of the values.
func flipRunNaive(g []int32, from int) { flipRunNaiveContext(context.Background(), g, from) }

// flipRunNaiveContext is flipRunNaive, returning ctx.Err() once ctx is
// cancelled (checked every 16 lengths).
func flipRunNaiveContext(ctx context.Context, g []int32, from int) error {
	var seen []uint64
	for r := from; r < len(g); r++ {
		if r&15 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if r < 2 {
			g[r] = 0
			continue
		}
		s := r - 2
		need := (s/2+1)/64 + 1 // the mex of s/2+1 values is at most s/2+1
		if cap(seen) < need {
			seen = make([]uint64, need)
		}
		seen = seen[:need]
		clear(seen)
		for a := 0; a <= s/2; a++ {
			if x := int(g[a] ^ g[s-a]); x < need*64 {
				seen[x>>6] |= 1 << uint(x&63)
			}
		}
		m := 0
		for seen[m>>6] == ^uint64(0) {
			m += 64
		}
		m += bits.TrailingZeros64(^seen[m>>6])
		g[r] = int32(m)
	}
	return nil
}

// BoardError reports a character of a board that is neither '+' nor '-'.
type BoardError struct {
	Pos  int  // 0-based byte index of the character
	Char rune // the character (utf8.RuneError if the bytes are not UTF-8)
}

// Error reads like "board: character 'x' at position 3 (0-based) is not '+'
// or '-'".
func (e *BoardError) Error() string {
	return fmt.Sprintf("board: character %q at position %d (0-based) is not '+' or '-'", e.Char, e.Pos)
}

// Run is one maximal run of '+' on a board.
type Run struct {
	Start int // 0-based index of its first '+'
	Len   int // number of '+', at least 1
}

// ParseBoard checks that board holds only '+' and '-' and returns its maximal
// runs of '+' from left to right. A bad character gives a *BoardError for the
// first one.
func ParseBoard(board string) ([]Run, error) {
	var runs []Run
	start := -1
	for i := 0; i < len(board); i++ {
		switch board[i] {
		case '+':
			if start < 0 {
				start = i
			}
		case '-':
			if start >= 0 {
				runs = append(runs, Run{Start: start, Len: i - start})
				start = -1
			}
		default:
			return nil, flipBadChar(board, i)
		}
	}
	if start >= 0 {
		runs = append(runs, Run{Start: start, Len: len(board) - start})
	}
	return runs, nil
}

// flipBadChar returns the *BoardError for the character starting at byte i.
func flipBadChar(board string, i int) *BoardError {
	var c rune
	for _, r := range board[i:] { // decodes one rune, RuneError if invalid
		c = r
		break
	}
	return &BoardError{Pos: i, Char: c}
}

// Answer is the solution of one Flip Game II board.
type Answer struct {
	Grundy int  // XOR of the Grundy values of the board's runs
	Win    bool // the player to move wins: Grundy != 0
	// WinningMoves lists, ascending, every index i where turning
	// board[i:i+2] from "++" into "--" leaves a position of Grundy value 0
	// (a win for the player who moved). Empty, not nil, when there is none.
	WinningMoves []int
}

// Solve solves a board of any length. It answers each run from the proven
// period of the run values (period.go: the Guy–Smith theorem checked on
// values computed exactly, once per process), so a run of any length costs
// one lookup; it XORs them, and for each run of r with value g looks for the
// splits a, r-2-a whose values XOR to g XOR total. The time is linear in
// the board's length (its parsing and its winning moves), whatever the
// length of its runs: a run of 800,000 '+' is answered in milliseconds.
// When ctx is cancelled it returns ctx.Err() promptly.
//
// A character other than '+' or '-' gives a *BoardError.
func Solve(ctx context.Context, board string) (Answer, error) {
	runs, err := ParseBoard(board)
	if err != nil {
		return Answer{}, err
	}
	if p, err := provenRuns(); err == nil {
		return solveRuns(ctx, runs, p.value)
	}
	// No proof (never, see period.go): every value up to the longest run.
	longest := 0
	for _, r := range runs {
		longest = max(longest, r.Len)
	}
	g, err := flipRunValues(ctx, longest)
	if err != nil {
		return Answer{}, err
	}
	return solveRuns(ctx, runs, func(r int) int32 { return g[r] })
}

// Position is one multiset of runs, standing for every board whose
// maximal runs of '+' of length 2 or more are these (runs of one '+' are dead
// and do not count).
type Position struct {
	Runs   []int32 // ascending, each >= 2
	Length int32   // shortest board holding it: sum(Runs) + len(Runs) - 1, or 0 when empty
	Grundy int32   // XOR of the run values
}

// flipPosTaskSize bounds the positions computed by one task of Positions.
const flipPosTaskSize = 1 << 14

// flipPosWindow returns how many tasks of Positions may be computed
// ahead of the one being emitted.
func flipPosWindow(workers int) int { return 2*workers + 2 }

// flipCheckRunG checks that runG covers run lengths 0..maxLen.
func flipCheckRunG(name string, maxLen int, runG []int32) error {
	if err := engine.CheckRange(name, "maxLen", int64(maxLen), 0, math.MaxInt32); err != nil {
		return err // lengths are int32 in Position
	}
	if len(runG) <= maxLen {
		return fmt.Errorf("%s: run values cover lengths 0..%d, need 0..%d", name, len(runG)-1, maxLen)
	}
	for r, v := range runG[:maxLen+1] {
		if v < 0 {
			return fmt.Errorf("%s: run value %d for length %d is negative", name, v, r)
		}
	}
	return nil
}

// flipAdd adds counts, saturating at math.MaxInt64.
func flipAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// PositionCount returns how many multisets Positions(maxLen) yields,
// the empty one included (0 if maxLen < 0), by a counting DP: a run of r
// costs r+1 (itself and the '-' after it) and the costs must total at most
// maxLen+1. The count saturates at math.MaxInt64, which it reaches at
// maxLen 441.
func PositionCount(maxLen int) int64 {
	if maxLen < 0 {
		return 0
	}
	if maxLen > 1000 { // saturated long before; spare the quadratic DP
		return math.MaxInt64
	}
	b := maxLen + 1
	exact := make([]int64, b+1) // exact[c]: multisets of total cost c
	exact[0] = 1
	for cost := 3; cost <= b; cost++ {
		for c := cost; c <= b; c++ {
			exact[c] = flipAdd(exact[c], exact[c-cost])
		}
	}
	var n int64
	for _, e := range exact {
		n = flipAdd(n, e)
	}
	return n
}

// flipPosCounts returns t with t[l][c] = the number of multisets (the empty
// one included) of runs >= l whose costs total at most c, for 2 <= l <= c.
func flipPosCounts(maxLen int) [][]int64 {
	b := maxLen + 1
	t := make([][]int64, b+2)
	exact := make([]int64, b+1)
	exact[0] = 1
	t[b+1] = make([]int64, b+1)
	for c := range t[b+1] {
		t[b+1][c] = 1 // only the empty multiset
	}
	for l := b; l >= 2; l-- {
		cost := l + 1
		for c := cost; c <= b; c++ {
			exact[c] = flipAdd(exact[c], exact[c-cost])
		}
		row := make([]int64, b+1)
		var sum int64
		for c, e := range exact {
			sum = flipAdd(sum, e)
			row[c] = sum
		}
		t[l] = row
	}
	return t
}

// flipPosItem is a piece of the sorted enumeration: the multiset prefix
// alone, or with everything that extends it.
type flipPosItem struct {
	prefix   []int32
	nodeOnly bool
}

// flipPosBuf is the output of one task; buffers are recycled.
type flipPosBuf struct {
	pos  []Position
	runs []int32
	offs []int32 // runs of pos[i] are runs[offs[i]:offs[i+1]]
}

// Positions enumerates every multiset of runs (each >= 2) whose shortest
// board has length <= maxLen, the empty multiset included, in sorted order:
// lexicographic order of the ascending Runs lists, a list before its
// extensions ([], [2], [2 2], [2 2 2], ..., [2 3], ..., [3], ...). There are
// PositionCount(maxLen) of them. runG must hold the run values for
// lengths 0..maxLen (RunValues(ctx, maxLen) or longer).
//
// The enumeration is cut by prefix into tasks of at most 16384 positions,
// generated as they are needed. Up to workers tasks (runtime.GOMAXPROCS(0) if
// workers <= 0) are computed at once on an errgroup, at most 2*workers+2
// ahead of the one being emitted, so memory stays flat whatever maxLen (see
// PositionsMemory). emit is called from one goroutine
// only, strictly in sorted order, with batches that, like the Runs slices in
// them, are only valid during the call. An error from emit stops the
// enumeration and is returned. progress, if not nil, receives the number of
// positions emitted out of PositionCount(maxLen). When ctx is cancelled,
// Positions returns ctx.Err() promptly.
func Positions(ctx context.Context, maxLen int, runG []int32, opts grundy.Options, emit func([]Position) error) error {
	return flipPositions(ctx, maxLen, runG, opts.Workers, flipPosTaskSize, opts.Progress, emit)
}

// flipPositions is Positions with the task size as a parameter.
func flipPositions(ctx context.Context, maxLen int, runG []int32, workers, taskSize int, progress grundy.Progress, emit func([]Position) error) error {
	if err := flipCheckRunG("flip.Positions", maxLen, runG); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if PositionCount(maxLen) == math.MaxInt64 {
		return fmt.Errorf("flip.Positions: maxLen %d gives more than 2^63 positions", maxLen)
	}
	workers = grundy.Goroutines(workers)
	counts := flipPosCounts(maxLen)
	total := counts[2][maxLen+1]

	ctx2, cancel := context.WithCancel(ctx)
	defer cancel()
	g, gctx := errgroup.WithContext(ctx2)
	g.SetLimit(workers)
	window := flipPosWindow(workers)
	// order holds, in sorted order, one channel per launched task that
	// its worker fills; its capacity bounds the tasks computed ahead.
	order := make(chan chan *flipPosBuf, window)
	free := make(chan *flipPosBuf, window+2)
	aborted := false // set by the launcher before it closes order
	go func() {
		defer close(order)
		for task := range flipPosTasks(counts, maxLen, taskSize) {
			if gctx.Err() != nil {
				aborted = true
				return
			}
			res := make(chan *flipPosBuf, 1)
			select {
			case order <- res:
			case <-gctx.Done():
				aborted = true
				return
			}
			g.Go(func() error {
				var buf *flipPosBuf
				select {
				case buf = <-free:
				default:
					n := min(int64(taskSize), total)
					buf = &flipPosBuf{pos: make([]Position, 0, n), offs: make([]int32, 0, n+1)}
				}
				if err := flipPosRun(gctx, buf, task, maxLen, runG); err != nil {
					return err
				}
				res <- buf
				return nil
			})
		}
	}()

	var emitErr error
	var done int64
	complete := true
emitting:
	for res := range order {
		var buf *flipPosBuf
		select {
		case buf = <-res:
		case <-gctx.Done():
			complete = false
			break emitting
		}
		if ctx.Err() != nil {
			complete = false
			break emitting
		}
		if len(buf.pos) > 0 {
			if err := emit(buf.pos); err != nil {
				emitErr = err
				complete = false
				cancel()
				break emitting
			}
		}
		done += int64(len(buf.pos))
		progress.Report(done, total)
		select {
		case free <- buf:
		default:
		}
	}
	if !complete {
		for range order { // let the launcher see gctx.Done and finish
		}
	}
	werr := g.Wait()
	switch {
	case emitErr != nil:
		return emitErr
	case complete && !aborted:
		return nil
	case ctx.Err() != nil:
		return ctx.Err()
	case werr != nil:
		return werr
	}
	return errors.New("flip.Positions: stopped early") // not reached
}

// flipPosTasks cuts the sorted enumeration into consecutive items of at most
// taskSize positions (a prefix alone if its extensions are too many) and
// yields them grouped into tasks of at most taskSize positions, one task at a
// time.
func flipPosTasks(counts [][]int64, maxLen, taskSize int) iter.Seq[[]flipPosItem] {
	return func(yield func([]flipPosItem) bool) {
		var cur []flipPosItem
		var curN int64
		add := func(it flipPosItem, n int64) bool {
			if len(cur) > 0 && curN+n > int64(taskSize) {
				if !yield(cur) {
					return false
				}
				cur, curN = nil, 0
			}
			cur = append(cur, it)
			curN += n
			return true
		}
		var split func(prefix []int32, least, budget int) bool
		split = func(prefix []int32, least, budget int) bool {
			n := counts[least][budget]
			if n <= int64(taskSize) {
				return add(flipPosItem{prefix: prefix}, n)
			}
			if !add(flipPosItem{prefix: prefix, nodeOnly: true}, 1) {
				return false
			}
			for r := least; r+1 <= budget; r++ {
				if !split(append(prefix[:len(prefix):len(prefix)], int32(r)), r, budget-r-1) {
					return false
				}
			}
			return true
		}
		if split(nil, 2, maxLen+1) && len(cur) > 0 {
			yield(cur)
		}
	}
}

// flipPosRun computes the positions of one task into buf.
func flipPosRun(ctx context.Context, buf *flipPosBuf, task []flipPosItem, maxLen int, runG []int32) error {
	buf.pos, buf.runs, buf.offs = buf.pos[:0], buf.runs[:0], append(buf.offs[:0], 0)
	var stack []int32
	var err error
	var dfs func(least, budget int, x int32)
	dfs = func(least, budget int, x int32) {
		if err != nil {
			return
		}
		buf.runs = append(buf.runs, stack...)
		buf.offs = append(buf.offs, int32(len(buf.runs)))
		buf.pos = append(buf.pos, Position{Length: int32(max(maxLen-budget, 0)), Grundy: x})
		if len(buf.pos)&4095 == 0 {
			if err = ctx.Err(); err != nil {
				return
			}
		}
		for r := least; r+1 <= budget; r++ {
			stack = append(stack, int32(r))
			dfs(r, budget-r-1, x^runG[r])
			stack = stack[:len(stack)-1]
		}
	}
	for _, it := range task {
		if err = ctx.Err(); err != nil {
			return err
		}
		stack = append(stack[:0], it.prefix...)
		budget := maxLen + 1
		var x int32
		for _, r := range it.prefix {
			budget -= int(r) + 1
			x ^= runG[r]
		}
		if it.nodeOnly {
			buf.runs = append(buf.runs, stack...)
			buf.offs = append(buf.offs, int32(len(buf.runs)))
			buf.pos = append(buf.pos, Position{Length: int32(max(maxLen-budget, 0)), Grundy: x})
			continue
		}
		least := 2
		if len(it.prefix) > 0 {
			least = int(it.prefix[len(it.prefix)-1])
		}
		dfs(least, budget, x)
		if err != nil {
			return err
		}
	}
	for i := range buf.pos {
		lo, hi := buf.offs[i], buf.offs[i+1]
		buf.pos[i].Runs = buf.runs[lo:hi:hi]
	}
	return nil
}

// PositionsMemory estimates the peak memory in bytes of Positions
// with these arguments, not counting what emit keeps: the buffers of the
// tasks in flight and the counting table. It is small and grows only with
// the longest Runs list, not with the number of positions.
func PositionsMemory(maxLen, workers int) int64 {
	if maxLen < 0 {
		return 0
	}
	workers = grundy.Goroutines(workers)
	maxRuns := int64(maxLen+1) / 3
	perPos := int64(32+4) + 4*maxRuns // Position, offset, runs
	tasks := int64(flipPosWindow(workers) + 1)
	table := int64(maxLen+3) * int64(maxLen+2) * 8
	return tasks*flipPosTaskSize*perPos + table
}

// Count holds, for one board length, how many of the 2^Length boards are
// won by the player to move and how many by the other player.
type Count struct {
	Length           int32
	Boards           int64 // 2^Length
	FirstPlayerWins  int64 // boards of Grundy value != 0
	SecondPlayerWins int64 // boards of Grundy value 0
}

// BoardCounts counts exactly, for every length 0..maxLen, the boards that
// are first-player and second-player wins, by a DP over (length, XOR value)
// rather than by listing boards: a board of length L is a board of length
// L-r-1 followed by '-' and a final run of r '+' (or, for r = L, that run
// alone). runG must hold the run values for lengths 0..maxLen. maxLen must not
// exceed CountMax.
func BoardCounts(maxLen int, runG []int32) ([]Count, error) {
	// 2^length boards must fit an int64.
	if err := engine.CheckRange("flip.BoardCounts", "maxLen", int64(maxLen), 0, CountMax); err != nil {
		return nil, err
	}
	if err := flipCheckRunG("flip.BoardCounts", maxLen, runG); err != nil {
		return nil, err
	}
	var top int32
	for _, v := range runG[:maxLen+1] {
		top = max(top, v)
	}
	nv := 1 << bits.Len32(uint32(top)) // XORs of the values stay below nv
	// all[L][x]: boards of length L with XOR x.
	all := make([][]int64, maxLen+1)
	for l := range all {
		all[l] = make([]int64, nv)
		for r := 0; r <= l; r++ { // final run of r '+'
			if r == l {
				all[l][runG[r]]++
				continue
			}
			g := int(runG[r])
			for x, n := range all[l-r-1] { // then '-', then the run
				all[l][x^g] += n
			}
		}
	}
	out := make([]Count, maxLen+1)
	for l, byX := range all {
		c := Count{Length: int32(l), Boards: 1 << uint(l), SecondPlayerWins: byX[0]}
		c.FirstPlayerWins = c.Boards - c.SecondPlayerWins
		out[l] = c
	}
	return out, nil
}

// flipBoardBatch is how many boards Boards passes to emit at once.
const flipBoardBatch = 8192

// Boards calls emit with every board of length 1..maxLen, in byte-wise
// lexicographic order of the strings ('+' before '-': "+", "++", "+++", ...,
// "+-", ...), which is the order of Go string comparison and of SQL ORDER BY,
// and with each board's Grundy value (the player to move wins iff it is not
// 0). There are 2^(maxLen+1) - 2 boards; maxLen must not exceed CountMax.
// runG must hold the run values for lengths 0..maxLen.
//
// The boards are visited depth first in the trie of strings, the XOR kept up
// to date one character at a time. They are passed in batches: the slices
// boards and grundy are reused once emit returns, the strings in them are not
// and may be kept. An error from emit is returned. ctx is checked between
// batches.
func Boards(ctx context.Context, maxLen int, runG []int32, emit func(boards []string, grundy []int32) error) error {
	if err := engine.CheckRange("flip.Boards", "maxLen", int64(maxLen), 0, CountMax); err != nil {
		return err
	}
	if err := flipCheckRunG("flip.Boards", maxLen, runG); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	cur := make([]byte, maxLen)
	// done[d], run[d]: XOR of the closed runs and length of the open run
	// of cur[:d].
	done := make([]int32, maxLen+1)
	run := make([]int32, maxLen+1)
	boards := make([]string, 0, flipBoardBatch)
	grundy := make([]int32, 0, flipBoardBatch)
	text := make([]byte, 0, flipBoardBatch*maxLen)
	ends := make([]int, 0, flipBoardBatch)
	flush := func() error {
		if err := ctx.Err(); err != nil {
			return err
		}
		s := string(text) // one allocation for the batch
		start := 0
		for _, e := range ends {
			boards = append(boards, s[start:e])
			start = e
		}
		err := emit(boards, grundy)
		boards, grundy, text, ends = boards[:0], grundy[:0], text[:0], ends[:0]
		return err
	}
	d := 0
	for {
		if d < maxLen {
			cur[d] = '+'
			done[d+1], run[d+1] = done[d], run[d]+1
			d++
		} else {
			for d > 0 && cur[d-1] == '-' {
				d--
			}
			if d == 0 {
				break
			}
			cur[d-1] = '-'
			done[d], run[d] = done[d-1]^runG[run[d-1]], 0
		}
		text = append(text, cur[:d]...)
		ends = append(ends, len(text))
		grundy = append(grundy, done[d]^runG[run[d]])
		if len(grundy) == flipBoardBatch {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if len(grundy) > 0 {
		return flush()
	}
	return nil
}

// BoardsMemory estimates the peak memory in bytes of Boards(maxLen),
// not counting what emit keeps: one batch of boards, their text and values.
func BoardsMemory(maxLen int) int64 {
	if maxLen < 0 {
		return 0
	}
	perBoard := int64(16+4+8) + 2*int64(maxLen) // header, value, end; text and its string copy
	return flipBoardBatch*perBoard + 3*8*int64(maxLen+1)
}
