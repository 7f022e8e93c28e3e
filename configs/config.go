package configs

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
)

// Default is configs/default.yaml, the run with the spec bounds.
//
//go:embed default.yaml
var Default []byte

// DefaultName is the name under which Default is reported in messages.
const DefaultName = "configs/default.yaml (built in)"

// Games lists the built-in games a configuration can run, in the order they
// are planned (see package games).
var Games = games.Names()

// The output formats and plot formats a configuration can ask for.
var (
	Formats     = []string{"parquet", "csv", "bfile"}
	PlotFormats = []string{"png", "svg", "pdf"}
)

// Config is one run's configuration.
type Config struct {
	Out     string   `yaml:"out" json:"out"`
	Formats []string `yaml:"formats" json:"formats"`
	Plots   []string `yaml:"plots" json:"plots"`
	Workers int      `yaml:"workers" json:"workers"`
	// BFileOffset shifts the index of b-files of tables indexed by n: the
	// line for row n reads "n+BFileOffset a(n)", rows whose index would be
	// negative left out (see README, b-files).
	BFileOffset int      `yaml:"bfile_offset" json:"bfile_offset,omitempty"`
	MaxMemory   Size     `yaml:"max_memory" json:"max_memory"`
	Games       []string `yaml:"games" json:"games"`
	// Sections holds each built-in game's bounds under its name, such as
	// Sections["squares"] = &games.Squares{...}; every built-in game has
	// one. In YAML each is a top-level key (squares: {grundy_max: 10}).
	Sections map[string]games.Section `yaml:"-" json:"-"`
	// Figures sets the size, font size, titles and resolution of figures.
	Figures Figures `yaml:"figures" json:"figures"`
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
	// LosingMax, when past Max, extends NAME/p_positions to the losing
	// heaps n <= LosingMax, found by subtraction.Losing (its sieve where the
	// losing heaps are sparse) without the Grundy values; 0 means Max.
	LosingMax int64 `yaml:"losing_max" json:"losing_max,omitempty"`
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

// LosingMaxLimit is the largest losing_max of a subtraction game, as for
// take-a-square's win_max; a set with very many members allows less
// (subtraction.LosingLimit: the primes about 2.9·10^9).
const LosingMaxLimit = 1_000_000_000_000

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

// Defaults returns the configuration every missing key falls back to (the
// values of default.yaml).
func Defaults() Config {
	c := Config{
		Out:      "out",
		Formats:  []string{"parquet", "csv"},
		Plots:    []string{"png", "svg"},
		Games:    games.Defaults(),
		Sections: map[string]games.Section{},
		Figures:  DefaultFigures(),
	}
	for _, name := range Games {
		d, _ := games.Lookup(name)
		c.Sections[name] = d.Section()
	}
	return c
}

// Section returns the bounds of the built-in game name, or nil.
func (c *Config) Section(name string) games.Section { return c.Sections[name] }

// Game is one game a configuration runs.
type Game struct {
	Name string
	// Bounds is the game's section, recorded with its tables.
	Bounds any
	// Jobs plans the game's tables.
	Jobs func(workers int) []games.Job
}

// Selected returns the games the configuration runs: the built-in ones in
// their registered order, then those defined by rules, sorted by name.
func (c *Config) Selected() []Game {
	var list []Game
	for _, name := range append(slices.Clone(Games), c.CustomGames()...) {
		if !c.Runs(name) {
			continue
		}
		var sec interface {
			Jobs(game string, workers int) []games.Job
		}
		if s, ok := c.Sections[name]; ok {
			sec = s
		} else if o, ok := c.Octal[name]; ok {
			sec = o
		} else {
			sec = c.Subtraction[name]
		}
		list = append(list, Game{Name: name, Bounds: sec,
			Jobs: func(workers int) []games.Job { return sec.Jobs(name, workers) }})
	}
	return list
}

// MarshalJSON writes the configuration with each game's section under its
// name, as in YAML.
func (c Config) MarshalJSON() ([]byte, error) {
	type plain Config
	data, err := json.Marshal(plain(c))
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	for name, sec := range c.Sections {
		if m[name], err = json.Marshal(sec); err != nil {
			return nil, err
		}
	}
	return json.Marshal(m)
}

// WorkersMax is the largest worker pool a configuration may ask for.
const WorkersMax = 1024

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
	if err := c.Figures.Validate(); err != nil {
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
	if c.BFileOffset < -BFileOffsetMax || c.BFileOffset > BFileOffsetMax {
		return &Error{Key: "bfile_offset", Value: fmt.Sprint(c.BFileOffset), Problem: "is out of range",
			Allowed: fmt.Sprintf("%d to %d", -BFileOffsetMax, BFileOffsetMax)}
	}
	if c.Workers < 0 || c.Workers > WorkersMax {
		return &Error{Key: "workers", Value: fmt.Sprint(c.Workers), Problem: "is out of range",
			Allowed: fmt.Sprintf("0 to %d", WorkersMax)}
	}
	for _, name := range Games {
		sec := c.Sections[name]
		if sec == nil {
			return &Error{Key: name, Problem: "has no section", Allowed: "a Config made by Defaults or Load"}
		}
		if err := sec.Check(); err != nil {
			var ke *games.KeyError
			if errors.As(err, &ke) {
				return &Error{Key: name + "." + ke.Key, Value: ke.Value, Problem: ke.Problem, Allowed: ke.Allowed}
			}
			return &Error{Key: name, Problem: err.Error(), Err: err}
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
			return &Error{Key: key, Problem: "is not a usable game name", Allowed: fmt.Sprintf("1 to %d lower-case letters, digits, - and _, starting with a letter", NameMax)}
		}
		var max int
		var h games.Heap // its Limit is the largest max allowed
		if isSub {
			g := c.Subtraction[name]
			max = g.Max
			set, err := g.Rules()
			if err != nil {
				return &Error{Key: key + ".set", Value: g.Set.String(), Problem: err.Error()}
			}
			h = games.Subtraction(set)
		} else {
			g := c.Octal[name]
			max = g.Max
			code, err := g.Rules()
			if err != nil {
				return &Error{Key: key + ".code", Value: fmt.Sprintf("%q", g.Code), Problem: err.Error()}
			}
			h = games.Octal(code)
		}
		if max < 1 || max > h.Limit {
			return &Error{Key: key + ".max", Value: fmt.Sprint(max), Problem: "is out of range", Allowed: fmt.Sprintf("1 to %d", h.Limit)}
		}
		if g, ok := c.Subtraction[name]; ok && g.LosingMax != 0 {
			set, _ := g.Rules()
			top := min(LosingMaxLimit, subtraction.LosingLimit(set))
			if g.LosingMax < int64(max) || g.LosingMax > top {
				return &Error{Key: key + ".losing_max", Value: fmt.Sprint(g.LosingMax), Problem: "is out of range",
					Allowed: fmt.Sprintf("0 (the same as max) or %d (max) to %d", max, top)}
			}
		}
	}
	return nil
}

// NameMax is the longest name of a game defined by rules: a folder name on
// every file system, with room for the table names in it.
const NameMax = 64

// validName reports whether a custom game name can be a folder name.
func validName(name string) bool {
	if name == "" || len(name) > NameMax || name[0] < 'a' || name[0] > 'z' {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// BFileOffsetMax bounds bfile_offset: OEIS entries of game values start at
// n = 0 or 1, and related games are shifted by one or two (A002187).
const BFileOffsetMax = 16
