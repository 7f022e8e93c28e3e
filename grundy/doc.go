// Package grundy is the root of tabulate's game engines: they compute
// outcomes and Sprague–Grundy values of impartial games under normal play
// (a player who cannot move loses). Each family of games lives in a package
// of its own, with one engine per algorithm, each written for speed at scale
// and checked in its tests against a plain exhaustive search over the
// literal rules:
//
//   - [github.com/tabulate-games/tabulate/grundy/subtraction]: subtraction
//     games, finite sets or one of the named infinite sets, with a segmented
//     mex (subtraction.NewSet, subtraction.Values) and their losing
//     positions by a sieve where they are sparse (subtraction.Losing);
//     take-a-square (remove k² stones) is the subtraction game of the
//     squares (subtraction.Squares, subtraction.SolveSquares);
//   - [github.com/tabulate-games/tabulate/grundy/octal]: any octal game by
//     its code, such as 0.77 (Kayles) or 0.137 (Dawson's chess), with a
//     sparse-space engine (octal.Parse, octal.Values), and Grundy's game,
//     split a heap into two unequal heaps, on the same engine
//     (octal.GrundysGame);
//   - [github.com/tabulate-games/tabulate/grundy/flip]: Flip Game II, turn
//     "++" into "--" on a board of '+' and '-', which is a sum of heaps of
//     the octal game 0.07 (flip.RunValues, flip.Solve, flip.Positions,
//     flip.BoardCounts, flip.Boards);
//   - [github.com/tabulate-games/tabulate/grundy/caniwin]: Can I Win, a
//     shared pool 1..M, first to bring the running total to T wins
//     (caniwin.Tabulate);
//   - [github.com/tabulate-games/tabulate/grundy/nim]: Nim, decided by
//     search rather than by Bouton's rule (nim.Positions, nim.Solve);
//   - [github.com/tabulate-games/tabulate/grundy/wythoff]: Wythoff's game,
//     two heaps, take from one or the same number from both, a two-heap
//     game that is not a sum (wythoff.Tabulate);
//   - [github.com/tabulate-games/tabulate/grundy/takebreak]: take-and-break
//     games by hexadecimal code (a move may leave up to three heaps), such
//     as 0.3F, with octal codes as the special case (takebreak.Parse,
//     takebreak.Values, takebreak.ProvePeriod);
//   - [github.com/tabulate-games/tabulate/grundy/misere]: misère play (the
//     last player to move loses) of one-heap games and their sums: misère
//     nim-values, Conway's genus, tameness, sums decided (misere.Analyze).
//
// For example, in take-a-square g(0) = 0, g(1) = 1, g(2) = 0, g(3) = 1,
// g(4) = mex{g(3), g(0)} = 2, and a pile of 7 stones, whose moves lead to 6
// and 3 (both of value 1), has g(7) = mex{1} = 0: the player to move loses.
//
// This package holds what the families share. Engines whose work grows
// with their bounds take a context as their first argument and stop promptly
// when it is cancelled, returning ctx.Err(); there is one function per
// engine, not a variant without the context. Those that split their work or
// report progress take an Options (Workers, Progress). Only work bounded by
// a constant takes no context: answering one Nim position (nim.Solve, whose
// search stops at nim.SearchLimit), counting flip boards by length
// (flip.BoardCounts, a DP of a few thousand steps) and parsing a code, set
// or board. Values are []int32 throughout. Bounds out of range give a
// *RangeError with the allowed range. Each engine with a large working set
// has a companion Memory function that estimates its peak memory in bytes
// before anything is allocated.
package grundy
