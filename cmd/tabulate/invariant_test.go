package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/tabulate-games/tabulate/output"
)

// The helpers here check the promise of the manifest with the test's own
// reading of every file, independent of the output package: its own
// SHA-256, its own row counts (encoding/csv for CSV, the Parquet footer as
// arrow-go's reader sees it, the lines of a b-file).

var (
	binOnce sync.Once
	binPath string
	binErr  error
	binDir  string
)

func TestMain(m *testing.M) {
	solveSeconds = 0 // no wall-clock bound on the answers of the tests (solve.go)
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// tabulateBinary builds the command once for every test that runs it as a
// process (signals, kill -9, a second run holding the lock).
func tabulateBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary and runs it as a process")
	}
	if bin := os.Getenv("TABULATE_TEST_BIN"); bin != "" {
		return bin // to show that a test fails with an earlier build
	}
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "tabulate-bin-")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "tabulate")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// ownSHA256 hashes a file without the output package.
func ownSHA256(path string) (int64, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	return n, hex.EncodeToString(h.Sum(nil)), err
}

// ownRows counts the rows of a table file by its format.
func ownRows(path, format string) (int64, error) {
	switch format {
	case output.FormatCSV:
		f, err := os.Open(path)
		if err != nil {
			return 0, err
		}
		defer f.Close()
		r := csv.NewReader(f)
		r.FieldsPerRecord = -1
		var n int64
		for {
			if _, err := r.Read(); err == io.EOF {
				break
			} else if err != nil {
				return 0, err
			}
			n++
		}
		return n - 1, nil // the header
	case output.FormatParquet:
		r, err := file.OpenParquetFile(path, false)
		if err != nil {
			return 0, err
		}
		defer r.Close()
		return r.NumRows(), nil
	case output.FormatBFile:
		data, err := os.ReadFile(path)
		if err != nil {
			return 0, err
		}
		var n int64
		s := bufio.NewScanner(bytes.NewReader(data))
		for s.Scan() {
			if line := strings.TrimSpace(s.Text()); line != "" && !strings.HasPrefix(line, "#") {
				n++
			}
		}
		return n, nil
	}
	return 0, nil // figures have no rows
}

// readManifestJSON reads OUT/manifest.json with encoding/json alone.
func readManifestJSON(out string) (*output.Manifest, error) {
	data, err := os.ReadFile(filepath.Join(out, output.ManifestName))
	if err != nil {
		return nil, err
	}
	var m output.Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("manifest is not valid JSON: %w", err)
	}
	return &m, nil
}

// checkManifestTrue checks the promise at one instant: every file that
// OUT/manifest.json lists exists, inside OUT, with the listed size, SHA-256
// and row count. A folder without a manifest passes. It returns the
// manifest (nil if none).
func checkManifestTrue(t *testing.T, out, when string) *output.Manifest {
	t.Helper()
	m, err := readManifestJSON(out)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatalf("%s: %v", when, err)
	}
	seen := map[string]bool{}
	for _, f := range m.Files {
		if seen[f.Path] {
			t.Errorf("%s: %s listed twice", when, f.Path)
		}
		seen[f.Path] = true
		if !filepath.IsLocal(filepath.FromSlash(f.Path)) {
			t.Errorf("%s: manifest lists %q, outside the folder", when, f.Path)
			continue
		}
		path := filepath.Join(out, filepath.FromSlash(f.Path))
		size, sum, err := ownSHA256(path)
		if err != nil {
			t.Errorf("%s: manifest (status %s) lists %s, which cannot be read: %v", when, m.Status, f.Path, err)
			continue
		}
		if sum != f.SHA256 || size != f.Bytes {
			t.Errorf("%s: manifest (status %s) lists %s with sha256 %.12s and %d bytes; the file has %.12s and %d bytes",
				when, m.Status, f.Path, f.SHA256, f.Bytes, sum, size)
			continue
		}
		if f.Table != "" {
			rows, err := ownRows(path, f.Format)
			if err != nil {
				t.Errorf("%s: %s: %v", when, f.Path, err)
			} else if rows != f.Rows {
				t.Errorf("%s: manifest lists %s with %d rows; the file holds %d", when, f.Path, f.Rows, rows)
			}
		}
	}
	return m
}

// listedSums returns path -> sha256 of the files a manifest lists.
func listedSums(m *output.Manifest) map[string]string {
	sums := map[string]string{}
	if m != nil {
		for _, f := range m.Files {
			sums[f.Path] = f.SHA256
		}
	}
	return sums
}

// checkNothingForgotten checks that every file an earlier manifest listed
// is still accounted for after a run that did not complete: listed (the
// same file, or a whole new one), or, after a kill -9 that gave the run no
// chance to finish, held in the running manifest's replacing list for the
// next run to check and list again.
func checkNothingForgotten(t *testing.T, before, after *output.Manifest, when string) {
	t.Helper()
	if before == nil || after == nil || after.Status == output.StatusComplete {
		return
	}
	now := listedSums(after)
	for path := range listedSums(before) {
		if _, ok := now[path]; ok {
			continue
		}
		if slices.ContainsFunc(after.Replacing, func(f output.File) bool { return f.Path == path }) {
			continue
		}
		t.Errorf("%s: %s, listed before, is no longer accounted for (status %s)", when, path, after.Status)
	}
}

// checkNoTemps checks that no temporary file is left under out.
func checkNoTemps(t *testing.T, out, when string) {
	t.Helper()
	filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), output.TempPrefix) {
			t.Errorf("%s: temporary file left: %s", when, path)
		}
		return nil
	})
}
