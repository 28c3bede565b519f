package delayseq

import (
	"fmt"
	"math"
	"sync"

	"github.com/hyperroute/hyperroute/butterfly"
	"github.com/hyperroute/hyperroute/hypercube"
)

// The delay sequences of thesis Ch. II.3 on the wrapped butterfly BF_n,
// computed exactly: the sequences Lemma II.1 counts, and for a fixed one
// the packets that meet it (Lemmas II.3 – II.5), whose laws are exact
// because each super-node draws its intermediate on its own.

// EachButterfly calls fn with every delay sequence D = (w_1, …, w_n) of
// thesis Lemma II.1 on BF_n: each w_{j−1} is w_j or one of its two
// predecessors. w[j−1] is w_j; fn must not keep it.
func EachButterfly(n int, fn func(w []butterfly.Node)) {
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

// ButterflyCountMaxN is the largest n whose sequences ButterflyCounts
// enumerates.
const ButterflyCountMaxN = 6

// ButterflyCounts returns the number of Lemma II.1's sequences on BF_n by
// EachButterfly, at index n = 2 … ButterflyCountMaxN; computed once.
var ButterflyCounts = sync.OnceValue(func() []int {
	out := make([]int, ButterflyCountMaxN+1)
	for n := 2; n <= ButterflyCountMaxN; n++ {
		EachButterfly(n, func([]butterfly.Node) { out[n]++ })
	}
	return out
})

// Gamma is the γ of Lemmas I.6 and II.5 that Theorems I.1 and II.1 set.
const Gamma = 6

// ButterflyLaws is what ButterflyExact finds on BF_n, n = 2 … BFMaxN,
// for every sequence up to BFAllN and beyond it a fixed one, the route of
// packet (1, 0) for z = 2^n − 1.
type ButterflyLaws struct {
	// Seqs[n] counts the sequences checked.
	Seqs []int
	// XMax is the most packets of one super-node meeting one sequence
	// (Lemma II.3: at most 1), first at XAt.
	XMax int
	XAt  string
	// SumX[n][k] is the largest Pr(Σ_s x(s) ≥ k) over the sequences
	// (Lemma II.4), k = 0 … min(4n, 2^n + 1).
	SumX [][]float64
	// Joint[n][k] is the largest Pr(Σh ≥ Gamma·k and Σx < k) over the
	// sequences (Lemma II.5), k = 1 … 4n (0 at k = 0); none for n ≤ Gamma,
	// where the event is impossible: with at most one packet of a
	// super-node on D and h ≤ n per packet, Σh ≥ 6k needs Σx ≥ k where
	// (k − 1)·n < 6k.
	Joint [][]float64
	// Packets is Lemma II.5's per-packet claim, Pr(h(π) ≥ a) ≤ (½)^{a−1}.
	Packets PacketLaw
}

// BFAllN and BFMaxN bound the n of ButterflyExact.
const BFAllN, BFMaxN = 4, 7

// ButterflyExact computes the laws of the packets meeting a delay sequence
// on BF_n exactly; computed once.
var ButterflyExact = sync.OnceValue(func() ButterflyLaws {
	out := ButterflyLaws{Seqs: make([]int, BFMaxN+1), SumX: make([][]float64, BFMaxN+1), Joint: make([][]float64, BFMaxN+1),
		Packets: PacketLaw{Worst: make([][]float64, BFMaxN+1), Seqs: make([]int, BFMaxN+1)}}
	for n := 2; n <= BFMaxN; n++ {
		b := butterfly.Net{N: n}
		walks := butterflyWalks(b)
		out.SumX[n], out.Packets.Worst[n] = make([]float64, min(4*n, 1<<n+1)+1), make([]float64, n+1)
		if n > Gamma {
			out.Joint[n] = make([]float64, 4*n+1)
		}
		check := func(w []butterfly.Node) {
			out.Seqs[n]++
			out.Packets.Seqs[n]++
			x, h := butterflyHits(b, w, walks)
			for s := range x {
				for z, k := range x[s] {
					if k > out.XMax {
						out.XMax, out.XAt = k, fmt.Sprintf("n=%d, D = %v, s = %d, z = %d", n, w, s, z)
					}
				}
			}
			out.Packets.butterfly(b, w, walks)
			for k, p := range sumXTail(x)[:len(out.SumX[n])] {
				out.SumX[n][k] = math.Max(out.SumX[n][k], p)
			}
			if out.Joint[n] != nil {
				for k, p := range jointTail(x, h, n) {
					out.Joint[n][k] = math.Max(out.Joint[n][k], p)
				}
			}
		}
		if n <= BFAllN {
			EachButterfly(n, check)
		} else {
			check(walks[1<<n-1][0][1 : n+1])
		}
	}
	return out
})

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

// butterflyHits returns, for one delay sequence w on BF_n, per super-node
// s and intermediate z, the packets of s that meet D and their visits to
// it: packet (d, s) meets D at w_p if it leaves w_p with priority p, its
// p-th hop (p = 1 … n) after the first.
func butterflyHits(b butterfly.Net, w []butterfly.Node, walks [][][]butterfly.Node) (x, h [][]int) {
	n := b.N
	x, h = make([][]int, 1<<n), make([][]int, 1<<n)
	for s := range 1 << n {
		x[s], h[s] = make([]int, 1<<n), make([]int, 1<<n)
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
					x[s][z]++
					h[s][z] += k
				}
			}
		}
	}
	return x, h
}

