package paperreport

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/hyperroute/hyperroute/butterfly"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/stats"
)

// pathsMaxN is the largest n whose n disjoint paths are checked for every
// pair of nodes s, z (beyond it, for s = 0 and every z: the paths of s are
// those of 0 moved by s).
const pathsAllN, pathsMaxN = 5, 9

func checkDisjointPaths(results) (Verdict, error) {
	pairs := 0
	for n := 1; n <= pathsMaxN; n++ {
		c := hypercube.Cube{N: n}
		b := butterfly.Net{N: n}
		sources := uint32(1)
		if n <= pathsAllN {
			sources = 1 << n
		}
		for s := range sources {
			for z := range uint32(1) << n {
				if s == z {
					continue
				}
				pairs++
				if err := disjointPaths(c, b, s, z); err != nil {
					return Verdict{Kind: Contradicted, Why: fmt.Sprintf("contradicted at n=%d, s=%d, z=%d: %v", n, s, z, err)}, nil
				}
			}
		}
	}
	return Verdict{Kind: Holds,
		Measured: fmt.Sprintf("the n paths α^d of hypercube.DisjointPaths and the butterfly routes β^d of butterfly.Net.Beta for every s ≠ z on Q_1 … Q_%d and for s = 0 on Q_%d … Q_%d (%d pairs)", pathsAllN, pathsAllN+1, pathsMaxN, pairs),
		Why:      "holds for every pair: the n paths lead from s to z, share no node but s and z, none repeats a node, |α^d| ≤ n + 1; β^d leaves layer d of s over its cross edge, arrives in layer 1 + d mod n of z, so one route leaves each layer of s and one arrives in each layer of z, and its cross edges cross α^d's dimensions",
		Power:    enumerated}, nil
}

// disjointPaths checks the n paths from s to z and their butterfly routes.
func disjointPaths(c hypercube.Cube, b butterfly.Net, s, z uint32) error {
	n := c.N
	seen := map[uint32]int{}
	paths := c.DisjointPaths(s, z)
	if len(paths) != n {
		return fmt.Errorf("%d paths", len(paths))
	}
	for i, alpha := range paths {
		d := i + 1
		if len(alpha) > n+1 {
			return fmt.Errorf("|α^%d| = %d > n + 1", d, len(alpha))
		}
		walk := hypercube.Walk(s, alpha)
		if walk[len(walk)-1] != z {
			return fmt.Errorf("α^%d ends at %d", d, walk[len(walk)-1])
		}
		for _, v := range walk[1 : len(walk)-1] {
			if j, ok := seen[v]; ok {
				return fmt.Errorf("α^%d and α^%d share node %d", j, d, v)
			}
			seen[v] = d
		}
		r := b.Beta(d, s, z)
		bw := b.Walk(butterfly.Node{L: d, V: s}, r)
		if !r.Takes(0) || bw[len(bw)-1] != (butterfly.Node{L: b.NextLayer(d), V: z}) {
			return fmt.Errorf("β^%d from (%d, %d) ends at %v", d, d, s, bw[len(bw)-1])
		}
		if !slices.Equal(b.CubePath(d, r), alpha) {
			return fmt.Errorf("β^%d crosses %v, α^%d is %v", d, b.CubePath(d, r), d, alpha)
		}
	}
	return nil
}

// fig1 is the thesis' Fig. 1: the paths from 0 to 1110 on Q_4, α^d and the
// bits of β^d as the thesis lists them (gelb, rot, blau, grün = d = 1 … 4).
var fig1 = struct {
	alpha [][]int
	beta  []string
}{
	[][]int{{1, 2, 3, 4, 1}, {2, 3, 4}, {3, 4, 2}, {4, 2, 3}},
	[]string{"11111", "11100", "11010", "10110"},
}

