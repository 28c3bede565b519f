package routers

import "fmt"

// Port is a port model (docs/model.md, "Port models").
type Port uint8

const (
	// SinglePort lets a node send at most one packet per step.
	SinglePort Port = iota
	// AllPort lets a node send one packet per out-link per step.
	AllPort
)

var portNames = []string{"single", "all"}

func (p Port) String() string { return portNames[p] }

// Queues is the number of engine queues a node of Q_n has under p: one, or
// one per out-link.
func (p Port) Queues(n int) int {
	if p == AllPort {
		return n
	}
	return 1
}

// Queue is the queue a packet waits in under p for its hop across
// dimension d (1 … n): the node's one queue, or the out-link's, d − 1.
func (p Port) Queue(d int) uint16 {
	if p == AllPort {
		return uint16(d - 1)
	}
	return 0
}

// ParsePort returns the port model named s ("single" or "all").
func ParsePort(s string) (Port, error) {
	for i, name := range portNames {
		if s == name {
			return Port(i), nil
		}
	}
	return 0, fmt.Errorf("unknown port model %q (want single or all)", s)
}
