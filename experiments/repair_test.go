package experiments

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/hyperroute/hyperroute/dataset"
)

// repairSpec has three units, each written as three tables.
const repairSpec = `name: r
grid:
  n: [3, 4, 5]
  router: [ecube, valiant]
  port: [single, all]
trials: 6
seed: 19
tables: [trials, packets, loads]
packet_trials: 2
`

// copyDir copies the tree src to dst, which must not exist.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
}

// sums returns the SHA-256 of every part file of experiment r under dir,
// by path, as Scan finds them.
func sums(t *testing.T, dir string) map[string]string {
	t.Helper()
	files, err := dataset.Scan(dir, "r")
	if err != nil {
		t.Fatal(err)
	}
	sums := make(map[string]string)
	for _, f := range files {
		sums[f.Path] = f.SHA256
	}
	return sums
}

// redo reruns experiment s into dir in shard sh and returns the runner,
// its summary and the units it wrote.
func redo(t *testing.T, s *Spec, dir string, sh Shard) (*Runner, Summary, []string, error) {
	t.Helper()
	var redone []string
	r := &Runner{Spec: s, Dir: dir, Workers: 2, Shard: sh, OnUnit: func(d UnitDone) {
		if !d.Skipped {
			redone = append(redone, d.Unit.String())
		}
	}}
	sum, err := r.Run(context.Background())
	return r, sum, redone, err
}

// A damage changes the file at path and returns its damaged bytes, nil if
// it removed the file.
type damage func(t *testing.T, path string) []byte

// change replaces the file at path by what f makes of its bytes.
func change(f func(t *testing.T, b []byte) []byte) damage {
	return func(t *testing.T, path string) []byte {
		t.Helper()
		b := f(t, mustRead(t, path))
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return b
	}
}

var (
	truncate = change(func(_ *testing.T, b []byte) []byte { return b[:100] })
	garbage  = change(func(_ *testing.T, b []byte) []byte {
		r := rand.New(rand.NewPCG(1, 2))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	})
	// flipData changes one bit half way into the column chunks.
	flipData = change(func(_ *testing.T, b []byte) []byte {
		footer := len(b) - 8 - int(binary.LittleEndian.Uint32(b[len(b)-8:]))
		b[footer/2] ^= 0x04
		return b
	})
	// flipSpec changes one bit of the spec text in the footer.
	flipSpec = change(func(t *testing.T, b []byte) []byte {
		i := bytes.LastIndex(b, []byte("packet_trials: 2"))
		if i < 0 {
			t.Fatal("no spec text in the file")
		}
		b[i] ^= 0x01
		return b
	})
)

// rewriteFile writes the file at path anew with the same rows and another
// start time: a whole file, but not the one the manifest records.
func rewriteFile(t *testing.T, path string) []byte {
	t.Helper()
	rewrite(t, path, func(recs []arrow.RecordBatch) []arrow.RecordBatch { return recs },
		func(meta map[string]string) { meta[dataset.MetaStarted] = "2000-01-01T00:00:00Z" })
	return mustRead(t, path)
}

func remove(t *testing.T, path string) []byte {
	t.Helper()
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	return nil
}

