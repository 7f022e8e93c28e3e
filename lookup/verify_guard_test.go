package lookup_test

// Guard of package lookup (run by scripts/mutants, see docs/mutants.md): a
// table is answered from only if its bytes are the ones the manifest lists,
// checked by sha256 and not by size alone.

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/tabulate-games/tabulate/lookup"
	"github.com/tabulate-games/tabulate/output"
)

// TestVerifyGuard puts in place of a run's toy/values.parquet another valid
// table of the same size (values 0 3 0 7 against 0 3 0 8): lookup must
// refuse it as tampered rather than answer 8 for position 3.
func TestVerifyGuard(t *testing.T) {
	dir := writeToy(t, []int32{0, 3, 0, 7})
	other := writeToy(t, []int32{0, 3, 0, 8})
	rel := filepath.Join("toy", "values.parquet")
	good, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	swapped, err := os.ReadFile(filepath.Join(other, rel))
	if err != nil {
		t.Fatal(err)
	}
	if len(swapped) != len(good) || string(swapped) == string(good) {
		t.Fatalf("setup: want two different tables of one size, got %d and %d bytes", len(good), len(swapped))
	}
	if err := os.WriteFile(filepath.Join(dir, rel), swapped, 0o644); err != nil {
		t.Fatal(err)
	}
	tables, err := lookup.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	a, err := tables.Answer(context.Background(), "toy", []string{"3"})
	if !errors.Is(err, output.ErrTampered) {
		if a != nil && a.Grundy != nil {
			t.Fatalf("toy 3 from a table swapped for another of the same size: answered %d, want an error wrapping ErrTampered", *a.Grundy)
		}
		t.Fatalf("toy 3 from a table swapped for another of the same size: got %v, want an error wrapping ErrTampered", err)
	}
	// The good bytes back: the answer is the run's.
	if err := os.WriteFile(filepath.Join(dir, rel), good, 0o644); err != nil {
		t.Fatal(err)
	}
	tables, err = lookup.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if a, err := tables.Answer(context.Background(), "toy", []string{"3"}); err != nil || *a.Grundy != 7 {
		t.Fatalf("toy 3 from the run's own table: got %v, %v; want 7", a, err)
	}
}
