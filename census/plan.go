package census

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/internal/diskfree"
	"github.com/tabulate-games/tabulate/internal/sysmem"
)

// Plan is what a census will need, estimated from its configuration before
// anything is listed, computed or written: Run refuses one over its memory
// limit or the free space of OUT's disk with a *LimitError (exit status 2
// at the command line).
//
// The memory of a census is that of its members, all held at once (each
// game, then each finished game's record while the tables are written),
// and that of the engines computing Workers members side by side. Each is
// charged at a bound measured on the data structures (see the constants
// below) rather than at what a member turns out to need: a census of
// 2^24 subtraction sets is refused at once, where before it listed its
// sets for a minute and grew past 4 GB.
type Plan struct {
	Families []FamilyPlan
	Workers  int // members computed side by side

	Memory      int64  // estimated peak bytes
	MemoryLimit int64  // the bytes the census may use
	LimitSource string // where MemoryLimit comes from: "max_memory", or "auto: 60% of ... RAM"

	Disk     int64 // estimated bytes the census will add to OUT (journal, tables, figures)
	DiskFree int64 // bytes free on OUT's disk; -1 when the system does not say
}

// FamilyPlan is the estimate of one family of a census.
type FamilyPlan struct {
	Family  string
	Members int64 // games of the family
	Max     int   // values each is computed to
	// Member is the memory a member takes for the whole census (its game,
	// its record and its row), Engine the peak of one engine run to Max,
	// Record the bytes of its journal record, at most.
	Member, Engine, Record int64
	// Journal is the bytes already in the family's journal (a census run
	// again reuses them, and writes only the rest).
	Journal int64
}

// Bounds of the plan, each measured (runtime.MemStats after a collection,
// files on disk) on the census of 2^14 subtraction sets, 8,191 octal codes
// and 255 hexadecimal codes, and rounded up.
const (
	// planBase is what a census needs beside its members: the Go runtime
	// and the program's code (about 24 MiB), the table writers' buffers
	// and figures (as a run's baseMemory).
	planBase = 88 << 20
	// gameBytes is a listed game (Game, its Heap and the closures of its
	// engine): measured 1,104 B for a set of up to 14 elements (64 B more
	// an element is allowed) and 512 B for a code.
	gameBytes, setElementBytes = 768, 64
	// recordBytes is a finished game's Record beside its head of values
	// (4 B each): the hashes, names and fields, measured 863 B at 100
	// values; the head is charged 4.5 B a value (allocation classes).
	recordBytes = 1536
	// rowBytes is a member's row while its family's tables are written:
	// the Row (360 B), its cells in the table's columns and the writers'
	// copies, and its point in the figures.
	rowBytes = 1536
	// journalFixed is the JSON of a journal record beside its head of
	// values: fields, hashes, the record's and the configuration's
	// SHA-256 (about 700 B measured).
	journalFixed = 1024
	// tableRowDisk is a member's row on disk in FAMILY and
	// FAMILY_timings, per format (about 100 B measured in CSV).
	tableRowDisk = 256
	// figuresDisk is a family's figures on disk, at most.
	figuresDisk = 16 << 20
)

// valueDigits bounds the decimal digits of the first headLen values of a
// game of kind k (the journal writes them in JSON). A value is the mex of
// the values of a heap's options, so at most their number: a subtraction
// set of at most maxSize elements has at most maxSize options; an octal
// code of at most 4 digits has, from a heap under 4,096, at most 4 × (1 +
// 1 + 2,048) options (remove the heap, leave one heap, or split it), under
// 10^5; a hexadecimal code of 2 digits may also leave three heaps, about
// n²/12 ways for each digit, under 3 × 10^6 from a heap under 4,096.
func valueDigits(k kind, maxSize int) int {
	switch k.name {
	case Subtraction:
		return len(strconv.Itoa(max(maxSize, 1)))
	case Octal:
		return 5
	}
	return 7
}

