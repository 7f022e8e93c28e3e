package cram

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"golang.org/x/sync/errgroup"
)

// Answer is the solution of one board.
type Answer struct {
	Board  Board
	Nimber int  // the XOR of its regions' nimbers
	Win    bool // the player to move wins: Nimber != 0
	// WinningMoves lists the moves to a position of nimber 0, by row,
	// column, right before down. Empty, not nil, when there is none.
	WinningMoves []Move
	// Regions is how many regions the search of the board's first moves
	// met that the table did not hold (so it searched them); it depends
	// on what the boards before left in the table.
	Regions int64
	// Seconds is the time the board's first moves took, summed over the
	// workers that searched them.
	Seconds float64
}

// caches holds the searchers' caches between tasks. What a cache holds
// stays true for any task (a value is cached only once known), so it is
// not cleared.
var caches = sync.Pool{New: func() any { return new([cacheSlots]cacheSlot) }}

// part is one region of a board as the top level of Tabulate sees it.
type part struct {
	top, left, h, w int    // its box on the board
	cells           uint64 // in the box, when not a line
	line            int    // its length when it is one row or column, else 0
	down            bool   // a line that is a column
	moves           []Move // on the board
	children        []uint8
	value           uint8
}

// boardWork is one board's regions and counters while Tabulate runs.
type boardWork struct {
	parts    []*part
	searched atomic.Int64
	nanos    atomic.Int64
}

