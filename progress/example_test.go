package progress_test

import (
	"fmt"
	"os"

	"github.com/tabulate-games/tabulate/progress"
)

func ExampleCount() {
	for _, n := range []int64{9999, 12345, 4294967296} {
		fmt.Println(progress.Count(n))
	}
	// Output:
	// 9999
	// 12k
	// 4.3e9
}

// A run makes one tracker and one task per job; each task goes through
// phases and reports how far it has got. Lines mode prints a line per busy
// task every Interval (for logs), Live draws bars on a terminal, Off prints
// nothing.
func ExampleNew() {
	tracker := progress.New(os.Stderr, progress.Off)
	task := tracker.Task("squares/p_positions")
	task.Phase("sieving", "n", 1000)
	for n := int64(0); n <= 1000; n += 250 {
		task.Set(n)
	}
	task.Done()
	tracker.Stop()
	fmt.Println("sieved")
	// Output:
	// sieved
}
