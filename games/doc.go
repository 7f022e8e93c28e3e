// Package games is the model of a game as the tool sees it: one value per
// game, built in or defined by its rules, that knows its configuration
// section, its tables with their schemas, its figures, its findings (typed
// structs), its memory and cost estimates, how to answer one position
// (solve), how to answer it from the tables of an earlier run (TableLookup, for
// tabulate solve --from) and how to draw its figures again from those tables
// (Redraw, for tabulate plot). The configuration, the pipeline, package
// lookup and the command find games only through this package: none of them
// names a game.
//
// This package holds the model only. The built-in games are a catalogue,
// package games/catalogue, one file each, registered when the command (or a
// test) imports it; the one-heap game known by its Grundy sequence, with its
// modes (misère play, tail mode, proven periods), is package games/heapgame.
//
// A game is a Def given to Register, such as take-a-square:
//
//	Def{Name: "squares", Section: func() Section { return &Squares{GrundyMax: 100000, WinMax: 100000} }, Solve: ...}
//
// Its Section is decoded from the game's key in a configuration
// (squares: {grundy_max: 100000}), checked with Check, and planned with Jobs:
// each Job computes one table and writes it, with its figures and findings,
// to a Sink that the pipeline provides.
//
// A game defined by its rules is a member of a Family given to
// RegisterFamily (octal, subtraction): the family's key in a configuration
// holds its members by name (octal: {kayles: {code: "0.77"}}), each a
// Member section whose Def is the game, with the same Solve, TableLookup and
// Redraw as a registered one. A run records a member's bounds with its
// family (MemberBounds), from which Recorded rebuilds its Def.
package games
