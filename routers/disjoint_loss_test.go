package routers

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"testing"

	"gonum.org/v1/gonum/stat"

	"github.com/hyperroute/hyperroute/butterfly"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/stats"
)

// cubeEdges returns the directed cube edges, as v·n + d − 1, of the n
// routes β^d from super-node s to super-node z.
func cubeEdges(n int, s, z uint32) [][]int {
	b := butterfly.Net{N: n}
	paths := make([][]int, n)
	for d := 1; d <= n; d++ {
		dims := b.CubePath(d, b.Beta(d, s, z))
		nodes := hypercube.Walk(s, dims)
		for i, dim := range dims {
			paths[d-1] = append(paths[d-1], int(nodes[i])*n+dim-1)
		}
	}
	return paths
}

// shareEdges reports whether a path of one phase shares an edge with one
// of the other.
func shareEdges(a, b [][]int) bool {
	for _, p := range a {
		for _, e := range p {
			for _, q := range b {
				if slices.Contains(q, e) {
					return true
				}
			}
		}
	}
	return false
}

// TestLossExhaustiveQ2 routes fixed permutations and intermediates on Q_2
// under every one of the 2^8 sets of failed edges and sums the probability
// of the sets under which each message is lost, for q = 0.1 and 0.4 and
// m = 1, 2, sequential and pipelined. Phase 1's loss must equal PhaseLoss
// exactly (its n paths are edge-disjoint), and the message's loss must lie
// in the bracket of stats.MessageLoss, at its upper end where no phase-1
// path shares an edge with a phase-2 path.
func TestLossExhaustiveQ2(t *testing.T) {
	const n = 2
	edges := n << n
	for seed := range uint64(6) {
		for _, pattern := range []string{"random", "identity", "complement"} {
			for _, q := range []float64{0.1, 0.4} {
				for m := 1; m <= n; m++ {
					for _, pipe := range []bool{false, true} {
						name := fmt.Sprintf("seed=%d/%s/q=%v/m=%d/pipelined=%v", seed, pattern, q, m, pipe)
						lost, lost1 := make([]float64, 1<<n), make([]float64, 1<<n)
						var dst, via []uint32
						for set := range 1 << edges {
							f, _ := faults.New(n)
							for i := range edges {
								if set>>i&1 == 1 {
									f.Fail(uint32(i/n), i%n+1)
								}
							}
							cfg := with(Config{Router: "disjoint", Pattern: pattern, N: n, Mu: 1, FaultList: faults.ListOf(f), Record: recordPackets},
								pieces, m, pipelined, pipe)
							var s Sim
							res, err := s.Trial(cfg, testRand(seed))
							if err != nil {
								t.Fatalf("%s: %v", name, err)
							}
							if dst == nil {
								dst, via = slices.Clone(s.Req.Dst), slices.Clone(s.Via)
							} else if !slices.Equal(dst, s.Req.Dst) || !slices.Equal(via, s.Via) {
								t.Fatalf("%s: the instance changed with the faults", name)
							}
							k := bits.OnesCount(uint(set))
							w := math.Pow(q, float64(k)) * math.Pow(1-q, float64(edges-k))
							for msg, c := range res.Copies {
								if int(c.AtVia) < m {
									lost1[msg] += w
								}
								if int(c.AtVia) < m || int(c.AtDst) < m {
									lost[msg] += w
								}
							}
						}
						for msg := range lost {
							s, y, z := uint32(msg), via[msg], dst[msg]
							k1, k2 := hypercube.Dist(s, y), hypercube.Dist(y, z)
							if want := stats.PhaseLoss(n, k1, m, q); math.Abs(lost1[msg]-want) > 1e-12 {
								t.Errorf("%s: message %d→%d→%d: phase 1 lost with probability %v, PhaseLoss %v", name, s, y, z, lost1[msg], want)
							}
							lo, hi := stats.MessageLoss(n, k1, k2, m, q)
							if lost[msg] < lo-1e-12 || lost[msg] > hi+1e-12 {
								t.Errorf("%s: message %d→%d→%d lost with probability %v, bracket [%v, %v]", name, s, y, z, lost[msg], lo, hi)
							}
							if !shareEdges(cubeEdges(n, s, y), cubeEdges(n, y, z)) && math.Abs(lost[msg]-hi) > 1e-12 {
								t.Errorf("%s: message %d→%d→%d: phases share no edge, lost with probability %v, not %v", name, s, y, z, lost[msg], hi)
							}
						}
					}
				}
			}
		}
	}
}