func checkFig1(results) (Verdict, error) {
	const n, s, z = 4, 0, 0b1110
	c, b := hypercube.Cube{N: n}, butterfly.Net{N: n}
	paths := c.DisjointPaths(s, z)
	var got []string
	for i, alpha := range paths {
		r := b.Beta(i+1, s, z)
		var bitsOf strings.Builder
		for h := range r.Len {
			bitsOf.WriteByte("01"[btoi(r.Takes(h))])
		}
		got = append(got, fmt.Sprintf("α^%d = %v ↔ β^%d = %s", i+1, alpha, i+1, bitsOf.String()))
		if !slices.Equal(alpha, fig1.alpha[i]) || bitsOf.String() != fig1.beta[i] {
			return Verdict{Kind: Contradicted, Measured: strings.Join(got, "; "), Why: fmt.Sprintf("the harness' α^%d, β^%d differ from the figure's %v, %s", i+1, i+1, fig1.alpha[i], fig1.beta[i])}, nil
		}
	}
	if err := disjointPaths(c, b, s, z); err != nil {
		return Verdict{Kind: Contradicted, Measured: strings.Join(got, "; "), Why: err.Error()}, nil
	}
	return Verdict{Kind: Holds, Measured: "the 4 paths from 0 to 1110 on Q_4 and their butterfly routes, as drawn: " + strings.Join(got, "; "),
		Why: "holds: the paths and routes are the figure's (α^1 = (1, 2, 3, 4, 1) gelb, α^2 rot, α^3 blau, α^4 grün), node-disjoint, and β^d's cross edges cross α^d's dimensions", Power: enumerated}, nil
}

// fig2MaxN is the largest n whose trees of Lemma II.3's proof are checked.
const fig2MaxN = 9

// fig2Roots is the thesis' Fig. 2: the roots u_1 of the trees in BF_4 for
// s = 0, by the layer d the packet starts in.
var fig2Roots = []butterfly.Node{{L: 2, V: 1}, {L: 3, V: 2}, {L: 4, V: 4}, {L: 1, V: 8}}

func checkFig2(results) (Verdict, error) {
	for d, want := range fig2Roots {
		b := butterfly.Net{N: 4}
		if got := b.Cross(butterfly.Node{L: d + 1, V: 0}); got != want {
			return Verdict{Kind: Contradicted, Why: fmt.Sprintf("the root for d = %d is %v, the figure's %v", d+1, got, want)}, nil
		}
	}
	for n := 2; n <= fig2MaxN; n++ {
		b := butterfly.Net{N: n}
		owner := map[butterfly.Node]int{}
		for d := 1; d <= n; d++ {
			level := []butterfly.Node{b.Cross(butterfly.Node{L: d, V: 0})}
			for depth := 0; ; depth++ {
				for _, w := range level {
					if o, ok := owner[w]; ok && o != d {
						return Verdict{Kind: Contradicted, Why: fmt.Sprintf("contradicted at n=%d: the trees of d = %d and %d share %v", n, o, d, w)}, nil
					}
					owner[w] = d
				}
				if depth == n-1 {
					break
				}
				var next []butterfly.Node
				for _, w := range level {
					next = append(next, b.Straight(w), b.Cross(w))
				}
				level = next
			}
		}
	}
	return Verdict{Kind: Holds, Measured: fmt.Sprintf("the binary trees of depth n − 1 below the nodes u_1 = (1 + d mod n, e_d) that the packets of super-node 0 reach first, BF_2 … BF_%d (the figure: BF_4, roots (2, 1), (3, 2), (4, 4), (1, 8))", fig2MaxN),
		Why: fmt.Sprintf("holds: the roots are the figure's and the n trees are node-disjoint at n = 2 … %d (any s: the trees of 0 moved by s)", fig2MaxN), Power: enumerated}, nil
}

