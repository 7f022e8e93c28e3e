package census

import (
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// Redraw draws the census figures again from the census tables of the
// output folder from, as the manifest m of that folder lists them, into
// the folder to (from itself, or the folder of tabulate plot --into),
// through temps, in formats with settings: each family's figures come from
// the rows of census/FAMILY.csv alone (the figures need nothing else), read
// once and checked against the sha256 m lists before any figure is drawn.
// It computes nothing and takes seconds. A family whose CSV the run did not
// write (formats without csv) is listed in skipped with the reason. bounds
// are recorded in the files' entries.
func Redraw(ctx context.Context, from string, m *output.Manifest, to string, temps *output.Temps, formats []string, settings plots.Settings, bounds []byte) (files []output.File, skipped []string, err error) {
	var families []string
	csvs := map[string]bool{}
	for _, f := range m.Files {
		if f.Game != "census" || f.Table == "" || strings.HasSuffix(f.Table, "_timings") {
			continue
		}
		if !slices.Contains(families, f.Table) {
			families = append(families, f.Table)
		}
		if f.Format == output.FormatCSV && f.Path == "census/"+f.Table+".csv" {
			csvs[f.Table] = true
		}
	}
	slices.Sort(families)
	for _, family := range families {
		if err := ctx.Err(); err != nil {
			return files, skipped, err
		}
		if !csvs[family] {
			skipped = append(skipped, fmt.Sprintf("census/%s: its figures are drawn from census/%s.csv, which the run did not write (add csv to formats: and run the census again)", family, family))
			continue
		}
		k := kindOf(family)
		pts, err := readPoints(from, m, k)
		if err != nil {
			return files, skipped, err
		}
		for _, f := range figures(k, pts) {
			fs, err := writeFigure(to, temps, f, formats, settings, bounds)
			if err != nil {
				return files, skipped, err
			}
			files = append(files, fs...)
		}
	}
	return files, skipped, nil
}

// readPoints reads the points of family k from census/FAMILY.csv under
// from, by the rule of output.OpenIn, checking its bytes against the
// manifest's sha256 as it reads them: nothing read is used unless the
// whole file is the one listed.
func readPoints(from string, m *output.Manifest, k kind) ([]point, error) {
	rel := "census/" + k.name + ".csv"
	entry, _ := m.Entry(rel)
	in, err := output.OpenIn(from, rel)
	if err != nil {
		return nil, fmt.Errorf("census: redraw from %s: %w", rel, err)
	}
	defer in.Close()
	h := sha256.New()
	tee := io.TeeReader(in, h)
	pts, perr := parsePoints(tee, rel, k)
	// The rest of the file, past a line that did not parse, is hashed too:
	// a file that is not the one listed is reported as such first.
	if _, err := io.Copy(io.Discard, tee); err != nil {
		return nil, fmt.Errorf("census: redraw from %s: %w", rel, err)
	}
	if sum := hex.EncodeToString(h.Sum(nil)); sum != entry.SHA256 {
		return nil, &output.FileError{Op: "redraw from", Path: in.Name(), Err: output.ErrTampered}
	}
	return pts, perr
}

// parsePoints reads the points of family k from the CSV r (the file rel).
func parsePoints(r io.Reader, rel string, k kind) ([]point, error) {
	cr := csv.NewReader(r)
	cr.ReuseRecord = true
	bad := func(line int, format string, args ...any) error {
		return fmt.Errorf("census: redraw from %s, line %d: %s", rel, line, fmt.Sprintf(format, args...))
	}
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("census: redraw from %s: %w", rel, err)
	}
	col := map[string]int{}
	for i, name := range header {
		col[name] = i
	}
	need := []string{k.column.Name, "period", "preperiod", "proven", "values", "class"}
	if k.behaviour {
		need = append(need, "behaviour")
	}
	for _, name := range need {
		if _, ok := col[name]; !ok {
			return nil, bad(1, "no column %q (the census table has %s)", name, strings.Join(header, ", "))
		}
	}
	var pts []point
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("census: redraw from %s: %w", rel, err)
		}
		get := func(name string) string { return rec[col[name]] }
		var r point
		var perr error
		num := func(name string) int64 {
			s := get(name)
			if s == "" || perr != nil {
				return 0
			}
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil || v < 0 {
				perr = bad(line, "%s %q is not a whole number ≥ 0", name, s)
			}
			return v
		}
		r.name = get(k.column.Name)
		r.found = get("period") != ""
		r.period, r.preperiod, r.values = num("period"), num("preperiod"), num("values")
		r.proven = get("proven") == "true"
		r.class = get("class")
		if k.behaviour {
			r.behaviour = get("behaviour")
		}
		if k.column.Type == output.Int32List {
			inner := strings.Trim(r.name, "[]")
			for _, f := range strings.Split(inner, ",") {
				x, err := strconv.Atoi(f)
				if err != nil || x < 1 {
					return nil, bad(line, "set %q is not a list of elements ≥ 1 such as [1,3,4]", r.name)
				}
				r.size++
				r.largest = max(r.largest, x)
			}
			r.name = "{" + inner + "}"
			if k.name == AllBut {
				r.name = allButName + r.name // as AllButGames names them
			}
		} else {
			r.size = digitsOf(r.name)
		}
		if perr != nil {
			return nil, perr
		}
		if r.proven && (!r.found || r.period < 1) {
			return nil, bad(line, "%s is proven without a period ≥ 1", r.name)
		}
		pts = append(pts, r)
	}
	return pts, nil
}
