package census

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
)

// firstCheckpoint is the number of values of the first checkpoint at which
// a proof is looked for; the next ones double it, up to max. A game's row is
// that of the first checkpoint whose values prove its period, or of max.
const firstCheckpoint = 1024

// sparseShare: a labelling is a sparse space when at most 1/sparseShare of
// the heaps are rare.
const sparseShare = 8

// headLen is how many first values a finished game keeps for finding first
// differences without recomputing it.
const headLen = 4096

// Record is what the census keeps of one finished game: its row of the table
// and the fingerprint of its sequence (first values and prefix hashes) from
// which classes and first differences are found.
type Record struct {
	Game string `json:"game"` // the game's name, as in the table

	Found     bool  `json:"found"`     // a period was found (Period, Preperiod valid)
	Period    int64 `json:"period"`    // smallest period
	Preperiod int64 `json:"preperiod"` // first n of the periodic part
	Proven    bool  `json:"proven"`    // the period is proven by the theorem of the family

	Values         int64 `json:"values"`            // values computed: g(0) .. g(Values-1)
	MaxValue       int32 `json:"max_value"`         // largest value computed
	MaxValueFirstN int64 `json:"max_value_first_n"` // first n where it occurs

	// The sparse space, when the game has split moves and one: the octal
	// engine's labelling (mask and position parity) with the fewest rare
	// heaps among those its run computed as a mex (octal.Stats), when they
	// are at most 1/8 of them.
	Sparse     bool    `json:"sparse"`
	RareMask   int32   `json:"rare_mask"`
	RareParity bool    `json:"rare_parity"`
	RareCount  int64   `json:"rare_count"`
	Seconds    float64 `json:"seconds"` // time spent computing (the group's, for a game computed with others)
	// Run is when and on which worker the engine run that finished the
	// game (its group's) ran: the census's timings table.
	Run      Timing `json:"run"`
	TimedOut bool   `json:"timed_out"` // the per-game time bound stopped it

	// Arithmetic is the arithmetic period (saltus not 0) of the values when
	// they show no ordinary period, for a family where such periods occur
	// (the hexadecimal codes, the all-but subtraction sets;
	// analysis.FindArithmetic); nil otherwise. Its Proven says whether the
	// game's arithmetic theorem (Heap.ProveArithmetic) proves it from the
	// values computed; otherwise it is a candidate.
	Arithmetic *Arithmetic `json:"arithmetic,omitempty"`

	// ComputedAs is the game whose engine run gave the values: the game
	// itself, or for an octal code its reduced code (equiv.go), shared by
	// every code of its group.
	ComputedAs string `json:"computed_as"`

	// Fingerprint. Known is how many values of the sequence are known:
	// the census max for a proven game (its period extends it), Values
	// otherwise. Head holds the first min(Known, 4096) values; Hashes[j]
	// the first 16 hex digits of the SHA-256 of the first 2^j values
	// (little-endian int32s) while 2^j <= Known; Full the SHA-256 of all
	// Known values.
	Known  int64    `json:"known"`
	Head   []int32  `json:"head"`
	Hashes []string `json:"hashes"`
	Full   string   `json:"full"`
}

// Timing is when one engine run of a census ran and where: Start and End
// in seconds from the start of its family's computation (the first pass
// and the passes after it, familyRun), and Worker the CPU slot (0 to CPUs-1) it
// took first. A replay of the census's order on another number of workers
// reads them from the timings table (Replay).
type Timing struct {
	Start  float64 `json:"start"`
	End    float64 `json:"end"`
	Worker int     `json:"worker"`
}

// solve computes one game to a proof of its period or to max values, with
// a time bound per game when bound > 0. Only a cancelled ctx is an error: a
// game that reaches its bound keeps its last checkpoint.
func solve(ctx context.Context, g Game, maxValues int, bound time.Duration) (*Record, error) {
	recs, _, err := solveGroup(ctx, g, []Game{g}, maxValues, maxValues, bound, 1, nil)
	if err != nil {
		return nil, err
	}
	return recs[0], nil
}

