// Package octal computes octal games by their code, such as 0.77 (Kayles),
// 0.07 (Dawson's Kayles) or 0.137 (Dawson's chess): Parse reads a Code and
// Values gives the Grundy values of a single heap, g(0..max), exactly, by
// the sparse-space method with the octal periodicity theorem to stop early.
// Grundy's game (split a heap into two unequal non-empty heaps) runs on the
// same engine (GrundysGame). Tail (and
// GrundysGameTail) go past a full array of values in memory flat in max,
// with checkpoints and resume (docs/tail-mode.md).
//
// Each trick of the engine says, beside its code, why it is there, what it
// costs and where it comes from. The files, by phase and role:
//
//   - octal.go: Code, Values, Stats and Memory; its file comment describes
//     the sparse-space method (Winning Ways ch. 4, Gangolli and Plambeck
//     1989, Flammenkamp): O(#rare + #values) a common heap instead of O(n).
//   - engine.go: the engine's state (values, histogram, rare heaps, the
//     16-bit ring of the last 2^16 values) and its options.
//   - kernels.go: the mark kernels, a byte a value, unrolled and without
//     bounds checks where the values fit 16 bits (markPairs, the rare
//     loops), the packing of eight marks by one multiplication (octalPack;
//     Hacker's Delight ch. 7), and the checks of the values still missing;
//     shared with the tail.
//   - sparse.go: the sparse-space mex of one heap, steps 1 to 3, step 3 in
//     chunks from both ends growing by a quarter (octalNextChunk) and on
//     two cores for long scans (markRanges2).
//   - label.go: the choice of labelling with the fewest rare heaps by a
//     Walsh-Hadamard transform of the value histogram (best; source: the
//     C++ solver of tczajka/octal-games), and the cost rule that takes the
//     plain mex instead (plainPays).
//   - plain.go: the mex over every option (fullMex) and the cached plain
//     mex for games without a sparse space (plainMex); plainpar.go: its
//     helpers on several goroutines.
//   - pipe.go: the full-array engine on W cores, pipelined across heaps
//     (octalPipe): W-1 helpers list the far part of the next blocks, the
//     main goroutine the near part and the mex in order.
//   - run.go: the driver, block by block, with the period check at doubling
//     checkpoints (octalProvenPeriod) and the choices of labelling.
//   - cost.go: the cost model behind plainPays and Memory.
//   - octal_split.go, grundysgame.go: Grundy's game on the same engine, and
//     its API.
//   - tail.go: tail mode's API, options and results; its file comment
//     describes the method (idea from the Rust solver of
//     rogalski-wmii-uni-lodz-pl/octal, written from its description).
//   - tailstate.go: the tail's state (a ring of the last W values stored
//     twice, values in 8 or 16 bits) and its loop on one goroutine.
//   - tailsettle.go: the tail's mex of one heap (settle) and relabel, one
//     more mask bit at a value past every value so far.
//   - tailpipe.go: the tail on W cores, pipelined across heaps.
//   - tailperiod.go: the period the tail proves itself; tailinfo.go: what
//     a checkpoint says of the run that wrote it, and the tail's defaults.
//   - checkpoint*.go, frequencies.go: the tail's checkpoints and resume, and
//     the value frequencies at every power of two.
package octal
