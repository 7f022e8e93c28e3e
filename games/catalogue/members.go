package catalogue

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/grundy/subtraction"
	"github.com/tabulate-games/tabulate/internal/yamlnum"
)

// The two families of one-heap games defined by rules: a configuration's
// octal: and subtraction: keys.
var (
	octalFamily = games.Family{Name: "octal", Title: "octal games",
		Member: func() games.Member { return &OctalRules{Max: DefaultRulesMax} },
		Parse:  func(rules string) (games.Member, error) { return &OctalRules{Code: rules, Max: DefaultRulesMax}, nil }}
	subtractionFamily = games.Family{Name: "subtraction", Title: "subtraction games",
		Member: func() games.Member { return &SubtractionRules{Max: DefaultRulesMax, MovesMax: DefaultMovesMax} },
		Parse:  parseSubtraction}
)

// DefaultRulesMax is the largest heap of a game defined by rules whose max
// is not set.
const DefaultRulesMax = 10000

// LosingMaxLimit is the largest losing_max of a subtraction game, as for
// take-a-square's win_max; a set whose sieve would need more than 32 GiB
// allows less (subtraction.LosingLimit: the primes about 2.3·10^9, the cubes
// 2.2·10^10, the triangular numbers 1.8·10^11).
const LosingMaxLimit = 1_000_000_000_000

// parseOctalCode reads an octal game's code or its name
// (games.OctalCode: kayles is 0.77).
func parseOctalCode(s string) (octal.Code, error) {
	if code, ok := games.OctalCode(s); ok {
		s = code
	}
	return octal.Parse(s)
}

// OctalRules is a member of the family octal: an octal game given by its
// code, such as {code: "0.77", max: 1000} (Kayles to heaps of 1,000).
type OctalRules struct {
	Code string `yaml:"code" json:"code"`
	Max  int    `yaml:"max" json:"max"` // the largest heap tabulated
	// CandidateTables writes NAME/period and NAME/exceptions for a period
	// the values show but no theorem proves (Heap.CandidateTables).
	CandidateTables bool `yaml:"candidate_tables" json:"candidate_tables,omitempty"`
	heapgame.Play   `yaml:",inline"`
	// TailKeys: tail mode (games/heapgame/tail.go), GAME/frequencies past a full array.
	heapgame.TailKeys `yaml:",inline"`
}

// Check parses the code and keeps max within the game's Limit.
func (o *OctalRules) Check() error {
	code, err := parseOctalCode(o.Code)
	if err != nil {
		return &games.KeyError{Key: "code", Value: strconv.Quote(o.Code), Problem: err.Error()}
	}
	if err := heapgame.OctalTail(code, &o.TailKeys).Check(int64(o.Max)); err != nil {
		return err
	}
	if err := o.Play.Check(); err != nil {
		return err
	}
	return o.TailKeys.CheckWith(o.Play, o.CandidateTables)
}

// Heap is the heap game of the code (checked by Check).
func (o *OctalRules) Heap() (heapgame.Heap, error) {
	code, err := parseOctalCode(o.Code)
	if err != nil {
		return heapgame.Heap{}, err
	}
	h := heapgame.Octal(code)
	h.CandidateTables = o.CandidateTables
	return h, nil
}

// Jobs plans the game's tables (the code is checked by Check).
func (o *OctalRules) Jobs(game string, workers int) []games.Job {
	h, err := o.Heap()
	if err != nil {
		return nil
	}
	if o.Tail {
		code, _ := parseOctalCode(o.Code)
		return heapgame.OctalTail(code, &o.TailKeys).Plan(game, int64(o.Max))
	}
	h.Play = o.Play
	return h.Plan(game, o.Max)
}

// Def returns the octal game called name.
func (o *OctalRules) Def(name string) (games.Def, error) {
	h, err := o.Heap()
	if err != nil {
		return games.Def{}, err
	}
	if o.Tail {
		return heapgame.TailDef(h.MemberDef(name, o, nil)), nil
	}
	return h.MemberDef(name, o, h.Redraw), nil
}