// TestRepair damages one file of a finished run in each way a file gets
// damaged or altered: Verify names it, a rerun sets the file aside,
// keeping it, and redoes exactly its unit, leaving every other file as it
// was, and then the run verifies and holds the rows of a clean run.
func TestRepair(t *testing.T) {
	s := mustParse(t, repairSpec)
	clean := t.TempDir()
	run(t, s, clean, 2, Unsharded)
	units := s.Units()
	for _, tc := range []struct {
		name       string
		table      string
		unit       int
		damage     damage
		noManifest bool // remove the manifest too
		problem    string
	}{
		{"truncated", TableTrials, 1, truncate, false, "damaged: not a whole Parquet file (100 bytes"},
		{"garbage", TablePackets, 1, garbage, false, "damaged: not a whole Parquet file"},
		{"byte in the data", TablePackets, 2, flipData, false, "damaged: its data do not match the SHA-256 it records"},
		{"byte in the data, no manifest", TableLoads, 0, flipData, true, "damaged: its data do not match the SHA-256 it records"},
		{"byte of the spec", TableTrials, 0, flipSpec, false, "damaged: its footer does not match the SHA-256 it records"},
		{"rewritten", TableLoads, 2, rewriteFile, false, "manifest.json records"},
		{"removed with the manifest", TableTrials, 1, remove, true, "missing: unit n=4 of trials in shard 0/1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			copyDir(t, clean, dir)
			u := units[tc.unit]
			part := s.Part(dir, tc.table, u, Unsharded)
			manifest := filepath.Join(dir, "r", dataset.ManifestName)
			before := sums(t, dir)
			damaged := tc.damage(t, part.Path())
			want := map[string]string{part.Rel(): tc.problem}
			if tc.noManifest {
				if err := os.Remove(manifest); err != nil {
					t.Fatal(err)
				}
				want[dataset.ManifestName] = "missing"
			}

			rep, err := Verify(dir, "r")
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Problems) != len(want) {
				t.Errorf("Verify: %d problems, want %d: %v", len(rep.Problems), len(want), rep.Problems)
			}
			for _, p := range rep.Problems {
				if w, ok := want[p.Path]; !ok || !strings.Contains(p.What, w) {
					t.Errorf("Verify: %s: %s; want %q", p.Path, p.What, w)
				}
			}

			r, sum, redone, err := redo(t, s, dir, Unsharded)
			if err != nil || sum.Manifest == "" || !slices.Equal(redone, []string{u.String()}) {
				t.Fatalf("rerun: %+v, %v; redid %q, want %s", sum, err, redone, u)
			}
			aside := filepath.Join(filepath.Dir(part.Path()), "_"+filepath.Base(part.Path())+".damaged")
			if damaged == nil {
				if len(r.Damaged()) != 0 {
					t.Errorf("Damaged() = %+v, want none", r.Damaged())
				}
			} else {
				rel, _ := filepath.Rel(filepath.Join(dir, "r"), aside)
				if d := r.Damaged(); len(d) != 1 || d[0].Unit == nil || d[0].Unit.String() != u.String() ||
					d[0].Path != part.Rel() || d[0].Aside != filepath.ToSlash(rel) || d[0].Reason == "" {
					t.Errorf("Damaged() = %+v, want %s set aside as %s", d, part.Rel(), rel)
				}
				if b, err := os.ReadFile(aside); err != nil || !bytes.Equal(b, damaged) {
					t.Errorf("the damaged file is not kept as %s: %v", aside, err)
				}
			}
			after := sums(t, dir)
			for p, h := range before {
				ofUnit := slices.ContainsFunc(s.Tables, func(table string) bool { return s.Part(dir, table, u, Unsharded).Rel() == p })
				if !ofUnit && after[p] != h {
					t.Errorf("%s changed", p)
				}
			}

			if rep, err := Verify(dir, "r"); err != nil || len(rep.Problems) != 0 || (damaged != nil) != (len(rep.Aside) == 1) {
				t.Errorf("Verify after the rerun: %+v, %v", rep, err)
			}
			for _, table := range s.Tables {
				got, want := lines(readRows(t, dir, "r", table)), lines(readRows(t, clean, "r", table))
				if !slices.Equal(got, want) {
					t.Errorf("%s: %d rows after the rerun differ from the %d of a clean run", table, len(got), len(want))
				}
			}
		})
	}
}

