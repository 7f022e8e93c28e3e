package grundy

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// nimMemoResult is what the plain search remembers for a sorted tuple.
type nimMemoResult struct {
	win   bool
	moves int32
}

// nimMemoSearch is the original problem's algorithm scaled to a table: a
// recursive search memoised in a map keyed by the sorted pile tuple, asked
// for every position of the table in turn (positions solved on the way are
// remembered).
type nimMemoSearch struct {
	memo map[string]nimMemoResult
}

func (s *nimMemoSearch) solve(piles []int32) nimMemoResult {
	b := make([]byte, len(piles))
	for i, p := range piles {
		b[i] = byte(p) // pile sizes stay below 256 here
	}
	key := string(b)
	if r, ok := s.memo[key]; ok {
		return r
	}
	var r nimMemoResult
	for i, p := range piles {
		for q := int32(0); q < p; q++ {
			child := slices.Clone(piles)
			child[i] = q
			slices.Sort(child)
			if child[0] == 0 {
				child = child[1:]
			}
			if !s.solve(child).win {
				r.moves++
			}
		}
	}
	r.win = r.moves > 0
	s.memo[key] = r
	return r
}

// BenchmarkNim decides every position of (7, 7) and (10, 15) with the plain
// memoised search over sorted tuples ("memo", the map key is the tuple as a
// byte string) and with SolveNimPositions ("engine"). The memo run at
// (10, 15) takes minutes; run it with -bench only.
func BenchmarkNim(b *testing.B) {
	for _, bounds := range [][2]int{{7, 7}, {10, 15}} {
		n, m := bounds[0], bounds[1]
		name := fmt.Sprintf("%dx%d", n, m)
		b.Run("memo/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s := &nimMemoSearch{memo: make(map[string]nimMemoResult)}
				wins := 0
				seq := make([]int32, 1, n)
				seq[0] = 1
				for {
					if s.solve(seq).win {
						wins++
					}
					if len(seq) < n {
						seq = append(seq, seq[len(seq)-1])
						continue
					}
					for len(seq) > 0 && int(seq[len(seq)-1]) == m {
						seq = seq[:len(seq)-1]
					}
					if len(seq) == 0 {
						break
					}
					seq[len(seq)-1]++
				}
				if wins == 0 {
					b.Fatal("no wins")
				}
			}
		})
		b.Run("engine/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := SolveNimPositions(context.Background(), n, m, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
