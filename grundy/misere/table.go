package misere

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"sync"

	"github.com/tabulate-games/tabulate/grundy"
)

// AnalyzeMax is the largest heap Analyze accepts. A heap of n has O(n)
// options in an octal game and each costs at least a genus computation, so
// the single-heap table is O(n^2) at best; 1<<16 is far past what the
// search over wild sums reaches.
const AnalyzeMax = 1 << 16

// DefaultPositions is the number of multi-heap positions whose genus or
// outcome a Table remembers when Limits.Positions is 0: about 2 million,
// a few hundred MB at most.
const DefaultPositions = 1 << 21

// Limits bound the work of a Table.
type Limits struct {
	// Positions is the most multi-heap positions a Table computes by
	// search (their genus in Analyze, their outcome in Solve), each
	// remembered; 0 means DefaultPositions. Past it the call fails with a
	// *BudgetError.
	Positions int
}

// BudgetError is a computation that needed more positions than
// Limits.Positions allows.
type BudgetError struct {
	Game  string // Game.Name
	What  string // what was being computed, as "genus of heap 31"
	Limit int    // the Limits.Positions in force
}

// Error reads like "misere: 0.77: genus of heap 31 needs more than 2097152
// positions (raise the position limit or lower the bound)".
func (e *BudgetError) Error() string {
	return fmt.Sprintf("misere: %s: %s needs more than %d positions (raise the position limit or lower the bound)", e.Game, e.What, e.Limit)
}

// Table holds, for heaps 0..Max() of a Game, the normal-play Grundy value,
// the misère nim-value, Conway's genus and whether the heap is tame, and
// answers positions of several heaps (Solve). It remembers the positions
// it has searched, under a mutex: it is safe for concurrent use.
type Table struct {
	game   Game
	limit  int
	opts   [][][]int // opts[n]: the distinct options of heap n
	grundy []int32
	genus  []Genus
	tame   []bool // hereditarily tame

	mu      sync.Mutex
	genera  map[string]Genus // genus of multi-heap positions with a wild heap
	wins    map[string]bool  // misère outcome (true: the player to move wins) by search
	visited int              // positions computed by search, against limit
}

// Analyze computes the Table of g for heaps 0..max.
//
// Each heap's genus comes from the genera of its options (genusOf). An
// option of several heaps that are all tame has the genus of the
// corresponding Nim position (tame games add like Nim: Winning Ways,
// ch. 13; ONAG, ch. 12); otherwise its genus is computed from its own
// options, recursively, each position canonicalised as a sorted multiset
// without the heaps that have no move (they are the game 0, and G + 0 = G)
// and remembered. That search is what costs: for a game with early wild
// heaps it grows like the number of multisets of heaps below n, and stops
// with a *BudgetError at lim.Positions. A max out of 0..AnalyzeMax is a
// *grundy.RangeError, and options that break the contract of Game a
// *RuleError.
func Analyze(ctx context.Context, g Game, max int, lim Limits) (*Table, error) {
	if max < 0 || max > AnalyzeMax {
		return nil, &grundy.RangeError{Func: "misere.Analyze", Arg: "max", Value: int64(max), Min: 0, Max: AnalyzeMax}
	}
	t := &Table{
		game:   g,
		limit:  lim.Positions,
		opts:   make([][][]int, max+1),
		grundy: make([]int32, max+1),
		genus:  make([]Genus, max+1),
		tame:   make([]bool, max+1),
		genera: map[string]Genus{},
		wins:   map[string]bool{},
	}
	if t.limit <= 0 {
		t.limit = DefaultPositions
	}
	t.genus[0], t.tame[0] = genusZero(), true
	var seen []bool
	for n := 1; n <= max; n++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		opts, err := heapOptions(g, n)
		if err != nil {
			return nil, err
		}
		t.opts[n] = opts
		if len(opts) == 0 {
			t.genus[n], t.tame[n] = genusZero(), true
			continue
		}
		genera := make([]Genus, len(opts))
		tame := true
		clear(seen)
		for i, o := range opts {
			x := 0
			for _, h := range o {
				x ^= int(t.grundy[h])
				tame = tame && t.tame[h]
			}
			for x >= len(seen) {
				seen = append(seen, false)
			}
			seen[x] = true
			if genera[i], err = t.positionGenus(ctx, o, fmt.Sprintf("genus of heap %d", n)); err != nil {
				return nil, err
			}
		}
		m := 0
		for m < len(seen) && seen[m] {
			m++
		}
		t.grundy[n] = int32(m)
		t.genus[n] = genusOf(genera)
		t.tame[n] = tame && t.genus[n].Tame()
	}
	return t, nil
}

