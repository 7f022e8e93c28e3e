package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/term"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/games/catalogue"
	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/merge"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/pipeline"
	"github.com/tabulate-games/tabulate/progress"
)

var usageText = fmt.Sprintf(usageFormat, gameList())

const usageFormat = `tabulate computes impartial combinatorial games and writes tables, figures and a manifest.

Usage:
  tabulate run [flags]          compute every table of the configuration (see tabulate run --help)
  tabulate solve GAME ARGS...   answer one position (see tabulate solve --help)
  tabulate census --config FILE compute a census of octal or subtraction games (see tabulate census --help)
  tabulate merge OUT            merge the shards of a run (tabulate run --shard K/N) into OUT
  tabulate plot OUT [flags]     draw the figures of OUT again from its tables (see tabulate plot --help)
  tabulate report OUT           write OUT/index.html, a self-contained report of the run (see tabulate report --help)
  tabulate version              print the version

Games: %s.
Exit status: 0 success, 1 failure while running, 2 usage or configuration error
(or the output folder in use by another run), 128+signal when stopped
(130 SIGINT, 143 SIGTERM, 129 SIGHUP, 141 SIGPIPE).
`

// UsageError is a mistake in the command line. It exits with status 2 and
// is followed by a usage hint.
type UsageError struct {
	Msg  string
	Hint string // such as "see tabulate run --help"
}

func (e *UsageError) Error() string {
	if e.Hint == "" {
		return e.Msg
	}
	return e.Msg + " (" + e.Hint + ")"
}

// errHelp is returned after printing help that the user asked for.
var errHelp = errors.New("help requested")

// abandon is closed by main on a second signal: the run then stops at once
// (see pipeline.Options.Abandon). Nil in tests that call Run directly.
var abandon <-chan struct{}

// signalError records the signal that interrupted a run.
type signalError struct{ sig syscall.Signal }

func (e *signalError) Error() string { return "interrupted by " + e.sig.String() }

// Run runs the command with args (without the program name).
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usageText)
		return &UsageError{Msg: "no command given", Hint: "try tabulate run"}
	}
	switch args[0] {
	case "run":
		return runCommand(ctx, args[1:], stdout, stderr)
	case "solve":
		return solveCommand(ctx, args[1:], stdout, stderr)
	case "census":
		return censusCommand(ctx, args[1:], stdout, stderr)
	case "merge":
		return mergeCommand(ctx, args[1:], stdout, stderr)
	case "plot":
		return plotCommand(ctx, args[1:], stdout, stderr)
	case "report":
		return reportCommand(ctx, args[1:], stdout, stderr)
	case "version", "--version":
		fmt.Fprintln(stdout, "tabulate", pipeline.Version)
		return nil
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usageText)
		return nil
	}
	return &UsageError{Msg: fmt.Sprintf("unknown command %q", args[0]), Hint: "commands: run, solve, census, merge, plot, report, version; see tabulate --help"}
}

// newFlags returns a flag set that reports errors instead of printing
// them and exiting.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args, turning flag errors into usage errors and printing
// the help to stdout when asked for.
func parseFlags(fs *flag.FlagSet, args []string, usage, hint string, stdout io.Writer) error {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, usage)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return errHelp
	}
	if err != nil {
		return &UsageError{Msg: err.Error(), Hint: hint}
	}
	return nil
}

const runUsage = `Usage: tabulate run [flags]

Computes every table of the configuration and writes OUT/<game>/<table>.<format>,
the figures OUT/<game>/<figure>.png|svg and OUT/manifest.json. Without --config
the built-in configs/default.yaml is used. Flags override the configuration.
A configuration with a census section also computes the census, as tabulate
census does. A complete run ends by writing OUT/index.html, its report (see
tabulate report --help), unless --no-report; a failed or interrupted run
writes none.

On a cluster, --shard K/N (or, without it, SLURM_ARRAY_TASK_ID with
SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX with --shards N) computes the
K-th of N cost-balanced parts of the plan and of the census into
OUT/shards/K-of-N/; tabulate merge OUT then writes what one run writes.

Flags:
`

// runFlags are the flags of tabulate run. tabulate merge parses a shard's
// recorded flags with them, to rebuild the configuration the shards ran.
type runFlags struct {
	fs                                                      *flag.FlagSet
	configPath, out, only, formats, plots, maxMemory, shard *string
	workers, shards                                         *int
	quiet, noReport                                         *bool
	specs                                                   *gameSpecs // --game (gameflag.go)
	max                                                     *int       // --max, of the --game games
}

