package census

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
)

// TestPlanCounts checks the plan's count of each family's members, made
// without listing a game, against the games a census lists and against
// counts by hand: the non-empty subsets of {1..10} (2^10 - 1 = 1023), those
// of at most 3 elements (10 + 45 + 120), Flammenkamp's 1,023 octal codes
// of up to three digits with prefixes 0 and 4, the 8 codes 0.1 and 0.11
// to 0.17 of prefix 0.1 (0.10 is 0.1), Howse and Nowakowski's
// 15 + 240 hexadecimal codes.
func TestPlanCounts(t *testing.T) {
	for _, tc := range []struct {
		name   string
		census configs.Census
		want   int64
	}{
		{"subtraction 10", configs.Census{Subtraction: configs.CensusSubtraction{MaxElement: 10, Max: 100}}, 1023},
		{"subtraction 10 of size 3", configs.Census{Subtraction: configs.CensusSubtraction{MaxElement: 10, MaxSize: 3, Max: 100}}, 175},
		{"octal 3", configs.Census{Octal: configs.CensusOctal{Digits: 3, Prefixes: []string{"0", "4"}, Max: 100}}, 1023},
		{"octal 2 prefix 0.1", configs.Census{Octal: configs.CensusOctal{Digits: 2, Prefixes: []string{"0.1"}, Max: 100}}, 8}, // 0.1, 0.11 to 0.17
		{"takebreak 2", configs.Census{Takebreak: configs.CensusTakebreak{Digits: 2, Max: 100}}, 255},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := configs.Config{Census: tc.census, Workers: 1}
			p, err := NewPlan(cfg, t.TempDir(), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Families) != 1 || p.Families[0].Members != tc.want {
				t.Fatalf("plan: %+v, want one family of %d members", p.Families, tc.want)
			}
			games, err := Games(tc.census)
			if err != nil {
				t.Fatal(err)
			}
			if int64(len(games)) != tc.want {
				t.Errorf("the census lists %d games, the count by hand is %d", len(games), tc.want)
			}
		})
	}
	// 2^24 - 1 sets, counted in closed form without listing them.
	if got := subsets(24, 24); got != 1<<24-1 {
		t.Errorf("subsets(24, 24) = %d, want %d", got, 1<<24-1)
	}
}

// TestPlanRefusesMemory checks the census of issue 27: 2^24 subtraction
// sets (started with no estimate, grew past 4 GB and ignored Ctrl-C while
// it listed them), and 2^16 sets to 2,000 values under max_memory 300MiB
// (peaked at 948 MiB). Each is refused at once by the plan with a
// *LimitError that names the estimate, the limit and what to lower, and
// nothing is written.
func TestPlanRefusesMemory(t *testing.T) {
	for _, tc := range []struct {
		name    string
		sub     configs.CensusSubtraction
		limit   configs.Size
		atLeast int64 // the estimate is at least the members' records' heads
	}{
		{"2^24 sets", configs.CensusSubtraction{MaxElement: 24, Max: 10000000}, 0, (1<<24 - 1) * 4 * headLen},
		{"2^16 sets under 300MiB", configs.CensusSubtraction{MaxElement: 16, Max: 2000}, 300 << 20, (1<<16 - 1) * 4 * 2000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			cfg := configs.Config{Census: configs.Census{Subtraction: tc.sub}, MaxMemory: tc.limit, Workers: 2, Formats: []string{"csv"}}
			res, err := RunCensus(context.Background(), cfg, out, Options{})
			var le *LimitError
			if !errors.As(err, &le) || res != nil {
				t.Fatalf("Run: %v, %v; want a *LimitError and no result", res, err)
			}
			if le.Resource != "memory" || le.Estimate < tc.atLeast || le.Estimate <= le.Limit {
				t.Errorf("refusal: %+v; want memory, an estimate of at least %d over the limit", le, tc.atLeast)
			}
			if tc.limit > 0 && (le.Limit != int64(tc.limit) || le.Source != "max_memory") {
				t.Errorf("limit %d from %q, want %d from max_memory", le.Limit, le.Source, tc.limit)
			}
			for _, want := range []string{"of memory", "subtraction: ", "census.subtraction.max_element, max_size or max", "max_memory", "nothing was written"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("message lacks %q: %v", want, err)
				}
			}
			if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a refused census created %s", out)
			}
		})
	}
}

// TestPlanRefusesDisk plants a disk with 1 MiB free: a census whose
// journal alone takes more (1,023 records of at least 1,000 values each,
// 2 bytes a value at least: a value and its comma) is refused before it
// writes anything; the same census whose journal is already in OUT (a
// rerun) needs only its tables and is not.
func TestPlanRefusesDisk(t *testing.T) {
	saved := availableDisk
	defer func() { availableDisk = saved }()
	availableDisk = func(string) (int64, bool) { return 1 << 20, true }

	out := filepath.Join(t.TempDir(), "out")
	cfg := configs.Config{Census: configs.Census{Subtraction: configs.CensusSubtraction{MaxElement: 10, Max: 1000}}, Workers: 1, Formats: []string{"csv"}}
	_, err := RunCensus(context.Background(), cfg, out, Options{})
	var le *LimitError
	if !errors.As(err, &le) || le.Resource != "disk space" || le.Limit != 1<<20 || le.Estimate < 1023*2*1000 {
		t.Fatalf("Run on a full disk: %v; want a *LimitError for disk space, estimate >= %d over 1 MiB", err, 1023*2*1000)
	}
	for _, want := range []string{"of disk space", "free on the disk of " + out, "choose another --out", "nothing was written"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message lacks %q: %v", want, err)
		}
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused census created %s", out)
	}

	// The journal of this configuration already in OUT: its bytes are
	// counted as written.
	availableDisk = saved
	small := cfg
	small.Census.Subtraction.MaxElement = 6 // 63 sets: quick
	if _, err := RunCensus(context.Background(), small, out, Options{}); err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan(small, out, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f := p.Families[0]; f.Journal < 63*2*1000 {
		t.Fatalf("journal of a finished census: %d bytes counted, want at least %d", f.Journal, 63*2*1000)
	}
	availableDisk = func(string) (int64, bool) { return 1 << 20, true }
	if _, err := RunCensus(context.Background(), small, out, Options{}); err != nil {
		t.Errorf("a rerun whose journal is in OUT, 1 MiB free: %v", err)
	}
}

