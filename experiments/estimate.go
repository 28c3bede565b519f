package experiments

import (
	"bytes"
	"cmp"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Estimate is the predicted cost of a run of a spec (Spec.Estimate).
type Estimate struct {
	Points int
	// Trials is the trials to run: with an rse rule, as many as the
	// calibrations of each point's family say its measure needs
	// (rseTrials), MaxTrials
	// the most, and MaxCPU and MaxDisk what those cost.
	Trials, MaxTrials int64
	// CPU is the user and system CPU time of the run, on any number of
	// cores.
	CPU time.Duration
	// Memory is the peak resident set at the given workers: the process
	// after the calibration, twice (GOGC) the workers' trials, and the
	// runner's row builders, at the largest unit.
	Memory int64
	// Disk is the size of the part files, each rounded up to 4 KiB
	// blocks as du counts them.
	Disk    int64
	MaxCPU  time.Duration
	MaxDisk int64
	Rows    map[string]int64 // per table
	// Calibrated lists the points measured, Took the CPU time it took.
	Calibrated []Calibration
	Took       time.Duration
}

// rowTiming is what a sample of rows cost, per table: the rows encoded
// and the CPU time it took to encode them and half of them; the rows of
// the first half of the trials, and the CPU time it took to build those
// and all.
type rowTiming struct {
	encoded, builtHalfRows           map[string]int64
	built, builtHalf, took, tookHalf map[string]time.Duration
}

// Estimate predicts the CPU time, peak memory and disk of an unsharded run
// of s on workers workers, from a calibration: in each family of points
// (Spec.family), it runs trial 0 and the next ones (under an rse rule,
// trials further on of each point's own) of the point of least work, of
// most, and of most below that on workers goroutines at once, measuring
// the process's CPU time (calibrate); it takes the cost of a trial at
// other points from the line through the two around them in the work
// measure (Model.Work), and adds the rows' cost per row (sampleRows). A
// model whose points run once has each point run once (as costly as the
// run, less its files). It writes nothing.
// experiments/README.md states its error as measured.
func (s *Spec) Estimate(workers int) (Estimate, error) {
	start := cpuTime()
	e := Estimate{Points: len(s.points), Rows: make(map[string]int64)}
	m := s.Model
	fam := s.family()
	// A family's points of least and most work, and of most work below
	// that, next.
	type family struct{ lo, next, hi *Point }
	families := make(map[string]*family)
	for i := range s.points {
		p := &s.points[i]
		f := families[fam(p)]
		if f == nil {
			families[fam(p)] = &family{p, p, p}
			continue
		}
		if w := m.work(p.Config); w < m.work(f.lo.Config) {
			f.lo = p
		} else if w > m.work(f.hi.Config) {
			f.hi = p
		}
	}
	for i := range s.points {
		p := &s.points[i]
		f := families[fam(p)]
		if w := m.work(p.Config); w < m.work(f.hi.Config) && (f.next == f.hi || w > m.work(f.next.Config)) {
			f.next = p
		}
	}
	cals := make(map[*Point]*Calibration)
	budget := calibTime * time.Duration(calibFamilies) / time.Duration(max(len(families), calibFamilies))
	for _, name := range slices.Sorted(maps.Keys(families)) {
		f := families[name]
		for _, p := range []*Point{f.lo, f.next, f.hi} {
			if cals[p] != nil {
				continue
			}
			c, err := s.calibrate(p, budget, workers)
			if err != nil {
				return e, err
			}
			cals[p] = c
			e.Calibrated = append(e.Calibrated, *c)
		}
	}
	sample, err := s.sampleRows(e.Calibrated)
	if err != nil {
		return e, err
	}
	rowCPU, fileCPU := rowCosts([]rowTiming{sample}, s.Tables)
	// The process after the calibration holds what a run's does but the
	// units' rows, and the heap its workers' trials grew to, which the
	// workers' trials below count again: the estimate errs high.
	base := residentBytes()
	most := int64(s.Trials)
	var peak int64
	for _, u := range s.Units() {
		var trialMem, unitTrials int64
		unitRows, trialRows := make(map[string]int64), make(map[string]int64)
		disk, maxDisk := make(map[string]float64), make(map[string]float64)
		empty := make(map[string]int64)
		for i := range u.Points {
			p := &u.Points[i]
			f := families[fam(p)]
			w := m.work(p.Config)
			// The two calibrations around w.
			lo, hi := cals[f.next], cals[f.hi]
			if w < lo.Work {
				lo, hi = cals[f.lo], lo
			}
			near := hi
			if w < (lo.Work+hi.Work)/2 {
				near = lo
			}
			trials := s.rseTrials(w, []*Calibration{cals[f.lo], cals[f.next], cals[f.hi]})
			e.Trials += trials
			e.MaxTrials += most
			unitTrials += most
			cost := costAt(lo, hi, w)
			e.CPU += time.Duration(float64(trials) * cost)
			e.MaxCPU += time.Duration(float64(most) * cost)
			if m.Memory != nil {
				trialMem = max(trialMem, m.Memory(p.Config))
			}
			for _, t := range s.Tables {
				rows, ok := m.table(t).Count(s, p, Unsharded)
				if !ok {
					rows = int64(near.rows[t] * float64(s.recorded(t)) * float64(w) / float64(max(near.Work, 1)))
				}
				// Those of the trials the rule runs.
				run := rows * trials / max(most, 1)
				e.Rows[t] += run
				unitRows[t] += rows
				trialRows[t] = max(trialRows[t], (rows+most-1)/max(most, 1))
				c := hi
				if _, ok := hi.disk[t]; !ok { // fewer than 2 rows
					c = lo
				}
				disk[t] += float64(run) * c.disk[t]
				maxDisk[t] += float64(rows) * c.disk[t]
				e.CPU += time.Duration(float64(run) * rowCPU[t])
				e.MaxCPU += time.Duration(float64(rows) * rowCPU[t])
				empty[t] = max(empty[t], c.empty[t])
			}
		}
		var buffers int64
		for _, t := range s.Tables {
			e.Disk += blocks(empty[t] + int64(disk[t]))
			e.MaxDisk += blocks(empty[t] + int64(maxDisk[t]))
			e.CPU += time.Duration(fileCPU[t])
			e.MaxCPU += time.Duration(fileCPU[t])
			buffers += builderBytes(m.table(t).Schema, unitRows[t], trialRows[t])
		}
		// The workers run a trial each, and the garbage collector lets
		// the heap grow to twice what is live (GOGC=100); per table, the
		// row builders of a row group, of the rows estimated
		// (builderBytes, which counts twice a builder's rows already).
		peak = max(peak, 2*trialMem*min(int64(workers), unitTrials)+buffers)
	}
	e.Memory = base + peak
	fixed := s.parseCPU()
	e.CPU, e.MaxCPU = e.CPU+2*fixed, e.MaxCPU+2*fixed
	e.Took = cpuTime() - start
	return e, nil
}

// parseCPU returns the CPU time of parsing and expanding s, which a run
// does twice, to run it and to merge its files (collectives-size's 1308
// points: 0.2 s each time, as long as its trials).
func (s *Spec) parseCPU() time.Duration {
	start := cpuTime()
	if t, err := Parse(s.File, []byte(s.Text)); err == nil && s.Profile != "" {
		t.WithProfile(s.Profile)
	}
	return cpuTime() - start
}

// maxFamilies bounds the families Estimate calibrates, two points each.
const maxFamilies = 1024

// family returns the family of a point for Estimate: its values on the
// axes along which the work does not change (the discipline of the
// queues, the pattern, the router, …: what the work measure does not see,
// the calibration must) and on the model's Apart axes, if that makes at
// most maxFamilies. Else, and in
// a model without a work measure (where every axis is one along which the
// work does not change), a family is a router. In a spec whose points run
// once, and in a model with neither a work measure nor a router axis
// (the collectives), every point is a family of its own: calibrated, it is
// run (the collectives' cost lies in a few points that no measure of work
// told apart, such as all-to-all by direct messages on a ring of 256
// nodes, 40 % of collectives-scale).
func (s *Spec) family() func(p *Point) string {
	_, noRouter := s.Model.Param("router")
	if s.once() || s.Model.Work == nil && noRouter != nil {
		return func(p *Point) string { return p.String() }
	}
	byRouter := func(p *Point) string {
		if noRouter == nil {
			return p.Value("router")
		}
		return ""
	}
	if s.Model.Work == nil {
		return byRouter
	}
	key := func(p *Point, axes []string, but string) string {
		var b strings.Builder
		for _, a := range axes {
			if a != but {
				b.WriteString(a + "=" + p.Value(a) + " ")
			}
		}
		return b.String()
	}
	distinct := func(f func(p *Point) string) int {
		seen := make(map[string]bool)
		for i := range s.points {
			seen[f(&s.points[i])] = true
		}
		return len(seen)
	}
	all := s.Model.Axes()
	works := make([]int64, len(s.points))
	for i := range s.points {
		works[i] = s.Model.work(s.points[i].Config)
	}
	var axes []string // along which the work does not change, or apart
	for _, a := range all {
		if slices.Contains(s.Model.Apart, a) {
			axes = append(axes, a)
			continue
		}
		work := make(map[string]int64) // by the values on the other axes
		same := true
		for i := range s.points {
			k := key(&s.points[i], all, a)
			if w, ok := work[k]; ok && w != works[i] {
				same = false
				break
			}
			work[k] = works[i]
		}
		if same {
			axes = append(axes, a)
		}
	}
	if distinct(func(p *Point) string { return key(p, axes, "") }) > maxFamilies {
		return byRouter
	}
	return func(p *Point) string { return key(p, axes, "") }
}

// rowCosts returns the CPU time in nanoseconds of a row, built and
// encoded, and of a file of each table, pooled over the samples: a
// row costs the difference between building the rows of all trials and of
// half of them (all of the building where trial 0 alone has rows), and
// between encoding all rows and half of them; a file the rest. (One
// calibration's few rows give a noisy difference.)
func rowCosts(cals []rowTiming, tables []string) (row, file map[string]float64) {
	row, file = make(map[string]float64), make(map[string]float64)
	for _, t := range tables {
		var buildDiff, buildRows, built, encodeDiff, half, took, rows, files float64
		for _, c := range cals {
			if n := c.encoded[t]; n >= 2 {
				buildDiff += float64(c.built[t] - c.builtHalf[t])
				buildRows += float64(n - c.builtHalfRows[t])
				built += float64(c.built[t])
				encodeDiff += float64(c.took[t] - c.tookHalf[t])
				half += float64(n - n/2)
				took += float64(c.built[t] + c.took[t])
				rows += float64(n)
				files++
			}
		}
		if files == 0 {
			continue
		}
		row[t] = max(encodeDiff/half, 0)
		switch {
		case buildRows > 0:
			row[t] += max(buildDiff/buildRows, 0)
		default: // all rows from trial 0 (packet_trials, node_trials)
			row[t] += built / rows
		}
		file[t] = max((took-row[t]*rows)/files, 0)
	}
	return row, file
}

// costAt returns the CPU time in nanoseconds of a trial of work w, on the
// line through the calibrations lo and hi (in proportion to hi's work if
// the line does not rise).
func costAt(lo, hi *Calibration, w int64) float64 {
	c1, c2 := float64(lo.PerTrial), float64(hi.PerTrial)
	w1, w2 := float64(lo.Work), float64(max(hi.Work, 1))
	if w2 <= w1 || c2 <= c1 {
		return c2 * float64(w) / w2
	}
	b := (c2 - c1) / (w2 - w1)
	return max(c1+b*(float64(w)-w1), 0)
}

// Rows' sample: at least minSampleRows rows of a table, of at most
// maxSampleTrials trials, each build and encoding timed rowCalls times for
// the median (a garbage collection in one of them counts the whole
// heap's). The few rows of one calibration priced the trials table's row
// at 16 to 160 µs, against about 2 µs.
const (
	minSampleRows   = 1 << 16
	maxSampleTrials = 1 << 14
	rowCalls        = 3
)

// sampleRows times the building and encoding of a sample of each table's
// rows, those of the calibrations' trials (rowSample), and of half of
// them, for rowCosts.
func (s *Spec) sampleRows(cals []Calibration) (rowTiming, error) {
	c := rowTiming{encoded: make(map[string]int64), builtHalfRows: make(map[string]int64),
		built: make(map[string]time.Duration), builtHalf: make(map[string]time.Duration),
		took: make(map[string]time.Duration), tookHalf: make(map[string]time.Duration)}
	man := s.manifest()
	meta := func(n int64) map[string]string { return man.FileMeta(TableTrials, Unsharded.Name(), n) }
	for _, name := range s.Tables {
		t := s.Model.table(name)
		jobs, outs := s.rowSample(cals, name)
		timeBuild := func(k int, rows *int64) time.Duration {
			d, _ := medianCPU(rowCalls, func() error {
				batches, m := build(t, jobs[:k], outs[:k])
				for _, b := range batches {
					b.Release()
				}
				*rows = m
				return nil
			})
			return d
		}
		var n, nHalf int64
		builtHalf := timeBuild(len(jobs)/2, &nHalf)
		built := timeBuild(len(jobs), &n)
		if n < 2 {
			continue
		}
		batches, _ := build(t, jobs, outs)
		half := firstRows(batches, n/2)
		took, err := medianCPU(rowCalls, func() (err error) {
			_, err = encodedSize(t.Schema, batches, meta(n))
			return err
		})
		tookHalf, errH := medianCPU(rowCalls, func() (err error) {
			_, err = encodedSize(t.Schema, half, meta(n/2))
			return err
		})
		for _, b := range slices.Concat(half, batches) {
			b.Release()
		}
		if err = cmp.Or(err, errH); err != nil {
			return c, err
		}
		c.encoded[name], c.took[name], c.tookHalf[name] = n, took, tookHalf
		c.built[name], c.builtHalf[name], c.builtHalfRows[name] = built, builtHalf, nHalf
	}
	return c, nil
}

// rowSample returns trials of the calibrations, and their output, with
// about minSampleRows rows in table name: a trial of each calibration in
// turn, from the first again while too few.
func (s *Spec) rowSample(cals []Calibration, name string) (jobs []job, outs []any) {
	var rows float64
	for round := 0; rows < minSampleRows && len(jobs) < maxSampleTrials; round++ {
		before := len(jobs)
		for _, c := range cals {
			if len(c.jobs) == 0 {
				continue
			}
			i := round % len(c.jobs)
			jobs, outs = append(jobs, c.jobs[i]), append(outs, c.outs[i])
			if c.jobs[i].trial < s.recorded(name) {
				rows += max(c.rows[name], 1)
			}
		}
		if len(jobs) == before {
			break
		}
	}
	return jobs, outs
}

// firstRows returns slices of batches holding their first n rows.
func firstRows(batches []arrow.RecordBatch, n int64) []arrow.RecordBatch {
	var first []arrow.RecordBatch
	for h := n; h > 0 && len(first) < len(batches); {
		b := batches[len(first)]
		first = append(first, b.NewSlice(0, min(h, b.NumRows())))
		h -= first[len(first)-1].NumRows()
	}
	return first
}

// medianCPU returns the median CPU time of calls calls of f.
func medianCPU(calls int, f func() error) (time.Duration, error) {
	took := make([]time.Duration, calls)
	for i := range took {
		start := cpuTime()
		if err := f(); err != nil {
			return 0, err
		}
		took[i] = cpuTime() - start
	}
	slices.Sort(took)
	return took[calls/2], nil
}

// blocks rounds n bytes up to 4 KiB blocks.
func blocks(n int64) int64 { return (n + 4095) &^ 4095 }

// encodedSize returns the bytes of the Parquet file that dataset writes of
// the batches, encoded in memory.
func encodedSize(schema *arrow.Schema, batches []arrow.RecordBatch, meta map[string]string) (int64, error) {
	md := arrow.MetadataFrom(meta)
	schema = arrow.NewSchema(schema.Fields(), &md)
	var buf bytes.Buffer
	fw, err := pqarrow.NewFileWriter(schema, &buf, parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Zstd)),
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		return 0, err
	}
	for _, b := range batches {
		if err := fw.Write(b); err != nil {
			return 0, err
		}
	}
	if err := fw.Close(); err != nil {
		return 0, err
	}
	return int64(buf.Len()), nil
}

// recorded returns the trials per point that record rows in table t:
// packet_trials and node_trials limit theirs.
func (s *Spec) recorded(t string) int {
	switch {
	case (t == TablePackets || t == TableMessages) && s.PacketTrials > 0:
		return min(s.PacketTrials, s.Trials)
	case t == TableNodeLoads && s.NodeTrials > 0:
		return min(s.NodeTrials, s.Trials)
	}
	return s.Trials
}
