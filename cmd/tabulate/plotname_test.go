package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/output"
)

// TestPlotRefusesGameName: tabulate plot on a folder whose manifest records
// a game named ../xout (a name that is no folder inside OUT) exits 2
// naming it, and leaves the folder as it was: the manifest byte for byte,
// no file added or removed, nothing written beside it (as solve --from).
func TestPlotRefusesGameName(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	config := writeConfig(t, "games: [grundy-game]\nplots: []\nformats: [parquet]\ngrundy-game: {max: 300}\n")
	if code, _, stderr := runTabulate(t, "run", "--config", config, "--out", out, "--no-report", "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	p := filepath.Join(out, output.ManifestName)
	var m map[string]any
	if err := json.Unmarshal([]byte(readFile(t, p)), &m); err != nil {
		t.Fatal(err)
	}
	games := m["games"].(map[string]any)
	games["../xout"] = games["grundy-game"]
	data, _ := json.Marshal(m)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	before := listTree(t, root)
	code, _, stderr := runTabulate(t, "plot", out, "--plots", "png", "-q")
	if code != 2 || !strings.Contains(stderr, `"../xout"`) {
		t.Errorf("plot with a game named ../xout: exit %d, %s; want 2 naming it", code, stderr)
	}
	if got := readFile(t, p); got != string(data) {
		t.Errorf("the manifest changed:\n%s", got)
	}
	if after := listTree(t, root); after != before {
		t.Errorf("the folder changed:\nbefore %s\nafter  %s", before, after)
	}
}

// listTree lists every path under root with its size, one a line.
func listTree(t *testing.T, root string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.Walk(root, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		b.WriteString(rel + " " + info.Mode().String())
		if !info.IsDir() {
			b.WriteString(" " + strconv.FormatInt(info.Size(), 10))
		}
		b.WriteString("\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
