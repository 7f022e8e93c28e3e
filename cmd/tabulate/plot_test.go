package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// figureSums returns the sha256 of every figure file under out.
func figureSums(t *testing.T, out string) map[string]string {
	t.Helper()
	sums := map[string]string{}
	err := filepath.Walk(out, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		switch filepath.Ext(p) {
		case ".png", ".svg", ".pdf":
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			s := sha256.Sum256(data)
			rel, _ := filepath.Rel(out, p)
			sums[filepath.ToSlash(rel)] = hex.EncodeToString(s[:])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sums
}

func TestPlotRedraw(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	base := "formats: [parquet]\nplots: [png, svg]\ngames: [squares, flip, nim, caniwin, kayles]\nsquares: {grundy_max: 3000, win_max: 5000}\nflip: {run_max: 200, position_max: 10, count_max: 30, board_max: 4}\nnim: {max_piles: 2, max_pile: 5}\ncaniwin: {max_choosable: 5, max_total: 12}\noctal:\n  kayles: {code: \"0.77\", max: 300}\n"
	cfg := writeConfig(t, base)
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	ran := figureSums(t, out)

	// With the run's own settings, the figures drawn from the tables are
	// the run's, byte for byte: they come from the same values.
	code, stdout, stderr := runTabulate(t, "plot", out, "--config", cfg)
	if code != 0 {
		t.Fatalf("plot: exit %d: %s", code, stderr)
	}
	again := figureSums(t, out)
	for p, s := range ran {
		if again[p] != s {
			t.Errorf("%s differs when redrawn with the run's settings", p)
		}
	}
	if strings.Contains(stdout, "skipped") || !strings.Contains(stdout, "caniwin/outcomes.png") || !strings.Contains(stdout, "kayles/period.png") || !strings.Contains(stdout, "squares/p_growth.svg") {
		t.Errorf("summary:\n%s", stdout)
	}

	// Other settings: new figures, listed in the manifest with their sums.
	narrow := writeConfig(t, base+"figures: {width: 8.5cm, height: 6cm, titles: false}\n")
	if code, _, stderr := runTabulate(t, "plot", out, "--config", narrow, "--plots", "png,pdf", "-q"); code != 0 {
		t.Fatalf("plot narrow: exit %d: %s", code, stderr)
	}
	redrawn := figureSums(t, out)
	if redrawn["squares/grundy.png"] == ran["squares/grundy.png"] || redrawn["kayles/period.pdf"] == "" {
		t.Errorf("figures not redrawn: %v", redrawn)
	}
	m := readManifestDoc(t, out)
	listed := map[string]string{}
	for _, f := range m.Files {
		listed[f["path"].(string)], _ = f["sha256"].(string)
	}
	for p, s := range redrawn {
		if want, ok := listed[p]; ok && want != s {
			t.Errorf("%s: manifest sha256 %s, file %s", p, want, s)
		}
	}
	if listed["squares/grundy.png"] != redrawn["squares/grundy.png"] || listed["squares/grundy.parquet"] == "" {
		t.Errorf("manifest does not list the redrawn figure and the table: %v", listed)
	}

	// A table changed since the run is refused; the figures stay.
	p := filepath.Join(out, "flip", "run_grundy.parquet")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runTabulate(t, "plot", out, "--config", cfg, "-q")
	if code != 2 || !strings.Contains(stderr, "does not match the sha256 in the manifest") {
		t.Errorf("tampered table: exit %d, %s", code, stderr)
	}
	if after := figureSums(t, out); after["flip/run_grundy.png"] != redrawn["flip/run_grundy.png"] {
		t.Error("a figure was replaced from a tampered table")
	}

	if code, _, stderr := runTabulate(t, "plot", t.TempDir()); code != 2 || !strings.Contains(stderr, "not the output folder of a tabulate run") {
		t.Errorf("empty folder: exit %d, %s", code, stderr)
	}
}
