package experiments

import (
	"context"
	"fmt"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/detours"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/param"
)

// DetoursModel names the model of detour systems on faulty cubes (thesis
// Ch. III.1 [Schömer 1988]): each trial draws a faulty Q_n (every directed
// edge failed with probability q, or exactly k edges, or a fault list) and
// lets a strategy (package detours; none: no system) choose a detour
// system on it. It routes nothing; the strategies of one experiment see
// the same cubes trial by trial. hyperroute detours runs it.
const DetoursModel = "detours"

// TableDraws holds one row per trial of the detours model.
const TableDraws = "trials"

func init() {
	fields := append([]arrow.Field{i32("n"), {Name: "q", Type: arrow.PrimitiveTypes.Float64}, i32("k"), {Name: "faults", Type: arrow.BinaryTypes.String},
		{Name: "detours", Type: arrow.BinaryTypes.String},
		i32("trial"), {Name: "seed", Type: arrow.PrimitiveTypes.Uint64}, i64("failed_edges")}, measureFields("no_detour", "ok", "gamma")...)
	Register(&Model{
		Name:      DetoursModel,
		Doc:       "detour systems on faulty cubes: failed edges, edges without an intact detour, completeness and γ (Ch. III.1)",
		Params:    newDraw().set.Params(),
		Required:  []string{"n", "detours"},
		Named:     []string{"q"},
		Partition: []string{"n"},
		Tables: []*Table{{Name: TableDraws, Schema: arrow.NewSchema(fields, nil), Rows: drawRows,
			Count: func(s *Spec, _ *Point, sh Shard) (int64, bool) { return int64(sh.Count(s.Trials)), true }}},
		New:       func() Config { return newDraw() },
		Admit:     func(_ *Spec, c Config) (bool, error) { d := c.(*draw); return false, d.Check(d.n) },
		NewWorker: func() Worker { return drawWorker{} },
		// A draw's peak (detours.Strategy.Bytes), twice: a worker's next
		// trial allocates anew while the last one's memory awaits the
		// collector.
		Memory: func(c Config) int64 { return c.(*draw).bytes() * 2 },
		Work:   func(c Config) int64 { n := c.(*draw).n; return int64(n) << n },
	})
}

// draw is a point of the detours model: a cube, how its edges fail and a
// strategy, "none" for none.
type draw struct {
	n int
	faults.Draw
	strategy string
	set      param.Set
}

// newDraw returns a point at the defaults of its parameters; those of
// the faults and the strategy, declared for every model on a cube, are
// this model's own: q = 0.05 and the thesis' heuristic, as the model
// exists to draw detour systems.
func newDraw() *draw {
	d := new(draw)
	d.set.Int(&d.n, "n", 10, 2, hypercube.MaxDim, "cube dimension").Instance = true
	q, strategy := faults.QParam, detours.Param
	q.Default, strategy.Default = "0.05", "heuristic"
	d.set.Bind(q, &d.Q)
	d.set.Bind(faults.KParam, &d.K)
	d.set.Bind(faults.ListParam, (*string)(&d.List))
	d.set.Bind(strategy, &d.strategy)
	return d
}

// bytes estimates the memory a draw at d holds.
func (d *draw) bytes() int64 {
	s, err := detours.Lookup(d.strategy)
	if err != nil {
		return 0
	}
	return s.Bytes(d.n, faults.Share(d.n, d.Q, d.K, d.List))
}

func (d *draw) Set(name, v string) error { return d.set.Set(name, v) }
func (d *draw) Get(name string) string   { return d.set.Get(name) }

// Key names the cube: its dimension and failure probability, and the
// number of failed edges or the fault list if set.
func (d *draw) Key() string {
	key := "n=" + strconv.Itoa(d.n) + "/q=" + strconv.FormatFloat(d.Q, 'g', -1, 64)
	if d.K > 0 {
		key += "/k=" + strconv.Itoa(d.K)
	}
	if d.List != "" {
		key += "/faults=" + string(d.List)
	}
	return key
}

func (d *draw) Clone() Config {
	e := newDraw()
	e.n, e.Draw, e.strategy = d.n, d.Draw, d.strategy
	return e
}

