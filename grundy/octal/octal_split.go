package octal

// Grundy's game through the sparse-space engine. A heap is split into two
// non-empty heaps of different sizes; no token is removed. In the terms of
// octal.go it is the code 4.0 (split digit d_0 = 4, k = 0) with splits into
// equal heaps forbidden, which no octal code can say: the engine takes the
// rule as a flag of its rules (octalRules.unequal) and leaves out, at heap
// n, the split a = n-a from the rare splits of step 1 (by a binary search
// for n/2 among the rare heaps) and from the splits listed in step 3 (a <
// n-a). Everything else, the labelling, its choice, the two cores, is the
// engine of Values. No periodicity theorem is applied: none is known
// for Grundy's game, whose values (OEIS A002188) are conjectured, not
// proven, to be ultimately periodic (Winning Ways, ch. 4), so every value
// is computed.
//
// Grundy's game is the example of Winning Ways for sparse space (ch. 4,
// "Sparse space spells speed"; Flammenkamp's table of Grundy's game,
// wwwhomes.uni-bielefeld.de/achim/grundy.html, lists its rare values).

// grundysRules are the moves of Grundy's game.
var grundysRules = octalRules{t: 0, split: []int{0}, unequal: true}
