package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"
)

// manifestDoc is the part of manifest.json these tests read.
type manifestDoc struct {
	Run   runDoc `json:"run"`
	Games map[string]struct {
		Bounds   map[string]any `json:"bounds"`
		Run      *runDoc        `json:"run"`
		Findings map[string]any `json:"findings"`
	} `json:"games"`
	Files []map[string]any `json:"files"`
}

type runDoc struct {
	Started, Finished     string
	Command               []string
	Version, Go, OS, Arch string
	CPUs, Workers         int
}

func readManifestDoc(t *testing.T, out string) manifestDoc {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m manifestDoc
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestManifestProvenance(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	first := []string{"run", "--config", writeConfig(t, "plots: []\nformats: [parquet]\nsquares: {grundy_max: 300, win_max: 400}\nflip: {run_max: 50, position_max: 10, count_max: 62, board_max: 3}\ncaniwin: {max_choosable: 4, max_total: 10}\nnim: {max_piles: 2, max_pile: 3}\n"),
		"--out", out, "--workers", "1", "-q"}
	before := time.Now()
	if code, _, stderr := runTabulate(t, first...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	after := time.Now()
	m := readManifestDoc(t, out)
	started, err1 := time.Parse(time.RFC3339Nano, m.Run.Started)
	finished, err2 := time.Parse(time.RFC3339Nano, m.Run.Finished)
	if err1 != nil || err2 != nil || started.Before(before.Add(-time.Second)) || finished.Before(started) || finished.After(after.Add(time.Second)) {
		t.Errorf("started %q, finished %q, want within the run (%v .. %v)", m.Run.Started, m.Run.Finished, before, after)
	}
	if !slices.Equal(m.Run.Command, append([]string{"tabulate"}, first...)) {
		t.Errorf("command %q", m.Run.Command)
	}
	if m.Run.Go != runtime.Version() || m.Run.OS != runtime.GOOS || m.Run.Arch != runtime.GOARCH || m.Run.CPUs != runtime.NumCPU() || m.Run.Workers != 1 || m.Run.Version == "" {
		t.Errorf("run = %+v", m.Run)
	}
	for _, f := range m.Files {
		if s, ok := f["seconds"].(float64); !ok || s < 0 || s > after.Sub(before).Seconds()+1 {
			t.Errorf("%v: seconds = %v", f["path"], f["seconds"])
		}
	}
	// 2^62 boards of length 62: beyond 2^53, so written as a string too.
	bc, _ := m.Games["flip"].Findings["board_counts"].(map[string]any)
	if bc["count_string"] != "4611686018427387904" {
		t.Errorf("board_counts = %v, want count_string 4611686018427387904 (2^62)", bc)
	}

	// A partial rerun with other bounds: squares records the new bounds
	// and run, flip keeps those its files were made with.
	second := []string{"run", "--config", writeConfig(t, "plots: []\nformats: [parquet]\nsquares: {grundy_max: 200, win_max: 250}\n"), "--out", out, "--only", "squares", "-q"}
	if code, _, stderr := runTabulate(t, second...); code != 0 {
		t.Fatalf("rerun: exit %d: %s", code, stderr)
	}
	m = readManifestDoc(t, out)
	sq, fl := m.Games["squares"], m.Games["flip"]
	if sq.Bounds["grundy_max"] != float64(200) || sq.Run == nil || !slices.Equal(sq.Run.Command, append([]string{"tabulate"}, second...)) {
		t.Errorf("squares after the rerun: bounds %v, run %+v", sq.Bounds, sq.Run)
	}
	if fl.Bounds["count_max"] != float64(62) || fl.Run == nil || !slices.Equal(fl.Run.Command, append([]string{"tabulate"}, first...)) {
		t.Errorf("flip after the rerun: bounds %v, run %+v", fl.Bounds, fl.Run)
	}
}
