// Command tabulate computes impartial combinatorial games to configured bounds
// and writes the results as tables (Parquet, CSV, OEIS b-files), figures (PNG,
// SVG) and a manifest.
//
// Usage:
//
//	tabulate run [--config FILE] [--out DIR] [--only GAME[,GAME]] [--workers N]
//	             [--formats parquet,csv,bfile,arrow] [--plots png,svg,pdf] [--max-memory SIZE] [-q]
//	tabulate solve squares N
//	tabulate solve flip BOARD
//	tabulate solve caniwin M T
//	tabulate solve nim PILE [PILE...]
//	tabulate solve grundy-game HEAP [HEAP...]
//	tabulate solve --config FILE NAME N
//	tabulate solve [-q] [--json] [--from OUT] GAME POSITION | GAME -
//	tabulate census --config FILE [--out DIR] [--workers N] [--max-seconds-per-game S] [-q]
//	tabulate run --shard K/N ... | tabulate run --shards N ...
//	tabulate merge [-q] OUT
//	tabulate plot OUT [--config FILE] [--plots png,svg,pdf] [-q]
//	tabulate status OUT [--json]
//	tabulate version
//
// run reads a YAML configuration (without --config, configs/default.yaml,
// built into the binary) and writes OUT/<game>/<table>.<format> for every
// table of every game it names, OUT/<game>/<figure>.png and .svg, and
// OUT/manifest.json, which lists every file with its rows and SHA-256, the
// configuration and what was found (periods and their proofs, counts, fits).
// Flags override the configuration. Progress goes to standard error: live bars
// on a terminal, a line every few seconds otherwise; -q keeps only errors.
// The closing summary (files written, findings) goes to standard output,
// except after live bars, which it follows on standard error. The manifest
// records the run's provenance: start and finish times, command line,
// version, VCS revision, Go version, OS and CPU, and each file's seconds.
//
// solve answers one position of a game on the spot, with its Grundy value or
// outcome and every winning move. --json prints one JSON object per answer;
// GAME - reads one position per line from standard input (at most 16 MiB a
// line); --from OUT answers from the Parquet tables of an earlier run,
// checked against the manifest's sha256, instead of computing; --config FILE
// names the configuration that defines games by rules. A computation that
// runs longer than a second shows its progress on standard error as run does
// (live bars on a terminal, a line every few seconds otherwise; none with
// -q); standard output holds only the answers.
//
// plot draws the figures of the output folder OUT of an earlier run again
// from its tables (checked against the manifest's sha256), with the figures:
// section and plots: of --config FILE and --plots, without computing any
// value; with the run's own settings it draws the run's figures byte for
// byte.
//
// census computes every game of the families in the configuration's census
// section (every octal code with up to so many digits, every subtraction set
// of {1..k} of size at most s), each to a proof of its period or to max
// values, and writes OUT/census/octal and OUT/census/subtraction with one row
// per game (byte-identical on every run without a time bound), the time each
// game took in OUT/census/octal_timings and subtraction_timings, figures and
// findings. Finished games are journalled under
// OUT/.census/, so a stopped census resumes where it was. run computes the
// census section too, after the games.
//
// On a cluster, run --shard K/N (or with no flag SLURM_ARRAY_TASK_ID and
// SLURM_ARRAY_TASK_COUNT of a Slurm array task, or JOB_COMPLETION_INDEX of a
// Kubernetes Indexed Job with --shards N) computes the K-th of N
// cost-balanced parts of the plan's jobs and of the census's games into
// OUT/shards/K-of-N/, ending with its record shard.json (the shard, the
// configuration, the version, every file with its SHA-256). merge OUT checks
// every shard 0..N-1 (present, complete, same configuration and version,
// files intact; otherwise it names the shards at fault, exits 2 and writes
// nothing) and writes the tables, figures and manifest one run writes.
//
// Exit status: 0 on success; 1 when a run fails while computing or writing
// (or an answer cannot be written to standard output); 2 for a usage or
// configuration error, a plan refused for memory, an output folder in use by
// another run (the message names its PID), an earlier manifest that is not
// a regular file or a tail checkpoint that another configuration made (see
// docs/tail-mode.md), in which case nothing is written; 128+signal when stopped by
// SIGINT (130), SIGTERM (143), SIGHUP (129) or SIGPIPE (141). A second signal
// stops at once. Every table is written under a temporary name and renamed
// into place only when complete, and OUT/manifest.json lists, at every
// instant, only whole files with their checksums: see the output package for
// how.
package main
