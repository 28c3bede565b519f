package delayseq

import (
	"math"
	"testing"
)

// TestPacketGap: on Q_3 a packet can leave D = ((1, 1), (0, 2), (0, 3)) and
// meet it again in the same phase: from 1, through an intermediate y with
// y(1) = 0, y(2) = 0, y(3) = 1, it leaves 1 with priority 1 and 0 with 3,
// not 0 with 2; the exact check finds such a gap, and none on the butterfly.
func TestPacketGap(t *testing.T) {
	seq := func(steps ...[2]int) Seq {
		d := make(Seq, len(steps))
		for i, st := range steps {
			d[i] = Step{Node: uint32(st[0]), Prio: uint8(st[1])}
		}
		return d
	}
	law := func() *PacketLaw { return &PacketLaw{Worst: make([][]float64, 4)} }
	hit, miss := law(), law()
	for _, l := range []*PacketLaw{hit, miss} {
		l.Worst[3] = make([]float64, 4)
	}
	hit.hits(3, seq([2]int{1, 1}, [2]int{0, 2}, [2]int{0, 3}))
	if hit.Gap == "" {
		t.Error("no gap found on the sequence ((1, 1), (0, 2), (0, 3)) of Q_3")
	}
	miss.hits(3, seq([2]int{1, 1}, [2]int{0, 2}, [2]int{2, 3}))
	if miss.Gap != "" {
		t.Errorf("a gap on the walk ((1, 1), (0, 2), (2, 3)), which a packet leaves for good: %s", miss.Gap)
	}
	if g := ButterflyExact().Packets.Gap; g != "" {
		t.Errorf("a gap on the butterfly: %s", g)
	}
}

// TestCounts: Lemma I.3's sequences number ½·18^n − 2^{n−1} (the proof's
// sum counts the empty one too), Lemma II.1's n·2^n·3^{n−1} = ⅓·n·6^n.
func TestCounts(t *testing.T) {
	for n, k := range Counts()[1:] {
		if n++; k != (int(math.Pow(18, float64(n)))-1<<n)/2 {
			t.Errorf("Q_%d: %d sequences", n, k)
		}
	}
	for n, k := range ButterflyCounts()[2:] {
		if n += 2; k != n<<n*int(math.Pow(3, float64(n-1))) {
			t.Errorf("BF_%d: %d sequences", n, k)
		}
	}
}

// TestLaws: the per-packet claim holds on Q_n and BF_n with Pr(h ≥ 1) ≤ 1;
// at most one packet of a super-node meets a butterfly sequence; the
// tails of Σx fall from 1, and Lemma II.5's event is impossible for n ≤ 6.
func TestLaws(t *testing.T) {
	bf := ButterflyExact()
	for _, l := range []PacketLaw{CubePackets(), bf.Packets} {
		if l.Max > 1 || l.Max < 0.5 || l.At == "" {
			t.Errorf("per-packet ratio %v at %s", l.Max, l.At)
		}
		for n, w := range l.Worst {
			if len(w) > 0 && (w[0] != 1 || w[1] > 1 || l.Seqs[n] == 0) {
				t.Errorf("n = %d: Pr(h ≥ a) = %v over %d sequences", n, w, l.Seqs[n])
			}
		}
	}
	if bf.XMax != 1 {
		t.Errorf("%d packets of one super-node meet D at %s", bf.XMax, bf.XAt)
	}
	for n := 2; n <= BFMaxN; n++ {
		if math.Abs(bf.SumX[n][0]-1) > 1e-12 || bf.SumX[n][len(bf.SumX[n])-1] > bf.SumX[n][n] || (bf.Joint[n] == nil) != (n <= Gamma) {
			t.Errorf("BF_%d: Pr(Σx ≥ k) = %v, joint %v", n, bf.SumX[n], bf.Joint[n])
		}
	}
}
