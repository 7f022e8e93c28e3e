package misere

// The algebra of misère quotients (solver.go): finite commutative monoids
// given by a table, cyclic monoids and their products, and bit sets of
// elements.

import "math/bits"

// monoid is a finite commutative monoid on 0..size()-1, 0 the identity.
type monoid interface {
	size() int
	prod(x, y int32) int32
}

// tableMonoid is a monoid given by its multiplication table.
type tableMonoid struct {
	n   int
	tab []int32
}

func (m *tableMonoid) size() int             { return m.n }
func (m *tableMonoid) prod(x, y int32) int32 { return m.tab[int(x)*m.n+int(y)] }

// cyclic is the monoid C(index, period) = ⟨a | a^(index+period) = a^index⟩
// on the exponents 0..index+period-1.
type cyclic struct{ index, period int32 }

func (c cyclic) size() int32 { return c.index + c.period }

func (c cyclic) add(k, l int32) int32 {
	s := k + l
	if s >= c.index+c.period {
		s = c.index + (s-c.index)%c.period
	}
	return s
}

// productMonoid is base × C1 × C2 × ..., an element written base + |base|·
// (e1 + |C1|·(e2 + ...)). It is never tabulated: it is only marked and
// reduced.
type productMonoid struct {
	base *tableMonoid
	cyc  []cyclic
	n    int
}

func newProduct(base *tableMonoid, cyc []cyclic) *productMonoid {
	n := base.n
	for _, c := range cyc {
		n *= int(c.size())
	}
	return &productMonoid{base: base, cyc: cyc, n: n}
}

func (m *productMonoid) size() int { return m.n }

func (m *productMonoid) prod(x, y int32) int32 {
	nb := int32(m.base.n)
	r := m.base.prod(x%nb, y%nb)
	x, y = x/nb, y/nb
	mult := nb
	for _, c := range m.cyc {
		s := c.size()
		r += mult * c.add(x%s, y%s)
		x, y = x/s, y/s
		mult *= s
	}
	return r
}

// generator returns the element a of the i-th cyclic component.
func (m *productMonoid) generator(i int) int32 {
	mult := int32(m.base.n)
	for _, c := range m.cyc[:i] {
		mult *= c.size()
	}
	return mult
}

// power returns x^k in m.
func power(m monoid, x int32, k int) int32 {
	r := int32(0)
	for ; k > 0; k-- {
		r = m.prod(r, x)
	}
	return r
}

// indexOf returns the index of x: the least i with x^i = x^(i+p) for some
// p >= 1.
func indexOf(m monoid, x int32) int {
	seen := map[int32]int{}
	y := int32(0)
	for i := 0; ; i++ {
		if j, ok := seen[y]; ok {
			return j
		}
		seen[y] = i
		y = m.prod(y, x)
	}
}

// bitset is a set of small integers.
type bitset []uint64

func newBitset(n int) bitset      { return make(bitset, (n+63)/64) }
func (b bitset) has(i int32) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }
func (b bitset) set(i int32)      { b[i>>6] |= 1 << (uint(i) & 63) }
func (b bitset) intersects(c bitset) bool {
	for i := range b {
		if b[i]&c[i] != 0 {
			return true
		}
	}
	return false
}

// subsetOf reports whether b ⊆ c.
func (b bitset) subsetOf(c bitset) bool {
	for i := range b {
		if b[i]&^c[i] != 0 {
			return false
		}
	}
	return true
}

// each calls f on every member, ascending.
func (b bitset) each(f func(int32)) {
	for i, w := range b {
		for w != 0 {
			t := bits.TrailingZeros64(w)
			f(int32(i*64 + t))
			w &= w - 1
		}
	}
}
