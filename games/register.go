package games

// The built-in games, registered in the order they are planned, and the
// families of games defined by rules. A new game is one engine in package
// grundy, one file here with its Def and its Section, and one line below;
// a new family, a Family whose Member gives each member's Def.
func init() {
	Register(squares)
	Register(flipGame)
	Register(caniwinGame)
	Register(nimGame)
	Register(grundysGame)
	Register(wythoffGame)
	Register(wythoffRowsGame)
	Register(cramGame)
	RegisterFamily(subtractionFamily)
	RegisterFamily(octalFamily)
	RegisterFamily(takebreakFamily)
}
