package collectives

import (
	"fmt"
	"strings"

	"github.com/hyperroute/hyperroute/messages"
)

// Op is a collective operation.
type Op uint8

const (
	OAB       Op = iota // one-to-all broadcast
	MC                  // multicast to a set of nodes
	OAS                 // one-to-all scatter (personalized)
	Gather              // all-to-one gather (personalized)
	AAB                 // all-to-all broadcast (all-gather)
	AAS                 // all-to-all scatter (total exchange)
	Reduce              // all-to-one reduction
	Allreduce           // all-to-all reduction to every node
	Prefix              // inclusive prefix sum (scan)
	Shift               // circular shift by k
)

// Ops lists the operations.
var Ops = []Op{OAB, MC, OAS, Gather, AAB, AAS, Reduce, Allreduce, Prefix, Shift}

var opNames = [...]string{"oab", "mc", "oas", "gather", "aab", "aas", "reduce", "allreduce", "prefix", "shift"}

var opDocs = [...]string{
	"one-to-all broadcast: every node gets the root's message",
	"multicast: the nodes of a set get the root's message",
	"one-to-all scatter: node v gets the root's block for v",
	"gather: the root gets every node's block",
	"all-to-all broadcast (all-gather): every node gets every node's block",
	"all-to-all scatter (total exchange): node w gets node v's block for w, for all v",
	"reduce: the root gets the sum of every node's value",
	"all-reduce: every node gets the sum of every node's value",
	"prefix sum: node v gets the sum of the values of nodes 0 … v",
	"circular shift by k (--shift): rank i's block goes to rank (i+k) mod p",
}

func (o Op) String() string { return opNames[o] }

// Doc says what the operation leaves where.
func (o Op) Doc() string { return opDocs[o] }

// ParseOp returns the operation named s.
func ParseOp(s string) (Op, error) {
	i, err := parse("operation", s, opNames[:])
	return Op(i), err
}

// class is how an operation's data behave.
type class uint8

const (
	copies   class = iota // blocks are copied: broadcasts
	moves                 // blocks go to one node each: personalized
	combines              // values are summed: reductions
)

func (o Op) class() class {
	switch o {
	case OAB, MC, AAB:
		return copies
	case Reduce, Allreduce, Prefix:
		return combines
	}
	return moves
}

// rooted reports whether the operation has a root.
func (o Op) rooted() bool {
	switch o {
	case OAB, MC, OAS, Gather, Reduce:
		return true
	}
	return false
}

// Port is the port model: single-port, a node sends one message per
// step; all-port, one per out-link per step.
type Port = messages.Port

const (
	SinglePort = messages.SinglePort
	AllPort    = messages.AllPort
)

// ParsePort returns the port model named s: single or all (one is an
// alias of single).
func ParsePort(s string) (Port, error) { return messages.ParsePort(s) }

// Model is the switching technique of the cost model.
type Model uint8

const (
	SF Model = iota // store-and-forward
	CT              // cut-through (wormhole)
)

var modelNames = [...]string{"sf", "ct"}

func (m Model) String() string { return modelNames[m] }

// ParseModel returns the model named s.
func ParseModel(s string) (Model, error) {
	i, err := parse("model", s, modelNames[:])
	return Model(i), err
}

// Startup says when store-and-forward charges the start-up time t_s.
type Startup uint8

const (
	PerMessage Startup = iota // once per message, at its first hop
	PerHop                    // at every hop
)

var startupNames = [...]string{"message", "hop"}

func (s Startup) String() string { return startupNames[s] }

// ParseStartup returns the start-up rule named s.
func ParseStartup(s string) (Startup, error) {
	i, err := parse("start-up rule", s, startupNames[:])
	return Startup(i), err
}

func parse(what, s string, names []string) (int, error) {
	for i, n := range names {
		if s == n {
			return i, nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q (want %s)", what, s, strings.Join(names, ", "))
}

// MarshalText and UnmarshalText make Op, Model and Startup flag.TextVars.
func (o Op) MarshalText() ([]byte, error)      { return []byte(o.String()), nil }
func (m Model) MarshalText() ([]byte, error)   { return []byte(m.String()), nil }
func (s Startup) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

func (o *Op) UnmarshalText(b []byte) (err error) {
	*o, err = ParseOp(string(b))
	return err
}

func (m *Model) UnmarshalText(b []byte) (err error) {
	*m, err = ParseModel(string(b))
	return err
}

func (s *Startup) UnmarshalText(b []byte) (err error) {
	*s, err = ParseStartup(string(b))
	return err
}
