package cram_test

// The oracle: a plain search over the literal board, written apart from
// the engine. A board of m x n <= 64 cells is the bit set of its free
// cells, cell (r, c) at bit r*n + c; its value is the mex over every move
// (two free cells side by side in a row or a column) of the value of the
// board after it, memoized on the whole board. No regions, no symmetry,
// no table of the engine's.

type oracle struct {
	m, n int
	memo map[uint64]int
}

func newOracle(m, n int) *oracle { return &oracle{m: m, n: n, memo: map[uint64]int{}} }

func (o *oracle) value(free uint64) int {
	if v, ok := o.memo[free]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, next := range o.options(free) {
		seen[o.value(next)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	o.memo[free] = v
	return v
}

// options returns the boards after each move, in the order of the moves
// listed by moves.
func (o *oracle) options(free uint64) []uint64 {
	var out []uint64
	for _, mv := range o.moves(free) {
		out = append(out, free&^(1<<uint(mv[0])|1<<uint(mv[1])))
	}
	return out
}

// moves lists every move as the two cells it covers.
func (o *oracle) moves(free uint64) [][2]int {
	var out [][2]int
	for r := 0; r < o.m; r++ {
		for c := 0; c < o.n; c++ {
			i := r*o.n + c
			if free>>uint(i)&1 == 0 {
				continue
			}
			if c+1 < o.n && free>>uint(i+1)&1 != 0 {
				out = append(out, [2]int{i, i + 1})
			}
			if r+1 < o.m && free>>uint(i+o.n)&1 != 0 {
				out = append(out, [2]int{i, i + o.n})
			}
		}
	}
	return out
}

// board writes a bit set as rows of '+' and '-' separated by '/'.
func (o *oracle) board(free uint64) string {
	b := make([]byte, 0, o.m*(o.n+1))
	for r := 0; r < o.m; r++ {
		if r > 0 {
			b = append(b, '/')
		}
		for c := 0; c < o.n; c++ {
			if free>>uint(r*o.n+c)&1 != 0 {
				b = append(b, '+')
			} else {
				b = append(b, '-')
			}
		}
	}
	return string(b)
}
