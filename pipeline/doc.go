// Package pipeline turns a configuration into a plan of jobs, runs them on a
// bounded worker pool and writes what they compute: tables through package
// output, figures through package plots, findings into the manifest.
//
// Each game contributes jobs, one per table with the figures drawn from it:
//
//	squares/grundy  squares/p_positions  flip/run_grundy  flip/positions
//	flip/board_counts  flip/boards  caniwin/pairs  nim/positions
//
// and each game defined by its rules in the configuration (an octal code or
// a subtraction set) contributes NAME/grundy, with NAME/p_positions.
//
// A plan first estimates the peak memory of every job and is refused with a
// *MemoryError when the estimate is over the limit, before anything is
// written. Jobs run on an errgroup with SetLimit(workers): the first error or
// a cancelled context stops the others, and each finished table is renamed
// into place and listed in the manifest as soon as it is complete, so a late
// failure never costs the work already done.
package pipeline
