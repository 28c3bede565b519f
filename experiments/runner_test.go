package experiments

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/dataset"
)

// mcSpec is a small experiment over every router, both port models, two
// queue disciplines, two patterns and two μ, recording all three tables.
const mcSpec = `name: mc
grid:
  n: [3, 4, 5]
  mu: [1, 2]
  router: [ecube, valiant, bitonic]
  port: [single, all]
  queue: [priority, random]
  pattern: [random, transpose]
trials: 7
seed: 42
tables: [trials, packets, loads]
packet_trials: 5
partition: [n, mu]
skip_invalid: true
`

func mustParse(t testing.TB, text string) *Spec {
	t.Helper()
	s, err := Parse("test.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func run(t testing.TB, s *Spec, dir string, workers int, sh Shard) Summary {
	t.Helper()
	r := &Runner{Spec: s, Dir: dir, Workers: workers, Shard: sh}
	sum, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// TestWorkersAndShards checks that the rows depend neither on the number of
// workers nor on the shard split: 1 and 2 workers write the same rows in the
// same order, and shards 0/3, 1/3, 2/3 together write each row of the
// unsharded run once.
func TestWorkersAndShards(t *testing.T) {
	s := mustParse(t, mcSpec)
	one, two, sharded := t.TempDir(), t.TempDir(), t.TempDir()
	sum := run(t, s, one, 1, Unsharded)
	run(t, s, two, 2, Unsharded)
	for i := range 3 {
		if sum := run(t, s, sharded, 2, Shard{i, 3}); sum.Manifest != "" {
			t.Errorf("shard %d/3 wrote the manifest %s", i, sum.Manifest)
		}
	}
	if _, err := Merge(sharded, "mc"); err != nil {
		t.Fatal(err)
	}
	m1, err := dataset.ReadManifest(one, "mc")
	if err != nil {
		t.Fatal(err)
	}
	m3, err := dataset.ReadManifest(sharded, "mc")
	if err != nil {
		t.Fatal(err)
	}
	if m1.Shards != 1 || m3.Shards != 3 {
		t.Errorf("manifest shards = %d and %d, want 1 and 3", m1.Shards, m3.Shards)
	}
	for _, table := range s.Tables {
		cols, rows := readRows(t, one, "mc", table)
		a := lines(cols, rows)
		if int64(len(a)) != sum.Rows[table] || m1.Tables[table].Rows != sum.Rows[table] || m3.Tables[table].Rows != sum.Rows[table] {
			t.Errorf("%s: %d rows read, %d written, manifests %d and %d", table, len(a), sum.Rows[table],
				m1.Tables[table].Rows, m3.Tables[table].Rows)
		}
		b := lines(readRows(t, two, "mc", table))
		if !slices.Equal(a, b) {
			t.Errorf("%s: rows with 2 workers differ from 1 worker", table)
		}
		c := sorted(lines(readRows(t, sharded, "mc", table)))
		if !slices.Equal(sorted(a), c) {
			t.Errorf("%s: rows of shards 0/3, 1/3, 2/3 differ from the unsharded run (%d vs %d rows)", table, len(c), len(a))
		}
		if len(slices.Compact(c)) != len(c) {
			t.Errorf("%s: a row twice in the sharded run", table)
		}
	}
}

// TestTableContents checks the rows against what they must satisfy: seeds
// from TrialSeed and shared by paired points, bitonic's n(n+1)/2 steps,
// loads summing to the packet-hops, and each packet's route length,
// intermediate and delay.
func TestTableContents(t *testing.T) {
	s := mustParse(t, mcSpec)
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	type trialKey struct {
		router, port, queue, pattern string
		n, mu, trial                 int64
	}
	key := func(r row) trialKey {
		return trialKey{r["router"].(string), r["port"].(string), r["queue"].(string), r["pattern"].(string),
			r["n"].(int64), r["mu"].(int64), r["trial"].(int64)}
	}
	_, trials := readRows(t, dir, "mc", TableTrials)
	if len(trials) != len(s.Points())*s.Trials {
		t.Fatalf("%d trial rows, want %d", len(trials), len(s.Points())*s.Trials)
	}
	byKey := make(map[trialKey]row)
	seeds := make(map[string]uint64) // by instance and trial
	for _, r := range trials {
		k := key(r)
		byKey[k] = r
		inst := s.Points()[0].Routing()
		inst.N, inst.Mu, inst.Pattern = int(k.n), int(k.mu), k.pattern
		want, _ := TrialSeed(42, s.Name, inst.InstanceKey(), int(k.trial))
		if r["seed"] != want {
			t.Errorf("%v: seed %v, want TrialSeed %d", k, r["seed"], want)
		}
		id := fmt.Sprintf("%s/%d", inst.InstanceKey(), k.trial)
		if prev, ok := seeds[id]; ok && prev != want {
			t.Errorf("%v: seed differs from its paired points", k)
		}
		seeds[id] = want
		if k.router == "bitonic" {
			steps := k.n * (k.n + 1) / 2
			if r["T"] != steps || r["hops"] != steps<<k.n {
				t.Errorf("%v: bitonic T=%v hops=%v, want %d and %d", k, r["T"], r["hops"], steps, steps<<k.n)
			}
		}
	}

	_, loads := readRows(t, dir, "mc", TableLoads)
	sums := make(map[trialKey]int64)
	prios := make(map[trialKey]int64)
	for _, r := range loads {
		k := key(r)
		sums[k] += r["f_sum"].(int64)
		prios[k]++
		if r["f_mean"] != float64(r["f_sum"].(int64))/float64(int64(1)<<k.n) {
			t.Errorf("%v: f_mean %v, f_sum %v", k, r["f_mean"], r["f_sum"])
		}
	}
	for k, r := range byKey {
		want := k.n
		if k.router == "valiant" {
			want = 2 * k.n
		}
		if sums[k] != r["hops"] || prios[k] != want {
			t.Errorf("%v: loads sum to %d over %d priorities, want hops %v over %d", k, sums[k], prios[k], r["hops"], want)
		}
	}

	_, packets := readRows(t, dir, "mc", TablePackets)
	type pkKey struct {
		n, mu, trial, packet int64
		pattern              string
	}
	dsts := make(map[pkKey]any)
	vias := make(map[pkKey]any)
	count := make(map[trialKey]int64)
	lastArrival := make(map[trialKey]int64)
	routeSum := make(map[trialKey]int64)
	for _, r := range packets {
		k := key(r)
		count[k]++
		id, src, dst := r["packet"].(int64), r["src"].(int64), r["dst"].(int64)
		arrival, rlen := r["arrival"].(int64), r["route_len"].(int64)
		lastArrival[k] = max(lastArrival[k], arrival)
		routeSum[k] += rlen
		if src != id/k.mu || r["delay"] != arrival-rlen || arrival < rlen {
			t.Errorf("%v packet %d: src %d, arrival %d, route_len %d, delay %v", k, id, src, arrival, rlen, r["delay"])
		}
		pk := pkKey{k.n, k.mu, k.trial, id, k.pattern}
		if prev, ok := dsts[pk]; ok && prev != dst {
			t.Errorf("%v packet %d: destination differs from its paired points", k, id)
		}
		dsts[pk] = dst
		via := r["via"]
		switch k.router {
		case "valiant":
			v := via.(int64)
			if want := int64(bits.OnesCount64(uint64(src^v)) + bits.OnesCount64(uint64(v^dst))); rlen != want {
				t.Errorf("%v packet %d: route_len %d, want dist(src,via)+dist(via,dst) = %d", k, id, rlen, want)
			}
			if prev, ok := vias[pk]; ok && prev != via {
				t.Errorf("%v packet %d: intermediate differs from its paired points", k, id)
			}
			vias[pk] = via
		case "ecube":
			if want := int64(bits.OnesCount64(uint64(src ^ dst))); via != nil || rlen != want {
				t.Errorf("%v packet %d: via %v, route_len %d, want null and %d", k, id, via, rlen, want)
			}
		default:
			if via != nil {
				t.Errorf("%v packet %d: via %v, want null", k, id, via)
			}
		}
	}
	for k, r := range byKey {
		if k.trial >= int64(s.PacketTrials) {
			if count[k] != 0 {
				t.Errorf("%v: %d packet rows beyond packet_trials", k, count[k])
			}
			continue
		}
		if count[k] != k.mu<<k.n || lastArrival[k] != r["T"] {
			t.Errorf("%v: %d packets, last arrival %d; want %d and T=%v", k, count[k], lastArrival[k], k.mu<<k.n, r["T"])
		}
		if k.router != "bitonic" && routeSum[k] != r["hops"] {
			t.Errorf("%v: route lengths sum to %d, hops %v", k, routeSum[k], r["hops"])
		}
	}
}

// TestRerun checks that a rerun skips the complete units without touching
// their files, and that Force redoes them.
func TestRerun(t *testing.T) {
	s := mustParse(t, validSpec)
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	path := s.Part(dir, TableTrials, s.Units()[0], Unsharded).Path()
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(10 * time.Millisecond)
	var skipped []bool
	r := &Runner{Spec: s, Dir: dir, Workers: 2, Shard: Unsharded, OnUnit: func(u UnitDone) { skipped = append(skipped, u.Skipped) }}
	sum, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if sum.Run != 0 || sum.Skipped != 2 || sum.Trials != 0 || !slices.Equal(skipped, []bool{true, true}) || sum.Manifest == "" {
		t.Errorf("rerun: %+v, skipped %v", sum, skipped)
	}
	if after, _ := os.Stat(path); !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("rerun rewrote %s", path)
	}
	r = &Runner{Spec: s, Dir: dir, Workers: 2, Shard: Unsharded, Force: true}
	if sum, err = r.Run(context.Background()); err != nil || sum.Run != 2 || sum.Skipped != 0 {
		t.Errorf("forced rerun: %+v, %v", sum, err)
	}
	if after, _ := os.Stat(path); after.ModTime().Equal(before.ModTime()) {
		t.Errorf("forced rerun kept %s", path)
	}
}

// TestInterrupt stops a run after its first unit: the unit's files stay,
// no later unit is written, and a rerun completes the same rows as an
// uninterrupted run.
func TestInterrupt(t *testing.T) {
	s := mustParse(t, validSpec)
	dir, full := t.TempDir(), t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	r := &Runner{Spec: s, Dir: dir, Workers: 2, Shard: Unsharded, OnUnit: func(UnitDone) { cancel() }}
	if _, err := r.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v, want context.Canceled", err)
	}
	units := s.Units()
	if !dataset.Complete(s.Part(dir, TableTrials, units[0], Unsharded).Path()) {
		t.Error("first unit not kept")
	}
	if _, err := os.Stat(s.Part(dir, TableTrials, units[1], Unsharded).Path()); !os.IsNotExist(err) {
		t.Errorf("second unit written: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "t", dataset.ManifestName)); !os.IsNotExist(err) {
		t.Errorf("interrupted run wrote a manifest: %v", err)
	}
	if sum := run(t, s, dir, 1, Unsharded); sum.Run != 1 || sum.Skipped != 1 {
		t.Errorf("rerun: %+v", sum)
	}
	run(t, s, full, 1, Unsharded)
	if a, b := lines(readRows(t, dir, "t", TableTrials)), lines(readRows(t, full, "t", TableTrials)); !slices.Equal(a, b) {
		t.Error("interrupted and rerun rows differ from an uninterrupted run")
	}
}

// TestOtherRun checks that a run refuses a directory holding files of a
// different spec or shard count, and leaves them alone.
func TestOtherRun(t *testing.T) {
	s := mustParse(t, validSpec)
	dir := t.TempDir()
	run(t, s, dir, 2, Shard{0, 2})
	for name, r := range map[string]*Runner{
		"seed":   {Spec: mustParse(t, strings.Replace(validSpec, "seed: 7", "seed: 8", 1)), Dir: dir, Workers: 1, Shard: Shard{1, 2}},
		"shards": {Spec: s, Dir: dir, Workers: 1, Shard: Unsharded},
	} {
		if err := r.Prepare(); err == nil || !strings.Contains(err.Error(), "holds results of another run") {
			t.Errorf("%s: Prepare() = %v", name, err)
		}
	}
	if _, err := Merge(dir, "t"); err == nil || !strings.Contains(err.Error(), "2 of 4 files missing: trials/n=3/part-1-of-2.parquet") {
		t.Errorf("Merge with shard 1/2 missing: %v", err)
	}
	if files, err := dataset.Scan(dir, "t"); err != nil || len(files) != 2 {
		t.Errorf("files after refused runs: %d, %v", len(files), err)
	}
}

// TestOtherHarness checks that a rerun refuses units written by another
// build of the harness unless forced, and that Merge refuses to mix them.
func TestOtherHarness(t *testing.T) {
	s := mustParse(t, validSpec)
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	part := s.Part(dir, TableTrials, s.Units()[0], Unsharded)
	path := part.Path()
	tbl, meta, err := dataset.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	meta[dataset.MetaCommit] = "0123abc"
	rec := array.NewTableReader(tbl, -1)
	var batches []arrow.RecordBatch
	for rec.Next() {
		rec.RecordBatch().Retain()
		batches = append(batches, rec.RecordBatch())
	}
	err = dataset.WritePartition(path, part.Keys, tbl.Schema(), batches, meta)
	rec.Release()
	tbl.Release()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Merge(dir, "t"); err == nil || !strings.Contains(err.Error(), "(commit 0123abc, build ") {
		t.Errorf("Merge of two harness builds: %v", err)
	}
	// The run's manifest records the file as the run wrote it.
	if _, err := MergeWith(dir, "t", MergeOptions{AcceptBuilds: true}); err == nil || !strings.Contains(err.Error(), "manifest recorded it otherwise") {
		t.Errorf("Merge over the manifest: %v", err)
	}
	if err := os.Remove(filepath.Join(dir, "t", dataset.ManifestName)); err != nil {
		t.Fatal(err)
	}
	if _, err := MergeWith(dir, "t", MergeOptions{AcceptBuilds: true}); err != nil {
		t.Errorf("Merge accepting builds: %v", err)
	}
	r := &Runner{Spec: s, Dir: dir, Workers: 1, Shard: Unsharded}
	if err := r.Prepare(); err == nil || !strings.Contains(err.Error(), "--redo-stale redoes the units of other builds") {
		t.Errorf("Prepare() = %v", err)
	}
	// Only the unit with the other build's file is redone.
	other := s.Part(dir, TableTrials, s.Units()[1], Unsharded).Path()
	before, err := os.Stat(other)
	if err != nil {
		t.Fatal(err)
	}
	r.RedoStale = true
	if sum, err := r.Run(context.Background()); err != nil || sum.Run != 1 || sum.Stale != 1 || sum.Skipped != 1 || sum.Manifest == "" {
		t.Errorf("run redoing stale units: %+v, %v", sum, err)
	}
	if after, err := os.Stat(other); err != nil || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("the unit of this build was rewritten: %v", err)
	}
	redone, meta, err := dataset.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	redone.Release()
	if meta[dataset.MetaCommit] == "0123abc" {
		t.Error("the stale file was not redone")
	}
	r = &Runner{Spec: s, Dir: dir, Workers: 1, Shard: Unsharded, Force: true}
	if sum, err := r.Run(context.Background()); err != nil || sum.Run != 2 || sum.Manifest == "" {
		t.Errorf("forced run: %+v, %v", sum, err)
	}
}

