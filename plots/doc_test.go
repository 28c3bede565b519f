package plots

import (
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// TestDocListsFigures checks that the package doc names every function of
// Figures, in the order of Figures.
func TestDocListsFigures(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	at := 0
	for _, f := range Figures {
		name := runtime.FuncForPC(reflect.ValueOf(f.Draw).Pointer()).Name()
		name = name[strings.LastIndex(name, ".")+1:]
		i := strings.Index(string(doc[at:]), name)
		if i < 0 {
			t.Errorf("doc.go does not name %s (figure %s) after the figures before it", name, f.Name)
			continue
		}
		at += i + len(name)
	}
}