// newRunFlags returns the flag set of tabulate run.
func newRunFlags() *runFlags {
	fs := newFlags("run")
	return &runFlags{fs: fs,
		configPath: fs.String("config", "", "YAML configuration `FILE`, or - for standard input (default: the built-in configs/default.yaml)"),
		out:        fs.String("out", "", "output `DIR` (default: the configuration's out, \"out\")"),
		only:       fs.String("only", "", "run only these `GAMES`, comma-separated: "+strings.Join(games.Names(), ",")),
		workers:    fs.Int("workers", 0, "worker pool size `N`; 0 = number of CPUs (default: the configuration's workers)"),
		formats:    fs.String("formats", "", "table `FORMATS`, comma-separated: "+strings.Join(configs.Formats, ",")+" ("+output.FormatsHelp()+")"),
		plots:      fs.String("plots", "", "figure `FORMATS`, comma-separated: "+strings.Join(configs.PlotFormats, ",")+", or none"),
		maxMemory:  fs.String("max-memory", "", "refuse plans estimated above `SIZE` (auto = 60% of RAM, or e.g. 8GiB)"),
		shard:      fs.String("shard", "", "compute only shard `K/N` (0 <= K < N) into OUT/shards/K-of-N/; default: from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX"),
		shards:     fs.Int("shards", 0, "the number of shards `N`, for a Kubernetes Indexed Job (JOB_COMPLETION_INDEX gives K)"),
		quiet:      fs.Bool("q", false, "quiet: no progress and no summary, only errors"),
		noReport:   fs.Bool("no-report", false, noReportHelp),
		specs:      gameFlag(fs),
		max:        fs.Int("max", catalogue.DefaultRulesMax, "the largest heap `N` of the games of --game"),
	}
}

// runCommand implements tabulate run.
func runCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	rf := newRunFlags()
	if err := parseFlags(rf.fs, args, runUsage, "see tabulate run --help", stdout); err != nil {
		return err
	}
	if rf.fs.NArg() > 0 {
		return &UsageError{Msg: fmt.Sprintf("unexpected argument %q", rf.fs.Arg(0)), Hint: "tabulate run takes only flags; see tabulate run --help"}
	}
	spec, sharded, err := rf.shardSpec(os.Getenv)
	if err != nil {
		return err
	}
	if sharded {
		return runShard(ctx, rf, spec, append([]string{"tabulate", "run"}, args...), stderr)
	}
	cfg, err := rf.config(*rf.configPath, nil)
	if err != nil {
		return err
	}
	if err := checkOut(cfg.Out, rf.outKey()); err != nil {
		return err
	}
	quiet := *rf.quiet
	// The census, after the tables in the one plan, is planned before
	// the tables are computed, so that a census that cannot fit writes
	// nothing either.
	opts := census.Options{}
	if !quiet {
		opts.Log = stderr
	}
	plan, cen, err := pipeline.NewRunPlan(ctx, cfg, opts)
	if flagLimit(err, rf.set()["max-memory"]); err != nil {
		return err
	}
	mode := progress.Off
	if !quiet {
		mode = progress.Lines
		if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			mode = progress.Live
		}
	}
	command := append([]string{"tabulate", "run"}, args...)
	// OUT/index.html is written at the very end.
	res, err := plan.Run(ctx, pipeline.Options{Log: stderr, Progress: mode, Abandon: abandon, Command: command,
		AfterComplete: reportAfter(*rf.noReport, quiet, stderr)})
	flagLimit(err, rf.set()["max-memory"]) // the plan's memory with the starts its jobs chose (Plan.Prepare)
	if res != nil && !quiet {
		// The summary is the run's result: on standard output, unless it
		// follows live progress bars on a terminal, where it stays with
		// them on standard error.
		summary := stdout
		if mode == progress.Live {
			summary = stderr
		}
		printSummary(summary, plan, res)
	}
	if res != nil && cen != nil && !quiet {
		printCensus(stderr, res, cen)
	}
	return err
}

// outKey names where the output folder came from, for messages.
func (rf *runFlags) outKey() string {
	if rf.set()["out"] {
		return "--out"
	}
	return ""
}

