package cram_test

import (
	"context"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/cram"
)

// The engine against the oracle (oracle_test.go) on empty boards both
// finish, each from nothing (a new table, a new memo) every iteration; to
// time whole processes, build the test binary and run one benchmark a
// process:
//
//	go test -c -o cram.test ./grundy/cram
//	./cram.test -test.run '^$' -test.bench 'Engine/4x5$' -test.benchtime 1x
var benchBoards = [][2]int{{3, 7}, {4, 5}, {4, 6}, {5, 5}, {4, 7}}

func BenchmarkEngine(b *testing.B) {
	for _, mn := range benchBoards {
		b.Run(boardName(mn), func(b *testing.B) {
			board, err := cram.Rect(mn[0], mn[1])
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				tab, err := cram.NewTable(1 << 26)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := cram.Solve(context.Background(), board, tab, grundy.Options{Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkOracle(b *testing.B) {
	for _, mn := range benchBoards {
		b.Run(boardName(mn), func(b *testing.B) {
			for b.Loop() {
				newOracle(mn[0], mn[1]).value(1<<uint(mn[0]*mn[1]) - 1)
			}
		})
	}
}

func boardName(mn [2]int) string {
	return string(rune('0'+mn[0])) + "x" + string(rune('0'+mn[1]))
}
