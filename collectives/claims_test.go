package collectives

import (
	"cmp"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/topology"
)

// Statements of the lecture notes on collective communication, checked
// against the simulation: the Czech lecture IB109 [Barnat], the Czech
// lecture 10 and the Ukrainian article (docs/references.md). Each test's
// comment names the document and the verdict, by one rule
// (docs/model.md, "The notes' statements against the simulation"): an
// error where the simulation exceeds a stated cost or count or the
// algorithm as printed fails, a loose bound where it never exceeds it and
// falls below it somewhere, a clarification where the notes imply a
// condition that the simulation shows is needed.

// custom runs the program build makes for c.
func custom(t *testing.T, c Config, build func(p *program)) Result {
	t.Helper()
	net, err := topology.New(c.Topology, c.P)
	if err != nil {
		t.Fatal(err)
	}
	prog := newProgram(net)
	build(prog)
	if prog.err != nil {
		t.Fatal(prog.err)
	}
	r, err := execute(c, prog)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestReduceBranchesAsPrinted: an error of the Czech lecture IB109
// (procedure ALL-TO-ONE). As printed, the node whose bit i is 0 sends and
// the node with bit i set receives; that leaves the total at node 1 for
// d = 1 and at no node for d ≥ 2. With the branches the other way round
// (bit i set sends, as in Grama et al. 2003, ch. 4) it is at node 0.
func TestReduceBranchesAsPrinted(t *testing.T) {
	for d := 1; d <= 5; d++ {
		c := Config{Op: Reduce, Topology: topology.Cube, P: 1 << d, Port: SinglePort, Model: SF, M: 1, Seed: 3}
		reduction := func(sendIfSet bool) func(p *program) {
			return func(p *program) {
				got := make([][]int32, c.P)
				mask := uint32(0)
				for i := range d {
					for v := range uint32(c.P) {
						if v&mask != 0 || (v>>i&1 == 1) != sendIfSet {
							continue
						}
						w := v ^ 1<<i
						got[w] = append(got[w], p.send(msg{src: v, dst: w, from: own | acc, into: acc, after: got[v]}))
					}
					mask ^= 1 << i
				}
			}
		}
		if r := custom(t, c, reduction(true)); !r.OK {
			t.Errorf("d=%d: the reduction to node 0 fails: %v", d, r.Err)
		}
		r := custom(t, c, reduction(false))
		if r.OK {
			t.Errorf("d=%d: the reduction as printed passes", d)
		}
		for root := range c.P {
			c.Root = root
			if r := custom(t, c, reduction(false)); r.OK != (d == 1 && root == 1) {
				t.Errorf("d=%d: the reduction as printed leaves the total at node %d: %v", d, root, r.OK)
			}
		}
	}
}

// TestPrefixSmallerSenderRule: a clarification, not an error. The
// Ukrainian article's prefix sum adds what a node receives only if the
// sender has the smaller number, on its all-to-all broadcast whose stage i
// exchanges along dimension i. With partial sums combined, that gives the
// prefix sums in the article's ascending order of dimensions and wrong
// sums in descending order (n ≥ 2). The Czech lecture IB109 tags every
// value with its originator instead, which works in any order.
func TestPrefixSmallerSenderRule(t *testing.T) {
	for n := 1; n <= 7; n++ {
		c := Config{Op: Prefix, Topology: topology.Cube, P: 1 << n, Port: SinglePort, Model: SF, M: 1, Seed: uint64(n)}
		for _, desc := range []bool{false, true} {
			r := custom(t, c, func(p *program) {
				got := make([]int32, c.P)
				for v := range got {
					got[v] = -1
				}
				next := make([]int32, c.P)
				for i := range n {
					k := i
					if desc {
						k = n - 1 - i
					}
					for v := range uint32(c.P) {
						w := v ^ 1<<k
						into := uint8(third)
						if v < w {
							into = acc
						}
						next[w] = p.send(msg{src: v, dst: w, from: own | acc | third, into: into, after: after(got[v])})
					}
					got, next = next, got
				}
			})
			if want := !desc || n == 1; r.OK != want {
				t.Errorf("n=%d descending=%v: ok %v (%v), want %v", n, desc, r.OK, r.Err, want)
			}
		}
	}
}

// TestCutThroughShiftBinaryLabels: a clarification, not an error. The
// Ukrainian article's cut-through shift, every block straight to its
// destination, takes t_s + m·t_w + t_h·(n − γ(q)); its longest path
// n − γ(q) is that of rank i at node i, and there the shift is
// contention-free. With rank i at the Gray code node G(i), the labels of
// the article's store-and-forward shift, it has link conflicts (n ≥ 3).
func TestCutThroughShiftBinaryLabels(t *testing.T) {
	for n := 1; n <= 7; n++ {
		conflicts := 0
		for q := 1; q < 1<<n; q++ {
			c := Config{Op: Shift, Algo: "direct", Topology: topology.Cube, P: 1 << n, Port: SinglePort, Model: CT, M: 1, Th: 1, Shift: q}
			r := run(t, c)
			if want := float64(n - bits.TrailingZeros(uint(q))); !r.OK || r.Time != want {
				t.Errorf("n=%d q=%d binary: ok %v %v, time %v, want %v", n, q, r.OK, r.Err, r.Time, want)
			}
			gray := custom(t, c, func(p *program) {
				for i := range p.place {
					p.place[i] = hypercube.Gray(uint32(i))
				}
				for i := range c.P {
					p.send(msg{src: p.place[i], dst: p.place[(i+q)%c.P], items: []uint32{uint32(i)}, round: 1})
				}
			})
			if !gray.OK {
				conflicts++
				if !strings.Contains(gray.Err.Error(), "two messages use the link") {
					t.Errorf("n=%d q=%d Gray: %v", n, q, gray.Err)
				}
			}
		}
		if (conflicts > 0) != (n >= 3) {
			t.Errorf("n=%d: %d shifts with Gray labels have link conflicts", n, conflicts)
		}
	}
}

// TestGrayShiftHops: a bound of the Czech lecture IB109 that holds but is
// one hop loose. Forward along the Gray code the shift by q takes exactly
// 2·popcount(q) − (q mod 2) hops, at worst 2n − 1 (q = p − 1): the
// Ukrainian article's upper bound 2 log p − 1, not the lecture's 2 log p.
func TestGrayShiftHops(t *testing.T) {
	for n := 1; n <= 8; n++ {
		worst := 0
		for q := 1; q < 1<<n; q++ {
			c := Config{Op: Shift, Algo: "gray", Topology: topology.Cube, P: 1 << n, Port: SinglePort, Model: SF, M: 1, Tw: 1, Shift: q}
			r := run(t, c)
			if want := 2*bits.OnesCount(uint(q)) - q&1; !r.OK || r.Rho != want {
				t.Errorf("n=%d q=%d: %d steps (ok %v), want %d", n, q, r.Rho, r.OK, want)
			}
			worst = max(worst, r.Rho)
		}
		if worst != 2*n-1 {
			t.Errorf("n=%d: worst %d hops, want 2n−1 = %d", n, worst, 2*n-1)
		}
	}
}

// TestGrayShiftShorterWay: an error of the Czech lecture IB109 for odd
// log p. Forward by q or backward by p − q, whichever takes fewer hops, the
// shift takes at worst n = log p hops (the lecture's (t_s + m·t_w)·log p
// holds), in up to ⌈n/2⌉ stages: more than the lecture's (log p)/2 terms
// when n is odd.
func TestGrayShiftShorterWay(t *testing.T) {
	for n := 1; n <= 8; n++ {
		worst, stages := 0, 0
		for q := 1; q < 1<<n; q++ {
			c := Config{Op: Shift, Algo: "gray-min", Topology: topology.Cube, P: 1 << n, Port: SinglePort, Model: CT, M: 1, Shift: q}
			r := run(t, c)
			if !r.OK {
				t.Fatalf("n=%d q=%d: %v", n, q, r.Err)
			}
			worst, stages = max(worst, int(r.Eta)/c.P), max(stages, r.Rho)
		}
		if worst != n || stages != (n+1)/2 || (2*stages > n) != (n%2 == 1) {
			t.Errorf("n=%d: at worst %d hops (want n) in %d stages (want ⌈n/2⌉)", n, worst, stages)
		}
	}
}

// TestTorusShiftCompensation: the blocks that wrap round a row shift one
// further in their column. Merged into the column shift, the torus shift
// takes at worst 2⌊s/2⌋ steps (s = √p): the Czech lecture IB109's √p is
// exact for even s and one step loose for odd s. In a step of its own it
// takes at worst 2⌊s/2⌋ + 1, the Ukrainian article's form, for every s.
func TestTorusShiftCompensation(t *testing.T) {
	for s := 2; s <= 8; s++ {
		worst := map[string]int{}
		for q := 1; q < s*s; q++ {
			for _, algo := range []string{"rowcol", "rowcol-sep"} {
				c := Config{Op: Shift, Algo: algo, Topology: topology.Torus, P: s * s, Port: SinglePort, Model: SF, M: 1, Shift: q}
				r := run(t, c)
				if !r.OK {
					t.Fatalf("s=%d q=%d %s: %v", s, q, algo, r.Err)
				}
				worst[algo] = max(worst[algo], r.Rho)
			}
		}
		if worst["rowcol"] != 2*(s/2) || worst["rowcol-sep"] != 2*(s/2)+1 || (worst["rowcol"] == s) != (s%2 == 0) {
			t.Errorf("s=%d: worst %v, want %d and %d", s, worst, 2*(s/2), 2*(s/2)+1)
		}
	}
	c := Config{Op: Shift, Algo: "rowcol", Topology: topology.Torus, P: 16, Port: SinglePort, Model: SF, M: 1, Shift: 10}
	if r := run(t, c); r.Rho != 4 {
		t.Errorf("4×4, q=10: %d steps, want 4", r.Rho)
	}
	c.Algo = "rowcol-sep"
	if r := run(t, c); r.Rho != 5 {
		t.Errorf("4×4, q=10 separate: %d steps, want 5", r.Rho)
	}
}

// TestUCube: U-cube multicasts to any set M in ⌈log2(|M|+1)⌉ rounds, each
// contention-free (the run checks it), on random sets.
func TestUCube(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		n := 2 + rng.IntN(6)
		p := 1 << n
		k := 1 + rng.IntN(p-1)
		root := rng.IntN(p)
		others := rng.Perm(p)
		others = slices.DeleteFunc(others, func(v int) bool { return v == root })
		c := Config{Op: MC, Algo: "ucube", Topology: topology.Cube, P: p, Port: SinglePort, Model: CT, M: 1, Root: root, Dests: others[:k]}
		r := run(t, c)
		if want := bits.Len(uint(k)); !r.OK || r.Rho != want {
			t.Errorf("n=%d |M|=%d: %d rounds (ok %v %v), want %d", n, k, r.Rho, r.OK, r.Err, want)
		}
	}
}

