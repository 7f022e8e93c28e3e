package configs

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tabulate-games/tabulate/games/heapgame"
)

// Census is the census section: whole families of games computed in one run
// (tabulate census). Each family is off while its defining key is 0.
//
//	census:
//	  octal:       { digits: 3, prefixes: ["0", "4"], max: 1048576 }
//	  subtraction: { max_element: 12, max_size: 4, max: 100000 }
//	  allbut:      { max_element: 10, max: 4096 }
//	  max_seconds_per_game: 0
type Census struct {
	Octal       CensusOctal       `yaml:"octal" json:"octal"`
	Subtraction CensusSubtraction `yaml:"subtraction" json:"subtraction"`
	Takebreak   CensusTakebreak   `yaml:"takebreak" json:"takebreak,omitzero"`
	AllBut      CensusAllBut      `yaml:"allbut" json:"allbut,omitzero"`
	// Misere is the census of misère play (census/misere): tameness and
	// the misère quotient of every game of one family.
	Misere CensusMisere `yaml:"misere" json:"misere,omitzero"`
	// MaxSecondsPerGame bounds the time spent on one game; 0 means no
	// bound. A game that reaches it keeps the values of its last completed
	// checkpoint, and its row says so.
	MaxSecondsPerGame float64 `yaml:"max_seconds_per_game" json:"max_seconds_per_game"`
}

// CensusOctal is the family of octal codes d0.d1...dk, k <= Digits, each
// digit 0..7 and the last non-zero, whose code starts with one of Prefixes
// ("0" and "4" are the codes 0.xxx and 4.xxx; "0.1" the codes 0.1xx).
type CensusOctal struct {
	Digits   int      `yaml:"digits" json:"digits"`     // 0: no octal census
	Prefixes []string `yaml:"prefixes" json:"prefixes"` // default ["0"]
	Max      int      `yaml:"max" json:"max"`           // largest heap; default 1048576 (2^20)
}

// CensusSubtraction is the family of subtraction sets S of {1..MaxElement}
// with 1 <= |S| <= MaxSize.
type CensusSubtraction struct {
	MaxElement int `yaml:"max_element" json:"max_element"` // 0: no subtraction census
	MaxSize    int `yaml:"max_size" json:"max_size"`       // default MaxElement
	Max        int `yaml:"max" json:"max"`                 // largest heap; default 100000
}

// CensusTakebreak is the family of hexadecimal take-and-break codes
// 0.d1...dk, k <= Digits, each digit 0..F and the last non-zero (Howse and
// Nowakowski's one- and two-digit games for Digits 2: 15 + 240 codes).
type CensusTakebreak struct {
	Digits int `yaml:"digits" json:"digits"` // 0: no hexadecimal census
	Max    int `yaml:"max" json:"max"`       // largest heap; default 4096
}

// CensusAllBut is the family of all-but subtraction games: for every
// non-empty set E of {1..MaxElement} with |E| <= MaxSize, the subtraction
// game whose moves take any positive number of tokens except those in E
// (Winning Ways; A. Siegel's thesis: arithmetic-periodic, proven by
// analysis.ProveAllBut).
type CensusAllBut struct {
	MaxElement int `yaml:"max_element" json:"max_element"` // 0: no all-but census
	MaxSize    int `yaml:"max_size" json:"max_size"`       // default MaxElement
	Max        int `yaml:"max" json:"max"`                 // largest heap; default 4096
}

// CensusMisere is the census of misère play of one family (census/misere):
// for each game, whether it is tame up to heap Max (and its first wild
// heap), and its misère quotient of heaps up to Max when its order stays
// within MaxOrder. The family's games are those of the family's own census
// keys, given here: octal codes (Digits, Prefixes), takebreak codes
// (Digits) or subtraction sets (MaxElement, MaxSize).
//
//	census:
//	  misere: {family: octal, digits: 2, max: 30, max_order: 2048}
type CensusMisere struct {
	Family     string   `yaml:"family" json:"family"`                     // octal (default), subtraction or takebreak
	Digits     int      `yaml:"digits" json:"digits,omitempty"`           // octal and takebreak
	Prefixes   []string `yaml:"prefixes" json:"prefixes,omitempty"`       // octal; default ["0"]
	MaxElement int      `yaml:"max_element" json:"max_element,omitempty"` // subtraction
	MaxSize    int      `yaml:"max_size" json:"max_size,omitempty"`       // subtraction; default MaxElement
	Max        int      `yaml:"max" json:"max"`                           // largest heap; default 30
	MaxOrder   int      `yaml:"max_order" json:"max_order"`               // largest quotient order; default 2048
}

