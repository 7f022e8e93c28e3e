package flip

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/tabulate-games/tabulate/grundy"
)

// mustRunValues is RunValues without a context, for the tests.
func mustRunValues(max int) []int32 {
	g, err := RunValues(context.Background(), max)
	if err != nil {
		panic(err)
	}
	return g
}

// flipOracleBits is the longest board the oracle table covers.
const flipOracleBits = 20

// flipOracle is the oracle for Flip Game II: the literal game searched
// exhaustively, with no use of runs, octal games or XOR. A board is a bitmask
// (bit i set iff board[i] == '+'); '-' squares beyond the last '+' change
// nothing, so one table serves every length up to flipOracleBits. A move
// clears two adjacent set bits, which makes the mask smaller, so filling the
// table in increasing order of masks is the memoised search without the
// recursion: each entry is the mex of the entries of the masks it moves to.
var flipOracle = sync.OnceValue(func() []int8 {
	t := make([]int8, 1<<flipOracleBits)
	for m := 1; m < len(t); m++ {
		var seen uint64 // at most 19 moves, so the mex is below 64
		for i := 0; i+1 < flipOracleBits; i++ {
			if m>>i&3 == 3 {
				seen |= 1 << uint(t[m&^(3<<i)])
			}
		}
		t[m] = int8(bits.TrailingZeros64(^seen))
	}
	return t
})

// flipMask returns the oracle's bitmask of a valid board.
func flipMask(board string) int {
	m := 0
	for i := 0; i < len(board); i++ {
		if board[i] == '+' {
			m |= 1 << i
		}
	}
	return m
}

// flipBoardOf returns the board of length n with '+' where mask has a 1.
func flipBoardOf(mask, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '-'
		if mask>>i&1 == 1 {
			b[i] = '+'
		}
	}
	return string(b)
}

// flipOracleMoves returns, ascending, the moves of a board of length n that
// lead to a position of oracle value 0.
func flipOracleMoves(mask, n int) []int {
	t := flipOracle()
	moves := []int{}
	for i := 0; i+1 < n; i++ {
		if mask>>i&3 == 3 && t[mask&^(3<<i)] == 0 {
			moves = append(moves, i)
		}
	}
	return moves
}

// flipA002187 holds the terms a(0..131) of OEIS A002187, "Sprague-Grundy
// values for Dawson's Chess (octal game .137)", as listed on
// https://oeis.org/A002187 (data section; also Berlekamp, Conway and Guy,
// Winning Ways, 1982, pp. 89 and 102). Its comment: "Octal game .07
// (Dawson's Kayles) has values a(n-1)", so a run of r >= 1 '+' has value
// a(r-1).
var flipA002187 = []int32{
	0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
	0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
	8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
	8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
}

// flipA002187Exceptions are the n for which, per the FORMULA line of
// https://oeis.org/A002187, a(n) differs from the purely periodic sequence of
// period 34 that A002187 eventually becomes: "Has period 34 with the only
// exceptions at n=0, 14, 16, 17, 31, 34 and 51."
var flipA002187Exceptions = []int{0, 14, 16, 17, 31, 34, 51}

// flipA002187At returns a(n) for any n >= 0 from the published terms and the
// published period: beyond the last exception (51), a(n) = a(n-34).
func flipA002187At(n int) int32 {
	for n >= len(flipA002187) {
		n -= 34 * ((n-len(flipA002187))/34 + 1)
	}
	return flipA002187[n]
}

func TestFlipRunGrundyPublished(t *testing.T) {
	g := mustRunValues(len(flipA002187))
	if len(g) != len(flipA002187)+1 {
		t.Fatalf("len(RunValues(%d)) = %d, want %d", len(flipA002187), len(g), len(flipA002187)+1)
	}
	if g[0] != 0 {
		t.Errorf("g(0) = %d, want 0 (no move)", g[0])
	}
	for r := 1; r < len(g); r++ {
		if want := flipA002187[r-1]; g[r] != want {
			t.Errorf("g(%d) = %d, want %d (A002187 a(%d))", r, g[r], want, r-1)
		}
	}
}

