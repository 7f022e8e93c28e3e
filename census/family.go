package census

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/output"
)

// The families a census can hold, each a family of the model (games.Family)
// and the name of its census table.
const (
	Octal       = "octal"
	Subtraction = "subtraction"
	Takebreak   = "takebreak"
	// AllBut is the census table of the all-but subtraction games, each
	// a member of the model's family subtraction (all-but:LIST).
	AllBut = "allbut"
)

// Game is one game of a census: a member of a family of the model, its
// heap game built through the family registry (heapgame.Rules) from its
// definition. The census computes, proves and sums up every game through
// its Heap alone (Values, Sparse, Prove, Moves), whatever its family.
type Game struct {
	// Family is the model's family of the game, such as "octal", and the
	// census table that holds its row unless Table says otherwise.
	Family string
	// Heap is the game (heapgame.Rules(Family, its definition)).
	Heap heapgame.Heap

	kind  string // the census table when not Family: AllBut for the all-but games
	name  string // as the tables write it: "0.77", "{1,3,4}"
	rules string // the definition the family reads: "0.77", "1,3,4"
	size  int    // the census family's size of the game (figures): digits after the point, elements of a set
}

// newGame returns the game of family defined by rules (written as
// heapgame.Rules reads it), called name in the tables and of the given size
// (the proven-share figure groups by it). An empty name is rules.
func newGame(family, rules, name string, size int) (Game, error) {
	h, err := heapgame.Rules(family, rules)
	if err != nil {
		return Game{}, fmt.Errorf("census: %s %s: %w", family, rules, err)
	}
	if name == "" {
		name = rules
	}
	return Game{Family: family, Heap: h, name: name, rules: rules, size: size}, nil
}

// Table returns the census table that holds the game's row: its Family,
// or AllBut for an all-but subtraction game.
func (g Game) Table() string {
	if g.kind != "" {
		return g.kind
	}
	return g.Family
}

// Name returns the game as the tables write it: the canonical code ("0.77",
// "4.0") or the set ("{1,3,4}").
func (g Game) Name() string { return g.name }

// fileKey returns a name for the game's journal file: the name with its
// braces dropped and its commas as dashes ("0.77", "1-3-4").
func (g Game) fileKey() string {
	return strings.NewReplacer("{", "", "}", "", ",", "-").Replace(g.name)
}

// needed returns how many values prove period p from n0: the window of the
// game's theorem. Reason: every prover of package analysis (ProveOctal,
// ProveSubtraction, and the take-and-break one) reports the window it needs
// (Proof.Needed) without reading a value when it is given fewer values
// than that, so the census asks the game's own Prove on no values rather
// than writing a window again. A game without a theorem needs more values
// than any census has.
func (g Game) needed(p, n0 int) int {
	if g.Heap.Prove == nil {
		return int(^uint(0) >> 1)
	}
	return g.Heap.Prove(nil, analysis.Period{Found: true, Period: p, Preperiod: n0, LastException: n0 - 1}).Needed
}

// prove checks the proof of p on seq with the game's theorem.
func (g Game) prove(seq []int32, p analysis.Period) analysis.Proof {
	if g.Heap.Prove == nil {
		return analysis.Proof{Have: len(seq)}
	}
	return *g.Heap.Prove(seq, p)
}

// kind is a family of a census: the games of one family of the model that a
// census section lists, and how its tables and figures name them.
type kind struct {
	name string // the model's family and the census table, such as "octal"
	what string // the games in figure titles: "octal codes"
	// sizeName names a size in the legend of the proven-share figure.
	sizeName string
	column   output.Column // the first column of its tables (the game)
	// cell returns the first column of the rows of games.
	cell func(games []Game) any
	// reduce, when set, returns the definition of the game whose engine run
	// gives the same values as the game defined by rules (equiv.go).
	reduce func(rules string) string
	// behaviour adds the columns arithmetic_period, arithmetic_preperiod,
	// saltus and behaviour to the family's table, the count of each
	// behaviour to its findings and the figure FAMILY-behaviour (see
	// Behaviour): the families where arithmetic periods occur.
	behaviour bool
}