// TestUMeshExample: the 8-node example chain on a mesh, source (1,2),
// routed first along the first coordinate: 3 rounds, the steps of the
// example's trace.
func TestUMeshExample(t *testing.T) {
	at := func(x, y int) int { return y*5 + x } // column x, row y of a 5×5 mesh
	dests := []int{at(0, 2), at(0, 4), at(2, 0), at(2, 1), at(2, 3), at(2, 4), at(3, 0)}
	c := Config{Op: MC, Algo: "umesh", Topology: topology.Mesh, P: 25, Port: SinglePort, Model: CT, M: 1, Root: at(1, 2), Dests: dests}
	a, _ := Lookup(MC, "umesh")
	net, _ := topology.New(topology.Mesh, 25)
	prog := newProgram(net)
	a.Build(prog, c)
	var trace []string
	name := func(v uint32) string { return fmt.Sprintf("[%d,%d]", v%5, v/5) }
	order := make([]int32, prog.Messages())
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(x, y int32) int { return cmp.Compare(prog.round[x], prog.round[y]) })
	for _, id := range order {
		trace = append(trace, fmt.Sprintf("%d:%s→%s", prog.round[id], name(prog.src[id]), name(prog.dst(id))))
	}
	want := "1:[1,2]→[2,1] 2:[1,2]→[0,4] 2:[2,1]→[2,4] 3:[0,4]→[0,2] 3:[1,2]→[2,0] 3:[2,1]→[2,3] 3:[2,4]→[3,0]"
	if got := strings.Join(trace, " "); got != want {
		t.Errorf("trace %s\nwant  %s", got, want)
	}
	if r := run(t, c); !r.OK || r.Rho != 3 {
		t.Errorf("%d rounds, ok %v %v", r.Rho, r.OK, r.Err)
	}
}

