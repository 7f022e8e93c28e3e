package octal

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// kernelValues returns n random values below limit, with the edge values
// 0, limit-1 and the top bit's half (limit/2, limit/2-1) mixed in often.
func kernelValues[V markValue](rng *rand.Rand, n, limit int) []V {
	v := make([]V, n)
	for i := range v {
		switch rng.IntN(6) {
		case 0:
			v[i] = 0
		case 1:
			v[i] = V(limit - 1)
		case 2:
			v[i] = V(limit/2 - rng.IntN(2))
		default:
			v[i] = V(rng.IntN(limit))
		}
	}
	return v
}

// TestMarkPairs checks markPairs against a plain loop over the pairs
// (x[i], y[len(x)-1-i]) written here, for each width, on random values with
// edge bytes and lengths that are not multiples of the unrolling (0 to 40).
func TestMarkPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 40; n++ {
		for _, extra := range []int{0, 3} { // y longer than x: its first len(x) values
			checkMarkPairs[uint8](t, rng, "uint8", n, extra, 256)
			checkMarkPairs[uint16](t, rng, "uint16", n, extra, 1<<16)
			checkMarkPairs[int32](t, rng, "int32", n, extra, 1<<16)
		}
	}
}

// checkMarkPairs runs one case of TestMarkPairs: n pairs of values below
// limit, y longer than x by extra.
func checkMarkPairs[V markValue](t *testing.T, rng *rand.Rand, name string, n, extra, limit int) {
	t.Helper()
	mk := new([1 << 16]byte)
	x, y := kernelValues[V](rng, n, limit), kernelValues[V](rng, n+extra, limit)
	markPairs(mk, x, y)
	want := map[int]bool{}
	for i := 0; i < n; i++ {
		want[int(x[i]^y[n-1-i])] = true
	}
	for v := range mk {
		if (mk[v] == 1) != want[v] || mk[v] > 1 {
			t.Fatalf("%s, %d pairs: mark of %d is %d, want %v", name, n, v, mk[v], want[v])
		}
	}
}

// TestMarkRareNear16 checks markRareNear16 against a plain loop over the
// rare heaps written here (g(s-a) read from the whole sequence, not the
// window), for values of 8 and 16 bits, rare heaps at the window's edges
// (a = 1 and a = 2^16-1) and counts that are not multiples of eight.
func TestMarkRareNear16(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const s = 1<<16 + 1000 // the heap whose splits are listed
	for _, limit := range []int{256, 1 << 15} {
		g := kernelValues[uint16](rng, s, limit)
		g8 := make([]uint8, s)
		for i, v := range g {
			g8[i] = uint8(v)
		}
		for _, count := range []int{0, 1, 7, 8, 9, 100, 1583} {
			as := []int{1, 1<<16 - 1}
			for len(as) < count {
				as = append(as, 1+rng.IntN(1<<16-1))
			}
			as = as[:count]
			var rare []nearRare
			want := map[int]bool{}
			for _, a := range as {
				rare = append(rare, newNearRare(a, int(g[a])))
				want[int(g[a]^g[s-a])] = true
			}
			mk := new([1 << 16]byte)
			if limit == 256 {
				markRareNear16(mk, (*[1 << 16]uint8)(g8[s-1<<16:s]), rare)
			} else {
				markRareNear16(mk, (*[1 << 16]uint16)(g[s-1<<16:s]), rare)
			}
			for v := range mk {
				if (mk[v] == 1) != want[v] || mk[v] > 1 {
					t.Fatalf("values below %d, %d rare heaps: mark of %d is %d, want %v", limit, count, v, mk[v], want[v])
				}
			}
		}
	}
}

// TestMarkRareRing checks the rare loop on the 16-bit ring (markRareRing,
// taken when ringOK) against the definition, mk[g(a) XOR g(s-a)] for every
// rare a < s (a != s-a for Grundy's game), computed here from the int32
// values by a map: for 0.6 (t = 1) and Grundy's game (unequal, the equal
// split s/2 among the rare heaps), at heaps below and past 2^16, with the
// last rare heap up to the ring's reach (2^16 - t, where ringOK must still
// hold) and past it (where it must not), and the ring dropped once a value
// passes 2^15.
func TestMarkRareRing(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	c, _ := Parse("0.6")
	const max = 1<<16 + 3000
	for _, r := range []octalRules{octalRulesOf(c), grundysRules} {
		e := newOctalEngine(r, max)
		checks := map[int]bool{300: true, 5000: true, 1<<16 - 8: true, 1 << 16: true, 1<<16 + 2: true, max - 3: true, max - 1: true}
		for n := 1; n < max; n++ {
			if checks[n] {
				for _, last := range []int{n / 3, 1<<16 - r.t - 3, 1<<16 - r.t, 1<<16 - r.t + 1, 1<<16 + 100} {
					e.rare = e.rare[:0]
					for a := 1 + rng.IntN(5); a < last; a += 1 + rng.IntN(40) {
						e.rare = append(e.rare, octalRare{int32(a), e.g[a]})
					}
					if h := (n - r.split[0]) / 2; h < last { // the equal split of s = n-k
						i, _ := slices.BinarySearchFunc(e.rare, int32(h), func(x octalRare, t int32) int { return int(x.a - t) })
						e.rare = slices.Insert(e.rare, i, octalRare{int32(h), e.g[h]})
						e.rare = slices.CompactFunc(e.rare, func(x, y octalRare) bool { return x.a == y.a })
					}
					e.rare = append(e.rare, octalRare{int32(last), e.g[last%n]})
					e.rebuildRare16()
					want := last+r.t <= 1<<16
					if e.ringOK() != want {
						t.Fatalf("%+v, heap %d, last rare %d: ringOK %v, want %v", r, n, last, !want, want)
					}
					if !want {
						continue
					}
					for _, k := range r.split {
						s := n - k
						def := map[int32]bool{}
						for _, x := range e.rare {
							if int(x.a) < s && !(r.unequal && 2*int(x.a) == s) {
								def[e.g[x.a]^e.g[s-int(x.a)]] = true
							}
						}
						mk := new([1 << 16]byte)
						e.markRareRing(mk, s, 0, len(e.rare))
						for v, m := range mk {
							if (m == 1) != def[int32(v)] {
								t.Fatalf("%+v, heap %d, last rare %d: mark of %d is %d, want %v", r, n, last, v, m, def[int32(v)])
							}
						}
					}
				}
			}
			e.add(n, int32(rng.IntN(600)))
		}
		e.rare = e.rare[:0]
		e.rebuildRare16()
		if !e.ringOK() {
			t.Fatalf("%+v: no ring without rare heaps", r)
		}
		e.add(max, 1<<15) // a value past 2^15: the int32 loops
		if e.ringOK() {
			t.Fatalf("%+v: ringOK after a value of 2^15", r)
		}
	}
}