func TestFlipRunGrundyOracle(t *testing.T) {
	g := mustRunValues(flipOracleBits)
	o := flipOracle()
	for r := 0; r <= flipOracleBits; r++ {
		if want := int32(o[1<<r-1]); g[r] != want {
			t.Errorf("g(%d) = %d, want %d (oracle on %q)", r, g[r], want, strings.Repeat("+", r))
		}
	}
}

// TestFlipRunGrundyPeriod checks 100000 values against the published
// statement that A002187 has period 34 apart from a listed set of exceptions.
func TestFlipRunGrundyPeriod(t *testing.T) {
	const n = 100000
	g := mustRunValues(n)
	if len(g) != n+1 {
		t.Fatalf("len = %d, want %d", len(g), n+1)
	}
	a := g[1:] // a[k] = g(k+1) is A002187
	var exceptions []int
	for k := range a {
		if a[k] != flipA002187At(k) {
			t.Fatalf("g(%d) = %d, want %d (A002187 a(%d), period 34)", k+1, a[k], flipA002187At(k), k)
		}
		// The eventual periodic value: a far-off term of the same residue.
		if a[k] != a[len(a)-1-(len(a)-1-k)%34-34*3] {
			exceptions = append(exceptions, k)
		}
	}
	if !slices.Equal(exceptions, flipA002187Exceptions) {
		t.Errorf("exceptions to period 34 = %v, want %v (A002187 FORMULA)", exceptions, flipA002187Exceptions)
	}
}

// flipRunPlain is the definition of the run values written as plainly as
// possible, as a reference for the fast mex.
func flipRunPlain(max int) []int32 {
	g := make([]int32, max+1)
	for r := 2; r <= max; r++ {
		seen := map[int32]bool{}
		for a := 0; a <= r-2; a++ {
			seen[g[a]^g[r-2-a]] = true
		}
		for seen[g[r]] {
			g[r]++
		}
	}
	return g
}

func TestFlipRunGrundyPlain(t *testing.T) {
	const n = 2500
	want := flipRunPlain(n)
	for _, m := range []int{0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 100, n} { // -1: bounds_test.go
		got := mustRunValues(m)
		if len(got) != max(m+1, 0) || !slices.Equal(got, want[:len(got)]) {
			t.Errorf("RunValues(%d) differs from the plain mex", m)
		}
	}
	// Extending a known prefix, as the cache does.
	for _, from := range []int{0, 1, 2, 17, 700} {
		if got := flipRunExtend(want[:from], n); !slices.Equal(got, want) {
			t.Errorf("flipRunExtend(prefix of %d, %d) differs from the plain mex", from, n)
		}
	}
	// The fallback for values of 16 and more.
	got := make([]int32, n+1)
	flipRunNaive(got, 0)
	if !slices.Equal(got, want) {
		t.Errorf("flipRunNaive differs from the plain mex")
	}
	// The returned slice belongs to the caller.
	g := mustRunValues(10)
	g[4] = 99
	if again := mustRunValues(10); again[4] != want[4] {
		t.Errorf("changing a returned slice changed a later result: g(4) = %d, want %d", again[4], want[4])
	}
}

func TestSolveFlipOracle(t *testing.T) {
	const maxLen = 16
	o := flipOracle()
	for n := 0; n <= maxLen; n++ {
		for m := 0; m < 1<<n; m++ {
			board := flipBoardOf(m, n)
			got, err := Solve(context.Background(), board)
			if err != nil {
				t.Fatalf("Solve(%q): %v", board, err)
			}
			want := Answer{Grundy: int(o[m]), Win: o[m] != 0, WinningMoves: flipOracleMoves(m, n)}
			if got.Grundy != want.Grundy || got.Win != want.Win || !slices.Equal(got.WinningMoves, want.WinningMoves) {
				t.Fatalf("Solve(%q) = %+v, want %+v (oracle)", board, got, want)
			}
		}
	}
}

