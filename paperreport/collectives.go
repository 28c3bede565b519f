package paperreport

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
)

// Collective is one cube algorithm of collectives-bounds against the lower
// bounds of the all-port, store-and-forward, non-combining Q_n.
type Collective struct {
	Op, Algo string
	Ns       []int // the dimensions run
	// Steps, Blocks and Work say how ρ, ρ_m and η compare with their
	// bounds over the dimensions run.
	Steps, Blocks, Work string
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

// Collectives reads collectives-bounds and compares every algorithm's ρ,
// ρ_m and η with their lower bounds, in the order of the rows.
func Collectives(dir string) ([]Collective, error) {
	s, x, err := trialsOf(dir, "collectives-bounds", "collectives", []string{"op", "algo"},
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
		out[i] = Collective{k.op, k.algo, a.ns, a.steps.String(), a.blocks.String(), a.eta.String(), a.below}
	}
	return out, nil
}

// Verdict says whether the algorithm respects the lower bounds.
func (c Collective) Verdict() string {
	if len(c.Below) > 0 {
		return "contradicts the lower bound: " + strings.Join(c.Below, "; ")
	}
	return fmt.Sprintf("never below a bound, n = %s", span(c.Ns))
}
