package octal

// The choice of labelling: best counts the rare heaps of every labelling
// at once, choose turns the sparse-space method on with the best one, and
// plainPays decides by a cost rule whether the cached plain mex (plain.go)
// pays instead.

// octalWalsh replaces h, of length a power of two, by its Walsh-Hadamard
// transform: h'[i] = sum over j of (-1)^popcount(i&j) h[j].
func octalWalsh(h []int64) {
	for d := 1; d < len(h); d *= 2 {
		for i := 0; i < len(h); i += 2 * d {
			for j := i; j < i+d; j++ {
				h[j], h[j+d] = h[j]+h[j+d], h[j]-h[j+d]
			}
		}
	}
}

// best returns the labelling (mask m >= 1, dom) with the fewest rare heaps
// among heaps 1..n-1, and their number; ok is false when no labelling
// applies (no split move, or every value so far is 0).
//
// Trick: every labelling is counted at once by a Walsh-Hadamard transform
// of the histogram of (value, heap parity): the transform at index
// (m<<1 | dom) is the number of heaps of label 0 minus those of label 1,
// since the label is the parity of (v<<1 | a&1) AND (m<<1 | dom). Reason:
// trying each mask against each value costs 4^16 steps for 16-bit masks,
// the transform 17 * 2^17. Source: the C++ solver of tczajka/octal-games
// (MIT), recompute_rare in analyze_exec.cc and hadamard.cc.
func (e *octalEngine) best() (mask uint32, dom int, count int64, ok bool) {
	if len(e.r.split) == 0 {
		return 0, 0, 0, false
	}
	sameParity := true
	for _, k := range e.r.split {
		if (k-e.r.split[0])&1 != 0 {
			sameParity = false
		}
	}
	e.walsh = append(e.walsh[:0], e.hist...) // reused: best runs every 2^16 heaps
	h := e.walsh
	octalWalsh(h)
	total := h[0]
	count = -1
	consider := func(i int) {
		m, d := uint32(i>>1), i&1
		if m == 0 || d == 1 && !sameParity {
			return
		}
		label0 := (total + h[i]) / 2
		c := label0
		if d&e.r.split[0]&1 == 1 {
			c = total - label0
		}
		if count < 0 || c < count {
			mask, dom, count = m, d, c
		}
	}
	if e.sparse && int(e.mask)<<1|e.dom < len(h) {
		consider(int(e.mask)<<1 | e.dom) // the current one wins ties
	}
	for i := 2; i < len(h); i++ {
		consider(i)
	}
	return mask, dom, count, count >= 0
}

// choose turns the sparse-space method on with the labelling that has the
// fewest rare heaps among heaps 1..n-1, rebuilding the list of rare heaps
// if it changes, and decides whether the heaps up to the next choice take
// the cached plain mex instead (plainPays). Every labelling gives the exact
// mex (see octal.go); the method costs O(#rare + #values) at a common heap
// and O(n) at a rare one, never more than the plain O(n), and the plain mex
// is taken only where the rare heaps make it quadratic too, with a larger
// constant.
func (e *octalEngine) choose(n int) {
	mask, dom, count, ok := e.best()
	if !ok {
		return
	}
	e.plain = e.plainPays(n, count)
	e.chose, e.choseRare, e.measured = n, count, !e.plain
	e.ringWork, e.farWork, e.scanWork = 0, 0, 0
	if e.sparse && mask == e.mask && dom == e.dom {
		return
	}
	e.sparse, e.mask, e.dom, e.rho = true, mask, dom, dom&e.r.split[0]&1
	e.buildPar()
	// A new slice: the second core may still read the old list. Made at
	// its size, count, the number of rare heaps below n that best found,
	// rather than grown by append (whose copies would be garbage).
	e.rare = make([]octalRare, 0, count)
	for a := 1; a < n; a++ {
		if e.label(a) == e.rho {
			e.rare = append(e.rare, octalRare{int32(a), e.g[a]})
		}
	}
	if e.ring16 != nil {
		e.rebuildRare16()
	}
}

