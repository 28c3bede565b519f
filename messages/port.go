package messages

import "fmt"

// Port is the port model.
type Port uint8

const (
	SinglePort Port = iota // a node sends one message per step
	AllPort                // a node sends one message per out-link per step
)

var portNames = [...]string{"single", "all"}

func (p Port) String() string { return portNames[p] }

// ParsePort returns the port model named s: single or all, or one, an
// alias of single.
func ParsePort(s string) (Port, error) {
	switch s {
	case "single", "one":
		return SinglePort, nil
	case "all":
		return AllPort, nil
	}
	return 0, fmt.Errorf("unknown port model %q (want single or all)", s)
}

// MarshalText and UnmarshalText make a Port a flag.TextVar.
func (p Port) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

func (p *Port) UnmarshalText(b []byte) (err error) {
	*p, err = ParsePort(string(b))
	return err
}
