package experiments

import (
	"os"
	"strings"
	"testing"
)

// TestSchemaDocumentsTables checks that results/SCHEMA.md has a section for
// every table of Tables, with every column of its schema.
func TestSchemaDocumentsTables(t *testing.T) {
	b, err := os.ReadFile("../results/SCHEMA.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, name := range Tables {
		_, section, ok := strings.Cut(doc, "\n## `"+name+"`")
		if !ok {
			t.Errorf("results/SCHEMA.md has no section ## `%s`", name)
			continue
		}
		section, _, _ = strings.Cut(section, "\n## ")
		for _, f := range tables[name].schema.Fields()[len(gridFields):] {
			if !strings.Contains(section, "`"+f.Name+"`") {
				t.Errorf("results/SCHEMA.md, table %s: no column `%s`", name, f.Name)
			}
		}
	}
}