func TestSolveFlipErrors(t *testing.T) {
	tests := []struct {
		name  string
		board string
		pos   int
		char  rune
	}{
		{"letter", "++x-", 2, 'x'},
		{"first", "x++", 0, 'x'},
		{"space", "++ ++", 2, ' '},
		{"two bad", "+-ab", 2, 'a'},
		{"multibyte", "+-é+", 2, 'é'},
		{"invalid utf8", "++\xff", 2, utf8.RuneError},
		{"newline", "++\n", 2, '\n'},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Solve(context.Background(), tt.board)
			var be *BoardError
			if !errors.As(err, &be) {
				t.Fatalf("Solve(%q) error = %v, want *BoardError", tt.board, err)
			}
			if be.Pos != tt.pos || be.Char != tt.char {
				t.Errorf("Solve(%q): got Pos %d Char %q, want Pos %d Char %q", tt.board, be.Pos, be.Char, tt.pos, tt.char)
			}
			if _, err := ParseBoard(tt.board); !errors.As(err, &be) || be.Pos != tt.pos {
				t.Errorf("ParseBoard(%q) error = %v, want *BoardError at %d", tt.board, err, tt.pos)
			}
		})
	}
	_, err := Solve(context.Background(), "++x-")
	if want := `board: character 'x' at position 2 (0-based) is not '+' or '-'`; err == nil || err.Error() != want {
		t.Errorf("error text = %v, want %s", err, want)
	}
}

func TestParseBoard(t *testing.T) {
	tests := []struct {
		board string
		want  []Run
	}{
		{"", nil},
		{"---", nil},
		{"+", []Run{{0, 1}}},
		{"++--+++-+", []Run{{0, 2}, {4, 3}, {8, 1}}},
		{"-++++", []Run{{1, 4}}},
	}
	for _, tt := range tests {
		got, err := ParseBoard(tt.board)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("ParseBoard(%q) = %v, %v; want %v, nil", tt.board, got, err, tt.want)
		}
	}
}

// flipCheckConsistent checks an answer for a board too long for the oracle
// by solving the board after each move again: every listed move is on "++"
// and leaves Grundy value 0. If all is set, every other move on "++" must
// leave a value other than 0; if not, and there are more than
// flipCheckSample winning moves, an evenly spread sample of them is checked
// (an all-'+' board of 100000 has over 20000, each re-solve reads the board).
func flipCheckConsistent(t *testing.T, board string, ans Answer, all bool) {
	t.Helper()
	if ans.Win != (ans.Grundy != 0) {
		t.Fatalf("Win = %v with Grundy %d", ans.Win, ans.Grundy)
	}
	if ans.Win != (len(ans.WinningMoves) > 0) {
		t.Fatalf("Win = %v with %d winning moves", ans.Win, len(ans.WinningMoves))
	}
	if !slices.IsSorted(ans.WinningMoves) || len(slices.Compact(slices.Clone(ans.WinningMoves))) != len(ans.WinningMoves) {
		t.Fatalf("winning moves not strictly ascending")
	}
	b := []byte(board)
	after := func(i int) int {
		if b[i] != '+' || b[i+1] != '+' {
			t.Fatalf("move %d is not on \"++\"", i)
		}
		b[i], b[i+1] = '-', '-'
		a, err := Solve(context.Background(), string(b))
		b[i], b[i+1] = '+', '+'
		if err != nil {
			t.Fatal(err)
		}
		return a.Grundy
	}
	if all {
		for i := 0; i+1 < len(b); i++ {
			if b[i] != '+' || b[i+1] != '+' {
				continue
			}
			if g, winning := after(i), slices.Contains(ans.WinningMoves, i); (g == 0) != winning {
				t.Fatalf("move %d: Grundy after = %d, listed as winning: %v", i, g, winning)
			}
		}
		return
	}
	step := max(1, len(ans.WinningMoves)/flipCheckSample)
	for k := 0; k < len(ans.WinningMoves); k += step {
		if i := ans.WinningMoves[k]; after(i) != 0 {
			t.Fatalf("winning move %d leaves Grundy %d, want 0", i, after(i))
		}
	}
	if n := len(ans.WinningMoves); n > 0 && after(ans.WinningMoves[n-1]) != 0 {
		t.Fatalf("last winning move %d does not leave 0", ans.WinningMoves[n-1])
	}
}

