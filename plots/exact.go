package plots

import (
	"fmt"
	"math"

	"github.com/hyperroute/hyperroute/delayseq"
	"github.com/hyperroute/hyperroute/stats"
)

// The figures of what the report computes exactly on the harness'
// structures, from the same functions (package delayseq): the union
// bounds of Ch. I.3 and II.3 on small cubes and butterflies.

// exactly draws, without rows, the points f gives per facet key as the
// series key.
func exactly(key string, f func() map[string][]Point) Layer {
	return Computed{New: func() collector {
		return &given{f: func() (map[string][]drawn, error) {
			out := map[string][]drawn{}
			for facet, pts := range f() {
				out[facet] = []drawn{{key: key, how: lineMarks, pts: pts}}
			}
			return out, nil
		}}
	}}
}

// perN is, per n (facet "n=…"), the points (x(k, n), laws()[n][k]) for k
// from first(n) on.
func perN(laws func() [][]float64, first func(n int) int, x func(k, n int) float64) func() map[string][]Point {
	return func() map[string][]Point {
		out := map[string][]Point{}
		for n, law := range laws() {
			for k := first(n); k < len(law); k++ {
				out[fmt.Sprint("n=", n)] = append(out[fmt.Sprint("n=", n)], xy(x(k, n), law[k]))
			}
		}
		return out
	}
}

// overN is c = k/n.
func overN(k, n int) float64 { return float64(k) / float64(n) }

// xy is an exact point.
func xy(x, y float64) Point { return Point{X: x, Y: y, Lo: math.NaN(), Hi: math.NaN(), N: 1} }

var (
	lemmaI3  = &Curve{Name: "Lemma I.3: ½·18ⁿ", F: func(n, _ float64) float64 { return math.Exp(stats.LemmaI3LogCount(int(n))) }, Ints: true, Dash: 1}
	lemmaII1 = &Curve{Name: "Lemma II.1: ⅓·n·6ⁿ", F: func(n, _ float64) float64 { return math.Exp(stats.LemmaII1LogCount(int(n))) }, Ints: true, Dash: 2}
)

var sequenceCounts = Figure{
	Name: "sequence-counts",
	Caption: "Lemmas I.3 and II.1: the delay sequences the union bounds of Theorems I.1 and II.1 sum over, enumerated " +
		"one by one, against n, log y: on Q_n every D = ((v_1, p_1), …, (v_l, p_l)) with 1 ≤ p_1 < … < p_l ≤ 2n and each " +
		"v_{i−1} = v_i or its neighbour across p_{i−1}'s dimension, against ½·18ⁿ (the count is ½·18ⁿ − 2ⁿ⁻¹: the proof " +
		"counts the empty sequence too); on BF_n every (w_1, …, w_n) with each w_{j−1} = w_j or a predecessor, which " +
		"meets ⅓·n·6ⁿ exactly.",
	Panels: []Panel{{
		X: Axis{Label: "n", Ints: true},
		Y: Axis{Label: "delay sequences", Log: true},
		Layers: []Layer{
			exactly("seqs=cube", func() map[string][]Point {
				var pts []Point
				for n, k := range delayseq.Counts()[1:] {
					pts = append(pts, xy(float64(n+1), float64(k)))
				}
				return map[string][]Point{"": pts}
			}),
			exactly("seqs=butterfly", func() map[string][]Point {
				var pts []Point
				for n, k := range delayseq.ButterflyCounts()[2:] {
					pts = append(pts, xy(float64(n+2), float64(k)))
				}
				return map[string][]Point{"": pts}
			}),
			*lemmaI3, *lemmaII1,
		},
	}},
}

// perPacket is the claim Pr(h ≥ a) ≤ (½)^{a−1} of Lemmas I.6 and II.5.
var perPacket = &Curve{Name: "(½)^{a−1}", F: func(a, _ float64) float64 { return stats.LemmaI6PerPacket(int(a)) }, Ints: true, Dash: 1}

// packetPanel is one panel per n of law's largest Pr(h ≥ a), a = 1 … n.
func packetPanel(title, key string, law func() delayseq.PacketLaw) Panel {
	return Panel{Title: title, Facet: "n", Cols: 7,
		X: Axis{Label: "a (visits to D)", Ints: true},
		Y: Axis{Label: "largest Pr(h ≥ a)", Log: true},
		Layers: []Layer{
			exactly(key, perN(func() [][]float64 { return law().Worst }, func(int) int { return 1 }, func(a, _ int) float64 { return float64(a) })),
			*perPacket,
		}}
}

var packetLaws = Figure{
	Name: "packet-laws", Wide: true,
	Caption: "The per-packet claims of the proofs of Lemmas I.6 and II.5, computed exactly: for every packet (and phase), " +
		"the chance over its random intermediate that it leaves a of the nodes of a delay sequence D with D's " +
		"priorities, h ≥ a, the largest over the packets and the sequences, against (½)^{a−1}, one panel per n, log y. " +
		"Top, Q_n: every sequence of Lemma I.3 up to n = 3, the fixed one (the e-cube walk 0 → 2ⁿ−1 → 0) above; bottom, " +
		"BF_n: every sequence of Lemma II.1 up to n = 4, a fixed one (a packet's route) above. A 0 is drawn at the axis' " +
		"end.",
	Panels: []Panel{
		packetPanel("Q_{n}", "law=cube", delayseq.CubePackets),
		packetPanel("BF_{n}", "law=butterfly", func() delayseq.PacketLaw { return delayseq.ButterflyExact().Packets }),
	},
}

var butterflyExact = Figure{
	Name: "butterfly-exact", Wide: true,
	Caption: "Lemmas II.4 and II.5 computed exactly on the butterfly, where each super-node draws its intermediate on " +
		"its own and so the laws of Σx (the packets meeting D) and of Σh (their visits) are convolutions. Top, one panel " +
		"per n: Pr(Σ_s x(s) ≥ cn), the largest over every sequence up to n = 4 and a fixed one above, against " +
		"e^(−(c ln c − c + 1)n), log y. Bottom: Pr(Σh ≥ 6cn and Σx < cn) against e^(−(6 ln 2 − 1 − ln 2 − ln 7)cn); the " +
		"event is impossible for n ≤ 6 ((cn − 1)·n < 6cn), so only n = 7 is drawn, on its fixed sequence. A 0 is drawn " +
		"at the axis' end.",
	Panels: []Panel{{
		Facet: "n", Cols: 6,
		X: Axis{Label: "c = k / n"},
		Y: Axis{Label: "largest Pr(Σx ≥ cn)", Log: true, Max: 1},
		Layers: []Layer{
			exactly("law=butterfly", perN(func() [][]float64 { return delayseq.ButterflyExact().SumX }, func(n int) int { return n + 1 }, overN)),
			Curve{Name: "Lemma II.4", F: func(c, n float64) float64 { return stats.LemmaI5Exp(int(n), c) }, Dash: 1},
		},
	}, {
		Facet: "n", Cols: 6,
		X: Axis{Label: "c = k / n"},
		Y: Axis{Label: "Pr(Σh ≥ 6cn, Σx < cn)", Log: true, Max: 1},
		Layers: []Layer{
			exactly("law=butterfly", perN(func() [][]float64 { return delayseq.ButterflyExact().Joint }, func(int) int { return 1 }, overN)),
			Curve{Name: "Lemma II.5", F: func(c, n float64) float64 { return stats.LemmaI6Bound(int(n), delayseq.Gamma, c) }, Dash: 2},
		},
	}},
}
