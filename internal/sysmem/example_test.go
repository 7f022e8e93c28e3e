package sysmem_test

import (
	"fmt"

	"github.com/tabulate-games/tabulate/internal/sysmem"
)

// A caller asks for the machine's memory and falls back to a fixed budget
// when the operating system does not say.
func ExampleTotal() {
	budget := sysmem.Total() / 2
	if budget == 0 {
		budget = 4 << 30
	}
	fmt.Println(budget > 0)
	// Output: true
}
