package paperreport

// Statement is one checkable statement of the thesis or of the lecture
// notes on collective communication.
type Statement struct {
	// ID names it by the thesis' numbering: "Lemma I.4", "Satz II.2",
	// "Bem 2"; an unnumbered statement by its section.
	ID string
	// Chapter is 1, 2 or 3 for the thesis' chapters, 4 for the lecture
	// notes on collective communication.
	Chapter int
	// Says is the statement in one line, in our words.
	Says string
	// Experiments are the experiments whose rows check it; none for a
	// statement checked on the harness' structures alone.
	Experiments []string
	// Figure is the name of the plots.Figures entry that shows it.
	Figure string
	// Plot is what a figure must plot to show the verdict: the
	// statement's own quantity against its bound.
	Plot string
	// Check reads the results and judges the statement.
	Check func(results) (Verdict, error)
}

// Judge checks s on the results in dir. An experiment that cannot be read
// (not run, incomplete, damaged) gives a verdict of NotMeasured saying
// why.
func (s Statement) Judge(dir string) Verdict { return s.judge(results{dir: dir}) }

func (s Statement) judge(rs results) Verdict {
	v, err := s.Check(rs)
	if err != nil {
		return notMeasured("%v", err)
	}
	return v
}

// Statements lists the statements the harness checks, in the thesis'
// order, then the lecture notes'.
var Statements = []Statement{
	{"Ch. I.1, BITONIC-SORT", 1, "sorting by destination with bitonic sort routes every permutation in exactly n(n+1)/2 steps",
		[]string{"routing-compare"}, "routing-compare",
		"T/(n(n+1)/2) of bitonic sort per trial against n, with the line 1", checkBitonic},
	{"Ch. I.2, first bound", 1, "the run time is at most the packets the last packet can wait for: T ≤ Σ_j Σ_{p ≤ p_π(u_j)} f(p, u_j) along its route",
		[]string{"delay-sequences"}, "delayseq",
		"naive_load/T per trial against n (all ≥ 1), beside Σ_i f(p_i, v_i)/T", checkNaive},
	{"Lemma I.1", 1, "a run of time T under the priority rule has a critical delay sequence D with T ≤ Σ_i f(p_i, v_i)",
		[]string{"delay-sequences"}, "delayseq",
		"Σ_i f(p_i, v_i)/T per trial against n, with the line 1", checkLemmaI1},
	{"Lemma I.1, proof", 1, "the proof's invariants: at t_{i−1} + 1, v_i has received every packet it sends with priority ≤ p_i and sent every one of priority < p_i; t_i − t_{i−1} ≤ f(p_i, v_i); t_1 ≤ f(p_1, v_1) − 1",
		[]string{"delay-sequences"}, "delayseq",
		"per trial, the largest (t_i − t_{i−1})/f(p_i, v_i) along D against n (needs a column), with the line 1", checkLemmaI1Proof},
	{"Lemma I.2", 1, "Upfal's form: a sequence (w_1, …, w_L), each w_{p−1} = w_p or a neighbour, with T ≤ Σ_p f(p, w_p)",
		[]string{"delay-sequences"}, "delayseq",
		"upfal_load/T per trial against n, with the line 1", checkLemmaI2},
	{"Lemma I.3", 1, "there are at most ½·18^n possible critical delay sequences on Q_n",
		nil, "sequence-counts",
		"the enumerated count against ½·18^n, log scale, per n", checkLemmaI3},
	{"Lemma I.4", 1, "in Valiant's routing of a permutation, E f(p, v) = ½ at every priority p and node v; the proof gives f(p, v) ~ Bin(N, 1/(2N)), N = 2^{p−1} (phase 1)",
		[]string{"priority-load"}, "priority-load",
		"per priority p, the node means of f(p, v) over the trials (their spread over the nodes) against ½, with the per-node acceptance band of the exact test", checkLemmaI4},
	{"Lemma I.5", 1, "for a fixed delay sequence, Pr(Σ_π x(π) ≥ cn) ≤ B(cn, 2^n, n/2^n) ≤ e^{−(c ln c − c + 1)n}",
		[]string{"delay-sequences"}, "delayseq",
		"the measured CCDF of Σx/n with its confidence band against B(cn, 2^n, n/2^n), per n", checkLemmaI5},
	{"Lemma I.6", 1, "for a fixed delay sequence and γ = 6, Pr(Σ_π h(π) ≥ 2γcn and Σ_π x(π) < cn) ≤ e^{−E(γ)·cn}",
		[]string{"delay-sequences"}, "delayseq",
		"the measured share of the joint event against e^{−E(6)cn} per c, marking the points below 3/N", checkLemmaI6},
	{"Lemma I.6, per packet", 1, "the proof's claim: for every packet and phase, Pr(h^Ph(π) ≥ a) ≤ (½)^{a−1}",
		nil, "packet-laws",
		"the largest exact Pr(h ≥ a) over packets and sequences against (½)^{a−1}, per a and n", checkLemmaI6Packet},
	{"Satz I.1", 1, "single-port Valiant routing of a permutation: Pr(T ≥ 12cn) ≤ ½·18^n·2·e^{−min(c/2, c ln c − c + 1)·n}",
		[]string{"valiant-tail"}, "t-tail",
		"the CCDF of T/n per n against the bound, with the T/n ≈ 69.4 where the bound falls below 1 marked", checkSatzI1},
	{"Bem 1", 1, "serving all out-link queues at once (all-port) is never slower than single-port",
		[]string{"valiant-tail"}, "t-tail",
		"per trial T all-port − T single-port (same instance), its distribution per n, with 0 marked", checkBem1},
	{"Bem 1, all-port", 1, "the proof gives Valiant's all-port result too: Pr(T_all ≥ 12cn) is within Satz I.1's bound",
		[]string{"valiant-tail"}, "t-tail",
		"the CCDF of all-port T/n per n against Satz I.1's bound, its threshold marked", checkBem1AllPort},
	{"Bem 2", 1, "a μ-bounded request is routed in O(μn): ∀S ∃R: Pr(T ≥ R·μn) ≤ e^{−S·μn}",
		[]string{"relations"}, "relations",
		"the CCDF of T/(μn) per n and μ, with R = 93.4 (S = 1) marked", checkBem2},

	{"Ch. II.1, the paths α^d", 2, "the n paths α^d from s to z are node-disjoint but for s and z, |α^d| ≤ n + 1, and on the butterfly β^d leaves each layer of s and enters each layer of z once",
		nil, "thesis-fig1",
		"the paths of one pair (as thesis-fig1 draws), with the checked pairs counted per n", checkDisjointPaths},
	{"Ch. II.1, n copies in the time of one", 2, "the all-port cube, simulating the butterfly 1 : 1, routes an n-fold permutation in the same time as a single one (it is plausible, the thesis says, since the butterfly routes one in time c·n)",
		[]string{"butterfly-tail"}, "butterfly-time",
		"T of n copies over T of one copy (same instance) per trial against n, with the line 1", checkNCopies},
	{"Abb. 1", 2, "the 4 disjoint paths from 0 to 1110 in Q_4 and their butterfly routes β^d, α^d ↔ β^d",
		nil, "thesis-fig1",
		"the figure itself, its paths from the harness' cube and butterfly", checkFig1},
	{"Lemma II.1", 2, "there are at most ⅓·n·6^n delay sequences (w_1, …, w_n) on BF_n",
		nil, "sequence-counts",
		"the enumerated count against ⅓·n·6^n, log scale, per n", checkLemmaII1},
	{"Lemma II.2", 2, "on the butterfly E f(p, w) = 1; the proof gives f(p, w) ~ Bin(N, 1/N) per node, N = 2^{p−1}",
		[]string{"butterfly-loads"}, "butterfly-loads",
		"per priority, the share of nodes with each load against Bin(N, 1/N), with confidence bands", checkLemmaII2},
	{"Lemma II.3", 2, "for a fixed delay sequence, at most one packet of a super-node meets it: x(s) ∈ {0, 1}, independent over s",
		nil, "thesis-fig2",
		"the largest x(s) over sequences, super-nodes and intermediates per n, against 1", checkLemmaII3},
	{"Abb. 2", 2, "the binary trees of depth n − 1 below the first nodes of the packets of super-node 0 in BF_4 are node-disjoint",
		nil, "thesis-fig2",
		"the figure itself, its trees from the harness' butterfly", checkFig2},
	{"Lemma II.4", 2, "for a fixed delay sequence on the butterfly, Pr(Σ_s x(s) ≥ cn) ≤ e^{−(c ln c − c + 1)n}",
		nil, "butterfly-exact",
		"the exact Pr(Σx ≥ cn) (largest over sequences) against the bound, per n, log scale", checkLemmaII4},
	{"Lemma II.5", 2, "for a fixed delay sequence on the butterfly and γ = 6, Pr(Σh ≥ γcn and Σx < cn) ≤ e^{−(γ ln 2 − 1 − ln 2 − ln(1 + γ))cn}",
		nil, "butterfly-exact",
		"the exact probability of the joint event against the bound per c and n, with the n where it is impossible marked", checkLemmaII5},
	{"Lemma II.5, per packet", 2, "the proof's claim: for every packet, Pr(h(π) ≥ a) ≤ (½)^{a−1}",
		nil, "packet-laws",
		"the largest exact Pr(h ≥ a) over packets and sequences against (½)^{a−1}, per a and n", checkLemmaII5Packet},
	{"Satz II.1", 2, "n copies on disjoint paths (BF_n on Q_n): Pr(T ≥ 12cn + 2) ≤ 2·⅓n·6^n·2·e^{−min(c/2, c ln c − c + 1)·n}",
		[]string{"butterfly-tail"}, "butterfly-tail",
		"the CCDF of T/n per n against the bound, with the T/n where it falls below 1 marked", checkSatzII1},
	{"Satz II.2, proof", 2, "with n copies on disjoint paths a message is lost with probability ≤ 2(nq)^n",
		[]string{"replication-loss", "replication-rare"}, "replication-rare",
		"Pr(message lost) with its confidence interval against 2(nq)^n, log–log, points below 3/N marked", checkMessageLoss},
	{"Satz II.2", 2, "all messages arrive with probability ≥ 1 − 2e^{−Sn} if q ≤ 1/(2n·e^S), i.e. Pr(some lost) ≤ 2(2nq)^n",
		[]string{"replication-loss"}, "replication-loss",
		"the share of trials losing a message with its confidence interval against 2(2nq)^n, log–log", checkSatzII2},
	{"Bem (II.5), time", 2, "the run time of n copies stays linear in n despite the n-fold traffic",
		[]string{"butterfly-tail"}, "butterfly-time",
		"mean T/n of n copies against n, with the growth n·log n would give", checkBemII5Time},
	{"Bem (II.5), load", 2, "a processor's internal load grows n-fold",
		[]string{"butterfly-tail"}, "butterfly-time",
		"packet-hops per node of n copies over one copy, divided by n, per trial against n, with the line 1", checkBemII5Load},

	{"Ch. III.1, detours", 3, "Pr(some failed edge has no intact detour of length 3) ≤ n·2^n·q·(3q)^{n−1}",
		[]string{"detour-existence"}, "detour-existence",
		"the share of cubes with an edge without detour, with confidence intervals, against the bound per n, log–log, points below 3/N marked", checkDetourExistence},
	{"Abb. 3, 4", 3, "for the same failed edges a 3-conjunct (Abb. 3) and a 1-conjunct (Abb. 4) detour system; bitonic sort over them with delay factor γ + 2",
		nil, "thesis-fig3-4",
		"the figure itself, and the sort's step times over each system against γ + 2", checkFig34},
	{"Ch. III.1, the matching's recursion", 3, "for q ≤ 1/10 the heuristic's g(k) ≤ (5q)^k (a failed edge still without detour after round k) and f(k) ≤ 2q (an intact edge reserved)",
		[]string{"matching"}, "matching-rounds",
		"g(k) and f(k) per round k, with confidence intervals, against (5q)^k and 2q, per n and q", checkRounds},
	{"Lemma III.1 (III.1)", 3, "the heuristic matching fails with probability ≤ (n/5)(10q)^n for q ≤ 1/10, and its system is 1-conjunct",
		[]string{"matching"}, "matching",
		"the share of cubes where the heuristic fails, with confidence intervals, against (n/5)(10q)^n, log–log", checkLemmaIII1Matching},
	{"Bem (III.1)", 3, "bitonic sort, and every ASCEND/DESCEND algorithm, runs over a γ-conjunct system with delay factor γ + 2 (all-port: the edge-confluent ψ)",
		[]string{"faulty-bitonic"}, "faulty-bitonic",
		"the slowest step − (γ + 2) per trial, all-port, against q (all ≤ 0)", checkBitonicFaulty},
	{"Bem (III.1), single-port", 3, "the same steps with one send per node and unit, outside the thesis' model",
		[]string{"faulty-bitonic"}, "faulty-bitonic",
		"single-port: the share of trials with a step above γ + 2 against q, split γ = 1 / γ ≥ 2, and the slowest step against 2γ + 1", checkBitonicSinglePort},
	{"Einleitung, delay factor 3", 3, "with the matching heuristic's detour system a permutation is routed on the faulty cube with delay factor 3",
		[]string{"faulty-valiant", "faulty-bitonic"}, "faulty-valiant-slowdown",
		"𝒯/T_intact of Valiant over the heuristic's system against q, with the line 3", checkDelay3},
	{"Abb. 5, 6", 3, "node-confluent detours may share an edge at staggered sub-steps (Abb. 5), and share their first edge from one node or their last edge into one node (Abb. 6)",
		nil, "thesis-fig5-6",
		"the figure itself, from the least node-confluent systems", checkFig56},
	{"Lemma III.1 (III.2)", 3, "the faulty cube keeps the intact cube's schedule: M(w)(t) = 𝓜(w, 0)(d·t) ∪ ⋃_{(u,f) ∈ 𝒴_w} 𝓜(u, f)(d·t) — the packets at w, or queued on the shared detour nodes 𝒴_w that lead to w — and first M(w)(t) = first 𝓜(w, 0)(d·t)",
		[]string{"faulty-valiant"}, "faulty-valiant",
		"the share of trials out of lockstep per model against q (the thesis' model at 0)", checkLockstep},
	{"Lemma III.1 (III.2), monotonicity", 3, "between its sub-steps a queue only gains packets: 𝓜(w, 0)(t′) ⊆ 𝓜(w, 0)(t′ + 1) for d·t < t′ < d·t + d, 𝓜(u, f)(t′) ⊆ 𝓜(u, f)(t′ + 1) for d·t < t′ < d·t + f",
		[]string{"faulty-valiant"}, "faulty-valiant",
		"the share of trials with a send outside its queue's sub-step, per model (all 0)", checkMonotone},
	{"Ch. III.2, d·T = 𝒯", 3, "the run time on the faulty network is exactly d times the intact one",
		[]string{"faulty-valiant"}, "faulty-valiant",
		"𝒯 against d·(T_intact − 1) + 1 and d·T_intact per trial, thesis' model", checkDT},
	{"Satz III.1", 3, "with a node-confluent system of dilation d, one send per node: delay factor d, 𝒯 ≤ d·T",
		[]string{"faulty-valiant"}, "faulty-valiant-slowdown",
		"𝒯/(d·T_intact) per trial against q (all ≤ 1), node-confluent", confluentCheck("node")},
	{"Satz III.2", 3, "with an edge-confluent system of dilation d, all intact out-links send: delay factor d, 𝒯 ≤ d·T",
		[]string{"faulty-valiant"}, "faulty-valiant-slowdown",
		"𝒯/(d·T_intact) per trial against q (all ≤ 1), edge-confluent", confluentCheck("edge")},
	{"Ch. III.2, ψ from a γ-conjunct system", 3, "a γ-conjunct system gives an edge-confluent ψ of dilation γ + 2",
		[]string{"faulty-valiant"}, "faulty-valiant",
		"d − (γ + 2) per trial (all 0), and ψ's sub-steps for one system", checkEdgeFromConjunct},
	{"Ch. III.2, Satz III.2 applied", 3, "with an edge-confluent system of dilation d, a permutation is routed on the faulty cube in time d·c·n with high probability",
		[]string{"faulty-valiant"}, "faulty-valiant-slowdown",
		"the CCDF of 𝒯/(d·n) per n against Satz I.1's bound, its threshold marked", checkValiantDCN},
	{"Abb. 7", 3, "a 1-conjunct detour system can need a node-confluent dilation that grows linearly with n",
		nil, "thesis-fig7",
		"the least node-confluent dilation of the family against n, beside γ + 2", checkFig7},

	{"Lemma 1 (lecture 10)", 4, "on the all-port non-combining Q_n: ρ_OAB ≥ n, ρ_AAB, ρ_OAS ≥ ⌈(2^n − 1)/n⌉, ρ_AAS ≥ 2^{n−1}; η_OAB ≥ 2^n − 1, η_AAB ≥ 2^n(2^n − 1), η_OAS ≥ n·2^{n−1}, η_AAS ≥ n·2^{2n−1}",
		[]string{"collectives-bounds"}, "collectives-bounds",
		"per operation and algorithm, ρ_m and η over Lemma 1's bounds against n (all ≥ 1)", checkLemma1},
	{"Lemma 1, remark (lecture 10)", 4, "there are optimal hypercube algorithms that attain exactly these bounds",
		[]string{"collectives-bounds"}, "collectives-bounds",
		"per operation, the best algorithm's ρ_m and η over the bounds against n (the line 1)", checkLemma1Attained},
}

// Unchecked are the numbered statements no check covers, with the reason,
// per chapter.
var Unchecked = []struct {
	ID      string
	Chapter int
	Why     string
}{
	{"Satz von Chernoff, Satz von Hoeffding", 1, "theorems of probability the proofs use, not statements of the thesis; package stats tests them against exact binomial tails"},
}
