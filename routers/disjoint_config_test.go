package routers

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
)

// TestDisjointConfig checks what disjoint runs and what it refuses, and
// that its parameters are refused by the other routers.
func TestDisjointConfig(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want string // "" if valid
	}{
		{with(Config{Router: "disjoint", N: 6, Q: 0.1}, pieces, 3, pipelined, true, trim, true), ""},
		{with(Config{Router: "disjoint", N: 6, Queue: engine.FIFO}, pieces, 6), ""},
		{with(Config{Router: "disjoint", N: 6}, pieces, 7), "pieces=7: a message travels as n=6 pieces"},
		{Config{Router: "disjoint", N: 26}, "n=26 above 25"},
		{Config{Router: "disjoint", N: 6, Port: AllPort}, "disjoint runs single, not port=all"},
		{Config{Router: "disjoint", N: 6, Mu: 2}, "needs mu=1"},
		{Config{Router: "disjoint", N: 6, Queue: engine.Farthest}, "not queue=farthest"},
		{with(Config{Router: "valiant", N: 6}, pieces, 2), "valiant takes no pieces"},
		{with(Config{Router: "ecube", N: 6}, trim, true), "ecube takes no butterfly routes"},
		{with(Config{Router: "valiant", N: 6}, pipelined, true), "valiant takes no forwarding"},
	} {
		c.cfg.Pattern = "random"
		c.cfg.Mu = max(c.cfg.Mu, 1)
		err := c.cfg.Validate()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%+v: %v", c.cfg, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%+v: error %v, want %q", c.cfg, err, c.want)
		}
	}
	// A trial that needs more memory than is available is refused.
	saved := availableMemory
	defer func() { availableMemory = saved }()
	availableMemory = func() int64 { return 512 << 20 }
	if err := (Config{Router: "disjoint", N: 20, Pattern: "random", Mu: 1}).Validate(); err == nil || !strings.Contains(err.Error(), "needs about") {
		t.Errorf("n=20 with 512 MiB available: %v", err)
	}
	if err := (Config{Router: "disjoint", N: 18, Pattern: "random", Mu: 1}).Validate(); err != nil {
		t.Errorf("n=18 with 512 MiB available: %v", err)
	}
	// Memory grows with n·2^n butterfly nodes, 40 bytes each at least.
	for n := 1; n <= MaxDisjointDim; n++ {
		c := Config{Router: "disjoint", N: n}
		if got := c.MemoryBytes(); got < 40*int64(n)<<n {
			t.Errorf("n=%d: %d bytes estimated", n, got)
		}
	}
}

// TestDisjointPairsWithValiant checks that disjoint and Valiant's routing
// draw the same instance at a grid point: the same permutation, failed
// edges and intermediates (one per message and one per packet, the same
// for μ = 1).
func TestDisjointPairsWithValiant(t *testing.T) {
	dis := with(Config{Router: "disjoint", Pattern: "random", N: 7, Mu: 1, Q: 0.05}, pieces, 2)
	val := Config{Router: "valiant", Port: AllPort, Pattern: "random", N: 7, Mu: 1, Q: 0.05}
	if dis.InstanceKey() != val.InstanceKey() {
		t.Fatalf("instance keys %q and %q", dis.InstanceKey(), val.InstanceKey())
	}
	var a, b Sim
	for seed := range uint64(5) {
		if err := a.Draw(dis, testRand(seed)); err != nil {
			t.Fatal(err)
		}
		if err := b.Draw(val, testRand(seed)); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a.Req.Dst, b.Req.Dst) || !slices.Equal(a.Via, b.Via) || a.Faults.Digest() != b.Faults.Digest() || a.Faults.Count() == 0 {
			t.Fatalf("seed %d: disjoint and valiant draw different instances", seed)
		}
	}
}

// TestDivider checks the division by multiplication of bfly against /
// for every divisor up to 64, at the ends of the range and at random.
func TestDivider(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for d := uint32(1); d <= 64; d++ {
		v := newDivider(d)
		xs := []uint32{0, 1, d - 1, d, d + 1, math.MaxUint32, math.MaxUint32 - 1, math.MaxUint32 / d * d, math.MaxUint32/d*d - 1}
		for range 100000 {
			xs = append(xs, rng.Uint32())
		}
		for _, x := range xs {
			if got := v.div(x); got != x/d {
				t.Fatalf("%d/%d = %d, divider says %d", x, d, x/d, got)
			}
		}
	}
}
