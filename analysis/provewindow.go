package analysis

// ProveWindow is the one check behind the periodicity theorems of octal
// games (ProveOctal), finite subtraction games (ProveSubtraction) and
// take-and-break games (grundy/takebreak, whose rule for moves leaving up
// to two heaps is the octal one): each theorem says that a period p from
// n0 holds for ever once g(n+p) = g(n) for every n0 <= n < needed-p, where
// needed (the theorem's own count: OctalNeeded, SubtractionNeeded,
// takebreak.Needed) is how many values, g(0) to g(needed-1), it reads.
// ProveWindow reads exactly those pairs and no other, and reports Needed,
// Have and Missing; Proven when every pair holds. p >= 1 and n0 >= 0 are
// the caller's to check. Cost: needed-p-n0 comparisons.
func ProveWindow(seq []int32, p, n0, needed int) Proof {
	pr := Proof{Needed: needed, Have: len(seq), Missing: max(0, needed-len(seq))}
	if pr.Missing > 0 {
		return pr
	}
	for n := n0; n+p < needed; n++ {
		if seq[n+p] != seq[n] {
			return pr
		}
	}
	pr.Proven = true
	return pr
}