// TestLossBracketQ3 checks the bracket on Q_3 without the router: for s = 0
// (every other s is a translate) and every y, z, it sums over every set of
// failed edges among those the message's routes use, and asks whether at
// least m of the paths of each phase are whole.
func TestLossBracketQ3(t *testing.T) {
	const n = 3
	tight, loose := 0, 0
	for y := range uint32(1) << n {
		for z := range uint32(1) << n {
			p1, p2 := cubeEdges(n, 0, y), cubeEdges(n, y, z)
			// The edges used, numbered, and each path as a mask of them.
			var used []int
			masks := func(paths [][]int) []uint64 {
				out := make([]uint64, len(paths))
				for i, p := range paths {
					for _, e := range p {
						j := slices.Index(used, e)
						if j < 0 {
							j, used = len(used), append(used, e)
						}
						out[i] |= 1 << j
					}
				}
				return out
			}
			m1, m2 := masks(p1), masks(p2)
			for _, q := range []float64{0.05, 0.3} {
				// joint[a][b]: the probability that a paths of phase 1 and b
				// of phase 2 are whole.
				var joint [n + 1][n + 1]float64
				for set := range uint64(1) << len(used) {
					k := bits.OnesCount64(set)
					w := math.Pow(q, float64(k)) * math.Pow(1-q, float64(len(used)-k))
					a, b := 0, 0
					for i := range n {
						if m1[i]&set == 0 {
							a++
						}
						if m2[i]&set == 0 {
							b++
						}
					}
					joint[a][b] += w
				}
				k1, k2 := hypercube.Dist(0, y), hypercube.Dist(y, z)
				for m := 1; m <= n; m++ {
					var lost, lost1 float64
					for a := range n + 1 {
						for b := range n + 1 {
							if a < m || b < m {
								lost += joint[a][b]
							}
							if a < m {
								lost1 += joint[a][b]
							}
						}
					}
					name := fmt.Sprintf("0→%d→%d, q=%v, m=%d", y, z, q, m)
					if want := stats.PhaseLoss(n, k1, m, q); math.Abs(lost1-want) > 1e-12 {
						t.Errorf("%s: phase 1 lost with probability %v, PhaseLoss %v", name, lost1, want)
					}
					lo, hi := stats.MessageLoss(n, k1, k2, m, q)
					switch {
					case lost < lo-1e-12 || lost > hi+1e-12:
						t.Errorf("%s: lost with probability %v, bracket [%v, %v]", name, lost, lo, hi)
					case !shareEdges(p1, p2) && math.Abs(lost-hi) > 1e-12:
						t.Errorf("%s: phases share no edge, lost with probability %v, not %v", name, lost, hi)
					case math.Abs(lost-hi) <= 1e-12:
						tight++
					default:
						loose++
					}
				}
			}
		}
	}
	t.Logf("Q_3: loss at the bracket's upper end in %d cases, inside it in %d (phases sharing edges)", tight, loose)
}

// TestLossRate routes random permutations on Q_6 and compares the
// fraction of messages lost per trial, over 400 independent trials, with
// the exact probabilities for a uniform intermediate and destination:
// phase 1's losses (lost1) with stats.MeanPhaseLoss by a two-sided t test,
// all losses with the bracket stats.MeanMessageLoss (the mean may not lie
// significantly below its lower or above its upper end), and single-copy
// Valiant all-port on the same instances with stats.ValiantLoss. Each test
// is at the 0.1% level.
func TestLossRate(t *testing.T) {
	const n, trials, level = 6, 400, 1e-3
	for _, q := range []float64{0.1, 0.25} {
		for _, m := range []int{1, 3} {
			name := fmt.Sprintf("q=%v/m=%d", q, m)
			dis := with(Config{Router: "disjoint", Pattern: "random", N: n, Mu: 1, Q: q}, pieces, m)
			val := Config{Router: "valiant", Port: AllPort, Pattern: "random", N: n, Mu: 1, Q: q}
			var lost, lost1, vlost []float64
			var s Sim
			for trial := range uint64(trials) {
				res, err := s.Trial(dis, testRand(trial))
				if err != nil {
					t.Fatal(err)
				}
				msgs := float64(measuredInt(res, "messages"))
				lost = append(lost, float64(measuredInt(res, "lost"))/msgs)
				lost1 = append(lost1, float64(measuredInt(res, "lost1"))/msgs)
				vres, err := s.Trial(val, testRand(trial))
				if err != nil {
					t.Fatal(err)
				}
				vlost = append(vlost, float64(measuredInt(vres, "lost"))/msgs)
			}
			if _, p := stats.TTest(lost1, stats.MeanPhaseLoss(n, m, q)); p < level {
				t.Errorf("%s: phase-1 loss rate %v, exact %v (p = %v)", name, stat.Mean(lost1, nil), stats.MeanPhaseLoss(n, m, q), p)
			}
			lo, hi := stats.MeanMessageLoss(n, m, q)
			tLo, _ := stats.TTest(lost, lo)
			tHi, _ := stats.TTest(lost, hi)
			if bound := 3.3; tLo < -bound || tHi > bound {
				t.Errorf("%s: loss rate %v outside the bracket [%v, %v] (t = %.2f, %.2f)", name, stat.Mean(lost, nil), lo, hi, tLo, tHi)
			}
			if _, p := stats.TTest(vlost, stats.ValiantLoss(n, q)); p < level {
				t.Errorf("%s: Valiant's loss rate %v, exact %v (p = %v)", name, stat.Mean(vlost, nil), stats.ValiantLoss(n, q), p)
			}
			t.Logf("%s: disjoint %.3g in [%.3g, %.3g], phase 1 %.3g (exact %.3g); Valiant %.3g (exact %.3g)",
				name, stat.Mean(lost, nil), lo, hi, stat.Mean(lost1, nil), stats.MeanPhaseLoss(n, m, q), stat.Mean(vlost, nil), stats.ValiantLoss(n, q))
		}
	}
}
