package configs

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// Default is configs/default.yaml, the run with the spec bounds.
//
//go:embed default.yaml
var Default []byte

// DefaultName is the name under which Default is reported in messages.
const DefaultName = "configs/default.yaml (built in)"

// The output formats and plot formats a configuration can ask for: the
// table formats of package output (output.Formats, its one registry) and
// the image formats of package plots (plots.Formats).
var (
	Formats     = output.Formats
	PlotFormats = plots.Formats
)

// Config is one run's configuration.
type Config struct {
	Out     string   `yaml:"out" json:"out"`
	Formats []string `yaml:"formats" json:"formats"`
	Plots   []string `yaml:"plots" json:"plots"`
	Workers int      `yaml:"workers" json:"workers"`
	// BFileOffset shifts the index of b-files of tables indexed by n: the
	// line for row n reads "n+BFileOffset a(n)", rows whose index would be
	// negative left out (see docs/periods.md, b-files).
	BFileOffset int      `yaml:"bfile_offset" json:"bfile_offset,omitempty"`
	MaxMemory   Size     `yaml:"max_memory" json:"max_memory"`
	Games       []string `yaml:"games" json:"games"`
	// Sections holds each registered game's bounds under its name, such as
	// Sections["squares"] = &catalogue.Squares{...}; every registered game has
	// one. In YAML each is a top-level key (squares: {grundy_max: 10}).
	Sections map[string]games.Section `yaml:"-" json:"-"`
	// Members holds the games defined by rules, by family and then by the
	// name of the user's choosing, such as Members["octal"]["kayles"] =
	// &catalogue.OctalRules{Code: "0.77", Max: 1000}. In YAML each family is a
	// top-level key (octal: {kayles: {code: "0.77", max: 1000}}); each
	// member is then a game like a registered one.
	Members map[string]map[string]games.Member `yaml:"-" json:"-"`
	// Figures sets the size, font size, titles and resolution of figures.
	Figures Figures `yaml:"figures" json:"figures"`
	// Census is whole families of games, run by tabulate census.
	Census Census `yaml:"census" json:"census,omitzero"`
}

// CustomGames returns the names of the games defined by rules (the members
// of every family), sorted, each once.
func (c *Config) CustomGames() []string {
	var names []string
	for _, members := range c.Members {
		for n := range members {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	slices.Sort(names)
	return names
}

// member returns the game defined by rules called name and its family
// (the first registered family that defines it).
func (c *Config) member(name string) (games.Member, string, bool) {
	for _, f := range games.Families() {
		if m, ok := c.Members[f][name]; ok {
			return m, f, true
		}
	}
	return nil, "", false
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
		Members:  map[string]map[string]games.Member{},
		Figures:  DefaultFigures(),
	}
	for _, name := range games.Names() {
		d, _ := games.ByName(name)
		c.Sections[name] = d.Section()
	}
	return c
}

// Section returns the bounds of the game called name, registered or
// defined by rules, or nil.
func (c *Config) Section(name string) games.Section {
	if s, ok := c.Sections[name]; ok {
		return s
	}
	if m, _, ok := c.member(name); ok {
		return m
	}
	return nil
}

// Def returns the game called name: a registered game, or one the
// configuration defines by rules. ok is false when there is neither.
func (c *Config) Def(name string) (d games.Def, ok bool, err error) {
	if d, ok := games.ByName(name); ok {
		return d, true, nil
	}
	m, family, ok := c.member(name)
	if !ok {
		return games.Def{}, false, nil
	}
	d, err = m.Def(name)
	if err != nil {
		return games.Def{}, false, fmt.Errorf("%s.%s: %w", family, name, err)
	}
	return d, true, nil
}

// Game is one game a configuration runs.
type Game struct {
	Name string
	// Bounds is the game's section, recorded with its tables.
	Bounds any
	// Jobs plans the game's tables.
	Jobs func(workers int) []games.Job
}

// Selected returns the games the configuration runs: the registered ones
// in their registered order, then those defined by rules, sorted by name.
// The bounds of a game defined by rules name its family
// (games.MemberBounds).
func (c *Config) Selected() []Game {
	var list []Game
	for _, name := range c.allGames() {
		if !c.Runs(name) {
			continue
		}
		sec := c.Section(name)
		var bounds any = sec
		if m, family, ok := c.member(name); ok {
			bounds = games.MemberBounds{Family: family, Member: m}
		}
		list = append(list, Game{Name: name, Bounds: bounds,
			Jobs: func(workers int) []games.Job { return sec.Jobs(name, workers) }})
	}
	return list
}

// allGames lists the games the configuration can run: the registered ones,
// then those it defines by rules.
func (c *Config) allGames() []string { return append(games.Names(), c.CustomGames()...) }

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
	for family, members := range c.Members {
		if len(members) == 0 {
			continue
		}
		if m[family], err = json.Marshal(members); err != nil {
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
	if err := checkSet("games", c.Games, c.allGames(), false); err != nil {
		return undefinedGame(err)
	}
	if c.BFileOffset < -BFileOffsetMax || c.BFileOffset > BFileOffsetMax {
		return &Error{Key: "bfile_offset", Value: fmt.Sprint(c.BFileOffset), Problem: "is out of range",
			Allowed: fmt.Sprintf("%d to %d", -BFileOffsetMax, BFileOffsetMax)}
	}
	if c.Workers < 0 || c.Workers > WorkersMax {
		return &Error{Key: "workers", Value: fmt.Sprint(c.Workers), Problem: "is out of range",
			Allowed: fmt.Sprintf("0 to %d", WorkersMax)}
	}
	for _, name := range games.Names() {
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

// reservedNames are the folders of a run that are not a game's: the census
// writes its tables and figures in OUT/census, and run --shard its parts in
// OUT/shards. A game of that name would write its tables among them.
var reservedNames = []string{"census", "shards"}

// validateCustom checks the games defined by rules: their names, then
// each member's section (its rules and bounds, by its Check).
func (c *Config) validateCustom() error {
	for _, name := range c.CustomGames() {
		var defining []string
		for _, f := range games.Families() {
			if _, ok := c.Members[f][name]; ok {
				defining = append(defining, f)
			}
		}
		key := defining[len(defining)-1] + "." + name
		switch {
		case slices.Contains(games.Names(), name):
			return &Error{Key: key, Problem: "uses the name of a built-in game", Allowed: "any other name"}
		case slices.Contains(reservedNames, name):
			return &Error{Key: key, Problem: "uses a name the run folder keeps for its own files (OUT/" + name + "/)", Allowed: "any name but " + strings.Join(reservedNames, " and ")}
		case len(defining) > 1:
			return &Error{Key: key, Problem: "is defined under both " + strings.Join(defining, " and "), Allowed: "one definition per name"}
		case !validName(name):
			return &Error{Key: key, Problem: "is not a usable game name", Allowed: fmt.Sprintf("1 to %d lower-case letters, digits, - and _, starting with a letter", NameMax)}
		}
		if err := c.Members[defining[0]][name].Check(); err != nil {
			var ke *games.KeyError
			if errors.As(err, &ke) {
				return &Error{Key: key + "." + ke.Key, Value: ke.Value, Problem: ke.Problem, Allowed: ke.Allowed}
			}
			return &Error{Key: key, Problem: err.Error(), Err: err}
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
