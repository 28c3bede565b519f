package view

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/hyperroute/hyperroute/collectives"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/topology"
)

// CheckCollective reports why the page cannot draw c: more than 2^MaxDim
// nodes.
func CheckCollective(c collectives.Config) error {
	if c.P > 1<<MaxDim {
		return fmt.Errorf("p=%d: the page draws networks of at most %d nodes", c.P, 1<<MaxDim)
	}
	return nil
}

// Collective runs the collective c, on the faulty cube of f drawn from rng
// if f draws failed edges, as collectives.MeasureFaulty does (what
// hyperroute collective runs) and returns its panel: the messages moving
// step by step, with the run's row.
func Collective(c collectives.Config, f collectives.Faults, rng *rand.Rand) (*Panel, error) {
	if err := CheckCollective(c); err != nil {
		return nil, err
	}
	c.KeepTrace = true
	var y *faults.System
	var row collectives.Row
	var err error
	if f.Faulty() {
		var complete bool
		if y, complete, err = collectives.DetourSystem(c, f, rng); err == nil {
			row, err = collectives.MeasureOver(c, f, y, complete)
		}
	} else {
		row, err = collectives.MeasureFaulty(c, f, rng)
	}
	if err != nil {
		return nil, err
	}
	if row.Faulty != nil && row.Faulty.Gamma < 0 {
		return nil, fmt.Errorf("nothing ran: %s", row.Faulty.Unavailable())
	}
	net, err := topology.New(c.Topology, c.P)
	if err != nil {
		return nil, err
	}
	p := &Panel{Title: fmt.Sprintf("%v by %s on %v, %v-port, %v", c.Op, c.Algo, net, c.Port, c.Model),
		Net: Net{Kind: c.Topology.String(), N: net.N, P: c.P}}
	p.setSends(row.Trace)
	for _, s := range row.Trace {
		p.T = max(p.T, int(s.T)+1)
		p.Prios = max(p.Prios, int(s.Prio)+1)
	}
	for _, col := range row.Columns() {
		v := col.Value
		if x, ok := v.(float64); col.Null || ok && (math.IsNaN(x) || math.IsInf(x, 0)) {
			v = nil
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		p.Row = append(p.Row, Column{Name: col.Name, Value: b})
	}
	p.Notes = []string{fmt.Sprintf("Every message is one packet of the engine that crosses one link per step (the runner of package messages); %d steps, ρ = %d, against the lower bound of %d steps.", p.T, row.Rho, row.Bound.Steps)}
	if c.Model == collectives.CT {
		p.Notes = append(p.Notes, "Cut-through: ρ counts rounds, each priced by its slowest message; the page plays the engine's hops.")
	}
	if row.Faulty != nil {
		p.setFaults(y)
		p.Notes = append(p.Notes, fmt.Sprintf("A faulty cube (%v, %d failed edges, γ = %d): each word over a failed edge goes over its detour; steps are units.", f.Draw, row.Faulty.Failed, row.Faulty.Gamma))
	}
	return p, nil
}
