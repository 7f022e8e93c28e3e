package heapgame_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy"
)

// TestRulesOneParser checks that heapgame.Rules reads definitions through the
// families' one parser (Family.Parse): the all-but form, which only that
// parser knows, gives the game a plain mex over its literal moves gives;
// a malformed set and a family without heap members are refused with
// the family's own message.
func TestRulesOneParser(t *testing.T) {
	h, err := heapgame.Rules("subtraction", "all-but:3,5,7,10")
	if err != nil {
		t.Fatal(err)
	}
	got, err := h.Values(context.Background(), 60, grundy.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	// The oracle: remove any s >= 1 but 3, 5, 7 and 10.
	want := make([]int32, 61)
	for n := range want {
		seen := map[int32]bool{}
		for s := 1; s <= n; s++ {
			if s != 3 && s != 5 && s != 7 && s != 10 {
				seen[want[n-s]] = true
			}
		}
		for seen[want[n]] {
			want[n]++
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("all-but:3,5,7,10: got %v, want %v", got, want)
	}

	if _, err := heapgame.Rules("subtraction", "1,x"); err == nil || !strings.Contains(err.Error(), "all-but:3,5,7,10") {
		t.Errorf("subtraction 1,x: got %v, want the parser's message, naming all-but", err)
	}
	var ae *games.ArgError
	if _, err := heapgame.Rules("nim", "3"); !errors.As(err, &ae) || !strings.Contains(ae.Allowed, "octal") || !strings.Contains(ae.Allowed, "subtraction") {
		t.Errorf("nim: got %v, want an *ArgError listing the families", err)
	}
}
