package pipeline

import "github.com/tabulate-games/tabulate/output"

// Folder returns the job's game folder under OUT, created if needed and
// never through a link (output.MkdirIn): where a job keeps state that is
// not a table, such as a tail run's checkpoint (heapgame.Folder).
func (e *env) Folder() (string, error) { return e.StateFolder(e.game) }

// StateFolder returns the folder OUT/rel, created if needed and never
// through a link (output.MkdirIn): where a job keeps state from run to
// run, such as a census's journal (games.StateFolder).
func (e *env) StateFolder(rel string) (string, error) {
	return output.MkdirIn(e.plan.Config.Out, rel)
}
