package games

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/tabulate-games/tabulate/output"
)

// Family is a family of games defined by their rules, such as the octal
// games: a configuration's key named after the family holds its members,
// each under a name of the user's choosing that is then a game like a
// registered one (octal: {kayles: {code: "0.77", max: 1000}}). Each member
// is a Member section, whose Def is the game.
type Family struct {
	// Name is the family's key in a configuration and the family the
	// manifest records with each member's bounds, such as "octal".
	Name string
	// Title names the family for people, such as "octal games".
	Title string
	// Member returns a new member section holding the family's defaults.
	Member func() Member
	// Parse returns the member whose rules are written as on the command
	// line after "FAMILY:" (tabulate solve octal:0.77 5), holding the
	// family's other defaults, unchecked; a malformed text is an
	// *ArgError. Nil when the family's games cannot be written so. It is
	// the one parser of such text: heapgame.Rules, for callers that sweep many
	// members such as a census, reads it too and asks a HeapMember for its
	// Heap.
	Parse func(rules string) (Member, error)
}

// Member is the section of one game of a family, such as
// {code: "0.77", max: 1000}: a Section (decoded from YAML or from the
// bounds a manifest records, checked, planned) whose rules define the game.
type Member interface {
	Section
	// Def returns the game called name that these rules define, its
	// Section returning the member. Call it on a member Check accepts.
	Def(name string) (Def, error)
}

var families []Family

// RegisterFamily adds a family of games defined by rules. It panics when
// the name is taken (by a family or a game) or the family is incomplete.
func RegisterFamily(f Family) {
	if f.Name == "" || f.Member == nil {
		panic("games: RegisterFamily needs a name and a member")
	}
	if _, ok := FamilyByName(f.Name); ok {
		panic("games: family " + f.Name + " registered twice")
	}
	if _, ok := ByName(f.Name); ok {
		panic("games: family " + f.Name + " has the name of a game")
	}
	families = append(families, f)
}

// FamilyByName returns the family called name.
func FamilyByName(name string) (Family, bool) {
	i := slices.IndexFunc(families, func(f Family) bool { return f.Name == name })
	if i < 0 {
		return Family{}, false
	}
	return families[i], true
}

// Families lists the families of games defined by rules, in the order they
// were registered.
func Families() []string {
	names := make([]string, len(families))
	for i, f := range families {
		names[i] = f.Name
	}
	return names
}

// MemberBounds is what a run records as the bounds of a member of a
// family: the member's section with the family named, as
// {"family":"octal","code":"0.77","max":1000}, so that a later command
// (tabulate solve --from, tabulate plot) rebuilds the game from the
// manifest alone (Recorded).
type MemberBounds struct {
	Family string
	Member Member
}

// MarshalJSON writes the member's keys after "family".
func (b MemberBounds) MarshalJSON() ([]byte, error) {
	data, err := json.Marshal(b.Member)
	if err != nil {
		return nil, err
	}
	if len(data) < 2 || data[0] != '{' {
		return nil, fmt.Errorf("games: the %s member's bounds %s are not a JSON object", b.Family, data)
	}
	out := []byte(`{"family":` + strconv.Quote(b.Family))
	if inner := bytes.TrimSpace(data[1 : len(data)-1]); len(inner) > 0 {
		out = append(append(out, ','), inner...)
	}
	return append(out, '}'), nil
}

// Recorded returns the Def of the game called name whose files a run's
// manifest records with bounds: a registered game, or a member of a family
// rebuilt from its bounds ({"family": ..., the member's keys}). Manifests
// written before the family was recorded name no family: there, bounds
// with a "code" are an octal game's and bounds with a "set" a subtraction
// game's. ok is false when the manifest records no such game. A member
// whose rules do not parse is an error naming the family and the game,
// such as "octal.kayles: ...".
func Recorded(name string, bounds json.RawMessage) (d Def, ok bool, err error) {
	if d, ok := ByName(name); ok {
		return d, true, nil
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(bounds, &keys) != nil {
		return Def{}, false, nil
	}
	var family string
	switch {
	case keys["family"] != nil:
		if err := json.Unmarshal(keys["family"], &family); err != nil {
			return Def{}, false, fmt.Errorf("%s: the recorded family %s is not a name", name, keys["family"])
		}
	case keys["code"] != nil: // manifests before the family was recorded
		family = "octal"
	case keys["set"] != nil:
		family = "subtraction"
	default:
		return Def{}, false, nil
	}
	f, ok := FamilyByName(family)
	if !ok {
		return Def{}, false, fmt.Errorf("%s: the recorded family %q is unknown (known: %v)", name, family, Families())
	}
	m := f.Member()
	if err := json.Unmarshal(bounds, m); err != nil {
		return Def{}, false, fmt.Errorf("%s.%s: %w", family, name, err)
	}
	if err := m.Check(); err != nil {
		return Def{}, false, fmt.Errorf("%s.%s: %w", family, name, err)
	}
	d, err = m.Def(name)
	if err != nil {
		return Def{}, false, fmt.Errorf("%s.%s: %w", family, name, err)
	}
	return d, true, nil
}

// RecordedGames returns the Def of every game a run's manifest records
// (see Recorded), by name; games it cannot rebuild are left out.
func RecordedGames(m *output.Manifest) (map[string]Def, error) {
	out := map[string]Def{}
	for name, e := range m.Games {
		bounds, err := json.Marshal(e.Bounds)
		if err != nil {
			return nil, fmt.Errorf("%s: bounds: %w", name, err)
		}
		d, ok, err := Recorded(name, bounds)
		if err != nil {
			return nil, err
		}
		if ok {
			out[name] = d
		}
	}
	return out, nil
}
