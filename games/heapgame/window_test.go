package heapgame

import (
	"testing"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/internal/memsink"
)

// windowSink is a memsink.Sink that sets figures: grundy_window.
type windowSink struct {
	*memsink.Sink
	from, to int64
}

func (w *windowSink) GrundyWindow() (int64, int64, bool) { return w.from, w.to, true }

// TestGrundyWindow checks the range of n GAME/grundy draws: the preperiod
// and three periods of a periodic sequence by default (the subtraction game
// {1,3,4} has period 7 from n = 0: Berlekamp, Conway and Guy, Winning Ways,
// ch. 4, so n = 0..20), every value without a period, and a set window cut
// to the values.
func TestGrundyWindow(t *testing.T) {
	for _, tc := range []struct {
		name          string
		sink          games.Sink
		period        analysis.Period
		from, to, per int
	}{
		{"period 7 from 0", memsink.New(), analysis.Period{Found: true, Period: 7}, 0, 20, 7},
		{"0.137: period 34 from 53", memsink.New(), analysis.Period{Found: true, Period: 34, Preperiod: 53}, 0, 154, 34},
		{"longer than the values", memsink.New(), analysis.Period{Found: true, Period: 400, Preperiod: 10}, 0, 999, 400},
		{"no period", memsink.New(), analysis.Period{}, 0, 999, 0},
		{"set", &windowSink{Sink: memsink.New(), from: 100, to: 200}, analysis.Period{Found: true, Period: 7}, 100, 200, 7},
		{"set past the values", &windowSink{Sink: memsink.New(), from: 900, to: 5000}, analysis.Period{}, 900, 999, 0},
	} {
		from, to, per := GrundyWindow(tc.sink, 1000, tc.period)
		if from != tc.from || to != tc.to || per != tc.per {
			t.Errorf("%s: got [%d, %d] period %d, want [%d, %d] period %d", tc.name, from, to, per, tc.from, tc.to, tc.per)
		}
	}
}
