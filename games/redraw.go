package games

import (
	"context"
	"encoding/json"
)

// RedrawFunc draws a game's figures again from the tables of an earlier
// run, read through cols, without computing any value: the game's own table
// code runs on the values read, writing figures (and findings) to the sink
// of run while its tables go nowhere (the sink's Table should not call the
// source). bounds are the bounds the game's files were made with (the
// manifest's games.GAME.bounds). Figures that cannot be drawn from the
// tables are listed in skipped with the reason.
type RedrawFunc func(game string, bounds json.RawMessage, cols Columns) (run func(ctx context.Context, s Sink) error, skipped []string, err error)

// RedrawRecorded returns a job that draws again the figures of game from the
// tables of an earlier run, read through cols (see RedrawFunc), through the
// RedrawRecorded of the game the manifest records with these bounds (Recorded: a
// registered game, or a member of a family). When it has none, run is nil
// and skipped says why.
func RedrawRecorded(game string, bounds json.RawMessage, cols Columns) (run func(ctx context.Context, s Sink) error, skipped []string, err error) {
	d, ok, err := Recorded(game, bounds)
	if err != nil {
		return nil, nil, err
	}
	if ok && d.Redraw != nil {
		return d.Redraw(game, bounds, cols)
	}
	return nil, []string{game + ": its figures are drawn from values its tables do not hold; rerun it to draw them"}, nil
}
