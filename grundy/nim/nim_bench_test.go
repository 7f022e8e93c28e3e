package nim

import (
	"context"
	"fmt"
	"testing"

	"github.com/tabulate-games/tabulate/grundy"
)

// benchWorkers are the engine's two configurations in every paired
// benchmark: one worker (the same single core as the plain algorithm) and
// all CPUs (workers 0). Their names end in workers=1 and workers=all.
var benchWorkers = []struct {
	name    string
	workers int
}{{"workers=1", 1}, {"workers=all", 0}}

// nimMemoResult is what the plain search remembers for a sorted tuple.
type nimMemoResult struct {
	win   bool
	moves int32
}

// nimMemoSearch is the original problem's algorithm scaled to a table, as a
// competent programmer writes it: a recursive search memoised in a map keyed
// by the sorted pile tuple, asked for every position of the table in turn
// (positions solved on the way are remembered). The key is the tuple as
// digits in base maxPile+1 (unique, since no digit is 0), each child is
// built in a buffer on the stack by moving the shrunk pile to its sorted
// place, and moves from equal piles, which lead to the same positions, are
// searched once and counted for each pile.
type nimMemoSearch struct {
	memo map[uint64]nimMemoResult
	base uint64 // maxPile+1
}

// nimMemoMaxPiles bounds the tuples nimMemoSearch takes (the child buffer).
const nimMemoMaxPiles = 16

func (s *nimMemoSearch) solve(piles []int32) nimMemoResult {
	var key uint64
	for _, p := range piles {
		key = key*s.base + uint64(p)
	}
	if r, ok := s.memo[key]; ok {
		return r
	}
	var r nimMemoResult
	var buf [nimMemoMaxPiles]int32
	same := int32(1) // how many piles equal piles[i]
	for i, p := range piles {
		if i+1 < len(piles) && piles[i+1] == p {
			same++
			continue // the last of the equal piles stands for them all
		}
		for q := int32(0); q < p; q++ {
			// piles without piles[i], and q inserted at its place unless 0
			child := buf[:0]
			inserted := q == 0
			for j, x := range piles {
				if j == i {
					continue
				}
				if !inserted && x > q {
					child = append(child, q)
					inserted = true
				}
				child = append(child, x)
			}
			if !inserted {
				child = append(child, q)
			}
			if !s.solve(child).win {
				r.moves += same
			}
		}
		same = 1
	}
	r.win = r.moves > 0
	s.memo[key] = r
	return r
}

// nimMemoTable asks s for every multiset of 1..n piles of sizes 1..m in
// lexicographic order and returns how many are first-player wins.
func nimMemoTable(s *nimMemoSearch, n, m int, each func(piles []int32, r nimMemoResult)) int {
	wins := 0
	seq := make([]int32, 1, n)
	seq[0] = 1
	for {
		r := s.solve(seq)
		if r.win {
			wins++
		}
		if each != nil {
			each(seq, r)
		}
		if len(seq) < n {
			seq = append(seq, seq[len(seq)-1])
			continue
		}
		for len(seq) > 0 && int(seq[len(seq)-1]) == m {
			seq = seq[:len(seq)-1]
		}
		if len(seq) == 0 {
			return wins
		}
		seq[len(seq)-1]++
	}
}

// TestNimMemoSearch checks the benchmark's plain search against Bouton's
// theorem (C. L. Bouton, "Nim, a game with a complete mathematical theory",
// Annals of Mathematics 3 (1901)): the player to move wins iff the XOR x of
// the piles is not 0, and the winning moves are the piles p with p^x < p,
// one each.
func TestNimMemoSearch(t *testing.T) {
	const n, m = 6, 6
	s := &nimMemoSearch{memo: make(map[uint64]nimMemoResult), base: m + 1}
	count := 0
	nimMemoTable(s, n, m, func(piles []int32, r nimMemoResult) {
		count++
		var x int32
		for _, p := range piles {
			x ^= p
		}
		var moves int32
		for _, p := range piles {
			if p^x < p {
				moves++
			}
		}
		if r.win != (x != 0) || r.moves != moves {
			t.Errorf("piles %v: got win %v, %d winning moves; want %v, %d (Bouton)", piles, r.win, r.moves, x != 0, moves)
		}
	})
	if want := nimCountPascal(n, m); int64(count) != want {
		t.Errorf("visited %d positions, want %d", count, want)
	}
}

// BenchmarkNim decides every position of (7, 7) and (10, 15) with the plain
// memoised search over sorted tuples ("memo") and with Positions on
// one core and on all ("engine").
func BenchmarkNim(b *testing.B) {
	for _, bounds := range [][2]int{{7, 7}, {10, 15}} {
		n, m := bounds[0], bounds[1]
		name := fmt.Sprintf("%dx%d", n, m)
		b.Run(name+"/memo", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s := &nimMemoSearch{memo: make(map[uint64]nimMemoResult), base: uint64(m) + 1}
				if nimMemoTable(s, n, m, nil) == 0 {
					b.Fatal("no wins")
				}
			}
		})
		for _, w := range benchWorkers {
			b.Run(name+"/engine/"+w.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Positions(context.Background(), n, m, grundy.Options{Workers: w.workers}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
