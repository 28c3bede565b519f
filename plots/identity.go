package plots

import (
	"image/color"
	"strings"

	"github.com/hyperroute/hyperroute/figstyle"
)

// identity is how one method or setting looks in every figure: its name,
// colour (an index into palette) and marker.
type identity struct {
	key, name     string
	colour, shape int
}

// identities are the series keys the figures use, in the order their
// legends list them: one name, colour and marker each, the same in every
// figure (two that never share a figure may share a colour). A key absent
// here takes the palette's colours in turn.
var identities = []identity{
	{"router=ecube", "e-cube", 1, 1}, {"router=valiant", "Valiant", 0, 0}, {"router=bitonic", "bitonic", 2, 2},
	{"router=adaptive-ecube,reroute=detour", "adaptive e-cube, 3-detour", 3, 3},
	{"router=adaptive-ecube,reroute=shortest", "adaptive e-cube, shortest path", 4, 4},
	{"router=adaptive-valiant,reroute=detour", "adaptive Valiant, 3-detour", 5, 5},
	{"router=adaptive-valiant,reroute=shortest", "adaptive Valiant, shortest path", 6, 6},
	{"router=safety-levels", "safety levels [Wu 1997]", 2, 7},

	{"port=single", "single-port", 0, 0}, {"port=all", "all-port", 1, 1},

	{"queue=priority", "priority", 0, 0}, {"queue=fifo", "FIFO", 1, 1}, {"queue=random", "random", 2, 2},
	{"queue=farthest", "farthest-first", 3, 3},

	{"pattern=random", "random", 0, 0}, {"pattern=transpose", "transpose", 1, 1},
	{"pattern=bitrev", "bit-reversal", 2, 2}, {"pattern=complement", "complement", 3, 3},
	{"pattern=identity", "identity", 4, 4},

	{"copies=phases in turn", "n copies, phases in turn", 3, 3}, {"copies=pipelined", "n copies, pipelined", 4, 4},
	{"copies=trimmed", "n copies, trimmed", 5, 5},
	{"copies=pipelined, trimmed", "n copies, pipelined and trimmed", 6, 6},
	{"copies=Valiant all-port", "1 copy: Valiant, all-port", 0, 0},
	{"copies=Valiant single-port", "1 copy: Valiant, single-port", 0, 1},

	{"loss=n copies", "n copies", 3, 3}, {"loss=m of n pieces", "m of n pieces (m = 1 rightmost)", 3, 3},
	{"loss=m = 2 of n pieces", "m = 2 of n pieces", 4, 4}, {"loss=m = n/2 of n pieces", "m = n/2 of n pieces", 5, 5},
	{"loss=1 copy", "1 copy (Valiant)", 0, 0},

	{"law=measured", "measured", 0, 0},

	{"detours=optimal", "optimal detours", 1, 2}, {"detours=heuristic", "heuristic detours", 4, 4},
	{"detours=random", "random detours", 3, 3},

	{"seq=fixed", "fixed D", 0, 0}, {"seq=extracted", "extracted D", 1, 1},
	{"load=d", "Σ_{i} f(p_{i}, v_{i}) along D (Lemma I.1)", 2, 2}, {"load=upfal", "Σ_{p} f(p, w_{p}) (Lemma I.2)", 4, 1},
	{"load=naive", "first bound (Ch. I.2)", 3, 3},
	{"seqs=cube", "Q_{n}: the sequences of Lemma I.3", 0, 0}, {"seqs=butterfly", "BF_{n}: the sequences of Lemma II.1", 3, 3},
	{"law=cube", "exact, Q_{n}", 0, 0}, {"law=butterfly", "exact, BF_{n}", 3, 3},

	{"gamma=1", "γ = 1", 0, 0}, {"gamma=2 or more", "γ ≥ 2", 1, 1},
	{"model=queue/priority", "out of lockstep: the thesis' model", 0, 0},
	{"model=queue/fifo", "out of lockstep: FIFO detour queues", 1, 1},
	{"model=arrival/priority", "out of lockstep: delivery on arrival", 2, 2},
	{"model=arrival/fifo", "out of lockstep: on arrival, FIFO", 3, 3},
	{"check=monotone", "a send outside its sub-step", 6, 6},
	{"stat=per trial", "per trial", 1, 6}, {"psi=per trial", "ψ, per trial", 6, 0},

	{"op=oab", "broadcast", 0, 0}, {"op=mc", "multicast", 0, 0}, {"op=oas", "scatter", 0, 0},
	{"op=gather", "gather", 0, 0}, {"op=aab", "all-gather", 0, 0}, {"op=aas", "total exchange", 0, 0},
	{"op=reduce", "reduce", 0, 0}, {"op=allreduce", "all-reduce", 0, 0}, {"op=prefix", "prefix sums", 0, 0},
	{"op=shift", "circular shift", 0, 0},

	{"algo=binomial", "binomial tree", 0, 0}, {"algo=tree", "spanning tree", 6, 6}, {"algo=flooding", "flooding", 3, 3},
	{"algo=nesbt", "n edge-disjoint spanning trees", 4, 4}, {"algo=ucube", "U-cube", 1, 1},
	{"algo=umesh", "U-mesh", 2, 2}, {"algo=dimex", "dimension exchange", 1, 1}, {"algo=direct", "direct", 2, 2},
	{"algo=pairwise", "pairwise exchange", 5, 5}, {"algo=ring", "ring algorithm", 3, 3},
	{"algo=rowcol", "row–column", 4, 4}, {"algo=rowcol-sep", "row–column, separate", 6, 6},
	{"algo=gray", "Gray-code embedding", 5, 5}, {"algo=gray-min", "Gray-code, fewest hops", 1, 3},
	{"algo=reduce-bcast", "reduce, then broadcast", 2, 2}, {"algo=optimal", "optimal (Lemma 1 met)", 6, 5},

	{"confluent=edge", "edge-confluent", 0, 0}, {"confluent=node", "node-confluent", 1, 1},
	{"delivery=queue", "from the queue", 0, 0}, {"delivery=arrival", "on arrival", 1, 1},
	{"family=ecube", "e-cube, its rerouting and safety levels", 1, 1}, {"family=valiant", "Valiant and its rerouting", 0, 0},
	{"with=detours", "over detours", 0, 0}, {"with=none", "on their own", 1, 1},

	{"detour-queue=priority", "detour queues: priority", 0, 0}, {"detour-queue=fifo", "detour queues: FIFO", 1, 3},
}

