// Package census computes whole families of games in one run and tabulates
// them as the published tables of octal and subtraction games do: every
// octal code d0.d1...dk with k up to a number of digits (Winning Ways, vol.
// 1, ch. 4; Flammenkamp's table of all octal games 0.??? and 4.???), and
// every subtraction set S of {1..k} of size at most s.
//
// Every game of a census is a member of a family of the model (package
// games): its heap game is built through the family registry
// (heapgame.Rules), and the census computes it with the game's own engine
// (Heap.Values, or Heap.Sparse where the engine also reports its
// sparse-space statistics), proves its period with the game's own theorem
// (Heap.Prove, package analysis) and balances shards by its moves
// (Heap.Moves). What differs between the families of a census is data
// (a kind: the table's first column, the figures' words, the reduction of
// equiv.go), not code. Its findings are typed (Findings).
//
// For each game the values g(0), g(1), ... are looked at in doubling
// checkpoints (the first 1024 values, 2048, ... up to max): at each the
// census asks whether they prove the period, by the octal periodicity
// theorem (analysis.ProveOctal) for octal games, by the window argument
// (analysis.ProveSubtraction) for finite subtraction sets. The row is that of
// the first checkpoint with a proof, or of max. The engines cannot resume, so
// a game is computed to max at once (the octal engine stops by itself at its
// own proof) and the checkpoints are taken from the result; a game bounded in
// time is computed in stages of 1024, 4096, 16384, ... values instead, and
// when the bound stops it, it keeps its last completed stage.
//
// Octal codes that the rules show to play alike (a move that never adds an
// option value, equiv.go) are computed with one run of the engine on the
// code they reduce to: the 1,023 codes 0.d1d2d3 and 4.d1d2d3 take 323 runs.
// Each code keeps its own row (its own proof window and sparse space); the
// column computed_as names the code that was run. Without a time bound, a
// first pass to 2^14 values finishes the games proven there (about two
// thirds of the octal codes) and the others are then computed to max,
// those with the most rare heaps (the costliest) first, so that the
// workers finish together.
//
// Each finished game is committed at once to a journal in the output folder,
// one small file per game written atomically (temporary name, fsync,
// rename) and carrying a checksum, so a census stopped in any way (Ctrl-C,
// kill -9, power off) and run again with the same configuration computes
// only the games not yet done, and writes byte-identical tables. (The time
// each game took is kept apart, in the timings table of its family: it is
// the one output that differs between two runs.) The
// journal of a family is keyed by its configuration: a changed configuration
// starts a new journal and never reuses rows computed under another.
//
// Games with identical sequences form a class named by its smallest code
// (for games without a proof: identical as far as computed, to the same
// number of values).
// For each game the census also names the nearest game of another class
// with the same period (the one that agrees with it longest) and the first
// heap where they differ: a public table lists .161 and .36 as equivalent,
// and they first differ at heap 519.
//
// For example, the census of configs/census.yaml (every code 0.d1d2d3 and
// 4.d1d2d3 to 2^20 values) finds Kayles 0.77 with period 12 from n = 71,
// proven at the first checkpoint, Dawson's Kayles 0.07 with period 34 from
// n = 53, and 0.16 with period 149459 from n = 105351 (Gangolli and
// Plambeck, 1989), proven at 2^19 values.
//
// A census is a plan of the model's jobs (games.Job; NewCensus, jobs.go),
// run by the pipeline as the tables of any game are (pipeline.NewCensusPlan,
// or Plan.AddCensus after a run's tables): each family a job that reads its
// journal, one job per group of games for each pass, and one that writes
// its tables; one scheduler (the plan's waves and CPU tokens: each engine
// on one token until every job of its wave has started, then the tokens
// left free), one run-folder protocol, one journal per family.
//
// Memory is that of the games in progress (one per worker), not of the
// family: each finished game keeps only its row, its first values and a few
// hashes.
package census
