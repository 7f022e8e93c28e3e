package heapgame

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy/misere"
	"github.com/tabulate-games/tabulate/output"
)

// DefaultMisereMax is the largest heap of GAME/misere when misere_max is
// not set. The genus of a wild game costs a search over positions of
// several heaps that grows about fivefold every ten heaps (Kayles: heap 40
// about 43,000 positions, 50 about 236,000, 60 about 1.1 million;
// docs/misere.md), so the default stays small.
const DefaultMisereMax = 30

// MiserePositions is the most positions of several heaps the genus search
// of one GAME/misere table, or one misère answer of tabulate solve, may
// remember (misere.Limits.Positions); past it the job or the answer fails
// with a message saying so.
const MiserePositions = 1 << 20

// miserePositionBytes bounds the bytes a remembered position costs the
// search: its key, a Genus and its slice, and the map's share. Measured
// (2026-11-25, amd64, live heap after a collection): 127 bytes a position
// for Kayles to heap 40 (42,649 positions), 112 to heap 45 (102,699); 300
// leaves room for the garbage the search makes between collections.
const miserePositionBytes = 300

// MisereSolveMax is the largest heap tabulate solve --misere analyses.
const MisereSolveMax = 1000

// Play is the play convention of a heap game's section, inlined in it:
// play: normal | misere | both, misere_max, the largest heap of
// GAME/misere, and misere_quotient with misere_quotient_max_order, the
// heap bound and the largest order of the misère quotient
// (GAME/misere_quotient and GAME/misere_heaps; games/heapgame/miserequotient.go).
// The zero value is normal play, and writes nothing to a manifest's
// bounds, so that a section that does not set it records what it recorded
// before misère play existed.
type Play struct {
	Play      string `yaml:"play" json:"play,omitempty"`
	MisereMax int    `yaml:"misere_max" json:"misere_max,omitempty"`
	// MisereQuotient is the heap bound of the misère quotient, 0 for none.
	MisereQuotient int `yaml:"misere_quotient" json:"misere_quotient,omitempty"`
	// MisereQuotientMaxOrder bounds the quotient's order; 0 means
	// misere.DefaultMaxOrder.
	MisereQuotientMaxOrder int `yaml:"misere_quotient_max_order" json:"misere_quotient_max_order,omitempty"`
}

// Check accepts normal, misere or both (or nothing), a misere_max only
// with misère play, from 1 to misere.AnalyzeMax, and the quotient's keys
// as checkQuotient does.
func (p Play) Check() error {
	switch p.Play {
	case "", games.PlayNormal, games.PlayMisere, games.PlayBoth:
	default:
		return &games.KeyError{Key: "play", Value: strconv.Quote(p.Play), Problem: "is not a play convention", Allowed: "normal, misere or both"}
	}
	if p.MisereMax != 0 {
		if !p.Misere() {
			return &games.KeyError{Key: "misere_max", Value: strconv.Itoa(p.MisereMax), Problem: "is set but play is normal", Allowed: "misere_max with play: misere or play: both"}
		}
		if err := games.CheckRange("misere_max", int64(p.MisereMax), 1, misere.AnalyzeMax); err != nil {
			return err
		}
	}
	return p.checkQuotient()
}

// Normal reports whether the game's tables of normal play are asked for.
func (p Play) Normal() bool {
	return p.Play == "" || p.Play == games.PlayNormal || p.Play == games.PlayBoth
}

// Misere reports whether GAME/misere is asked for.
func (p Play) Misere() bool { return p.Play == games.PlayMisere || p.Play == games.PlayBoth }

// Max is the largest heap of GAME/misere.
func (p Play) Max() int {
	if p.MisereMax > 0 {
		return p.MisereMax
	}
	return DefaultMisereMax
}

// playJobs is what Heap.Plan and PlanTo plan under the section's Play:
// the jobs of normal play (normal, computed only when asked for),
// GAME/misere and, with misere_quotient, the quotient's tables.
func (h Heap) playJobs(game string, normal func() []games.Job) []games.Job {
	var jobs []games.Job
	if h.Play.Normal() {
		jobs = normal()
	}
	if !h.Play.Misere() || h.Misere == nil {
		return jobs
	}
	max := h.Play.Max()
	// Rough cost: about 60 µs a position searched, growing fivefold every
	// ten heaps from about 43,000 at heap 40 (Kayles), bounded by the
	// budget; tame games search far fewer.
	positions := min(float64(MiserePositions), 43000*math.Pow(5, float64(max-40)/10))
	jobs = append(jobs, games.Job{Table: "misere",
		Memory: MiserePositions*miserePositionBytes + games.WriteMemory(int64(max)+1, 64),
		Cost:   positions * 60e-6,
		Run:    func(ctx context.Context, s games.Sink) error { return h.misereTable(ctx, s, game, max) }})
	if h.Play.MisereQuotient > 0 {
		jobs = append(jobs, h.quotientJob(game))
	}
	return jobs
}

