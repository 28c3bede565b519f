package collectives

import (
	"math"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/topology"
)

// TestChecksCatch: runs whose programs break the operation fail, saying
// why.
func TestChecksCatch(t *testing.T) {
	cube4 := Config{Op: AAB, Topology: topology.Cube, P: 4, Port: SinglePort, Model: SF, M: 1}
	for _, c := range []struct {
		name  string
		c     Config
		build func(p *program)
		want  string
	}{
		{"block not held", cube4, func(p *program) {
			p.send(msg{src: 0, dst: 1, items: []uint32{2}})
		}, "does not hold"},
		{"block missing", cube4, func(p *program) {
			dimEx(p, cube4, 1) // one round of two
		}, "ends without block"},
		{"moved block not held", Config{Op: OAS, Topology: topology.Ring, P: 3, Port: SinglePort, Model: SF, M: 1}, func(p *program) {
			p.send(msg{src: 1, dst: 2, items: []uint32{2}})
		}, "does not hold"},
		{"moved block astray", Config{Op: OAS, Topology: topology.Ring, P: 3, Port: SinglePort, Model: SF, M: 1}, func(p *program) {
			p.send(msg{src: 0, dst: 1, items: []uint32{1, 2}})
		}, "ends at node 1, not at 2"},
		{"sum counted twice", Config{Op: Reduce, Topology: topology.Ring, P: 3, Port: SinglePort, Model: SF, M: 1}, func(p *program) {
			a := p.send(msg{src: 1, dst: 0, from: own, into: acc})
			b := p.send(msg{src: 2, dst: 1, from: own, into: acc})
			p.send(msg{src: 1, dst: 0, from: own | acc, into: acc, after: []int32{b}})
			_ = a
		}, "summed already"},
		{"sum short", Config{Op: Reduce, Topology: topology.Ring, P: 3, Port: SinglePort, Model: SF, M: 1}, func(p *program) {
			p.send(msg{src: 1, dst: 0, from: own, into: acc})
		}, "ends with the sum of 2 values"},
		{"link twice in a round", Config{Op: AAS, Topology: topology.Cube, P: 4, Port: AllPort, Model: CT, M: 1}, func(p *program) {
			p.send(msg{src: 0, dst: 3, items: []uint32{3}, round: 1})
			p.send(msg{src: 0, dst: 1, items: []uint32{1}, round: 1})
		}, "two messages use the link 0→1"},
		{"single port sends twice", Config{Op: AAS, Topology: topology.Cube, P: 4, Port: SinglePort, Model: CT, M: 1}, func(p *program) {
			p.send(msg{src: 0, dst: 3, items: []uint32{3}, round: 1})
			p.send(msg{src: 0, dst: 2, items: []uint32{2}, round: 1})
		}, "sends two messages under single-port"},
		{"single port receives twice", Config{Op: AAS, Topology: topology.Cube, P: 4, Port: SinglePort, Model: CT, M: 1}, func(p *program) {
			p.send(msg{src: 0, dst: 3, items: []uint32{3}, round: 1})
			p.send(msg{src: 2, dst: 3, items: []uint32{11}, round: 1})
		}, "receives two messages under single-port"},
		{"waits for its own round", Config{Op: AAS, Topology: topology.Cube, P: 4, Port: AllPort, Model: CT, M: 1}, func(p *program) {
			a := p.send(msg{src: 0, dst: 3, items: []uint32{3}, round: 1})
			p.send(msg{src: 3, dst: 2, items: []uint32{3}, after: []int32{a}, round: 1})
		}, "waits for message 0 of round 1"},
	} {
		r := custom(t, c.c, c.build)
		if r.OK || r.Err == nil || !strings.Contains(r.Err.Error(), c.want) {
			t.Errorf("%s: ok %v, %v; want an error with %q", c.name, r.OK, r.Err, c.want)
		}
	}
}

// dimEx adds the first rounds of the all-gather by dimension exchange.
func dimEx(p *program, c Config, rounds int) {
	got := make([]int32, c.P)
	for v := range got {
		got[v] = -1
	}
	for k := range rounds {
		next := make([]int32, c.P)
		for v := range uint32(c.P) {
			var items []uint32
			for u := range uint32(c.P) {
				if u>>k == v>>k {
					items = append(items, u)
				}
			}
			next[v^1<<k] = p.send(msg{src: v, dst: v ^ 1<<k, items: items, after: after(got[v])})
		}
		got = next
	}
}

// TestProgramRules: a message may wait only for earlier messages to its
// own source, and an explicit path must follow links.
func TestProgramRules(t *testing.T) {
	net, _ := topology.New(topology.Cube, 4)
	for _, c := range []struct {
		name  string
		build func(p *program)
		want  string
	}{
		{"waits elsewhere", func(p *program) {
			a := p.send(msg{src: 0, dst: 1})
			p.send(msg{src: 2, dst: 3, after: []int32{a}})
		}, "goes to node 1"},
		{"waits for a later one", func(p *program) {
			p.send(msg{src: 0, dst: 1, after: []int32{1}})
		}, "not sent before it"},
		{"path off the links", func(p *program) {
			p.send(msg{src: 0, path: []uint32{3}})
		}, "no link"},
		{"goes nowhere", func(p *program) {
			p.send(msg{src: 2, dst: 2})
		}, "goes nowhere"},
	} {
		p := newProgram(net)
		c.build(p)
		if p.err == nil || !strings.Contains(p.err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, p.err, c.want)
		}
	}
}