// SubtractionRules is a member of the family subtraction: one heap, a move
// removes s tokens for some s in the set, such as {set: [1, 3, 4]} or
// {set: primes, all_but: [2], max: 100000}.
type SubtractionRules struct {
	// Set is a finite list such as [1, 3, 4] or the name of an infinite set:
	// squares, cubes, triangular, primes, powers-of-two, fibonacci, or
	// naturals, every positive integer, which with all_but is an all-but
	// game ({set: naturals, all_but: [3, 5, 7, 10]}: arithmetic periodic,
	// its period proven by analysis.ProveAllBut).
	Set SetSpec `yaml:"set" json:"set"`
	// AllBut lists elements taken out of Set.
	AllBut []int `yaml:"all_but" json:"all_but,omitempty"`
	// Max is the largest heap tabulated.
	Max int `yaml:"max" json:"max"`
	// LosingMax, when past Max, extends NAME/p_positions to the losing
	// heaps n <= LosingMax, found by subtraction.Losing (its sieve where the
	// losing heaps are sparse) without the Grundy values; 0 means Max.
	LosingMax int64 `yaml:"losing_max" json:"losing_max,omitempty"`
	// MovesMax bounds NAME/moves, every winning move of 0 <= n <=
	// min(MovesMax, Max) (the columns of squares/moves); 0 for no table.
	MovesMax int `yaml:"moves_max" json:"moves_max"`
	// CandidateTables writes NAME/period and NAME/exceptions for a period
	// the values show but no theorem proves (Heap.CandidateTables).
	CandidateTables bool `yaml:"candidate_tables" json:"candidate_tables,omitempty"`
	heapgame.Play   `yaml:",inline"`
}

// DefaultMovesMax is the moves_max of a subtraction game (and of squares)
// whose configuration does not set it.
const DefaultMovesMax = 1000

// rules returns the subtraction set the member describes.
func (s *SubtractionRules) rules() (subtraction.Set, error) {
	if s.Set.bad != "" {
		return subtraction.Set{}, &games.KeyError{Key: "set", Value: s.Set.bad, Problem: "is not a subtraction set",
			Allowed: "a list of positive whole numbers such as [1, 3, 4], or one of squares, cubes, triangular, primes, powers-of-two, fibonacci, naturals (with all_but: the all-but games)"}
	}
	set, err := subtraction.NewSet(s.Set.Name, s.Set.Elements, s.AllBut)
	if err != nil {
		return set, &games.KeyError{Key: "set", Value: s.Set.String(), Problem: err.Error()}
	}
	return set, nil
}

// Check checks the set and keeps max within the game's Limit and
// losing_max between max and what the losing-position sieve reaches.
func (s *SubtractionRules) Check() error {
	set, err := s.rules()
	if err != nil {
		return err
	}
	if err := games.CheckRange("max", int64(s.Max), 1, int64(heapgame.Subtraction(set).Limit)); err != nil {
		return err
	}
	if err := games.CheckRange("moves_max", int64(s.MovesMax), 0, SquaresMovesMax); err != nil {
		return err
	}
	if s.LosingMax != 0 && s.LosingMax != int64(s.Max) && set.Name() == subtraction.NameNaturals {
		return &games.KeyError{Key: "losing_max", Value: fmt.Sprint(s.LosingMax), Problem: "is not available for naturals (its losing heaps come from the Grundy values)",
			Allowed: fmt.Sprintf("0 or %d (max)", s.Max)}
	}
	if s.LosingMax != 0 {
		top := min(LosingMaxLimit, subtraction.LosingLimit(set))
		if s.LosingMax < int64(s.Max) || s.LosingMax > top {
			return &games.KeyError{Key: "losing_max", Value: fmt.Sprint(s.LosingMax), Problem: "is out of range",
				Allowed: fmt.Sprintf("0 (the same as max) or %d (max) to %d", s.Max, top)}
		}
	}
	return s.Play.Check()
}

// Heap is the heap game of the set (checked by Check).
func (s *SubtractionRules) Heap() (heapgame.Heap, error) {
	set, err := s.rules()
	if err != nil {
		return heapgame.Heap{}, err
	}
	h := heapgame.Subtraction(set)
	h.CandidateTables = s.CandidateTables
	return h, nil
}

