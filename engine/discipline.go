package engine

import (
	"fmt"
	"slices"
)

// Discipline decides which waiting packet a queue sends.
type Discipline uint8

const (
	// Priority sends the smallest priority number, ties by smaller packet id
	// (thesis Ch. I.2 [Schömer 1988]).
	Priority Discipline = iota
	// FIFO sends the packet that arrived first, ties by smaller packet id.
	FIFO
	// Random sends a uniformly random waiting packet.
	Random
	// Farthest sends the packet with the most hops still to go, ties by
	// smaller packet id.
	Farthest
)

// TieBreak states the default rule, for output metadata.
const TieBreak = "smallest priority number first; ties by smaller packet id (source*mu + index)"

var disciplineNames = []string{"priority", "fifo", "random", "farthest"}

func (d Discipline) String() string { return disciplineNames[d] }

// DisciplineNames lists the disciplines' names.
func DisciplineNames() []string { return slices.Clone(disciplineNames) }

// ParseDiscipline returns the queue discipline named s.
func ParseDiscipline(s string) (Discipline, error) {
	for i, name := range disciplineNames {
		if s == name {
			return Discipline(i), nil
		}
	}
	return 0, fmt.Errorf("unknown queue discipline %q (want priority, fifo, random or farthest)", s)
}
