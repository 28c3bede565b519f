package plots

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/delayseq"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/routers"
)

// table collects the rows of one Parquet table, column by column, in the
// layout the experiments runner writes.
type table struct {
	names []string
	cols  []any // []string, []int32, []int64, []uint64 or []float64
}

// add appends one row; values are given in column order.
func (tb *table) add(names []string, vals ...any) {
	if tb.names == nil {
		tb.names = names
		for _, v := range vals {
			switch v.(type) {
			case string:
				tb.cols = append(tb.cols, []string(nil))
			case int32:
				tb.cols = append(tb.cols, []int32(nil))
			case int64:
				tb.cols = append(tb.cols, []int64(nil))
			case uint64:
				tb.cols = append(tb.cols, []uint64(nil))
			case float64:
				tb.cols = append(tb.cols, []float64(nil))
			}
		}
	}
	for i, v := range vals {
		switch c := tb.cols[i].(type) {
		case []string:
			tb.cols[i] = append(c, v.(string))
		case []int32:
			tb.cols[i] = append(c, v.(int32))
		case []int64:
			tb.cols[i] = append(c, v.(int64))
		case []uint64:
			tb.cols[i] = append(c, v.(uint64))
		case []float64:
			tb.cols[i] = append(c, v.(float64))
		}
	}
}

// write writes the table to DIR/experiment/name/n=<n>/part-0-of-1.parquet.
func (tb *table) write(t *testing.T, dir, experiment, name string, n int) {
	t.Helper()
	mem := memory.DefaultAllocator
	var fields []arrow.Field
	var arrs []arrow.Array
	for i, col := range tb.cols {
		var a arrow.Array
		switch c := col.(type) {
		case []string:
			b := array.NewStringBuilder(mem)
			b.AppendValues(c, nil)
			a = b.NewArray()
		case []int32:
			b := array.NewInt32Builder(mem)
			b.AppendValues(c, nil)
			a = b.NewArray()
		case []int64:
			b := array.NewInt64Builder(mem)
			b.AppendValues(c, nil)
			a = b.NewArray()
		case []uint64:
			b := array.NewUint64Builder(mem)
			b.AppendValues(c, nil)
			a = b.NewArray()
		case []float64:
			b := array.NewFloat64Builder(mem)
			b.AppendValues(c, nil)
			a = b.NewArray()
		}
		fields = append(fields, arrow.Field{Name: tb.names[i], Type: a.DataType()})
		arrs = append(arrs, a)
	}
	schema := arrow.NewSchema(fields, nil)
	rec := array.NewRecordBatch(schema, arrs, int64(arrs[0].Len()))
	p := dataset.Part{Dir: dir, Experiment: experiment, Table: name,
		Keys: []dataset.KV{{Key: "n", Value: fmt.Sprint(n)}}, Shard: dataset.ShardName(0, 1)}
	if err := dataset.WritePartition(p.Path(), p.Keys, schema, []arrow.RecordBatch{rec}, nil); err != nil {
		t.Fatal(err)
	}
}

// gridNames are the first columns of every table, as the runner writes them.
var gridNames = []string{"router", "port", "queue", "pattern", "n", "mu", "trial"}

// simulate runs trials of cfg and calls row with each result.
func simulate(t *testing.T, cfg routers.Config, trials int, row func(trial int, seed uint64, res *engine.Result)) {
	t.Helper()
	var s routers.Sim
	for i := range trials {
		seed := uint64(1000*cfg.N + i)
		res, err := s.Trial(cfg, rand.New(rand.NewPCG(seed, uint64(cfg.Mu))))
		if err != nil {
			t.Fatal(err)
		}
		row(i, seed, &res.Result)
	}
}

// gridValues are the grid columns of one row.
func gridValues(cfg routers.Config, trial int) []any {
	return []any{cfg.Router, cfg.Port.String(), cfg.Queue.String(), cfg.Pattern, int32(cfg.N), int32(cfg.Mu), int32(trial)}
}

// trialsTable writes the trials table of experiment for the configurations,
// grouped by n.
func trialsTable(t *testing.T, dir, experiment string, cfgs []routers.Config, trials int) {
	t.Helper()
	byN := map[int]*table{}
	names := append(gridNames[:len(gridNames):len(gridNames)], "seed", "T", "hops", "max_queue")
	for _, cfg := range cfgs {
		tb := byN[cfg.N]
		if tb == nil {
			tb = &table{}
			byN[cfg.N] = tb
		}
		simulate(t, cfg, trials, func(i int, seed uint64, res *engine.Result) {
			tb.add(names, append(gridValues(cfg, i), seed, int32(res.T), res.Hops, int32(res.MaxQueue))...)
		})
	}
	for n, tb := range byN {
		tb.write(t, dir, experiment, "trials", n)
	}
}

