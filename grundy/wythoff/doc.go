// Package wythoff computes Wythoff's game, a game of two heaps: a move takes
// any positive number of tokens from one heap, or the same positive number
// from both. It is not a sum of one-heap games (the move on both heaps ties
// them), so its Grundy values form a table g(a, b) over both heap sizes
// rather than a sequence. Tabulate gives that table for 0 <= a <= b <= max
// (g is symmetric) as a Table, with a mex kept incremental by bit sets of the
// values already seen in each row, column and diagonal; Memory estimates its
// peak bytes beforehand.
//
// The positions of value 0 (the player to move loses) are Wythoff's pairs
// (floor(k*phi), floor(k*phi^2)), phi the golden ratio (W. A. Wythoff, "A
// modification of the game of Nim", Nieuw Archief voor Wiskunde 7 (1907)),
// OEIS A000201 and A001950; the table itself, read by antidiagonals, is OEIS
// A004481.
//
// TabulateRows computes the first rows W(a, n), n far along (rows 0..255 to
// 2^20 and 0..63 to 2^24 in a minute or two), in time linear in the values,
// and Rows.ProveRows proves their additive periods W(a, n+p) = W(a, n) + p
// by a finite state argument (ours; docs/results.md).
//
// Diagonal gives the diagonal W(n, n) to 2^16 from the whole triangle kept
// as bit sets only (no values), its mex scanned over a window that two
// proven bounds give; DiagonalMemory estimates its bytes.
//
// The engines' tricks, their reason, cost and source are described in the
// comments of wythoff.go, rows.go, rowsproof.go and diagonal.go.
package wythoff
