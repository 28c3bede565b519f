package collectives

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hyperroute/hyperroute/topology"
)

// Algorithm is a registered collective algorithm: what it runs on and how
// it builds its program.
type Algorithm struct {
	Name string
	Op   Op
	// Doc is one line: what it does and where it comes from.
	Doc        string
	Topologies []topology.Kind
	Ports      []Port
	Models     []Model
	// Combining says that its messages carry several blocks (or partial
	// sums) at once.
	Combining bool
	// Pieces says that it cuts a broadcast into Config.Pieces pieces.
	Pieces bool
	// Needs, if set, says what else of a configuration it needs.
	Needs func(c Config, net topology.Network) error
	// Build adds its messages to p.
	Build func(p *program, c Config)
}

var (
	cube       = []topology.Kind{topology.Cube}
	anyNet     = topology.Kinds
	ports      = []Port{SinglePort, AllPort}
	singlePort = []Port{SinglePort}
	allPort    = []Port{AllPort}
	sfOnly     = []Model{SF}
	bothModel  = []Model{SF, CT}
	ctOnly     = []Model{CT}
)

// Registry lists the algorithms, by operation.
var Registry = []Algorithm{
	oabBinomial, oabTree, oabFlooding, oabNESBT,
	mcTree, mcUCube, mcUMesh,
	oasBinomial, oasTree,
	gatherBinomial, gatherTree,
	aabRing, aabRowCol, aabDimEx, aabOptimal,
	aasRing, aasRowCol, aasDimEx, aasPairwise, aasDirect, aasOptimal,
	reduceBinomial, reduceTree,
	allreduceDimEx, allreduceReduceBcast,
	prefixDimEx,
	shiftRing, shiftRowCol, shiftRowColSep, shiftGray, shiftGrayMin, shiftDirect,
}

// Lookup returns the algorithm of op named name.
func Lookup(op Op, name string) (*Algorithm, error) {
	i := slices.IndexFunc(Registry, func(a Algorithm) bool { return a.Op == op && a.Name == name })
	if i < 0 {
		return nil, fmt.Errorf("no algorithm %q for %v (want %s)", name, op, strings.Join(Names(op), ", "))
	}
	return &Registry[i], nil
}

// Names lists the algorithms of op in registry order.
func Names(op Op) []string {
	var names []string
	for _, a := range Registry {
		if a.Op == op {
			names = append(names, a.Name)
		}
	}
	return names
}

// supports reports why a does not run c on net, or nil.
func (a *Algorithm) supports(c Config, net topology.Network) error {
	switch {
	case !slices.Contains(a.Topologies, c.Topology):
		return fmt.Errorf("%v %s runs on %s, not on a %v", a.Op, a.Name, list(a.Topologies), c.Topology)
	case !slices.Contains(a.Ports, c.Port):
		return fmt.Errorf("%v %s runs %s-port, not %v-port", a.Op, a.Name, list(a.Ports), c.Port)
	case !slices.Contains(a.Models, c.Model):
		return fmt.Errorf("%v %s runs under %s, not %v", a.Op, a.Name, list(a.Models), c.Model)
	}
	if c.Pieces > 0 && !a.Pieces {
		return fmt.Errorf("%v %s does not cut its message into pieces (pieces=%d)", a.Op, a.Name, c.Pieces)
	}
	if a.Needs != nil {
		if err := a.Needs(c, net); err != nil {
			return fmt.Errorf("%v %s: %w", a.Op, a.Name, err)
		}
	}
	return nil
}

// Runs says on one line what a runs on.
func (a *Algorithm) Runs() string {
	s := fmt.Sprintf("%s; %s-port; %s", list(a.Topologies), list(a.Ports), list(a.Models))
	if a.Combining {
		s += "; combining"
	}
	return s
}

func list[T fmt.Stringer](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = v.String()
	}
	return strings.Join(s, "|")
}

// powerOfTwoSides needs a ring of 2^k nodes or a mesh or torus of side
// 2^k: the algorithm embeds a hypercube by node numbers.
func powerOfTwoSides(c Config, net topology.Network) error {
	switch net.Kind {
	case topology.Ring:
		if !isPow2(c.P) {
			return fmt.Errorf("p=%d: a ring of 2^k nodes", c.P)
		}
	case topology.Mesh, topology.Torus:
		if !isPow2(net.Side) {
			return fmt.Errorf("p=%d: a side of 2^k nodes", c.P)
		}
	}
	return nil
}

// after returns the ids that are messages (≥ 0): a node's own data need no
// message.
func after(ids ...int32) []int32 {
	out := ids[:0:0]
	for _, id := range ids {
		if id >= 0 {
			out = append(out, id)
		}
	}
	return out
}