// plainPays reports whether choose should turn to the cached plain mex
// (plainMex) at heap n, count of the heaps below n being rare under the best
// labelling. With r = (number of split digits) * count / n, step 1 alone
// lists about r*s splits a heap where plainMex lists s/2, and a rare heap
// needs every split anyway. The rule: the plain mex when r >= 1/4; the
// sparse-space method when r < 1/8 or n <= plainPaysFrom; in between, the plain mex only if the
// sparse-space method cost more than plainMex would have since the last
// choice (sparseCost), or, where it did not compute those heaps, if step 1
// and the full scans would: r*n splits a heap at farRareWeight each past
// 2^16 heaps (the rare heaps no longer fit the ring), at one below, and
// split*n/2 at each heap that became rare since the last choice, against
// n/2 (2*r*w + split*full > 1: r > 0.19 past 2^16 with no new rare heap;
// without the full scans 0.314, r = 0.186 at 458,752 heaps and 9,037 new
// rare heaps since 393,216, went back to the sparse-space method). Games with a sparse
// space have r far below 1/8 past a few thousand heaps (0.6, 0.014, 0.172,
// 0.034: under 1/25 from 2^16 heaps on; 0.007, r = 0.31 at 2^13 and 0.21
// at 2^16, takes the plain mex to 2^16 and the sparse-space method after);
// the games without one that the census meets have r from 1/4 (0.163 at
// 2^17: 0.27, one split digit) to 0.8 (0.76: two split digits, 0.40 of the
// heaps rare).
//
// Reason for comparing costs, not splits: plainMex uses every worker too
// (plainpar.go), and the splits of step 1 read from the whole array cost
// about 2.7 plain splits each; a rule of "more than twice the splits" kept
// games of the band on the sparse-space method (0.314, 0.371: a fifth of
// their heaps rare, spread over the whole array) at 1.27 to 1.40 times the
// CPU of a plain game (one goroutine; docs/census.md). Cost: three counters in sparseMex.
func (e *octalEngine) plainPays(n int, count int64) bool {
	switch e.forcePlain {
	case 1:
		return true
	case -1:
		return false
	}
	r := float64(len(e.r.split)) * float64(count) / float64(n)
	if r >= 1.0/4 {
		return true
	}
	if r < 1.0/8 || n <= plainPaysFrom {
		return false
	}
	if prev := e.chose; e.measured && n > prev {
		plainWork := float64(n-prev) * float64(n+prev-1) / 4 // the s/2 splits of each heap
		return e.sparseCost(n-prev) > plainWork
	}
	w := 1.0 // step 1 on the ring, while the rare heaps lie below 2^16
	if n > 1<<16 {
		w = farRareWeight
	}
	full := 0.0 // the new rare heaps since the last choice: full scans
	if prev := e.chose; n > prev && count > e.choseRare {
		full = float64(count-e.choseRare) / float64(n-prev)
	}
	return 2*r*w+float64(len(e.r.split))*full > 1
}

// plainPaysFrom is the heap up to which plainPays keeps a game in the band
// on the sparse-space method, as the rule did before it compared costs.
// Reason: to 2^14 heaps either method costs some 20 ms, and there step 3's
// sparseCommonSplits a heap, a guess, is more than the plain mex's n/2
// (Grundy's game, r = 0.19 at 256 heaps, went to the plain mex at 256 and
// back at 512, and allocated 60 KB more to 2^19, TestEngineAllocations).
const plainPaysFrom = 1 << 14

// farRareWeight is the cost of a split with a rare heap that step 1 reads
// from the whole array (octalMarkRare) in plain splits (markPairs): the
// ratio of CostOf's constants for them, 0.8 and 0.3 ns.
const farRareWeight = farRareSplitSeconds / plainSplitSeconds

// sparseCost returns the cost, in plain splits, of the heaps heaps the
// sparse-space method computed since the last choice: step 1's splits on
// the ring at one each (not measured apart: 0.007 and 0.371 on the ring to
// 2^16 list about 0.4 of the plain mex's splits there), those from
// the whole array at farRareWeight, the full scans' splits at one, and
// sparseCommonSplits a split digit a heap for step 3 at a common heap. The
// same on any number of goroutines (the helpers' share of step 3 depends on
// their number, so it is not counted as listed), so the method and the
// statistics are too.
func (e *octalEngine) sparseCost(heaps int) float64 {
	return float64(e.ringWork) + farRareWeight*float64(e.farWork) + float64(e.scanWork) +
		float64(sparseCommonSplits*len(e.r.split)*heaps)
}
