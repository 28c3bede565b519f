package experiments

import (
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/hyperroute/hyperroute/routers"
)

// outcome is what one trial leaves for the tables.
type outcome struct {
	trial  int
	seed   uint64
	res    *routers.Result
	failed int64 // failed edges of the cube
	// The request's destinations and Valiant's intermediates, kept when
	// the trial records the packets table.
	dst, via  []uint32
	nodeLoads bool       // the trial writes rows of the nodeloads table
	seq       *seqCounts // for the delayseq table
	loads     [][]int64  // for the loadcounts table
	rounds    *rounds    // for the rounds table: nil unless detours heuristic
}

// table is the Arrow schema of an output table and how one trial becomes
// its rows. dataset/SCHEMA.md documents the columns.
type table struct {
	schema *arrow.Schema
	// rows appends the rows of one trial of point p to b.
	rows func(b *array.RecordBuilder, p *Point, trial int, o *outcome)
}

// gridFields are the first columns of every table: the point's values,
// one per parameter of routers.Params, router, port, queue, pattern, n
// and mu first.
var gridFields, gridParams = gridColumns()

func gridColumns() ([]arrow.Field, []*routers.Param) {
	var params []*routers.Param
	for _, name := range []string{"router", "port", "queue", "pattern", "n", "mu"} {
		p, _ := routers.LookupParam(name)
		params = append(params, p)
	}
	for _, p := range routers.Params {
		if !slices.Contains(params, p) {
			params = append(params, p)
		}
	}
	fields := make([]arrow.Field, len(params))
	for i, p := range params {
		fields[i] = arrow.Field{Name: p.Name, Type: arrowType[p.Type]}
	}
	return fields, params
}

func schema(fields ...arrow.Field) *arrow.Schema {
	return arrow.NewSchema(append(append([]arrow.Field{}, gridFields...), fields...), nil)
}

func i32(name string) arrow.Field { return arrow.Field{Name: name, Type: arrow.PrimitiveTypes.Int32} }
func i64(name string) arrow.Field { return arrow.Field{Name: name, Type: arrow.PrimitiveTypes.Int64} }