// flipCheckSample bounds how many winning moves flipCheckConsistent re-solves.
const flipCheckSample = 400

func TestSolveFlipLarge(t *testing.T) {
	const n = 100000
	rng := rand.New(rand.NewPCG(294, 1))
	tests := []struct {
		name  string
		board string
		all   bool // also check every non-winning move
	}{
		{"random", flipRandomBoard(rng, n, 0.5), false},
		{"mostly plus", flipRandomBoard(rng, n, 0.97), false},
		{"all plus", strings.Repeat("+", n), false},
		{"random 2000", flipRandomBoard(rng, 2000, 0.8), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ans, err := Solve(context.Background(), tt.board)
			if err != nil {
				t.Fatal(err)
			}
			flipCheckConsistent(t, tt.board, ans, tt.all)
		})
	}
	// A single run: its value is published (A002187 with period 34).
	ans, err := Solve(context.Background(), strings.Repeat("+", n))
	if err != nil {
		t.Fatal(err)
	}
	if want := flipA002187At(n - 1); ans.Grundy != int(want) {
		t.Errorf("Grundy of %d '+' = %d, want %d (A002187)", n, ans.Grundy, want)
	}
}

// flipRandomBoard returns a board of n characters, each '+' with probability p.
func flipRandomBoard(rng *rand.Rand, n int, p float64) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '-'
		if rng.Float64() < p {
			b[i] = '+'
		}
	}
	return string(b)
}

func FuzzSolveFlip(f *testing.F) {
	for _, s := range []string{"", "+", "++", "++++", "+++-++", "++x-", "-+-+-", "é", "+\xff", strings.Repeat("+", 40), "++--++-+++++-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, board string) {
		ans, err := Solve(context.Background(), board)
		bad := strings.IndexFunc(board, func(r rune) bool { return r != '+' && r != '-' })
		if bad >= 0 {
			var be *BoardError
			if !errors.As(err, &be) || be.Pos != bad {
				t.Fatalf("Solve(%q) error = %v, want *BoardError at %d", board, err, bad)
			}
			r, _ := utf8.DecodeRuneInString(board[bad:])
			if be.Char != r {
				t.Fatalf("Solve(%q): Char = %q, want %q", board, be.Char, r)
			}
			return
		}
		if err != nil {
			t.Fatalf("Solve(%q): %v", board, err)
		}
		if len(board) <= flipOracleBits {
			m := flipMask(board)
			o := flipOracle()[m]
			want := flipOracleMoves(m, len(board))
			if ans.Grundy != int(o) || ans.Win != (o != 0) || !slices.Equal(ans.WinningMoves, want) {
				t.Fatalf("Solve(%q) = %+v, want Grundy %d, moves %v (oracle)", board, ans, o, want)
			}
			return
		}
		if len(board) <= 300 {
			flipCheckConsistent(t, board, ans, true)
		}
	})
}