// Draw is one trial of the detours model: a faulty cube and the detour
// system a strategy chose on it.
type Draw struct {
	Trial    int     `json:"trial"`
	Seed     uint64  `json:"seed"`
	N        int     `json:"n"`
	Q        float64 `json:"q"`
	K        int     `json:"k,omitempty"`
	Faults   string  `json:"faults,omitempty"`
	Strategy string  `json:"detours"`
	Failed   int     `json:"failed_edges"`
	Stranded int     `json:"stranded"`  // failed edges without an intact detour
	NoDetour bool    `json:"no_detour"` // Stranded > 0
	OK       bool    `json:"ok"`        // the system is complete
	// Gamma is its largest middle load, nil when not OK, and GammaDims
	// the dimensions of the middle edges that carry it.
	Gamma     *int  `json:"gamma"`
	GammaDims []int `json:"gamma_dims"`
	// Clashes counts, for heuristic, the middle edges claimed twice in
	// one round of the matching (the thesis says none).
	Clashes *int `json:"clashes,omitempty"`
}

type drawWorker struct{}

func (drawWorker) Trial(_ *Spec, p *Point, t Trial) (any, int64, error) {
	d := p.Config.(*draw)
	var f faults.Set
	if err := d.Fill(&f, d.n, t.Rand); err != nil {
		return nil, 0, err
	}
	y := faults.NewSystem(&f)
	r := &Draw{Trial: t.Index, Seed: t.Seed, N: d.n, Q: d.Q, K: d.K, Faults: string(d.List), Strategy: d.strategy,
		Failed: f.Count(), Stranded: f.Stranded()}
	r.NoDetour = r.Stranded > 0
	if d.strategy == detours.None {
		return r, 0, nil
	}
	strategy, err := detours.Lookup(d.strategy)
	if err != nil {
		return nil, 0, err
	}
	if strategy.Name == "heuristic" {
		c := detours.Heuristic(y)
		r.Clashes, r.OK = &c, y.Complete()
	} else {
		r.OK = strategy.Choose(y, t.Rand)
	}
	if r.OK {
		dims, g := y.Gamma()
		r.Gamma, r.GammaDims = &g, dims
	}
	return r, 0, nil
}

// drawRows appends the row of one trial.
func drawRows(b *array.RecordBuilder, _ *Point, _ int, out any) {
	r := out.(*Draw)
	b.Field(0).(*array.Int32Builder).Append(int32(r.N))
	b.Field(1).(*array.Float64Builder).Append(r.Q)
	b.Field(2).(*array.Int32Builder).Append(int32(r.K))
	b.Field(3).(*array.StringBuilder).Append(r.Faults)
	b.Field(4).(*array.StringBuilder).Append(r.Strategy)
	b.Field(5).(*array.Int32Builder).Append(int32(r.Trial))
	b.Field(6).(*array.Uint64Builder).Append(r.Seed)
	b.Field(7).(*array.Int64Builder).Append(int64(r.Failed))
	b.Field(8).(*array.BooleanBuilder).Append(r.NoDetour)
	b.Field(9).(*array.BooleanBuilder).Append(r.OK)
	if g := b.Field(10).(*array.Int64Builder); r.Gamma != nil {
		g.Append(int64(*r.Gamma))
	} else {
		g.AppendNull()
	}
}

// CheckOutcomes reports an error if Outcomes on workers goroutines needs
// more than available bytes at once, before it allocates.
func (s *Spec) CheckOutcomes(workers int, available int64) error {
	jobs := s.jobs(Unit{Points: s.points}, Unsharded)
	if s.Model.Memory == nil || jobs.Len() == 0 {
		return nil
	}
	atOnce := int64(min(workers, jobs.Len()))
	for _, p := range jobs.points {
		if need := s.Model.Memory(p.Config) * atOnce; need > available {
			return fmt.Errorf("%v: %d trials at once, needs about %d MiB, more than the %d MiB available", p, atOnce, need>>20, available>>20)
		}
	}
	return nil
}

// Outcomes runs every trial of s without writing files, on workers
// goroutines, and returns what each left, point by point, trial by trial
// (for hyperroute detours, Draws).
func (s *Spec) Outcomes(ctx context.Context, workers int, available int64) ([]any, error) {
	if err := s.CheckOutcomes(workers, available); err != nil {
		return nil, err
	}
	jobs := s.jobs(Unit{Points: s.points}, Unsharded)
	outs := make([]any, jobs.Len())
	err := parallel(ctx, jobs.Len(), workers, s.Model.NewWorker, func(w Worker, i int) error {
		j := jobs.At(i)
		p, trial := j.point, j.trial
		rng, seed := TrialRand(s.Seed, s.Name, p.Key, trial)
		out, _, err := w.Trial(s, p, Trial{Index: trial, Seed: seed, Rand: rng})
		outs[i] = out
		return err
	})
	return outs, err
}
