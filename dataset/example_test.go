package dataset_test

import (
	"fmt"
	"log"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/hyperroute/hyperroute/dataset"
)

func Example() {
	dir, err := os.MkdirTemp("", "results")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	schema := arrow.NewSchema([]arrow.Field{{Name: "delay", Type: arrow.PrimitiveTypes.Int64}}, nil)
	m := dataset.Manifest{Experiment: "ecube", MasterSeed: 1, Shards: 1}
	for _, n := range []string{"4", "8"} {
		b := array.NewInt64Builder(memory.DefaultAllocator)
		b.AppendValues([]int64{1, 2, 3}, nil)
		col := b.NewArray()
		rec := array.NewRecordBatch(schema, []arrow.Array{col}, 3)

		p := dataset.Part{Dir: dir, Experiment: "ecube", Table: "delays",
			Keys: []dataset.KV{{Key: "n", Value: n}}, Shard: dataset.ShardName(0, 1)}
		if !dataset.Complete(p.Path()) {
			err := dataset.WriteParquet(p.Path(), schema, []arrow.RecordBatch{rec}, m.FileMeta(p.Table, p.Shard, rec.NumRows()))
			if err != nil {
				log.Fatal(err)
			}
		}
	}

	files, err := dataset.Scan(dir, "ecube")
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range files {
		fmt.Println(f.Path, f.Rows)
	}
	m.Tables = dataset.Summarize(files)
	if err := dataset.WriteManifest(dir, "ecube", m); err != nil {
		log.Fatal(err)
	}

	tbl, err := dataset.ReadDataset(dir, "ecube", "delays")
	if err != nil {
		log.Fatal(err)
	}
	defer tbl.Release()
	fmt.Println(tbl.Schema().Field(1), tbl.NumRows())
	// Output:
	// delays/n=4/part-0-of-1.parquet 3
	// delays/n=8/part-0-of-1.parquet 3
	// n: type=int64 6
}
