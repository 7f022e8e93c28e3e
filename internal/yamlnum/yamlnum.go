// Package yamlnum reads whole numbers from YAML strictly, for every package
// that decodes a configuration (configs, and the sections of package games
// that read themselves). The YAML library reads 010 as octal 8 and
// truncates 1.5 to 1 when decoding into an int; neither is what a user
// writing a bound or a set means.
package yamlnum

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Allowed says what a whole number may look like, for messages.
const Allowed = "a decimal whole number such as 100000 or 1e6"

// Error is a YAML value that is not a whole number: its line, the value
// as written (quoted) or its kind, and what is wrong with it.
type Error struct {
	Line    int
	Value   string
	Problem string
}

// Error formats e as `line 3: "010" has a leading zero, ...`.
func (e *Error) Error() string {
	return fmt.Sprintf("line %d: %s %s (allowed: %s)", e.Line, e.Value, e.Problem, Allowed)
}

// Whole reads a YAML scalar as a whole number. Allowed are decimal digits
// with an optional sign and _ separators (no leading zero), and a float
// notation whose value is whole, such as 1e9 or 4.3e9.
func Whole(node *yaml.Node) (int64, *Error) {
	if node.Kind == yaml.AliasNode && node.Alias != nil {
		node = node.Alias
	}
	bad := func(problem string) (int64, *Error) {
		return 0, &Error{Line: node.Line, Value: Describe(node), Problem: problem}
	}
	if node.Kind != yaml.ScalarNode {
		return bad("is not a whole number")
	}
	s := node.Value
	switch node.ShortTag() {
	case "!!int":
		digits := strings.ReplaceAll(strings.TrimLeft(s, "+-"), "_", "")
		if digits == "" || strings.Trim(digits, "0123456789") != "" {
			return bad("is not a decimal whole number")
		}
		if len(digits) > 1 && digits[0] == '0' {
			return bad("has a leading zero, which YAML reads as octal")
		}
		n, err := strconv.ParseInt(strings.ReplaceAll(s, "_", ""), 10, 64)
		if err != nil {
			return bad("is too large")
		}
		return n, nil
	case "!!float":
		f, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
		if err != nil || f != math.Trunc(f) || math.IsInf(f, 0) {
			return bad("is not a whole number")
		}
		if math.Abs(f) >= 1<<62 {
			return bad("is too large")
		}
		return int64(f), nil
	}
	return bad("is not a whole number")
}

// Describe renders a node's value for a message: a scalar quoted, or its
// kind.
func Describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.ScalarNode:
		return strconv.Quote(n.Value)
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	}
	return "a value"
}
