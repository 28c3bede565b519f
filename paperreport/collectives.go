package paperreport

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
)

// Collective is one cube algorithm of collectives-bounds against the lower
// bounds of the all-port, store-and-forward Q_n.
type Collective struct {
	Op, Algo string
	Ns       []int // the dimensions run
	// Steps says how ρ, the steps, compares with the bound that holds even
	// if messages combine blocks (for the all-gather and total exchange the
	// diameter); Blocks how ρ_m, the steps of the non-combining model,
	// compares with Lemma 1's ρ; Work how η compares with Lemma 1's η.
	Steps, Blocks, Work string
	// Attains: ρ_m and η equal Lemma 1's bounds at every n run.
	Attains bool
	// Below names the runs faster than a lower bound, which contradicts it.
	Below []string
}

// measure compares a measure with its lower bound over the runs.
type measure struct {
	lo, hi   float64 // ratio to the bound
	hiN      int     // where the ratio is hi
	runs     int
	bounded  bool // some run has a bound
	allEqual bool
}

func (m *measure) add(value, bound float64, n int) (below bool) {
	if math.IsNaN(bound) || bound <= 0 {
		return false
	}
	r := value / bound
	if !m.bounded {
		m.lo, m.hi, m.allEqual = r, r, true
	}
	m.bounded, m.runs = true, m.runs+1
	m.allEqual = m.allEqual && value == bound
	m.lo = math.Min(m.lo, r)
	if r >= m.hi {
		m.hi, m.hiN = r, n
	}
	return value < bound
}

func (m measure) String() string {
	switch {
	case !m.bounded:
		return "no bound"
	case m.allEqual:
		return "meets it at every n"
	}
	return fmt.Sprintf("%s … %s× (%s× at n=%d)", num(m.lo), num(m.hi), num(m.hi), m.hiN)
}

// Collectives reads collectives-bounds in the results directory dir and
// compares every algorithm's ρ, ρ_m and η with their lower bounds, in the
// order of the rows.
func Collectives(dir string) ([]Collective, error) { return collectives(results{dir: dir}) }

func collectives(rs results) ([]Collective, error) {
	s, x, err := trialsOf(rs, "collectives-bounds", "collectives", []string{"op", "algo"},
		[]string{"p", "rho", "rho_m", "eta", "bound_steps", "bound_rho", "bound_eta"})
	if err != nil {
		return nil, err
	}
	type key struct{ op, algo string }
	var order []key
	type acc struct {
		ns                 []int
		steps, blocks, eta measure
		below              []string
	}
	accs := map[key]*acc{}
	for i, op := range s["op"] {
		k := key{op, s["algo"][i]}
		a := accs[k]
		if a == nil {
			a = &acc{}
			accs[k], order = a, append(order, k)
		}
		n := bits.Len64(uint64(x["p"][i])) - 1
		a.ns = append(a.ns, n)
		for _, m := range []struct {
			name         string
			m            *measure
			value, bound float64
		}{
			{"ρ", &a.steps, x["rho"][i], x["bound_steps"][i]},
			{"ρ_m", &a.blocks, x["rho_m"][i], x["bound_rho"][i]},
			{"η", &a.eta, x["eta"][i], x["bound_eta"][i]},
		} {
			if m.m.add(m.value, m.bound, n) {
				a.below = append(a.below, fmt.Sprintf("n=%d: %s = %s < %s", n, m.name, num(m.value), num(m.bound)))
			}
		}
	}
	out := make([]Collective, len(order))
	for i, k := range order {
		a := accs[k]
		out[i] = Collective{k.op, k.algo, a.ns, a.steps.String(), a.blocks.String(), a.eta.String(),
			a.blocks.bounded && a.blocks.allEqual && a.eta.bounded && a.eta.allEqual, a.below}
	}
	return out, nil
}

// lemma1Ops are the operations of Lemma 1 of the lecture.
var lemma1Ops = []string{"oab", "aab", "oas", "aas"}

func checkLemma1(rs results) (Verdict, error) {
	cs, err := collectives(rs)
	if err != nil {
		return Verdict{}, err
	}
	runs := 0
	var below []string
	var ns []int
	for _, c := range cs {
		if slices.Contains(lemma1Ops, c.Op) {
			runs += len(c.Ns)
			ns = append(ns, c.Ns...)
			for _, b := range c.Below {
				below = append(below, c.Op+" "+c.Algo+", "+b)
			}
		}
	}
	if runs == 0 {
		return notMeasured("collectives-bounds has no run of oab, aab, oas or aas"), nil
	}
	v := Verdict{Measured: fmt.Sprintf("ρ_m (steps, one per block of the largest message) and η (block-hops) of every cube algorithm of the four operations, all-port, store-and-forward, m = 1, n = %s: %d runs", span(ns), runs)}
	if len(below) > 0 {
		v.Kind, v.Why = Contradicted, "contradicted: "+strings.Join(below, "; ")
		return v, nil
	}
	v.Kind, v.Why, v.Power = Holds, fmt.Sprintf("holds: no run below a bound in %d runs", runs), "exact: every run's ρ_m and η counted, no sampling"
	return v, nil
}

func checkLemma1Attained(rs results) (Verdict, error) {
	cs, err := collectives(rs)
	if err != nil {
		return Verdict{}, err
	}
	best := map[string][]string{}
	seen := map[string]bool{}
	var ns []int
	for _, c := range cs {
		if !slices.Contains(lemma1Ops, c.Op) {
			continue
		}
		seen[c.Op] = true
		ns = append(ns, c.Ns...)
		if c.Attains {
			best[c.Op] = append(best[c.Op], c.Algo)
		}
	}
	var have, missing []string
	for _, op := range lemma1Ops {
		switch {
		case !seen[op]:
			missing = append(missing, op+" (not run)")
		case len(best[op]) == 0:
			missing = append(missing, op)
		default:
			have = append(have, op+": "+strings.Join(best[op], ", "))
		}
	}
	v := Verdict{Measured: fmt.Sprintf("per operation, the algorithms whose ρ_m and η equal Lemma 1's bounds at every n = %s: %s", span(ns), strings.Join(have, "; "))}
	if len(missing) > 0 {
		v.Kind, v.Why = Contradicted, "not attained by any algorithm run for "+strings.Join(missing, ", ")
		return v, nil
	}
	v.Kind, v.Why, v.Power = Holds, "holds: every bound of the lemma is attained exactly, both ρ and η by one algorithm per operation", "exact: every run counted, no sampling"
	return v, nil
}

// Verdict says whether the algorithm respects the lower bounds.
func (c Collective) Verdict() string {
	if len(c.Below) > 0 {
		return "contradicts the lower bound: " + strings.Join(c.Below, "; ")
	}
	return fmt.Sprintf("never below a bound, n = %s", span(c.Ns))
}
