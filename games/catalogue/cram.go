package catalogue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/cram"
	"github.com/tabulate-games/tabulate/output"
)

// cramGame is Cram, Flip Game II in two dimensions: a move covers two
// adjacent free cells of a row or a column (grundy/cram).
var cramGame = games.Def{
	Name: "cram", Title: "Cram",
	Section: func() games.Section { return &Cram{MaxCells: 20, TableMiB: 256} },
	Solve: &games.Solver{Args: "BOARD", Help: "Cram board: rows of '+' (free) and '-' (taken) separated by '/', or MxN for the empty board",
		Answer: answerCram, Examples: []string{"3x3", "2x3", "3x4", "4x3", "1x7", "++++/++++"}},
	TableLookup: cramLookup,
	Redraw:      cramRedraw,
}

// Cram bounds Cram.
type Cram struct {
	// MaxCells: cram/boards holds every empty m x n board, 1 <= m <= n,
	// m*n <= MaxCells.
	MaxCells int `yaml:"max_cells" json:"max_cells"`
	// Boards are further boards (rows of '+' and '-' separated by '/'),
	// answered in cram/positions.
	Boards []string `yaml:"boards" json:"boards,omitempty"`
	// Regions asks for cram/regions: every canonical region the search
	// kept, with its nimber.
	Regions bool `yaml:"regions" json:"regions,omitempty"`
	// TableMiB is the size of the table of regions' nimbers.
	TableMiB int `yaml:"table_mib" json:"table_mib"`
}

// cramSolveTable is the table solve cram uses, in bytes.
const cramSolveTable = 256 << 20

// Check keeps the bounds in what the engine accepts.
func (c *Cram) Check() error {
	if err := games.CheckRange("max_cells", int64(c.MaxCells), 1, cram.RegionCellsMax); err != nil {
		return err
	}
	if err := games.CheckRange("table_mib", int64(c.TableMiB), 1, cram.TableBytesMax>>20); err != nil {
		return err
	}
	for i, s := range c.Boards {
		key := fmt.Sprintf("boards[%d]", i)
		b, err := cram.Parse(s)
		if err != nil {
			var be *cram.BoardError
			if errors.As(err, &be) {
				return &games.KeyError{Key: key, Value: games.ShortQuote(s), Problem: be.Reason, Allowed: "rows of '+' and '-' of one length, separated by '/'"}
			}
			return &games.KeyError{Key: key, Value: games.ShortQuote(s), Problem: err.Error()}
		}
		if err := cramCheckRegions(b); err != nil {
			return &games.KeyError{Key: key, Value: games.ShortQuote(s), Problem: err.Error(), Allowed: fmt.Sprintf("regions of one row or column, or in a box of at most %d cells", cram.RegionCellsMax)}
		}
	}
	return nil
}

// cramCheckRegions asks the engine whether b's regions fit (a board whose
// regions do not is refused before anything is searched).
func cramCheckRegions(b cram.Board) error {
	var re *grundy.RangeError
	if err := cram.Check(b); errors.As(err, &re) {
		return fmt.Errorf("has a region whose box covers %d cells", re.Value)
	} else if err != nil {
		return err
	}
	return nil
}

// cramRects returns the empty boards m x n, 1 <= m <= n, m*n <= maxCells,
// by m then n.
func cramRects(maxCells int) [][2]int {
	var out [][2]int
	for m := 1; m*m <= maxCells; m++ {
		for n := m; m*n <= maxCells; n++ {
			out = append(out, [2]int{m, n})
		}
	}
	return out
}