// set returns the flags given on the command line.
func (rf *runFlags) set() map[string]bool {
	set := map[string]bool{}
	rf.fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// config loads the configuration named name (data, or when data is nil the
// file name, or the built-in default when name is "") and applies the
// flags that override it.
func (rf *runFlags) config(name string, data []byte) (configs.Config, error) {
	var cfg configs.Config
	var err error
	switch {
	case data == nil && name == "-": // --config -
		cfg, err = configs.LoadReader(configs.StdinName, stdin)
	case data != nil:
		cfg, err = configs.Load(name, data)
	case name != "":
		cfg, err = configs.LoadFile(name)
	default:
		cfg, err = configs.Load(configs.DefaultName, configs.Default)
	}
	if err != nil {
		return cfg, err
	}
	set := rf.set()
	flagKey := map[string]string{}
	if set["out"] {
		cfg.Out, flagKey["out"] = *rf.out, "--out"
	}
	if set["only"] {
		cfg.Games, flagKey["games"] = splitList(*rf.only), "--only"
	}
	if set["workers"] {
		cfg.Workers, flagKey["workers"] = *rf.workers, "--workers"
	}
	if set["formats"] {
		cfg.Formats, flagKey["formats"] = splitList(*rf.formats), "--formats"
	}
	if set["plots"] {
		cfg.Plots, flagKey["plots"] = splitList(*rf.plots), "--plots"
		if *rf.plots == "none" {
			cfg.Plots = nil
		}
	}
	if set["max-memory"] {
		size, err := parseMaxMemory(*rf.maxMemory)
		if err != nil {
			return cfg, err
		}
		cfg.MaxMemory, flagKey["max_memory"] = size, "--max-memory"
	} else if err := fileMemoryInRange(cfg); err != nil {
		var ce *configs.Error
		if errors.As(err, &ce) {
			ce.File = name
		}
		return cfg, err
	}
	if err := rf.addGames(&cfg, set, flagKey); err != nil {
		return cfg, err
	}
	if err := cfg.Validate(); err != nil {
		var ce *configs.Error
		if errors.As(err, &ce) {
			if flag, ok := flagKey[ce.Key]; ok {
				ce.Key = flag
			} else {
				ce.File = name
			}
		}
		return cfg, err
	}
	return cfg, nil
}

// checkOut refuses, before anything is written, an output folder that
// cannot be one (an existing file, a symbolic link to nothing) and an
// earlier manifest that is not a regular file of bounded size. key is the
// flag or configuration key the folder came from.
func checkOut(out, key string) error {
	if key == "" {
		key = "out"
	}
	info, err := os.Lstat(out)
	if err != nil {
		return nil // absent: the run creates it
	}
	if info.Mode()&os.ModeSymlink != 0 {
		if _, err := os.Stat(out); err != nil {
			target, _ := os.Readlink(out)
			return &UsageError{Msg: fmt.Sprintf("%s: output folder %s is a symbolic link to %s, which does not exist", key, out, target),
				Hint: "create the folder it points to, or choose another --out"}
		}
		info, _ = os.Stat(out)
	}
	if !info.IsDir() {
		return &UsageError{Msg: fmt.Sprintf("%s: output folder %s exists and is not a folder", key, out),
			Hint: "choose a folder, new or existing, with --out"}
	}
	return output.CheckManifest(out)
}

// splitList splits a comma-separated flag value.
func splitList(s string) []string {
	var list []string
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			list = append(list, part)
		}
	}
	return list
}

// printSummary prints every file written and the findings.
func printSummary(w io.Writer, plan *pipeline.Plan, res *pipeline.Result) {
	fmt.Fprintf(w, "tabulate: %s: wrote %d files to %s in %.1fs (%d workers)\n", res.Status, len(res.Files), res.Dir, res.Elapsed.Seconds(), plan.Workers)
	if len(res.Files) > 0 {
		fmt.Fprintf(w, "  %-32s %12s %10s %8s\n", "file", "rows", "size", "time")
	}
	for _, f := range res.Files {
		rows := ""
		if f.Table != "" {
			rows = strconv.FormatInt(f.Rows, 10)
		}
		fmt.Fprintf(w, "  %-32s %12s %10s %7.2fs\n", f.Path, rows, pipeline.Bytes(f.Bytes), f.Elapsed.Seconds())
	}
	width := 8
	for _, f := range res.Findings {
		width = max(width, len(f.Game))
	}
	if len(res.Findings) > 0 {
		fmt.Fprintln(w, "findings:")
	}
	for _, f := range res.Findings {
		fmt.Fprintf(w, "  %-*s %-13s %s\n", width, f.Game, f.Key, f.Finding)
	}
}

// exitCode prints err (if any) and returns the process exit status.
func exitCode(ctx context.Context, err error, stderr io.Writer) int {
	if err == nil || errors.Is(err, errHelp) {
		return 0
	}
	var sig *signalError
	if errors.As(context.Cause(ctx), &sig) {
		fmt.Fprintf(stderr, "tabulate: %v; complete files were kept, no partial file is left\n", sig)
		var stopped *heapgame.TailStoppedError
		if errors.As(err, &stopped) {
			fmt.Fprintf(stderr, "tabulate: %v\n", stopped) // the last line: where it got to, how to resume
		}
		return 128 + int(sig.sig)
	}
	fmt.Fprintf(stderr, "tabulate: %s\n", clip(err.Error(), maxMessage))
	if isUsage(err) {
		return 2
	}
	return 1
}

// isUsage reports whether err is the user's mistake, to exit with status 2:
// among them a *games.KeyError from a job, a setting the game cannot run
// that only the computation could tell (a misère quotient past
// misere_quotient_max_order).
func isUsage(err error) bool {
	var ue *UsageError
	var ke *games.KeyError
	var ce *configs.Error
	var me *pipeline.MemoryError
	var le *output.LockedError
	var nwe *output.NotWritableError // a read-only output folder
	var mfe *output.ManifestError
	var unsafe *output.UnsafeError
	var mre *merge.RefusedError
	var tce *heapgame.TailCheckpointError // a checkpoint of another configuration
	var cle *census.LimitError            // a census over its memory or the free disk
	if errors.Is(err, output.ErrTampered) || errors.Is(err, output.ErrContent) {
		return true // a table changed since its run: the folder is the user's to fix
	}
	return errors.As(err, &ue) || errors.As(err, &ke) || errors.As(err, &ce) || errors.As(err, &me) || errors.As(err, &le) || errors.As(err, &nwe) || errors.As(err, &mfe) ||
		errors.As(err, &unsafe) || errors.As(err, &mre) || errors.As(err, &tce) || errors.As(err, &cle)
}
