package paperreport

// Statement is one checkable statement of the thesis.
type Statement struct {
	// ID names it by the thesis' numbering: "Lemma I.4", "Satz II.2",
	// "Bem 2"; an unnumbered statement by its section.
	ID string
	// Chapter is 1, 2 or 3.
	Chapter int
	// Says is the statement in one line, in our words.
	Says string
	// Experiments are the experiments whose rows check it; none for a
	// statement checked on the harness' structures alone.
	Experiments []string
	// Figure is the name of the plots.Figures entry that shows it.
	Figure string
	// Check reads the results directory and judges the statement.
	Check func(dir string) (Verdict, error)
}

// Judge checks s on the results in dir. An experiment that cannot be read
// (not run, incomplete, damaged) gives a verdict of NotMeasured saying
// why.
func (s Statement) Judge(dir string) Verdict {
	v, err := s.Check(dir)
	if err != nil {
		return notMeasured("%v", err)
	}
	return v
}

// Statements lists the statements the harness checks, in the thesis'
// order.
var Statements = []Statement{
	{"Ch. I.1, BITONIC-SORT", 1, "sorting by destination with bitonic sort routes every permutation in exactly n(n+1)/2 steps",
		[]string{"routing-compare"}, "routing-compare", checkBitonic},
	{"Lemma I.1", 1, "a run of time T under the priority rule has a critical delay sequence D with T ≤ Σ_i f(p_i, v_i)",
		[]string{"delay-sequences"}, "delayseq", checkLemmaI1},
	{"Lemma I.4", 1, "in Valiant's routing of a permutation, E f(p, v) = 1/2 at every priority p and node v",
		[]string{"priority-load"}, "priority-load", checkLemmaI4},
	{"Lemma I.5", 1, "for a fixed delay sequence, Pr(Σ_π x(π) ≥ cn) ≤ B(cn, 2^n, n/2^n)",
		[]string{"delay-sequences"}, "delayseq", checkLemmaI5},
	{"Lemma I.6", 1, "for a fixed delay sequence and γ = 6, Pr(Σ_π h(π) ≥ 2γcn and Σ_π x(π) < cn) ≤ e^{−E(γ)·cn}",
		[]string{"delay-sequences"}, "delayseq", checkLemmaI6},
	{"Satz I.1", 1, "single-port Valiant routing of a permutation: Pr(T ≥ 12cn) ≤ ½·18^n·2·e^{−min(c/2, c ln c − c + 1)·n}",
		[]string{"valiant-tail"}, "t-tail", checkSatzI1},
	{"Bem 1", 1, "serving all out-link queues at once (all-port) is never slower than single-port",
		[]string{"valiant-tail"}, "t-tail", checkBem1},
	{"Bem 2", 1, "a μ-bounded request is routed in O(μn): Pr(T ≥ R·μn) ≤ e^{−S·μn}",
		[]string{"relations"}, "relations", checkBem2},
	{"Lemma II.2", 2, "on the butterfly E f(p, w) = 1; the proof gives f(p, w) ~ Bin(N, 1/N) per node",
		[]string{"butterfly-loads"}, "butterfly-loads", checkLemmaII2},
	{"Satz II.1", 2, "n copies on disjoint paths (BF_n on Q_n): Pr(T ≥ 12cn + 2) ≤ 2·⅓n·6^n·2·e^{−min(c/2, c ln c − c + 1)·n}",
		[]string{"butterfly-tail"}, "butterfly-tail", checkSatzII1},
	{"Satz II.2, proof", 2, "with n copies on disjoint paths a message is lost with probability ≤ 2(nq)^n",
		[]string{"replication-loss", "replication-rare"}, "replication-rare", checkMessageLoss},
	{"Satz II.2", 2, "all messages arrive with probability ≥ 1 − 2e^{−Sn} if q ≤ 1/(2n·e^S), i.e. Pr(some lost) ≤ 2(2nq)^n",
		[]string{"replication-loss"}, "replication-loss", checkSatzII2},
	{"Ch. III.1, detours", 3, "Pr(some failed edge has no intact detour of length 3) ≤ n·2^n·q·(3q)^{n−1}",
		[]string{"detour-existence"}, "detour-existence", checkDetourExistence},
	{"Lemma III.1 (III.1)", 3, "the heuristic matching fails with probability ≤ (n/5)(10q)^n for q ≤ 1/10, and its system is 1-conjunct",
		[]string{"matching"}, "matching", checkLemmaIII1Matching},
	{"Bem (III.1)", 3, "bitonic sort, and every ASCEND/DESCEND algorithm, runs over a γ-conjunct system with delay factor γ + 2",
		[]string{"faulty-bitonic"}, "faulty-bitonic", checkBitonicFaulty},
	{"Lemma III.1 (III.2)", 3, "the faulty cube keeps the intact cube's schedule: M(w)(t) = 𝓜(w, 0)(d·t) (every packet in lockstep)",
		[]string{"faulty-valiant"}, "faulty-valiant", checkLockstep},
	{"Ch. III.2, d·T = 𝒯", 3, "the run time on the faulty network is exactly d times the intact one",
		[]string{"faulty-valiant"}, "faulty-valiant", checkDT},
	{"Satz III.1", 3, "with a node-confluent system of dilation d, one send per node: delay factor d, 𝒯 ≤ d·T",
		[]string{"faulty-valiant"}, "faulty-valiant-slowdown", confluentCheck("node")},
	{"Satz III.2", 3, "with an edge-confluent system of dilation d, all intact out-links send: delay factor d, 𝒯 ≤ d·T",
		[]string{"faulty-valiant"}, "faulty-valiant-slowdown", confluentCheck("edge")},
	{"Abb. 7", 3, "a 1-conjunct detour system can need a node-confluent dilation that grows linearly with n",
		nil, "thesis-fig7", checkFig7},
}

// Unchecked are the numbered statements no experiment checks, with the
// reason, per chapter.
var Unchecked = []struct {
	ID      string
	Chapter int
	Why     string
}{
	{"Lemma I.2", 1, "Upfal's form of the delay sequence; it follows from Lemma I.1 and is not extracted separately"},
	{"Lemma I.4 per node", 1, "priority-load's nodeloads table holds f(p, v) of single nodes for its first trials; E f(p, v) = μ/2 is tested above on the mean over the nodes only, since t tests of the small, skewed counts at every node (20 480 points) are not valid in the far tail Bonferroni needs"},
	{"Lemma I.3", 1, "a count of delay sequences, ½·18^n; it enters the bound of Satz I.1 (stats.LemmaI3LogCount)"},
	{"Satz von Chernoff, Satz von Hoeffding", 1, "theorems of probability the proofs use; stats tests them against exact binomial tails"},
	{"Lemma II.1", 2, "a count of delay sequences, ⅓·n·6^n; it enters the bound of Satz II.1 (stats.LemmaII1LogCount)"},
	{"Lemma II.3", 2, "the packets of one super-node meet a fixed delay sequence at most once: checked on the butterfly's routes by the tests of package butterfly, not by an experiment"},
	{"Lemmas II.4, II.5", 2, "the butterfly's analogues of Lemmas I.5 and I.6; no experiment records Σx and Σh on the butterfly"},
	{"Bem (II.5)", 2, "the run time stays linear in n despite n copies: a statement about growth, which measured points cannot show; Satz II.1 bounds it"},
}
