package games

import (
	"strconv"
	"strings"
)

// A game written on the command line, FAMILY:RULES, such as octal:0.77,
// subtraction:1,3,4, subtraction:squares or subtraction:all-but:3,5,7,10:
// tabulate solve answers it and tabulate run --game tabulates it without a
// configuration file. The family is looked up in the registry (Family.Parse),
// so the command names none.

// IsSpec reports whether name is written as FAMILY:RULES.
func IsSpec(name string) bool { return strings.Contains(name, ":") }

// ParseSpec returns the family and the checked member of the game written
// spec (FAMILY:RULES): an *ArgError naming the families, or the rules'
// problem, when it is not one.
func ParseSpec(spec string) (family string, m Member, err error) {
	if named, ok := NamedSpec(spec); ok {
		spec = named // a name of OctalNames, such as kayles
	}
	family, rules, _ := strings.Cut(spec, ":")
	f, ok := FamilyByName(family)
	if !ok || f.Parse == nil {
		var written []string // the families whose rules can be written so
		for _, name := range Families() {
			if g, _ := FamilyByName(name); g.Parse != nil {
				written = append(written, name)
			}
		}
		return "", nil, &ArgError{Arg: "game", Value: strconv.Quote(spec), Problem: "names no family of games written FAMILY:RULES",
			Allowed: "FAMILY one of " + strings.Join(written, ", ") + ", such as octal:0.77 or subtraction:1,3,4"}
	}
	m, err = f.Parse(rules)
	if err != nil {
		return "", nil, err
	}
	if err := m.Check(); err != nil {
		if ke, ok := err.(*KeyError); ok {
			return "", nil, &ArgError{Arg: "game " + spec + ":", Problem: ke.Problem, Allowed: ke.Allowed}
		}
		return "", nil, err
	}
	return family, m, nil
}

// SpecName is the name under which tabulate run --game tabulates the game
// written spec: its folder under OUT, such as octal-0_77 for octal:0.77 and
// subtraction-all-but-3-5-7-10 for subtraction:all-but:3,5,7,10 (':' and
// ',' become '-', anything else that a name cannot hold '_').
func SpecName(spec string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(spec) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == ':' || r == ',':
			b.WriteByte('-')
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}
