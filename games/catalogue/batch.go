package catalogue

import "sync"

// grown is a table a solver keeps between the positions it answers, so
// that tabulate solve GAME - (one position a line of standard input) costs
// about what its largest position costs, not the sum of every position's
// (a million piles of take-a-square took 512 s, each computed from
// nothing). The first position computes the table to its own bound, so a
// single answer costs what it did; a later position past the table
// recomputes it to at least twice as far (to limit at most), so a batch of
// growing positions computes O(its largest) in all. The table is kept for
// the life of the process (take-a-square's Grundy values to its solver's
// limit: 80 MB).
type grown[T any] struct {
	mu   sync.Mutex
	val  T
	top  int64 // the largest position val covers
	have bool
}

// get returns a table covering n (n <= limit), made by compute(top) for
// some top >= n when the one kept does not cover n. A failed compute keeps
// the earlier table.
func (g *grown[T]) get(n, limit int64, compute func(top int64) (T, error)) (T, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.have && n <= g.top {
		return g.val, nil
	}
	top := n
	if g.have {
		top = max(n, min(2*g.top, limit))
	}
	v, err := compute(top)
	if err != nil {
		return v, err
	}
	g.val, g.top, g.have = v, top, true
	return v, nil
}
