package routers

import (
	"fmt"
	"slices"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/hypercube"
)

// Config is one simulated configuration.
type Config struct {
	Router  string
	Port    Port
	Queue   engine.Discipline
	N       int
	Pattern string
	Mu      int
	Record  engine.Record
}

// Validate reports the first thing wrong with c.
func (c Config) Validate() error {
	k, err := Lookup(c.Router)
	if err != nil {
		return err
	}
	if _, err := hypercube.New(c.N); err != nil {
		return err
	}
	if c.Mu < 1 {
		return fmt.Errorf("mu=%d: must be at least 1", c.Mu)
	}
	if !slices.Contains(hypercube.Patterns, c.Pattern) {
		return fmt.Errorf("unknown request pattern %q (want one of %v)", c.Pattern, hypercube.Patterns)
	}
	if err := k.Supports(c); err != nil {
		return err
	}
	if c.Mu > 1<<31>>c.N {
		return fmt.Errorf("n=%d, mu=%d: more than 2^31 packets", c.N, c.Mu)
	}
	if need, have := c.MemoryBytes(), availableMemory(); need > have {
		return fmt.Errorf("n=%d, mu=%d needs about %d MiB, more than the %d MiB available", c.N, c.Mu, need>>20, have>>20)
	}
	return nil
}

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
)

// MemoryBytes estimates the memory one trial of c needs.
func (c Config) MemoryBytes() int64 {
	nodes := int64(1) << c.N
	packets := nodes * int64(c.Mu)
	// Valiant's routing with μ = 1 holds up to a fifth of the packets in
	// the pool at a time; allow a quarter.
	overflow := max(packets-2*nodes, packets/4)
	b := nodes*bytesPerNode + overflow*bytesPerOverflow + packets*bytesPerRequest
	if c.Record.Packets || c.Record.Arrivals {
		b += packets * 8
	}
	if c.Record.Loads {
		b += int64(c.Prios()) * nodes * 4
	}
	return b
}

// InstanceKey names the instance family of c: trial streams are derived from
// it. It leaves out the router, port model and queue discipline, so that
// configurations differing only in those route the same requests (and, for
// Valiant, the same intermediates) trial by trial.
func (c Config) InstanceKey() string {
	return fmt.Sprintf("n=%d/pattern=%s/mu=%d", c.N, c.Pattern, c.Mu)
}