// writeDataset writes a small run of every experiment the figures read to
// dir, simulated with the routers package and written with
// dataset.WritePartition in the runner's layout (n only in the directory
// names).
func writeDataset(t *testing.T, dir string) {
	t.Helper()
	valiant := routers.Config{Router: "valiant", Pattern: "random", Mu: 1}
	with := func(c routers.Config, f func(*routers.Config)) routers.Config { f(&c); return c }

	var cfgs []routers.Config
	for _, n := range []int{4, 5, 6} {
		for _, port := range []routers.Port{routers.SinglePort, routers.AllPort} {
			cfgs = append(cfgs, with(valiant, func(c *routers.Config) { c.N, c.Port = n, port }))
		}
	}
	trialsTable(t, dir, "valiant-tail", cfgs, 80)

	cfgs = nil
	for _, n := range []int{4, 6} {
		for _, r := range []string{"ecube", "valiant", "bitonic"} {
			for _, pat := range []string{"random", "transpose", "bitrev"} {
				cfgs = append(cfgs, with(valiant, func(c *routers.Config) { c.N, c.Router, c.Pattern = n, r, pat }))
			}
		}
		// Left out by the figure, with a note.
		cfgs = append(cfgs, with(valiant, func(c *routers.Config) { c.N, c.Port = n, routers.AllPort }))
	}
	trialsTable(t, dir, "routing-compare", cfgs, 10)

	cfgs = nil
	for _, n := range []int{4, 6} {
		for _, q := range []engine.Discipline{engine.Priority, engine.FIFO, engine.Random, engine.Farthest} {
			for _, port := range []routers.Port{routers.SinglePort, routers.AllPort} {
				cfgs = append(cfgs, with(valiant, func(c *routers.Config) { c.N, c.Queue, c.Port = n, q, port }))
			}
		}
	}
	trialsTable(t, dir, "queue-disciplines", cfgs, 20)

	cfgs = nil
	for _, n := range []int{4, 6} {
		for _, mu := range []int{1, 2, 4} {
			for _, port := range []routers.Port{routers.SinglePort, routers.AllPort} {
				cfgs = append(cfgs, with(valiant, func(c *routers.Config) { c.N, c.Mu, c.Port = n, mu, port }))
			}
		}
	}
	trialsTable(t, dir, "relations", cfgs, 15)

	loads := &table{}
	loadNames := append(gridNames[:len(gridNames):len(gridNames)], "p", "f_sum", "f_mean")
	for _, pat := range []string{"random", "transpose"} {
		cfg := with(valiant, func(c *routers.Config) { c.N, c.Pattern = 5, pat })
		simulate(t, cfg, 40, func(i int, _ uint64, res *engine.Result) {
			for p := 1; p < len(res.PrioLoads); p++ {
				f := res.PrioLoads[p]
				loads.add(loadNames, append(gridValues(cfg, i), int32(p), f, float64(f)/32)...)
			}
		})
	}
	loads.write(t, dir, "priority-load", "loads", 5)

	seqNames := append(gridNames[:len(gridNames):len(gridNames)], "seed", "T", "d_len", "d_load", "x_fixed", "h_fixed", "x_extracted", "h_extracted")
	for _, n := range []int{4, 6} {
		seqs := &table{}
		cfg := with(valiant, func(c *routers.Config) { c.N, c.Record = n, engine.Record{Loads: true, Trace: true} })
		fixed := delayseq.Canonical(n)
		simulate(t, cfg, 200, func(i int, seed uint64, res *engine.Result) {
			d, err := delayseq.Critical(res, n)
			if err != nil {
				t.Fatal(err)
			}
			xf, hf := delayseq.SumXH(res, fixed)
			xe, he := delayseq.SumXH(res, d)
			seqs.add(seqNames, append(gridValues(cfg, i), seed, int32(res.T), int32(len(d)), d.Load(res), xf, hf, xe, he)...)
		})
		seqs.write(t, dir, "delay-sequences", "delayseq", n)
	}
	runSpecs(t, dir, chapterIISpecs...)
	runSpecs(t, dir, faultyValiantSpec)
}