// Enabled reports whether the misère census is asked for.
func (m CensusMisere) Enabled() bool { return m.Digits > 0 || m.MaxElement > 0 }

// Defaults and limits of census.misere.
const (
	CensusMisereDefaultMax      = 30
	CensusMisereMaxHeaps        = 200 // the genus search of a wild game grows about fivefold every ten heaps
	CensusMisereDefaultMaxOrder = 2048
	CensusMisereMaxOrder        = 1 << 16
)

// Defaults of the census keys that are left at 0.
const (
	CensusOctalDefaultMax       = 1 << 20
	CensusSubtractionDefaultMax = 100_000
	CensusTakebreakDefaultMax   = 4096
	CensusAllButDefaultMax      = 4096
)

// Limits of the census keys.
const (
	CensusMaxDigits     = 4  // 8^4 codes per prefix
	CensusMaxElement    = 24 // 2^24 sets at most
	CensusMaxHexDigits  = 2  // 15 + 240 codes: the engine's work grows as max^2 or more a code
	CensusMaxAllBut     = 16 // 2^16 - 1 sets at most
	CensusMaxSeconds    = 7 * 24 * 3600
	censusMaxHeapsLimit = heapgame.SubtractionMax // as a subtraction game defined by rules
)

// Enabled reports whether the configuration asks for any census.
func (c Census) Enabled() bool {
	return c.Octal.Digits > 0 || c.Subtraction.MaxElement > 0 || c.Takebreak.Digits > 0 || c.AllBut.MaxElement > 0 || c.Misere.Enabled()
}

// Effective returns c with the defaults of unset keys filled in.
func (c Census) Effective() Census {
	if c.Octal.Digits > 0 {
		if c.Octal.Prefixes == nil {
			c.Octal.Prefixes = []string{"0"}
		}
		if c.Octal.Max == 0 {
			c.Octal.Max = CensusOctalDefaultMax
		}
	}
	if m := &c.Misere; m.Enabled() {
		if m.Family == "" {
			m.Family = "octal"
		}
		if m.Family == "octal" && m.Prefixes == nil {
			m.Prefixes = []string{"0"}
		}
		if m.Family == "subtraction" && m.MaxSize == 0 {
			m.MaxSize = m.MaxElement
		}
		if m.Max == 0 {
			m.Max = CensusMisereDefaultMax
		}
		if m.MaxOrder == 0 {
			m.MaxOrder = CensusMisereDefaultMaxOrder
		}
	}
	if c.Takebreak.Digits > 0 && c.Takebreak.Max == 0 {
		c.Takebreak.Max = CensusTakebreakDefaultMax
	}
	if c.AllBut.MaxElement > 0 {
		if c.AllBut.MaxSize == 0 {
			c.AllBut.MaxSize = c.AllBut.MaxElement
		}
		if c.AllBut.Max == 0 {
			c.AllBut.Max = CensusAllButDefaultMax
		}
	}
	if c.Subtraction.MaxElement > 0 {
		if c.Subtraction.MaxSize == 0 {
			c.Subtraction.MaxSize = c.Subtraction.MaxElement
		}
		if c.Subtraction.Max == 0 {
			c.Subtraction.Max = CensusSubtractionDefaultMax
		}
	}
	return c
}

