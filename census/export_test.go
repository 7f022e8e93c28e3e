package census

import (
	"context"

	"github.com/tabulate-games/tabulate/configs"
)

// RunCensus runs the census of cfg into out as tabulate census does,
// through the pipeline (set by run_test.go of package census_test, which
// may import package pipeline: these tests may not, as pipeline imports
// census).
var RunCensus func(ctx context.Context, cfg configs.Config, out string, opts Options) (*Result, error)
