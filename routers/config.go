package routers

import (
	"fmt"
	"unsafe"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
)

// Config is one simulated configuration. Params set and name its fields.
type Config struct {
	Router  string
	Port    Port
	Queue   engine.Discipline
	N       int
	Pattern string
	Mu      int
	// Faults: every directed edge fails with probability Q, or exactly K
	// edges fail, or the edges of FaultList; at most one of them is set.
	Q         float64
	K         int
	FaultList faults.List
	Record    engine.Record
	// Detours names the strategy (package detours) that chooses a detour
	// around every failed edge, for routers that know the faults (Chapter
	// III); "" or "none" for none.
	Detours string
	// DrawOnly draws each trial's instance and detour system and reports
	// the detour measures without routing it (T = 0, no hops): for
	// experiments on the detour systems themselves. It needs detours.
	DrawOnly bool
	// Clockless computes each trial's fates from its faults and routes
	// (Fates) instead of stepping the clock: the same lost messages,
	// copies, hops and moved, no timing. Oblivious routers only.
	Clockless bool
	// own holds the values of the routers' own parameters (Own), set and
	// read through them.
	own ownValues
}

// detours is the name of c's detour strategy, "none" for none.
func (c Config) detours() string { return orDefault(c.Detours, defaultDetours) }

// HasDetours reports whether c routes over a detour system.
func (c Config) HasDetours() bool { return c.detours() != "none" }

// Validate reports the first thing wrong with c.
func (c Config) Validate() error {
	k, err := Lookup(c.Router)
	if err != nil {
		return err
	}
	for _, p := range Params {
		if err := p.Check(p.Get(c)); err != nil {
			return err
		}
	}
	if err := k.Supports(c); err != nil {
		return err
	}
	if err := c.draw().Check(c.N); err != nil {
		return err
	}
	if c.DrawOnly && !c.HasDetours() {
		return fmt.Errorf("draw only: measures the detour system, needs detours (not detours=none)")
	}
	if c.Clockless {
		if err := CheckClockless(c); err != nil {
			return err
		}
	}
	if c.HasDetours() && !c.Faulty() {
		return fmt.Errorf("detours=%s: needs failed edges (q, k or a fault list)", c.Detours)
	}
	if c.HasDetours() && (c.Record.Packets || c.Record.Loads || c.Record.Trace) {
		return fmt.Errorf("detours=%s: a trial may not be routed (no complete detour system), so it records the trials table only", c.Detours)
	}
	if c.Mu > 1<<31>>c.N {
		return fmt.Errorf("n=%d, mu=%d: more than 2^31 packets", c.N, c.Mu)
	}
	return c.CheckMemory(1, availableMemory())
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Faulty reports whether edges of c's cube fail.
func (c Config) Faulty() bool { return c.draw().Faulty() }

// draw is how c's faults are drawn.
func (c Config) draw() faults.Draw { return faults.Draw{Q: c.Q, K: c.K, List: c.FaultList} }

// Prios is the size of c's priority range: priorities are 0 … Prios()−1.
func (c Config) Prios() int {
	k, err := Lookup(c.Router)
	if err != nil {
		return 1
	}
	return k.Prios(c.N)
}

// Simulator state: a node with two packets in place (40 bytes), a packet in
// the overflow pool (24), and per packet its request and intermediate (8).
const (
	bytesPerNode     = 40
	bytesPerOverflow = 24
	bytesPerRequest  = 8
	inPlace          = 2
)

// MemoryBytes estimates the memory one trial of c needs, what it records
// included.
func (c Config) MemoryBytes() int64 {
	b := c.detourBytes()
	if k, err := Lookup(c.Router); err == nil && k.Memory != nil {
		return b + k.Memory(c)
	}
	return b + c.cubeBytes(c.Prios())
}

// cubeBytes estimates the memory one trial of c needs for a router with
// prios priorities whose packets go hop by hop on the cube, beyond the
// router's own state.
func (c Config) cubeBytes(prios int) int64 {
	nodes := int64(1) << c.N
	packets := nodes * int64(c.Mu)
	// Valiant's routing with μ = 1 holds up to a fifth of the packets in
	// the pool at a time; allow a quarter.
	overflow := max(packets-inPlace*nodes, packets/4)
	b := nodes*bytesPerNode + overflow*bytesPerOverflow + packets*bytesPerRequest
	if c.Port == AllPort {
		// The fused step's store of every link (engine.Legs.AllPort): a
		// sorted node, a key and a node sent from each, and the packets
		// queued for distant links.
		b += int64(c.N)*nodes*(32+8+4) + packets*16
	}
	if c.Faulty() {
		b += int64(c.N) * nodes / 8
	}
	// A packet's priority rises with every hop, so it sends at most
	// prios − 1 times.
	p := int64(prios)
	return b + recordBytes(c.Record, packets, nodes, p, packets*(p-1))
}

// recordBytes estimates what a run records of packets on nodes with prios
// priorities and at most sends sends. The trace and the sends per step
// grow by append, which holds the old and the new array at once, 2.25
// times the elements at most; the run sends in every step, so it has at
// most sends steps.
func recordBytes(rec engine.Record, packets, nodes, prios, sends int64) int64 {
	const grown = 9 // quarters of the elements an appended slice holds
	var b int64
	if rec.Arrivals || rec.Packets {
		b += packets * 4
	}
	if rec.Packets {
		b += packets * 4
	}
	if rec.Loads {
		b += prios * nodes * 4
	}
	if rec.Trace {
		b += sends * int64(unsafe.Sizeof(engine.Send{})) * grown / 4
	}
	if rec.Steps {
		b += sends * 4 * grown / 4
	}
	return b
}

// CheckMemory reports an error if trials trials of c at once need more
// than available bytes.
func (c Config) CheckMemory(trials int, available int64) error {
	need := c.MemoryBytes() * int64(trials)
	if need <= available {
		return nil
	}
	at := ""
	if trials > 1 {
		at = fmt.Sprintf(", %d trials at once,", trials)
	}
	return fmt.Errorf("n=%d, mu=%d%s needs about %d MiB, more than the %d MiB available", c.N, c.Mu, at, need>>20, available>>20)
}

// InstanceKey names the instance family of c: trial streams are derived from
// it and the experiment's name. It holds the parameters that make the
// instance (Param.Instance): n, the pattern and μ, the others where they
// differ from their defaults, and a fault list's edges. It leaves out the
// router, port model and queue discipline, so that configurations differing
// only in those route the same requests, faults and intermediates trial by
// trial.
func (c Config) InstanceKey() string {
	key := fmt.Sprintf("n=%d/pattern=%s/mu=%d", c.N, c.Pattern, c.Mu)
	for _, p := range Params {
		switch p.Name {
		case "n", "pattern", "mu":
			continue // in every key, above
		}
		if v := p.Get(c); p.Instance && v != p.Default && p.Name != faults.ListParam.Name {
			key += "/" + p.Name + "=" + v
		}
	}
	if c.FaultList != "" {
		var s faults.Set
		if c.FaultList.Fill(&s, c.N) == nil {
			key += "/faults=" + s.Digest()
		}
	}
	return key
}
