package dataset

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/arrow/scalar"
)

// PartitionColumn describes a column that WritePartition left out of a part
// file because its value is that of a hive partition key; an entry of the
// JSON list stored under MetaPartitionColumns.
type PartitionColumn struct {
	Name string `json:"name"`
	// Type is the Arrow type, as DataType.String names it: "int32",
	// "utf8", … (see WritePartition for the types allowed).
	Type string `json:"type"`
	// Index is the column's position in the table as written, 0-based.
	Index    int  `json:"index"`
	Nullable bool `json:"nullable,omitempty"`
}

// partitionTypes are the Arrow types a partition column may have: those
// whose values a directory name spells exactly.
var partitionTypes = func() map[string]arrow.DataType {
	m := make(map[string]arrow.DataType)
	for _, t := range []arrow.DataType{
		arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int16, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64,
		arrow.PrimitiveTypes.Uint8, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Uint32, arrow.PrimitiveTypes.Uint64,
		arrow.BinaryTypes.String, arrow.FixedWidthTypes.Boolean,
	} {
		m[t.String()] = t
	}
	return m
}()

// fieldIDMeta is the field metadata pqarrow gives a column read from a
// file that assigns no Parquet field ids; restored partition columns get it
// too, so that they look like the columns around them.
var fieldIDMeta = arrow.NewMetadata([]string{"PARQUET:field_id"}, []string{"-1"})

// WritePartition writes recs, all of the given schema, as the part file of
// the hive partition keys (outermost first; path is normally Part.Path of
// the same keys), following the hive convention of Spark and
// pyarrow.dataset.write_dataset: a column named by a key is left out of the
// file, its value being in the directory names. Such a column must be of an
// integer, utf8 or bool type and hold the key's value, exactly as spelt, in
// every row. Keys that name no column are only recorded.
//
// The file's metadata records the partition so that a file copied out of
// its directory still says which one it is: MetaPartition holds the keys as
// a relative directory path ("n=8/router=valiant", escaped as by Part.Path)
// and MetaPartitionColumns the columns left out (a JSON list of
// PartitionColumn), from which ReadFile and ReadDataset put them back with
// their types and positions. Both are set here, replacing any in meta or in
// the schema's metadata. Without keys (an unpartitioned table) the file
// holds every column, as WriteParquet writes it, and neither key.
func WritePartition(path string, keys []KV, schema *arrow.Schema, recs []arrow.RecordBatch, meta map[string]string) error {
	w, err := CreatePart(path, keys, schema)
	if err != nil {
		return err
	}
	for _, rec := range recs {
		if err := w.Write(rec); err != nil {
			return err
		}
	}
	return w.Close(meta)
}

// constant fails unless every value of a is the non-null value spelt v.
func constant(a arrow.Array, v string) error {
	if a.NullN() > 0 {
		return fmt.Errorf("%d nulls", a.NullN())
	}
	if s, ok := a.(*array.String); ok {
		for i := range s.Len() {
			if s.Value(i) != v {
				return fmt.Errorf("row %d holds %q, the partition %q", i, s.Value(i), v)
			}
		}
		return nil
	}
	for i := range a.Len() {
		if got := a.ValueStr(i); got != v {
			return fmt.Errorf("row %d holds %s, the partition %q", i, got, v)
		}
	}
	return nil
}

// partitionPath returns the keys as a relative hive directory path.
func partitionPath(keys []KV) string {
	segs := make([]string, len(keys))
	for i, kv := range keys {
		segs[i] = escape(kv.Key) + "=" + escape(kv.Value)
	}
	return strings.Join(segs, "/")
}

// parsePartition parses a relative hive directory path made by
// partitionPath.
func parsePartition(s string) ([]KV, error) {
	var keys []KV
	for _, seg := range strings.Split(s, "/") {
		kv, err := parseKV(seg)
		if err != nil {
			return nil, err
		}
		keys = append(keys, kv)
	}
	return keys, nil
}

// Partition returns the partition keys that a part file's key/value
// metadata records (MetaPartition), outermost first; nil if it records
// none, as for an unpartitioned table or a file not written by
// WritePartition.
func Partition(meta map[string]string) ([]KV, error) {
	s, ok := meta[MetaPartition]
	if !ok {
		return nil, nil
	}
	keys, err := parsePartition(s)
	if err != nil {
		return nil, fmt.Errorf("dataset: %s: %w", MetaPartition, err)
	}
	return keys, nil
}

