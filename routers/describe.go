package routers

import (
	"fmt"
	"slices"
	"strings"
)

// Describe names c as one line: the router, n, port model, queue, pattern
// and μ, then every other parameter not at its default, and those of the
// router's own that it uses (Param.Used); a fault list by its size.
func (c Config) Describe() string {
	b := fmt.Sprintf("%s n=%d %v-port queue=%v pattern=%s mu=%d", c.Router, c.N, c.Port, c.Queue, c.Pattern, c.Mu)
	for _, p := range Params {
		switch p.Name {
		case "router", "n", "port", "queue", "pattern", "mu", "faults":
			continue // above
		}
		if v := p.Get(c); v != p.Default || p.Own && p.Applies(c) {
			b += " " + p.Name + "=" + v
		}
	}
	if c.FaultList != "" {
		b += fmt.Sprintf(" fault list of %d failed edges", c.FaultList.Len())
	}
	return b
}

// Applies reports whether p is a parameter of c's router: a common one, or
// one of its own that it uses in c (Param.Used).
func (p *Param) Applies(c Config) bool {
	if !p.Own {
		return true
	}
	k, err := Lookup(c.Router)
	return err == nil && slices.Contains(k.Params, p) && (p.Used == nil || p.Used(c))
}

// Common names what the configurations cs have in common, as Describe
// names one: the router, the port model, queue, pattern and μ, and every
// other parameter not at its default or that applies, where all of cs
// agree on it.
func Common(cs []Config) string {
	var b []string
	first := []string{"router", "n", "port", "queue", "pattern", "mu"}
	ps := slices.Clone(Params)
	slices.SortStableFunc(ps, func(p, q *Param) int { return rank(first, p.Name) - rank(first, q.Name) })
	for _, p := range ps {
		v := p.Get(cs[0])
		if slices.ContainsFunc(cs, func(c Config) bool { return p.Get(c) != v }) {
			continue
		}
		switch p.Name {
		case "router":
			b = append(b, v)
		case "port":
			b = append(b, v+"-port")
		case "n", "queue", "pattern", "mu":
			b = append(b, p.Name+"="+v)
		case "faults":
			if v != "" {
				b = append(b, fmt.Sprintf("fault list of %d failed edges", cs[0].FaultList.Len()))
			}
		default:
			if v != p.Default || p.Own && !slices.ContainsFunc(cs, func(c Config) bool { return !p.Applies(c) }) {
				b = append(b, p.Name+"="+v)
			}
		}
	}
	return strings.Join(b, " ")
}

// rank is the place of name in first, len(first) if it is not there.
func rank(first []string, name string) int {
	if i := slices.Index(first, name); i >= 0 {
		return i
	}
	return len(first)
}
