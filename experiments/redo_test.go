package experiments

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/dataset"
)

// TestRedoChanged runs a spec, changes it as a pull might, and runs it
// again: refused without RedoChanged or with a profile; with it, the old
// files are removed (a file of the user's stays), Replaced says why, and
// the new run is complete.
func TestRedoChanged(t *testing.T) {
	const old = "name: redo\ngrid:\n  n: [3, 4]\n  router: valiant\ntrials: 4\nseed: 1\nprofiles:\n  big:\n    trials: 6\n"
	dir := t.TempDir()
	run := func(text, profile string, redo bool) (*Runner, error) {
		t.Helper()
		s, err := Parse("redo.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if profile != "" {
			if s, err = s.WithProfile(profile); err != nil {
				t.Fatal(err)
			}
		}
		r := &Runner{Spec: s, Dir: dir, Workers: 1, Shard: Unsharded, RedoChanged: redo}
		if err := r.Prepare(); err != nil {
			return r, err
		}
		_, err = r.Run(context.Background())
		return r, err
	}
	if _, err := run(old, "", false); err != nil {
		t.Fatal(err)
	}
	notes := filepath.Join(dir, "redo", "notes.txt")
	os.WriteFile(notes, []byte("mine"), 0o644)
	changed := strings.Replace(old, "trials: 4", "trials: 5", 1)
	if _, err := run(changed, "", false); err == nil || !strings.Contains(err.Error(), "holds results of another run") {
		t.Errorf("changed spec without RedoChanged: %v", err)
	}
	if _, err := run(changed, "big", true); err == nil || !strings.Contains(err.Error(), "holds results of another run") {
		t.Errorf("changed spec with a profile: %v", err)
	}
	r, err := run(changed, "", true)
	if err != nil || r.Replaced == nil || !strings.Contains(r.Replaced.Error(), "spec sha256") {
		t.Fatalf("RedoChanged: %v, replaced %v", err, r.Replaced)
	}
	m, err := dataset.ReadManifest(dir, "redo")
	if err != nil || m.Trials != 5 || m.Tables["trials"].Rows != 10 {
		t.Errorf("after the redo: manifest %+v, %v; want 2 points × 5 trials", m.Tables, err)
	}
	if b, err := os.ReadFile(notes); err != nil || string(b) != "mine" {
		t.Errorf("the user's file: %q, %v", b, err)
	}
	// A run of the profile refuses the small default's files, RedoChanged
	// or not: its results are not cheap.
	if _, err := run(old, "big", true); err == nil {
		t.Error("a profile run over the default's files: no error")
	}
}
