package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/plots"
)

// TestFigures runs a tiny valiant-tail experiment and draws the figures
// from its directory: t-tail and the thesis' illustrations (no experiment)
// are written in three formats, with the captions, every other figure is
// skipped with one line naming its experiment.
func TestFigures(t *testing.T) {
	noBatchEnv(t)
	dir := t.TempDir()
	spec := filepath.Join(dir, "valiant-tail.yaml")
	text := "name: valiant-tail\ngrid:\n  n: [3, 4]\n  router: valiant\n  port: [single, all]\ntrials: 20\nseed: 1\n"
	if err := os.WriteFile(spec, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	res, out := filepath.Join(dir, "results"), filepath.Join(dir, "figures")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"run", spec, "--out", res}, &stdout, &stderr); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"figures", "--results", res, "--out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("figures: exit %d: %s", code, stderr.String())
	}
	var want []string
	for _, f := range plots.Figures {
		if f.Experiment == "valiant-tail" || f.Experiment == "" {
			for _, ext := range []string{"png", "svg", "pdf"} {
				want = append(want, filepath.Join(out, f.Name+"."+ext))
			}
		}
	}
	want = append(want, filepath.Join(out, "captions.md"))
	if got := strings.Fields(stdout.String()); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("stdout = %q, want %q", got, want)
	}
	for _, f := range plots.Figures {
		skip := "figures: skip " + f.Name + ": experiment not run: " + f.Experiment
		if got := strings.Contains(stderr.String(), skip); got != (f.Experiment != "valiant-tail" && f.Experiment != "") {
			t.Errorf("skip line for %s present = %v; stderr:\n%s", f.Name, got, stderr.String())
		}
	}
	if code := run([]string{"figures", "--bogus"}, &stdout, &stderr); code != 2 {
		t.Errorf("figures --bogus: exit %d, want 2", code)
	}
	if code := run([]string{"figures", "--results", filepath.Join(dir, "nonexistent")}, &stdout, &stderr); code != 2 {
		t.Errorf("figures --results nonexistent: exit %d, want 2", code)
	}
	// Without its manifest the run is incomplete: no figure, unless --partial.
	if err := os.Remove(filepath.Join(res, "valiant-tail", "manifest.json")); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run([]string{"figures", "--results", res, "--out", out}, &stdout, &stderr); code != 2 ||
		!strings.Contains(stderr.String(), "figures: skip t-tail: "+filepath.Join(res, "valiant-tail")+" is incomplete: 2 of 2 units") {
		t.Errorf("figures of an incomplete run: exit %d: %s", code, stderr.String())
	}
	if code := run([]string{"figures", "--results", res, "--out", out, "--partial"}, &stdout, &stderr); code != 0 {
		t.Errorf("figures --partial: exit %d: %s", code, stderr.String())
	}
}
