package census

import (
	"context"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/output"
)

// RunCensus runs the census of cfg into out as tabulate census does,
// through the pipeline (set by run_test.go of package census_test, which
// may import package pipeline: these tests may not, as pipeline imports
// census).
var RunCensus func(ctx context.Context, cfg configs.Config, out string, opts Options) (*Result, error)

// outState is a games.StateFolder under the folder it names, as the
// pipeline's Sink is under the run's: for tests of the journal alone.
type outState string

func (o outState) StateFolder(rel string) (string, error) { return output.MkdirIn(string(o), rel) }
