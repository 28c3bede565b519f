package plots

import (
	"math"

	"github.com/hyperroute/hyperroute/stats"
)

// loadLaw collects butterfly-loads per facet, one priority p at one n:
// the nodes with load f per trial, and draws the mean fraction of nodes
// per load category against the law of Lemma II.2 (stats.LoadLaws).
type loadLaw struct {
	loads map[string]stats.NodeLoads
	ns    map[string]int
}

func (c *loadLaw) add(facet string, r Row) {
	if c.loads[facet] == nil {
		c.loads[facet] = stats.NodeLoads{}
	}
	k, f := [2]int{int(r.Num("trial")), int(r.Num("p"))}, int(r.Num("f"))
	nodes := c.loads[facet][k]
	for len(nodes) <= f {
		nodes = append(nodes, 0)
	}
	nodes[f] += int64(r.Num("nodes"))
	c.loads[facet][k], c.ns[facet] = nodes, int(r.Num("n"))
}

// series draws the law's categories with the verdict's intervals.
func (c *loadLaw) series(facet string) []drawn {
	var out []drawn
	for _, lt := range stats.LoadLaws(c.ns[facet], c.loads[facet], Alpha) {
		measured := drawn{key: "law=measured", how: marks, bars: verdictBars("two-sided Student t intervals of each mean over the trials", "categories and priorities"), barsShort: "bars: t intervals at the verdict's level"}
		law := drawn{name: "Bin(N, 1/N), N of Lemma II.2", how: curve}
		for k := range lt.Probs {
			if lt.Probs[k] == 0 && lt.Means[k] == 0 {
				continue // K or more, for K > N: no node can have it
			}
			measured.pts = append(measured.pts, Point{X: float64(k), Y: lt.Means[k], Lo: lt.Lo[k], Hi: lt.Hi[k], N: lt.Trials})
			law.pts = append(law.pts, Point{X: float64(k), Y: lt.Probs[k], Lo: math.NaN(), Hi: math.NaN()})
		}
		out = append(out, law, measured)
	}
	return out
}