// Jobs plans Cram: one job searches every board through one table and
// writes cram/boards, cram/positions when boards are listed, cram/regions
// when asked, the findings and the figure.
func (c *Cram) Jobs(game string, workers int) []games.Job {
	cfg := *c
	rects := cramRects(cfg.MaxCells)
	tableBytes := int64(cfg.TableMiB) << 20
	boards := len(rects) + len(cfg.Boards)
	memory := cram.Memory(tableBytes, boards, cram.RegionCellsMax) + games.WriteMemory(int64(boards), 200)
	if cfg.Regions {
		memory += cram.RegionsMemory(tableBytes) + games.WriteMemory(1<<16, 100)
	}
	return []games.Job{{Table: "boards", Memory: memory, MemoryFor: fmt.Sprintf("table_mib %d", cfg.TableMiB),
		Cost: float64(uint64(1) << uint(max(0, cfg.MaxCells-20))),
		Run: func(ctx context.Context, s games.Sink) error {
			t, err := cram.NewTable(tableBytes)
			if err != nil {
				return err
			}
			var all []cram.Board
			for _, mn := range rects {
				b, err := cram.Rect(mn[0], mn[1])
				if err != nil {
					return err
				}
				all = append(all, b)
			}
			for _, str := range cfg.Boards {
				b, err := cram.Parse(str)
				if err != nil {
					return err
				}
				all = append(all, b)
			}
			answers, err := cram.Tabulate(ctx, all, t, games.EngineOptions(s, s.Progress("searching first moves", "moves")))
			if err != nil {
				return err
			}
			if err := cramBoardsTable(ctx, s, game, answers[:len(rects)]); err != nil {
				return err
			}
			if len(cfg.Boards) > 0 {
				if err := cramPositionsTable(ctx, s, game, answers[len(rects):]); err != nil {
					return err
				}
			}
			if u := t.Unstored(); u > 0 {
				s.Finding("table", games.Note(fmt.Sprintf("the table of %d MiB kept %d regions; %d times a region found no room and was searched again (a larger table_mib saves that work)", cfg.TableMiB, t.Len(), u)))
			}
			if cfg.Regions {
				return cramRegionsTable(ctx, s, game, t)
			}
			return nil
		}}}
}

// cramMoveCode writes a move as an int32 on a board of n columns:
// 2*(row*n + col), plus 1 for a move down.
func cramMoveCode(m cram.Move, n int) int32 {
	c := int32(2 * (m.Row*n + m.Col))
	if m.Down {
		c++
	}
	return c
}

// cramMoveOf reads cramMoveCode back.
func cramMoveOf(code int32, n int) cram.Move {
	cell := int(code / 2)
	return cram.Move{Row: cell / n, Col: cell % n, Down: code%2 != 0}
}

// cramOutcome is "N" when the player to move wins, "P" otherwise.
func cramOutcome(win bool) string {
	if win {
		return "N"
	}
	return "P"
}

// cramAnswerColumns are the columns every answer gives, after the
// board's own.
var cramAnswerColumns = []output.Column{
	{Name: "nimber", Type: output.Int32},
	{Name: "outcome", Type: output.String},
	{Name: "winning_moves", Type: output.Int32List},
	{Name: "regions", Type: output.Int64},
	{Name: "seconds", Type: output.Float64},
}

// cramAnswerBatch returns the columns of cramAnswerColumns for answers.
func cramAnswerBatch(answers []cram.Answer) output.Batch {
	nims := make([]int32, len(answers))
	outs := make([]string, len(answers))
	moves := make([][]int32, len(answers))
	regions := make([]int64, len(answers))
	secs := make([]float64, len(answers))
	for i, a := range answers {
		nims[i], outs[i], regions[i], secs[i] = int32(a.Nimber), cramOutcome(a.Win), a.Regions, a.Seconds
		moves[i] = []int32{}
		for _, m := range a.WinningMoves {
			moves[i] = append(moves[i], cramMoveCode(m, a.Board.Cols))
		}
	}
	return output.Batch{nims, outs, moves, regions, secs}
}

var cramMetadata = []output.KeyValue{
	{Key: "tabulate.rules", Value: "Cram: a move covers two adjacent free cells of a row or a column; winning_moves codes a move 2*(row*n + col) + 1 if down"},
}