// Validate checks the census keys; the first problem is returned as an
// *Error naming the key, the value and the allowed range.
func (c Census) Validate() error {
	intKey := func(key string, v, lo, hi int) error {
		if v < lo || v > hi {
			return &Error{Key: key, Value: fmt.Sprint(v), Problem: "is out of range", Allowed: fmt.Sprintf("%d to %d", lo, hi)}
		}
		return nil
	}
	o := c.Octal
	if o.Digits == 0 && (o.Max != 0 || o.Prefixes != nil) {
		return &Error{Key: "census.octal.digits", Problem: "is missing: the octal census needs the number of digits after the point",
			Allowed: fmt.Sprintf("1 to %d", CensusMaxDigits)}
	}
	if o.Digits != 0 {
		if err := intKey("census.octal.digits", o.Digits, 1, CensusMaxDigits); err != nil {
			return err
		}
		if err := intKey("census.octal.max", o.Max, 0, censusMaxHeapsLimit); err != nil {
			return err
		}
		if o.Prefixes != nil && len(o.Prefixes) == 0 {
			return &Error{Key: "census.octal.prefixes", Value: "[]", Problem: "is empty", Allowed: `one or more code prefixes such as "0", "4", "0.1"`}
		}
		for i, p := range o.Prefixes {
			if problem := censusPrefixProblem(p, o.Digits); problem != "" {
				return &Error{Key: "census.octal.prefixes", Value: fmt.Sprintf("%q", p), Problem: problem,
					Allowed: fmt.Sprintf(`"0" or "4", optionally followed by a point and at most %d digits 0-7, as in "0.1"`, o.Digits)}
			}
			if slices.Contains(o.Prefixes[:i], p) {
				return &Error{Key: "census.octal.prefixes", Value: fmt.Sprintf("%q", p), Problem: "is listed twice", Allowed: "each prefix once"}
			}
		}
	}
	s := c.Subtraction
	if s.MaxElement == 0 && (s.Max != 0 || s.MaxSize != 0) {
		return &Error{Key: "census.subtraction.max_element", Problem: "is missing: the subtraction census needs the largest element",
			Allowed: fmt.Sprintf("1 to %d", CensusMaxElement)}
	}
	if s.MaxElement != 0 {
		if err := intKey("census.subtraction.max_element", s.MaxElement, 1, CensusMaxElement); err != nil {
			return err
		}
		if err := intKey("census.subtraction.max_size", s.MaxSize, 0, s.MaxElement); err != nil {
			return err
		}
		if err := intKey("census.subtraction.max", s.Max, 0, censusMaxHeapsLimit); err != nil {
			return err
		}
	}
	h := c.Takebreak
	if h.Digits == 0 && h.Max != 0 {
		return &Error{Key: "census.takebreak.digits", Problem: "is missing: the hexadecimal census needs the number of digits after the point",
			Allowed: fmt.Sprintf("1 to %d", CensusMaxHexDigits)}
	}
	if h.Digits != 0 {
		if err := intKey("census.takebreak.digits", h.Digits, 1, CensusMaxHexDigits); err != nil {
			return err
		}
		if err := intKey("census.takebreak.max", h.Max, 0, heapgame.TakebreakMax); err != nil {
			return err
		}
	}
	b := c.AllBut
	if b.MaxElement == 0 && (b.Max != 0 || b.MaxSize != 0) {
		return &Error{Key: "census.allbut.max_element", Problem: "is missing: the all-but census needs the largest excluded number",
			Allowed: fmt.Sprintf("1 to %d", CensusMaxAllBut)}
	}
	if b.MaxElement != 0 {
		if err := intKey("census.allbut.max_element", b.MaxElement, 1, CensusMaxAllBut); err != nil {
			return err
		}
		if err := intKey("census.allbut.max_size", b.MaxSize, 0, b.MaxElement); err != nil {
			return err
		}
		if err := intKey("census.allbut.max", b.Max, 0, censusMaxHeapsLimit); err != nil {
			return err
		}
	}
	if err := c.Misere.validate(); err != nil {
		return err
	}
	if problem := CensusSecondsProblem(c.MaxSecondsPerGame); problem != "" {
		return &Error{Key: "census.max_seconds_per_game", Value: fmt.Sprint(c.MaxSecondsPerGame), Problem: problem, Allowed: CensusSecondsAllowed}
	}
	return nil
}

// CensusMinSeconds is the least time bound per game of a census: a bound
// under a millisecond rounds to no time at all (1e-300 s was read as no
// bound), and no game is computed in less.
const CensusMinSeconds = 1e-3

// CensusSecondsAllowed says which time bounds per game a census accepts.
var CensusSecondsAllowed = fmt.Sprintf("0 (no bound), or %g to %d seconds", CensusMinSeconds, CensusMaxSeconds)

