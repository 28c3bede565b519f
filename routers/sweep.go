package routers

import (
	"fmt"

	"github.com/hyperroute/hyperroute/param"
)

// Sweep returns base with every combination of the values, by parameter
// name, in Params order, the last parameter varying fastest; a parameter
// without values keeps base's. The values must have been read by
// param.Param.ParseValues.
func Sweep(base Config, values map[string][]string) ([]Config, error) {
	cfgs := []Config{base}
	for _, p := range Params {
		vs, ok := values[p.Name]
		if !ok {
			continue
		}
		if len(cfgs)*len(vs) > param.MaxSweep {
			return nil, fmt.Errorf("the sweep has more than %d points", param.MaxSweep)
		}
		next := make([]Config, 0, len(cfgs)*len(vs))
		for _, c := range cfgs {
			for _, v := range vs {
				if err := p.Set(&c, v); err != nil {
					return nil, err
				}
				next = append(next, c)
			}
		}
		cfgs = next
	}
	return cfgs, nil
}
