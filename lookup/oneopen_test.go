package lookup_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/lookup"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/pipeline"
)

// runInto runs the configuration text into out.
func runInto(t *testing.T, text, out string) {
	t.Helper()
	cfg, err := configs.Load("c.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Out = out
	plan, err := pipeline.NewPlan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plan.Run(context.Background(), pipeline.Options{}); err != nil {
		t.Fatal(err)
	}
}

// TestReadWhatWasVerified (issue 49, A4): a table is read from the file
// whose sha256 was checked, not opened again by its path: another run
// renaming a new table to the path between the check and the read (here
// g/grundy.parquet of 0.137 renamed over that of Kayles, 0.77, once it is
// verified) changes nothing that is read. Before, the values read were the
// new table's, answered with the old manifest's rules.
func TestReadWhatWasVerified(t *testing.T) {
	const yaml = "games: [g]\nplots: []\nformats: [parquet]\noctal:\n  g: {code: %q, max: 300}\n"
	out, other := t.TempDir(), t.TempDir()
	runInto(t, fmt.Sprintf(yaml, "0.77"), out)
	runInto(t, fmt.Sprintf(yaml, "0.137"), other)
	rel := filepath.Join("g", "grundy.parquet")
	want, err := output.ReadColumn[int32](filepath.Join(out, rel), "grundy")
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := output.ReadColumn[int32](filepath.Join(other, rel), "grundy")
	if err != nil || slices.Equal(theirs, want) {
		t.Fatalf("0.137's table: %v, equal to Kayles' %v", err, slices.Equal(theirs, want))
	}
	tables, err := lookup.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	swapped := false
	lookup.SetAfterVerify(func(string) {
		if !swapped {
			swapped = true
			if err := os.Rename(filepath.Join(other, rel), filepath.Join(out, rel)); err != nil {
				t.Fatal(err)
			}
		}
	})
	defer lookup.SetAfterVerify(nil)
	got, err := tables.Columns("g").Int32s("grundy", "grundy")
	if err != nil {
		t.Fatal(err)
	}
	if !swapped {
		t.Fatal("the table was read without being verified")
	}
	if !slices.Equal(got, want) {
		t.Errorf("read after the swap: not the verified table's values (Kayles'); 0.137's: %v", slices.Equal(got, theirs))
	}
}
