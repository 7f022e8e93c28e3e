package longtest_test

import (
	"fmt"
	"os"

	"github.com/tabulate-games/tabulate/internal/longtest"
)

// A long test calls Skip first; a test that only checks more cases in long
// mode asks Enabled.
func Example() {
	os.Setenv(longtest.Var, "1")
	fmt.Println(longtest.Enabled())
	os.Unsetenv(longtest.Var)
	fmt.Println(longtest.Enabled())
	// Output:
	// true
	// false
}