// rank is the position of each key in identities.
var rank = func() map[string]int {
	m := map[string]int{}
	for i, id := range identities {
		m[id.key] = i
	}
	return m
}()

// look is how one series is drawn in one figure.
type look struct {
	name  string
	c     color.Color
	shape int
}

// looks gives every key of a figure its look: its identity's, or the next
// palette colour that no identity of the figure takes.
func looks(keys []string) map[string]look {
	out, taken := map[string]look{}, map[int]bool{}
	for _, k := range keys {
		if i, ok := rank[k]; ok {
			id := identities[i]
			out[k], taken[id.colour] = look{id.name, figstyle.Colour(id.colour), id.shape}, true
		}
	}
	c := 0
	for i, k := range keys {
		if _, ok := out[k]; ok {
			continue
		}
		for taken[c%len(figstyle.Palette)] && c < 2*len(figstyle.Palette) {
			c++
		}
		out[k] = look{keyName(k), figstyle.Colour(c), i}
		c++
	}
	return out
}

// keyName is the name of a key, part by part: an identity's name, or "n
// = 8", "μ = 2", "m = 2" for pieces, a statistic by its name ("stat=p99":
// "p99").
func keyName(k string) string {
	parts := strings.Split(k, ",")
	for i, kv := range parts {
		c, v, ok := strings.Cut(kv, "=")
		switch j, known := rank[kv]; {
		case known:
			parts[i] = identities[j].name
		case !ok:
		case c == "stat" || c == "law":
			parts[i] = v
		default:
			parts[i] = strings.NewReplacer("mu", "μ", "pieces", "m").Replace(c) + " = " + v
		}
	}
	return strings.Join(parts, ", ")
}