// solveGroup computes the games of a group, which have one sequence (codes
// with the same reduced code, equiv.go), with one run of the engine on rep
// using up to workers goroutines, and returns the record of each: its own
// proof (with its own theorem), its own checkpoint. The time bound, when
// bound > 0, is for the group. Only a cancelled ctx is an error.
//
// With upTo < maxValues (and no bound) it computes upTo values only and
// returns the records of the games proven within them, which are those of a
// computation to maxValues (the same checkpoints see the same values), and
// nil for the others. It also returns the engine's statistics of its last
// run of rep (nil without them: games other than octal), from which the
// census estimates the cost of the games left (groupCost). Grow, when not
// nil, offers the engine more goroutines while it runs
// (grundy.Options.Grow).
func solveGroup(ctx context.Context, rep Game, members []Game, maxValues, upTo int, bound time.Duration, workers int, grow func() int) ([]*Record, *octal.Stats, error) {
	start := time.Now()
	gctx := ctx
	if bound > 0 {
		var cancel context.CancelFunc
		gctx, cancel = context.WithTimeout(ctx, bound)
		defer cancel()
	}
	// Per member: the next checkpoint to look for a proof at, and once
	// proven, the values of its row, its period and the engine's
	// statistics of the run that gave them.
	type state struct {
		checkpoint int
		proven     bool
		seq        []int32
		per        analysis.Period
		stats      *octal.Stats
	}
	st := make([]state, len(members))
	for i := range st {
		st[i].checkpoint = min(firstCheckpoint, maxValues)
	}
	timedOut := false
	var last *octal.Stats
	for _, n := range stages(maxValues, bound > 0) {
		n = min(n, upTo)
		seq, stats, err := values(gctx, rep.Heap, n, grundy.Options{Workers: workers, Grow: grow})
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			if errors.Is(err, context.DeadlineExceeded) {
				timedOut = true
				break
			}
			return nil, nil, fmt.Errorf("census: %s %s: %w", rep.Family, rep.Name(), err)
		}
		if stats != nil {
			last = stats
		}
		open := 0
		for i, g := range members {
			if st[i].proven {
				continue
			}
			st[i].seq, st[i].stats = seq, stats
			// The checkpoints this stage reaches, in turn: the values of
			// a stage are the same whether computed to n or to a
			// checkpoint.
			for c := &st[i].checkpoint; *c <= n; *c = nextCheckpoint(*c, maxValues) {
				pre := seq[:*c]
				per := analysis.FindPeriodWhere(pre, func(p, n0 int) bool { return g.needed(p, n0) <= len(pre) })
				if per.Found && g.prove(pre, per).Proven {
					st[i].proven, st[i].seq, st[i].per = true, pre, per
					break
				}
				if *c == maxValues {
					break
				}
			}
			if !st[i].proven {
				open++
			}
		}
		if open == 0 || n == upTo {
			break
		}
	}
	recs := make([]*Record, len(members))
	for i, g := range members {
		if upTo < maxValues && !st[i].proven {
			continue // to be computed to maxValues
		}
		recs[i] = record(g, st[i].seq, st[i].per, st[i].proven, timedOut, maxValues, st[i].stats)
		recs[i].ComputedAs = rep.Name()
		recs[i].Seconds = time.Since(start).Seconds()
	}
	return recs, last, nil
}

// values returns g(0), ..., g(n-1) of the game h, computed with the
// goroutines opts allows (at least one), and the engine's sparse-space
// statistics when it reports them (h.Sparse: octal games), nil otherwise.
func values(ctx context.Context, h heapgame.Heap, n int, opts grundy.Options) ([]int32, *octal.Stats, error) {
	opts.Workers = max(opts.Workers, 1)
	if h.Sparse != nil {
		seq, stats, err := h.Sparse(ctx, n-1, opts)
		return seq, &stats, err
	}
	seq, err := h.Values(ctx, n-1, opts)
	return seq, nil, err
}