// NewPlan estimates the census of cfg (its census section, with opts
// applied) to be written into out, and refuses it with a *LimitError when
// its memory is over the limit (cfg.MaxMemory, or auto: 60% of the
// machine's memory) or its disk over the space free on out's disk. It
// lists no game and writes nothing; the one thing it reads is the size of
// the journals a census of the same configuration left in out.
func NewPlan(cfg configs.Config, out string, opts Options) (*Plan, error) {
	c, err := settings(cfg, opts)
	if err != nil {
		return nil, err
	}
	return newPlan(c, cfg, out, opts)
}

// newPlan is NewPlan of the census c in effect (settings).
func newPlan(c configs.Census, cfg configs.Config, out string, opts Options) (*Plan, error) {
	p := &Plan{Workers: censusWorkers(cfg, opts), DiskFree: -1}
	if opts.ReuseOnly {
		p.Workers = 1 // no game computed: one engine recomputes the first differences
	}
	p.MemoryLimit, p.LimitSource = memoryLimit(cfg.MaxMemory)
	var engine int64
	p.Memory = planBase
	for _, f := range familySpecs(c) {
		fp, err := planFamily(f, c)
		if err != nil {
			return nil, err
		}
		fp.Journal = journalBytes(out, f)
		p.Families = append(p.Families, fp)
		p.Memory = satAdd(p.Memory, satMul(fp.Members, fp.Member))
		engine = max(engine, fp.Engine)
		disk := satMul(fp.Members, satAdd(fp.Record, int64(tableRowDisk*max(len(cfg.Formats), 1))))
		if len(cfg.Plots) > 0 {
			disk = satAdd(disk, figuresDisk)
		}
		p.Disk = satAdd(p.Disk, max(disk-fp.Journal, 0))
	}
	if c.Misere.Enabled() && !opts.ReuseOnly {
		// The misère census runs after the families, its games on the
		// same workers; its engines' bound is the genus search's and the
		// quotient's (heapgame.MisereMemory), whatever the game.
		fp, err := planMisere(c.Misere)
		if err != nil {
			return nil, err
		}
		p.Families = append(p.Families, fp)
		p.Memory = satAdd(p.Memory, satMul(fp.Members, fp.Member))
		engine = max(engine, fp.Engine)
		p.Disk = satAdd(p.Disk, satMul(fp.Members, int64(tableRowDisk*max(len(cfg.Formats), 1))))
	}
	p.Memory = satAdd(p.Memory, satMul(int64(p.Workers), engine))
	if p.Memory > p.MemoryLimit {
		return p, p.refusal("memory", p.Memory, p.MemoryLimit, p.LimitSource)
	}
	if free, ok := availableDisk(out); ok {
		p.DiskFree = free
		if p.Disk > free {
			return p, p.refusal("disk space", p.Disk, free, "free on the disk of "+out)
		}
	}
	return p, nil
}

// String says the plan in one line, for the census's log.
func (p *Plan) String() string {
	var parts []string
	for _, f := range p.Families {
		parts = append(parts, fmt.Sprintf("%s %d", f.Family, f.Members))
	}
	free := "free space unknown"
	if p.DiskFree >= 0 {
		free = sysmem.Format(p.DiskFree) + " free"
	}
	return fmt.Sprintf("census plan: %s games; estimated %s of memory (limit %s, %s), %s of disk (%s)",
		strings.Join(parts, ", "), sysmem.Format(p.Memory), sysmem.Format(p.MemoryLimit), p.LimitSource, sysmem.Format(p.Disk), free)
}

