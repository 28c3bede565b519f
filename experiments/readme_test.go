package experiments

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/routers"
)

// TestREADMEListsRegistry checks what experiments/README.md lists against
// the harness: the specs with their descriptions, the routers a grid
// takes and the tables a spec records.
func TestREADMEListsRegistry(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	want := make(map[string]string)
	for _, name := range Names() {
		s, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		want[name] = s.Description
	}
	got := make(map[string]string)
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z0-9-]+)` \\| ([^|]*) \\|$").FindAllStringSubmatch(doc, -1) {
		got[m[1]] = m[2]
	}
	for name, d := range want {
		if got[name] != d {
			t.Errorf("README.md, The specs: %s is %q, want the spec's description %q", name, got[name], d)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("README.md, The specs: %s is no spec", name)
		}
	}
	line := func(prefix string) []string {
		_, rest, ok := strings.Cut(doc, prefix)
		if !ok {
			t.Fatalf("README.md has no line %q", prefix)
		}
		rest, _, _ = strings.Cut(rest, "\n")
		return strings.Split(rest, ", ")
	}
	if got := line("router: valiant                # required; "); !slices.Equal(got, routers.Names()) {
		t.Errorf("README.md lists the routers %q, want %q", got, routers.Names())
	}
	// tables: [trials, packets]        # default [trials]; also …
	if got := line("# default [trials]; also "); !slices.Equal(append([]string{TableTrials, TablePackets}, got...), Tables) {
		t.Errorf("README.md lists the tables trials, packets, %q, want %q", got, Tables)
	}
}

// TestNotebooksREADME checks that notebooks/README.md's table lists every
// notebook, each with experiments that exist.
func TestNotebooksREADME(t *testing.T) {
	b, err := os.ReadFile("../notebooks/README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := regexp.MustCompile("(?m)^\\| `([0-9a-z-]+\\.ipynb)` \\| ([^|]*) \\|").FindAllStringSubmatch(string(b), -1)
	var listed []string
	specs := Names()
	for _, r := range rows {
		listed = append(listed, r[1])
		for _, m := range regexp.MustCompile("`([a-z-]+)`").FindAllStringSubmatch(strings.Split(r[2], "(")[0], -1) {
			if !slices.Contains(specs, m[1]) {
				t.Errorf("notebooks/README.md: %s reads %q, which is no experiment", r[1], m[1])
			}
		}
	}
	files, err := filepath.Glob("../notebooks/*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, f := range files {
		want = append(want, filepath.Base(f))
	}
	if !slices.Equal(listed, want) {
		t.Errorf("notebooks/README.md lists %q, the notebooks are %q", listed, want)
	}
}