// TestRingGatherNOHO: the ring all-gather hears no block of its own in
// p−1 rounds; one round more and every node hears its own block.
func TestRingGatherNOHO(t *testing.T) {
	for p := 2; p <= 12; p++ {
		c := Config{Op: AAB, Algo: "ring", Topology: topology.Ring, P: p, Port: SinglePort, Model: SF, M: 1}
		for _, rounds := range []int{p - 1, p} {
			r := custom(t, c, func(prog *program) {
				last := make([]int32, p)
				for k := 1; k <= rounds; k++ {
					next := make([]int32, p)
					for v := range p {
						var deps []int32
						if k > 1 {
							deps = []int32{last[v]}
						}
						next[(v+1)%p] = prog.send(msg{src: uint32(v), dst: uint32((v + 1) % p), items: []uint32{uint32((v - k + 1 + p) % p)}, after: deps})
					}
					last = next
				}
			})
			if !r.OK || r.NoHO != (rounds == p-1) || r.NoDup != (rounds == p-1) {
				t.Errorf("p=%d, %d rounds: ok %v, NOHO %v, NODUP %v", p, rounds, r.OK, r.NoHO, r.NoDup)
			}
		}
	}
}

// TestNODUPandNOHO pins both conditions per algorithm: flooding copies to
// nodes that have the message (on any network with a cycle), and the
// all-reduce by reduction and broadcast sends every node a sum with its
// own value; every other algorithm meets both.
func TestNODUPandNOHO(t *testing.T) {
	for _, c := range configs([]int{2, 3, 4, 8, 9, 16}) {
		r := run(t, c)
		wantDup := c.Algo == "flooding" && c.P > 2 // every network of more than 2 nodes has a cycle
		wantHO := c.Algo == "reduce-bcast"
		if r.NoDup == wantDup || r.NoHO == wantHO {
			t.Errorf("%s: NODUP %v, NOHO %v", describe(c), r.NoDup, r.NoHO)
		}
	}
}

