// Package cram solves Cram, Flip Game II in two dimensions: on a board of
// rows of '+' (free) and '-' (taken), a move covers two adjacent free cells
// of a row or a column, and a player who cannot move loses (Gardner,
// Scientific American, February 1974). A board is the sum of its regions,
// the 4-connected sets of free cells (a lone cell, which no move can use,
// is left out), so its nimber is the XOR of theirs, as Lemoine and Viennot
// compute it ("Nimbers are inevitable", Theoretical Computer Science 462,
// 2012). Tabulate answers boards (the nimber, the winning first moves) on
// a worker pool across the boards and the first moves of each, keeping the
// nimber of every region met in a Table of bounded size.
//
// A region of one row or one column is a heap of the octal game 0.07
// (Dawson's Kayles), whose values come from package octal. Every other
// region is reduced to a canonical form under the eight symmetries of the
// square grid before the table is asked, so a region, its mirror images and
// its rotations are searched once. The search itself (search.go) is the
// plain mex over the moves, each option the XOR of its regions' values.
package cram
