package subtraction

import (
	"context"

	"github.com/tabulate-games/tabulate/grundy"
)

// allButValues returns g(0..max) of the all-but subtraction game that
// excludes except (ascending, positive): a move removes any k >= 1 but the
// excluded. The set has about n members up to n, so the mex over every
// move costs O(n) a heap and O(max²) in all; this engine takes O(f) a heap
// instead, f the largest excluded number (0 for none).
//
// The trick (the decomposition of analysis.ProveAllBut): every k > f is a
// move, so g(n) = mex(A(n) ∪ W(n)) where A(n) = {g(m) : m < n-f}, a set
// that only grows with n, and W(n) = {g(n-k) : 1 <= k <= f, k not
// excluded}. A is kept as a table of flags with its mex, which only rises;
// g(n) is the least v >= mex(A) in neither A nor W. The values are at most
// n (a heap of n has at most n moves), so the flags take a byte a value.
// Cost: O(f) a heap, plus the walk over values of A above its mex, short
// because A's gaps below the values reached are filled within f heaps. It
// is checked against the plain mex over every move in allbut_test.go.
func allButValues(ctx context.Context, except []int, max int, progress grundy.Progress) ([]int32, error) {
	f := 0
	if len(except) > 0 {
		f = except[len(except)-1]
	}
	var small []int // the moves k <= f
	for k, i := 1, 0; k <= f; k++ {
		if i < len(except) && except[i] == k {
			i++
			continue
		}
		small = append(small, k)
	}
	g := make([]int32, max+1)
	inA := make([]bool, max+2)
	mexA := int32(0)
	step := max/512 + 1
	for n := 1; n <= max; n++ {
		if n&(1<<16-1) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if m := n - f - 1; m >= 0 {
			inA[g[m]] = true
			for inA[mexA] {
				mexA++
			}
		}
		v := mexA
		for {
			if inA[v] {
				v++
				continue
			}
			hit := false
			for _, k := range small {
				if k > n {
					break
				}
				if g[n-k] == v {
					hit = true
					break
				}
			}
			if !hit {
				break
			}
			v++
		}
		g[n] = v
		if n%step == 0 {
			progress.Report(int64(n), int64(max))
		}
	}
	progress.Report(int64(max), int64(max))
	return g, nil
}