// TestFloodingWork: flooding the cube sends n·2^{n−1} messages (each node
// to the neighbours no copy came from), against 2^n−1 for the tree.
func TestFloodingWork(t *testing.T) {
	for n := 1; n <= 10; n++ {
		c := Config{Op: OAB, Algo: "flooding", Topology: topology.Cube, P: 1 << n, Port: AllPort, Model: SF, M: 1}
		if r := run(t, c); r.Eta != float64(n<<(n-1)) || r.Rho != n {
			t.Errorf("n=%d: η = %v, ρ = %d", n, r.Eta, r.Rho)
		}
	}
}

// TestTorusTotalExchangeForm: a loose bound of the Ukrainian article. The
// total exchange by rows and columns takes (2t_s + t_w·m·p)(√p − 1), as
// the Czech lecture IB109 has it (with t_h: 2(t_s + t_h)(√p − 1) +
// t_w·m·p(√p − 1)). The article's 2(t_s + t_w·m·p)(√p − 1), in its model
// without a per-hop term, counts the transfer term twice: never below the
// simulated time, and above it wherever a block is sent.
func TestTorusTotalExchangeForm(t *testing.T) {
	for _, p := range []int{4, 9, 16, 25, 36, 49, 64} {
		for _, cp := range []struct {
			m          int
			ts, tw, th float64
		}{{3, 5, 2, 0}, {1, 1, 1, 0}, {2, 0.5, 4, 3}} {
			c := Config{Op: AAS, Algo: "rowcol", Topology: topology.Torus, P: p, Port: SinglePort, Model: SF, M: cp.m, Ts: cp.ts, Tw: cp.tw, Th: cp.th}
			r := run(t, c)
			s, mp := float64(isqrtTest(p)), float64(cp.m*p)
			right := (2*(cp.ts+cp.th) + cp.tw*mp) * (s - 1)
			article := 2 * (cp.ts + mp*cp.tw) * (s - 1)
			if r.Time != right || cp.th == 0 && r.Time >= article {
				t.Errorf("p=%d %+v: time %v, want %v (below the article's %v)", p, cp, r.Time, right, article)
			}
		}
	}
}

// TestDoublingDistanceSum: an error of the Czech lecture 10 for z not a
// power of two. Its recursive doubling on the ring K(z) sends over
// Σ_{i=1}^{⌈log z⌉} ⌈z/2^i⌉ hops in all, which it equates with z − 1; that
// holds only for z = 2^k (z = 3: 3 hops). The harness runs recursive
// doubling on 2^k nodes only, where the simulated hops are z − 1.
func TestDoublingDistanceSum(t *testing.T) {
	for z := 2; z <= 64; z++ {
		sum := 0
		for i := 1; 1<<(i-1) < z; i++ {
			sum += (z + 1<<i - 1) >> i
		}
		if (sum == z-1) != isPow2(z) {
			t.Errorf("z=%d: Σ⌈z/2^i⌉ = %d, z − 1 = %d", z, sum, z-1)
		}
		if !isPow2(z) {
			continue
		}
		c := Config{Op: OAB, Algo: "binomial", Topology: topology.Ring, P: z, Port: SinglePort, Model: CT, M: 1, Th: 1}
		if r := run(t, c); !r.OK || r.Time != float64(sum) {
			t.Errorf("z=%d: %v hops (ok %v), want Σ⌈z/2^i⌉ = %d", z, r.Time, r.OK, sum)
		}
	}
}

func isqrtTest(p int) int {
	s := 0
	for (s+1)*(s+1) <= p {
		s++
	}
	return s
}
