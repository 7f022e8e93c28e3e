package heapgame

import (
	"testing"

	"github.com/tabulate-games/tabulate/internal/longtest"
)

// TestMain runs the heavy cases in their -short form unless
// TABULATE_LONG_TESTS=1 (internal/longtest): the quick go test ./... of
// README.md.
func TestMain(m *testing.M) { longtest.Main(m) }
