package grundy

import "fmt"

// RangeError is an argument outside the range an engine accepts: which
// engine and argument, the value given and the allowed range, in the shape
// of configs.Error so that a caller can say what is allowed.
type RangeError struct {
	Func     string // the engine, package-qualified, such as "octal.GrundysGame"
	Arg      string // the argument, such as "max"
	Value    int64
	Min, Max int64
}

// Error reads like "octal.GrundysGame: max -1 is out of range (allowed: 0
// to 268435456)".
func (e *RangeError) Error() string {
	return fmt.Sprintf("%s: %s %d is out of range (allowed: %d to %d)", e.Func, e.Arg, e.Value, e.Min, e.Max)
}