// restorePartition returns tbl, read from a file of rows rows with key/value
// metadata meta, with the columns that WritePartition left out put back at
// their positions, each holding its partition value. tbl is returned as is
// if meta lists no such columns.
func restorePartition(tbl arrow.Table, rows int64, meta map[string]string) (arrow.Table, error) {
	restored, err := restoredColumns(meta, tbl.Schema().Fields())
	if err != nil || restored == nil {
		if err == nil {
			tbl.Retain()
		}
		return tbl, err
	}
	fields := slices.Clone(tbl.Schema().Fields())
	arrCols := make([]arrow.Column, len(fields))
	for i := range arrCols {
		arrCols[i] = *tbl.Column(i)
		arrCols[i].Retain()
	}
	defer func() {
		for i := range arrCols {
			arrCols[i].Release()
		}
	}()
	// Chunk the restored columns like the file's first column.
	var lengths []int
	if len(arrCols) > 0 {
		for _, c := range arrCols[0].Data().Chunks() {
			lengths = append(lengths, c.Len())
		}
	} else {
		lengths = []int{int(rows)}
	}
	for _, c := range restored {
		col, err := constantColumn(c.Field.Type, c.Value, lengths)
		if err != nil {
			return nil, fmt.Errorf("partition %s=%q: %w", c.Field.Name, c.Value, err)
		}
		fields = slices.Insert(fields, c.Index, c.Field)
		ch := arrow.NewChunked(c.Field.Type, col)
		for _, a := range col {
			a.Release()
		}
		arrCols = slices.Insert(arrCols, c.Index, *arrow.NewColumn(c.Field, ch))
		ch.Release()
	}
	md := tbl.Schema().Metadata()
	schema := arrow.NewSchemaWithEndian(fields, &md, tbl.Schema().Endianness())
	return array.NewTable(schema, arrCols, tbl.NumRows()), nil
}

// restored is a column that WritePartition left out of a file: its field,
// its position in the table as written and its value as spelt.
type restored struct {
	Field arrow.Field
	Index int
	Value string
}

// restoredColumns returns the columns that the file of key/value metadata
// meta and columns fields left out, in the order of their positions; nil
// if meta lists none.
func restoredColumns(meta map[string]string, fields []arrow.Field) ([]restored, error) {
	spec, ok := meta[MetaPartitionColumns]
	if !ok {
		return nil, nil
	}
	var cols []PartitionColumn
	if err := json.Unmarshal([]byte(spec), &cols); err != nil {
		return nil, fmt.Errorf("%s: %w", MetaPartitionColumns, err)
	}
	keys, err := Partition(meta)
	if err != nil {
		return nil, err
	}
	values := make(map[string]string, len(keys))
	for _, kv := range keys {
		values[kv.Key] = kv.Value
	}
	slices.SortFunc(cols, func(a, b PartitionColumn) int { return a.Index - b.Index })
	out := make([]restored, 0, len(cols))
	for i, c := range cols {
		typ := partitionTypes[c.Type]
		v, ok := values[c.Name]
		switch {
		case typ == nil:
			return nil, fmt.Errorf("%s: column %q of unsupported type %q", MetaPartitionColumns, c.Name, c.Type)
		case !ok:
			return nil, fmt.Errorf("%s: column %q is not a key of %s %q", MetaPartitionColumns, c.Name, MetaPartition, meta[MetaPartition])
		case c.Index < 0 || c.Index > len(fields)+i:
			return nil, fmt.Errorf("%s: column %q at index %d of %d", MetaPartitionColumns, c.Name, c.Index, len(fields)+i)
		case slices.ContainsFunc(fields, func(f arrow.Field) bool { return f.Name == c.Name }) ||
			slices.ContainsFunc(out, func(r restored) bool { return r.Field.Name == c.Name }):
			return nil, fmt.Errorf("%s: column %q is also in the file", MetaPartitionColumns, c.Name)
		}
		out = append(out, restored{arrow.Field{Name: c.Name, Type: typ, Nullable: c.Nullable, Metadata: fieldIDMeta}, c.Index, v})
	}
	return out, nil
}

// constantColumn returns chunks of the given lengths holding the value
// spelt v of type typ.
func constantColumn(typ arrow.DataType, v string, lengths []int) ([]arrow.Array, error) {
	var sc scalar.Scalar
	switch typ.ID() {
	case arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64:
		width := typ.(arrow.FixedWidthDataType).BitWidth()
		x, err := strconv.ParseInt(v, 10, width)
		if err != nil || strconv.FormatInt(x, 10) != v {
			return nil, fmt.Errorf("not a %s", typ)
		}
		if sc, err = scalar.MakeIntegerScalar(x, width); err != nil {
			return nil, err
		}
	case arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64:
		width := typ.(arrow.FixedWidthDataType).BitWidth()
		x, err := strconv.ParseUint(v, 10, width)
		if err != nil || strconv.FormatUint(x, 10) != v {
			return nil, fmt.Errorf("not a %s", typ)
		}
		if sc, err = scalar.MakeUnsignedIntegerScalar(x, width); err != nil {
			return nil, err
		}
	case arrow.BOOL:
		x, err := strconv.ParseBool(v)
		if err != nil || strconv.FormatBool(x) != v {
			return nil, fmt.Errorf("not a %s", typ)
		}
		sc = scalar.NewBooleanScalar(x)
	case arrow.STRING:
		sc = scalar.NewStringScalar(v)
	default:
		return nil, fmt.Errorf("unsupported type %s", typ)
	}
	total := 0
	for _, n := range lengths {
		total += n
	}
	all, err := scalar.MakeArrayFromScalar(sc, total, memory.DefaultAllocator)
	if err != nil {
		return nil, err
	}
	defer all.Release()
	chunks := make([]arrow.Array, len(lengths))
	off := 0
	for i, n := range lengths {
		chunks[i] = array.NewSlice(all, int64(off), int64(off+n))
		off += n
	}
	return chunks, nil
}