func TestFlipBoardCounts(t *testing.T) {
	maxLen := flipOracleBits
	if testing.Short() {
		maxLen = 16
	}
	got, err := BoardCounts(maxLen, mustRunValues(maxLen))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != maxLen+1 {
		t.Fatalf("len = %d, want %d", len(got), maxLen+1)
	}
	o := flipOracle()
	for n := 0; n <= maxLen; n++ {
		want := Count{Length: int32(n), Boards: 1 << n}
		for m := 0; m < 1<<n; m++ { // every board of length n
			if o[m] != 0 {
				want.FirstPlayerWins++
			} else {
				want.SecondPlayerWins++
			}
		}
		if got[n] != want {
			t.Errorf("length %d: got %+v, want %+v (oracle over all boards)", n, got[n], want)
		}
	}
}

func TestFlipBoardCountsLimits(t *testing.T) {
	runG := mustRunValues(CountMax + 1)
	got, err := BoardCounts(CountMax, runG)
	if err != nil {
		t.Fatalf("BoardCounts(%d): %v", CountMax, err)
	}
	for _, c := range got {
		if c.Boards != 1<<c.Length || c.FirstPlayerWins+c.SecondPlayerWins != c.Boards || c.FirstPlayerWins < 0 || c.SecondPlayerWins < 0 {
			t.Errorf("length %d: %+v does not add up", c.Length, c)
		}
	}
	for _, tt := range []struct {
		name   string
		maxLen int
		runG   []int32
	}{
		{"too long", CountMax + 1, runG},
		{"negative", -1, runG},
		{"short runG", 10, runG[:10]},
	} {
		if _, err := BoardCounts(tt.maxLen, tt.runG); err == nil {
			t.Errorf("%s: BoardCounts(%d) gave no error", tt.name, tt.maxLen)
		}
	}
}

// flipPlainPositions lists the multisets of runs >= 2 whose runs joined by
// single '-' fit in maxLen characters, by plain recursion, then sorts them.
func flipPlainPositions(maxLen int) [][]int32 {
	var out [][]int32
	var gen func(runs []int32)
	gen = func(runs []int32) {
		out = append(out, slices.Clone(runs))
		least := int32(2)
		if len(runs) > 0 {
			least = runs[len(runs)-1]
		}
		for r := int32(maxLen); r >= least; r-- { // descending: the sort has work to do
			next := append(slices.Clone(runs), r)
			if len(flipShortestBoard(next)) <= maxLen {
				gen(next)
			}
		}
	}
	gen(nil)
	slices.SortFunc(out, slices.Compare[[]int32])
	return out
}

// flipShortestBoard joins the runs by single '-'.
func flipShortestBoard(runs []int32) string {
	parts := make([]string, len(runs))
	for i, r := range runs {
		parts[i] = strings.Repeat("+", int(r))
	}
	return strings.Join(parts, "-")
}

