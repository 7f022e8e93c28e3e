// Package flip solves Flip Game II: on a board of '+' and '-', a move turns
// two adjacent "++" into "--", and a player who cannot move loses. A board
// is a sum of its runs of '+', each a heap of the octal game 0.07, so
// RunValues (the values of single runs) decides every board: Solve answers
// one board with its winning moves, Positions lists every multiset of runs
// up to a length with its value, BoardCounts counts the boards of each length
// by value, and Boards lists the boards themselves.
//
// The engines' tricks, their reasons, costs and sources are described in
// the comments of flip.go; what is proven of the run values (period 34 from
// a run of 53, by the Guy–Smith theorem checked on exact values) and how
// Solve uses it to answer a run of any length in constant time, in
// period.go. RunValues and the tables never assume the period: they
// compute every value.
package flip