// cramBoardsTable writes cram/boards (the empty rectangles), the findings
// and the figure.
func cramBoardsTable(ctx context.Context, s games.Sink, game string, answers []cram.Answer) error {
	t := output.Table{Game: game, Name: "boards",
		Columns:  append([]output.Column{{Name: "m", Type: output.Int32, Sorted: true}, {Name: "n", Type: output.Int32}}, cramAnswerColumns...),
		Metadata: cramMetadata,
	}
	ms := make([]int32, len(answers))
	ns := make([]int32, len(answers))
	nims := make([]int32, len(answers))
	for i, a := range answers {
		ms[i], ns[i], nims[i] = int32(a.Board.Rows), int32(a.Board.Cols), int32(a.Nimber)
	}
	err := s.Table(ctx, t, int64(len(answers)), func(ctx context.Context, emit func(output.Batch) error) error {
		return emit(append(output.Batch{ms, ns}, cramAnswerBatch(answers)...))
	})
	if err != nil {
		return err
	}
	return cramFindings(ctx, s, ms, ns, nims)
}

// cramFindings records the P-boards, each row's candidate period in n,
// the check of the symmetry strategy, and draws the figure.
func cramFindings(ctx context.Context, s games.Sink, ms, ns, nims []int32) error {
	var losing []string
	var p, agree int64
	rows := map[int32][]int32{} // nimbers of m x n for n = m, m+1, ...
	for i := range ms {
		m, n, v := ms[i], ns[i], nims[i]
		if v == 0 {
			losing = append(losing, fmt.Sprintf("%dx%d", m, n))
			p++
		}
		// The symmetry strategy: even x even is P, even x odd N.
		if m%2 == 0 || n%2 == 0 {
			if (m%2 == 0 && n%2 == 0) == (v == 0) {
				agree++
			} else {
				return fmt.Errorf("cram %dx%d has nimber %d, against the symmetry strategy", m, n, v)
			}
		}
		rows[m] = append(rows[m], v)
	}
	count := int64(len(ms))
	s.Finding("boards", games.Wins{What: "empty m x n boards", Count: count, FirstPlayerWins: count - p, SecondPlayerWins: p})
	s.Finding("p_boards", games.Note("P-boards (the second player wins): "+strings.Join(losing, ", ")))
	s.Finding("symmetry", games.RuleCheck{Rule: "the symmetry strategy (even x even boards are P, even x odd N)", Positions: agree, Agrees: true})
	for m := int32(2); ; m++ {
		seq, ok := rows[m]
		if !ok {
			break
		}
		if per := analysis.FindPeriod(seq); per.Found {
			s.Finding(fmt.Sprintf("period_m%d", m), games.Note(fmt.Sprintf(
				"%d x n for n = %d..%d: candidate period %d in n from n = %d (no periodicity theorem is known for Cram: not proven)",
				m, m, int(m)+len(seq)-1, per.Period, int(m)+per.Preperiod)))
		}
	}
	return s.Figure(ctx, "boards", func() (*plot.Plot, error) { return cramFigure(ms, ns, nims) })
}

// cramFigure draws the nimber of m x n over n, one line for each m, the
// P-boards marked.
func cramFigure(ms, ns, nims []int32) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Cram: nimber of the empty m x n board (rings: P-boards)"
	p.X.Label.Text = "n (columns)"
	p.Y.Label.Text = "nimber"
	lines := map[int32]plotter.XYs{}
	var order []int32
	var zeros plotter.XYs
	for i := range ms {
		if _, ok := lines[ms[i]]; !ok {
			order = append(order, ms[i])
		}
		lines[ms[i]] = append(lines[ms[i]], plotter.XY{X: float64(ns[i]), Y: float64(nims[i])})
		if nims[i] == 0 {
			zeros = append(zeros, plotter.XY{X: float64(ns[i]), Y: 0})
		}
	}
	for k, m := range order {
		l, pts, err := plotter.NewLinePoints(lines[m])
		if err != nil {
			return nil, err
		}
		c := plotter.DefaultLineStyle.Color
		if k < 7 {
			c = []color.Color{color.RGBA{31, 119, 180, 255}, color.RGBA{255, 127, 14, 255}, color.RGBA{44, 160, 44, 255},
				color.RGBA{214, 39, 40, 255}, color.RGBA{148, 103, 189, 255}, color.RGBA{140, 86, 75, 255}, color.RGBA{227, 119, 194, 255}}[k]
		}
		l.Color, pts.Color = c, c
		p.Add(l, pts)
		p.Legend.Add(fmt.Sprintf("m = %d", m), l, pts)
	}
	if len(zeros) > 0 {
		sc, err := plotter.NewScatter(zeros)
		if err != nil {
			return nil, err
		}
		sc.Shape = draw.RingGlyph{}
		sc.Radius = 6
		sc.Color = color.Black
		p.Add(sc)
	}
	p.Legend.Top = true
	return p, nil
}

