package analysis

import (
	"errors"
	"fmt"
	"iter"
	"slices"
)

// ErrNoStructure is returned by Block and Exceptions for a period that was
// not found, or that does not fit the sequence it is applied to.
var ErrNoStructure = errors.New("analysis: no periodic structure")

// Shape is the eventual form of a sequence:
//
//	g(n) = Block[n mod Period] + Saltus * (n div Period)   for every n >= Preperiod.
//
// With Saltus 0 this is ordinary periodicity, g(n+p) = g(n); with Saltus s
// != 0 it is arithmetic periodicity, g(n+p) = g(n) + s (Nim's g(n) = n is
// Period 1, Saltus 1, Block [0]). Indexing the block by n mod p rather than
// by n - n0 lets a program look up g(n) for any n >= Preperiod without
// knowing where the period starts, and is the form OEIS uses for periodic
// octal sequences.
type Shape struct {
	// Period is p and Preperiod the first n of the periodic part, n0.
	Period, Preperiod int
	// Saltus is s, the amount g gains over one period.
	Saltus int64
	// Block holds the p values Block[r] for r = 0..p-1.
	Block []int64
}

// At returns the periodic value of the shape at n: what g(n) is for n >=
// Preperiod, and what it would be before.
func (s Shape) At(n int64) int64 {
	p := int64(s.Period)
	return s.Block[n%p] + s.Saltus*(n/p)
}

// Exception is an n before the periodic part where g(n) differs from the
// periodic value the shape gives there.
type Exception struct {
	N int64
	// Value is g(N) and Periodic the shape's value at N.
	Value, Periodic int64
}

// Block returns the shape of seq (g(n) = seq[n]) for the period p, which
// FindPeriod (or ObservePeriod) found in it: Saltus 0, and Block[r] read at
// the last n with n mod p = r, which lies in the periodic part. It returns
// an error wrapping ErrNoStructure if p.Found is false or p does not hold in
// seq (some n >= p.Preperiod has seq[n+p] != seq[n]).
func Block(seq []int32, p Period) (Shape, error) {
	return ArithmeticBlock(seq, Arithmetic{Found: p.Found, Period: p.Period, Preperiod: p.Preperiod, Checked: p.Checked})
}

// ArithmeticBlock is Block for an arithmetic period found by
// FindArithmetic: Block[r] = g(m) - s*(m div p) at the last m with m mod p
// = r.
func ArithmeticBlock(seq []int32, a Arithmetic) (Shape, error) {
	per, n0 := a.Period, a.Preperiod
	if !a.Found || per < 1 || n0 < 0 || n0+per > len(seq) {
		return Shape{}, fmt.Errorf("%w: %v does not describe %d values", ErrNoStructure, a, len(seq))
	}
	s := Shape{Period: per, Preperiod: n0, Saltus: a.Saltus, Block: make([]int64, per)}
	for n := len(seq) - per; n < len(seq); n++ {
		s.Block[n%per] = int64(seq[n]) - a.Saltus*int64(n/per)
	}
	for n := n0; n < len(seq); n++ {
		if int64(seq[n]) != s.At(int64(n)) {
			return Shape{}, fmt.Errorf("%w: g(%d) = %d, but the period gives %d", ErrNoStructure, n, seq[n], s.At(int64(n)))
		}
	}
	return s, nil
}

// Exceptions returns every n < s.Preperiod where seq[n] differs from the
// periodic value s.At(n), in increasing order: the exceptions in the OEIS
// sense ("periodic with period p, except for n = ..."), all of them, not
// only the last. The last is always Preperiod-1 (n0 is the least preperiod,
// so g(n0-1) breaks the pattern), and a purely periodic sequence has none.
// ExceptionsSeq gives the same without collecting them.
func Exceptions(seq []int32, s Shape) []Exception {
	return slices.Collect(ExceptionsSeq(seq, s))
}

// ExceptionsSeq yields the exceptions of Exceptions one at a time, in
// increasing order, holding none: a long preperiod can hold millions of
// them (octal 0.354, whose period starts at n = 10,061,916, has 7,912,461,
// 24 bytes each as an Exception), which a writer or a figure that
// uses each once need not keep.
func ExceptionsSeq(seq []int32, s Shape) iter.Seq[Exception] {
	return func(yield func(Exception) bool) {
		for n := range min(s.Preperiod, len(seq)) {
			if want := s.At(int64(n)); int64(seq[n]) != want {
				if !yield(Exception{N: int64(n), Value: int64(seq[n]), Periodic: want}) {
					return
				}
			}
		}
	}
}
