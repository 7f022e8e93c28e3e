package census

import (
	"context"
	"fmt"
)

// Classes returns, for each record (in table order), the name of its class:
// the first record, in that order, with the identical sequence. Two proven
// games are identical when their sequences agree up to the census max, which
// holds both their proofs, so they agree for ever; an unproven game is
// identical only to games with the same values computed, all equal.
func Classes(recs []*Record) []string {
	first := map[string]string{}
	out := make([]string, len(recs))
	for i, r := range recs {
		key := fmt.Sprintf("%d:%s", r.Known, r.Full)
		if _, ok := first[key]; !ok {
			first[key] = r.Game
		}
		out[i] = first[key]
	}
	return out
}

// periodKey groups records by period: the period found, or none.
func periodKey(r *Record) int64 {
	if !r.Found {
		return -1
	}
	return r.Period
}

// Difference is the nearest game of another class with the same period (or
// none found, for games without one), and the first n where the two differ.
type Difference struct {
	Nearest string // "" when there is none
	FirstN  int64  // valid when Nearest != ""
}

// Differences finds, for each record, the game of another class and the same
// period whose sequence agrees with it longest (ties go to the first in
// table order), and the first n where they differ. Games whose known values
// agree as far as both are known, without being the same class, are not
// counted: no difference is known. A first difference within the first
// 4096 values, which every record keeps, is found from the records alone;
// one beyond them by recomputing the two games: values(ctx, i, n) returns the
// first n known values of the game of recs[i], n <= recs[i].Known.
func Differences(ctx context.Context, recs []*Record, classes []string, values func(ctx context.Context, i, n int) ([]int32, error)) ([]Difference, error) {
	groups := map[int64][]int{}
	for i, r := range recs {
		groups[periodKey(r)] = append(groups[periodKey(r)], i)
	}
	out := make([]Difference, len(recs))
	for i, a := range recs {
		bestN, best := int64(-1), -1
		var deep []int // candidates that agree on the whole head
		deepBucket := -1
		for _, j := range groups[periodKey(a)] {
			b := recs[j]
			if classes[j] == classes[i] {
				continue
			}
			n, bucket, exact := firstDifference(a, b)
			switch {
			case exact && n >= 0 && n > bestN:
				bestN, best = n, j
			case !exact && bucket > deepBucket:
				deep, deepBucket = []int{j}, bucket
			case !exact && bucket == deepBucket:
				deep = append(deep, j)
			}
		}
		if len(deep) > 0 {
			// Each differs somewhere in [2^bucket, 2^(bucket+1)), past
			// every exact candidate: compare the values themselves.
			var av []int32
			for _, j := range deep {
				n := min(a.Known, recs[j].Known, int64(2)<<deepBucket)
				if len(av) < int(n) {
					var err error
					if av, err = values(ctx, i, int(min(a.Known, int64(2)<<deepBucket))); err != nil {
						return nil, err
					}
				}
				bv, err := values(ctx, j, int(n))
				if err != nil {
					return nil, err
				}
				for k := int64(0); k < n; k++ {
					if av[k] != bv[k] {
						if k > bestN {
							bestN, best = k, j
						}
						break
					}
				}
			}
		}
		if best >= 0 {
			out[i] = Difference{Nearest: recs[best].Game, FirstN: bestN}
		}
	}
	return out, nil
}

// firstDifference compares the fingerprints of a and b over the values both
// know. It returns the first n where they differ (exact, n >= 0), or -1 when
// they agree as far as both are known (exact); or, when they agree on the
// whole head but differ later, exact false and the j such that they agree on
// the first 2^j values but not the first 2^(j+1) (or all known).
func firstDifference(a, b *Record) (n int64, bucket int, exact bool) {
	common := min(a.Known, b.Known)
	for k := int64(0); k < min(common, int64(len(a.Head)), int64(len(b.Head))); k++ {
		if a.Head[k] != b.Head[k] {
			return k, 0, true
		}
	}
	if common <= headLen {
		return -1, 0, true
	}
	// Agree on headLen values; find the longest equal prefix hash: they
	// agree on the first 2^j values.
	j := 0
	for j+1 < len(a.Hashes) && j+1 < len(b.Hashes) && a.Hashes[j+1] == b.Hashes[j+1] {
		j++
	}
	if int64(1)<<j >= common {
		// Every value both know agrees (the number of values a game
		// knows is a power of two, or the census max for both).
		return -1, 0, true
	}
	if a.Known == b.Known && a.Full == b.Full {
		return -1, 0, true
	}
	return 0, j, false
}
