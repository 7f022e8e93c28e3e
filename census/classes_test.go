package census

import (
	"context"
	"testing"
)

// TestDifferencesPastHead checks first differences beyond the values a
// record keeps: sequences of 20000 values that agree on the first 5000 or
// 7000 are compared by recomputing them, and the nearest is the one that
// agrees longest, found by a plain comparison.
func TestDifferencesPastHead(t *testing.T) {
	const n = 20000
	base := make([]int32, n)
	for i := range base {
		base[i] = int32(i*7%11) ^ int32(i%3)
	}
	variant := func(at int) []int32 {
		s := append([]int32(nil), base...)
		s[at] ^= 1
		return s
	}
	seqs := [][]int32{base, variant(5000), variant(7000), variant(100), variant(7000)}
	names := []string{"a", "b", "c", "d", "e"}
	recs := make([]*Record, len(seqs))
	for i, s := range seqs {
		r := &Record{Game: names[i], Values: n}
		r.fingerprint(func(k int) int32 { return s[k] }, n)
		recs[i] = r
	}
	classes := Classes(recs)
	if classes[4] != "c" || classes[2] != "c" || classes[0] != "a" {
		t.Fatalf("classes %v, want e in the class of c", classes)
	}
	calls := 0
	diffs, err := Differences(context.Background(), recs, classes, func(ctx context.Context, i, k int) ([]int32, error) {
		calls++
		return seqs[i][:k], nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Plain comparison: the longest agreement with another class.
	for i := range seqs {
		best, bestN := "", -1
		for j := range seqs {
			if classes[j] == classes[i] {
				continue
			}
			k := 0
			for k < n && seqs[i][k] == seqs[j][k] {
				k++
			}
			if k < n && k > bestN {
				best, bestN = names[j], k
			}
		}
		if diffs[i].Nearest != best || diffs[i].FirstN != int64(bestN) {
			t.Errorf("%s: nearest %s at %d, want %s at %d", names[i], diffs[i].Nearest, diffs[i].FirstN, best, bestN)
		}
	}
	if calls == 0 {
		t.Error("no values were recomputed, though the differences lie past the head")
	}
}

// TestDifferencesShorterKnown checks that a game known to fewer values (one
// stopped by the time bound) that agrees with another on all of them has no
// first difference with it, and costs no recomputation.
func TestDifferencesShorterKnown(t *testing.T) {
	seq := make([]int32, 1<<15)
	for i := range seq {
		seq[i] = int32(i % 7)
	}
	a := &Record{Game: "a", Values: 1 << 13}
	a.fingerprint(func(k int) int32 { return seq[k] }, 1<<13)
	b := &Record{Game: "b", Values: 1 << 15}
	b.fingerprint(func(k int) int32 { return seq[k] }, 1<<15)
	recs := []*Record{a, b}
	diffs, err := Differences(context.Background(), recs, Classes(recs), func(ctx context.Context, i, n int) ([]int32, error) {
		t.Fatalf("recomputed game %d to %d values", i, n)
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if diffs[0].Nearest != "" || diffs[1].Nearest != "" {
		t.Errorf("differences %+v, want none", diffs)
	}
}
