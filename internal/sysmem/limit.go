package sysmem

import (
	"fmt"
	"math"
)

// AutoShare is the share of physical memory a run, a census or a tail's
// restarts may use when max_memory is auto.
const AutoShare = 0.6

// unknownLimit is the automatic limit where the machine's memory is
// unknown.
const unknownLimit = 4 << 30

// AutoLimit is the one rule of max_memory: auto: AutoShare of the
// machine's memory (Total), or 4 GiB where that is unknown, with the words
// that say where the limit comes from ("auto: 60% of 23.6 GiB RAM").
func AutoLimit() (int64, string) {
	phys := int64(min(Total(), math.MaxInt64))
	if phys == 0 {
		return unknownLimit, "auto: RAM unknown, 4 GiB"
	}
	return int64(float64(phys) * AutoShare), fmt.Sprintf("auto: %.0f%% of %s RAM", 100*AutoShare, Format(phys))
}
