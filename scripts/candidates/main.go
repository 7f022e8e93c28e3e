// Command candidates measures the candidate-period rule of package analysis:
// for every octal code of up to three digits after the point (0.d1d2d3, 511 codes) it computes the Grundy
// values to 2^20 and, for each shorter prefix (2^12, 2^14, 2^16), asks
// analysis.Study what the prefix shows. Every period the prefix reports but
// does not prove (a candidate) is checked against the values to 2^20; a
// candidate the longer values break is false. It prints one line per candidate
// and a table of counts.
//
//	go run ./scripts/candidates [-max 20] [-workers 2]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"sort"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/tabulate-games/tabulate/analysis"
	"github.com/tabulate-games/tabulate/grundy"
	"github.com/tabulate-games/tabulate/grundy/octal"
)

func main() {
	maxExp := flag.Int("max", 20, "check candidates against the values to 2^max")
	workers := flag.Int("workers", 2, "codes computed at once")
	flag.Parse()
	prefixes := []int{12, 14, 16}

	var codes []string
	for d1 := 0; d1 < 8; d1++ {
		for d2 := 0; d2 < 8; d2++ {
			for d3 := 0; d3 < 8; d3++ {
				if d1+d2+d3 == 0 {
					continue // 0.000 has no moves
				}
				codes = append(codes, strings.TrimRight(fmt.Sprintf("0.%d%d%d", d1, d2, d3), "0"))
			}
		}
	}

	type key struct {
		exp    int
		status analysis.Status
		arith  bool
	}
	var mu sync.Mutex
	counts := map[key]int{}
	falses := map[key]int{}
	var lines []string

	g, ctx := errgroup.WithContext(context.Background())
	g.SetLimit(*workers)
	for _, s := range codes {
		g.Go(func() error {
			c, err := octal.Parse(s)
			if err != nil {
				return err
			}
			t := c.MaxRemove()
			th := analysis.Theorems{Period: func(seq []int32, p analysis.Period) analysis.Proof {
				return analysis.ProveOctal(seq, p, t)
			}}
			// The values to the longest prefix first; only a code with a
			// candidate at some prefix needs the values to 2^max.
			last := prefixes[len(prefixes)-1]
			vals, err := octal.Values(ctx, c, 1<<last, grundy.Options{Workers: 1})
			if err != nil {
				return fmt.Errorf("%s: %w", s, err)
			}
			for _, e := range prefixes {
				if st := analysis.Study(vals[:1<<e], th).Status; st != analysis.Proven && st != analysis.None {
					if vals, err = octal.Values(ctx, c, 1<<*maxExp, grundy.Options{Workers: 1}); err != nil {
						return fmt.Errorf("%s: %w", s, err)
					}
					break
				}
			}
			for _, e := range prefixes {
				r := analysis.Study(vals[:1<<e], th)
				if r.Status == analysis.Proven || r.Status == analysis.None {
					continue
				}
				arith := r.Arithmetic.Found
				p, n0, saltus := r.Period.Period, r.Period.Preperiod, int32(0)
				if arith {
					p, n0, saltus = r.Arithmetic.Period, r.Arithmetic.Preperiod, int32(r.Arithmetic.Saltus)
				}
				brk := -1
				for n := n0; n+p < len(vals); n++ {
					if vals[n+p] != vals[n]+saltus {
						brk = n + p
						break
					}
				}
				k := key{e, r.Status, arith}
				mu.Lock()
				counts[k]++
				verdict := "holds"
				if brk >= 0 {
					falses[k]++
					verdict = fmt.Sprintf("FALSE, broken at n = %d", brk)
				}
				lines = append(lines, fmt.Sprintf("%s at 2^%d: %s period %d saltus %d from n = %d (%d periods): %s",
					s, e, r.Status, p, saltus, n0, r.Periods, verdict))
				mu.Unlock()
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		log.Fatal(err)
	}
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Println(l)
	}
	var keys []key
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].exp != keys[j].exp {
			return keys[i].exp < keys[j].exp
		}
		if keys[i].status != keys[j].status {
			return keys[i].status < keys[j].status
		}
		return !keys[i].arith && keys[j].arith
	})
	fmt.Fprintf(os.Stdout, "%d codes, candidates checked against values to 2^%d\n", len(codes), *maxExp)
	for _, k := range keys {
		fmt.Printf("2^%d %-9s arithmetic=%-5v candidates %4d false %4d\n", k.exp, k.status, k.arith, counts[k], falses[k])
	}
}