// flipCollect runs flipPositions and returns copies of all rows.
func flipCollect(t *testing.T, maxLen, workers, taskSize int, progress grundy.Progress) []Position {
	t.Helper()
	var rows []Position
	err := flipPositions(context.Background(), maxLen, mustRunValues(maxLen), workers, taskSize, progress, func(batch []Position) error {
		if len(batch) == 0 {
			t.Errorf("empty batch")
		}
		for _, p := range batch {
			p.Runs = slices.Clone(p.Runs)
			rows = append(rows, p)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("Positions(%d): %v", maxLen, err)
	}
	return rows
}

func TestFlipPositions(t *testing.T) {
	o := flipOracle()
	for _, maxLen := range []int{0, 1, 2, 3, 5, 8, 13, 20} {
		want := flipPlainPositions(maxLen)
		if n := PositionCount(maxLen); n != int64(len(want)) {
			t.Errorf("PositionCount(%d) = %d, want %d (plain enumeration)", maxLen, n, len(want))
		}
		for _, workers := range []int{1, 2, 3, 8} {
			for _, taskSize := range []int{1, 7, 100, flipPosTaskSize} {
				name := fmt.Sprintf("maxLen=%d/workers=%d/task=%d", maxLen, workers, taskSize)
				got := flipCollect(t, maxLen, workers, taskSize, nil)
				if len(got) != len(want) {
					t.Fatalf("%s: %d rows, want %d (plain enumeration)", name, len(got), len(want))
				}
				for i, p := range got {
					board := flipShortestBoard(want[i])
					wantP := Position{Runs: want[i], Length: int32(len(board)), Grundy: int32(o[flipMask(board)])}
					if !slices.Equal(p.Runs, wantP.Runs) || p.Length != wantP.Length || p.Grundy != wantP.Grundy {
						t.Fatalf("%s: row %d = %+v, want %+v (plain enumeration, oracle on %q)", name, i, p, wantP, board)
					}
				}
			}
		}
	}
}

// flipDigest summarises rows in an order-sensitive way.
func flipDigest(rows []Position) string {
	var sb strings.Builder
	for _, p := range rows {
		fmt.Fprintf(&sb, "%v %d %d;", p.Runs, p.Length, p.Grundy)
	}
	return sb.String()
}

func TestFlipPositionsWorkers(t *testing.T) {
	const maxLen = 40
	total := PositionCount(maxLen)
	var base string
	for _, workers := range []int{1, 2, 3, 0} {
		for _, taskSize := range []int{333, flipPosTaskSize} {
			var mu sync.Mutex
			var last int64
			progress := func(done, tot int64) {
				mu.Lock()
				defer mu.Unlock()
				if tot != total || done < last || done > tot {
					t.Errorf("progress(%d, %d) after %d, total %d", done, tot, last, total)
				}
				last = done
			}
			rows := flipCollect(t, maxLen, workers, taskSize, progress)
			if int64(len(rows)) != total {
				t.Fatalf("workers=%d: %d rows, want PositionCount = %d", workers, len(rows), total)
			}
			if last != total {
				t.Errorf("workers=%d: final progress %d, want %d", workers, last, total)
			}
			for i := 1; i < len(rows); i++ {
				if slices.Compare(rows[i-1].Runs, rows[i].Runs) >= 0 {
					t.Fatalf("workers=%d: rows %d, %d out of order: %v, %v", workers, i-1, i, rows[i-1].Runs, rows[i].Runs)
				}
			}
			d := flipDigest(rows)
			if base == "" {
				base = d
			} else if d != base {
				t.Errorf("workers=%d task=%d: output differs from workers=1", workers, taskSize)
			}
		}
	}
}

func TestFlipPositionsStop(t *testing.T) {
	const maxLen = 45
	runG := mustRunValues(maxLen)
	t.Run("emit error", func(t *testing.T) {
		stop := errors.New("stop")
		calls := 0
		err := flipPositions(context.Background(), maxLen, runG, 2, 50, nil, func([]Position) error {
			calls++
			if calls == 3 {
				return stop
			}
			return nil
		})
		if !errors.Is(err, stop) || calls != 3 {
			t.Errorf("got %v after %d calls, want %v after 3", err, calls, stop)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		calls := 0
		err := flipPositions(ctx, maxLen, runG, 2, 50, nil, func([]Position) error {
			calls++
			if calls == 2 {
				cancel()
			}
			return nil
		})
		if !errors.Is(err, context.Canceled) || calls != 2 {
			t.Errorf("got %v after %d calls, want context.Canceled after 2", err, calls)
		}
	})
	t.Run("cancelled before", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		err := Positions(ctx, maxLen, runG, grundy.Options{Workers: 2}, func([]Position) error {
			t.Error("emit called")
			return nil
		})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("got %v, want context.Canceled", err)
		}
	})
	t.Run("bad arguments", func(t *testing.T) {
		noop := func([]Position) error { return nil }
		if err := Positions(context.Background(), -1, runG, grundy.Options{Workers: 1}, noop); err == nil {
			t.Error("maxLen -1: no error")
		}
		if err := Positions(context.Background(), maxLen+1, runG, grundy.Options{Workers: 1}, noop); err == nil {
			t.Error("runG too short: no error")
		}
	})
}

func TestFlipPositionCount(t *testing.T) {
	// Small values by hand: maxLen 0 and 1 hold only []; 2, 3 and 4 add [2],
	// [3] and [4]; 5 adds [5] and [2 2] ("++-++").
	for _, tt := range []struct {
		maxLen int
		want   int64
	}{{-1, 0}, {0, 1}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 6}} {
		if got := PositionCount(tt.maxLen); got != tt.want {
			t.Errorf("PositionCount(%d) = %d, want %d", tt.maxLen, got, tt.want)
		}
	}
	// Saturation: the DP itself at 440 and 441, the shortcut beyond 1000.
	for _, tt := range []struct {
		maxLen    int
		saturated bool
	}{{440, false}, {441, true}, {1000, true}, {1001, true}, {1 << 40, true}} {
		if got := PositionCount(tt.maxLen); (got == math.MaxInt64) != tt.saturated || got <= 0 {
			t.Errorf("PositionCount(%d) = %d, saturated %v, want %v", tt.maxLen, got, got == math.MaxInt64, tt.saturated)
		}
	}
	if err := Positions(context.Background(), 441, mustRunValues(441), grundy.Options{Workers: 1}, func([]Position) error { return nil }); err == nil {
		t.Errorf("Positions(441): no error for more than 2^63 positions")
	}
}

