package routers

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/hyperroute/hyperroute/detours"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
)

// randomDetours chooses a uniformly random intact detour for every failed
// edge.
var randomDetours, _ = detours.Lookup("random")

// simModel is one of the eight models of the simulation.
type simModel struct{ edge, queue, fifo bool }

func (m simModel) String() string {
	s := simulation{edge: m.edge, queue: m.queue, fifo: m.fifo}
	return s.model()[:len(s.model())-4]
}

var simModels = func() (ms []simModel) {
	for _, edge := range []bool{true, false} {
		for _, queue := range []bool{true, false} {
			for _, fifo := range []bool{false, true} {
				ms = append(ms, simModel{edge, queue, fifo})
			}
		}
	}
	return ms
}()

// simInstance is a permutation routed by e-cube (via nil) or Valiant on a
// faulty cube with a complete detour system.
type simInstance struct {
	y        *faults.System
	dst, via []uint32
}

func (in simInstance) legs() engine.Legs {
	l := engine.Legs{N: in.y.Faults.N, Mu: in.mu(), Dst: in.dst}
	if in.via != nil {
		l.Via, l.Off = in.via, l.N
	}
	return l
}

// mu is the packets per node: the request is μ-bounded.
func (in simInstance) mu() int { return len(in.dst) >> in.y.Faults.N }

func (in simInstance) prios() int { return 2*in.y.Faults.N + 1 }

// run simulates in under m, recording the faulty run's trace, and checks
// the run (checkSim).
func (in simInstance) run(m simModel) (*simulated, error) {
	var s simulation
	e := engine.Engine{Record: engine.Record{Packets: true, Trace: true}}
	out, err := s.simulate(&e, in.legs(), in.y, m.edge, m.queue, m.fifo, in.prios())
	if err != nil {
		return nil, err
	}
	return out, checkSim(in, m, out)
}

// checkSim verifies a faulty run from its trace: every send crosses an
// intact cube edge (or, under the queue rule, delivers a packet at its
// destination in sub-step 0), continues the packet's previous hop and is
// made in a sub-step that serves it; each packet is delivered once, at its
// destination; no node sends twice in a step (node-confluent) or over one
// link twice (edge-confluent), nor twice in sub-step 0; the counts agree.
func checkSim(in simInstance, m simModel, out *simulated) error {
	f, res, d := in.y.Faults, out.res, int32(out.d)
	np := len(in.dst)
	at, last, delivered := make([]uint32, np), make([]int32, np), make([]bool, np)
	for id := range np {
		at[id], last[id] = uint32(id/in.mu()), -1
	}
	type use struct {
		t        int32
		from, to uint32
	}
	used := map[use]bool{}
	T := int32(0)
	for _, snd := range res.Trace {
		id := snd.Packet
		switch {
		case delivered[id]:
			return fmt.Errorf("step %d: packet %d sent after its delivery", snd.T, id)
		case at[id] != snd.From || snd.T <= last[id]:
			return fmt.Errorf("step %d: packet %d sent from %d, at %d since %d", snd.T, id, snd.From, at[id], last[id])
		case snd.From == snd.To && (!m.queue || snd.From != in.dst[id] || snd.T%d != 0):
			return fmt.Errorf("step %d: packet %d sent from %d to itself", snd.T, id, snd.From)
		case snd.From != snd.To && (bits.OnesCount32(snd.From^snd.To) != 1 || f.Failed(snd.From, snd.To)):
			return fmt.Errorf("step %d: packet %d sent %d→%d, not an intact edge", snd.T, id, snd.From, snd.To)
		}
		u := use{snd.T, snd.From, snd.To}
		if !m.edge || snd.T%d == 0 {
			u.to = 0
		}
		if used[u] {
			return fmt.Errorf("step %d: node %d sends twice (%v)", snd.T, snd.From, m)
		}
		used[u] = true
		at[id], last[id] = snd.To, snd.T
		if snd.T+1 == res.Arrival[id] {
			if snd.To != in.dst[id] || m.queue && snd.From != snd.To {
				return fmt.Errorf("step %d: packet %d arrives at %d, its destination is %d", snd.T, id, snd.To, in.dst[id])
			}
			delivered[id] = true
			T = max(T, snd.T+1)
		}
	}
	for id := range np {
		if m.queue || uint32(id/in.mu()) != in.dst[id] {
			if !delivered[id] || res.Arrival[id] != last[id]+1 {
				return fmt.Errorf("packet %d: delivered %v at %d, arrival %d", id, delivered[id], last[id]+1, res.Arrival[id])
			}
		}
	}
	if int(T) != res.T || int64(len(res.Trace)) != res.Hops || res.Dropped != 0 {
		return fmt.Errorf("T = %d, trace says %d; %d hops, %d sends; %d dropped", res.T, T, res.Hops, len(res.Trace), res.Dropped)
	}
	return nil
}

// randomInstance draws a random permutation with Valiant's intermediates
// (or none: e-cube) on Q_n with k failed edges that have a complete system.
func randomInstance(n, k int, valiant bool, rng *rand.Rand) simInstance {
	return randomRequest(n, 1, k, valiant, rng)
}

// randomRequest is randomInstance for a random μ-bounded request: μ random
// permutations, packet i·μ + j of node i following the j-th.
func randomRequest(n, mu, k int, valiant bool, rng *rand.Rand) simInstance {
	for {
		f, _ := faults.New(n)
		if err := f.Exactly(k, rng); err != nil {
			panic(err)
		}
		y := faults.NewSystem(f)
		ok := randomDetours.Choose(y, rng)
		if !ok {
			continue
		}
		in := simInstance{y: y, dst: make([]uint32, mu<<n)}
		for j := range mu {
			for i, p := range rng.Perm(1 << n) {
				in.dst[i*mu+j] = uint32(p)
			}
		}
		if valiant {
			in.via = make([]uint32, mu<<n)
			for i := range in.via {
				in.via[i] = rng.Uint32() & (1<<n - 1)
			}
		}
		return in
	}
}

// class says where 𝒯 falls against d·T and d·(T−1).
func class(out *simulated) string {
	T, d, ti := out.res.T, out.d, out.tIntact
	switch {
	case T > d*ti:
		return "above d·T"
	case T == d*ti:
		return "= d·T"
	case T > d*(ti-1):
		return "between"
	}
	return "≤ d·(T−1)"
}

// BenchmarkSimulate simulates Valiant's routing of a random permutation of
// Q_10 with 1% of the edges failed, intact and faulty run, on the
// edge-confluent system under the thesis' model.
func BenchmarkSimulate(b *testing.B) {
	rng := rand.New(rand.NewPCG(10, 1))
	in := randomInstance(10, 102, true, rng)
	var s simulation
	var e engine.Engine
	var hops int64
	for b.Loop() {
		out, err := s.simulate(&e, in.legs(), in.y, true, true, false, in.prios())
		if err != nil {
			b.Fatal(err)
		}
		hops += out.res.Hops
	}
	b.ReportMetric(float64(hops)/b.Elapsed().Seconds(), "packet-hops/s")
}