// butterflySeqs calls fn with every delay sequence D = (w_1, …, w_n) of
// Lemma II.1 on BF_n: each w_{j−1} is w_j or one of its two predecessors.
// w[j−1] is w_j; fn must not keep it.
func butterflySeqs(n int, fn func(w []butterfly.Node)) {
	b := butterfly.Net{N: n}
	w := make([]butterfly.Node, n)
	var back func(j int) // w_j … w_n are set
	back = func(j int) {
		if j == 1 {
			fn(w)
			return
		}
		cur := w[j-1]
		prev := (cur.L+n-2)%n + 1
		for _, u := range []butterfly.Node{cur, {L: prev, V: cur.V}, {L: prev, V: hypercube.Neighbor(cur.V, prev)}} {
			w[j-2] = u
			back(j - 1)
		}
	}
	for id := range uint32(b.Nodes()) {
		w[n-1] = b.Node(id)
		back(n)
	}
}

// lemmaII1MaxN is the largest n whose sequences are enumerated.
const lemmaII1MaxN = 6

func checkLemmaII1(results) (Verdict, error) {
	var got []string
	for n := 2; n <= lemmaII1MaxN; n++ {
		k := 0
		butterflySeqs(n, func([]butterfly.Node) { k++ })
		bound := math.Exp(stats.LemmaII1LogCount(n))
		got = append(got, fmt.Sprintf("n=%d: %d", n, k))
		if float64(k) > bound*(1+1e-12) {
			return Verdict{Kind: Contradicted, Measured: strings.Join(got, ", "), Why: fmt.Sprintf("contradicted at n=%d: %d sequences > ⅓·n·6^n = %s", n, k, num(bound))}, nil
		}
		if math.Abs(float64(k)-bound) > 0.5 {
			return Verdict{Kind: Contradicted, Measured: strings.Join(got, ", "), Why: fmt.Sprintf("the enumeration at n=%d finds %d sequences, not n·2^n·3^{n−1} = %s: it is not the set the proof counts", n, k, num(bound))}, nil
		}
	}
	return Verdict{Kind: Holds, Measured: "the sequences (w_1, …, w_n) on BF_n with each w_{j−1} = w_j or a predecessor of w_j, enumerated: " + strings.Join(got, ", "),
		Why: fmt.Sprintf("holds for n = 2 … %d with equality: n·2^n·3^{n−1} = ⅓·n·6^n sequences", lemmaII1MaxN), Power: enumerated}, nil
}

// hitsII is, for one delay sequence D on BF_n, per super-node s and
// intermediate z, the packets of s that meet D and their visits to it:
// packet (d, s) meets D at w_p if it leaves w_p with priority p, its p-th
// hop (p = 1 … n) after the first.
type hitsII struct {
	x, h [][]int // [s][z]
}

func butterflyHits(b butterfly.Net, w []butterfly.Node, walks [][][]butterfly.Node) hitsII {
	n := b.N
	out := hitsII{x: make([][]int, 1<<n), h: make([][]int, 1<<n)}
	for s := range 1 << n {
		out.x[s], out.h[s] = make([]int, 1<<n), make([]int, 1<<n)
		for z := range 1 << n {
			for d := 1; d <= n; d++ {
				walk := walks[s<<n|z][d-1]
				k := 0
				for p := 1; p <= n; p++ {
					if walk[p] == w[p-1] {
						k++
					}
				}
				if k > 0 {
					out.x[s][z]++
					out.h[s][z] += k
				}
			}
		}
	}
	return out
}

// butterflyWalks returns the walks of every packet (d, s) for every z,
// indexed [s·2^n + z][d−1].
func butterflyWalks(b butterfly.Net) [][][]butterfly.Node {
	n := b.N
	out := make([][][]butterfly.Node, 1<<(2*n))
	for s := range uint32(1) << n {
		for z := range uint32(1) << n {
			for d := 1; d <= n; d++ {
				out[s<<n|z] = append(out[s<<n|z], b.Walk(butterfly.Node{L: d, V: s}, b.Beta(d, s, z)))
			}
		}
	}
	return out
}

