package dataset

import (
	_ "embed"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
)

// Field metadata keys of every documented column of a part file: what the
// column means and its unit, as SCHEMA.md states them.
const (
	FieldDescription = "description"
	FieldUnit        = "unit"
)

//go:embed SCHEMA.md
var schemaDoc string

// ColumnDoc is what SCHEMA.md says of a column.
type ColumnDoc struct {
	Description, Unit string
}

// columnDocs maps table → column → doc; table "" holds the grid columns,
// which every table of the routing experiments starts with.
var columnDocs = parseColumnDocs(schemaDoc)

// DocOf returns what SCHEMA.md says of column col of table, looking in the
// grid columns when the table's own section does not name it.
func DocOf(table, col string) (ColumnDoc, bool) {
	if d, ok := columnDocs[table][col]; ok {
		return d, true
	}
	d, ok := columnDocs[""][col]
	return d, ok
}

// documented returns schema with the description and unit of every column
// that SCHEMA.md documents for table added to its field metadata.
func documented(table string, schema *arrow.Schema) *arrow.Schema {
	if table == "" {
		return schema
	}
	fields := schema.Fields()
	for i, f := range fields {
		d, ok := DocOf(table, f.Name)
		if !ok {
			continue
		}
		keys, vals := f.Metadata.Keys(), f.Metadata.Values()
		keys = append(keys[:len(keys):len(keys)], FieldDescription)
		vals = append(vals[:len(vals):len(vals)], d.Description)
		if d.Unit != "" {
			keys, vals = append(keys, FieldUnit), append(vals, d.Unit)
		}
		fields[i].Metadata = arrow.NewMetadata(keys, vals)
	}
	md := schema.Metadata()
	return arrow.NewSchemaWithEndian(fields, &md, schema.Endianness())
}

// parseColumnDocs reads the column tables of SCHEMA.md: the section
// "Grid columns" and every section headed "## `table`", each a Markdown
// table with the columns "column", "Arrow type", an optional "unit" and
// "meaning".
func parseColumnDocs(doc string) map[string]map[string]ColumnDoc {
	out := make(map[string]map[string]ColumnDoc)
	table, inTable := "", false
	unit, meaning := -1, -1
	for line := range strings.Lines(doc) {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "## "):
			head := strings.TrimPrefix(line, "## ")
			table, inTable = "", false
			switch {
			case strings.HasPrefix(head, "Grid columns"):
				inTable = true
			case strings.HasPrefix(head, "`"):
				if end := strings.Index(head[1:], "`"); end > 0 {
					table, inTable = head[1:1+end], true
				}
			}
		case !inTable || !strings.HasPrefix(line, "|"):
		case strings.HasPrefix(line, "| column |"):
			unit, meaning = -1, -1
			for i, c := range cells(line) {
				switch c {
				case "unit":
					unit = i
				case "meaning":
					meaning = i
				}
			}
		default:
			c := cells(line)
			if meaning < 0 || len(c) <= meaning || !strings.HasPrefix(c[0], "`") {
				continue
			}
			d := ColumnDoc{Description: c[meaning]}
			if unit >= 0 {
				d.Unit = c[unit]
			}
			if out[table] == nil {
				out[table] = make(map[string]ColumnDoc)
			}
			out[table][strings.Trim(c[0], "`")] = d
		}
	}
	return out
}

// cells splits a Markdown table row into its trimmed cells (SCHEMA.md
// writes no "|" inside a cell).
func cells(row string) []string {
	parts := strings.Split(strings.Trim(row, "|"), "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}