// CensusSecondsProblem says what is wrong with s as census.max_seconds_per_game
// (or --max-seconds-per-game), or "" when it is allowed: not a number, out
// of range, or so small it would mean no bound.
func CensusSecondsProblem(s float64) string {
	switch {
	case math.IsNaN(s) || math.IsInf(s, 0):
		return "is not a number of seconds"
	case s < 0 || s > CensusMaxSeconds:
		return "is out of range"
	case s > 0 && s < CensusMinSeconds:
		return "is too small to bound anything"
	}
	return ""
}

// censusPrefixProblem says what is wrong with an octal code prefix, or "".
func censusPrefixProblem(p string, digits int) string {
	head, tail, point := strings.Cut(p, ".")
	switch {
	case head != "0" && head != "4":
		return "does not start with the digit before the point, 0 or 4"
	case point && len(tail) > digits:
		return fmt.Sprintf("has %d digits after the point, more than digits (%d)", len(tail), digits)
	}
	for _, r := range tail {
		if r < '0' || r > '7' {
			return fmt.Sprintf("holds %q after the point", r)
		}
	}
	return ""
}

// validate checks census.misere (with its defaults filled in by
// Effective, or not: 0 keeps the default).
func (m CensusMisere) validate() error {
	intKey := func(key string, v, lo, hi int) error {
		if v < lo || v > hi {
			return &Error{Key: "census.misere." + key, Value: fmt.Sprint(v), Problem: "is out of range", Allowed: fmt.Sprintf("%d to %d", lo, hi)}
		}
		return nil
	}
	if !m.Enabled() {
		if m.Family != "" || m.Max != 0 || m.MaxOrder != 0 || m.Prefixes != nil || m.MaxSize != 0 {
			return &Error{Key: "census.misere.digits", Problem: "is missing: the misère census needs its games (digits for octal or takebreak codes, max_element for subtraction sets)",
				Allowed: fmt.Sprintf("digits 1 to %d (octal) or %d (takebreak), or max_element 1 to %d (subtraction)", CensusMaxDigits, CensusMaxHexDigits, CensusMaxElement)}
		}
		return nil
	}
	switch m.Family {
	case "", "octal":
		if err := intKey("digits", m.Digits, 1, CensusMaxDigits); err != nil {
			return err
		}
		for _, p := range m.Prefixes {
			if problem := censusPrefixProblem(p, m.Digits); problem != "" {
				return &Error{Key: "census.misere.prefixes", Value: fmt.Sprintf("%q", p), Problem: problem,
					Allowed: fmt.Sprintf(`"0" or "4", optionally followed by a point and at most %d digits 0-7, as in "0.1"`, m.Digits)}
			}
		}
		if m.MaxElement != 0 || m.MaxSize != 0 {
			return &Error{Key: "census.misere.max_element", Value: fmt.Sprint(m.MaxElement), Problem: "is set for the octal family", Allowed: "max_element and max_size with family: subtraction"}
		}
	case "takebreak":
		if err := intKey("digits", m.Digits, 1, CensusMaxHexDigits); err != nil {
			return err
		}
		if m.Prefixes != nil || m.MaxElement != 0 || m.MaxSize != 0 {
			return &Error{Key: "census.misere.prefixes", Problem: "is set for the takebreak family", Allowed: "digits, max and max_order with family: takebreak"}
		}
	case "subtraction":
		if err := intKey("max_element", m.MaxElement, 1, CensusMaxElement); err != nil {
			return err
		}
		if err := intKey("max_size", m.MaxSize, 0, m.MaxElement); err != nil {
			return err
		}
		if m.Digits != 0 || m.Prefixes != nil {
			return &Error{Key: "census.misere.digits", Value: fmt.Sprint(m.Digits), Problem: "is set for the subtraction family", Allowed: "max_element, max_size, max and max_order with family: subtraction"}
		}
	default:
		return &Error{Key: "census.misere.family", Value: fmt.Sprintf("%q", m.Family), Problem: "is not a family of the misère census", Allowed: "octal, subtraction or takebreak"}
	}
	if err := intKey("max", m.Max, 0, CensusMisereMaxHeaps); err != nil {
		return err
	}
	if m.MaxOrder != 0 {
		return intKey("max_order", m.MaxOrder, 2, CensusMisereMaxOrder)
	}
	return nil
}