// butterflyFacts is what the exact computations of Lemmas II.3 – II.5 find.
type butterflyFacts struct {
	seqs     map[int]int // sequences checked, by n
	xMax     int         // the most packets of one super-node meeting one D
	xAt      string
	i4, i5   []point // Lemma II.4 and II.5 points, exact
	i5None   []int   // n at which Lemma II.5's event is impossible
	perPkt   float64 // largest Pr(h(π) ≥ a)/(½)^{a−1}
	perPktAt string
	gap      string // a packet that meets D again after leaving it
}

// lemmaIIAllN is the largest n at which every sequence is checked;
// lemmaIIMaxN the largest with a fixed one (the route of packet (1, 0) for
// z = 2^n − 1).
const lemmaIIAllN, lemmaIIMaxN = 4, 7

var butterflyExact = sync.OnceValue(func() butterflyFacts {
	out := butterflyFacts{seqs: map[int]int{}}
	for n := 2; n <= lemmaIIMaxN; n++ {
		b := butterfly.Net{N: n}
		walks := butterflyWalks(b)
		worst4, worst5 := map[int]float64{}, map[int]float64{} // by threshold k
		check := func(w []butterfly.Node) {
			out.seqs[n]++
			hits := butterflyHits(b, w, walks)
			for s := range hits.x {
				for z, x := range hits.x[s] {
					if x > out.xMax {
						out.xMax = x
						out.xAt = fmt.Sprintf("n=%d, D = %v, s = %d, z = %d", n, w, s, z)
					}
				}
			}
			perPacket(b, w, walks, &out)
			tailX := sumXTail(hits)
			for k := n + 1; k < len(tailX) && k <= 4*n; k++ {
				worst4[k] = math.Max(worst4[k], tailX[k])
			}
			// With at most one packet of a super-node on D (Lemma II.3,
			// checked above) and h ≤ n per packet, Σh ≥ 6k needs Σx ≥ k
			// where (k − 1)·n < 6k: the event is impossible for n ≤ 6.
			if n > lemmaI6Gamma {
				for k, pr := range jointTail(hits, n) {
					worst5[k] = math.Max(worst5[k], pr)
				}
			}
		}
		if n <= lemmaIIAllN {
			butterflySeqs(n, check)
		} else {
			check(walks[1<<n-1][0][1 : n+1])
		}
		for _, k := range sortedKeys(worst4) {
			if b := stats.LemmaI5Exp(n, float64(k)/float64(n)); b < 1 {
				out.i4 = append(out.i4, exact(fmt.Sprintf("n=%d, Σx ≥ %d", n, k), n, worst4[k], b))
			}
		}
		if n <= lemmaI6Gamma {
			out.i5None = append(out.i5None, n)
		}
		for _, k := range sortedKeys(worst5) {
			c := float64(k) / float64(n)
			out.i5 = append(out.i5, exact(fmt.Sprintf("n=%d, c = %s", n, num(c)), n, worst5[k], stats.LemmaI6Bound(n, lemmaI6Gamma, c)))
		}
	}
	return out
})

// perPacket checks Lemma II.5's claim Pr(h(π) ≥ a) ≤ (½)^{a−1} for every
// packet on D, over its intermediate.
func perPacket(b butterfly.Net, w []butterfly.Node, walks [][][]butterfly.Node, out *butterflyFacts) {
	n := b.N
	for s := range 1 << n {
		for d := 1; d <= n; d++ {
			tally := make([]int, n+2)
			for z := range 1 << n {
				walk := walks[s<<n|z][d-1]
				h, first, last := 0, 0, 0
				for p := 1; p <= n; p++ {
					if walk[p] == w[p-1] {
						h++
						last = p
						if first == 0 {
							first = p
						}
					}
				}
				if h > 0 && last-first+1 > h && out.gap == "" {
					out.gap = fmt.Sprintf("n=%d, D = %v, packet (%d, %d) for z = %d", n, w, d, s, z)
				}
				for a := 0; a <= h; a++ {
					tally[a]++
				}
			}
			for a := 2; a <= n; a++ {
				if r := float64(tally[a]) / float64(int(1)<<n) / stats.LemmaI6PerPacket(a); r > out.perPkt {
					out.perPkt = r
					out.perPktAt = fmt.Sprintf("n=%d, D = %v, packet (%d, %d), a = %d", n, w, d, s, a)
				}
			}
		}
	}
}

