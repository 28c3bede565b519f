package plots

import (
	"errors"
	"fmt"
	"slices"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/thesisfig"
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
		{Name: "thesis-fig1", paint: thesisfig.Fig1,
			Caption: "The thesis' Figure 1 (Abb. 1), drawn from the harness' own paths: above, the n = 4 node-disjoint paths α^d " +
				"from 0 to 1110 in Q_4, each in its colour, with the dimensions it crosses; below, the corresponding routes β^d " +
				"on the wrapped butterfly BF_4 in the same colours, the hops a trimmed route drops dotted."},
		{Name: "thesis-fig2", paint: thesisfig.Fig2,
			Caption: "The thesis' Figure 2 (Abb. 2), drawn from the harness' butterfly: in BF_4, for the super-node s = 0, the " +
				"binary trees of depth 3 below the nodes its n packets reach after their first hop, one colour each; no node " +
				"lies in two trees (the proof of Lemma II.3)."},
		{Name: "thesis-fig3-4", paint: thesisfig.Fig34,
			Caption: "The thesis' Figures 3 and 4 (Abb. 3, 4), drawn from the harness' detour systems: Q_4 with the failed " +
				"edges 0→2, 9→11 and 5→7 (dashed) and their detours of length 3; above, a 3-conjunct system (all three cross " +
				"the middle edge 1→3), below a 1-conjunct one. Bitonic sort over them takes γ + 2 = 5 and 3 units per step " +
				"over the failed dimension (the report's row for these figures)."},
		{Name: "thesis-fig5-6", paint: thesisfig.Fig56,
			Caption: "The thesis' Figures 5 and 6 (Abb. 5, 6), drawn from the least node-confluent systems the harness finds " +
				"by exhaustive search: the sub-step at which a packet leaves each node of its detour (last: the dilation d at " +
				"which it arrives). Above, Figure 3's system, whose three detours cross their shared edge 1→3 at staggered " +
				"sub-steps; below, on Q_3, two detours from one node sharing their first edge (left) and two into one node " +
				"sharing their last edge in the same sub-step (right)."},
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
