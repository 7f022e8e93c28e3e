// Package subtraction computes subtraction games: a position is a heap of
// n tokens and a move removes s tokens for some s in the subtraction set S
// with s <= n. A Set is finite or one of the named infinite sets (squares,
// cubes, triangular numbers, primes, powers of two, Fibonacci numbers) less
// a finite set of exceptions; Values gives the Grundy values g(0..max) by a
// segmented mex, and Losing the losing positions (g = 0).
//
// There is one engine per algorithm: the direct loop for a set with few
// members, one segmented mex kernel for every larger set (kernel.go), and
// one losing-position sieve (sieve.go), which Losing takes where the losing
// positions are sparse, by a documented rule. Take-a-square, a move removing
// k² stones, is the subtraction game of the squares (Squares); its sieve
// steps through the squares without a list and reaches about 2^44.9 in
// 32 GiB, and SolveSquares answers one pile. The engines' tricks, their
// reasons, costs and sources are described in the comments at the top of
// subtraction.go, kernel.go, sieve.go and squares.go.
package subtraction
