// Command tabulate computes impartial combinatorial games to configured bounds
// and writes the results as tables (Parquet, CSV, OEIS b-files), figures (PNG,
// SVG) and a manifest.
//
// Usage:
//
//	tabulate run [--config FILE] [--out DIR] [--only GAME[,GAME]] [--workers N]
//	             [--formats parquet,csv,bfile] [--plots png,svg,pdf] [--max-memory SIZE] [-q]
//	tabulate solve squares N
//	tabulate solve flip BOARD
//	tabulate solve caniwin M T
//	tabulate solve nim PILE [PILE...]
//	tabulate census --config FILE [--out DIR] [--workers N] [--max-seconds-per-game S] [-q]
//	tabulate version
//
// run reads a YAML configuration (without --config, configs/default.yaml,
// built into the binary) and writes OUT/<game>/<table>.<format> for every
// table of every game it names, OUT/<game>/<figure>.png and .svg, and
// OUT/manifest.json, which lists every file with its rows and SHA-256, the
// configuration and what was found (periods and their proofs, counts, fits).
// Flags override the configuration. Progress goes to standard error: live bars
// on a terminal, a line every few seconds otherwise; -q keeps only errors.
//
// solve answers one position of a game on the spot, with its Grundy value or
// outcome and every winning move.
//
// census computes every game of the families in the configuration's census
// section (every octal code with up to so many digits, every subtraction set
// of {1..k} of size at most s), each to a proof of its period or to max
// values, and writes OUT/census/octal and OUT/census/subtraction with one row
// per game, figures and findings. Finished games are journalled under
// OUT/.census/, so a stopped census resumes where it was.
//
// Exit status: 0 on success; 1 when a run fails while computing or writing;
// 2 for a usage or configuration error, or a plan refused for memory, in
// which case nothing is written; 130 or 143 when interrupted by SIGINT or
// SIGTERM. Every table is written under a temporary name and renamed into
// place only when complete, so an interrupted or failed run never leaves a
// partial file under a final name.
package main
