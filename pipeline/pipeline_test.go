package pipeline

import (
	"errors"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games/catalogue"
)

func TestPlanRefusedForMemory(t *testing.T) {
	cfg := configs.Defaults()
	cfg.Games = []string{"caniwin", "nim"}
	*cfg.Section("caniwin").(*catalogue.CanIWin) = catalogue.CanIWin{MaxChoosable: 25, MaxTotal: 325}
	cfg.MaxMemory = 32 << 20
	_, err := NewPlan(cfg)
	var me *MemoryError
	if !errors.As(err, &me) {
		t.Fatalf("got %v, want a *MemoryError", err)
	}
	if me.Largest[0].Game != "caniwin" || !strings.Contains(err.Error(), "caniwin/pairs") || !strings.Contains(err.Error(), "32.0 MiB") {
		t.Errorf("message %q should name the job and the limit", err)
	}
	cfg.MaxMemory = 8 << 30
	if _, err := NewPlan(cfg); err != nil {
		t.Errorf("with 8 GiB: %v", err)
	}
}