// TestRepairManifest checks that a manifest that cannot be read, or that
// describes another run, is set aside and written anew, and no unit redone.
func TestRepairManifest(t *testing.T) {
	s := mustParse(t, repairSpec)
	clean := t.TempDir()
	run(t, s, clean, 2, Unsharded)
	for _, tc := range []struct {
		name, body, problem, reason string
	}{
		{"garbage", "{", "cannot be read", "it cannot be read"},
		{"another run", strings.Replace(string(mustRead(t, filepath.Join(clean, "r", dataset.ManifestName))), `"master_seed": 19`, `"master_seed": 20`, 1),
			"written by another run: master seed 19, want 20", "it describes another run (master seed 20, want 19)"},
	} {
		dir := filepath.Join(t.TempDir(), "out")
		copyDir(t, clean, dir)
		manifest := filepath.Join(dir, "r", dataset.ManifestName)
		if err := os.WriteFile(manifest, []byte(tc.body), 0o644); err != nil {
			t.Fatal(err)
		}
		if rep, err := Verify(dir, "r"); err != nil || len(rep.Problems) == 0 || !strings.Contains(rep.Problems[0].What, tc.problem) {
			t.Errorf("%s: Verify: %+v, %v; want %q", tc.name, rep.Problems, err, tc.problem)
		}
		r := &Runner{Spec: s, Dir: dir, Workers: 1, Shard: Unsharded}
		sum, err := r.Run(context.Background())
		if d := r.Damaged(); err != nil || sum.Run != 0 || len(d) != 1 || d[0].Unit != nil ||
			d[0].Aside != "_manifest.json.damaged" || !strings.Contains(d[0].Reason, tc.reason) {
			t.Errorf("%s: rerun: %+v, %v; damaged %+v", tc.name, sum, err, d)
		}
		if b := mustRead(t, filepath.Join(dir, "r", "_manifest.json.damaged")); string(b) != tc.body {
			t.Errorf("%s: the damaged manifest is not kept", tc.name)
		}
		if rep, err := Verify(dir, "r"); err != nil || len(rep.Problems) != 0 {
			t.Errorf("%s: Verify after the rerun: %+v, %v", tc.name, rep.Problems, err)
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestForceKeepsDamaged checks that --force, which rewrites every unit,
// still sets a damaged file aside rather than over it.
func TestForceKeepsDamaged(t *testing.T) {
	s := mustParse(t, repairSpec)
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	part := s.Part(dir, TablePackets, s.Units()[2], Unsharded)
	damaged := truncate(t, part.Path())
	r := &Runner{Spec: s, Dir: dir, Workers: 2, Shard: Unsharded, Force: true}
	if sum, err := r.Run(context.Background()); err != nil || sum.Run != 3 || len(r.Damaged()) != 1 {
		t.Fatalf("forced run: %+v, %v, damaged %+v", sum, err, r.Damaged())
	}
	aside := filepath.Join(filepath.Dir(part.Path()), "_"+filepath.Base(part.Path())+".damaged")
	if b, err := os.ReadFile(aside); err != nil || !bytes.Equal(b, damaged) {
		t.Errorf("the damaged file is not kept as %s: %v", aside, err)
	}
}

// TestInterruptedRedoDropsManifest interrupts a forced run after its first
// unit: the manifest, which no longer describes the rewritten file, is
// gone, so the next run takes that file for what it is, not for damaged.
func TestInterruptedRedoDropsManifest(t *testing.T) {
	s := mustParse(t, repairSpec)
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	ctx, cancel := context.WithCancel(context.Background())
	r := &Runner{Spec: s, Dir: dir, Workers: 2, Shard: Unsharded, Force: true, OnUnit: func(UnitDone) { cancel() }}
	if _, err := r.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "r", dataset.ManifestName)); !os.IsNotExist(err) {
		t.Errorf("the manifest outlived a run that rewrote a unit: %v", err)
	}
	r = &Runner{Spec: s, Dir: dir, Workers: 2, Shard: Unsharded}
	if sum, err := r.Run(context.Background()); err != nil || sum.Run != 0 || len(r.Damaged()) != 0 || sum.Manifest == "" {
		t.Errorf("rerun: %+v, %v, damaged %+v", sum, err, r.Damaged())
	}
}

// TestRepairShard damages a file of one shard of a sharded run before
// merge wrote a manifest: Verify and Merge name it, a rerun of that shard
// redoes exactly its unit, the other shard's rerun redoes nothing, and the
// merged run verifies and holds the rows of a clean one.
func TestRepairShard(t *testing.T) {
	s := mustParse(t, repairSpec)
	clean, dir := t.TempDir(), t.TempDir()
	for _, d := range []string{clean, dir} {
		run(t, s, d, 2, Shard{0, 2})
		run(t, s, d, 2, Shard{1, 2})
	}
	if _, err := Merge(clean, "r"); err != nil {
		t.Fatal(err)
	}
	u := s.Units()[0]
	part := s.Part(dir, TableTrials, u, Shard{1, 2})
	flipData(t, part.Path())

	rep, err := Verify(dir, "r")
	if err != nil || len(rep.Problems) != 2 || rep.Problems[0].Path != dataset.ManifestName ||
		rep.Problems[1].Path != part.Rel() || !strings.Contains(rep.Problems[1].What, "damaged: its data") ||
		!strings.Contains(rep.Repair, "--shard i/2 for each shard i, then hyperroute merge") {
		t.Errorf("Verify: %+v, %v", rep, err)
	}
	if _, err := Merge(dir, "r"); err == nil || !strings.Contains(err.Error(), part.Rel()+" is damaged") ||
		!strings.Contains(err.Error(), "rerun shard 1/2") {
		t.Errorf("Merge: %v", err)
	}
	for _, tc := range []struct {
		shard Shard
		want  []string
	}{{Shard{0, 2}, nil}, {Shard{1, 2}, []string{u.String()}}} {
		if _, _, redone, err := redo(t, s, dir, tc.shard); err != nil || !slices.Equal(redone, tc.want) {
			t.Errorf("rerun of shard %v: %v, redid %q, want %q", tc.shard, err, redone, tc.want)
		}
	}
	if _, err := Merge(dir, "r"); err != nil {
		t.Fatal(err)
	}
	if rep, err := Verify(dir, "r"); err != nil || len(rep.Problems) != 0 || len(rep.Aside) != 1 {
		t.Errorf("Verify after the rerun: %+v, %v", rep, err)
	}
	for _, table := range s.Tables {
		if got, want := sorted(lines(readRows(t, dir, "r", table))), sorted(lines(readRows(t, clean, "r", table))); !slices.Equal(got, want) {
			t.Errorf("%s: rows after the rerun differ from a clean run", table)
		}
	}
}
