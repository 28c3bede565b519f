package routers

import (
	"fmt"
	"slices"
)

// Describe names c as one line: the router, n, port model, queue, pattern
// and μ, then every other parameter not at its default, and those of the
// router's own that it uses (Param.Used); a fault list by its size.
func (c Config) Describe() string {
	b := fmt.Sprintf("%s n=%d %v-port queue=%v pattern=%s mu=%d", c.Router, c.N, c.Port, c.Queue, c.Pattern, c.Mu)
	var own []*Param
	if k, err := Lookup(c.Router); err == nil {
		own = k.Params
	}
	for _, p := range Params {
		switch p.Name {
		case "router", "n", "port", "queue", "pattern", "mu", "faults":
			continue // above
		}
		v := p.Get(c)
		uses := slices.Contains(own, p) && (p.Used == nil || p.Used(c))
		if v != p.Default || uses {
			b += " " + p.Name + "=" + v
		}
	}
	if c.FaultList != "" {
		b += fmt.Sprintf(" fault list of %d failed edges", c.FaultList.Len())
	}
	return b
}
