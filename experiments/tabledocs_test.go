package experiments

import "testing"

// TestTableDocs: every table has one line of TableDocs, in the order of
// Tables.
func TestTableDocs(t *testing.T) {
	if len(TableDocs) != len(Tables) {
		t.Fatalf("%d lines for %d tables", len(TableDocs), len(Tables))
	}
	for i, d := range TableDocs {
		if d[0] != Tables[i] || d[1] == "" {
			t.Errorf("line %d: %q, want table %s with a description", i, d, Tables[i])
		}
	}
}