// MisereFinding is the finding "misere" of a heap game played misère: how
// far it was analysed and whether it is tame that far (Winning Ways,
// ch. 13: every heap's genus is that of a misère Nim position, and so is
// every heap of its options, hereditarily); if not, its first wild heap.
type MisereFinding struct {
	UpTo int `json:"up_to"`
	// Tame reports whether every heap 0..UpTo is tame.
	Tame bool `json:"tame"`
	// FirstWild is the least wild heap and FirstWildGenus its genus; both
	// absent when the game is tame up to UpTo.
	FirstWild      *int   `json:"first_wild,omitempty"`
	FirstWildGenus string `json:"first_wild_genus,omitempty"`
	// PPositions counts the heaps that are misère P-positions (misère
	// nim-value 0).
	PPositions int `json:"p_positions"`
	// GenusPeriod is the eventual period of the genus sequence of heaps
	// 0..UpTo (misere.StudyGenus), absent when it shows none.
	GenusPeriod *GenusPeriod `json:"genus_period,omitempty"`
}

// GenusPeriod is the period of a genus sequence: Status "proven" (by
// Theorem) or "candidate" (the values show it; nothing proves it).
type GenusPeriod struct {
	Period    int    `json:"period"`
	Preperiod int    `json:"preperiod"`
	Status    string `json:"status"`
	Theorem   string `json:"theorem,omitempty"`
}

// String reads like "genus period 4 from n = 6 (proven: ...)".
func (g GenusPeriod) String() string {
	s := fmt.Sprintf("genus period %d from n = %d (%s", g.Period, g.Preperiod, g.Status)
	if g.Theorem != "" && g.Status == "proven" {
		s += ": " + g.Theorem
	}
	return s + ")"
}

// String says "tame up to n = 30" or "wild: first wild heap 5 (genus
// 4^146), tame up to n = 4".
func (f MisereFinding) String() string {
	period := ""
	if f.GenusPeriod != nil {
		period = "; " + f.GenusPeriod.String()
	}
	if f.Tame {
		return fmt.Sprintf("tame up to n = %d; %d single heaps are misère P-positions%s", f.UpTo, f.PPositions, period)
	}
	return fmt.Sprintf("wild: first wild heap %d (genus %s), tame up to n = %d; %d single heaps up to %d are misère P-positions%s",
		*f.FirstWild, f.FirstWildGenus, *f.FirstWild-1, f.PPositions, f.UpTo, period)
}

// misereTable writes GAME/misere for heaps 0..max: n, the normal-play
// Grundy value, the misère nim-value, the misère outcome of the single
// heap (P: the player to move loses), the genus as CGSuite writes it and
// whether the heap is tame; and the finding "misere".
func (h Heap) misereTable(ctx context.Context, s games.Sink, game string, max int) error {
	s.Phase("analysing misère play", "", 0)
	t, err := misere.Analyze(ctx, h.Misere, max, misere.Limits{Positions: MiserePositions})
	var be *misere.BudgetError
	if errors.As(err, &be) {
		return fmt.Errorf("misere_max %d is past what misère analysis reaches for this game (a wild game: its genus needs a search over positions of several heaps): %w; lower misere_max", max, err)
	}
	if err != nil {
		return err
	}
	tbl := output.Table{Game: game, Name: "misere",
		Columns: []output.Column{
			{Name: "n", Type: output.Int64, Sorted: true},
			{Name: "grundy", Type: output.Int32},
			{Name: "misere", Type: output.Int32},
			{Name: "outcome", Type: output.String},
			{Name: "genus", Type: output.String},
			{Name: "tame", Type: output.Bool},
		},
	}
	if h.Rules != "" {
		tbl.Metadata = []output.KeyValue{{Key: "tabulate.rules", Value: h.Rules}}
	}
	finding := MisereFinding{UpTo: max, Tame: t.FirstWild() < 0}
	if w := t.FirstWild(); w >= 0 {
		finding.FirstWild, finding.FirstWildGenus = &w, t.Genus(w).String()
	}
	if r := misere.StudyGenus(t, h.GenusRule); r.Period.Found {
		finding.GenusPeriod = &GenusPeriod{Period: r.Period.Period, Preperiod: r.Period.Preperiod, Status: string(r.Status), Theorem: r.Theorem}
	}
	rows := max + 1
	err = s.Table(ctx, tbl, int64(rows), func(ctx context.Context, emit func(output.Batch) error) error {
		ns, gs, ms := make([]int64, rows), make([]int32, rows), make([]int32, rows)
		outcomes, genera, tame := make([]string, rows), make([]string, rows), make([]bool, rows)
		for n := range rows {
			ns[n], gs[n], ms[n] = int64(n), int32(t.Grundy(n)), int32(t.Misere(n))
			outcomes[n] = "N"
			if ms[n] == 0 {
				outcomes[n] = "P"
				finding.PPositions++
			}
			genera[n], tame[n] = t.Genus(n).String(), t.Tame(n)
		}
		return emit(output.Batch{ns, gs, ms, outcomes, genera, tame})
	})
	if err != nil {
		return err
	}
	s.Finding("misere", finding)
	return nil
}