// record returns the record of game g whose row has the values seq, proven
// with period per or not, to a census of maxValues values; stats are the
// engine's statistics of the run that computed seq (nil when it reports
// none).
func record(g Game, seq []int32, per analysis.Period, proven, timedOut bool, maxValues int, stats *octal.Stats) *Record {
	if !proven {
		per = analysis.FindPeriod(seq)
	}
	r := &Record{Game: g.Name(), Proven: proven, Values: int64(len(seq)), TimedOut: timedOut}
	if per.Found {
		r.Found, r.Period, r.Preperiod = true, int64(per.Period), int64(per.Preperiod)
	}
	for n, v := range seq {
		if n == 0 || v > r.MaxValue {
			r.MaxValue, r.MaxValueFirstN = v, int64(n)
		}
	}
	// A sparse space is worth its name when its rare heaps are at most
	// 1/8 of the heaps the engine computed, the share at which the octal
	// engine's method pays (Dawson's Kayles 0.07 has a third of its heaps
	// rare under every labelling: none). The labelling and the count are
	// the engine's (octal.Stats), over the heaps 1..Computed of its run.
	if stats != nil && stats.Mask != 0 && int64(stats.Rare)*sparseShare <= int64(stats.Computed) {
		r.Sparse, r.RareMask, r.RareParity, r.RareCount = true, int32(stats.Mask), stats.HeapParity, int64(stats.Rare)
	}
	if !per.Found && kindOf(g.Table()).behaviour {
		if a := analysis.FindArithmetic(seq); a.Found && a.Saltus != 0 {
			r.Arithmetic = &Arithmetic{Period: int64(a.Period), Preperiod: int64(a.Preperiod), Saltus: a.Saltus}
			if prove := g.Heap.ProveArithmetic; prove != nil {
				if pr := prove(seq, a); pr != nil && pr.Proven {
					r.Arithmetic.Proven = true
				}
			}
		}
	}
	known := len(seq)
	if proven {
		known = maxValues
	}
	r.fingerprint(extend(seq, per, proven), known)
	return r
}

// Arithmetic is an arithmetic period of a game's values: g(n+Period) =
// g(n) + Saltus for every n >= Preperiod computed.
type Arithmetic struct {
	Period    int64 `json:"period"`
	Preperiod int64 `json:"preperiod"`
	Saltus    int64 `json:"saltus"`
	// Proven: the game's arithmetic-periodicity theorem proves it for
	// every n >= Preperiod (takebreak.ProveArithmetic for a hexadecimal
	// code, analysis.ProveAllBut for an all-but set).
	Proven bool `json:"proven,omitempty"`
}

// The behaviours of a game up to the census max, from the strongest.
const (
	PeriodicProven      = "periodic (proven)"
	PeriodicCandidate   = "periodic (candidate)"
	ArithmeticProven    = "arithmetic-periodic (proven)"
	ArithmeticCandidate = "arithmetic-periodic (candidate)"
	Neither             = "neither up to the bound"
)

// Behaviour classifies a record: periodic with its period proven by the
// game's theorem, periodic as far as computed (FindPeriod's rule, no
// proof), arithmetic-periodic (analysis.FindArithmetic, saltus not 0)
// proven by the game's arithmetic theorem or as far as computed (a
// candidate), or neither up to the values computed.
func Behaviour(r *Record) string {
	switch {
	case r.Proven:
		return PeriodicProven
	case r.Found:
		return PeriodicCandidate
	case r.Arithmetic != nil && r.Arithmetic.Proven:
		return ArithmeticProven
	case r.Arithmetic != nil:
		return ArithmeticCandidate
	}
	return Neither
}

// stages returns the numbers of values a game is computed to, in turn.
// Without a time bound that is max at once: the engines are exact for any
// length, and the proof is then looked for at each checkpoint of the result,
// which gives the same row as computing checkpoint by checkpoint without the
// work of recomputing (the octal engine also stops by itself once it has
// proven a period, and fills the rest in one period back). With a bound, the
// game is computed to 1024, 4096, 16384, ... values (each a new run of the
// engine, which cannot resume), so that a game stopped by the bound keeps
// the values of its last stage; growing by 4 keeps the work repeated to a
// third of the last stage for the quadratic engines.
func stages(maxValues int, bounded bool) []int {
	if !bounded {
		return []int{maxValues}
	}
	var out []int
	for n := min(firstCheckpoint, maxValues); ; n = min(4*n, maxValues) {
		out = append(out, n)
		if n == maxValues {
			return out
		}
	}
}

