package hypercube

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// Request is a μ-bounded request (h-relation; thesis remark Bem 2
// [Schömer 1988]) on Q_N with Mu packets per node. Packets are numbered
// id = source·μ + k, k = 0 … μ−1, the order of the priority rule's
// tie-break (docs/model.md, section 0.4); packet id starts at
// Src(id) = id/μ and goes to Dst[id].
type Request struct {
	N, Mu int
	// Dst holds the destination of every packet, indexed by packet id;
	// len(Dst) == Packets().
	Dst []uint32
}

// Src returns the source node of packet id, id/μ.
func (r Request) Src(id int) uint32 { return uint32(id / r.Mu) }

// Packets returns the number of packets, μ·2^n.
func (r Request) Packets() int { return r.Mu << r.N }

// NewRequest returns the μ-bounded request on Q_n built from the named
// pattern (see Patterns), in which every node sends and receives exactly μ
// packets: for k = 0 … μ−1, packet (s, k) goes to π_k(s). For "random" each π_k
// is a fresh uniformly random permutation drawn from rng (π_0 first); for the
// other patterns π_k is the same fixed permutation for every k, and rng is not
// used and may be nil.
//
// NewRequest fails for an unknown pattern, n outside [1, MaxDim], mu < 1, a
// request too large to number its packets with an int, or "random" with a nil
// rng.
func NewRequest(pattern string, n, mu int, rng *rand.Rand) (Request, error) {
	var r Request
	if err := r.Fill(pattern, n, mu, rng); err != nil {
		return Request{}, err
	}
	return r, nil
}

// Fill is NewRequest into r, reusing r.Dst when its capacity suffices, so
// repeated trials need not allocate. Given the same rng state it produces the
// same request as NewRequest. On error r is left unchanged.
func (r *Request) Fill(pattern string, n, mu int, rng *rand.Rand) error {
	p, ok := lookup(pattern)
	if !ok {
		return fmt.Errorf("hypercube: unknown request pattern %q (want one of %s)",
			pattern, strings.Join(Patterns, ", "))
	}
	if err := checkDim(n); err != nil {
		return err
	}
	if mu < 1 {
		return fmt.Errorf("hypercube: mu=%d packets per node, want mu >= 1", mu)
	}
	if mu > math.MaxInt>>n {
		return fmt.Errorf("hypercube: mu=%d packets per node on Q_%d: too many packets", mu, n)
	}
	if p.perm == nil && rng == nil {
		return fmt.Errorf("hypercube: request pattern %q needs a random source, got nil", pattern)
	}

	nodes, total := 1<<n, mu<<n
	dst := slices.Grow(r.Dst[:0], total)[:total]
	if p.perm == nil {
		for v := range nodes {
			row := dst[v*mu : (v+1)*mu]
			for k := range row {
				row[k] = uint32(v)
			}
		}
		for k := range mu {
			shuffleStrided(dst, k, mu, rng)
		}
	} else {
		for v := range nodes {
			w := p.perm(n, uint32(v))
			row := dst[v*mu : (v+1)*mu]
			for k := range row {
				row[k] = w
			}
		}
	}
	*r = Request{N: n, Mu: mu, Dst: dst}
	return nil
}

// Validate checks that r is a μ-bounded request on Q_N: N in [1, MaxDim],
// Mu ≥ 1, one destination per packet (len(Dst) == Mu·2^N), every destination
// a node of Q_N, and no node receiving more than Mu packets. Requests from
// NewRequest always pass; Validate is for requests built by hand.
func (r Request) Validate() error {
	if err := checkDim(r.N); err != nil {
		return err
	}
	if r.Mu < 1 {
		return fmt.Errorf("hypercube: request has mu=%d, want mu >= 1", r.Mu)
	}
	if r.Mu > math.MaxInt>>r.N {
		return errors.New("hypercube: request has too many packets")
	}
	if len(r.Dst) != r.Packets() {
		return fmt.Errorf("hypercube: request has %d destinations, want mu·2^n = %d", len(r.Dst), r.Packets())
	}
	recv := make([]int, 1<<r.N)
	for id, z := range r.Dst {
		if z > mask(r.N) {
			return fmt.Errorf("hypercube: packet %d: destination %d outside Q_%d", id, z, r.N)
		}
		if recv[z]++; recv[z] > r.Mu {
			return fmt.Errorf("hypercube: node %d receives more than mu=%d packets", z, r.Mu)
		}
	}
	return nil
}
