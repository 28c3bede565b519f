package main

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/experiments"
)

// FuzzParseSpec checks that Parse either fails with an error that names the
// file and line, in which case validate and run fail with one error line
// and write nothing, or returns a spec whose grid, in every profile,
// expands to valid points grouped into units.
func FuzzParseSpec(f *testing.F) {
	for _, name := range experiments.Names() {
		s, err := experiments.Lookup(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add([]byte(s.Text))
	}
	for _, text := range []string{smallSpec, killSpec,
		strings.Replace(smallSpec, "[ecube, valiant]", "[bitonic, valiant]\n  mu: [1, 2]", 1) + "skip_invalid: true\n",
		strings.Replace(smallSpec, "n: [3, 4, 5]", "n: {from: 3, to: 31}", 1),
		"name: x\ngrid: {n: 4, router: ecube}\ntrials: 1\nseed: 0\npartition: []\n",
		"name: x\ngrid: &g {n: 4, router: ecube}\ntrials: 1\nseed: 0\nprofiles: {p: {grid: *g}}\n",
		"name: x\ngrid:\n  ? |\n    n\n    m\n  : 4\n", "{", "- a\n", ""} {
		f.Add([]byte(text))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		s, err := experiments.Parse("fuzz.yaml", text)
		if err == nil {
			checkSpec(t, s)
			for _, name := range slices.Sorted(maps.Keys(s.Profiles)) {
				p, err := s.WithProfile(name)
				if err != nil {
					t.Fatalf("Parse succeeded, profile %s fails: %v", name, err)
				}
				checkSpec(t, p)
			}
			return
		}
		var se *experiments.SpecError
		if !errors.As(err, &se) || se.File != "fuzz.yaml" || !strings.HasPrefix(err.Error(), "fuzz.yaml:") {
			t.Fatalf("error %q does not name the file", err)
		}
		dir := t.TempDir()
		spec, out := filepath.Join(dir, "spec.yaml"), filepath.Join(dir, "out")
		if err := os.WriteFile(spec, text, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"validate", spec}, {"run", spec, "--out", out}} {
			code, stdout, stderr := cli(args...)
			if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and one error line", args[0], code, stdout, stderr)
			}
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("failed validate and run left %d entries in %s", len(entries), dir)
		}
	})
}

// checkSpec checks that s expands to valid points, every one in one unit.
func checkSpec(t *testing.T, s *experiments.Spec) {
	t.Helper()
	pts := s.Points()
	if len(pts) == 0 || len(pts) > experiments.MaxPoints {
		t.Fatalf("%d points", len(pts))
	}
	for i, p := range pts {
		var err error
		if s.Model.Name == experiments.RoutingModel {
			err = p.Routing().Validate()
		}
		if err != nil || p.Index != i || p.Key != p.Config.Key() {
			t.Fatalf("point %d %v: %v", i, p, err)
		}
	}
	n := 0
	for _, u := range s.Units() {
		if len(u.Keys) != len(s.Partition) || len(u.Points) == 0 {
			t.Fatalf("unit %v: %d points", u, len(u.Points))
		}
		n += len(u.Points)
	}
	if n != len(pts) || s.Trials < 1 || len(s.Tables) == 0 {
		t.Fatalf("units hold %d of %d points; trials %d, tables %v", n, len(pts), s.Trials, s.Tables)
	}
}