// cramPositionsTable writes cram/positions: the boards of the
// configuration.
func cramPositionsTable(ctx context.Context, s games.Sink, game string, answers []cram.Answer) error {
	t := output.Table{Game: game, Name: "positions",
		Columns: append([]output.Column{{Name: "board", Type: output.String}, {Name: "rows", Type: output.Int32},
			{Name: "cols", Type: output.Int32}}, cramAnswerColumns...),
		Metadata: cramMetadata,
	}
	bs := make([]string, len(answers))
	rs := make([]int32, len(answers))
	cs := make([]int32, len(answers))
	for i, a := range answers {
		bs[i], rs[i], cs[i] = a.Board.String(), int32(a.Board.Rows), int32(a.Board.Cols)
	}
	return s.Table(ctx, t, int64(len(answers)), func(ctx context.Context, emit func(output.Batch) error) error {
		return emit(append(output.Batch{bs, rs, cs}, cramAnswerBatch(answers)...))
	})
}

// cramRegionsTable writes cram/regions from the table of the search.
func cramRegionsTable(ctx context.Context, s games.Sink, game string, tab *cram.Table) error {
	t := output.Table{Game: game, Name: "regions",
		Columns: []output.Column{{Name: "region", Type: output.String}, {Name: "rows", Type: output.Int32},
			{Name: "cols", Type: output.Int32}, {Name: "cells", Type: output.Int32}, {Name: "nimber", Type: output.Int32}},
		Metadata: []output.KeyValue{{Key: "tabulate.rules", Value: "Cram regions in canonical form (the least of their eight images), by cells, rows, columns"}},
	}
	return s.Table(ctx, t, int64(tab.Len()), func(ctx context.Context, emit func(output.Batch) error) error {
		return tab.Regions(func(part []cram.Region) error {
			b := make([]string, len(part))
			r, c, n, v := make([]int32, len(part)), make([]int32, len(part)), make([]int32, len(part)), make([]int32, len(part))
			for i, x := range part {
				b[i], r[i], c[i], n[i], v[i] = x.Board, int32(x.Rows), int32(x.Cols), int32(x.Cells), int32(x.Nimber)
			}
			return emit(output.Batch{b, r, c, n, v})
		})
	})
}

// cramBoardArg reads the board argument of solve cram.
func cramBoardArg(game string, args []string) (cram.Board, error) {
	if len(args) != 1 {
		return cram.Board{}, &games.ArgError{Arg: "solve " + game, Problem: "takes one board, such as 3x4 or '+++/+-+' (rows separated by '/')"}
	}
	b, err := cram.Parse(args[0])
	if err != nil {
		var be *cram.BoardError
		if errors.As(err, &be) {
			return cram.Board{}, &games.ArgError{Arg: "board", Value: games.ShortQuote(args[0]), Problem: be.Reason, Allowed: "rows of '+' and '-' of one length separated by '/', or MxN"}
		}
		var re *grundy.RangeError
		if errors.As(err, &re) {
			return cram.Board{}, &games.ArgError{Arg: "board", Value: games.ShortQuote(args[0]), Problem: fmt.Sprintf("has %s %d", re.Arg, re.Value), Allowed: fmt.Sprintf("%d to %d", re.Min, re.Max)}
		}
		return cram.Board{}, err
	}
	return b, nil
}

