package pipeline

import (
	"errors"
	"fmt"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games/heapgame"
)

// TestPlanOctalMax checks that an octal game at the largest max, 2^30
// heaps, is planned within the automatic limit of a 24 GiB machine (60%:
// 14.4 GiB), as issue 14 asks, and that the plan still refuses it under a
// limit below what its engine alone needs (7 bytes a heap, 7 GiB). The peak this
// plan stands for is measured by TestMemoryPeak and in docs/performance.md.
func TestPlanOctalMax(t *testing.T) {
	yaml := fmt.Sprintf("games: [o]\noctal: {o: {code: '0.354', max: %d}}\nformats: [parquet]\nplots: []\n", heapgame.OctalMax)
	for _, tc := range []struct {
		limit configs.Size
		ok    bool
	}{
		{configs.Size(24 << 30 * 6 / 10), true}, // AutoMemoryShare of 24 GiB
		{6 << 30, false},
	} {
		cfg, err := configs.Load("octal.yaml", []byte(yaml))
		if err != nil {
			t.Fatal(err)
		}
		cfg.MaxMemory = tc.limit
		p, err := NewPlan(cfg)
		var me *MemoryError
		switch {
		case tc.ok && err != nil:
			t.Errorf("limit %s: %v, want the plan accepted", Bytes(int64(tc.limit)), err)
		case !tc.ok && !errors.As(err, &me):
			t.Errorf("limit %s: got %v, want a *MemoryError", Bytes(int64(tc.limit)), err)
		case tc.ok:
			t.Logf("limit %s: plan %s (%.2f bytes a heap)", Bytes(int64(tc.limit)), Bytes(p.Memory), float64(p.Memory)/float64(heapgame.OctalMax))
		}
	}
}
