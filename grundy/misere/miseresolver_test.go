package misere

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabulate-games/tabulate/grundy/octal"
)

// Side by side with Aaron Siegel's MisereSolver (CGSuite's
// org.cgsuite.core.misere.solver), built and run by the run.sh of the
// folder TABULATE_MISERESOLVER_DIR names (a checkout of it, not part of
// the repository, built with Debian's Scala). It runs only with
// TABULATE_MISERESOLVER_TEST=1 and then fails, saying why, where the
// peer is missing or does not run (as the Slurm test does): for the 63
// codes 0.d1d2 to heap 30, wherever both programs compute the quotient,
// the order, the P-portion's size, the expansion heaps and, heap by heap,
// whether Φ(n) is in P agree, and so does the verdict: MisereSolver's
// "Solution Found at Heap S" with its period and preperiod exactly when
// tabulate's quotient to heap S is Solved with them and its quotient to
// heap S-1 is not; "No Solution Found by Heap 30" exactly when tabulate's
// quotient to 30 is not Solved.

// msResult is what MisereSolver printed for one code.
type msResult struct {
	order, p   int
	expansions []int
	inP        []bool // heap -> Φ(n) in P, for heaps 0..last
	solvedAt   int    // the heap of "Solution Found", -1 for none
	period     int
	preperiod  int
	exceeded   bool // "Quotient size exceeded!"
	unknownP   bool // the last presentation is a tame T3, T4, ...: inP nil
}

// msTimeout bounds one run of MisereSolver: some codes (0.06) grow
// quotients it computes for many minutes, and tabulate stops earlier at its
// order bound; such codes are compared by neither.
const msTimeout = 90 * time.Second

var (
	msChanged  = regexp.MustCompile(`^=== Presentation Changed at Heap (\d+) ===`)
	msSizes    = regexp.MustCompile(`^\|Q\| = (\d+); \|P\| = (\d+)`)
	msPortion  = regexp.MustCompile(`; P = \{([^}]*)\}$`)
	msTame     = regexp.MustCompile(`^\(Q,P\) = (T\d+)$`)
	msSolution = regexp.MustCompile(`^=== Solution Found at Heap (\d+) ===`)
	msField    = regexp.MustCompile(`^(Period|Preperiod)\s*:\s*(\d+)`)
)

// parseMisereSolver reads MisereSolver's output: the last presentation's
// sizes and P-portion, the last "Phi = " line (every heap's element, the
// later heaps printed on the same line), the expansions and the verdict.
func parseMisereSolver(out []byte) (msResult, error) {
	r := msResult{solvedAt: -1}
	var pset map[string]bool
	var phi []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case msChanged.MatchString(line):
			n, _ := strconv.Atoi(msChanged.FindStringSubmatch(line)[1])
			r.expansions = append(r.expansions, n)
		case msSizes.MatchString(line):
			m := msSizes.FindStringSubmatch(line)
			r.order, _ = strconv.Atoi(m[1])
			r.p, _ = strconv.Atoi(m[2])
		case msTame.MatchString(line):
			// The tame quotients of Plambeck and Siegel: T1 = ⟨a | a² = 1⟩
			// with P = {a}; T2 = ⟨a, b | a² = 1, b³ = b⟩ with P = {a, b²}.
			switch msTame.FindStringSubmatch(line)[1] {
			case "T1":
				pset = map[string]bool{"a": true}
			case "T2":
				pset = map[string]bool{"a": true, "b2": true}
			default:
				pset, r.unknownP = nil, true // T3 and up: not compared
			}
		case strings.HasPrefix(line, "Q = ") && msPortion.MatchString(line):
			pset, r.unknownP = map[string]bool{}, false
			for _, w := range strings.Split(msPortion.FindStringSubmatch(line)[1], ",") {
				pset[strings.TrimSpace(w)] = true
			}
		case strings.HasPrefix(line, "Phi = "):
			phi = strings.Fields(strings.TrimPrefix(line, "Phi = "))
		case msSolution.MatchString(line):
			r.solvedAt, _ = strconv.Atoi(msSolution.FindStringSubmatch(line)[1])
		case msField.MatchString(line):
			m := msField.FindStringSubmatch(line)
			v, _ := strconv.Atoi(m[2])
			if m[1] == "Period" {
				r.period = v
			} else {
				r.preperiod = v
			}
		case strings.Contains(line, "Quotient size exceeded"):
			r.exceeded = true
		}
	}
	if err := sc.Err(); err != nil {
		return r, err
	}
	if pset == nil && len(phi) > 0 && !r.unknownP {
		return r, errors.New("no P-portion printed")
	}
	for _, w := range phi {
		if r.unknownP {
			break
		}
		r.inP = append(r.inP, pset[w])
	}
	return r, nil
}

