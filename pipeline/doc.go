// Package pipeline turns a configuration into a plan of jobs, runs them on a
// bounded worker pool and writes what they compute: tables through package
// output, figures through package plots, findings into the manifest.
//
// The pipeline knows no game by name: it plans the games a configuration
// selects (configs.Config.Selected), each of which gives its jobs through
// package games, one per table with the figures and findings drawn from it
// (squares/grundy, flip/positions, NAME/grundy of a game defined by rules,
// ...), and runs each job against a games.Sink that writes the files, lists
// them in the manifest and shows progress.
//
// A plan first estimates its peak memory, the largest Workers jobs' estimates
// together, and is refused with a *MemoryError when that is over the limit,
// before anything is written; a run keeps the garbage collector under the
// limit (runtime/debug.SetMemoryLimit). Jobs run on an errgroup with
// SetLimit(workers), and the engines of the running jobs share
// min(workers, GOMAXPROCS) CPU tokens, so that jobs times engine goroutines
// never exceed the CPUs. The first error or a cancelled context stops the
// others, and each finished table is renamed into place and listed in the
// manifest as soon as it is complete, so a late failure never costs the work
// already done.
package pipeline
