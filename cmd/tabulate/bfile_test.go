package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bfileLines renders a sequence as the lines of a b-file from index first.
func bfileLines(first int64, values []int64) string {
	var b strings.Builder
	for i, v := range values {
		fmt.Fprintf(&b, "%d %d\n", first+int64(i), v)
	}
	return b.String()
}

func TestBFileConventions(t *testing.T) {
	// OEIS A030193, the losing positions of take-a-square: every term up to
	// 267, from the entry's data section. Its OFFSET is 0 and its b-file
	// (Karl W. Heuer, "Table of n, a(n) for n = 0..61299") starts "0 0",
	// "1 2", "2 5".
	a030193 := []int64{0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85, 95, 109,
		119, 124, 127, 130, 132, 137, 142, 147, 150, 170, 177, 180, 182, 187, 192, 197, 204,
		210, 215, 238, 243, 249, 255, 257, 260, 262, 267}
	// OEIS A002187 (offset 0), Dawson's chess; "octal game .07 (Dawson's
	// Kayles) has values a(n-1)": so the 0.07 table with bfile_offset -1 is
	// A002187's b-file.
	a002187 := []int64{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
		5, 2, 7, 4, 0, 1, 1, 2, 0, 3}
	out := filepath.Join(t.TempDir(), "out")
	cfg := writeConfig(t, fmt.Sprintf("formats: [bfile]\nplots: []\ngames: [squares, dk]\nbfile_offset: -1\nsquares: {grundy_max: 300, win_max: 267}\noctal:\n  dk: {code: \"0.07\", max: %d}\n", len(a002187)))
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	read := func(rel string) string {
		data, err := os.ReadFile(filepath.Join(out, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if got, want := read("squares/p_positions.b.txt"), bfileLines(0, a030193); got != want {
		t.Errorf("squares/p_positions.b.txt:\n%s\nwant (A030193):\n%s", got, want)
	}
	if got, want := read("dk/grundy.b.txt"), bfileLines(0, a002187); got != want {
		t.Errorf("dk/grundy.b.txt with bfile_offset -1:\n%s\nwant (A002187):\n%s", got, want)
	}
	// The offset shifts the index only: the values of squares/grundy are
	// those of the oracle, from index -1 + 1 = 0 for n = 1.
	sq := squaresOracle(300)
	lines := strings.Split(strings.TrimSuffix(read("squares/grundy.b.txt"), "\n"), "\n")
	if len(lines) != 300 || lines[0] != fmt.Sprintf("0 %d", sq[1]) || lines[299] != fmt.Sprintf("299 %d", sq[300]) {
		t.Errorf("squares/grundy.b.txt: %d lines, first %q, last %q", len(lines), lines[0], lines[len(lines)-1])
	}

	code, _, stderr := runTabulate(t, "run", "--config", writeConfig(t, "bfile_offset: 17\n"), "--out", filepath.Join(t.TempDir(), "x"))
	if code != 2 || !strings.Contains(stderr, "bfile_offset: 17 is out of range (allowed: -16 to 16)") {
		t.Errorf("bfile_offset 17: exit %d, %s", code, stderr)
	}
}

// TestBFileOffsetsAreOEIS checks that, with the default bfile_offset 0,
// each b-file of take-a-square starts as its OEIS entry's b-file does:
// the index of its first line is the entry's offset.
func TestBFileOffsetsAreOEIS(t *testing.T) {
	// OEIS A014586, the Grundy values of take-a-square: OFFSET 0, b-file
	// (Eric M. Schmidt, "Table of n, a(n) for n = 0..10000"); the first
	// terms of its data section.
	a014586 := []int64{0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 3, 2, 3, 4, 0}
	// OEIS A030193, its losing positions: OFFSET 0, b-file (Karl W. Heuer,
	// "Table of n, a(n) for n = 0..61299").
	a030193 := []int64{0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34}
	out := filepath.Join(t.TempDir(), "out")
	cfg := writeConfig(t, fmt.Sprintf("formats: [bfile]\nplots: []\ngames: [squares]\nsquares: {grundy_max: %d, win_max: 34}\n", len(a014586)-1))
	if code, _, stderr := runTabulate(t, "run", "--config", cfg, "--out", out, "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for file, want := range map[string]string{
		"squares/grundy.b.txt":      bfileLines(0, a014586),
		"squares/p_positions.b.txt": bfileLines(0, a030193),
	} {
		data, err := os.ReadFile(filepath.Join(out, file))
		if err != nil {
			t.Fatal(err)
		}
		if string(data) != want {
			t.Errorf("%s:\n%s\nwant, as the OEIS b-file starts:\n%s", file, data, want)
		}
	}
}
