package routers

import (
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/hyperroute/hyperroute/detours"
	"github.com/hyperroute/hyperroute/engine"
)

// TestMemoryBytesAboveMeasured checks that the estimate of a trial's memory
// is at least the heap a fresh worker holds after a trial of every router,
// recording everything, and that what the estimate adds for the trace and
// the sends per step is at least what the result holds of them. (The
// peaks while the trace grows are not measured.)
func TestMemoryBytesAboveMeasured(t *testing.T) {
	all := engine.Record{Packets: true, Loads: true, Trace: true, Steps: true}
	for _, c := range []Config{
		{Router: "ecube", Pattern: "complement", Mu: 1},
		{Router: "ecube", Pattern: "random", Mu: 4, Port: AllPort},
		{Router: "valiant", Pattern: "random", Mu: 1},
		{Router: "valiant", Pattern: "random", Mu: 2, Q: 0.01},
		{Router: "bitonic", Pattern: "random", Mu: 1},
		{Router: "disjoint", Pattern: "random", Mu: 1},
		with(Config{Router: "disjoint", Pattern: "random", Mu: 1}, pipelined, true),
	} {
		for _, n := range []int{8, 10, 12} {
			c.N, c.Record = n, all
			if c.Router == "disjoint" {
				c.N -= 2
			}
			res, held := heldByTrial(t, c, uint64(n))
			est := c.MemoryBytes()
			if est < held {
				t.Errorf("%s n=%d: estimate %d bytes, a trial holds %d (trace %d sends)", c.Router, c.N, est, held, len(res.Trace))
			}
			without := func(drop engine.Record) int64 {
				d := c
				d.Record.Trace = d.Record.Trace && !drop.Trace
				d.Record.Steps = d.Record.Steps && !drop.Steps
				return est - d.MemoryBytes()
			}
			if got, want := without(engine.Record{Trace: true}), int64(cap(res.Trace))*int64(unsafe.Sizeof(engine.Send{})); got < want {
				t.Errorf("%s n=%d: %d bytes estimated for the trace, it holds %d", c.Router, c.N, got, want)
			}
			if got, want := without(engine.Record{Steps: true}), int64(cap(res.Sends))*4; got < want {
				t.Errorf("%s n=%d: %d bytes estimated for the sends per step, they hold %d", c.Router, c.N, got, want)
			}
		}
	}
}

// TestMemoryBytesQueued checks the estimate against the heap a trial of
// Valiant's routing holds on 2^18 nodes, or all-port on 2^20 links, where
// the fused step queues packets for distant chunks (engine.stepQueued);
// and all-port on fewer.
func TestMemoryBytesQueued(t *testing.T) {
	if testing.Short() {
		t.Skip("routes 2^18 packets; skipped with -short")
	}
	for _, c := range []Config{
		{Router: "valiant", Pattern: "random", Mu: 1, N: 18},
		// All-port on 16·2^16 links, recording packets.
		{Router: "valiant", Pattern: "random", Mu: 1, N: 16, Port: AllPort, Record: engine.Record{Packets: true}},
		{Router: "valiant", Pattern: "random", Mu: 1, N: 12, Port: AllPort, Queue: engine.FIFO},
	} {
		if _, held := heldByTrial(t, c, 18); held > c.MemoryBytes() {
			t.Errorf("n=%d %v: estimate %d bytes, a trial holds %d", c.N, c.Port, c.MemoryBytes(), held)
		}
	}
}

// heldByTrial runs a trial of c on a fresh Sim and returns its result and
// the heap it holds after a collection, the Sim included.
func heldByTrial(t *testing.T, c Config, seed uint64) (*Result, int64) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s := new(Sim)
	res, err := s.Trial(c, testRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(s)
	return res, int64(after.HeapAlloc) - int64(before.HeapAlloc)
}

// TestCheckMemory checks that trials at once need their number times the
// memory of one.
func TestCheckMemory(t *testing.T) {
	c := Config{Router: "valiant", Pattern: "random", N: 10, Mu: 1, Record: engine.Record{Trace: true}}
	one := c.MemoryBytes()
	for _, trials := range []int{1, 2, 7} {
		if err := c.CheckMemory(trials, int64(trials)*one); err != nil {
			t.Errorf("%d trials in %d bytes: %v", trials, int64(trials)*one, err)
		}
		if err := c.CheckMemory(trials, int64(trials)*one-1); err == nil || !strings.Contains(err.Error(), "needs about") {
			t.Errorf("%d trials in a byte less: %v", trials, err)
		}
	}
}

func TestCheckRows(t *testing.T) {
	if err := CheckRows(1000, 40, 40000); err != nil {
		t.Error(err)
	}
	if err := CheckRows(1001, 40, 40000); err == nil {
		t.Error("1001 rows of 40 bytes in 40000: no error")
	}
	if err := CheckRows(1<<31-1, 1<<40, 1<<62); err == nil || !strings.Contains(err.Error(), "2147483647 trials need about") {
		t.Errorf("overflowing product: %v", err)
	}
}

// TestMemoryBytesCountsDetours checks that a trial over detours needs the
// memory of its detour system and its strategy's choice on top of the
// routing's, which is what `sim --n 26 --q 0.01 --detours optimal` (about
// 23 GB) must be refused by.
func TestMemoryBytesCountsDetours(t *testing.T) {
	for _, strategy := range detours.Names() {
		c := Config{Router: "valiant", Pattern: "random", Mu: 1, N: 26, Q: 0.01, Detours: strategy}
		s, err := detours.Lookup(strategy)
		if err != nil {
			t.Fatal(err)
		}
		intact := c
		intact.Detours = ""
		if got, want := c.MemoryBytes(), intact.MemoryBytes()+s.Bytes(c.N, c.Q); got < want {
			t.Errorf("%s: %d MiB, want at least %d MiB", strategy, got>>20, want>>20)
		}
		k := c
		k.Q, k.K = 0, int(c.Q*float64(c.N<<c.N))
		if got, want := k.MemoryBytes(), c.MemoryBytes(); got < want*99/100 {
			t.Errorf("%s with k=%d failed edges: %d MiB, want about %d MiB as with q=%v", strategy, k.K, got>>20, want>>20, c.Q)
		}
	}
}
