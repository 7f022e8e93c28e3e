package games

// The built-in games, registered in the order they are planned. A new game
// is one engine in package grundy, one file here with its Def and its
// Section, and one line below.
func init() {
	Register(squares)
	Register(flipGame)
	Register(caniwinGame)
	Register(nimGame)
	Register(grundysGame)
	Register(wythoffGame)
}
