package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
)

// TestGrundyWindowRun runs the subtraction game {1,3,4} to n = 1000 and
// checks the range of n its g(n) figure draws, read from the SVG's x tick
// labels: by default the preperiod and three periods (its period is 7 from
// n = 0, Winning Ways ch. 4: n = 0..20), and with figures: grundy_window
// [500, 600] that window.
func TestGrundyWindowRun(t *testing.T) {
	for _, tc := range []struct {
		name, figures string
		want, not     []string
	}{
		{"default", "", []string{">0<", ">20<"}, []string{">25<", ">100<", ">1000<"}},
		{"window", "figures: {grundy_window: [500, 600]}\n", []string{">500<", ">600<"}, []string{">700<", ">1000<"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := configs.Load("w.yaml", []byte("games: [s]\nsubtraction: {s: {set: [1, 3, 4], max: 1000}}\nformats: [csv]\nplots: [svg]\n"+tc.figures))
			if err != nil {
				t.Fatal(err)
			}
			cfg.Out = t.TempDir()
			plan, err := NewPlan(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := plan.Run(context.Background(), Options{}); err != nil {
				t.Fatal(err)
			}
			svg, err := os.ReadFile(filepath.Join(cfg.Out, "s", "grundy.svg"))
			if err != nil {
				t.Fatal(err)
			}
			// The y ticks are 0..3: every other number is an x tick.
			for _, w := range tc.want {
				if !strings.Contains(string(svg), w) {
					t.Errorf("no tick label %s in s/grundy.svg", w)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(string(svg), w) {
					t.Errorf("tick label %s in s/grundy.svg: the window is wider than asked", w)
				}
			}
		})
	}
}
