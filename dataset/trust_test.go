package dataset

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// writeRun writes table "trials" of a run of experiment "e" in two shards
// with the units n=4 and n=8, as the runner does, with seed as its master
// seed, and returns the parts by unit and shard.
func writeRun(t *testing.T, dir string, seed uint64, units ...int32) map[string]Part {
	t.Helper()
	m := Manifest{Experiment: "e", Spec: "e\n", SpecSHA256: SpecDigest("e\n"), MasterSeed: seed, Trials: 10, Units: 2}
	parts := make(map[string]Part)
	for _, n := range units {
		for i := range 2 {
			keys := []KV{{"n", string(rune('0' + n))}}
			p := Part{Dir: dir, Experiment: "e", Table: "trials", Keys: keys, Shard: ShardName(i, 2)}
			err := WritePartition(p.Path(), keys, gridSchema, []arrow.RecordBatch{gridBatch("valiant", "all", n, 1, 0, 5)},
				m.FileMeta("trials", p.Shard, 5))
			if err != nil {
				t.Fatal(err)
			}
			parts[keys[0].Value+"/"+p.Shard] = p
		}
	}
	return parts
}

// copyFile copies the file at from over the file at to.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMisplaced copies a part file over that of another shard, and over
// that of another unit: Scan finds the copy damaged, misplaced, and
// ReadPartial refuses it, naming it.
func TestMisplaced(t *testing.T) {
	for _, tc := range []struct{ name, from, to string }{
		{"other shard", "4/0-of-2", "4/1-of-2"},
		{"other unit", "8/0-of-2", "4/0-of-2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			parts := writeRun(t, dir, 1, 4, 8)
			to := parts[tc.to]
			copyFile(t, parts[tc.from].Path(), to.Path())
			files, err := Scan(dir, "e")
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				var de *DamageError
				damaged := errors.As(f.Err, &de) && strings.Contains(de.Reason, "misplaced")
				if damaged != (f.Path == to.Rel()) {
					t.Errorf("Scan: %s: %v", f.Path, f.Err)
				}
			}
			_, err = ReadPartial(dir, "e", "trials")
			var de *DamageError
			if !errors.As(err, &de) || de.Path != to.Path() || !strings.Contains(de.Reason, "misplaced") {
				t.Errorf("ReadPartial: %v, want %s misplaced", err, to.Path())
			}
		})
	}
}

// TestIncomplete checks that ReadDataset refuses a run without a manifest,
// saying how many of its units are there, and ReadPartial reads it.
func TestIncomplete(t *testing.T) {
	dir := t.TempDir()
	parts := writeRun(t, dir, 1, 4, 8)
	if err := os.Remove(parts["8/1-of-2"].Path()); err != nil {
		t.Fatal(err)
	}
	_, err := ReadDataset(dir, "e", "trials")
	var ie *IncompleteError
	if !errors.As(err, &ie) || ie.Units != 1 || ie.TotalUnits != 2 || ie.Shards != 2 ||
		!strings.Contains(err.Error(), "is incomplete: 1 of 2 units of table trials") {
		t.Errorf("ReadDataset: %v, want incomplete: 1 of 2 units", err)
	}
	tbl, err := ReadPartial(dir, "e", "trials")
	if err != nil {
		t.Fatal(err)
	}
	if tbl.NumRows() != 15 {
		t.Errorf("ReadPartial: %d rows, want 15", tbl.NumRows())
	}
	tbl.Release()
}

// TestOtherRun puts the file of a run of another seed in the place of one
// of the run: ReadPartial refuses it, and so does ReadDataset under a
// manifest that lists the file as it is.
func TestOtherRun(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	parts := writeRun(t, dir, 1, 4, 8)
	copyFile(t, writeRun(t, other, 2, 8)["8/1-of-2"].Path(), parts["8/1-of-2"].Path())
	if _, err := ReadPartial(dir, "e", "trials"); err == nil || !strings.Contains(err.Error(), "master seed 2, want 1") {
		t.Errorf("ReadPartial: %v, want another run refused", err)
	}
	writeManifestOfFiles(t, dir)
	if _, err := ReadDataset(dir, "e", "trials"); err == nil || !strings.Contains(err.Error(), "master seed 2, want 1") {
		t.Errorf("ReadDataset: %v, want another run refused", err)
	}
}

// TestProvenanceSame checks that builds without a VCS revision differ by
// their executables.
func TestProvenanceSame(t *testing.T) {
	a := Provenance{Version: "devel", Commit: "unknown", GoVersion: "go1.26", Build: "aa"}
	b := a
	if !a.Same(b) {
		t.Error("a build differs from itself")
	}
	b.Build = "bb"
	if a.Same(b) {
		t.Error("two executables without VCS stamps are the same build")
	}
	if p := CurrentProvenance(); len(p.Build) != 64 {
		t.Errorf("CurrentProvenance().Build = %q, want a hex SHA-256", p.Build)
	}
}