// sumXTail returns Pr(Σ_s x(s) ≥ k) by k for D's hits, exactly: the
// super-nodes draw their intermediates independently, so Σx is a sum of
// independent Bernoulli variables, whose law is their convolution.
func sumXTail(hits hitsII) []float64 {
	m := float64(len(hits.x[0]))
	px := []float64{1} // Pr(Σx = x) over the super-nodes so far
	for s := range hits.x {
		q := 0.0
		for _, x := range hits.x[s] {
			if x > 0 {
				q += 1 / m
			}
		}
		next := make([]float64, len(px)+1)
		for x, p := range px {
			next[x] += p * (1 - q)
			next[x+1] += p * q
		}
		px = next
	}
	tail := make([]float64, len(px)+1)
	for x := len(px) - 1; x >= 0; x-- {
		tail[x] = tail[x+1] + px[x]
	}
	return tail
}

// jointTail returns Pr(Σh ≥ γ·k and Σx < k) by k = 1 … 4n for D's hits,
// γ = 6, exactly, by convolving the independent laws of (x(s), h(s)); Σx is
// capped at 4n and Σh at 24n, which the events need no more of.
func jointTail(hits hitsII, n int) map[int]float64 {
	m := float64(len(hits.x[0]))
	kmax := 4 * n
	hmax := lemmaI6Gamma * kmax
	law := [][]float64{make([]float64, hmax+1)} // law[x][h] = Pr(Σx = x, Σh = h)
	law[0][0] = 1
	for s := range hits.x {
		step := map[[2]int]float64{} // (x(s), h(s)) → probability
		for z, x := range hits.x[s] {
			step[[2]int{min(x, 1), hits.h[s][z]}] += 1 / m
		}
		next := make([][]float64, min(len(law)+1, kmax+1))
		for x := range next {
			next[x] = make([]float64, hmax+1)
		}
		for x, row := range law {
			for h, p := range row {
				if p == 0 {
					continue
				}
				for xh, q := range step {
					if x+xh[0] <= kmax {
						next[x+xh[0]][min(h+xh[1], hmax)] += p * q
					}
				}
			}
		}
		law = next
	}
	joint := map[int]float64{}
	for k := 1; k <= kmax; k++ {
		pr := 0.0
		for x := 0; x < k && x < len(law); x++ {
			for h := lemmaI6Gamma * k; h <= hmax; h++ {
				pr += law[x][h]
			}
		}
		joint[k] = pr
	}
	return joint
}

func seqCount(m map[int]int) string {
	var s []string
	for _, n := range sortedKeys(m) {
		s = append(s, fmt.Sprintf("%d at n=%d", m[n], n))
	}
	return strings.Join(s, ", ")
}

func checkLemmaII3(results) (Verdict, error) {
	f := butterflyExact()
	v := Verdict{Measured: fmt.Sprintf("the packets of each super-node s that meet D (leave some w_p with priority p), for every intermediate z of s, on every sequence of Lemma II.1 on BF_2 … BF_%d and a fixed one (the route of packet (1, 0) for z = 2^n − 1) on BF_%d … BF_%d (%s): at most %d", lemmaIIAllN, lemmaIIAllN+1, lemmaIIMaxN, seqCount(f.seqs), f.xMax)}
	if f.xMax > 1 {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted: %d packets of one super-node meet D at %s", f.xMax, f.xAt)
		return v, nil
	}
	v.Kind, v.Why, v.Power = Holds, "holds: x(s) ∈ {0, 1} for every D, s and z; the x(s) are independent, each a function of s's own intermediate", enumerated
	return v, nil
}

