package buildinfo_test

import (
	"fmt"

	"github.com/tabulate-games/tabulate/internal/buildinfo"
)

// A test binary records no module version and no revision, so Version gives
// the documented fallback; an installed or stamped binary gives its release
// or pseudo-version instead.
func ExampleVersion() {
	fmt.Println(buildinfo.Version())
	// Output: devel
}
