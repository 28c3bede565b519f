package collectives

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/hyperroute/hyperroute/topology"
)

// Config is one collective run.
type Config struct {
	Op       Op
	Algo     string
	Topology topology.Kind
	P        int // nodes
	Port     Port
	Model    Model
	// Startup says when store-and-forward charges t_s (cut-through
	// charges it once per message).
	Startup Startup
	// M is the size of a block in words: a node's block, or the message
	// of a broadcast. Ts, Tw and Th are the start-up time, the time per
	// word and per hop.
	M          int
	Ts, Tw, Th float64
	// Root is the root of oab, mc, oas, gather and reduce.
	Root int
	// Dests is the multicast set; empty: half of the other nodes, drawn
	// from Seed.
	Dests []int
	// Shift is the amount of the circular shift, 1 … p−1.
	Shift int
	// Pieces is the number of pieces a pipelined broadcast cuts its
	// message into; 0: the algorithm's default.
	Pieces int
	// Seed draws the values and the default multicast set.
	Seed uint64
	// KeepTrace keeps every send of the run in Result.Trace (hyperroute
	// view); it changes nothing else.
	KeepTrace bool
}

// MaxItems bounds the blocks a run may carry in all its messages.
const MaxItems = 1 << 25

// Default returns the defaults of the command line: oab by binomial tree on
// Q_4, single-port, store-and-forward, m = 1, t_s = t_w = 1, t_h = 0.
func Default() Config {
	return Config{Op: OAB, Algo: "binomial", Topology: topology.Cube, P: 16, M: 1, Ts: 1, Tw: 1, Seed: 1, Shift: 1}
}

// Validate reports the first thing wrong with c: an unknown algorithm, one
// that does not run c's operation, topology, size, port model or model, or
// a bad parameter.
func (c Config) Validate() error {
	a, err := Lookup(c.Op, c.Algo)
	if err != nil {
		return err
	}
	net, err := topology.New(c.Topology, c.P)
	if err != nil {
		return err
	}
	for _, t := range []struct {
		name string
		v    float64
	}{{"ts", c.Ts}, {"tw", c.Tw}, {"th", c.Th}} {
		if !(t.v >= 0) || math.IsInf(t.v, 0) {
			return fmt.Errorf("%s=%v: want a finite number ≥ 0", t.name, t.v)
		}
	}
	switch {
	case c.M < 1:
		return fmt.Errorf("m=%d: want at least 1 word", c.M)
	case c.Op.rooted() && (c.Root < 0 || c.Root >= c.P):
		return fmt.Errorf("root=%d: want a node 0 … %d", c.Root, c.P-1)
	case c.Op == Shift && (c.Shift < 1 || c.Shift >= c.P):
		return fmt.Errorf("shift=%d: want a shift amount 1 … %d", c.Shift, c.P-1)
	case c.Pieces < 0 || c.Pieces > MaxPieces:
		return fmt.Errorf("pieces=%d: want 0 (the default) … %d", c.Pieces, MaxPieces)
	}
	if c.Op == MC {
		for _, d := range c.Dests {
			if d < 0 || d >= c.P || d == c.Root {
				return fmt.Errorf("multicast destination %d: want a node 0 … %d other than the root", d, c.P-1)
			}
		}
		if dup := duplicate(c.Dests); dup >= 0 {
			return fmt.Errorf("multicast destination %d listed twice", dup)
		}
	} else if len(c.Dests) > 0 {
		return fmt.Errorf("destinations are for mc only, not %v", c.Op)
	}
	if b := c.blocks(); b > MaxItems {
		return fmt.Errorf("%v on p=%d nodes carries at least %d blocks in its messages, more than %d", c.Op, c.P, b, MaxItems)
	}
	return a.supports(c, net)
}

// MaxPieces bounds Config.Pieces.
const MaxPieces = 1 << 12

func duplicate(xs []int) int {
	s := slices.Sorted(slices.Values(xs))
	for i := 1; i < len(s); i++ {
		if s[i] == s[i-1] {
			return s[i]
		}
	}
	return -1
}

// members returns the multicast set: c.Dests, or ⌈(p−1)/2⌉ other nodes
// drawn from the seed.
func (c Config) members() []uint32 {
	if len(c.Dests) > 0 {
		m := make([]uint32, len(c.Dests))
		for i, d := range c.Dests {
			m[i] = uint32(d)
		}
		return m
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x6d63))
	others := make([]uint32, 0, c.P-1)
	for v := range c.P {
		if v != c.Root {
			others = append(others, uint32(v))
		}
	}
	rng.Shuffle(len(others), func(i, j int) { others[i], others[j] = others[j], others[i] })
	m := others[:c.P/2]
	slices.Sort(m)
	return m
}

// log2 returns log2 p for a power of two p.
func log2(p int) int { return bits.TrailingZeros(uint(p)) }

func isPow2(x int) bool { return x > 0 && x&(x-1) == 0 }
