package games

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabulate-games/tabulate/grundy/misere"
)

// The play conventions of a game (Play.Play).
const (
	// PlayNormal: the player who makes the last move wins (every table
	// but GAME/misere). The default.
	PlayNormal = "normal"
	// PlayMisere: the player who makes the last move loses: GAME/misere
	// only.
	PlayMisere = "misere"
	// PlayBoth: the tables of normal play and GAME/misere.
	PlayBoth = "both"
)

// MethodQuotient is the method of a misère answer decided by the game's
// misère quotient: the position's element is in the P-portion exactly when
// the player to move loses (Plambeck and Siegel; misere.QuotientOf).
const MethodQuotient misere.Method = "quotient"

// QuotientMethod says which misère quotient decided an answer of
// tabulate solve --misere (Answer.Quotient, with Method "quotient").
type QuotientMethod struct {
	// Heaps is the heap bound: the quotient of the sums of heaps 0..Heaps,
	// Heaps the largest heap of the position.
	Heaps        int    `json:"heaps"`
	Order        int    `json:"order"`
	Presentation string `json:"presentation"`
	// PPortion names the elements of the P-portion.
	PPortion []string `json:"p_portion"`
	// Element names the position's element.
	Element string `json:"element"`
}

// String reads like "the misère quotient of heaps up to 200 (order 8,
// presentation ⟨a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b⟩, P = {a,
// b^2}): the position is b^2, in P". A long presentation or P-portion is
// counted instead (--json has it all).
func (m *QuotientMethod) String() string {
	pres := "presentation " + m.Presentation
	if len(m.Presentation) > 160 {
		pres = "presentation too long to print here (--json has it)"
	}
	p := "{" + strings.Join(m.PPortion, ", ") + "}"
	if len(m.PPortion) > 8 {
		p = fmt.Sprintf("%d elements", len(m.PPortion))
	}
	in := "not in P"
	if slices.Contains(m.PPortion, m.Element) {
		in = "in P"
	}
	return fmt.Sprintf("the misère quotient of heaps up to %d (order %d, %s, P = %s): the position is %s, %s",
		m.Heaps, m.Order, pres, p, m.Element, in)
}

// MethodText says in words what decided a misère answer (q: which
// quotient, for the method "quotient").
func MethodText(method string, q *QuotientMethod) string {
	switch misere.Method(method) {
	case MethodQuotient:
		if q != nil {
			return q.String()
		}
		return "the misère quotient"
	case misere.MethodTame:
		return "the tame rule (every heap is tame: played like misère Nim, by the genus)"
	case misere.MethodSearch:
		return "search (some heap is wild: a memoised search over the sum)"
	}
	return method
}
