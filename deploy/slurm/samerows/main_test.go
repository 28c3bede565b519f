package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/experiments"
)

const spec = `name: tiny
grid:
  n: [3, 4]
  router: valiant
  port: [single, all]
  pattern: random
trials: 6
seed: %d
tables: [trials, packets]
packet_trials: 2
`

// runTiny runs the tiny spec with the given seed into dir, as the given
// shards of k (merging them if k > 1), and returns dir/tiny.
func runTiny(t *testing.T, dir string, seed, k int) string {
	t.Helper()
	s, err := experiments.Parse("tiny.yaml", []byte(fmt.Sprintf(spec, seed)))
	if err != nil {
		t.Fatal(err)
	}
	for i := range k {
		r := &experiments.Runner{Spec: s, Dir: dir, Workers: 1, Shard: experiments.Shard{I: i, K: k}}
		if err := r.Prepare(); err != nil {
			t.Fatal(err)
		}
		if _, err := r.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if k > 1 {
		if _, err := experiments.Merge(dir, "tiny"); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "tiny")
}

func TestShardsHoldTheUnshardedRows(t *testing.T) {
	whole := runTiny(t, t.TempDir(), 1, 1)
	sharded := runTiny(t, t.TempDir(), 1, 3)
	var out, errs bytes.Buffer
	if code := run([]string{sharded, whole}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if !strings.Contains(out.String(), "hold the same rows: packets ") || !strings.Contains(out.String(), "trials 24") {
		t.Errorf("output %q", out.String())
	}
}

func TestOtherRowsDiffer(t *testing.T) {
	a := runTiny(t, t.TempDir(), 1, 1)
	b := runTiny(t, t.TempDir(), 2, 1)
	var out, errs bytes.Buffer
	if code := run([]string{a, b}, &out, &errs); code != 1 {
		t.Fatalf("runs of seeds 1 and 2: exit %d, want 1 (%s)", code, out.String())
	}
	if !strings.Contains(errs.String(), "once more") {
		t.Errorf("the error names no row: %s", errs.String())
	}
	if code := run([]string{a, filepath.Join(t.TempDir(), "tiny")}, &out, &errs); code != 1 {
		t.Errorf("a directory without a run: exit %d, want 1", code)
	}
	if code := run([]string{a}, &out, &errs); code != 2 {
		t.Errorf("one argument: exit %d, want 2", code)
	}
}

func TestSameRowsCountsMultiplicity(t *testing.T) {
	for _, c := range []struct {
		a, b []string
		same bool
	}{
		{[]string{"a", "b"}, []string{"a", "b"}, true},
		{[]string{"a", "a", "b"}, []string{"a", "b", "b"}, false},
		{[]string{"a", "b"}, []string{"a", "b", "b"}, false},
		{[]string{"a", "b", "c"}, []string{"a", "b"}, false},
		{nil, nil, true},
	} {
		if err := sameRows(c.a, c.b); (err == nil) != c.same {
			t.Errorf("sameRows(%q, %q) = %v, want same %v", c.a, c.b, err, c.same)
		}
	}
}
