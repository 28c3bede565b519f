package routers

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/hyperroute/hyperroute/param"
)

// maxOwn is the number of parameters of their own the registered routers
// may take in all.
const maxOwn = 8

// ownValues holds a Config's values of the routers' own parameters, one
// slot each, "" for the parameter's default.
type ownValues [maxOwn]string

// Own returns a parameter of a router's own, described by p: the routers
// that list it in Kind.Params take it, the others its default only. It is
// declared in the router's file and is one of Params once the router is in
// the Registry.
func Own(p param.Param) *Param {
	o := &Param{Param: p, Own: true, slot: -1}
	o.set = func(c *Config, v string) error { c.own[o.slot] = v; return nil }
	o.get = func(c Config) string {
		if v := c.own[o.slot]; v != "" {
			return v
		}
		return o.Default
	}
	o.num = func(c Config) float64 {
		x, _ := strconv.ParseFloat(o.get(c), 64) // checked by Set
		return x
	}
	return o
}

// Int returns the value of the Int parameter p in c.
func (p *Param) Int(c Config) int { return int(p.Num(c)) }

// Bool returns the value of the Bool parameter p in c.
func (p *Param) Bool(c Config) bool { return p.Get(c) == "true" }

// gather returns the common parameters, then the registered routers' own
// ones in registry order, each once, and gives each of these its slot.
func gather(common []*Param) []*Param {
	ps := slices.Clone(common)
	for _, k := range Registry {
		for _, p := range k.Params {
			if slices.Contains(ps, p) {
				continue
			}
			if p.slot = len(ps) - len(common); p.slot == maxOwn {
				panic(fmt.Sprintf("routers: more than %d parameters of the routers' own (maxOwn)", maxOwn))
			}
			ps = append(ps, p)
		}
	}
	return ps
}
