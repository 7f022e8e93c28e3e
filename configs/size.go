package configs

import (
	"fmt"
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
	{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10},
	{"TB", 1e12}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"B", 1},
}

// ParseSize reads "auto", a number of bytes, or a number with a unit such
// as 512MiB, 8GiB, 1.5GB.
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
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f <= 0 || f*float64(mult) >= 1<<62 {
		return 0, &Error{Value: fmt.Sprintf("%q", s), Problem: "is not a size", Allowed: "auto, or a positive size such as 512MiB, 8GiB or 16GB"}
	}
	return Size(f * float64(mult)), nil
}

// String renders s with the largest binary unit that divides it, or "auto".
func (s Size) String() string {
	if s == 0 {
		return "auto"
	}
	for _, u := range sizeUnits[:4] {
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
