package paperreport

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hyperroute/hyperroute/butterfly"
	"github.com/hyperroute/hyperroute/delayseq"
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
		Measured: fmt.Sprintf("the n paths α^d and the butterfly routes β^d the harness builds, for every s ≠ z on Q_1 … Q_%d and for s = 0 on Q_%d … Q_%d (%d pairs)", pathsAllN, pathsAllN+1, pathsMaxN, pairs),
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

func checkLemmaII1(results) (Verdict, error) {
	var got []string
	for n := 2; n <= delayseq.ButterflyCountMaxN; n++ {
		k := delayseq.ButterflyCounts()[n]
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
		Why: fmt.Sprintf("holds for n = 2 … %d with equality: n·2^n·3^{n−1} = ⅓·n·6^n sequences", delayseq.ButterflyCountMaxN), Power: enumerated}, nil
}

// butterflyFacts is what the exact computations of Lemmas II.3 – II.5
// find, as the verdicts judge them.
type butterflyFacts struct {
	delayseq.ButterflyLaws
	i4, i5 []point // Lemma II.4 and II.5 points, exact
	i5None []int   // n at which Lemma II.5's event is impossible
}

// butterflyExact makes points of delayseq.ButterflyExact: Lemma II.4 at
// every cn = n+1 … 4n where its bound is below 1, Lemma II.5 at every
// c = k/n, k = 1 … 4n, for n > γ (impossible below).
func butterflyExact() butterflyFacts {
	out := butterflyFacts{ButterflyLaws: delayseq.ButterflyExact()}
	for n := 2; n <= delayseq.BFMaxN; n++ {
		for k := n + 1; k < len(out.SumX[n]); k++ {
			if b := stats.LemmaI5Exp(n, float64(k)/float64(n)); b < 1 {
				out.i4 = append(out.i4, exact(fmt.Sprintf("n=%d, Σx ≥ %d", n, k), n, out.SumX[n][k], b))
			}
		}
		if out.Joint[n] == nil {
			out.i5None = append(out.i5None, n)
			continue
		}
		for k := 1; k <= 4*n; k++ {
			c := float64(k) / float64(n)
			out.i5 = append(out.i5, exact(fmt.Sprintf("n=%d, c = %s", n, num(c)), n, out.Joint[n][k], stats.LemmaI6Bound(n, lemmaI6Gamma, c)))
		}
	}
	return out
}

func seqCount(m []int) string {
	var s []string
	for n, k := range m {
		if k > 0 {
			s = append(s, fmt.Sprintf("%d at n=%d", k, n))
		}
	}
	return strings.Join(s, ", ")
}

func checkLemmaII3(results) (Verdict, error) {
	f := butterflyExact()
	v := Verdict{Measured: fmt.Sprintf("the packets of each super-node s that meet D (leave some w_p with priority p), for every intermediate z of s, on every sequence of Lemma II.1 on BF_2 … BF_%d and a fixed one (the route of packet (1, 0) for z = 2^n − 1) on BF_%d … BF_%d (%s): at most %d", delayseq.BFAllN, delayseq.BFAllN+1, delayseq.BFMaxN, seqCount(f.Seqs), f.XMax)}
	if f.XMax > 1 {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted: %d packets of one super-node meet D at %s", f.XMax, f.XAt)
		return v, nil
	}
	v.Kind, v.Why, v.Power = Holds, "holds: x(s) ∈ {0, 1} for every D, s and z; the x(s) are independent, each a function of s's own intermediate", enumerated
	return v, nil
}

func checkLemmaII4(results) (Verdict, error) {
	f := butterflyExact()
	v := bounded(slices.Clone(f.i4))
	v.Measured = fmt.Sprintf("Pr(Σ_s x(s) ≥ cn) exactly (the law of a sum of independent x(s)), the largest over the sequences, against e^{−(c ln c − c + 1)n} at every cn = n+1 … 4n where it is below 1, on BF_2 … BF_%d (every sequence to n = %d)", delayseq.BFMaxN, delayseq.BFAllN)
	if v.Kind == Holds || v.Kind == Loose {
		v.Power = enumerated
	}
	return v, nil
}

func checkLemmaII5(results) (Verdict, error) {
	f := butterflyExact()
	v := Verdict{Measured: fmt.Sprintf("Pr(Σh ≥ 6cn and Σx < cn) exactly (γ = 6, c = k/n, k = 1 … 4n), the largest over the sequences, on BF_2 … BF_%d (every sequence to n = %d, a fixed one beyond)", delayseq.BFMaxN, delayseq.BFAllN)}
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
	p := f.Packets
	v := Verdict{Measured: fmt.Sprintf("Pr(h(π) ≥ a) over the packet's intermediate, exactly, for every packet of every super-node and a = 2 … n, on every sequence of Lemma II.1 on BF_2 … BF_%d and a fixed one on BF_%d … BF_%d: largest ratio to (½)^{a−1} %s at %s", delayseq.BFAllN, delayseq.BFAllN+1, delayseq.BFMaxN, num(p.Max), p.At)}
	if p.Max > 1+1e-12 {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted: Pr(h(π) ≥ a) exceeds (½)^{a−1} by %s× at %s", num(p.Max), p.At)
		return v, nil
	}
	v.Kind, v.Why, v.Power = Holds, "holds for every packet and a", enumerated
	if p.Gap != "" {
		v.Why += fmt.Sprintf(", though the proof's reason is incomplete: it says a packet that left D never meets it again, but one can (first instance: %s); each further node still costs a factor ≤ ½", p.Gap)
	} else {
		v.Why += "; no packet meets D again after leaving it, as the proof says"
	}
	if p.Max == 1 {
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
