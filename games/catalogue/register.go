package catalogue

import "github.com/tabulate-games/tabulate/games"

// The built-in games, registered in the order they are planned, and the
// families of games defined by rules. A new game is one engine in package
// grundy, one file here with its Def and its Section, and one line below;
// a new family, a Family whose Member gives each member's Def.
func init() {
	games.Register(squares)
	games.Register(flipGame)
	games.Register(caniwinGame)
	games.Register(nimGame)
	games.Register(grundysGame)
	games.Register(wythoffGame)
	games.Register(wythoffRowsGame)
	games.Register(cramGame)
	games.RegisterFamily(subtractionFamily)
	games.RegisterFamily(octalFamily)
	games.RegisterFamily(takebreakFamily)
}
