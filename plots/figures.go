package plots

import (
	"errors"
	"fmt"
	"slices"

	"github.com/hyperroute/hyperroute/dataset"
)

// Figures lists every figure, in the order of the paper.
var Figures = slices.Concat([]Figure{
	tTail, delaySeq, routingCompare, priorityLoad, queueDisciplines, relations, sequenceCounts, packetLaws,
	butterflyTime, butterflyTail, butterflyLoads, butterflyExact, replicationLoss, replicationBandwidth, replicationThreshold, replicationRare,
	detourExistence, matching, matchingRounds, faultyBitonic, faultyValiant, faultyValiantSlowdown, adaptiveBaselines, faultyValiantDelivered,
},
	collectiveSweeps("collectives-size", "m", "m (words per block)", "the block size m on 64 nodes"),
	collectiveSweeps("collectives-scale", "p", "p (nodes)", "the number of nodes p"),
	[]Figure{collectivesBounds,
		{Name: "thesis-fig1", paint: ThesisPaths,
			Doc: "the thesis' Fig. 1: the 4 disjoint paths α^d from 0 to 1110 in Q_4 and the butterfly routes β^d in BF_4, from hypercube.DisjointPaths and butterfly.Beta"},
		{Name: "thesis-fig2", paint: ThesisTrees,
			Doc: "the thesis' Fig. 2: the node-disjoint trees of depth 3 in BF_4 for s = 0, from butterfly.Net's edges"},
		{Name: "thesis-fig3-4", paint: ThesisDetours,
			Doc: "the thesis' Figs. 3 and 4: the 3- and the 1-conjunct detour system on Q_4 with failed edges 0→2, 9→11, 5→7, from faults.System"},
		{Name: "thesis-fig5-6", paint: ThesisConfluent,
			Doc: "the thesis' Figs. 5 and 6: node-confluent detours with their sub-steps from confluent.MinNode, staggered on a shared edge, sharing a first and a last edge"},
		thesisFig7,
	})

// DrawAll draws every figure of Figures from src into out, in order, and
// calls done with each: its name, what drawing it produced, and, for a
// figure skipped because its experiment has not been run (ErrNoData) or
// is incomplete (dataset.IsIncomplete), why. It returns how many figures
// it drew and how many it skipped as incomplete; any other error stops
// it, naming the figure.
func DrawAll(src Source, out string, done func(name string, o Output, skipped error)) (drawn, incomplete int, err error) {
	for _, f := range Figures {
		o, err := f.Draw(src, out)
		switch {
		case errors.Is(err, ErrNoData) || dataset.IsIncomplete(err):
			if dataset.IsIncomplete(err) {
				incomplete++
			}
			done(f.Name, Output{}, err)
		case err != nil:
			return drawn, incomplete, fmt.Errorf("%s: %w", f.Name, err)
		default:
			done(f.Name, o, nil)
			drawn++
		}
	}
	return drawn, incomplete, nil
}