var tables = map[string]table{
	TableTrials: {
		schema: schema(append([]arrow.Field{i32("trial"),
			{Name: "seed", Type: arrow.PrimitiveTypes.Uint64},
			i32("T"),
			i64("hops"),
			{Name: "max_queue", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
			i64("failed_edges"), i64("dropped")},
			measureFields()...)...),
		rows: trialRows,
	},
	TablePackets: {
		schema: schema(i32("trial"), i32("packet"), i32("src"), i32("dst"),
			arrow.Field{Name: "via", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
			i32("route_len"), i32("arrival"), i32("delay")),
		rows: packetRows,
	},
	TableLoads: {
		schema: schema(i32("trial"), i32("p"),
			arrow.Field{Name: "f_sum", Type: arrow.PrimitiveTypes.Int64},
			arrow.Field{Name: "f_mean", Type: arrow.PrimitiveTypes.Float64}),
		rows: loadRows,
	},
	TableNodeLoads: {
		schema: schema(i32("trial"), i32("p"), i32("v"), i32("f")),
		rows:   nodeLoadRows,
	},
	TableDelaySeq: {
		schema: schema(i32("trial"), i32("T"), i32("d_len"), i64("d_load"),
			i64("x_fixed"), i64("h_fixed"), i64("x_extracted"), i64("h_extracted"),
			i64("upfal_load"), i64("naive_load")),
		rows: seqRows,
	},
	TableMessages: {
		schema: schema(i32("trial"), i32("message"), i32("dst"),
			arrow.Field{Name: "via", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
			arrow.Field{Name: "at_via", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
			i32("at_dst"), arrow.Field{Name: "delivered", Type: arrow.FixedWidthTypes.Boolean}),
		rows: messageRows,
	},
	TableLoadCounts: {
		schema: schema(i32("trial"), i32("p"), i32("f"), i64("nodes")),
		rows:   loadCountRows,
	},
	TableRounds: {
		schema: schema(i32("trial"), i32("round"), i64("failed"), i64("pending"), i64("intact"), i64("reserved")),
		rows:   roundRows,
	},
}

// appendGrid appends the point's values to the first columns, k times.
func appendGrid(b *array.RecordBuilder, p *Point, k int) {
	c := p.Routing()
	for i, param := range gridParams {
		switch fb := b.Field(i).(type) {
		case *array.Int32Builder:
			x := int32(param.Num(c))
			for range k {
				fb.Append(x)
			}
		case *array.Float64Builder:
			x := param.Num(c)
			for range k {
				fb.Append(x)
			}
		case *array.BooleanBuilder:
			v := param.Get(c) == "true"
			for range k {
				fb.Append(v)
			}
		case *array.StringBuilder:
			v := param.Get(c)
			for range k {
				fb.Append(v)
			}
		}
	}
}

func trialRows(b *array.RecordBuilder, p *Point, trial int, o *outcome) {
	appendGrid(b, p, 1)
	b.Field(g).(*array.Int32Builder).Append(int32(trial))
	b.Field(g + 1).(*array.Uint64Builder).Append(o.seed)
	b.Field(g + 2).(*array.Int32Builder).Append(int32(o.res.T))
	b.Field(g + 3).(*array.Int64Builder).Append(o.res.Hops)
	if mq := b.Field(g + 4).(*array.Int32Builder); o.res.MaxQueue == routers.NoQueue {
		mq.AppendNull()
	} else {
		mq.Append(int32(o.res.MaxQueue))
	}
	b.Field(g + 5).(*array.Int64Builder).Append(o.failed)
	b.Field(g + 6).(*array.Int64Builder).Append(int64(o.res.Dropped))
	for i := range routers.Measures {
		appendMeasure(b.Field(g+7+i), o.res, i)
	}
}

// packetRows appends one row per packet if the trial recorded them.
func packetRows(b *array.RecordBuilder, p *Point, trial int, o *outcome) {
	if o.dst == nil {
		return
	}
	k := len(o.dst)
	appendGrid(b, p, k)
	col := func(i int) *array.Int32Builder { return b.Field(i).(*array.Int32Builder) }
	tr, id, src, dst, via := col(g), col(g+1), col(g+2), col(g+3), col(g+4)
	rlen, arr, delay := col(g+5), col(g+6), col(g+7)
	mu := p.Routing().Mu
	for i := range k {
		tr.Append(int32(trial))
		id.Append(int32(i))
		src.Append(int32(i / mu))
		dst.Append(int32(o.dst[i]))
		if o.via != nil {
			via.Append(int32(o.via[i]))
		} else {
			via.AppendNull()
		}
		a, h := o.res.Arrival[i], o.res.PacketHops[i]
		rlen.Append(h)
		arr.Append(a)
		delay.Append(a - h)
	}
}

// loadRows appends one row per priority the router sends with
// (routers.Config.FirstPrio on).
func loadRows(b *array.RecordBuilder, pt *Point, trial int, o *outcome) {
	first := pt.Routing().FirstPrio()
	loads := o.res.PrioLoads[first:]
	appendGrid(b, pt, len(loads))
	nodes := float64(int64(1) << pt.Routing().N)
	for i, f := range loads {
		b.Field(g).(*array.Int32Builder).Append(int32(trial))
		b.Field(g + 1).(*array.Int32Builder).Append(int32(first + i))
		b.Field(g + 2).(*array.Int64Builder).Append(f)
		b.Field(g + 3).(*array.Float64Builder).Append(float64(f) / nodes)
	}
}

// nodeLoadRows appends one row per priority the router sends with and
// cube node v, if the trial writes them. disjoint's engine nodes are the
// butterfly nodes (l, v), v·n + l − 1: a cube node's row sums its n.
func nodeLoadRows(b *array.RecordBuilder, pt *Point, trial int, o *outcome) {
	if !o.nodeLoads {
		return
	}
	c := pt.Routing()
	first, nodes, cube := c.FirstPrio(), o.res.LoadNodes, 1<<c.N
	fold := nodes / cube // engine nodes per cube node
	loads := o.res.Loads[first*nodes:]
	rows := len(loads) / fold
	appendGrid(b, pt, rows)
	col := func(i int) *array.Int32Builder { return b.Field(i).(*array.Int32Builder) }
	tr, p, v, f := col(g), col(g+1), col(g+2), col(g+3)
	for i := range rows {
		var sum int32
		for _, x := range loads[i*fold : (i+1)*fold] {
			sum += x
		}
		tr.Append(int32(trial))
		p.Append(int32(first + i/cube))
		v.Append(int32(i % cube))
		f.Append(sum)
	}
}

func seqRows(b *array.RecordBuilder, p *Point, trial int, o *outcome) {
	appendGrid(b, p, 1)
	c := o.seq
	b.Field(g).(*array.Int32Builder).Append(int32(trial))
	b.Field(g + 1).(*array.Int32Builder).Append(int32(o.res.T))
	b.Field(g + 2).(*array.Int32Builder).Append(c.dLen)
	for i, v := range []int64{c.dLoad, c.xFixed, c.hFixed, c.xExtracted, c.hExtracted, c.upfalLoad, c.naiveLoad} {
		b.Field(g + 3 + i).(*array.Int64Builder).Append(v)
	}
}

// measureFields are the nullable columns of the routers' own measures.
// With names, only those, in that order.
func measureFields(names ...string) []arrow.Field {
	var fields []arrow.Field
	for _, m := range routers.Measures {
		t := arrowType[m.Type]
		if m.Type == routers.Int {
			t = arrow.PrimitiveTypes.Int64
		}
		if len(names) == 0 || slices.Contains(names, m.Name) {
			fields = append(fields, arrow.Field{Name: m.Name, Type: t, Nullable: true})
		}
	}
	return fields
}

// appendMeasure appends measure i of res to fb, null if not reported.
func appendMeasure(fb array.Builder, res *routers.Result, i int) {
	v, ok := res.Measured(i)
	if !ok {
		fb.AppendNull()
		return
	}
	switch fb := fb.(type) {
	case *array.Int64Builder:
		fb.Append(int64(v))
	case *array.Float64Builder:
		fb.Append(v)
	case *array.BooleanBuilder:
		fb.Append(v != 0)
	}
}

// g is the index of a table's first column after the grid's.
var g = len(gridFields)

// maxBatchRows bounds a record batch, and so a Parquet row group (a
// variable for tests).
var maxBatchRows = 1 << 20

// build returns the rows of table t for the jobs (trials at points),
// whose workers returned outs, as a rowWriter cuts them.
func build(t *Table, jobs []job, outs []any) (batches []arrow.RecordBatch, rows int64) {
	w := newRowWriter(t, func(rec arrow.RecordBatch) error {
		rec.Retain()
		batches = append(batches, rec)
		return nil
	})
	defer w.release()
	for i, j := range jobs {
		w.add(j.point, j.trial, outs[i])
	}
	w.flush()
	return batches, w.rows
}