// answerCram answers one Cram board by the engine.
func answerCram(ctx context.Context, args []string) (*games.Answer, error) {
	b, err := cramBoardArg("cram", args)
	if err != nil {
		return nil, err
	}
	t, err := cram.NewTable(cramSolveTable)
	if err != nil {
		return nil, err
	}
	a, err := cram.Solve(ctx, b, t, grundy.Options{})
	if err != nil {
		var re *grundy.RangeError
		if errors.As(err, &re) {
			return nil, &games.ArgError{Arg: "board", Value: games.ShortQuote(args[0]), Problem: fmt.Sprintf("has a region whose box covers %d cells", re.Value),
				Allowed: fmt.Sprintf("regions of one row or column, or in a box of at most %d cells", cram.RegionCellsMax)}
		}
		return nil, err
	}
	return &games.Answer{Game: "cram", Position: b.String(), Grundy: games.Int64Ptr(int64(a.Nimber)), Win: a.Win,
		WinningMoves: append([]cram.Move{}, a.WinningMoves...), Source: "computed"}, nil
}

// cramLookup answers an empty m x n board from cram/boards (either
// orientation: the transposed board's moves are turned).
var cramLookup = &games.TableLookup{Table: "boards", Open: func(game string, t games.Tables) func(ctx context.Context, args []string) (*games.Answer, error) {
	return func(ctx context.Context, args []string) (*games.Answer, error) {
		b, err := cramBoardArg(game, args)
		if err != nil {
			return nil, err
		}
		ms, err := t.Int32s("boards", "m")
		if err != nil {
			return nil, err
		}
		ns, err := t.Int32s("boards", "n")
		if err != nil {
			return nil, err
		}
		nims, err := t.Int32s("boards", "nimber")
		if err != nil {
			return nil, err
		}
		moves, err := t.Int32Lists("boards", "winning_moves")
		if err != nil {
			return nil, err
		}
		full := true
		for r := 0; r < b.Rows; r++ {
			for c := 0; c < b.Cols; c++ {
				full = full && b.Free(r, c)
			}
		}
		m, n := int32(min(b.Rows, b.Cols)), int32(max(b.Rows, b.Cols))
		for i := range ms {
			if !full || ms[i] != m || ns[i] != n {
				continue
			}
			out := []cram.Move{}
			for _, code := range moves[i] {
				mv := cramMoveOf(code, int(n))
				if int32(b.Rows) != m { // the table's board, turned
					mv = cram.Move{Row: mv.Col, Col: mv.Row, Down: !mv.Down}
				}
				out = append(out, mv)
			}
			if int32(b.Rows) != m {
				cramSortMoves(out)
			}
			return &games.Answer{Game: game, Position: b.String(), Grundy: games.Int64Ptr(int64(nims[i])), Win: nims[i] != 0,
				WinningMoves: out, Source: t.Source("boards")}, nil
		}
		return nil, &games.BoundsError{Game: game, Position: b.String(),
			Holds: fmt.Sprintf("%s holds the empty m x n boards up to its max_cells", t.Path("boards"))}
	}
}}

// cramSortMoves puts moves in the engine's order: by row, column, right
// before down.
func cramSortMoves(ms []cram.Move) {
	less := func(x, y cram.Move) bool {
		if x.Row != y.Row {
			return x.Row < y.Row
		}
		if x.Col != y.Col {
			return x.Col < y.Col
		}
		return !x.Down && y.Down
	}
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && less(ms[j], ms[j-1]); j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// cramRedraw draws the figure and findings again from cram/boards.
func cramRedraw(game string, bounds json.RawMessage, cols games.Columns) (run func(ctx context.Context, s games.Sink) error, skipped []string, err error) {
	ms, err := cols.Int32s("boards", "m")
	if err != nil {
		return nil, nil, err
	}
	ns, err := cols.Int32s("boards", "n")
	if err != nil {
		return nil, nil, err
	}
	nims, err := cols.Int32s("boards", "nimber")
	if err != nil {
		return nil, nil, err
	}
	return func(ctx context.Context, s games.Sink) error { return cramFindings(ctx, s, ms, ns, nims) }, nil, nil
}
