package configs

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Default is configs/default.yaml, the run with the spec bounds.
//
//go:embed default.yaml
var Default []byte

// DefaultName is the name under which Default is reported in messages.
const DefaultName = "configs/default.yaml (built in)"

// The games a configuration can run, in the order they are planned.
var Games = []string{"squares", "flip", "caniwin", "nim"}

// The output formats and plot formats a configuration can ask for.
var (
	Formats     = []string{"parquet", "csv", "bfile"}
	PlotFormats = []string{"png", "svg"}
)

// Config is one run's configuration.
type Config struct {
	Out       string   `yaml:"out" json:"out"`
	Formats   []string `yaml:"formats" json:"formats"`
	Plots     []string `yaml:"plots" json:"plots"`
	Workers   int      `yaml:"workers" json:"workers"`
	MaxMemory Size     `yaml:"max_memory" json:"max_memory"`
	Games     []string `yaml:"games" json:"games"`
	Squares   Squares  `yaml:"squares" json:"squares"`
	Flip      Flip     `yaml:"flip" json:"flip"`
	CanIWin   CanIWin  `yaml:"caniwin" json:"caniwin"`
	Nim       Nim      `yaml:"nim" json:"nim"`
	// Subtraction and Octal define games by their rules, each under a name
	// of the user's choosing that is then a game like the built-in ones.
	Subtraction map[string]SubtractionGame `yaml:"subtraction" json:"subtraction,omitempty"`
	Octal       map[string]OctalGame       `yaml:"octal" json:"octal,omitempty"`
	// Census is whole families of games, run by tabulate census.
	Census Census `yaml:"census" json:"census,omitzero"`
}

// SubtractionGame is a subtraction game: one heap, a move removes s tokens
// for some s in the set.
type SubtractionGame struct {
	// Set is a finite list such as [1, 3, 4] or the name of an infinite set:
	// squares, cubes, triangular, primes, powers-of-two, fibonacci.
	Set SetSpec `yaml:"set" json:"set"`
	// AllBut lists elements taken out of Set.
	AllBut []int `yaml:"all_but" json:"all_but,omitempty"`
	// Max is the largest heap tabulated.
	Max int `yaml:"max" json:"max"`
}

// OctalGame is an octal game given by its code, such as 0.77 (Kayles).
type OctalGame struct {
	Code string `yaml:"code" json:"code"`
	Max  int    `yaml:"max" json:"max"` // the largest heap tabulated
}

// DefaultCustomMax is the largest heap of a custom game whose max is not set.
const DefaultCustomMax = 10000

// setDefaults gives a newly decoded entry its defaults.
func (g *SubtractionGame) setDefaults() { g.Max = DefaultCustomMax }
func (g *OctalGame) setDefaults()       { g.Max = DefaultCustomMax }

// SetSpec is a subtraction set as written: a name or a list of elements.
type SetSpec struct {
	Name     string
	Elements []int
}

// String renders the set as it would be written in YAML.
func (s SetSpec) String() string {
	if s.Name != "" {
		return s.Name
	}
	return strings.ReplaceAll(fmt.Sprint(s.Elements), " ", ", ")
}

// MarshalJSON writes the set as a name or a list.
func (s SetSpec) MarshalJSON() ([]byte, error) {
	if s.Name != "" {
		return json.Marshal(s.Name)
	}
	return json.Marshal(s.Elements)
}

// CustomMaxLimit is the largest heap a custom game may be tabulated to.
const CustomMaxLimit = 10_000_000

// PrimesMaxLimit is the largest heap for the subtraction set of the primes,
// whose work grows as max² (10^6 takes seconds, 10^7 would take hours).
const PrimesMaxLimit = 1_000_000