// nextCheckpoint returns the checkpoint after c: twice c, or max.
func nextCheckpoint(c, maxValues int) int { return min(2*c, maxValues) }

// extend returns the function n -> g(n) for n < len(seq), and beyond it by
// the period when proven.
func extend(seq []int32, p analysis.Period, proven bool) func(n int) int32 {
	return func(n int) int32 {
		if n < len(seq) {
			return seq[n]
		}
		if !proven {
			panic("census: value beyond the computed ones of an unproven game")
		}
		return seq[p.Preperiod+(n-p.Preperiod)%p.Period]
	}
}

// fingerprint fills Known, Head, Hashes and Full from the first known
// values of at.
func (r *Record) fingerprint(at func(int) int32, known int) {
	r.Known = int64(known)
	r.Head = make([]int32, min(known, headLen))
	h := sha256.New()
	var buf [4 << 10]byte
	fill := 0
	next := 1
	for n := 0; n < known; n++ {
		v := at(n)
		if n < len(r.Head) {
			r.Head[n] = v
		}
		binary.LittleEndian.PutUint32(buf[fill:], uint32(v))
		fill += 4
		if n+1 == next || fill == len(buf) {
			h.Write(buf[:fill])
			fill = 0
		}
		if n+1 == next {
			r.Hashes = append(r.Hashes, hex.EncodeToString(h.Sum(nil))[:16])
			next *= 2
		}
	}
	h.Write(buf[:fill])
	r.Full = hex.EncodeToString(h.Sum(nil))
}

// group is games computed with one run of the engine on rep: the octal
// codes that reduce to one code (equiv.go), or one game.
type group struct {
	rep     Game
	members []Game
	cost    float64      // the engine's estimate of rep's cost to max after a first pass (groupCost)
	stats   *octal.Stats // the engine's statistics of the last pass, nil before one or without them
	spent   float64      // seconds spent in a first pass
	other   bool         // another shard computes it (familyRun.leave)
}

// probeValues is how many values the first pass of a census without a time
// bound computes (familyRun.jobs).
const probeValues = 1 << 14

// groups returns the groups of games, in the order of their first game.
func groups(games []Game) []*group {
	var out []*group
	byRep := map[string]*group{}
	for _, g := range games {
		rep := g.computedAs()
		gr := byRep[rep.Name()]
		if gr == nil {
			gr = &group{rep: rep}
			byRep[rep.Name()] = gr
			out = append(out, gr)
		}
		gr.members = append(gr.members, g)
	}
	return out
}

// knownValues recomputes the first n known values of a finished game: by
// the engine up to the values it computed, then by its proven period.
func knownValues(ctx context.Context, g Game, r *Record, n int) ([]int32, error) {
	seq, _, err := values(ctx, g.Heap, int(min(int64(n), r.Values)), grundy.Options{Workers: 1})
	if err != nil {
		return nil, err
	}
	if n <= len(seq) {
		return seq[:n], nil
	}
	at := extend(seq, periodOf(r), r.Proven)
	outv := make([]int32, n)
	for k := range outv {
		outv[k] = at(k)
	}
	return outv, nil
}

// groupCost estimates the cost of computing rep to maxValues from the
// engine's statistics of a shorter run (octal.CostOf), and of an earlier
// shorter one when there was one, or by the game's own estimate when the
// engine gives none (Heap.Cost), or maxValues.
func groupCost(rep Game, maxValues int, stats, earlier *octal.Stats) float64 {
	if stats != nil && rep.Family == Octal {
		if c, err := octal.Parse(rep.rules); err == nil {
			if earlier != nil {
				return octal.CostOf(c, maxValues, *stats, *earlier)
			}
			return octal.CostOf(c, maxValues, *stats)
		}
	}
	if rep.Heap.Cost != nil {
		return rep.Heap.Cost(maxValues)
	}
	return float64(maxValues)
}
