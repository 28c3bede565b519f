package paperreport

import (
	"fmt"
	"math"
	"strings"

	"github.com/hyperroute/hyperroute/plots"
	"github.com/hyperroute/hyperroute/stats"
)

// loadLaws tests Lemma II.2's law; the tests replace it.
var loadLaws = plots.LoadLaws

func checkLemmaII2(dir string) (Verdict, error) {
	laws, err := loadLaws(dir)
	if err != nil {
		return Verdict{}, err
	}
	if len(laws) == 0 {
		return notMeasured("butterfly-loads has no n with two trials of router disjoint"), nil
	}
	var ns []int
	tests, per := 0, map[int]int{}
	least := laws[0]
	for _, l := range laws {
		ns, tests, per[l.N] = append(ns, l.N), tests+l.Priorities, l.Trials
		if l.LeastPValue < least.LeastPValue {
			least = l
		}
	}
	v := Verdict{Measured: fmt.Sprintf("per priority, the fraction of butterfly nodes with each load f(p, w) against Bin(N, 1/N), n = %s (%s), %d priorities", span(ns), counts(per), tests)}
	bp := math.Min(1, least.LeastPValue*float64(tests))
	if bp < Alpha {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted at n=%d, p=%d: t tests per load, p-value × %d priorities = %s < %g", least.N, least.LeastP, tests, num(bp), Alpha)
		return v, nil
	}
	v.Kind, v.Why = Holds, fmt.Sprintf("holds at all %d priorities: no load's share differs from the law at level %g (t tests, Bonferroni: %s)", tests, Alpha, num(bp))
	return v, nil
}

func checkSatzII1(dir string) (Verdict, error) {
	s, x, err := trialsOf(dir, "butterfly-tail", "trials", []string{"router", "port"}, []string{"n", "pipelined", "trim", "T"})
	if err != nil {
		return Verdict{}, err
	}
	samples := byN(x, "T", func(i int) bool {
		return s["router"][i] == "disjoint" && s["port"][i] == "single" && x["pipelined"][i] == 0 && x["trim"][i] == 0
	})
	if len(samples) == 0 {
		return notMeasured("butterfly-tail has no rows of router disjoint with full routes, phases one after the other"), nil
	}
	v := tail(samples, stats.TheoremII1Tail)
	v.Measured = fmt.Sprintf("tail of T, n copies, full routes, phases one after the other, n = %s (%s); largest T/n = %s", span(sortedKeys(samples)), counts(lens(samples)), num(largestPerN(samples)))
	return v, nil
}

// nq is a grid point of the loss experiments.
type nq struct {
	n int
	q float64
}

func (k nq) String() string { return fmt.Sprintf("n=%d, q=%s", k.n, num(k.q)) }

// replicationLoss reads the trials of replication-loss with n copies
// (router disjoint, pieces 1; its butterfly nodes are single-port), grouped by n and q: per trial the messages
// and the lost ones.
func replicationLoss(dir string) (messages, lost map[nq][]float64, err error) {
	s, x, err := trialsOf(dir, "replication-loss", "trials", []string{"router", "port"}, []string{"n", "q", "pieces", "messages", "lost"})
	if err != nil {
		return nil, nil, err
	}
	messages, lost = map[nq][]float64{}, map[nq][]float64{}
	for i, r := range s["router"] {
		if r == "disjoint" && s["port"][i] == "single" && x["pieces"][i] == 1 {
			k := nq{int(x["n"][i]), x["q"][i]}
			messages[k], lost[k] = append(messages[k], x["messages"][i]), append(lost[k], x["lost"][i])
		}
	}
	if len(messages) == 0 {
		return nil, nil, fmt.Errorf("replication-loss has no rows of router disjoint with n copies")
	}
	return messages, lost, nil
}

// axes names the n and q of the points.
func axes[V any](m map[nq]V) string {
	var ns []int
	var qs []float64
	for k := range m {
		ns, qs = append(ns, k.n), append(qs, k.q)
	}
	return fmt.Sprintf("n = %s, q = %s", span(ns), fspan(qs))
}

func checkMessageLoss(dir string) (Verdict, error) {
	var pts []point
	var measured, missing []string
	messages, lost, err := replicationLoss(dir)
	if err != nil {
		missing = append(missing, err.Error())
	} else {
		for k, ms := range messages {
			b := stats.MessageLossBound(k.n, k.q)
			if b >= 1 {
				continue
			}
			share := make([]float64, len(ms))
			for i := range ms {
				share[i] = lost[k][i] / ms[i]
			}
			m, _ := stats.MeanCI(share, 0.95)
			pts = append(pts, point{at: "replication-loss " + k.String(), est: m, bound: b, lower: func(level float64) float64 {
				_, ci := stats.MeanCI(share, 2*level-1)
				if math.IsNaN(ci.Lo) {
					return m
				}
				return ci.Lo
			}})
		}
		measured = append(measured, fmt.Sprintf("replication-loss: share of messages lost per trial, %s (%s)", axes(messages), counts(lens(messages))))
	}
	est, err := rareEstimates(dir)
	if err != nil {
		missing = append(missing, err.Error())
	} else {
		for k, e := range est {
			if b := stats.MessageLossBound(k.n, k.q); b < 1 {
				pts = append(pts, point{at: "replication-rare " + k.String(), est: e[0], bound: b, lower: func(level float64) float64 {
					return e[0] - math.Sqrt2*math.Erfinv(2*level-1)*e[1]
				}})
			}
		}
		measured = append(measured, fmt.Sprintf("replication-rare: Pr(message lost) estimated to its relative standard error, %s", axes(est)))
	}
	if len(measured) == 0 {
		return Verdict{}, fmt.Errorf("%s", missing[0])
	}
	v := bounded(pts)
	v.Measured = strings.Join(measured, "; ")
	if len(missing) > 0 {
		v.Why += "; not measured: " + strings.Join(missing, "; ")
	}
	return v, nil
}

// rareEstimates reads replication-rare's estimates of n copies (router
// disjoint, pieces 1): loss and standard error per n and q.
func rareEstimates(dir string) (map[nq][2]float64, error) {
	s, x, err := trialsOf(dir, "replication-rare", "estimates", []string{"router"}, []string{"n", "q", "pieces", "loss", "se"})
	if err != nil {
		return nil, err
	}
	out := map[nq][2]float64{}
	for i, r := range s["router"] {
		if r == "disjoint" && x["pieces"][i] == 1 {
			out[nq{int(x["n"][i]), x["q"][i]}] = [2]float64{x["loss"][i], x["se"][i]}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("replication-rare has no estimates of router disjoint with n copies")
	}
	return out, nil
}

func checkSatzII2(dir string) (Verdict, error) {
	messages, lost, err := replicationLoss(dir)
	if err != nil {
		return Verdict{}, err
	}
	var pts []point
	for k, ls := range lost {
		b := stats.AnyMessageLossBound(k.n, k.q)
		if b >= 1 {
			continue
		}
		some := 0
		for _, l := range ls {
			some += b2i(l > 0)
		}
		pts = append(pts, proportion(k.String(), some, len(ls), b))
	}
	v := bounded(pts)
	v.Measured = fmt.Sprintf("share of trials in which some message is lost, n copies, %s (%s), at the points where 2(2nq)^n < 1, i.e. q < 1/(2n), S = −ln(2nq)", axes(messages), counts(lens(messages)))
	return v, nil
}