// CustomGames returns the names of the games defined by rules, sorted.
func (c *Config) CustomGames() []string {
	var names []string
	for n := range c.Subtraction {
		names = append(names, n)
	}
	for n := range c.Octal {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Squares bounds take-a-square.
type Squares struct {
	GrundyMax int   `yaml:"grundy_max" json:"grundy_max"` // squares/grundy: 0 <= n <= GrundyMax
	WinMax    int64 `yaml:"win_max" json:"win_max"`       // squares/p_positions: losing n <= WinMax
}

// Flip bounds Flip Game II.
type Flip struct {
	RunMax      int `yaml:"run_max" json:"run_max"`           // flip/run_grundy: runs 0..RunMax
	PositionMax int `yaml:"position_max" json:"position_max"` // flip/positions: boards of length <= PositionMax
	CountMax    int `yaml:"count_max" json:"count_max"`       // flip/board_counts: lengths 0..CountMax
	BoardMax    int `yaml:"board_max" json:"board_max"`       // flip/boards: lengths 1..BoardMax
}

// CanIWin bounds Can I Win.
type CanIWin struct {
	MaxChoosable int `yaml:"max_choosable" json:"max_choosable"` // 1 <= M <= MaxChoosable
	MaxTotal     int `yaml:"max_total" json:"max_total"`         // 0 <= T <= MaxTotal
}

// Nim bounds Nim.
type Nim struct {
	MaxPiles int `yaml:"max_piles" json:"max_piles"` // 1..MaxPiles piles
	MaxPile  int `yaml:"max_pile" json:"max_pile"`   // of 1..MaxPile stones
}

// Defaults returns the configuration every missing key falls back to (the
// values of default.yaml).
func Defaults() Config {
	return Config{
		Out:     "out",
		Formats: []string{"parquet", "csv"},
		Plots:   []string{"png", "svg"},
		Games:   slices.Clone(Games),
		Squares: Squares{GrundyMax: 100000, WinMax: 100000},
		Flip:    Flip{RunMax: 1000, PositionMax: 60, CountMax: 60, BoardMax: 20},
		CanIWin: CanIWin{MaxChoosable: 20, MaxTotal: 300},
		Nim:     Nim{MaxPiles: 7, MaxPile: 7},
	}
}

// Limit is the allowed range of an integer key.
type Limit struct {
	Key      string
	Min, Max int64
}

// Limits lists the allowed range of every integer key. The maxima are what
// the engines accept; a bound inside them may still be refused for memory.
var Limits = []Limit{
	{"workers", 0, 1024},
	{"squares.grundy_max", 1, 1_000_000_000},
	{"squares.win_max", 1, 1_000_000_000_000},
	{"flip.run_max", 1, 1_000_000},
	{"flip.position_max", 1, 100},
	{"flip.count_max", 1, 62},
	{"flip.board_max", 1, 26},
	{"caniwin.max_choosable", 1, 25},
	{"caniwin.max_total", 0, 325},
	{"nim.max_piles", 1, 16},
	{"nim.max_pile", 1, 63},
}

// intValue returns the value of an integer key.
func (c *Config) intValue(key string) int64 {
	switch key {
	case "workers":
		return int64(c.Workers)
	case "squares.grundy_max":
		return int64(c.Squares.GrundyMax)
	case "squares.win_max":
		return c.Squares.WinMax
	case "flip.run_max":
		return int64(c.Flip.RunMax)
	case "flip.position_max":
		return int64(c.Flip.PositionMax)
	case "flip.count_max":
		return int64(c.Flip.CountMax)
	case "flip.board_max":
		return int64(c.Flip.BoardMax)
	case "caniwin.max_choosable":
		return int64(c.CanIWin.MaxChoosable)
	case "caniwin.max_total":
		return int64(c.CanIWin.MaxTotal)
	case "nim.max_piles":
		return int64(c.Nim.MaxPiles)
	case "nim.max_pile":
		return int64(c.Nim.MaxPile)
	}
	panic("configs: no integer key " + key)
}

// Validate checks every value against its allowed range and set. It returns
// the first problem as an *Error without file or line (Load adds them).
func (c *Config) Validate() error {
	if strings.TrimSpace(c.Out) == "" {
		return &Error{Key: "out", Value: fmt.Sprintf("%q", c.Out), Problem: "is empty", Allowed: "a folder path"}
	}
	if c.MaxMemory < 0 {
		return &Error{Key: "max_memory", Value: c.MaxMemory.String(), Problem: "is negative", Allowed: "auto or a size such as 8GiB"}
	}
	if err := checkSet("formats", c.Formats, Formats, false); err != nil {
		return err
	}
	if err := checkSet("plots", c.Plots, PlotFormats, true); err != nil {
		return err
	}
	if err := c.validateCustom(); err != nil {
		return err
	}
	if err := c.Census.Validate(); err != nil {
		return err
	}
	if err := checkSet("games", c.Games, append(slices.Clone(Games), c.CustomGames()...), false); err != nil {
		return err
	}
	for _, l := range Limits {
		if v := c.intValue(l.Key); v < l.Min || v > l.Max {
			return &Error{Key: l.Key, Value: fmt.Sprint(v), Problem: "is out of range",
				Allowed: fmt.Sprintf("%d to %d", l.Min, l.Max)}
		}
	}
	return nil
}

// checkSet checks that list holds distinct members of allowed, and is not
// empty unless emptyOK.
func checkSet(key string, list, allowed []string, emptyOK bool) error {
	allowedText := strings.Join(allowed, ", ")
	if len(list) == 0 && !emptyOK {
		return &Error{Key: key, Value: "[]", Problem: "is empty", Allowed: "one or more of " + allowedText}
	}
	for i, v := range list {
		if !slices.Contains(allowed, v) {
			return &Error{Key: key, Value: fmt.Sprintf("%q", v), Problem: "is unknown", Allowed: allowedText}
		}
		if slices.Contains(list[:i], v) {
			return &Error{Key: key, Value: fmt.Sprintf("%q", v), Problem: "is listed twice", Allowed: "each of " + allowedText + " at most once"}
		}
	}
	return nil
}

// Runs reports whether the configuration runs game.
func (c *Config) Runs(game string) bool { return slices.Contains(c.Games, game) }

// validateCustom checks the games defined by rules: their names, rules and
// bounds.
func (c *Config) validateCustom() error {
	for _, name := range c.CustomGames() {
		_, isSub := c.Subtraction[name]
		_, isOct := c.Octal[name]
		section := "subtraction"
		if isOct {
			section = "octal"
		}
		key := section + "." + name
		switch {
		case slices.Contains(Games, name):
			return &Error{Key: key, Problem: "uses the name of a built-in game", Allowed: "any other name"}
		case isSub && isOct:
			return &Error{Key: key, Problem: "is defined under both subtraction and octal", Allowed: "one definition per name"}
		case !validName(name):
			return &Error{Key: key, Problem: "is not a usable game name", Allowed: "lower-case letters, digits, - and _, starting with a letter"}
		}
		var max int
		limit := CustomMaxLimit
		if isSub {
			g := c.Subtraction[name]
			max = g.Max
			if g.Set.Name == "primes" {
				limit = PrimesMaxLimit
			}
			if _, err := g.Rules(); err != nil {
				return &Error{Key: key + ".set", Value: g.Set.String(), Problem: err.Error()}
			}
		} else {
			g := c.Octal[name]
			max = g.Max
			if _, err := g.Rules(); err != nil {
				return &Error{Key: key + ".code", Value: fmt.Sprintf("%q", g.Code), Problem: err.Error()}
			}
		}
		if max < 1 || max > limit {
			return &Error{Key: key + ".max", Value: fmt.Sprint(max), Problem: "is out of range", Allowed: fmt.Sprintf("1 to %d", limit)}
		}
	}
	return nil
}

// validName reports whether a custom game name can be a folder name.
func validName(name string) bool {
	if name == "" || name[0] < 'a' || name[0] > 'z' {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
