package experiments

import (
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/routers"
)

// piecesParam is router disjoint's parameter pieces, of which the messages
// table records how many pieces rebuild a message.
var piecesParam, _ = routers.LookupParam("pieces")

// messageRows appends one row per message (μ = 1: per source) if the trial
// recorded its packets: for a router that sends copies the copies that
// reached the intermediate and the destination, for a single-copy router
// whether its packet arrived.
func messageRows(b *array.RecordBuilder, p *Point, trial int, o *outcome) {
	if o.dst == nil {
		return
	}
	k := len(o.dst)
	appendGrid(b, p, k)
	col := func(i int) *array.Int32Builder { return b.Field(i).(*array.Int32Builder) }
	tr, msg, dst, via, atVia, atDst := col(g), col(g+1), col(g+2), col(g+3), col(g+4), col(g+5)
	delivered := b.Field(g + 6).(*array.BooleanBuilder)
	pieces := int32(piecesParam.Num(p.Routing()))
	for i := range k {
		tr.Append(int32(trial))
		msg.Append(int32(i))
		dst.Append(int32(o.dst[i]))
		if o.via != nil {
			via.Append(int32(o.via[i]))
		} else {
			via.AppendNull()
		}
		if c := o.res.Copies; c != nil {
			atVia.Append(int32(c[i].AtVia))
			atDst.Append(int32(c[i].AtDst))
			delivered.Append(int32(c[i].AtVia) >= pieces && int32(c[i].AtDst) >= pieces)
			continue
		}
		arrived := o.res.Arrival[i] >= 0
		atVia.AppendNull()
		atDst.Append(int32(btoi(arrived)))
		delivered.Append(arrived)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// loadCounts returns, per priority p, how many nodes w have f(p, w) = f,
// by f, from a run recorded with Loads. (Spec.outcome drops the f(p,v)
// table from res once no table needs it: nodeloads may.)
func loadCounts(res *engine.Result) [][]int64 {
	prios := len(res.Loads) / max(res.LoadNodes, 1)
	counts := make([][]int64, prios)
	for p := range counts {
		for _, f := range res.Loads[p*res.LoadNodes : (p+1)*res.LoadNodes] {
			for len(counts[p]) <= int(f) {
				counts[p] = append(counts[p], 0)
			}
			counts[p][f]++
		}
	}
	return counts
}

// loadCountRows appends one row per priority p and load f that some node
// has: the number of nodes w with f(p, w) = f.
func loadCountRows(b *array.RecordBuilder, pt *Point, trial int, o *outcome) {
	rows := 0
	for _, c := range o.loads {
		for _, nodes := range c {
			if nodes > 0 {
				rows++
			}
		}
	}
	appendGrid(b, pt, rows)
	col := func(i int) *array.Int32Builder { return b.Field(i).(*array.Int32Builder) }
	tr, prio, load := col(g), col(g+1), col(g+2)
	count := b.Field(g + 3).(*array.Int64Builder)
	for p, c := range o.loads {
		for f, nodes := range c {
			if nodes > 0 {
				tr.Append(int32(trial))
				prio.Append(int32(p))
				load.Append(int32(f))
				count.Append(nodes)
			}
		}
	}
}
