package delayseq

import (
	"fmt"
	"math/bits"
	"strings"
	"sync"

	"github.com/hyperroute/hyperroute/stats"
)

// The union bound of thesis Ch. I.3 computed exactly on small cubes: the
// sequences Lemma I.3 counts, and the per-packet law of the proof of
// Lemma I.6, for every sequence or the fixed one.

// Each calls fn with every delay sequence of thesis Lemma I.3 on Q_n:
// 1 ≤ p_1 < … < p_l ≤ 2n, l ≥ 1, and each v_{i−1} is v_i or its neighbour
// across the dimension of p_{i−1} (p, or p − n in phase 2). fn gets the
// sequence last step first and must not keep it.
func Each(n int, fn func(d Seq)) {
	d := make(Seq, 0, 2*n)
	var extend func(v uint32, p int) // d ends (backwards) at (v, p); add steps below p
	extend = func(v uint32, p int) {
		fn(d)
		for q := p - 1; q >= 1; q-- {
			dim := (q-1)%n + 1
			for _, u := range [2]uint32{v, v ^ 1<<(dim-1)} {
				d = append(d, Step{Node: u, Prio: uint8(q)})
				extend(u, q)
				d = d[:len(d)-1]
			}
		}
	}
	for v := range uint32(1) << n {
		for p := 1; p <= 2*n; p++ {
			d = append(d[:0], Step{Node: v, Prio: uint8(p)})
			extend(v, p)
		}
	}
}

// CountMaxN is the largest n at which Counts enumerates Lemma I.3's
// sequences (½·18^5 ≈ 945 000).
const CountMaxN = 5

// Counts returns the number of Lemma I.3's sequences on Q_n by Each, at
// index n = 1 … CountMaxN; computed once.
var Counts = sync.OnceValue(func() []int {
	out := make([]int, CountMaxN+1)
	for n := 1; n <= CountMaxN; n++ {
		Each(n, func(Seq) { out[n]++ })
	}
	return out
})

// String writes d as ((v_1, p_1), …).
func (d Seq) String() string {
	s := make([]string, len(d))
	for i, st := range d {
		s[i] = fmt.Sprintf("(%d, %d)", st.Node, st.Prio)
	}
	return "(" + strings.Join(s, ", ") + ")"
}

// PacketLaw is the per-packet claim of a proof computed exactly (thesis
// Lemmas I.6 and II.5): Pr(h(π) ≥ a) over a packet's random intermediate,
// for every packet and every sequence checked. Worst[n][a] is its largest
// value on Q_n (or BF_n) for a = 0 … n; Seqs[n] counts the sequences
// checked; Max is the largest ratio to the claimed (½)^{a−1}, a ≥ 2, and
// At the first instance of it; Gap is the first packet found that meets a
// sequence again after leaving it, which the proofs rule out, "" if none.
type PacketLaw struct {
	Worst   [][]float64
	Seqs    []int
	Max     float64
	At, Gap string
}

// tally adds, for a = 0 … h, the intermediates with h(π) ≥ a.
func tally(t []int, h int) {
	for a := 0; a <= h; a++ {
		t[a]++
	}
}

// add records the tail of one packet on Q_n or BF_n, tally[a] of the 2^n
// intermediates, and its worst ratio to the claim, found at at().
func (l *PacketLaw) add(n int, t []int, at func(a int) string) {
	for a := range t[:n+1] {
		p := float64(t[a]) / float64(int(1)<<n)
		l.Worst[n][a] = max(l.Worst[n][a], p)
		if a >= 2 {
			if r := p / stats.LemmaI6PerPacket(a); r > l.Max {
				l.Max, l.At = r, at(a)
			}
		}
	}
}

// CubeAllN and CubeMaxN: CubePackets checks every sequence up to Q_3 and
// the fixed one (Canonical) up to Q_8.
const CubeAllN, CubeMaxN = 3, 8

// CubePackets checks the claim in the proof of thesis Lemma I.6 on Q_n for
// every delay sequence of Lemma I.3 (n ≤ CubeAllN) or the fixed one
// (Canonical, larger n ≤ CubeMaxN): per packet and phase, over its random
// intermediate, Pr(h^Ph(π) ≥ a) ≤ (½)^{a−1}; computed once.
var CubePackets = sync.OnceValue(func() PacketLaw {
	out := PacketLaw{Worst: make([][]float64, CubeMaxN+1), Seqs: make([]int, CubeMaxN+1)}
	for n := 1; n <= CubeMaxN; n++ {
		out.Worst[n] = make([]float64, n+1)
		check := func(d Seq) {
			out.Seqs[n]++
			out.hits(n, d)
		}
		if n > CubeAllN {
			check(Canonical(n))
			continue
		}
		Each(n, func(back Seq) {
			d := make(Seq, len(back))
			for i, s := range back {
				d[len(back)-1-i] = s
			}
			check(d)
		})
	}
	return out
})

// hits checks the per-packet claim on D (priorities ascending) on Q_n: in
// phase 1 for every source s, in phase 2 for every destination z, over
// every intermediate y, the e-cube route crossing its dimensions in
// ascending order with priority d (phase 1) or d + n (phase 2).
func (l *PacketLaw) hits(n int, d Seq) {
	at := map[int]uint32{} // priority → v_i
	for _, s := range d {
		at[int(s.Prio)] = s.Node
	}
	for phase := range 2 {
		var prios uint64 // the priorities of D in this phase, as bits
		for _, s := range d {
			if p := int(s.Prio) - phase*n; p >= 1 && p <= n {
				prios |= 1 << p
			}
		}
		for end := range uint32(1) << n { // s in phase 1, z in phase 2
			t := make([]int, n+2) // t[a]: intermediates with h ≥ a
			for y := range uint32(1) << n {
				from, to := end, y
				if phase == 1 {
					from, to = y, end
				}
				var hits uint64 // the dimensions p at which π leaves v_i with p_i
				for v, dim := from, 1; dim <= n; dim++ {
					if (from^to)>>(dim-1)&1 == 0 {
						continue
					}
					if u, ok := at[dim+phase*n]; ok && u == v {
						hits |= 1 << dim
					}
					v ^= 1 << (dim - 1)
				}
				h := bits.OnesCount64(hits)
				// A gap: a step of D missed between two that were hit.
				low, high := hits&-hits, uint64(1)<<(63-bits.LeadingZeros64(hits|1))
				if between := prios &^ hits & (high - 1) &^ (low*2 - 1); h >= 2 && between != 0 && l.Gap == "" {
					l.Gap = fmt.Sprintf("n=%d, D = %v, phase %d, the packet from %d to %d", n, d, phase+1, from, to)
				}
				tally(t, h)
			}
			l.add(n, t, func(a int) string {
				return fmt.Sprintf("n=%d, D = %v, phase %d, %s %d, a = %d: %d of %d intermediates", n, d, phase+1, map[int]string{0: "source", 1: "destination"}[phase], end, a, t[a], 1<<n)
			})
		}
	}
}
