package catalogue

import (
	"fmt"
	"strconv"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy/takebreak"
)

// takebreakFamily is the family of take-and-break games given by a
// hexadecimal code (Howse and Nowakowski; CGSuite's TakeAndBreak): a
// configuration's takebreak: key, such as takebreak: {t: {code: "0.3F"}}.
var takebreakFamily = games.Family{Name: "takebreak", Title: "take-and-break games (hexadecimal codes)",
	Member: func() games.Member { return &TakebreakRules{Max: DefaultRulesMax} },
	Parse: func(rules string) (games.Member, error) {
		return &TakebreakRules{Code: rules, Max: DefaultRulesMax}, nil
	}}

// TakebreakRules is a member of the family takebreak: a take-and-break
// game given by its hexadecimal code, such as {code: "0.3F", max: 2000}.
// Bit i of digit d_k lets a move remove k tokens and leave exactly i
// non-empty heaps (i = 0..5; 0-3 for digits up to F); the notation taken and refused is that of
// takebreak.Parse. A code whose digits are all below 8 is an octal game,
// played and tabulated as the octal member of the same code (the same
// tables, byte for byte, by package octal's faster engine).
type TakebreakRules struct {
	Code string `yaml:"code" json:"code"`
	Max  int    `yaml:"max" json:"max"` // the largest heap tabulated
	// CandidateTables writes NAME/period and NAME/exceptions for a period
	// (or arithmetic period) the values show but no theorem proves
	// (Heap.CandidateTables).
	CandidateTables bool `yaml:"candidate_tables" json:"candidate_tables,omitempty"`
	// Play: normal, misere or both, with misere_max and the misère
	// quotient's keys, as for every heap game (games/heapgame/misere.go).
	heapgame.Play `yaml:",inline"`
}

// Check parses the code and keeps max within the game's Limit.
func (r *TakebreakRules) Check() error {
	code, err := takebreak.Parse(r.Code)
	if err != nil {
		return &games.KeyError{Key: "code", Value: strconv.Quote(r.Code), Problem: err.Error()}
	}
	if err := games.CheckRange("max", int64(r.Max), 1, int64(heapgame.TakeBreak(code).Limit)); err != nil {
		return err
	}
	if r.Play.Misere() && code.MaxHeaps() > 3 {
		return &games.KeyError{Key: "play", Value: r.Play.Play, Problem: fmt.Sprintf("is not available for %s, whose moves leave %d heaps: misère play (package misere) takes moves that leave at most three", code, code.MaxHeaps()),
			Allowed: "normal, or a code with digits 0-F"}
	}
	return r.Play.Check()
}

// Heap is the heap game of the code (checked by Check).
func (r *TakebreakRules) Heap() (heapgame.Heap, error) {
	code, err := takebreak.Parse(r.Code)
	if err != nil {
		return heapgame.Heap{}, err
	}
	h := heapgame.TakeBreak(code)
	h.CandidateTables = r.CandidateTables
	return h, nil
}

// Jobs plans the game's tables (the code is checked by Check).
func (r *TakebreakRules) Jobs(game string, workers int) []games.Job {
	h, err := r.Heap()
	if err != nil {
		return nil
	}
	h.Play = r.Play
	return h.Plan(game, r.Max)
}

// Def returns the take-and-break game called name.
func (r *TakebreakRules) Def(name string) (games.Def, error) {
	h, err := r.Heap()
	if err != nil {
		return games.Def{}, err
	}
	return h.MemberDef(name, r, h.Redraw), nil
}