// TestMessagesTakeWhatWasThere: a message leaving in a step takes what its
// source held before the step, not what arrives in it: two nodes that swap
// their values in the same step each end with both, once.
func TestMessagesTakeWhatWasThere(t *testing.T) {
	c := Config{Op: Allreduce, Topology: topology.Cube, P: 2, Port: SinglePort, Model: SF, M: 1, Seed: 9}
	r := custom(t, c, func(p *program) {
		p.send(msg{src: 1, dst: 0, from: own | acc, into: acc})
		p.send(msg{src: 0, dst: 1, from: own | acc, into: acc})
	})
	if !r.OK || r.Rho != 1 {
		t.Errorf("ok %v (%v), ρ = %d", r.OK, r.Err, r.Rho)
	}
}

// TestRoundsAreBarriers: a message of round 2 leaves only once every
// message of round 1 has arrived, though it waits for none of them.
func TestRoundsAreBarriers(t *testing.T) {
	c := Config{Op: Shift, Topology: topology.Ring, P: 8, Port: AllPort, Model: SF, M: 1, Shift: 4, Tw: 1}
	for _, rounds := range []bool{false, true} {
		r := custom(t, c, func(p *program) {
			for v := range uint32(8) {
				rd := int32(0)
				if rounds {
					rd = 1 + int32(v%2)
				}
				p.send(msg{src: v, path: p.net.Walk(nil, v, 0, 4), items: []uint32{v}, round: rd})
			}
		})
		if want := map[bool]int{false: 4, true: 8}[rounds]; !r.OK || r.Rho != want {
			t.Errorf("rounds %v: ok %v (%v), ρ = %d, want %d", rounds, r.OK, r.Err, r.Rho, want)
		}
	}
}

// TestValidate: bad configurations are refused, each with a reason.
func TestValidate(t *testing.T) {
	good := Config{Op: OAB, Algo: "binomial", Topology: topology.Cube, P: 16, Port: SinglePort, Model: SF, M: 1, Shift: 1}
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func(c *Config)
	}{
		{"unknown algorithm", func(c *Config) { c.Algo = "magic" }},
		{"algorithm of another operation", func(c *Config) { c.Algo = "dimex" }},
		{"p not a power of two on the cube", func(c *Config) { c.P = 12 }},
		{"p not a square on a mesh", func(c *Config) { c.Topology, c.P = topology.Mesh, 8 }},
		{"ring of 6 for recursive doubling", func(c *Config) { c.Topology, c.P = topology.Ring, 6 }},
		{"negative t_s", func(c *Config) { c.Ts = -1 }},
		{"negative t_w", func(c *Config) { c.Tw = -0.5 }},
		{"negative t_h", func(c *Config) { c.Th = -2 }},
		{"NaN t_w", func(c *Config) { c.Tw = math.NaN() }},
		{"infinite t_s", func(c *Config) { c.Ts = math.Inf(1) }},
		{"m = 0", func(c *Config) { c.M = 0 }},
		{"root outside", func(c *Config) { c.Root = 16 }},
		{"pieces for binomial", func(c *Config) { c.Pieces = 4 }},
		{"destinations for a broadcast", func(c *Config) { c.Dests = []int{1} }},
		{"multicast to the root", func(c *Config) { c.Op, c.Algo, c.Dests = MC, "tree", []int{0} }},
		{"multicast twice to a node", func(c *Config) { c.Op, c.Algo, c.Dests = MC, "tree", []int{3, 3} }},
		{"shift by p", func(c *Config) { c.Op, c.Algo, c.Shift = Shift, "gray", 16 }},
		{"shift by 0", func(c *Config) { c.Op, c.Algo, c.Shift = Shift, "gray", 0 }},
		{"flooding single-port", func(c *Config) { c.Algo = "flooding" }},
		{"single-port mesh all-gather by rows", func(c *Config) { c.Op, c.Algo, c.Topology = AAB, "rowcol", topology.Mesh }},
		{"ring algorithm on the cube", func(c *Config) { c.Op, c.Algo = AAB, "ring" }},
		{"U-cube store-and-forward", func(c *Config) { c.Op, c.Algo = MC, "ucube" }},
		{"total exchange too large", func(c *Config) { c.Op, c.Algo, c.P = AAS, "direct", 1<<13 }},
		{"nesbt pieces not a multiple of n", func(c *Config) { c.Algo, c.Port, c.Pieces = "nesbt", AllPort, 6 }},
	} {
		bad := good
		c.edit(&bad)
		if err := bad.Validate(); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
		if _, err := Run(bad); err == nil {
			t.Errorf("%s: ran", c.name)
		}
	}
}

// TestBandwidth pins algbw and busbw against nccl-tests' definitions.
func TestBandwidth(t *testing.T) {
	for _, c := range []struct {
		op       Op
		alg, bus float64
	}{
		{OAB, 2, 2}, {Reduce, 2, 2}, {Shift, 2, 2},
		{Allreduce, 2, 3.5},
		{AAB, 16, 14}, {AAS, 16, 14}, {OAS, 16, 14}, {Gather, 16, 14},
	} {
		alg, bus := Bandwidth(Config{Op: c.op, P: 8, M: 4}, 2)
		if alg != c.alg || bus != c.bus {
			t.Errorf("%v: algbw %v, busbw %v; want %v, %v", c.op, alg, bus, c.alg, c.bus)
		}
	}
	if _, bus := Bandwidth(Config{Op: Prefix, P: 8, M: 4}, 2); !math.IsNaN(bus) {
		t.Errorf("prefix busbw %v", bus)
	}
}
