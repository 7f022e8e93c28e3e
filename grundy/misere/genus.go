package misere

import (
	"slices"
	"strconv"
	"strings"
)

// Genus is Conway's genus of an impartial game G (On Numbers and Games,
// ch. 12, "How to lose when you must"; Winning Ways, ch. 13, "Survival in
// the lost world"), written g^{γ0 γ1 γ2 ...}:
//
//   - g = G^+ is the normal-play Grundy value of G;
//   - γn = (G + 2 + 2 + ... + 2)^-, with n nim-heaps of size 2 added, is
//     the misère Grundy value of that sum, where the misère Grundy value
//     of a game is 1 if it has no options and otherwise the mex of those of
//     its options (so γ0 = G^- is G's own misère nim-value, and G is a
//     misère P-position exactly when γ0 = 0).
//
// The sequence γ0, γ1, ... is eventually periodic with period 2 (ONAG,
// ch. 12), and it is written up to the first repetition: Sup holds γ0 ...
// γ(k-1), and γi = γ(i-2) for every i >= k. Sup is the shortest such list
// with at least two entries, which is how CGSuite's Genus class writes a
// genus it computes from options (org.cgsuite.core.misere.Genus, after Dan
// Hoey) and how Winning Ways tabulates them: a game with no move is
// 0^{120} (γ = 1, 2, 0, 2, 0, ...), *1 is 1^{031}, *2 is 2^{20}, *3 is
// 3^{31} and *2+*2 is 0^{02}. (CGSuite prints the genus of a game whose
// misère canonical form is a nim-heap or tame in a shorter form, g alone or
// g^{γ0}; the values are the same.)
type Genus struct {
	G   int   // the normal-play Grundy value g = G^+
	Sup []int // γ0, γ1, ..., γ(k-1); γi = γ(i-2) for i >= len(Sup); len(Sup) >= 2
}

// Gamma returns γi for any i >= 0.
func (g Genus) Gamma(i int) int {
	k := len(g.Sup)
	if i < k {
		return g.Sup[i]
	}
	// γi = γ(i-2) for i >= k: the last two entries alternate.
	return g.Sup[k-2+(i-k)%2]
}

// Misere returns the misère nim-value γ0 = G^-: 0 exactly when the player
// to move loses G under misère play.
func (g Genus) Misere() int { return g.Sup[0] }

// Equal reports whether two genera are the same.
func (g Genus) Equal(h Genus) bool { return g.G == h.G && slices.Equal(g.Sup, h.Sup) }

// String writes the genus as Winning Ways and CGSuite do: "0^120",
// "4^146", and with commas in brackets when some value has two digits or
// more, "12^(13,12,14)".
func (g Genus) String() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(g.G))
	b.WriteByte('^')
	big := slices.ContainsFunc(g.Sup, func(v int) bool { return v >= 10 })
	if big {
		b.WriteByte('(')
	}
	for i, v := range g.Sup {
		if big && i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(v))
	}
	if big {
		b.WriteByte(')')
	}
	return b.String()
}

// Tame reports whether the genus is one of the tame genera: those of the
// positions of misère Nim (Winning Ways, ch. 13, "Tame games"; ONAG,
// ch. 12). A Nim position whose heaps are all 0 or 1 has genus 0^{120} (an
// even number of 1s) or 1^{031} (odd), and one with a heap of 2 or more
// has genus g^{g, g⊕2}, g its nim-sum: 0^{02} (*2+*2), 1^{13} (*2+*3),
// 2^{20} (*2), 3^{31} (*3), and so on for every g (Winning Ways writes these
// last ones in short as g^g, as in 0^0 and 1^1). Tameness of a game is
// hereditary: see Table.Tame.
func (g Genus) Tame() bool {
	switch {
	case g.G == 0 && slices.Equal(g.Sup, []int{1, 2, 0}):
		return true
	case g.G == 1 && slices.Equal(g.Sup, []int{0, 3, 1}):
		return true
	}
	return len(g.Sup) == 2 && g.Sup[0] == g.G && g.Sup[1] == g.G^2
}

// genusZero is the genus of the game with no options, 0^{120}.
func genusZero() Genus { return Genus{G: 0, Sup: []int{1, 2, 0}} }

// tameGenus returns the genus of a tame position of nim-sum g: small when
// every component is like a nim-heap of 0 or 1 (then g is 0 or 1), and
// g^{g, g⊕2} otherwise.
func tameGenus(g int, small bool) Genus {
	if small {
		return Genus{G: g, Sup: []int{1 - g, g ^ 2, g}}
	}
	return Genus{G: g, Sup: []int{g, g ^ 2}}
}

// genusOf returns the genus of a game from the genera of its options (at
// least one). This is the rule of ONAG, ch. 12 (the genus of G depends only
// on the genera of its options), as CGSuite's Genus(List) computes it:
//
//	g  = mex{g'}
//	γ0 = mex{γ'0}
//	γn = mex({γ'n} ∪ {γ(n-1), γ(n-1)⊕1})   for n >= 1,
//
// because the options of G + n·*2 are G' + n·*2 (value γ'n), G + (n-1)·*2
// (a 2 taken away, value γ(n-1)) and G + (n-1)·*2 + *1 (a 2 reduced to 1,
// value γ(n-1)⊕1, since (H + *1)^- = H^- ⊕ 1 for every H: by induction,
// the options of H + *1 have values H'^-⊕1 and H^-, whose mex is H^-⊕1).
//
// The sequence is computed until it provably repeats: once n+1 is past
// every option's list (their γ'(n+1) = γ'(n-1)) and γn = γ(n-2), the rule
// gives γ(n+1) = γ(n-1), and so on for ever. Cost: O(#options × length).
func genusOf(opts []Genus) Genus {
	var seen []bool
	mark := func(v int) {
		for v >= len(seen) {
			seen = append(seen, false)
		}
		seen[v] = true
	}
	mex := func() int {
		m := 0
		for m < len(seen) && seen[m] {
			m++
		}
		clear(seen)
		return m
	}
	last := 0
	for _, o := range opts {
		mark(o.G)
		last = max(last, len(o.Sup))
	}
	out := Genus{G: mex()}
	var gamma []int
	for n := 0; ; n++ {
		for _, o := range opts {
			mark(o.Gamma(n))
		}
		if n > 0 {
			mark(gamma[n-1])
			mark(gamma[n-1] ^ 1)
		}
		gamma = append(gamma, mex())
		if n >= 2 && n+1 >= last && gamma[n] == gamma[n-2] {
			gamma = gamma[:n] // γn onwards follow from γi = γ(i-2)
			break
		}
		if n > last+2*len(opts)+64 {
			// Past `last` each γn is a function of γ(n-1) and the parity
			// of n, with values below #options+3, so the sequence repeats
			// within 2(#options+3) steps; ONAG, ch. 12, proves the period
			// is 2. Reaching here is a bug, not an input.
			panic("misere: genus sequence not of period 2 (contradicts ONAG ch. 12)")
		}
	}
	for len(gamma) > 2 && gamma[len(gamma)-1] == gamma[len(gamma)-3] {
		gamma = gamma[:len(gamma)-1]
	}
	out.Sup = gamma
	return out
}
