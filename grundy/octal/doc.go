// Package octal computes octal games by their code, such as 0.77 (Kayles),
// 0.07 (Dawson's Kayles) or 0.137 (Dawson's chess): Parse reads a Code and
// Values gives the Grundy values of a single heap, g(0..max), exactly, by
// the sparse-space method with the octal periodicity theorem to stop early.
// Grundy's game (split a heap into two unequal non-empty heaps) runs on the
// same engine (GrundysGame, GrundysGameWithStats). Tail (and
// GrundysGameTail) go past a full array of values in memory flat in max,
// with checkpoints and resume (docs/tail-mode.md).
//
// The engine's tricks, their reasons, costs and sources are described in
// full in the comments at the top of octal.go, octal_sparse.go, tail.go and
// grundysgame.go, each beside its code. In short:
//
//   - the sparse-space method itself (octal.go; Winning Ways ch. 4,
//     Gangolli and Plambeck 1989, Flammenkamp): O(#rare + #values) a
//     common heap instead of O(n);
//   - the labelling with the fewest rare heaps by a Walsh-Hadamard
//     transform of the value histogram (best; source: the C++ solver of
//     tczajka/octal-games);
//   - marks a byte a value, packed eight at a time by one multiplication
//     (octalMarkRare, octalPack; Hacker's Delight ch. 7): independent byte
//     stores instead of read-modify-writes of a bit set;
//   - the mark loops unrolled by four or eight, on an array of 2^16 marks
//     indexed by a uint16 when the values fit 16 bits (octalMarks16), and
//     the rare loop reading an array of 2^17 values by a masked index when
//     every rare heap is below 2^17 (octalMarkRareNear; markRareNear16 on
//     a 16-bit ring below 2^16, see below): no bounds check in the hot
//     loops. Reason: those loops are nearly all the time (0.6 on one
//     worker: the rare loop 40%, step 3 45%). Cost: 64 KiB of marks a core.
//     Measured on 0.6 to 10^6, one worker, whole process, interleaved
//     pairs on a machine loaded by other jobs (load average 11 to 21): CPU
//     time 0.96 of the version before with the marks array alone, 0.89
//     with step 3's shorter pack too, then 0.90 of that with the near loop;
//     no source (the Go compiler neither unrolls nor drops these checks);
//   - the rare loop on a 16-bit ring of the last 2^16 values (runs of 2^14
//     heaps or more, rare heaps below 2^16 - t), the rare heaps as one
//     32-bit word each (offset and value): two loads
//     and no index arithmetic a mark, the window in L1 (markRareRing,
//     markRareNear16 in kernels.go, shared with the tail, as markPairs, the
//     split loop, is);
//   - step 3 lists splits in chunks from both ends, each a quarter of what
//     was listed (octalNextChunk; doubling overshot by 46% on 0.6), and
//     checks only the values still missing after each (stillMissing): no
//     branch a split, as the C++ solver has;
//   - W cores by pipelining across heaps (octalPipe): W-1 helpers list the
//     far part of the next two blocks (marks that read only known values), split
//     among them by heaps, while the main goroutine finishes the near part
//     and the mex in order; step 3's long scans split across two
//     (markRanges2); no source (the public solvers are single-threaded);
//   - the cached plain mex for games without a sparse space (plainMex);
//   - the octal periodicity theorem checked at doubling checkpoints by a
//     Z-algorithm with its scratch allocated once (octalProvenPeriod);
//   - tail mode: a ring of the last W values stored twice (one slice for any
//     W, no division), values in 8 or 16 bits (tail.go; idea from the Rust
//     solver of rogalski-wmii-uni-lodz-pl/octal, written from its
//     description); one more mask bit at a value past every value so far
//     (relabel), which the full-array engine gets by choosing again.
//     Measured: Grundy's game's first 256 stopped the tail without it;
//   - the tail on W cores (tailPipe, tailpipe.go): W-1 helpers list, up
//     to 256 heaps ahead, each a heap in turn, the marks at distance 256 or
//     more from the heap (they read only values already known), the main
//     one the rest; no source. Measured: on 0.6 the tail's CPU splits 4.8 s / 4.3 s
//     between the two (8.7 s on one); its wall time on two free cores is
//     not measured yet (the machine gave one core, docs/tail-mode.md).
package octal
