package grundy

import "fmt"

// RangeError is an argument outside the range an engine accepts: which
// engine and argument, the value given and the allowed range, in the shape
// of configs.Error so that a caller can say what is allowed.
type RangeError struct {
	Func     string // the engine, such as "GrundysGame"
	Arg      string // the argument, such as "max"
	Value    int64
	Min, Max int64
}

// Error reads like "grundy: GrundysGame: max -1 is out of range (allowed: 0 to
// 1048576)".
func (e *RangeError) Error() string {
	return fmt.Sprintf("grundy: %s: %s %d is out of range (allowed: %d to %d)", e.Func, e.Arg, e.Value, e.Min, e.Max)
}

// checkRange returns a *RangeError unless lo <= v <= hi.
func checkRange(fn, arg string, v, lo, hi int64) error {
	if v < lo || v > hi {
		return &RangeError{Func: fn, Arg: arg, Value: v, Min: lo, Max: hi}
	}
	return nil
}
