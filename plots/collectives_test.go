package plots

import (
	"context"
	"fmt"
	"testing"

	"github.com/hyperroute/hyperroute/experiments"
)

// writeCollectives writes small runs of the three collectives experiments
// to dir with the experiments' own runner.
func writeCollectives(t *testing.T, dir string) {
	t.Helper()
	for _, spec := range []struct{ name, grid string }{
		{"collectives-size", "op: [oab, aas]\n  topology: [ring, cube]\n  p: 16\n  m: [1, 8, 64]\n  ts: 10"},
		{"collectives-scale", "op: [oab, aas]\n  topology: [torus, cube]\n  p: [4, 16]\n  m: 4\n  ts: 10"},
		{"collectives-bounds", "op: [oab, oas, aas]\n  topology: cube\n  p: [2, 4, 8, 16]\n  port: all\n  ts: 0"},
	} {
		text := fmt.Sprintf("name: %s\nmodel: collectives\nseed: 1\ngrid:\n  %s\n", spec.name, spec.grid)
		s, err := experiments.Parse(spec.name, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		r := &experiments.Runner{Spec: s, Dir: dir, Workers: 1, Shard: experiments.Unsharded}
		if _, err := r.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPreferredModels: each algorithm on each network is drawn under one
// port model and model, one-port store-and-forward first.
func TestPreferredModels(t *testing.T) {
	rows := []collRow{
		{op: "oab", algo: "tree", topology: "cube", port: "all", model: "ct"},
		{op: "oab", algo: "tree", topology: "cube", port: "single", model: "ct"},
		{op: "oab", algo: "tree", topology: "cube", port: "all", model: "sf"},
		{op: "oab", algo: "flooding", topology: "cube", port: "all", model: "sf"},
	}
	kept, left := preferredModels(rows)
	if left != 2 || len(kept) != 2 || kept[0].port != "single" || kept[1].algo != "flooding" {
		t.Errorf("kept %+v, left out %d", kept, left)
	}
}