// refusal is the *LimitError of a plan over a limit of resource.
func (p *Plan) refusal(resource string, estimate, limit int64, source string) *LimitError {
	e := &LimitError{Resource: resource, Estimate: estimate, Limit: limit, Source: source}
	largest, most := "", int64(-1)
	for _, f := range p.Families {
		each, what := f.Member, "games"
		if resource != "memory" {
			each, what = f.Record+int64(tableRowDisk), "journal records and rows"
		}
		if cost := satMul(f.Members, each); cost > most {
			largest, most = f.Family, cost
		}
		e.Parts = append(e.Parts, fmt.Sprintf("%s: %d %s × %s", f.Family, f.Members, what, sysmem.Format(each)))
	}
	if resource == "memory" {
		var engine int64
		for _, f := range p.Families {
			engine = max(engine, f.Engine)
		}
		e.Parts = append(e.Parts, fmt.Sprintf("%d engines × %s", p.Workers, sysmem.Format(engine)))
	}
	e.Lower = lowerKeys(largest)
	return e
}

// misereRowBytes bounds a misère census game's row held until the table
// is written: its Game and its strings, the presentation the longest (a
// few hundred bytes for a quotient of order 8192 seen so far).
const misereRowBytes = 4 << 10

// planMisere estimates the misère census m: its games, each a row, and
// one engine per worker at heapgame.MisereMemory(m.MaxOrder).
func planMisere(m configs.CensusMisere) (FamilyPlan, error) {
	list, err := misereGames(m)
	if err != nil {
		return FamilyPlan{}, fmt.Errorf("census: plan misere: %w", err)
	}
	return FamilyPlan{Family: "misere", Members: int64(len(list)), Max: m.Max,
		Member: gameBytes + misereRowBytes, Engine: heapgame.MisereMemory(m.MaxOrder)}, nil
}

// lowerKeys names the keys that make a family smaller.
func lowerKeys(family string) string {
	switch family {
	case "misere":
		return "census.misere.max_order (the quotient's tables grow as its square)"
	case Subtraction:
		return "census.subtraction.max_element, max_size or max"
	case Octal:
		return "census.octal.digits, prefixes or max"
	}
	return "census.takebreak.digits or max"
}

// LimitError refuses a census whose estimated memory or disk is over what
// it may use: the estimate, the limit and what to change. Nothing was
// written.
type LimitError struct {
	Resource        string // "memory" or "disk space"
	Estimate, Limit int64
	Source          string   // where the limit comes from: "max_memory", "--max-memory", "auto: ...", "free on the disk of OUT"
	Parts           []string // what the estimate is made of
	Lower           string   // the keys that lower it
}

// Error says what the census would need, what is allowed and what to change.
func (e *LimitError) Error() string {
	raise := "raise --max-memory / max_memory"
	if e.Resource != "memory" {
		raise = "free space on that disk or choose another --out"
	}
	return fmt.Sprintf("the census needs an estimated %s of %s (%s), over the %s %s: lower %s, or %s; nothing was written",
		sysmem.Format(e.Estimate), e.Resource, strings.Join(e.Parts, ", "), sysmem.Format(e.Limit), limitWords(e.Resource, e.Source), e.Lower, raise)
}

// limitWords names the limit: "limit of max_memory", "free on the disk of OUT".
func limitWords(resource, source string) string {
	if resource == "memory" {
		return "limit (" + source + ")"
	}
	return source
}

