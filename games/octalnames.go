package games

import "strings"

// OctalName is a name the literature gives an octal game, with the code it
// means and where the name is given.
type OctalName struct {
	Name   string // as tabulate accepts it: lower case, words joined by '-'
	Code   string // the octal code, d0.d1d2...
	Source string // the book or table that names the game so
}

// Sources of the names: Berlekamp, Conway and Guy, Winning Ways for your
// Mathematical Plays, 2nd ed., vol. 1, ch. 4 ("Taking and Breaking"),
// whose table of octal games names them, and Flammenkamp's table of octal
// games (wwwhomes.uni-bielefeld.de/achim/octal.html), which lists the
// same games under the same codes.
const (
	winningWays = "Winning Ways, 2nd ed., vol. 1, ch. 4"
	flammenkamp = "Flammenkamp, Sprague-Grundy values of octal games"
)

// OctalNames is the one table of the octal games' names: tabulate solve
// NAME, FAMILY:NAME (octal:kayles), tabulate run --game NAME and a
// configuration's code: NAME all read it. A name is not a game of its
// own: it is its code, and the game keeps the name the user wrote.
var OctalNames = []OctalName{
	{"kayles", "0.77", winningWays + " (Kayles); " + flammenkamp},
	{"dawsons-kayles", "0.07", winningWays + " (Dawson's Kayles); " + flammenkamp},
	{"dawsons-chess", "0.137", winningWays + " (Dawson's Chess); " + flammenkamp},
	{"officers", "0.6", winningWays + " (Officers); " + flammenkamp},
	{"guiles", "0.15", winningWays + " (Guiles); " + flammenkamp},
	{"treblecross", "0.007", winningWays + " (Treblecross, three in a row on a strip); " + flammenkamp},
	{"double-kayles", "0.7777", winningWays + " (Double Kayles); " + flammenkamp},
}

// OctalCode returns the code of an octal game's name: lower or upper case,
// words joined by '-', '_' or a space, an apostrophe left out or not
// ("Dawson's Kayles", "dawsons-kayles"). ok is false for anything else.
func OctalCode(name string) (code string, ok bool) {
	n := strings.NewReplacer("'", "", "’", "", " ", "-", "_", "-").Replace(strings.ToLower(strings.TrimSpace(name)))
	for _, o := range OctalNames {
		if o.Name == n {
			return o.Code, true
		}
	}
	return "", false
}

// NamedSpec returns a name of OctalNames written as FAMILY:RULES
// (kayles -> octal:kayles): ok is false when name is written so already,
// is a registered game or names no octal game.
func NamedSpec(name string) (spec string, ok bool) {
	if IsSpec(name) {
		return "", false
	}
	if _, registered := ByName(name); registered {
		return "", false
	}
	if _, ok := OctalCode(name); !ok {
		return "", false
	}
	return "octal:" + name, true // the family of the octal games (games/catalogue)
}
