package configs

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Size is a number of bytes. Zero means "auto": a safe share of the
// machine's memory, decided when the run is planned.
type Size int64

var sizeUnits = []struct {
	suffix string
	bytes  int64
}{
	{"EiB", 1 << 60}, {"PiB", 1 << 50}, {"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10},
	{"EB", 1e18}, {"PB", 1e15}, {"TB", 1e12}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"B", 1},
}

// MaxSize is the largest size ParseSize accepts, 4 EiB (2^62 bytes).
const MaxSize Size = 1 << 62

// sizeAllowed says what ParseSize accepts, for messages.
const sizeAllowed = "auto, or a whole number of bytes from 1 to 4EiB, with a unit such as 512MiB, 8GiB or 1.5GB"

// ParseSize reads "auto" (or "0"), a number of bytes, or a number with a unit
// such as 512MiB, 8GiB, 1.5GB. A size that is not a number (NaN, Inf), is
// not positive, is not a whole number of bytes (0.5) or is over MaxSize is an
// *Error that says which.
func ParseSize(s string) (Size, error) {
	s = strings.TrimSpace(s)
	if s == "auto" || s == "0" {
		return 0, nil
	}
	mult := int64(1)
	num := s
	for _, u := range sizeUnits {
		if strings.HasSuffix(s, u.suffix) {
			mult, num = u.bytes, strings.TrimSpace(strings.TrimSuffix(s, u.suffix))
			break
		}
	}
	bad := func(problem string) (Size, error) {
		return 0, &Error{Value: fmt.Sprintf("%q", s), Problem: problem, Allowed: sizeAllowed}
	}
	f, err := strconv.ParseFloat(num, 64)
	switch {
	case err != nil && errors.Is(err, strconv.ErrRange):
		return bad("is too large")
	case err != nil, math.IsNaN(f), math.IsInf(f, 0):
		return bad("is not a size")
	case f <= 0:
		return bad("is not positive")
	}
	bytes := f * float64(mult)
	switch {
	case bytes > float64(MaxSize):
		return bad("is too large")
	case bytes != math.Trunc(bytes):
		return bad(fmt.Sprintf("is not a whole number of bytes (%g)", bytes))
	}
	return Size(bytes), nil
}

// String renders s with the largest binary unit that divides it, or "auto".
func (s Size) String() string {
	if s == 0 {
		return "auto"
	}
	for _, u := range sizeUnits[:6] {
		if int64(s)%u.bytes == 0 {
			return strconv.FormatInt(int64(s)/u.bytes, 10) + u.suffix
		}
	}
	return strconv.FormatInt(int64(s), 10)
}

// UnmarshalYAML reads a Size from a YAML scalar.
func (s *Size) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return &Error{Value: describe(n), Problem: "is not a size", Allowed: "auto or a size such as 8GiB"}
	}
	v, err := ParseSize(n.Value)
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// MarshalText renders a Size for JSON and YAML.
func (s Size) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
