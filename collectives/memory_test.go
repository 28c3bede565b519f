package collectives

import (
	"runtime"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/topology"
)

// TestMemoryBytes checks the estimate against what runs allocate: within
// a factor of three, except that dimension exchange's total exchange
// carries (log₂ p)/2 times the fewest blocks.
func TestMemoryBytes(t *testing.T) {
	for _, tc := range []struct {
		op   Op
		algo string
		p    int
	}{{AAB, "dimex", 1024}, {AAS, "dimex", 512}, {Allreduce, "dimex", 2048}, {Prefix, "dimex", 2048}, {Reduce, "binomial", 4096},
		{Allreduce, "reduce-bcast", 4096}, {OAB, "binomial", 4096}, {Shift, "direct", 4096}, {OAS, "binomial", 4096}} {
		c := Default()
		c.Op, c.Algo, c.Topology, c.P = tc.op, tc.algo, topology.Cube, tc.p
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := Run(c); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		got, est := float64(after.TotalAlloc-before.TotalAlloc), float64(c.MemoryBytes())
		over := 3.0
		if c.Op == AAS {
			over = 8
		}
		if est > 3*got || got > over*est {
			t.Errorf("%v %s p=%d: estimate %g bytes, allocated %g", c.Op, c.Algo, c.P, est, got)
		}
	}
}

// TestRefuseBeforeBuilding checks that a run too big for its blocks or
// for the memory is refused before anything is built.
func TestRefuseBeforeBuilding(t *testing.T) {
	c := Default()
	c.Op, c.Algo, c.P = AAB, "dimex", 1<<13
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "carries at least 67100672 blocks") {
		t.Errorf("aab on p=8192: %v, want the blocks refused", err)
	}
	c.P = 1 << 12
	if err := c.Validate(); err != nil {
		t.Errorf("aab on p=4096: %v", err)
	}
	c.Op, c.P = Allreduce, 1<<16
	if err := c.CheckMemory(8 << 30); err == nil || !strings.Contains(err.Error(), "allreduce dimex on p=65536 needs about 9801 MiB") {
		t.Errorf("allreduce on p=65536 in 8 GiB: %v, want refused", err)
	}
	if err := c.CheckMemory(16 << 30); err != nil {
		t.Errorf("allreduce on p=65536 in 16 GiB: %v", err)
	}
}