// MisereMove is a winning move under misère play: heap Heap (numbered
// from 1 as given) of From replaced by the heaps Leaves (none, one or
// two).
type MisereMove struct {
	Heap   int   `json:"heap"`
	From   int   `json:"from"`
	Leaves []int `json:"leaves"`
}

// String writes m as tabulate solve prints it: "heap 2: 7 -> 2 + 4",
// "heap 1: 2 -> nothing".
func (m MisereMove) String() string {
	to := "nothing"
	if len(m.Leaves) > 0 {
		to = strings.Trim(strings.ReplaceAll(fmt.Sprint(m.Leaves), " ", " + "), "[]")
	}
	return fmt.Sprintf("heap %d: %d -> %s", m.Heap, m.From, to)
}

// misereAnswer is the Answer of a misère position of heaps as given:
// winning moves by heap as given, numbered from 1.
func misereAnswer(game string, position any, heaps []int, a solved) *games.Answer {
	moves := []MisereMove{}
	for i, h := range heaps {
		for _, m := range a.Moves {
			if m.Heap == h {
				moves = append(moves, MisereMove{Heap: i + 1, From: h, Leaves: append([]int{}, m.Option...)})
			}
		}
	}
	return &games.Answer{Game: game, Position: position, Win: a.Win, WinningMoves: moves, Play: games.PlayMisere, Method: string(a.Method), Quotient: a.Quotient, Source: "computed"}
}

// HeapsSolver is the misère Solver of a game of several heaps whose rules
// are g, rule the theorem that may prove its genus period: tabulate solve
// --misere GAME HEAP...
func HeapsSolver(name, title string, g misere.Game, rule misere.GenusRule) *games.Solver {
	m := &misereSolver{game: g, rule: rule}
	return &games.Solver{Args: "HEAP...",
		Help: fmt.Sprintf("%s under misère play, one or more heaps (0 <= HEAP <= %d; any size up to 10^18 where the misère quotient is proven for every heap, or every heap is tame and the genus period proven)", title, MisereSolveMax),
		Answer: func(ctx context.Context, args []string) (*games.Answer, error) {
			heaps, err := ParseHeaps(name, args, MisereAnyMax)
			if err != nil {
				return nil, err
			}
			if slices.Max(heaps) > MisereSolveMax {
				return m.solveAny(ctx, name, heaps, MaxMovesOf(ctx))
			}
			a, err := m.solve(ctx, heaps)
			if err != nil {
				return nil, err
			}
			return misereAnswer(name, heaps, heaps, a), nil
		},
		Examples: []string{"1", "3 5 7", "4 4", "5 1"}}
}

// MisereSolver is the misère Solver of a heap game (tabulate solve
// --misere NAME HEAP...), nil when the heap has no misère rules.
func (h Heap) MisereSolver(name string) *games.Solver {
	if h.Misere == nil {
		return nil
	}
	title := h.Title
	if title == "" {
		title = h.Rules
	}
	return HeapsSolver(name, title, h.Misere, h.GenusRule)
}

// playOf reads the play convention from the bounds a manifest records for
// a heap game (normal play when they hold none).
func playOf(bounds json.RawMessage) Play {
	var p Play
	if json.Unmarshal(bounds, &p) != nil {
		return Play{}
	}
	return p
}

// GrundysSplit is Grundy's game as a misere.Game: a heap is split into two
// non-empty heaps of different sizes.
type GrundysSplit struct{}

// Name is "Grundy's game".
func (GrundysSplit) Name() string { return "Grundy's game" }

// Options are the splits of a heap of n, each two heaps in ascending order.
func (GrundysSplit) Options(n int) [][]int {
	var opts [][]int
	for a := 1; 2*a < n; a++ {
		opts = append(opts, []int{a, n - a})
	}
	return opts
}