// The kinds of the census families.
var (
	octalKind = kind{name: Octal, what: "octal codes", sizeName: "digits",
		column: output.Column{Name: "code", Type: output.String, Sorted: true}, cell: names,
		reduce: func(rules string) string {
			c, err := octal.Parse(rules)
			if err != nil {
				return rules // not reached: a census lists parsed codes
			}
			return reduced(c).String()
		}}
	subtractionKind = kind{name: Subtraction, what: "subtraction sets", sizeName: "size",
		column: output.Column{Name: "set", Type: output.Int32List}, cell: sets}
	takebreakKind = kind{name: Takebreak, what: "hexadecimal codes", sizeName: "digits",
		column: output.Column{Name: "code", Type: output.String, Sorted: true}, cell: names, behaviour: true}
	// allButKind: the games are members of the model's subtraction
	// family; the table is census/allbut, its first column the excluded
	// numbers.
	allButKind = kind{name: AllBut, what: "all-but subtraction sets", sizeName: "excluded",
		column: output.Column{Name: "all_but", Type: output.Int32List}, cell: excluded, behaviour: true}
)

// kindOf returns the kind of the census family called name.
func kindOf(name string) kind {
	for _, k := range []kind{subtractionKind, octalKind, takebreakKind, allButKind} {
		if k.name == name {
			return k
		}
	}
	return kind{name: name, what: name + " games", sizeName: "size",
		column: output.Column{Name: "game", Type: output.String}, cell: names}
}

// names is the first column of a family whose games are named by a code.
func names(games []Game) any {
	out := make([]string, len(games))
	for i, g := range games {
		out[i] = g.Name()
	}
	return out
}

// sets is the first column of the subtraction family: each set as the list
// of its elements, read from its definition ("1,3,4").
func sets(games []Game) any {
	out := make([][]int32, len(games))
	for i, g := range games {
		for _, f := range strings.Split(g.rules, ",") {
			x, _ := strconv.Atoi(f) // written by SubtractionGames
			out[i] = append(out[i], int32(x))
		}
	}
	return out
}

// excluded is the first column of the all-but family: each game's
// excluded numbers, read from its definition ("all-but:3,5,7,10").
func excluded(games []Game) any {
	out := make([][]int32, len(games))
	for i, g := range games {
		out[i] = []int32{}
		for _, f := range strings.Split(strings.TrimPrefix(g.rules, allButPrefix), ",") {
			x, _ := strconv.Atoi(f) // written by AllButGames
			out[i] = append(out[i], int32(x))
		}
	}
	return out
}

// allButPrefix starts the definition of an all-but game in the model's
// subtraction family (heapgame.Rules("subtraction", "all-but:3,5,7,10")).
const allButPrefix = "all-but:"

// allButName starts the name of an all-but game in the census: "all but
// {3,5,7,10}".
const allButName = "all but "

// computedAs returns the game whose engine run gives the values of g: for
// an octal code the code it reduces to (equiv.go), which has the same values
// at every heap; otherwise g itself.
func (g Game) computedAs() Game {
	k := kindOf(g.Table())
	if k.reduce == nil {
		return g
	}
	r := k.reduce(g.rules)
	if r == g.rules {
		return g
	}
	rep, err := newGame(g.Family, r, "", g.size)
	if err != nil {
		return g // not reached: a reduced code parses
	}
	return rep
}

// digitsOf returns the number of digits after the point of a canonical
// code, trailing zeros dropped (0 for 4.0, 2 for 0.3F).
func digitsOf(code string) int {
	_, after, _ := strings.Cut(code, ".")
	return len(strings.TrimRight(after, "0"))
}

// octalGames lists the codes of an octal census, sorted: every code
// d0.d1...dk with d0 in {0, 4}, 0 <= k <= digits, each digit 0..7 and the
// last one (d0 when k = 0) non-zero, whose canonical form starts with one of
// prefixes. Prefixes "0" and "4" with digits 3 give the 1,023 codes
// 0.d1d2d3 and 4.d1d2d3 of Flammenkamp's table: 511 of each form and 4.0.
func octalGames(c configs.CensusOctal) ([]Game, error) {
	c = configs.Census{Octal: c}.Effective().Octal
	return codeGames(Octal, []string{"0", "4"}, "01234567", c.Digits, c.Prefixes)
}

// codeGames lists the codes d0.d1...dk of family, d0 one of firsts, 0 <= k
// <= digits, each further digit one of alphabet and the last one (d0 when k
// = 0) non-zero, whose canonical form starts with one of prefixes (all
// when prefixes is nil), sorted as strings.
func codeGames(family string, firsts []string, alphabet string, digits int, prefixes []string) ([]Game, error) {
	codes := codeNames(firsts, alphabet, digits, prefixes)
	games := make([]Game, len(codes))
	for i, code := range codes {
		g, err := newGame(family, code, "", digitsOf(code))
		if err != nil {
			return nil, err
		}
		games[i] = g
	}
	return games, nil
}

