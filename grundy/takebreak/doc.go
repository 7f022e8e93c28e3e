// Package takebreak computes take-and-break games whose moves may leave up
// to five heaps: the hexadecimal games of Howse and Nowakowski, written
// d0.d1d2... with digits 0-F as CGSuite's TakeAndBreak writes them, and
// CGSuite's base-36 digits past F up to Z (four or five heaps). Octal
// games (digits 0-7, at most two heaps) are the special case; their values
// here equal those of package octal, whose sparse-space engine is the faster
// one for them.
//
// Parse reads a Code, Values gives the Grundy values g(0..max) of a single
// heap exactly, and ProvePeriod applies the periodicity theorem for games
// whose moves leave at most h heaps (derived, with its proof, in the comment
// of period.go). The notation accepted and refused is in the comment of
// code.go, the engine's trick and its cost in the comment of values.go; a
// summary is in docs/takebreak.md.
package takebreak
