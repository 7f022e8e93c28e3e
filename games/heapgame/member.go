package heapgame

import (
	"context"
	"fmt"
	"slices"

	"github.com/tabulate-games/tabulate/games"
)

// MemberDef is the Def of the heap game called name defined by the rules
// sec: it answers a position of one heap or several (their sum). A game
// with a periodicity theorem is answered at any heap up to HeapMax by its
// proven period, found by computing values only as far as the proof needs
// (Heap.sequenceFor); any other, up to the game's Limit, by computing g up
// to the largest heap, kept (and grown geometrically) for the next
// position. It reads its answers and figures from GAME/grundy as every
// heap game does.
func (h Heap) MemberDef(name string, sec games.Section, redraw games.RedrawFunc) games.Def {
	st := &solverState{}
	top := int64(h.Limit)
	help := fmt.Sprintf("%s: heaps N... (0 <= N <= %d; several are their sum)", h.Rules, top)
	if h.proves() {
		top = HeapMax
		help = fmt.Sprintf("%s: heaps N... (0 <= N <= 10^18 by the proven period, else %d; several are their sum)", h.Rules, h.Limit)
	}
	answer := func(ctx context.Context, args []string) (*games.Answer, error) {
		heaps, err := ParseHeaps64(name, args, top)
		if err != nil {
			return nil, err
		}
		st.mu.Lock()
		defer st.mu.Unlock()
		q, err := h.sequenceFor(ctx, st, slices.Max(heaps))
		if err != nil {
			return nil, err
		}
		return h.answerHeaps(name, q, heaps, "computed", MaxMovesOf(ctx)), nil
	}
	return games.Def{Name: name, Title: h.Rules,
		Section: func() games.Section { return sec },
		Solve: &games.Solver{Args: "N...", Help: help, Answer: answer,
			Examples: []string{"0", "1", "5", "7", "30", "5 3 8"}},
		TableLookup:       h.TableLookup(),
		Redraw:            redraw,
		Misere:            h.MisereSolver(name),
		MisereTableLookup: h.MisereTableLookup(),
	}
}