// TestPlanMemoryLimit checks the census's limit: max_memory when set, and
// otherwise 60% of the machine's memory (the run's rule), and that the
// estimate grows with what the census holds: members, values, workers.
func TestPlanMemoryLimit(t *testing.T) {
	base := configs.Config{Census: configs.Census{Subtraction: configs.CensusSubtraction{MaxElement: 8, Max: 1000}}, Workers: 1}
	plan := func(cfg configs.Config) *Plan {
		t.Helper()
		p, err := NewPlan(cfg, t.TempDir(), Options{})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := plan(base)
	if !strings.HasPrefix(p.LimitSource, "auto") || p.MemoryLimit <= 0 {
		t.Errorf("auto limit: %d from %q", p.MemoryLimit, p.LimitSource)
	}
	withLimit := base
	withLimit.MaxMemory = 1 << 30
	if q := plan(withLimit); q.MemoryLimit != 1<<30 || q.LimitSource != "max_memory" {
		t.Errorf("max_memory 1GiB: limit %d from %q", q.MemoryLimit, q.LimitSource)
	}
	more := base
	more.Census.Subtraction.MaxElement = 9
	longer := base
	longer.Census.Subtraction.Max = 4000
	wider := base
	wider.Workers = 2
	for name, cfg := range map[string]configs.Config{"more sets": more, "more values": longer, "more workers": wider} {
		if q := plan(cfg); q.Memory <= p.Memory {
			t.Errorf("%s: estimate %d, not above %d", name, q.Memory, p.Memory)
		}
	}
	// A record holds 4 bytes of each of its first values: 255 sets to
	// 1,000 values hold at least 255 × 4,000 bytes beside the base.
	if p.Memory < planBase+255*4000 {
		t.Errorf("estimate %d, under the records' heads alone", p.Memory)
	}
}

// TestListingStops checks that listing the sets of a subtraction census,
// seconds for 2^20 of them and more, stops when its context is cancelled
// (Ctrl-C was ignored for 58 s while 2^24 sets were listed): cancelled
// before it starts, it returns the context's error and no list, whatever
// the machine's speed.
func TestListingStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	games, err := subtractionGames(ctx, configs.CensusSubtraction{MaxElement: 16})
	if !errors.Is(err, context.Canceled) || games != nil {
		t.Errorf("listing 2^16 sets under a cancelled context: %d games, %v; want none and context.Canceled", len(games), err)
	}
	if _, err := familiesOf(ctx, configs.Census{Subtraction: configs.CensusSubtraction{MaxElement: 16, MaxSize: 16, Max: 100}}); !errors.Is(err, context.Canceled) {
		t.Errorf("families under a cancelled context: %v, want context.Canceled", err)
	}
}

// TestPlanMisere: the misère census is planned at its engines' bound
// (heapgame.MisereMemory: the genus search's 2^20 positions and the
// quotient's tables, 8·max_order² bytes and more), one per worker. The
// census of the 127 codes 0.d1d2 and 4.d1d2 (4.00 among them) to heap 100 with max_order
// 8192 reached 2 GiB on two workers (docs/census.md) against a plan of 88
// MiB that charged no engine: it is now planned at about 1.8 GiB, refused
// under a 1 GiB limit with a message naming census.misere.max_order.
func TestPlanMisere(t *testing.T) {
	c := configs.Census{Misere: configs.CensusMisere{Family: "octal", Digits: 2, Prefixes: []string{"0", "4"}, Max: 100, MaxOrder: 8192}}
	cfg := configs.Config{Census: c, Workers: 2, MaxMemory: 4 << 30}
	p, err := NewPlan(cfg, t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Families) != 1 || p.Families[0].Family != "misere" || p.Families[0].Members != 127 {
		t.Fatalf("plan: %+v, want the misère census's 127 games (63 codes 0.d1d2, 64 codes 4.d1d2 with 4.00)", p.Families)
	}
	// 8·8192² bytes of quotient tables alone, on each of two workers.
	if p.Memory < 2*8*8192*8192 {
		t.Errorf("plan: %d bytes, under two quotients' tables of order 8192", p.Memory)
	}
	cfg.MaxMemory = 1 << 30
	_, err = NewPlan(cfg, t.TempDir(), Options{})
	var le *LimitError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "census.misere.max_order") || !strings.Contains(err.Error(), "misere: 127 games") {
		t.Errorf("under 1 GiB: %v, want a *LimitError naming the misère census and census.misere.max_order", err)
	}
}