// planFamily estimates one family of the census c.
func planFamily(f family, c configs.Census) (FamilyPlan, error) {
	fp := FamilyPlan{Family: f.kind.name, Max: f.max}
	head := int64(min(f.max, headLen))
	var rep string // the member whose engine needs the most memory
	member := int64(gameBytes)
	digits := valueDigits(f.kind, 0)
	switch f.kind.name {
	case Subtraction:
		s := c.Subtraction
		fp.Members = subsets(s.MaxElement, s.MaxSize)
		member += setElementBytes * int64(s.MaxElement)
		digits = valueDigits(f.kind, s.MaxSize)
		// The set with the most elements, the largest ones: the engine's
		// memory grows with the number of moves.
		var parts []string
		for x := s.MaxElement - s.MaxSize + 1; x <= s.MaxElement; x++ {
			parts = append(parts, strconv.Itoa(x))
		}
		rep = strings.Join(parts, ",")
	case Octal:
		fp.Members = int64(len(codeNames([]string{"0", "4"}, "01234567", c.Octal.Digits, c.Octal.Prefixes)))
		rep = "0." + strings.Repeat("7", c.Octal.Digits) // octal.Memory does not depend on the code
	case Takebreak:
		fp.Members = int64(len(codeNames([]string{"0"}, "0123456789ABCDEF", c.Takebreak.Digits, nil)))
		rep = "0." + strings.Repeat("F", c.Takebreak.Digits) // moves that leave three heaps: the most memory
	case AllBut:
		a := c.AllBut
		fp.Members = subsets(a.MaxElement, a.MaxSize)
		member += setElementBytes * int64(a.MaxElement)
		digits = valueDigits(f.kind, a.MaxSize)
		// The games are members of the model's subtraction family; the
		// set with the most excluded numbers, the largest ones.
		var parts []string
		for x := a.MaxElement - a.MaxSize + 1; x <= a.MaxElement; x++ {
			parts = append(parts, strconv.Itoa(x))
		}
		rep = allButPrefix + strings.Join(parts, ",")
	}
	modelFamily := f.kind.name
	if f.kind.name == AllBut {
		modelFamily = Subtraction
	}
	h, err := heapgame.Rules(modelFamily, rep)
	if err != nil {
		return fp, fmt.Errorf("census: plan %s: %w", f.kind.name, err)
	}
	if h.Memory != nil {
		fp.Engine = h.Memory(f.max)
	}
	// The values of a run, held while its checkpoints are proven, beside
	// the engine's own.
	fp.Engine += 4 * int64(f.max+1)
	fp.Member = member + recordBytes + head*9/2 + rowBytes
	fp.Record = journalFixed + head*int64(digits+1)
	return fp, nil
}

// subsets returns the number of non-empty subsets of {1..n} with at most k
// elements: the sets of a subtraction census.
func subsets(n, k int) int64 {
	var sum, binom int64 = 0, 1
	for i := 1; i <= min(k, n); i++ {
		binom = binom * int64(n-i+1) / int64(i)
		sum += binom
	}
	return sum
}

// journalBytes returns the bytes in the journal of family f under out, 0
// when there is none. Each entry is asked with Lstat: nothing is followed
// or read.
func journalBytes(out string, f family) int64 {
	_, rel, _, err := journalOf(f.kind.name, f.config)
	if err != nil {
		return 0
	}
	dir := filepath.Join(out, filepath.FromSlash(rel))
	if info, err := os.Lstat(dir); err != nil || !info.IsDir() {
		return 0
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	var sum int64
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() {
			sum += info.Size()
		}
	}
	return sum
}

// memoryLimit returns the bytes a census may use and where the limit comes
// from: max_memory, or auto by the one rule of runs (sysmem.AutoLimit).
func memoryLimit(maxMemory configs.Size) (int64, string) {
	if maxMemory > 0 {
		return int64(maxMemory), "max_memory"
	}
	return sysmem.AutoLimit()
}

// censusWorkers returns how many games a census computes side by side: the
// command's --workers, else the configuration's, resolved as a run's
// (grundy.Goroutines: every CPU for 0).
func censusWorkers(cfg configs.Config, opts Options) int {
	workers := opts.Workers
	if workers <= 0 {
		workers = cfg.Workers
	}
	return grundy.Goroutines(workers)
}

// availableDisk is diskfree.Available; tests plant a full disk.
var availableDisk = diskfree.Available

// satAdd and satMul add and multiply byte counts, saturating at the
// largest int64 (a census of 2^24 sets at the largest max is refused, not
// wrapped around to a small estimate).
func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

func satMul(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

// planned is NewPlan for NewCensus, of the census c in effect (settings)
// into cfg.Out: the plan, logged, or the refusal.
func planned(ctx context.Context, c configs.Census, cfg configs.Config, opts Options) (*Plan, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p, err := newPlan(c, cfg, cfg.Out, opts)
	if err != nil {
		return nil, err
	}
	if opts.Log != nil {
		fmt.Fprintln(opts.Log, p)
	}
	return p, nil
}
