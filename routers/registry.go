package routers

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/hyperroute/hyperroute/engine"
)

// Registry lists the routers by name, one line each.
var Registry = []Kind{
	ecubeKind,
	valiantKind,
	bitonicKind,
	disjointKind,
	adaptiveEcubeKind,
	adaptiveValiantKind,
	safetyKind,
}

// Kind is a registered router: what it is, what it runs under, what a trial
// of it draws and how it routes.
type Kind struct {
	Name string
	// Doc is one line for hyperroute list, naming the thesis section.
	Doc string
	// Ports and Disciplines are the port models and queue disciplines it
	// runs under.
	Ports       []Port
	Disciplines []engine.Discipline
	// Permutations says that it routes permutations only (μ = 1).
	Permutations bool
	// Faults says that it runs on a cube with failed edges.
	Faults bool
	// Detours says that it knows the faults and routes around each failed
	// edge by the detour a detour system gives it (Drawn.System).
	Detours bool
	// Copies says that it sends each message as several packets, and
	// reports what became of them in Result.Copies.
	Copies bool
	// Params are the parameters of its own (Own) it takes.
	Params []*Param
	// DelaySequences says that its priorities rise along every route of
	// Q_n by the dimensions crossed, so that the critical delay sequences
	// of its single-port runs under the priority rule can be extracted
	// (delayseq.Critical).
	DelaySequences bool
	// Prios is the size of its priority range on Q_n: priorities are
	// 0 … Prios(n)−1.
	Prios func(n int) int
	// Draws says what a trial draws beyond the request ("" for nothing),
	// and Draw draws it.
	Draws string
	Draw  func(d *Drawn, c Config, rng *rand.Rand)
	// New returns a router of this kind for one worker's trials.
	New func() Instance
	// Check, if set, reports what else of c the router does not run.
	Check func(c Config) error
	// Memory, if set, estimates the memory one trial of c needs
	// (Config.MemoryBytes).
	Memory func(c Config) int64
}

// An Instance routes one worker's trials of one kind of router, reusing
// its buffers from trial to trial.
type Instance interface {
	// Route routes the trial of c drawn in d on e, which is set to c's
	// queue discipline and recording.
	Route(e *engine.Engine, d *Drawn, c Config) (*Result, error)
}

// Lookup returns the router named name.
func Lookup(name string) (*Kind, error) {
	i := slices.IndexFunc(Registry, func(k Kind) bool { return k.Name == name })
	if i < 0 {
		return nil, fmt.Errorf("unknown router %q (want %s)", name, strings.Join(Names(), ", "))
	}
	return &Registry[i], nil
}

// Names lists the routers' names in registry order.
func Names() []string {
	names := make([]string, len(Registry))
	for i, k := range Registry {
		names[i] = k.Name
	}
	return names
}

// Supports reports why c cannot run on k, or nil if it can.
func (k *Kind) Supports(c Config) error {
	if !slices.Contains(k.Ports, c.Port) {
		return fmt.Errorf("%s runs %s, not port=%v", k.Name, list(k.Ports), c.Port)
	}
	if !slices.Contains(k.Disciplines, c.Queue) {
		return fmt.Errorf("%s runs queue=%s, not queue=%v", k.Name, list(k.Disciplines), c.Queue)
	}
	if k.Permutations && c.Mu != 1 {
		return fmt.Errorf("%s routes permutations: needs mu=1, not mu=%d", k.Name, c.Mu)
	}
	if c.Faulty() && !k.Faults {
		return fmt.Errorf("%s does not run on a cube with failed edges", k.Name)
	}
	if c.HasDetours() && !k.Detours && !c.DrawOnly {
		return fmt.Errorf("%s does not route over detours (detours=%s)", k.Name, c.Detours)
	}
	for _, p := range Params {
		if v := p.Get(c); p.Own && v != p.Default && !slices.Contains(k.Params, p) {
			return fmt.Errorf("%s takes no %s (%s=%s)", k.Name, p.Doc, p.Name, v)
		}
	}
	if k.Check != nil {
		return k.Check(c)
	}
	return nil
}

// list joins values as "a, b or c".
func list[T fmt.Stringer](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = v.String()
	}
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}
