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

// ParsePort returns the port model named s ("single" or "all").
func ParsePort(s string) (Port, error) {
	for i, name := range portNames {
		if s == name {
			return Port(i), nil
		}
	}
	return 0, fmt.Errorf("unknown port model %q (want single or all)", s)
}
