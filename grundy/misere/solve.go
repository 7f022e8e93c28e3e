package misere

import (
	"context"
	"fmt"
	"slices"
)

// Method says how Solve decided a position.
type Method string

const (
	// MethodTame: every heap is tame (Table.Tame), and the sum is decided
	// like a misère Nim position by its genus: the player to move loses
	// exactly when γ0 = 0, where the nim-sum x of the heaps' Grundy values
	// gives γ0 = x if some heap has a genus g^{g, g⊕2} (behaves like a Nim
	// heap of 2 or more) and γ0 = 1 - x otherwise (every heap like a Nim
	// heap of 0 or 1), which is Bouton's misère rule (C. L. Bouton, "Nim, a
	// game with a complete mathematical theory", Annals of Math. 3 (1902))
	// carried to tame games by Winning Ways, ch. 13. Cost: O(#options) for
	// the winning moves.
	MethodTame Method = "tame"
	// MethodSearch: some heap is wild, and the outcome comes from a
	// memoised search over the literal sum, each position a sorted
	// multiset without the heaps that have no move. Cost: up to the number
	// of multisets reachable, bounded by Limits.Positions.
	MethodSearch Method = "search"
)

// Move is one move of a position: a heap replaced by one of its options.
type Move struct {
	Heap     int   // the size of the heap moved in
	Option   []int // the heaps it leaves, ascending (empty: none)
	Position []int // the whole position after the move, ascending, 0s dropped
}

// Answer is the misère outcome of a position of several heaps.
type Answer struct {
	Position []int // the heaps asked, ascending, 0s dropped
	// Win reports whether the player to move wins under misère play (the
	// player who makes the last move loses).
	Win bool
	// Moves lists the winning moves (those to a position the opponent
	// loses), equal heaps counted once; empty when Win is false, and also
	// when the position has no move at all (a misère win: the opponent
	// made the last move).
	Moves  []Move
	Method Method
}

// HeapError is a heap outside a Table's range.
type HeapError struct {
	Game     string
	Heap     int
	Min, Max int
}

// Error reads like "misere: 0.77: heap 50 is out of range (allowed: 0 to
// 40, the heaps analysed)".
func (e *HeapError) Error() string {
	return fmt.Sprintf("misere: %s: heap %d is out of range (allowed: %d to %d, the heaps analysed)", e.Game, e.Heap, e.Min, e.Max)
}

// Solve decides a position of several heaps (each 0..Max()) under misère
// play, with its winning moves: by the tame rule when every heap is tame
// and by search otherwise (Answer.Method says which). The search remembers
// the positions it decides across calls, and fails with a *BudgetError
// past Limits.Positions.
func (t *Table) Solve(ctx context.Context, heaps []int) (Answer, error) {
	for _, h := range heaps {
		if h < 0 || h > t.Max() {
			return Answer{}, &HeapError{Game: t.game.Name(), Heap: h, Min: 0, Max: t.Max()}
		}
	}
	pos := slices.Clone(heaps)
	pos = slices.DeleteFunc(pos, func(h int) bool { return h == 0 })
	slices.Sort(pos)
	ans := Answer{Position: pos}
	t.mu.Lock()
	defer t.mu.Unlock()

	if tame, small, x := t.allTame(pos); tame {
		ans.Method = MethodTame
		ans.Win = tameGenus(x, small).Misere() != 0
		if !ans.Win {
			return ans, nil
		}
		for i, h := range pos {
			if i > 0 && pos[i-1] == h {
				continue
			}
			for _, o := range t.opts[h] {
				next := t.replace(pos, i, o)
				// Options of a tame heap hold tame heaps only.
				_, small, x := t.allTame(next)
				if tameGenus(x, small).Misere() == 0 {
					ans.Moves = append(ans.Moves, t.move(pos, i, o))
				}
			}
		}
		return ans, nil
	}

	ans.Method = MethodSearch
	what := fmt.Sprintf("the misère outcome of %v", pos)
	win, err := t.win(ctx, t.canonical(pos), what)
	if err != nil {
		return Answer{}, err
	}
	ans.Win = win
	if !win {
		return ans, nil
	}
	for i, h := range pos {
		if i > 0 && pos[i-1] == h {
			continue
		}
		for _, o := range t.opts[h] {
			w, err := t.win(ctx, t.replace(pos, i, o), what)
			if err != nil {
				return Answer{}, err
			}
			if !w {
				ans.Moves = append(ans.Moves, t.move(pos, i, o))
			}
		}
	}
	return ans, nil
}

// move builds the Move that replaces heap i of pos by option o; Position
// keeps the heaps without a move (unlike the canonical form).
func (t *Table) move(pos []int, i int, o []int) Move {
	next := make([]int, 0, len(pos)-1+len(o))
	next = append(next, pos[:i]...)
	next = append(next, pos[i+1:]...)
	next = append(next, o...)
	slices.Sort(next)
	return Move{Heap: pos[i], Option: slices.Clone(o), Position: next}
}

// win reports whether the player to move wins the canonical position pos
// under misère play: a position with no move is a win (the opponent made
// the last move), and otherwise a position is a win exactly when some
// move leads to a loss.
func (t *Table) win(ctx context.Context, pos []int, what string) (bool, error) {
	if len(pos) == 0 {
		return true, nil
	}
	k := key(pos)
	if w, ok := t.wins[k]; ok {
		return w, nil
	}
	if t.visited >= t.limit {
		return false, &BudgetError{Game: t.game.Name(), What: what, Limit: t.limit}
	}
	t.visited++
	if t.visited%1024 == 0 {
		if err := ctx.Err(); err != nil {
			return false, err
		}
	}
	win := false
	for i, h := range pos {
		if win {
			break
		}
		if i > 0 && pos[i-1] == h {
			continue
		}
		for _, o := range t.opts[h] {
			w, err := t.win(ctx, t.replace(pos, i, o), what)
			if err != nil {
				return false, err
			}
			if !w {
				win = true
				break
			}
		}
	}
	t.wins[k] = win
	return win, nil
}
