package experiments

import (
	"fmt"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/lossest"
	"github.com/hyperroute/hyperroute/param"
	"github.com/hyperroute/hyperroute/routers"
)

// LossModel names the model of rare message losses (thesis Ch. II.5
// [Schömer 1988]): each grid point is one estimate of package lossest, the
// probability that a message is lost when every directed edge fails with
// probability q, to a relative standard error rse, with the exact bracket
// of package stats. Its points run once; the estimate's own trials are
// drawn from the point's seed.
const LossModel = "loss"

// TableEstimates holds one row per grid point of the loss model.
const TableEstimates = "estimates"

func init() {
	f64 := func(name string) arrow.Field { return arrow.Field{Name: name, Type: arrow.PrimitiveTypes.Float64} }
	fields := []arrow.Field{{Name: "router", Type: arrow.BinaryTypes.String}, i32("n"), f64("q"), i32("pieces"),
		{Name: "port", Type: arrow.BinaryTypes.String}, f64("rse"), {Name: "seed", Type: arrow.PrimitiveTypes.Uint64},
		f64("loss"), f64("se"), i64("trials"), {Name: "converged", Type: arrow.FixedWidthTypes.Boolean},
		f64("exact_lo"), f64("exact_hi"), f64("delivered"), {Name: "complement", Type: arrow.FixedWidthTypes.Boolean}}
	Register(&Model{
		Name:        LossModel,
		Doc:         "the probability that a message is lost on a faulty cube, estimated to a relative standard error, with its exact bracket (Ch. II.5)",
		Params:      newLossPoint().set.Params(),
		Required:    []string{"router", "n", "q"},
		Named:       []string{"router", "n", "q", "pieces"},
		Partition:   []string{"n"},
		Tables:      []*Table{{Name: TableEstimates, Schema: arrow.NewSchema(fields, nil), Rows: estimateRows, Count: func(*Spec, *Point, Shard) (int64, bool) { return 1, true }}},
		Once:        true,
		SkipInvalid: true,
		New:         func() Config { return newLossPoint() },
		Each:        lossPieces,
		Admit:       admitLoss,
		NewWorker:   func() Worker { return lossWorker{} },
	})
}

// lossPoint is a point of the loss model.
type lossPoint struct {
	router string
	n      int
	q      float64
	pieces int
	port   string
	rse    float64
	set    param.Set
}

func newLossPoint() *lossPoint {
	l := new(lossPoint)
	s := &l.set
	s.String(&l.router, "router", "disjoint", func() []string { return []string{"disjoint", "valiant"} }, "router: disjoint (n copies or m-of-n pieces) or valiant (one copy)")
	s.Int(&l.n, "n", 8, 1, hypercube.MaxDim, "cube dimension").Instance = true
	s.Float(&l.q, "q", 0.01, 0, 1, "probability that a directed edge fails").Instance = true
	s.Int(&l.pieces, "pieces", 1, 1, hypercube.MaxDim, "m: any m of the n pieces rebuild a message (disjoint; 1: n copies)")
	s.String(&l.port, "port", "single", func() []string { return []string{"single", "all"} }, "port model (the loss does not depend on it)")
	s.Float(&l.rse, "rse", 0.1, 0, 1, "relative standard error at which the estimate stops, in (0, 1)")
	return l
}

func (l *lossPoint) Set(name, v string) error { return l.set.Set(name, v) }
func (l *lossPoint) Get(name string) string   { return l.set.Get(name) }

// Key names the faulty cube, n and q: the estimates at one (n, q) draw
// their messages from the same stream (common random numbers).
func (l *lossPoint) Key() string {
	return "n=" + strconv.Itoa(l.n) + "/q=" + strconv.FormatFloat(l.q, 'g', -1, 64)
}

func (l *lossPoint) Clone() Config {
	c := newLossPoint()
	c.router, c.n, c.q, c.pieces, c.port, c.rse = l.router, l.n, l.q, l.pieces, l.port, l.rse
	return c
}

// lossPieces gives the pieces of a grid that leaves them unset: m = 1 …
// n/2 for disjoint, 1 for valiant.
func lossPieces(c Config, axis string) []string {
	l := c.(*lossPoint)
	if axis != "pieces" || l.router != "disjoint" {
		return nil
	}
	ms := []string{"1"}
	for m := 2; m <= l.n/2; m++ {
		ms = append(ms, strconv.Itoa(m))
	}
	return ms
}

// config is the estimate of l from seed.
func (l *lossPoint) config(seed uint64) (lossest.Config, error) {
	port, err := routers.ParsePort(l.port)
	return lossest.Config{Router: l.router, N: l.n, Q: l.q, Pieces: l.pieces, Port: port, RSE: l.rse, Seed: seed, Workers: 1}, err
}

// admitLoss skips the points the routers do not have (disjoint all-port,
// Valiant in pieces, more pieces than paths) and refuses the others that
// lossest does not estimate.
func admitLoss(_ *Spec, c Config) (bool, error) {
	l := c.(*lossPoint)
	switch {
	case l.router == "disjoint" && l.port != "single":
		return true, fmt.Errorf("router disjoint runs single-port butterfly nodes, not port %s", l.port)
	case l.router == "valiant" && l.pieces > 1:
		return true, fmt.Errorf("router valiant sends one copy, not %d pieces", l.pieces)
	case l.pieces > l.n:
		return true, fmt.Errorf("pieces=%d: a message travels as n=%d pieces", l.pieces, l.n)
	}
	lc, err := l.config(0)
	if err == nil {
		err = lc.Validate()
	}
	return false, err
}

// lossWorker runs estimates, one per point, on one goroutine each.
type lossWorker struct{}

func (lossWorker) Trial(_ *Spec, p *Point, t Trial) (any, int64, error) {
	l := p.Config.(*lossPoint)
	c, err := l.config(t.Seed)
	if err != nil {
		return nil, 0, err
	}
	res, err := lossest.Estimate(c)
	if err != nil {
		return nil, 0, fmt.Errorf("%v: %w", p, err)
	}
	return &estimate{l.Clone().(*lossPoint), t.Seed, res}, 0, nil
}

// estimate is the outcome of one point.
type estimate struct {
	at   *lossPoint
	seed uint64
	lossest.Result
}

// estimateRows appends the row of one point.
func estimateRows(b *array.RecordBuilder, _ *Point, _ int, out any) {
	e := out.(*estimate)
	b.Field(0).(*array.StringBuilder).Append(e.at.router)
	b.Field(1).(*array.Int32Builder).Append(int32(e.at.n))
	b.Field(2).(*array.Float64Builder).Append(e.at.q)
	b.Field(3).(*array.Int32Builder).Append(int32(e.at.pieces))
	b.Field(4).(*array.StringBuilder).Append(e.at.port)
	b.Field(5).(*array.Float64Builder).Append(e.at.rse)
	b.Field(6).(*array.Uint64Builder).Append(e.seed)
	for i, x := range []float64{e.Loss, e.SE} {
		b.Field(7 + i).(*array.Float64Builder).Append(x)
	}
	b.Field(9).(*array.Int64Builder).Append(int64(e.Trials))
	b.Field(10).(*array.BooleanBuilder).Append(e.Converged)
	b.Field(11).(*array.Float64Builder).Append(e.ExactLo)
	b.Field(12).(*array.Float64Builder).Append(e.ExactHi)
	b.Field(13).(*array.Float64Builder).Append(e.Delivered)
	b.Field(14).(*array.BooleanBuilder).Append(e.Complement)
}
