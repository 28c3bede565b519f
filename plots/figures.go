package plots

import "gonum.org/v1/plot/plotter"

// Output is what drawing a figure produced.
type Output struct {
	// Files are the paths written: PNG, SVG and PDF of each figure.
	Files []string
	// Notes say which rows were left out (other grid parameters, zeros on
	// a log axis), which curves were clipped, and the numbers the
	// figure's caption quotes.
	Notes []string
	// Series are the measured series drawn, in drawing order, for the
	// figures that record them (t-tail, the faulty-valiant figures and
	// adaptive-baselines); bounds are not recorded.
	Series []Series
}

// Series is one measured series as drawn.
type Series struct {
	// Panel is the title of the panel it is drawn in.
	Panel string
	// Name says what it is, as in the legend.
	Name string
	// XYs are its points.
	XYs plotter.XYs
}

// Figure is one figure of the thesis [Schömer 1988] or of the collectives,
// drawn from the Parquet files of one experiment.
type Figure struct {
	// Name is the file name stem in the output directory.
	Name string
	// Experiment is the experiment it reads; empty for the thesis' own
	// illustrations, drawn from the harness' structures without results.
	Experiment string
	// Doc says what it shows.
	Doc string
	// Draw reads the results directory and writes the figure to out. It
	// returns an error wrapping ErrNoData if the experiment has not been
	// run; a figure without an experiment ignores results.
	Draw func(results, out string) (Output, error)
}

// Figures lists every figure, in the order of the paper.
var Figures = []Figure{
	{"t-tail", "valiant-tail", "CCDF of T/n per n, single- and all-port, with the Theorem I.1 bound", TTail},
	{"delayseq-n<N>", "delay-sequences", "CCDF of Σx and Σh for the fixed and the extracted delay sequence, with the binomial tail, Hoeffding, Chernoff, Lemmas I.5 and I.6 and Theorem I.1", DelaySeqTails},
	{"routing-compare", "routing-compare", "mean T against n for e-cube, Valiant and bitonic on random, transpose and bit-reversal permutations", RoutingCompare},
	{"priority-load", "priority-load", "mean f(p,v) per priority p with 95% intervals against Lemma I.4's 1/2", PriorityLoad},
	{"queue-disciplines", "queue-disciplines", "mean T/n against n per queue discipline and port model", QueueDisciplines},
	{"relations", "relations", "mean T against μ·n for μ-bounded requests", Relations},
	{"butterfly-time", "butterfly-tail", "mean T/n against n of n copies on disjoint paths (sequential, pipelined, trimmed) and single-copy Valiant", ButterflyTime},
	{"butterfly-tail", "butterfly-tail", "CCDF of T/n per n of n copies on disjoint paths, with the Theorem II.1 bound", ButterflyTail},
	{"butterfly-loads", "butterfly-loads", "the per-node law of f(p,w) against the binomial law behind Lemma II.2", ButterflyLoads},
	{"replication-loss", "replication-loss", "messages lost against q, log–log: n copies, m-of-n pieces, one copy, exact brackets and the thesis' bound", ReplicationLoss},
	{"replication-bandwidth", "replication-loss", "messages lost against the data sent per message, pieces m = n … 1 and one copy", ReplicationBandwidth},
	{"replication-threshold", "replication-loss", "the q at which 1% of messages are lost against n: measured, exact, the thesis' bound and Theorem II.2", replicationThresholdNumbers},
	{"replication-rare", "replication-rare", "estimated Pr(message lost) against q, log–log, n = 8 … 16, with ±2 standard errors on the exact brackets, down to the thesis' bound", ReplicationRare},
	{"detour-existence", "detour-existence", "how often some failed edge has no intact detour, against q per n, with the thesis' bound", DetourExistence},
	{"matching", "matching", "how often the heuristic matching fails against q per n, with its bounds; mean γ of heuristic, optimal and random systems", Matching},
	{"faulty-valiant", "faulty-valiant", "the faulty time 𝒯 against d·(T_intact−1)+1 at the largest n, per delivery rule, detour queue discipline and confluent system", FaultyValiant},
	{"faulty-valiant-slowdown", "faulty-valiant", "the slowdown 𝒯/T_intact of Valiant's routing simulated over detours against q, per detour strategy, confluent system, delivery rule and detour queue discipline", FaultyValiantSlowdown},
	{"adaptive-baselines", "adaptive-baselines", "uncoordinated rerouting around failed edges and safety levels against e-cube and Valiant: messages lost, stretch and mean T against q", AdaptiveBaselines},
	{"faulty-bitonic", "faulty-bitonic", "bitonic sort over detours: the slowest step against γ + 2, and T over (γ + 2)·n(n+1)/2 against q per detour strategy and port model", FaultyBitonic},
	{"faulty-valiant-delivered", "faulty-valiant", "share of trials delivering every packet against q: each detour strategy, and the routing that does not know the faults", FaultyValiantDelivered},
	{"collectives-size-<op>", "collectives-size", "collective operations: time against block size m on 64 nodes, measured (markers) and closed form (dashed)", CollectivesSize},
	{"collectives-scale-<op>", "collectives-scale", "collective operations: time against the number of nodes p, measured and closed form", CollectivesScale},
	{"collectives-bounds", "collectives-bounds", "broadcast, scatter, gather, all-gather and total exchange on the all-port Q_n: steps and work over the lower bounds", CollectivesBounds},
	{"thesis-fig1", "", "the thesis' Fig. 1: the 4 disjoint paths α^d from 0 to 1110 in Q_4 and the butterfly routes β^d in BF_4, from hypercube.DisjointPaths and butterfly.Beta", ThesisPaths},
	{"thesis-fig2", "", "the thesis' Fig. 2: the node-disjoint trees of depth 3 in BF_4 for s = 0, from butterfly.Net's edges", ThesisTrees},
	{"thesis-fig3-4", "", "the thesis' Figs. 3 and 4: the 3- and the 1-conjunct detour system on Q_4 with failed edges 0→2, 9→11, 5→7, from faults.System", ThesisDetours},
	{"thesis-fig5-6", "", "the thesis' Figs. 5 and 6: node-confluent detours with their sub-steps from confluent.MinNode, staggered on a shared edge, sharing a first and a last edge", ThesisConfluent},
	{"thesis-fig7", "", "the thesis' Fig. 7: least and greedy node-confluent dilation of a 1-conjunct family against n, beside the edge-confluent γ + 2", ThesisDilation},
}
