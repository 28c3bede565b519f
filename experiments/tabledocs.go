package experiments

// TableDocs says in one line what each of Tables holds, in its order, as
// hyperroute list prints it.
var TableDocs = [][2]string{
	{TableTrials, "one row per trial: T, packet-hops, largest queue, seed"},
	{TablePackets, "one row per packet: source, destination, intermediate, route length, arrival, delay"},
	{TableLoads, "one row per trial and priority p: Σ_v f(p,v) and its mean over the nodes"},
	{TableNodeLoads, "one row per trial, priority p and node v: f(p,v), the packets that leave v with priority p"},
	{TableDelaySeq, "one row per trial: the critical delay sequence of Lemma I.1, Σf along it, Σx and Σh for it and a fixed one"},
	{TableMessages, "one row per message: copies at the intermediate and at the destination, delivered"},
	{TableLoadCounts, "one row per trial, priority p and load f: the nodes w with f(p,w) = f"},
	{TableRounds, "one row per trial and round k of the heuristic matching: failed edges still without a detour, intact edges reserved"},
}
