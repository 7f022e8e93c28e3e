// Package catalogue holds the built-in games and the families of games
// defined by rules, one file each (take-a-square, Flip Game II, Can I Win,
// Nim, Grundy's game, Wythoff's game and its rows; the octal, subtraction
// and take-and-break families), and registers them with package games when
// it is imported (register.go, in the order they are planned). The command
// imports it; a test that names a built-in game imports it for its
// registration alone:
//
//	import _ "github.com/tabulate-games/tabulate/games/catalogue"
//
// A new game is one file here, with its Def, its Section and its jobs
// (built on package games/heapgame for a one-heap game), around its engine
// in package grundy, and its line in register.go.
package catalogue
