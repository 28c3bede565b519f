package summary

import (
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/hyperroute/hyperroute/dataset"
)

// runTable is an empty table whose metadata says a run wrote it: its
// experiment, spec, seed, trials first … first+9 and build.
func runTable(first, build string) arrow.Table {
	md := arrow.NewMetadata(
		[]string{dataset.MetaExperiment, dataset.MetaSpecSHA256, dataset.MetaMasterSeed, dataset.MetaTrials, dataset.MetaFirstTrial, dataset.MetaBuild},
		[]string{"e", "abc", "1", "10", first, build})
	schema := arrow.NewSchema([]arrow.Field{{Name: "T", Type: arrow.PrimitiveTypes.Int32}}, &md)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	rec := b.NewRecordBatch()
	defer rec.Release()
	return array.NewTableFromRecords(schema, []arrow.RecordBatch{rec})
}

// TestCheckPoolBuilds: a run and its extension pool if one build of the
// harness wrote both, and are refused, with a line saying so, if two did:
// a build that changed a default writes other rows for the same spec.
func TestCheckPoolBuilds(t *testing.T) {
	names := []string{"a/e", "b/e"}
	if err := CheckPool(names, []arrow.Table{runTable("0", "f00d"), runTable("10", "f00d")}); err != nil {
		t.Errorf("one build: %v", err)
	}
	err := CheckPool(names, []arrow.Table{runTable("0", "f00d"), runTable("10", "beef")})
	if err == nil || !strings.Contains(err.Error(), "different builds of the harness") {
		t.Errorf("two builds: %v", err)
	}
	if err := CheckPool(names, []arrow.Table{runTable("0", "f00d"), runTable("5", "f00d")}); err == nil || !strings.Contains(err.Error(), "overlap") {
		t.Errorf("overlapping trials: %v", err)
	}
}