func TestFlipBoards(t *testing.T) {
	o := flipOracle()
	for _, maxLen := range []int{0, 1, 2, 5, 12} {
		var want []string
		for n := 1; n <= maxLen; n++ {
			for m := 0; m < 1<<n; m++ {
				want = append(want, flipBoardOf(m, n))
			}
		}
		slices.Sort(want)
		var got []string
		err := Boards(context.Background(), maxLen, mustRunValues(maxLen), func(boards []string, grundy []int32) error {
			if len(boards) != len(grundy) || len(boards) == 0 {
				t.Fatalf("batch of %d boards and %d values", len(boards), len(grundy))
			}
			for i, b := range boards {
				if w := int32(o[flipMask(b)]); grundy[i] != w {
					t.Fatalf("board %q: grundy %d, want %d (oracle)", b, grundy[i], w)
				}
			}
			got = append(got, boards...)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("maxLen %d: %d boards, want %d, every board once in sorted order", maxLen, len(got), len(want))
		}
	}
}

func TestFlipBoardsStop(t *testing.T) {
	runG := mustRunValues(16)
	stop := errors.New("stop")
	calls := 0
	err := Boards(context.Background(), 16, runG, func([]string, []int32) error {
		calls++
		return stop
	})
	if !errors.Is(err, stop) || calls != 1 {
		t.Errorf("got %v after %d calls, want %v after 1", err, calls, stop)
	}
	ctx, cancel := context.WithCancel(context.Background())
	calls = 0
	err = Boards(ctx, 16, runG, func([]string, []int32) error {
		calls++
		cancel()
		return nil
	})
	if !errors.Is(err, context.Canceled) || calls != 1 {
		t.Errorf("got %v after %d calls, want context.Canceled after 1", err, calls)
	}
	if err := Boards(context.Background(), 5, runG[:5], func([]string, []int32) error { return nil }); err == nil {
		t.Error("runG too short: no error")
	}
	if err := Boards(context.Background(), CountMax+1, mustRunValues(CountMax+1), func([]string, []int32) error { return nil }); err == nil {
		t.Error("maxLen above CountMax: no error")
	}
}

func TestFlipMemory(t *testing.T) {
	for _, n := range []int{0, 20, 60, 80} {
		if m := PositionsMemory(n, 2); m <= 0 || m > 64<<20 {
			t.Errorf("PositionsMemory(%d, 2) = %d, want positive and under 64 MiB", n, m)
		}
		if m := BoardsMemory(n); m <= 0 || m > 16<<20 {
			t.Errorf("BoardsMemory(%d) = %d, want positive and under 16 MiB", n, m)
		}
	}
}
