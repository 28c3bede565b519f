package dataset

import (
	_ "embed"
	"strings"
)

// schemaDoc is SCHEMA.md, the documentation of every table and column.
//
//go:embed SCHEMA.md
var schemaDoc string

// ColumnUnit returns the unit SCHEMA.md gives the column of table, such
// as "steps" for T, or "" if it gives none.
func ColumnUnit(table, column string) string {
	_, section, ok := strings.Cut(schemaDoc, "\n## `"+table+"`")
	if !ok {
		return ""
	}
	section, _, _ = strings.Cut(section, "\n## ")
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		// | `column` | Arrow type | unit | meaning |
		if len(cells) >= 6 && strings.TrimSpace(cells[1]) == "`"+column+"`" {
			return strings.TrimSpace(cells[3])
		}
	}
	return ""
}
