package routers

import (
	"fmt"

	"github.com/hyperroute/hyperroute/butterfly"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/hypercube"
)

// bfCopy is one copy of a message in the literal butterfly simulator.
type bfCopy struct {
	id        int
	msg       int
	second    bool // a copy of phase 2
	at        butterfly.Node
	route     butterfly.Route
	hop       int // hops taken
	start     int // time it started
	arrivedAt int // time it reached at
	done      bool
	doneAt    int // time it reached its end or was lost
	arrival   int // time it reached its end, −1 if lost
}

// bfRef is what the literal butterfly simulator measures of a trial.
type bfRef struct {
	T, T1, T2    int
	hops         int
	dropped      int
	atVia, atDst []int
	arrival      []int // per copy id as the router numbers them, −1 if lost or never sent
}

// bfReference is the literal simulator of disjoint (docs/model.md, II.2
// and II.5): the nodes of BF_n as nodes, every copy following its route
// β^d bit by bit (butterfly.Net.Beta, trimmed if asked), and in every step
// every node looking at all copies waiting there and sending the one with
// the fewest hops taken (or the earliest to arrive, fifo), ties to the
// smaller id. A copy sent over a failed cube edge is lost. Phase 2 runs
// after phase 1 is over, its times counted from then, with the copies of
// the messages whose intermediate received at least pieces copies; or,
// pipelined, in the same run, each message's n copies leaving y from the
// step after y has pieces of them.
func bfReference(req *hypercube.Request, via []uint32, f *faults.Set, disc engine.Discipline, pieces int, pipelined, trim bool) bfRef {
	n := req.N
	b := butterfly.Net{N: n}
	msgs := 1 << n
	ref := bfRef{atVia: make([]int, msgs), atDst: make([]int, msgs), arrival: make([]int, 2*n*msgs)}
	for i := range ref.arrival {
		ref.arrival[i] = -1
	}
	newCopy := func(s, d int, second bool, start int) *bfCopy {
		from, to, id := uint32(s), via[s], s*n+d-1
		if second {
			from, to, id = via[s], req.Dst[s], n*msgs+s*n+d-1
		}
		r := b.Beta(d, from, to)
		if trim {
			r = r.Trim()
		}
		return &bfCopy{id: id, msg: s, second: second, at: butterfly.Node{L: d, V: from}, route: r,
			start: start, arrivedAt: start, arrival: -1}
	}
	prio := func(c *bfCopy) int {
		if c.second {
			return c.hop + n + 1
		}
		return c.hop
	}
	before := func(a, c *bfCopy) bool {
		switch {
		case disc == engine.Priority && prio(a) != prio(c):
			return prio(a) < prio(c)
		case disc == engine.FIFO && a.arrivedAt != c.arrivedAt:
			return a.arrivedAt < c.arrivedAt
		}
		return a.id < c.id
	}
	// run steps the copies from time 0 until none is left, calling arrived
	// for each copy that reaches its end, which may add copies; it returns
	// every copy.
	run := func(copies []*bfCopy, arrived func(c *bfCopy, t int) []*bfCopy) []*bfCopy {
		for t := 0; ; t++ {
			chosen := map[butterfly.Node]*bfCopy{}
			left := 0
			for _, c := range copies {
				if c.done {
					continue
				}
				left++
				if c.arrivedAt > t {
					continue
				}
				if o, ok := chosen[c.at]; !ok || before(c, o) {
					chosen[c.at] = c
				}
			}
			if left == 0 {
				return copies
			}
			for _, c := range chosen {
				ref.hops++
				c.done, c.doneAt = true, t+1
				cross := c.route.Takes(c.hop)
				if cross && f != nil && f.FailedDim(c.at.V, c.at.L) {
					ref.dropped++
					continue
				}
				if cross {
					c.at = b.Cross(c.at)
				} else {
					c.at = b.Straight(c.at)
				}
				c.hop++
				c.arrivedAt = t + 1
				if c.hop < c.route.Len {
					c.done = false
					continue
				}
				c.arrival = t + 1
				copies = append(copies, arrived(c, t)...)
			}
		}
	}
	var first []*bfCopy
	for s := range msgs {
		for d := 1; d <= n; d++ {
			first = append(first, newCopy(s, d, false, 0))
		}
	}
	arrived := func(c *bfCopy, t int) []*bfCopy {
		if c.second {
			ref.atDst[c.msg]++
			return nil
		}
		ref.atVia[c.msg]++
		if !pipelined || ref.atVia[c.msg] != pieces {
			return nil
		}
		var next []*bfCopy
		for d := 1; d <= n; d++ {
			next = append(next, newCopy(c.msg, d, true, t+1))
		}
		return next
	}
	all := run(first, arrived)
	if !pipelined {
		var second []*bfCopy
		for s := range msgs {
			if ref.atVia[s] >= pieces {
				for d := 1; d <= n; d++ {
					second = append(second, newCopy(s, d, true, 0))
				}
			}
		}
		all = append(all, run(second, arrived)...)
	}
	for _, c := range all {
		if c.second {
			ref.T2 = max(ref.T2, c.doneAt-c.start)
		} else {
			ref.T1 = max(ref.T1, c.doneAt)
		}
	}
	for _, c := range all {
		if c.second && !pipelined {
			// Phase 2 starts at T1.
			c.doneAt += ref.T1
			if c.arrival >= 0 {
				c.arrival += ref.T1
			}
		}
		ref.T = max(ref.T, c.doneAt)
		ref.arrival[c.id] = c.arrival
	}
	return ref
}

// sameAsBfReference compares a run of disjoint with the literal
// simulator's measures of it.
func sameAsBfReference(res *Result, ref bfRef) error {
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"T", res.T, ref.T},
		{"T1", measuredInt(res, "T1"), ref.T1},
		{"T2", measuredInt(res, "T2"), ref.T2},
		{"hops", int(res.Hops), ref.hops},
		{"dropped", res.Dropped, ref.dropped},
	} {
		if c.got != c.want {
			return fmt.Errorf("%s = %d, reference %d", c.name, c.got, c.want)
		}
	}
	for id, a := range ref.arrival {
		if int(res.Arrival[id]) != a {
			return fmt.Errorf("copy %d arrives at %d, reference %d", id, res.Arrival[id], a)
		}
	}
	for s := range ref.atVia {
		if got := res.Copies[s]; int(got.AtVia) != ref.atVia[s] || int(got.AtDst) != ref.atDst[s] {
			return fmt.Errorf("message %d: %d copies at y, %d at z; reference %d, %d", s, got.AtVia, got.AtDst, ref.atVia[s], ref.atDst[s])
		}
	}
	return nil
}

// measuredInt is measure name of res, −1 if not reported.
func measuredInt(res *Result, name string) int {
	for i, m := range Measures {
		if m.Name == name {
			if v, ok := res.Measured(i); ok {
				return int(v)
			}
		}
	}
	return -1
}
