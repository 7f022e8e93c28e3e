// Package census computes whole families of games in one run and tabulates
// them as the published tables of octal and subtraction games do: every
// octal code d0.d1...dk with k up to a number of digits (Winning Ways, vol.
// 1, ch. 4; Flammenkamp's table of all octal games 0.??? and 4.???), and
// every subtraction set S of {1..k} of size at most s.
//
// For each game the values g(0), g(1), ... are computed at doubling
// checkpoints (1024 values, 2048, ... up to max). After each checkpoint the
// census asks whether the values prove the period: by the octal periodicity
// theorem (analysis.ProveOctal) for octal games, by the window argument
// (analysis.ProveSubtraction) for finite subtraction sets. It stops at the
// first proof, and otherwise goes on to max. A game may also be bounded in
// time; it then keeps the values of its last completed checkpoint.
//
// Each finished game is committed at once to a journal in the output folder,
// one small file per game written atomically (temporary name, fsync,
// rename) and carrying a checksum, so a census stopped in any way (Ctrl-C,
// kill -9, power off) and run again with the same configuration computes
// only the games not yet done, and writes byte-identical tables. The
// journal of a family is keyed by its configuration: a changed configuration
// starts a new journal and never reuses rows computed under another.
//
// Games with identical sequences form a class named by its smallest code.
// For each game the census also names the nearest game of another class
// with the same period (the one that agrees with it longest) and the first
// heap where they differ: a public table lists .161 and .36 as equivalent,
// and they first differ at heap 519.
//
// For example, the census of the codes 0.d1d2 (configs/census-small.yaml)
// finds Kayles 0.77 with period 12 from n = 71, proven, Dawson's Kayles 0.07
// with period 34 from n = 53, and 0.16 with period 149459 from n = 105351
// (Gangolli and Plambeck, 1989), proven at 2^19 values.
//
// Memory is that of the games in progress (one per worker), not of the
// family: each finished game keeps only its row, its first values and a few
// hashes.
package census