func checkLemmaII4(results) (Verdict, error) {
	f := butterflyExact()
	v := bounded(slices.Clone(f.i4))
	v.Measured = fmt.Sprintf("Pr(Σ_s x(s) ≥ cn) exactly (the law of a sum of independent x(s)), the largest over the sequences, against e^{−(c ln c − c + 1)n} at every cn = n+1 … 4n where it is below 1, on BF_2 … BF_%d (every sequence to n = %d)", lemmaIIMaxN, lemmaIIAllN)
	if v.Kind == Holds || v.Kind == Loose {
		v.Power = enumerated
	}
	return v, nil
}

func checkLemmaII5(results) (Verdict, error) {
	f := butterflyExact()
	v := Verdict{Measured: fmt.Sprintf("Pr(Σh ≥ 6cn and Σx < cn) exactly (γ = 6, c = k/n, k = 1 … 4n), the largest over the sequences, on BF_2 … BF_%d (every sequence to n = %d, a fixed one beyond)", lemmaIIMaxN, lemmaIIAllN)}
	var pts []point
	zero := true
	for _, p := range f.i5 {
		if p.bound < 1 {
			pts = append(pts, p)
			zero = zero && p.est == 0
		}
	}
	if zero {
		v.Kind, v.Why = Vacuous, fmt.Sprintf("cannot fail at these n: fewer than cn packets meet D and each leaves at most n of its nodes with their priority, (cn − 1)·n < 6cn for n ≤ 6, so the event is impossible at n = %s; at n = %s it has probability 0 exactly on the sequence computed (the route of one packet, which no other stays on long); to bite, sequences that many packets follow nearly to the end at n ≥ 7, each costing 4^n·n² steps to compute exactly", span(f.i5None), span(nAbove(f.i5, lemmaI6Gamma)))
		return v, nil
	}
	w := bounded(pts)
	v.Kind, v.Why, v.Power = w.Kind, w.Why, w.Power
	if w.Kind == Holds || w.Kind == Loose {
		v.Power = enumerated
		v.Why += fmt.Sprintf("; the event is impossible at n = %s ((cn − 1)·n < 6cn)", span(f.i5None))
	}
	return v, nil
}

func checkLemmaII5Packet(results) (Verdict, error) {
	f := butterflyExact()
	v := Verdict{Measured: fmt.Sprintf("Pr(h(π) ≥ a) over the packet's intermediate, exactly, for every packet of every super-node and a = 2 … n, on every sequence of Lemma II.1 on BF_2 … BF_%d and a fixed one on BF_%d … BF_%d: largest ratio to (½)^{a−1} %s at %s", lemmaIIAllN, lemmaIIAllN+1, lemmaIIMaxN, num(f.perPkt), f.perPktAt)}
	if f.perPkt > 1+1e-12 {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted: Pr(h(π) ≥ a) exceeds (½)^{a−1} by %s× at %s", num(f.perPkt), f.perPktAt)
		return v, nil
	}
	v.Kind, v.Why, v.Power = Holds, "holds for every packet and a", enumerated
	if f.gap != "" {
		v.Why += fmt.Sprintf(", though the proof's reason is incomplete: it says a packet that left D never meets it again, but one can (first instance: %s); each further node still costs a factor ≤ ½", f.gap)
	} else {
		v.Why += "; no packet meets D again after leaving it, as the proof says"
	}
	if f.perPkt == 1 {
		v.Why += "; the bound is attained"
	}
	return v, nil
}

// nAbove lists the n of the points above limit.
func nAbove(pts []point, limit int) []int {
	var ns []int
	for _, p := range pts {
		if p.n > limit {
			ns = append(ns, p.n)
		}
	}
	return ns
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