// Tabulate answers every board: its nimber and its winning first moves.
// The first moves of every region of every board are the units of work,
// taken in order by opts.Workers goroutines (0: every CPU) on an errgroup,
// each searching the region after its move through t, which they share
// (so a later board finds what an earlier one searched). A region other
// than a single row or column whose bounding box covers more than
// RegionCellsMax cells is a *grundy.RangeError, before anything is
// searched. opts.Progress receives the first moves done of all of them.
// When ctx is cancelled Tabulate returns ctx.Err() within about a thousand
// regions searched per worker, and keeps nothing it was searching.
func Tabulate(ctx context.Context, boards []Board, t *Table, opts grundy.Options) ([]Answer, error) {
	if t == nil {
		return nil, fmt.Errorf("cram.Tabulate: no table")
	}
	work := make([]*boardWork, len(boards))
	longest := 64
	for i, b := range boards {
		parts, err := regionsOf(b)
		if err != nil {
			return nil, err
		}
		work[i] = &boardWork{parts: parts}
		for _, p := range parts {
			longest = max(longest, p.line)
		}
	}
	line, err := lineValues(ctx, longest)
	if err != nil {
		return nil, err
	}
	type task struct {
		b *boardWork
		p *part
		i int
	}
	var tasks []task
	for _, bw := range work {
		for _, p := range bw.parts {
			p.children = make([]uint8, len(p.moves))
			if p.line > 0 {
				for a := range p.moves { // a row of n leaves rows of a and n-2-a
					p.children[a] = uint8(line[a] ^ line[p.line-2-a])
				}
				continue
			}
			for i := range p.moves {
				tasks = append(tasks, task{bw, p, i})
			}
		}
	}
	total := int64(len(tasks))
	var done atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(opts.Goroutines())
	for _, tk := range tasks {
		if gctx.Err() != nil {
			break
		}
		g.Go(func() error {
			start := time.Now()
			cache := caches.Get().(*[cacheSlots]cacheSlot)
			defer caches.Put(cache)
			s := searcher{ctx: gctx, t: t, line: line, cache: cache}
			p := tk.p
			f := &frameMasks[p.h][p.w]
			m := p.moves[tk.i]
			i := (m.Row-p.top)*p.w + m.Col - p.left
			cover := uint64(1)<<uint(i) | uint64(1)<<uint(i+1)
			if m.Down {
				cover = uint64(1)<<uint(i) | uint64(1)<<uint(i+p.w)
			}
			p.children[tk.i] = s.split(f, p.cells&^cover)
			tk.b.searched.Add(s.searched)
			tk.b.nanos.Add(int64(time.Since(start)))
			if s.stopped {
				return gctx.Err()
			}
			opts.Progress.Report(done.Add(1), total)
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	answers := make([]Answer, len(boards))
	for i, bw := range work {
		answers[i] = answer(boards[i], bw, t)
	}
	return answers, nil
}

// answer puts together the answer of a board whose first moves are known,
// and keeps its regions in t.
func answer(b Board, bw *boardWork, t *Table) Answer {
	var total uint8
	for _, p := range bw.parts {
		var seen [2]uint64
		for _, v := range p.children {
			seen[v>>6] |= 1 << (v & 63)
		}
		p.value = mex(seen)
		total ^= p.value
		if p.line == 0 {
			t.put(canonical(p.h, p.w, p.cells), p.value)
		}
	}
	a := Answer{Board: b, Nimber: int(total), Win: total != 0, WinningMoves: []Move{},
		Regions: bw.searched.Load(), Seconds: float64(bw.nanos.Load()) / 1e9}
	for _, p := range bw.parts {
		for i, v := range p.children {
			if total^p.value^v == 0 {
				a.WinningMoves = append(a.WinningMoves, p.moves[i])
			}
		}
	}
	slices.SortFunc(a.WinningMoves, func(x, y Move) int {
		switch {
		case x.Row != y.Row:
			return x.Row - y.Row
		case x.Col != y.Col:
			return x.Col - y.Col
		case x.Down == y.Down:
			return 0
		case y.Down:
			return -1
		}
		return 1
	})
	return a
}

// Solve answers one board (Tabulate of one board).
func Solve(ctx context.Context, b Board, t *Table, opts grundy.Options) (Answer, error) {
	a, err := Tabulate(ctx, []Board{b}, t, opts)
	if err != nil {
		return Answer{}, err
	}
	return a[0], nil
}

// regionsOf cuts a board into its regions (lone cells left out) by flood
// fill on the grid, with their moves.
func regionsOf(b Board) ([]*part, error) {
	seen := make([]bool, b.Rows*b.Cols)
	var parts []*part
	var stack, cells []int
	for start := range b.free {
		if !b.free[start] || seen[start] {
			continue
		}
		seen[start] = true
		stack = append(stack[:0], start)
		cells = cells[:0]
		top, left, bottom, right := b.Rows, b.Cols, -1, -1
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			cells = append(cells, i)
			r, c := i/b.Cols, i%b.Cols
			top, bottom, left, right = min(top, r), max(bottom, r), min(left, c), max(right, c)
			for _, n := range [4][2]int{{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}} {
				if j := n[0]*b.Cols + n[1]; b.Free(n[0], n[1]) && !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		if len(cells) == 1 {
			continue
		}
		p := &part{top: top, left: left, h: bottom - top + 1, w: right - left + 1}
		switch {
		case p.h == 1 || p.w == 1:
			p.line = len(cells)
			p.down = p.w == 1
			for a := 0; a+1 < p.line; a++ {
				if p.down {
					p.moves = append(p.moves, Move{Row: top + a, Col: left, Down: true})
				} else {
					p.moves = append(p.moves, Move{Row: top, Col: left + a})
				}
			}
		case p.h*p.w > RegionCellsMax:
			return nil, &grundy.RangeError{Func: "cram.Tabulate", Arg: "region box cells", Value: int64(p.h * p.w), Min: 2, Max: RegionCellsMax}
		default:
			for _, i := range cells {
				r, c := i/b.Cols-top, i%b.Cols-left
				p.cells |= 1 << uint(r*p.w+c)
			}
			f := &frameMasks[p.h][p.w]
			right, down := f.moves(p.cells)
			all := right | down
			for x := all; x != 0; x &= x - 1 {
				j := bits.TrailingZeros64(x)
				r, c := top+j/p.w, left+j%p.w
				if right>>uint(j)&1 != 0 {
					p.moves = append(p.moves, Move{Row: r, Col: c})
				}
				if down>>uint(j)&1 != 0 {
					p.moves = append(p.moves, Move{Row: r, Col: c, Down: true})
				}
			}
		}
		parts = append(parts, p)
	}
	return parts, nil
}

// lineCache holds 0.07's values computed so far, never modified once
// published.
var lineCache struct {
	mu sync.Mutex
	g  []int32
}

// lineValues returns the values of 0.07 for 0..n at least, from the octal
// engine. The result is shared: callers must not modify it.
func lineValues(ctx context.Context, n int) ([]int32, error) {
	lineCache.mu.Lock()
	defer lineCache.mu.Unlock()
	if len(lineCache.g) > n {
		return lineCache.g, nil
	}
	code, err := octal.Parse("0.07")
	if err != nil {
		return nil, err
	}
	g, err := octal.Values(ctx, code, max(n, 2*len(lineCache.g)), grundy.Options{Workers: 1})
	if err != nil {
		return nil, fmt.Errorf("cram: the values of 0.07 for its rows: %w", err)
	}
	lineCache.g = g
	return g, nil
}

// Memory estimates the peak bytes of Tabulate on boards boards of at most
// cells cells each with a table made by NewTable(tableBytes): the table,
// the boards' regions, moves and answers, 0.07's values and the workers'
// caches (64 KiB each, kept in a pool; 4 MiB for them all).
func Memory(tableBytes int64, boards, cells int) int64 {
	perBoard := int64(256 + 48*cells) // parts, moves (two a cell at most), answers
	return TableMemory(tableBytes) + int64(boards)*perBoard + 1<<20 + 4<<20
}

// Check returns the *grundy.RangeError Tabulate would give for b (a region
// other than a row or column in a box past RegionCellsMax cells), without
// searching.
func Check(b Board) error {
	_, err := regionsOf(b)
	return err
}
