package report

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/output"
)

// dataTable is a census table: one row per code (or set), sortable by any
// column and filtered by the page's script.
type dataTable struct {
	Family  string
	ID      string
	Source  fileView
	Columns []tableColumn
	Rows    []tableRow
	Total   int
	Notes   []string
}

// tableColumn is a column's name and whether it sorts as numbers.
type tableColumn struct {
	Name    string
	Numeric bool
}

// tableRow is one code's row: an id to link to, its cells, and the
// section of the run's game with the same rules, if any.
type tableRow struct {
	ID     string
	Key    string
	Cells  []tableCell
	Values string // "#game-..." when a game of the run has these rules
	Game   string
}

// tableCell is one value, linked to the row it names (a class, the nearest
// game, the code computed as) when that row is in the table.
type tableCell struct {
	Text string
	Href string
}

// readCensus reads a census table from its CSV (code or set first, then
// the census columns; output's Parquet readers read no string columns).
func readCensus(r *reader, f output.File) (*dataTable, error) {
	data, err := r.bytes(f.Path, CensusBytes)
	if err != nil {
		return nil, err
	}
	records, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("report: read %s: %w", f.Path, err)
	}
	t := &dataTable{Family: f.Table, ID: "census-" + safeID(f.Table), Source: newFileView(f)}
	if len(records) == 0 {
		t.Notes = append(t.Notes, f.Path+" is empty")
		return t, nil
	}
	header, body := records[0], records[1:]
	t.Total = len(body)
	if len(body) > CensusRows {
		t.Notes = append(t.Notes, fmt.Sprintf("the first %d rows of %d: see %s for all", CensusRows, len(body), f.Path))
		body = body[:CensusRows]
	}
	for k, name := range header {
		numeric := true
		for _, rec := range body {
			if k < len(rec) && rec[k] != "" {
				if _, err := strconv.ParseInt(rec[k], 10, 64); err != nil {
					numeric = false
					break
				}
			}
		}
		t.Columns = append(t.Columns, tableColumn{Name: name, Numeric: numeric})
	}
	keys := map[string]bool{}
	for _, rec := range body {
		if len(rec) > 0 {
			keys[rowKey(rec[0])] = true
		}
	}
	linked := map[string]bool{"class": true, "nearest": true, "computed_as": true}
	for _, rec := range body {
		row := tableRow{}
		if len(rec) > 0 {
			row.Key = rowKey(rec[0])
			row.ID = t.ID + "-" + safeID(row.Key)
		}
		for k, v := range rec {
			c := tableCell{Text: v}
			if k < len(header) && linked[header[k]] && keys[rowKey(v)] {
				c.Href = "#" + t.ID + "-" + safeID(rowKey(v))
			}
			row.Cells = append(row.Cells, c)
		}
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}

// rowKey names a row by its game: an octal code as it is, a subtraction
// set as {1,3,4}, whether the cell writes it [1,3,4] (the set column, and
// since they share its format class, nearest and computed_as) or {1,3,4}
// (those three in tables written before).
func rowKey(first string) string {
	if strings.HasPrefix(first, "[") && strings.HasSuffix(first, "]") {
		return "{" + first[1:len(first)-1] + "}"
	}
	return first
}

// safeID keeps the characters of an HTML id that need no escaping anywhere
// and writes the others as _XX (their bytes in hexadecimal), so that
// distinct keys give distinct ids.
func safeID(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "_%02X", c)
		}
	}
	return b.String()
}

// linkCensus links each census row to the section of the game of the run
// with the same rules (octal 0.77 to kayles), where its values are shown:
// the census itself keeps no values per code.
func linkCensus(games []*gameView) {
	byRules := map[string]*gameView{}
	for _, g := range games {
		if g.Rules != "" {
			byRules[g.Rules] = g
		}
	}
	for _, g := range games {
		for _, t := range g.Tables {
			for i := range t.Rows {
				if h := byRules[t.Family+" "+t.Rows[i].Key]; h != nil {
					t.Rows[i].Values, t.Rows[i].Game = "#"+h.ID, h.Name
				}
			}
		}
	}
}
