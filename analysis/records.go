package analysis

// Record marks where a Grundy sequence first reaches a new largest value.
type Record struct {
	// Grundy is the new largest value.
	Grundy int32

	// FirstN is the first n with g(n) == Grundy.
	FirstN int64
}

// Records returns the records of seq, where seq[n] is g(n): g(0) and then
// every value larger than all before it, with the first n where it appears,
// in increasing order of n (and so of value). It returns nil for an empty
// sequence.
//
// For example, the take-a-square values g(0), ..., g(29),
//
//	0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 3 2 3 4 5,
//
// give the records {0, 0}, {1, 1}, {2, 4}, {3, 25}, {4, 28} and {5, 29}.
func Records[T ~uint8 | ~uint16 | ~int32](seq []T) []Record {
	var out []Record
	for n, v := range seq {
		if len(out) == 0 || int32(v) > out[len(out)-1].Grundy {
			out = append(out, Record{Grundy: int32(v), FirstN: int64(n)})
		}
	}
	return out
}
