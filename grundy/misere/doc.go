// Package misere computes misère play of one-heap take-and-break games:
// the player who makes the last move loses. Single heaps are easy, sums
// are not: the misère outcome of a sum is not decided by the heaps'
// misère nim-values, which is why this package keeps, for each heap,
// Conway's genus and whether the heap is tame.
//
// A game is a Game, given by the options of each heap (Octal, Subtraction,
// Nim, or any rule whose heaps shrink). Analyze computes, for heaps
// 0..max, a Table of the normal-play Grundy value, the misère nim-value,
// the genus g^{γ0γ1...} (Genus, as Winning Ways and CGSuite write it) and
// tameness; Table.Solve decides a position of several heaps with its
// winning moves, by the tame rule where every heap is tame and by
// memoised search otherwise, saying which (Answer.Method).
//
// For example, in Kayles (octal 0.77) the heaps 0 to 5 have genera
// 0^{120}, 1^{031}, 2^{20}, 3^{31}, 1^{031} and 4^{146}: heap 4 is a misère
// P-position (γ0 = 0) although its Grundy value is 1; heaps 0 to 4 are tame
// and heap 5 is the first wild one. The position 4+4 plays like the Nim
// position *1+*1 and is decided by the tame rule (a win, by splitting a 4
// into 1+1, which leaves three *1s); 5+1 holds a wild heap and is decided
// by search (a loss for the player to move).
//
// Every result is checked in the tests against a plain recursion over the
// literal rules that shares no code with the package, and against Bouton's
// misère rule for Nim. docs/misere.md describes the definitions, the
// sources and the limits.
package misere