// Game returns the game of the table.
func (t *Table) Game() Game { return t.game }

// Max returns the largest heap of the table.
func (t *Table) Max() int { return len(t.genus) - 1 }

// Grundy returns the normal-play Grundy value of heap n (0 <= n <= Max()).
func (t *Table) Grundy(n int) int { return int(t.grundy[n]) }

// Misere returns the misère nim-value of heap n: 0 exactly when a single
// heap of n is lost for the player to move under misère play.
func (t *Table) Misere(n int) int { return t.genus[n].Misere() }

// Genus returns the genus of heap n.
func (t *Table) Genus(n int) Genus { return t.genus[n] }

// Tame reports whether heap n is tame: its genus is tame (Genus.Tame) and
// so is every heap of every option, hereditarily. Sums of tame heaps are
// then played like Nim positions (Winning Ways, ch. 13), which is the tame
// rule of Solve.
func (t *Table) Tame(n int) bool { return t.tame[n] }

// FirstWild returns the least heap that is not tame, or -1 when every heap
// up to Max() is tame ("the game is tame up to Max()").
func (t *Table) FirstWild() int {
	for n, ok := range t.tame {
		if !ok {
			return n
		}
	}
	return -1
}

// Options returns the distinct options of heap n, each an ascending slice
// of heaps; the caller must not modify them.
func (t *Table) Options(n int) [][]int { return t.opts[n] }

// canonical returns the heaps of pos that have a move, sorted, in a new
// slice: a heap without a move is the game 0 and leaves every sum as it is.
func (t *Table) canonical(pos []int) []int {
	out := make([]int, 0, len(pos))
	for _, h := range pos {
		if h > 0 && len(t.opts[h]) > 0 {
			out = append(out, h)
		}
	}
	slices.Sort(out)
	return out
}

// key encodes a canonical position as a map key (uvarints).
func key(pos []int) string {
	b := make([]byte, 0, 2*len(pos))
	for _, h := range pos {
		b = binary.AppendUvarint(b, uint64(h))
	}
	return string(b)
}

// allTame reports whether every heap of pos is tame, and whether they are
// all like nim-heaps of 0 or 1 (genus 0^{120} or 1^{031}); x is their
// nim-sum.
func (t *Table) allTame(pos []int) (tame, small bool, x int) {
	small = true
	for _, h := range pos {
		if !t.tame[h] {
			return false, false, 0
		}
		x ^= int(t.grundy[h])
		small = small && t.genus[h].Sup[0] != t.genus[h].G
	}
	return true, small, x
}

// replace returns the canonical position pos with its i-th heap replaced
// by the heaps of option o, in a new slice.
func (t *Table) replace(pos []int, i int, o []int) []int {
	next := make([]int, 0, len(pos)-1+len(o))
	next = append(next, pos[:i]...)
	next = append(next, pos[i+1:]...)
	next = append(next, o...)
	return t.canonical(next)
}

// positionGenus returns the genus of a position of heaps up to the table's
// current end. what names the computation in a *BudgetError.
func (t *Table) positionGenus(ctx context.Context, pos []int, what string) (Genus, error) {
	pos = t.canonical(pos)
	switch len(pos) {
	case 0:
		return genusZero(), nil
	case 1:
		return t.genus[pos[0]], nil
	}
	if tame, small, x := t.allTame(pos); tame {
		return tameGenus(x, small), nil
	}
	k := key(pos)
	if g, ok := t.genera[k]; ok {
		return g, nil
	}
	if t.visited >= t.limit {
		return Genus{}, &BudgetError{Game: t.game.Name(), What: what, Limit: t.limit}
	}
	t.visited++
	if t.visited%1024 == 0 {
		if err := ctx.Err(); err != nil {
			return Genus{}, err
		}
	}
	var genera []Genus
	for i, h := range pos {
		if i > 0 && pos[i-1] == h {
			continue // equal heaps give the same options
		}
		for _, o := range t.opts[h] {
			g, err := t.positionGenus(ctx, t.replace(pos, i, o), what)
			if err != nil {
				return Genus{}, err
			}
			genera = append(genera, g)
		}
	}
	g := genusOf(genera)
	t.genera[k] = g
	return g, nil
}