func TestAgainstMisereSolver(t *testing.T) {
	if os.Getenv("TABULATE_MISERESOLVER_TEST") != "1" {
		t.Skip("set TABULATE_MISERESOLVER_TEST=1 and TABULATE_MISERESOLVER_DIR (a checkout of MisereSolver with its run.sh; Scala from apt) to compare with MisereSolver")
	}
	dir := os.Getenv("TABULATE_MISERESOLVER_DIR")
	if dir == "" {
		t.Fatal("TABULATE_MISERESOLVER_TEST=1 but TABULATE_MISERESOLVER_DIR is not set: it names the folder of MisereSolver's run.sh")
	}
	run, err := filepath.Abs(filepath.Join(dir, "run.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(run); err != nil {
		t.Fatalf("TABULATE_MISERESOLVER_TEST=1 but MisereSolver is not at %s (TABULATE_MISERESOLVER_DIR): %v", run, err)
	}
	const maxHeap = 30
	compared, solved := 0, 0
	var skipped []string
	for d1 := 0; d1 < 8; d1++ {
		for d2 := 0; d2 < 8; d2++ {
			if d1+d2 == 0 {
				continue
			}
			code := fmt.Sprintf("0.%d%d", d1, d2)
			if only := os.Getenv("TABULATE_MISERESOLVER_CODES"); only != "" && !slices.Contains(strings.Split(only, ","), code) {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), msTimeout)
			out, err := exec.CommandContext(ctx, run, "--maxheap", strconv.Itoa(maxHeap), code).CombinedOutput()
			late := ctx.Err() != nil
			cancel()
			if late {
				skipped = append(skipped, code)
				continue // MisereSolver does not reach heap 30 in time
			}
			if err != nil {
				t.Fatalf("%s: MisereSolver did not run (%v):\n%s", code, err, out)
			}
			ms, err := parseMisereSolver(out)
			if err != nil {
				t.Fatalf("%s: MisereSolver's output: %v\n%s", code, err, out)
			}
			if ms.exceeded {
				continue // not computed by MisereSolver
			}
			top := maxHeap
			if ms.solvedAt >= 0 {
				top = ms.solvedAt
			}
			c, err := octal.Parse(code)
			if err != nil {
				t.Fatal(err)
			}
			q, err := QuotientOf(context.Background(), Octal(c), top, QuotientLimits{})
			var se *QuotientSizeError
			var qe *QuotientSearchError
			if errors.As(err, &se) || errors.As(err, &qe) {
				continue // not computed by tabulate
			} else if err != nil {
				t.Fatal(err)
			}
			compared++
			var inP []bool
			for n := 0; n <= q.Max(); n++ {
				inP = append(inP, q.IsP(q.Heap(n)))
			}
			if ms.unknownP {
				inP = nil // MisereSolver names a tame quotient T3, T4, ... without its P-portion
			}
			if q.Order() != ms.order || len(q.PPortion()) != ms.p || !slices.Equal(q.Expansions(), ms.expansions) || !slices.Equal(inP, ms.inP) {
				t.Errorf("%s to heap %d: tabulate |Q| %d, |P| %d, expansions %v, Φ in P %v; MisereSolver %d, %d, %v, %v",
					code, top, q.Order(), len(q.PPortion()), q.Expansions(), inP, ms.order, ms.p, ms.expansions, ms.inP)
			}
			s, ok := q.Solved()
			if ms.solvedAt < 0 {
				if ok {
					t.Errorf("%s: tabulate solves it to heap %d (%+v), MisereSolver does not", code, maxHeap, s)
				}
				continue
			}
			solved++
			if !ok || s.Period != ms.period || s.Preperiod != ms.preperiod {
				t.Errorf("%s: MisereSolver solves it at heap %d (period %d, preperiod %d); tabulate to that heap: %v %+v", code, top, ms.period, ms.preperiod, ok, s)
			}
			if top > 0 {
				if q1, err := QuotientOf(context.Background(), Octal(c), top-1, QuotientLimits{}); err == nil {
					if s1, ok := q1.Solved(); ok {
						t.Errorf("%s: tabulate solves it at heap %d (%+v), MisereSolver only at %d", code, top-1, s1, top)
					}
				}
			}
		}
	}
	t.Logf("compared %d codes (%d solved by both); MisereSolver past %v: %v", compared, solved, msTimeout, skipped)
	if compared < 40 && os.Getenv("TABULATE_MISERESOLVER_CODES") == "" {
		t.Errorf("only %d codes compared", compared)
	}
}