// butterfly checks Lemma II.5's claim Pr(h(π) ≥ a) ≤ (½)^{a−1} for every
// packet on D, over its intermediate.
func (l *PacketLaw) butterfly(b butterfly.Net, w []butterfly.Node, walks [][][]butterfly.Node) {
	n := b.N
	for s := range 1 << n {
		for d := 1; d <= n; d++ {
			t := make([]int, n+2)
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
				if h > 0 && last-first+1 > h && l.Gap == "" {
					l.Gap = fmt.Sprintf("n=%d, D = %v, packet (%d, %d) for z = %d", n, w, d, s, z)
				}
				tally(t, h)
			}
			l.add(n, t, func(a int) string { return fmt.Sprintf("n=%d, D = %v, packet (%d, %d), a = %d", n, w, d, s, a) })
		}
	}
}

// sumXTail returns Pr(Σ_s x(s) ≥ k) by k, exactly: the super-nodes draw
// their intermediates independently, so Σx is a sum of independent
// Bernoulli variables, whose law is their convolution.
func sumXTail(x [][]int) []float64 {
	m := float64(len(x[0]))
	px := []float64{1} // Pr(Σx = k) over the super-nodes so far
	for s := range x {
		q := 0.0
		for _, k := range x[s] {
			if k > 0 {
				q += 1 / m
			}
		}
		next := make([]float64, len(px)+1)
		for k, p := range px {
			next[k] += p * (1 - q)
			next[k+1] += p * q
		}
		px = next
	}
	tail := make([]float64, len(px)+1)
	for k := len(px) - 1; k >= 0; k-- {
		tail[k] = tail[k+1] + px[k]
	}
	return tail
}

// jointTail returns Pr(Σh ≥ Gamma·k and Σx < k) by k = 0 … 4n (0 at k =
// 0) exactly, by convolving the independent laws of (x(s), h(s)); Σx is
// capped at 4n and Σh at Gamma·4n, which the events need no more of.
func jointTail(x, h [][]int, n int) []float64 {
	m := float64(len(x[0]))
	kmax := 4 * n
	hmax := Gamma * kmax
	law := [][]float64{make([]float64, hmax+1)} // law[x][h] = Pr(Σx = x, Σh = h)
	law[0][0] = 1
	for s := range x {
		step := map[[2]int]float64{} // (x(s), h(s)) → probability
		for z, k := range x[s] {
			step[[2]int{min(k, 1), h[s][z]}] += 1 / m
		}
		next := make([][]float64, min(len(law)+1, kmax+1))
		for k := range next {
			next[k] = make([]float64, hmax+1)
		}
		for k, row := range law {
			for hv, p := range row {
				if p == 0 {
					continue
				}
				for xh, q := range step {
					if k+xh[0] <= kmax {
						next[k+xh[0]][min(hv+xh[1], hmax)] += p * q
					}
				}
			}
		}
		law = next
	}
	joint := make([]float64, kmax+1)
	for k := 1; k <= kmax; k++ {
		for sx := 0; sx < k && sx < len(law); sx++ {
			for hv := Gamma * k; hv <= hmax; hv++ {
				joint[k] += law[sx][hv]
			}
		}
	}
	return joint
}
