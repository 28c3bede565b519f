package experiments

import (
	"math"
	"os"
	"path/filepath"
	"testing"
)

// TestCostAt checks the line through two calibrations and its fallback to
// a cost in proportion to work.
func TestCostAt(t *testing.T) {
	lo := &Calibration{Work: 10, PerTrial: 100}
	hi := &Calibration{Work: 110, PerTrial: 1100}
	for _, tc := range []struct {
		lo, hi *Calibration
		w      int64
		want   float64
	}{
		{lo, hi, 10, 100}, {lo, hi, 110, 1100}, {lo, hi, 60, 600}, {lo, hi, 210, 2100},
		{&Calibration{Work: 10, PerTrial: 1500}, hi, 55, 550}, // falling line: in proportion to hi
		{hi, hi, 220, 2200},
	} {
		if got := costAt(tc.lo, tc.hi, tc.w); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("costAt(%+v, %+v, %d) = %v, want %v", *tc.lo, *tc.hi, tc.w, got, tc.want)
		}
	}
	for n, want := range map[int64]int64{0: 0, 1: 4096, 4096: 4096, 4097: 8192} {
		if got := blocks(n); got != want {
			t.Errorf("blocks(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestEstimate checks an estimate against a run of the spec: the same
// points, trials and rows per table; a calibration of the least and most
// work point of each router; the disk between 0.7 and 2 times the files'
// blocks (it overstates: few calibration rows compress worse than a
// unit's, 1.8 times here); and that it writes nothing.
func TestEstimate(t *testing.T) {
	s := mustParse(t, `name: est
grid:
  n: [3, 5, 7]
  router: [ecube, valiant]
  port: [single, all]
trials: 400
seed: 5
tables: [trials, loads]
`)
	dir := t.TempDir()
	e, err := s.Estimate(2)
	if err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("Estimate wrote into %s", dir)
	}
	sum := run(t, s, dir, 2, Unsharded)
	if e.Points != 12 || e.Trials != sum.Trials {
		t.Errorf("estimate of %d points, %d trials; the run %d trials", e.Points, e.Trials, sum.Trials)
	}
	for _, table := range s.Tables {
		if e.Rows[table] != sum.Rows[table] {
			t.Errorf("%s: %d rows estimated, %d written", table, e.Rows[table], sum.Rows[table])
		}
	}
	if len(e.Calibrated) != 4 {
		t.Errorf("%d points calibrated, want 4 (n=3 and n=7 of each router): %+v", len(e.Calibrated), e.Calibrated)
	}
	var disk int64
	err = filepath.Walk(filepath.Join(dir, "est"), func(path string, fi os.FileInfo, err error) error {
		if err == nil && filepath.Ext(path) == ".parquet" {
			disk += blocks(fi.Size())
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if r := float64(e.Disk) / float64(disk); r < 0.7 || r > 2 {
		t.Errorf("disk estimated %d bytes, written %d", e.Disk, disk)
	}
	if e.CPU <= 0 || e.Memory <= 0 {
		t.Errorf("CPU %v, memory %d: want both positive", e.CPU, e.Memory)
	}
}
