package grundy

// Progress receives how far a long computation has got: done of total units,
// where the unit is whatever the computation counts (positions, sets, values).
// done never decreases and total stays the same for one computation. Calls may
// come from several goroutines at once, so implementations must be safe for
// concurrent use. A nil Progress is allowed and ignored.
type Progress func(done, total int64)

// Report calls p if it is set, so that an engine need not check for nil.
func (p Progress) Report(done, total int64) {
	if p != nil {
		p(done, total)
	}
}