// Jobs plans the game's tables (the set is checked by Check).
func (s *SubtractionRules) Jobs(game string, workers int) []games.Job {
	h, err := s.Heap()
	if err != nil {
		return nil
	}
	h.Play = s.Play
	if s.MovesMax > 0 {
		set, _ := s.rules()
		top := min(s.MovesMax, s.Max)
		h.Extra = func(ctx context.Context, sink games.Sink, game string, g []int32) error {
			return movesTable(ctx, sink, game, set, g[:top+1])
		}
	}
	return h.PlanTo(game, s.Max, s.LosingMax)
}

// Def returns the subtraction game called name.
func (s *SubtractionRules) Def(name string) (games.Def, error) {
	h, err := s.Heap()
	if err != nil {
		return games.Def{}, err
	}
	return h.MemberDef(name, s, h.RedrawTo(func(bounds json.RawMessage) (int64, error) {
		var b SubtractionRules
		if err := json.Unmarshal(bounds, &b); err != nil {
			return 0, err
		}
		return max(b.LosingMax, int64(b.Max)), nil
	})), nil
}

// SetSpec is a subtraction set as written: a name or a list of elements.
type SetSpec struct {
	Name     string
	Elements []int
	bad      string // what was written when it is neither (reported by Check)
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

// UnmarshalJSON reads a set written as a name or a list.
func (s *SetSpec) UnmarshalJSON(data []byte) error {
	var elems []int
	if err := json.Unmarshal(data, &elems); err == nil {
		*s = SetSpec{Elements: elems}
		return nil
	}
	var name string
	if err := json.Unmarshal(data, &name); err != nil {
		return fmt.Errorf("set %s is neither a list nor a name", data)
	}
	*s = SetSpec{Name: name}
	return nil
}

// UnmarshalYAML reads a set written as a name (squares) or a list
// ([1, 3, 4]) of whole numbers, strictly (package yamlnum: [010] is not
// [8], nor [1.5] [1]). Anything else is kept for Check to report with the
// section's key.
func (s *SetSpec) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	switch n.Kind {
	case yaml.ScalarNode:
		if n.ShortTag() == "!!str" {
			*s = SetSpec{Name: n.Value}
			return nil
		}
	case yaml.SequenceNode:
		elems := make([]int, 0, len(n.Content))
		for _, el := range n.Content {
			v, err := yamlnum.Whole(el)
			if err == nil && int64(int(v)) != v {
				err = &yamlnum.Error{Line: el.Line, Value: yamlnum.Describe(el), Problem: "is too large"}
			}
			if err != nil {
				*s = SetSpec{bad: fmt.Sprintf("[...] (its element %s %s, line %d)", err.Value, err.Problem, err.Line)}
				return nil
			}
			elems = append(elems, int(v))
		}
		*s = SetSpec{Elements: elems}
		return nil
	}
	*s = SetSpec{bad: yamlnum.Describe(n)}
	return nil
}

// parseSubtraction reads a subtraction set as written after
// "subtraction:": elements (1,3,4), a name (squares) or all-but:LIST, the
// all-but game of every positive integer but those listed.
func parseSubtraction(rules string) (games.Member, error) {
	m := &SubtractionRules{Max: DefaultRulesMax, MovesMax: DefaultMovesMax}
	list := func(text string) ([]int, error) {
		var out []int
		for _, f := range strings.Split(text, ",") {
			x, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return nil, &games.ArgError{Arg: "subtraction set", Value: strconv.Quote(rules), Problem: "is not a list of whole numbers",
					Allowed: "elements such as 1,3,4, a name such as squares, or all-but:3,5,7,10"}
			}
			out = append(out, x)
		}
		return out, nil
	}
	switch {
	case strings.HasPrefix(rules, "all-but:"):
		m.Set = SetSpec{Name: subtraction.NameNaturals}
		if rest := strings.TrimPrefix(rules, "all-but:"); rest != "" {
			xs, err := list(rest)
			if err != nil {
				return nil, err
			}
			m.AllBut = xs
		}
	case rules != "" && (rules[0] < '0' || rules[0] > '9'):
		m.Set = SetSpec{Name: rules}
	default:
		xs, err := list(rules)
		if err != nil {
			return nil, err
		}
		m.Set = SetSpec{Elements: xs}
	}
	return m, nil
}
