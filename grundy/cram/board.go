package cram

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/grundy/internal/engine"
)

// BoardCellsMax is the most cells (free or taken) a board may have: its
// grid is held as one byte a cell.
const BoardCellsMax = 1 << 20

// RegionCellsMax is the most cells the bounding box of one region may
// cover, unless the region is a single row or column: a region is held as
// a 64-bit set of the cells of its box. Every rectangle up to 8 x 8 and
// every board of at most 64 cells fits.
const RegionCellsMax = 64

// Board is a Cram position: Rows rows of Cols cells, each free or taken.
type Board struct {
	Rows, Cols int
	free       []bool // row-major
}

// Rect returns the empty m x n board, every cell free. m or n outside
// 1..BoardCellsMax, or m*n past it, is a *grundy.RangeError.
func Rect(m, n int) (Board, error) {
	if err := engine.CheckRange("cram.Rect", "rows", int64(m), 1, BoardCellsMax); err != nil {
		return Board{}, err
	}
	if err := engine.CheckRange("cram.Rect", "cols", int64(n), 1, BoardCellsMax); err != nil {
		return Board{}, err
	}
	if err := engine.CheckRange("cram.Rect", "cells", int64(m)*int64(n), 1, BoardCellsMax); err != nil {
		return Board{}, err
	}
	b := Board{Rows: m, Cols: n, free: make([]bool, m*n)}
	for i := range b.free {
		b.free[i] = true
	}
	return b, nil
}

// BoardError is a board string that is not rows of '+' and '-' of one
// length.
type BoardError struct {
	Board  string
	Reason string
}

// Error reads like `cram board "++/+": row 2 has 1 cells, row 1 has 2`.
func (e *BoardError) Error() string {
	return fmt.Sprintf("cram board %q: %s", e.Board, e.Reason)
}

// Parse reads a board written as its rows of '+' (free) and '-' (taken),
// top to bottom, separated by '/' or a newline ("+++/+-+"), or as MxN for
// the empty m x n board ("3x4"). Rows of different lengths, another
// character or an empty board is a *BoardError; a board past BoardCellsMax
// cells a *grundy.RangeError.
func Parse(s string) (Board, error) {
	if m, n, ok := parseRect(s); ok {
		return Rect(m, n)
	}
	text := strings.TrimSpace(s)
	if text == "" {
		return Board{}, &BoardError{Board: s, Reason: "empty; write rows of '+' and '-' separated by '/', or MxN"}
	}
	rows := strings.FieldsFunc(text, func(r rune) bool { return r == '/' || r == '\n' })
	if len(rows) == 0 {
		return Board{}, &BoardError{Board: s, Reason: "no rows; write rows of '+' and '-' separated by '/', or MxN"}
	}
	if err := engine.CheckRange("cram.Parse", "cells", int64(len(rows))*int64(len(rows[0])), 1, BoardCellsMax); err != nil {
		return Board{}, err
	}
	b := Board{Rows: len(rows), Cols: len(rows[0]), free: make([]bool, 0, len(rows)*len(rows[0]))}
	for i, row := range rows {
		row = strings.TrimSpace(row)
		if len(row) != b.Cols {
			return Board{}, &BoardError{Board: s, Reason: fmt.Sprintf("row %d has %d cells, row 1 has %d", i+1, len(row), b.Cols)}
		}
		for j := 0; j < len(row); j++ {
			switch row[j] {
			case '+':
				b.free = append(b.free, true)
			case '-':
				b.free = append(b.free, false)
			default:
				return Board{}, &BoardError{Board: s, Reason: fmt.Sprintf("row %d, column %d: %q is not '+' (free) or '-' (taken)", i+1, j+1, rune(row[j]))}
			}
		}
	}
	return b, nil
}

// parseRect reads "MxN" (or "MXN", "M×N").
func parseRect(s string) (m, n int, ok bool) {
	s = strings.TrimSpace(s)
	for _, sep := range []string{"x", "X", "×"} {
		a, b, found := strings.Cut(s, sep)
		if !found {
			continue
		}
		m, err1 := strconv.Atoi(a)
		n, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil {
			return 0, 0, false
		}
		return m, n, true
	}
	return 0, 0, false
}

// Free reports whether cell (r, c) is free; cells off the board are not.
func (b Board) Free(r, c int) bool {
	return r >= 0 && r < b.Rows && c >= 0 && c < b.Cols && b.free[r*b.Cols+c]
}

// String writes the board as Parse reads it, rows separated by '/'.
func (b Board) String() string {
	var sb strings.Builder
	for r := 0; r < b.Rows; r++ {
		if r > 0 {
			sb.WriteByte('/')
		}
		for c := 0; c < b.Cols; c++ {
			if b.free[r*b.Cols+c] {
				sb.WriteByte('+')
			} else {
				sb.WriteByte('-')
			}
		}
	}
	return sb.String()
}

// Move covers cell (Row, Col) and the cell to its right, or below it when
// Down is set; rows and columns count from 0.
type Move struct {
	Row, Col int
	Down     bool
}

// String writes the two cells the move covers, 0-based, as "r,c-r,c".
func (m Move) String() string {
	r2, c2 := m.Row, m.Col+1
	if m.Down {
		r2, c2 = m.Row+1, m.Col
	}
	return fmt.Sprintf("%d,%d-%d,%d", m.Row, m.Col, r2, c2)
}

// Play returns the board after move m, or false if m does not cover two
// free cells.
func (b Board) Play(m Move) (Board, bool) {
	r2, c2 := m.Row, m.Col+1
	if m.Down {
		r2, c2 = m.Row+1, m.Col
	}
	if !b.Free(m.Row, m.Col) || !b.Free(r2, c2) {
		return Board{}, false
	}
	out := Board{Rows: b.Rows, Cols: b.Cols, free: append([]bool(nil), b.free...)}
	out.free[m.Row*b.Cols+m.Col] = false
	out.free[r2*b.Cols+c2] = false
	return out, true
}
