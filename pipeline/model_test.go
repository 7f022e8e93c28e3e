package pipeline

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
)

// a002188 is OEIS A002188, the Sprague-Grundy values of Grundy's game,
// a(0) to a(40) as listed on oeis.org/A002188.
var a002188 = []int{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4,
	1, 2, 4, 1, 2, 4, 1}

// readCSV returns the rows of a CSV table of a run, without the header.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows[1:]
}

// TestGrundysGameRun runs Grundy's game, which only the model knows about,
// through configs and the pipeline, and checks its tables against the
// published values and its findings.
func TestGrundysGameRun(t *testing.T) {
	cfg, err := configs.Load("test.yaml", []byte("games: [grundy-game]\ngrundy-game: {max: 40}\nformats: [csv]\nplots: []\n"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Out = t.TempDir()
	plan, err := NewPlan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := plan.Run(context.Background(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, filepath.Join(cfg.Out, "grundy-game", "grundy.csv"))
	if len(rows) != len(a002188) {
		t.Fatalf("got %d rows, want %d", len(rows), len(a002188))
	}
	var losing []string
	for n, row := range rows {
		if row[0] != strconv.Itoa(n) || row[1] != strconv.Itoa(a002188[n]) || row[2] != strconv.FormatBool(a002188[n] != 0) {
			t.Errorf("row %d: got %v, want n %d, grundy %d (A002188)", n, row, n, a002188[n])
		}
		if a002188[n] == 0 {
			losing = append(losing, strconv.Itoa(n))
		}
	}
	p := readCSV(t, filepath.Join(cfg.Out, "grundy-game", "p_positions.csv"))
	if len(p) != len(losing) {
		t.Fatalf("p_positions: got %d rows, want %d", len(p), len(losing))
	}
	for i := range p {
		if p[i][0] != losing[i] {
			t.Errorf("p_positions row %d: got %s, want %s", i, p[i][0], losing[i])
		}
	}
	found := map[string]games.Finding{}
	for _, f := range res.Findings {
		found[f.Key] = f.Finding
	}
	if l, ok := found["losing"].(games.Losing); !ok || l.Count != int64(len(losing)) || l.UpTo != 40 {
		t.Errorf("losing finding %#v, want %d losing heaps up to 40", found["losing"], len(losing))
	}
	if _, ok := found["grundy"].(games.Period); !ok {
		t.Errorf("grundy finding %#v, want a games.Period", found["grundy"])
	}
}