// codeNames lists the codes codeGames builds, as strings only (the plan of
// a census counts them before any game is built).
func codeNames(firsts []string, alphabet string, digits int, prefixes []string) []string {
	var codes []string
	var walk func(prefix string, k int)
	walk = func(code string, k int) {
		if code[len(code)-1] != '0' || k == 0 && code[0] != '0' {
			name := code
			if k == 0 {
				name += ".0"
			}
			if prefixes == nil || slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(name, p) }) {
				codes = append(codes, name)
			}
		}
		if k == digits {
			return
		}
		if k == 0 {
			code += "."
		}
		for _, d := range alphabet {
			walk(code+string(d), k+1)
		}
	}
	for _, d0 := range firsts {
		walk(d0, 0)
	}
	slices.Sort(codes)
	return codes
}

// takebreakGames lists the codes of a hexadecimal census, sorted: every
// code 0.d1...dk with 1 <= k <= digits, each digit 0..F and the last one
// non-zero (Howse and Nowakowski's one- and two-digit hexadecimal games for
// digits 2: 15 + 240 codes), each a member of the family takebreak (an
// octal code among them is played as the octal game).
func takebreakGames(c configs.CensusTakebreak) ([]Game, error) {
	games, err := codeGames(Takebreak, []string{"0"}, "0123456789ABCDEF", c.Digits, nil)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(games, func(g Game) bool { return g.Name() == "0.0" }), nil
}

// SubtractionGames lists the sets of a subtraction census, sorted as lists:
// every S of {1..max_element} with 1 <= |S| <= max_size.
func SubtractionGames(c configs.CensusSubtraction) []Game {
	games, _ := subtractionGames(context.Background(), c)
	return games
}

// subtractionGames is SubtractionGames, stopped by ctx: 2^24 sets take
// seconds to list.
func subtractionGames(ctx context.Context, c configs.CensusSubtraction) ([]Game, error) {
	c = configs.Census{Subtraction: c}.Effective().Subtraction
	return setGames(ctx, c.MaxElement, c.MaxSize, func(rules string, size int) (Game, error) {
		return newGame(Subtraction, rules, "{"+rules+"}", size)
	})
}

// AllButGames lists the games of an all-but census, sorted as lists of
// their excluded numbers: for every E of {1..max_element} with 1 <= |E| <=
// max_size, the subtraction game of every positive integer but those of E,
// called "all but {3,5,7,10}" in findings, a member of the model's family
// subtraction ("all-but:3,5,7,10").
func AllButGames(c configs.CensusAllBut) []Game {
	games, _ := allButGames(context.Background(), c)
	return games
}

// allButGames is AllButGames, stopped by ctx.
func allButGames(ctx context.Context, c configs.CensusAllBut) ([]Game, error) {
	c = configs.Census{AllBut: c}.Effective().AllBut
	return setGames(ctx, c.MaxElement, c.MaxSize, func(rules string, size int) (Game, error) {
		g, err := newGame(Subtraction, allButPrefix+rules, allButName+"{"+rules+"}", size)
		g.kind = AllBut
		return g, err
	})
}

// setGames lists the sets S of {1..maxElement} with 1 <= |S| <= maxSize,
// sorted as lists, each made a game by game from its elements written
// "1,3,4" and its size; ctx stops it (2^24 sets take seconds to list).
func setGames(ctx context.Context, maxElement, maxSize int, game func(rules string, size int) (Game, error)) ([]Game, error) {
	c := struct{ MaxElement, MaxSize int }{maxElement, maxSize}
	var lists [][]int
	var set []int
	var walk func(next int) error
	walk = func(next int) error {
		if len(set) > 0 {
			lists = append(lists, slices.Clone(set))
			if len(lists)%4096 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
		}
		if len(set) == c.MaxSize {
			return nil
		}
		for x := next; x <= c.MaxElement; x++ {
			set = append(set, x)
			if err := walk(x + 1); err != nil {
				return err
			}
			set = set[:len(set)-1]
		}
		return nil
	}
	if err := walk(1); err != nil {
		return nil, err
	}
	slices.SortFunc(lists, slices.Compare)
	games := make([]Game, len(lists))
	for i, l := range lists {
		if i%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		parts := make([]string, len(l))
		for k, x := range l {
			parts[k] = strconv.Itoa(x)
		}
		rules := strings.Join(parts, ",")
		g, err := game(rules, len(l))
		if err != nil {
			panic("census: " + err.Error()) // not reached: a set of positive elements
		}
		games[i] = g
	}
	return games, nil
}
