package output_test

import (
	"fmt"

	"github.com/tabulate-games/tabulate/output"
)

// ExampleSafeIntegers shows the string written beside an integer that
// JavaScript and jq would round (2^62), and none beside one they hold.
func ExampleSafeIntegers() {
	out, err := output.SafeIntegers([]byte(`{"boards": 4611686018427387904, "rows": 63}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(out))
	// Output:
	// {
	//   "boards": 4611686018427387904,
	//   "boards_string": "4611686018427387904",
	//   "rows": 63
	// }
}
