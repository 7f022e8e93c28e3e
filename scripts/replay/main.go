// Command replay plays a census's order of engine runs again on several
// numbers of workers, from its timings table (census/FAMILY_timings.csv,
// whose start, end and worker columns say when and where each run ran),
// and prints for each the makespan beside the lower bound max(total/W,
// longest run), and the census's own wall time (the last end) and worker
// count (the slots used).
//
//	go run ./scripts/replay [-workers 2,8,16] OUT/census/octal_timings.csv
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/census"
)

func main() {
	list := flag.String("workers", "1,2,4,8,16", "worker counts to replay on, comma-separated")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "replay: want one argument, a census timings table in CSV (OUT/census/FAMILY_timings.csv)")
		os.Exit(2)
	}
	var counts []int
	for _, f := range strings.Split(*list, ",") {
		w, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || w < 1 {
			fmt.Fprintf(os.Stderr, "replay: -workers %q: want positive integers separated by commas, such as 2,8,16\n", *list)
			os.Exit(2)
		}
		counts = append(counts, w)
	}
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "replay:", err)
		os.Exit(2)
	}
	rows, err := census.ReadTimingsCSV(f)
	f.Close()
	if err != nil {
		fmt.Fprintln(os.Stderr, "replay:", err)
		os.Exit(2)
	}
	var wall float64
	used := map[int]bool{}
	for _, r := range rows {
		wall = max(wall, r.Run.End)
		used[r.Run.Worker] = true
	}
	fmt.Printf("measured: %d rows, last run ended at %.2f s, %d worker slots used\n", len(rows), wall, len(used))
	for _, w := range counts {
		fmt.Println(census.Replay(rows, w))
	}
}
