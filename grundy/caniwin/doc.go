// Package caniwin solves Can I Win: two players take turns picking an
// unused integer from the shared pool 1..M, adding it to a running total,
// and the first to bring the total to T or more wins. Tabulate decides every
// pair (M, T) up to a bound at once, by a sweep over the subsets of the
// pool, into a Table of Outcomes and winning moves.
//
// The engine's tricks, their reasons, costs and sources are described in
// the comments of caniwin.go.
package caniwin
