// Package octal computes octal games by their code, such as 0.77 (Kayles),
// 0.07 (Dawson's Kayles) or 0.137 (Dawson's chess): Parse reads a Code and
// Values gives the Grundy values of a single heap, g(0..max), exactly, by
// the sparse-space method with the octal periodicity theorem to stop early.
// Grundy's game (split a heap into two unequal non-empty heaps) runs on the
// same engine (GrundysGame, GrundysGameWithStats).
//
// The engine's tricks, their reasons, costs and sources are described in
// the comments at the top of octal.go, octal_sparse.go and grundysgame.go.
package octal
