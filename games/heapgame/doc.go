// Package heapgame is the one-heap game known through its Grundy sequence
// g(0), g(1), ...: a game defined by rules (an octal code, a subtraction
// set, a take-and-break code: Octal, Subtraction, TakeBreak, or Rules for
// any family of heap games) or a built-in one such as Grundy's game. A Heap
// gives the tables GAME/grundy and GAME/p_positions, the figure of g(n),
// the period search with its proof where a theorem applies, the answers of
// tabulate solve (by the proven period past the values), and the
// TableLookup and Redraw that read its tables back. Its modes live here
// too: misère play (GAME/misere, the genus, the misère quotient and
// tabulate solve --misere), tail mode past a full array (TailKeys,
// TailGame: GAME/frequencies, checkpoints and their resumption) and the
// losing positions streamed past the Grundy table (JobsTo).
//
// The model it plugs into (games.Def, games.Job, games.Sink) is package
// games; the registered games built on it are package games/catalogue.
package heapgame
