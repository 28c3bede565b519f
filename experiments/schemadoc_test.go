package experiments

import (
	"os"
	"strings"
	"testing"
)

// TestSchemaDocumentsTables checks that dataset/SCHEMA.md has a section for
// every table of Tables, with every column of its schema.
func TestSchemaDocumentsTables(t *testing.T) {
	b, err := os.ReadFile("../dataset/SCHEMA.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, name := range Tables {
		_, section, ok := strings.Cut(doc, "\n## `"+name+"`")
		if !ok {
			t.Errorf("dataset/SCHEMA.md has no section ## `%s`", name)
			continue
		}
		section, _, _ = strings.Cut(section, "\n## ")
		for _, f := range tables[name].schema.Fields()[len(gridFields):] {
			if !strings.Contains(section, "`"+f.Name+"`") {
				t.Errorf("dataset/SCHEMA.md, table %s: no column `%s`", name, f.Name)
			}
		}
	}
}
