package experiments

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/routers"
)

// outcome is what one trial leaves for the tables.
type outcome struct {
	seed uint64
	res  *engine.Result
	// The request's destinations and Valiant's intermediates, kept when
	// the trial records the packets table.
	dst, via []uint32
	seq      *seqCounts // for the delayseq table
}

// table is the Arrow schema of an output table and how one trial becomes
// its rows. results/SCHEMA.md documents the columns.
type table struct {
	schema *arrow.Schema
	// rows appends the rows of one trial of point p to b.
	rows func(b *array.RecordBuilder, p *Point, trial int, o *outcome)
}

// gridFields are the first columns of every table: the point's values.
var gridFields = []arrow.Field{
	{Name: "router", Type: arrow.BinaryTypes.String},
	{Name: "port", Type: arrow.BinaryTypes.String},
	{Name: "queue", Type: arrow.BinaryTypes.String},
	{Name: "pattern", Type: arrow.BinaryTypes.String},
	{Name: "n", Type: arrow.PrimitiveTypes.Int32},
	{Name: "mu", Type: arrow.PrimitiveTypes.Int32},
}

func schema(fields ...arrow.Field) *arrow.Schema {
	return arrow.NewSchema(append(append([]arrow.Field{}, gridFields...), fields...), nil)
}

func i32(name string) arrow.Field { return arrow.Field{Name: name, Type: arrow.PrimitiveTypes.Int32} }
func i64(name string) arrow.Field { return arrow.Field{Name: name, Type: arrow.PrimitiveTypes.Int64} }

var tables = map[string]table{
	TableTrials: {
		schema: schema(i32("trial"),
			arrow.Field{Name: "seed", Type: arrow.PrimitiveTypes.Uint64},
			i32("T"),
			arrow.Field{Name: "hops", Type: arrow.PrimitiveTypes.Int64},
			arrow.Field{Name: "max_queue", Type: arrow.PrimitiveTypes.Int32, Nullable: true}),
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
	TableDelaySeq: {
		schema: schema(i32("trial"), i32("T"), i32("d_len"), i64("d_load"),
			i64("x_fixed"), i64("h_fixed"), i64("x_extracted"), i64("h_extracted")),
		rows: seqRows,
	},
}

// appendGrid appends the point's values to the first columns, k times.
func appendGrid(b *array.RecordBuilder, p *Point, k int) {
	c := p.Config
	for i, s := range []string{c.Router, c.Port.String(), c.Queue.String(), c.Pattern} {
		sb := b.Field(i).(*array.StringBuilder)
		for range k {
			sb.Append(s)
		}
	}
	for i, v := range []int{c.N, c.Mu} {
		ib := b.Field(4 + i).(*array.Int32Builder)
		for range k {
			ib.Append(int32(v))
		}
	}
}

func trialRows(b *array.RecordBuilder, p *Point, trial int, o *outcome) {
	appendGrid(b, p, 1)
	b.Field(6).(*array.Int32Builder).Append(int32(trial))
	b.Field(7).(*array.Uint64Builder).Append(o.seed)
	b.Field(8).(*array.Int32Builder).Append(int32(o.res.T))
	b.Field(9).(*array.Int64Builder).Append(o.res.Hops)
	if mq := b.Field(10).(*array.Int32Builder); o.res.MaxQueue == routers.NoQueue {
		mq.AppendNull()
	} else {
		mq.Append(int32(o.res.MaxQueue))
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
	tr, id, src, dst, via := col(6), col(7), col(8), col(9), col(10)
	rlen, arr, delay := col(11), col(12), col(13)
	mu := p.Config.Mu
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

// loadRows appends one row per priority p ≥ 1.
func loadRows(b *array.RecordBuilder, pt *Point, trial int, o *outcome) {
	loads := o.res.PrioLoads[1:]
	appendGrid(b, pt, len(loads))
	nodes := float64(int64(1) << pt.Config.N)
	for i, f := range loads {
		b.Field(6).(*array.Int32Builder).Append(int32(trial))
		b.Field(7).(*array.Int32Builder).Append(int32(i + 1))
		b.Field(8).(*array.Int64Builder).Append(f)
		b.Field(9).(*array.Float64Builder).Append(float64(f) / nodes)
	}
}

func seqRows(b *array.RecordBuilder, p *Point, trial int, o *outcome) {
	appendGrid(b, p, 1)
	c := o.seq
	b.Field(6).(*array.Int32Builder).Append(int32(trial))
	b.Field(7).(*array.Int32Builder).Append(int32(o.res.T))
	b.Field(8).(*array.Int32Builder).Append(c.dLen)
	for i, v := range []int64{c.dLoad, c.xFixed, c.hFixed, c.xExtracted, c.hExtracted} {
		b.Field(9 + i).(*array.Int64Builder).Append(v)
	}
}

// maxBatchRows bounds a record batch, and so a Parquet row group.
const maxBatchRows = 1 << 20

// build returns the rows of table t for the trials of unit u: outs holds per
// outcomes per point, in point order, then trial order, for trials
// sh.Trial(0), sh.Trial(1), …. A batch is cut after the trial that brings
// it to maxBatchRows rows, so the batches depend on the rows only.
func build(t table, u Unit, sh Shard, per int, outs []outcome) (batches []arrow.RecordBatch, rows int64) {
	b := array.NewRecordBuilder(memory.DefaultAllocator, t.schema)
	defer b.Release()
	flush := func() {
		n := b.Field(0).Len()
		if n > 0 {
			batches = append(batches, b.NewRecordBatch())
			rows += int64(n)
		}
	}
	for i := range u.Points {
		for j := range per {
			t.rows(b, &u.Points[i], sh.Trial(j), &outs[i*per+j])
			if b.Field(0).Len() >= maxBatchRows {
				flush()
			}
		}
	}
	flush()
	return batches, rows
}