func TestPrepareErrors(t *testing.T) {
	s := mustParse(t, validSpec)
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]*Runner{
		"workers":    {Spec: s, Dir: t.TempDir(), Workers: 0, Shard: Unsharded},
		"shard":      {Spec: s, Dir: t.TempDir(), Workers: 1, Shard: Shard{3, 2}},
		"unwritable": {Spec: s, Dir: filepath.Join(file, "out"), Workers: 1, Shard: Unsharded},
	} {
		if err := r.Prepare(); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestPrepareMemory checks that a run needs the memory of a trial of its
// largest point, traced for the delayseq table, once per worker: a memory
// limit that fits W − 1 or fewer of them fails on W workers, and on W
// workers when there are fewer than W trials to run it counts the trials.
func TestPrepareMemory(t *testing.T) {
	s := mustParse(t, "name: t\ngrid:\n  n: [6, 10]\n  router: valiant\ntrials: 4\nseed: 7\ntables: [trials, delayseq]\n")
	big := s.Points()[1].Routing()
	if !big.Record.Trace || big.N != 10 {
		t.Fatalf("the largest point: %+v, want n=10, traced", big)
	}
	one := big.MemoryBytes()
	// The builders of the unit n=10: 4 rows of each table.
	buf := s.bufferBytes(s.Units()[1], Unsharded)
	if want := 2 * 4 * (rowBytes(tables[TableTrials].schema) + rowBytes(tables[TableDelaySeq].schema)); buf != want {
		t.Errorf("row buffers of %d bytes, want %d", buf, want)
	}
	for _, c := range []struct {
		workers int
		memory  int64
		ok      bool
	}{
		{1, one + buf, true},
		{1, one + buf - 1, false},
		{1, one, false},
		{2, 4*one + buf, true}, // a window of 4 trials
		{2, 4*one + buf - 1, false},
		{8, 4*one + buf, true}, // 4 trials per point
		{8, 4*one + buf - 1, false},
	} {
		r := &Runner{Spec: s, Dir: t.TempDir(), Workers: c.workers, Shard: Unsharded, Memory: c.memory}
		err := r.Prepare()
		if c.ok != (err == nil) || err != nil && !strings.Contains(err.Error(), "needs about") {
			t.Errorf("%d workers, %d bytes (%d per trial): %v", c.workers, c.memory, one, err)
		}
	}
}

// TestPrepareManyTrials checks that preparing a run of more trials than
// fit in memory as a list neither allocates them nor refuses the run: its
// trials are counted, a unit's jobs made one at a time.
func TestPrepareManyTrials(t *testing.T) {
	const trials = math.MaxInt32
	s := mustParse(t, fmt.Sprintf("name: t\ngrid:\n  n: [4, 5]\n  router: valiant\n  port: [single, all]\ntrials: %d\nseed: 7\n", trials))
	r := &Runner{Spec: s, Dir: t.TempDir(), Workers: 2, Shard: Unsharded}
	if err := r.Prepare(); err != nil {
		t.Fatal(err)
	}
	if got, want := r.Progress().TotalTrials, int64(4*trials); got != want {
		t.Errorf("%d trials to run, want %d", got, want)
	}
	jobs := s.jobs(s.Units()[1], Unsharded)
	if last := jobs.At(jobs.Len() - 1); jobs.Len() != 2*trials || last.trial != trials-1 || !strings.Contains(last.point.String(), "all") {
		t.Errorf("%d jobs, the last %v trial %d", jobs.Len(), last.point, last.trial)
	}
}
