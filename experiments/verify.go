package experiments

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/hyperroute/hyperroute/dataset"
)

// A Problem is one thing wrong in an experiment's directory.
type Problem struct {
	// Path is relative to DIR/<experiment>: a part file, the manifest, or
	// "" for the directory.
	Path string
	What string
}

// A Report is what Verify found.
type Report struct {
	Files    int   // part files found
	Want     int   // part files of the run: tables × units × shards
	Rows     int64 // rows read
	Shards   int
	Aside    []string // files set aside as damaged (*.damaged), by path
	Problems []Problem
	// Repair says how to repair the problems, "" if the run is not
	// known: the steps, each a command or moving files, joined by ", then "
	// (RepairSteps).
	Repair string
}

// Verify reads every file of DIR/experiment and checks it against what it
// records of itself (dataset.Scan), the manifest (size, SHA-256, rows) and
// the spec recorded in them (the run's files, each with the rows, columns
// and types the spec gives it, no unit twice, none missing). The run is the
// manifest's, or without a readable manifest that of the first readable
// file. Files set aside as damaged are not part of the dataset; they are
// listed, not checked. It fails only if DIR/experiment is no directory or
// holds neither a manifest nor tables of part files.
func Verify(dir, experiment string) (Report, error) {
	root := filepath.Join(dir, experiment)
	if st, err := os.Stat(root); errors.Is(err, fs.ErrNotExist) {
		return Report{}, fmt.Errorf("%s: no such run directory", root)
	} else if err != nil {
		return Report{}, err
	} else if !st.IsDir() {
		return Report{}, fmt.Errorf("%s is not a directory", root)
	}
	files, scanErr := dataset.Scan(dir, experiment)
	m, mErr := dataset.ReadManifest(dir, experiment)
	if (scanErr != nil || len(files) == 0) && errors.Is(mErr, fs.ErrNotExist) {
		return Report{}, fmt.Errorf("%s is not an experiment directory: no %s and no tables of part files", root, dataset.ManifestName)
	}
	aside, err := listSetAside(root)
	if err != nil {
		return Report{}, err
	}
	v := verifier{root: root, files: files}
	v.Aside = aside
	if scanErr != nil {
		v.add("", "%v", scanErr)
		return v.Report, nil
	}
	if v.identify(m, mErr) {
		v.check()
		v.Repair = v.repair()
	}
	slices.SortStableFunc(v.Problems, func(a, b Problem) int { return cmp.Compare(a.Path, b.Path) })
	return v.Report, nil
}

// repair returns the steps that repair the problems found. A rerun sets
// aside the damaged files at the paths of its units and redoes them, and
// rewrites the manifest; it does not look at a file at any other path,
// and refuses a directory with another run's files, so those must be
// moved out first; it redoes the files of another build with --redo-stale.
func (v *verifier) repair() string {
	var move []string
	stale, rerun := false, false
	for _, p := range v.Problems {
		switch {
		case p.Path != "" && p.Path != dataset.ManifestName && (!v.paths[p.Path] || strings.HasPrefix(p.What, otherRun)):
			if !slices.Contains(move, p.Path) {
				move = append(move, p.Path)
			}
			// Another run's file at a unit's path leaves the unit to redo.
			rerun = rerun || v.paths[p.Path]
		default:
			rerun = true
		}
		stale = stale || strings.HasPrefix(p.What, "written by harness")
	}
	var steps []string
	if len(move) > 0 {
		quoted := make([]string, len(move))
		for i, p := range move {
			quoted[i] = strconv.Quote(filepath.Join(v.root, filepath.FromSlash(p)))
		}
		slices.Sort(quoted)
		steps = append(steps, "move "+strings.Join(quoted, " ")+" out of "+v.root+" (no rerun replaces them)")
	}
	switch {
	case !rerun:
	case stale:
		steps = append(steps, strings.Replace(v.rerun, "hyperroute run ", "hyperroute run --redo-stale ", 1))
	default:
		steps = append(steps, v.rerun)
	}
	if rerun && v.Shards > 1 {
		steps = append(steps, "hyperroute merge "+v.root)
	}
	repair := strings.Join(steps, ", then ")
	if rerun && strings.HasPrefix(v.rerun, "hyperroute run SPEC ") {
		repair += " (SPEC: the run's spec file, whose text " + dataset.ManifestName + " records)"
	}
	return repair
}

// otherRun starts the problem of a file written by another run.
const otherRun = "written by another run"

// verifier holds the state of Verify.
type verifier struct {
	Report
	root   string
	files  []dataset.FileInfo
	run    dataset.Manifest               // the run: the manifest's, or a file's
	from   string                         // what says so: the manifest or a file, by path
	want   map[string]wantFile            // the run's files, by path
	listed map[string]dataset.FileSummary // by the manifest, nil without one
	// acceptBuilds takes files of other builds of the harness (merge).
	acceptBuilds bool
	// paths are the run's files; rerun is the command that sets aside
	// the damaged ones and redoes them.
	paths map[string]bool
	rerun string
	// The builds of the files checked, and when the first started and
	// the last finished.
	builds            []dataset.Provenance
	started, finished time.Time
}

// wantFile is a file a run writes: its table, the rows the spec gives it
// (if it does) and its columns.
type wantFile struct {
	table  string
	what   string // which unit and shard, for messages
	rows   int64
	known  bool // rows is known
	schema *arrow.Schema
}

func (v *verifier) add(path, format string, a ...any) {
	v.Problems = append(v.Problems, Problem{Path: path, What: fmt.Sprintf(format, a...)})
}

// identify finds the run and its spec, and reports the manifest's problems
// and, if it cannot, the damaged files.
func (v *verifier) identify(m dataset.Manifest, mErr error) bool {
	trusted := mErr == nil
	if d := dataset.SpecDigest(m.Spec); trusted && d != m.SpecSHA256 {
		// The run is then the one its files record.
		v.add(dataset.ManifestName, "its spec text does not have the digest it records (spec_sha256 %.12s…, the text's %.12s…): it was changed", m.SpecSHA256, d)
		trusted = false
	}
	switch {
	case !trusted && mErr == nil:
	case trusted:
		v.run, v.Shards, v.from, v.listed = m, m.Shards, dataset.ManifestName, m.Files()
		if m.Format < 2 {
			v.add(dataset.ManifestName, "format %d records no sizes or SHA-256 of the files; hyperroute merge rewrites it", m.Format)
		}
		for name, t := range m.Tables {
			var rows int64
			for _, f := range t.Files {
				rows += f.Rows
			}
			if rows != t.Rows {
				v.add(dataset.ManifestName, "table %s has %d rows, its files add up to %d", name, t.Rows, rows)
			}
		}
	case errors.Is(mErr, fs.ErrNotExist):
		v.add(dataset.ManifestName, "missing; the end of an unsharded run, or hyperroute merge, writes it")
	default:
		v.add(dataset.ManifestName, "cannot be read (%v)", mErr)
	}
	for i := 0; i < len(v.files) && v.from == ""; i++ {
		f := v.files[i]
		got, err := dataset.ManifestFromMeta(f.Meta)
		_, k, errK := dataset.ParseShard(f.Shard)
		if f.Err == nil && err == nil && errK == nil {
			v.run, v.Shards, v.from = got, k, f.Path
		}
	}
	if v.from == "" {
		v.add("", "neither the manifest nor a part file can say which run this is")
		v.Files = len(v.files)
		for _, f := range v.files {
			if f.Err != nil {
				v.add(f.Path, "%s", reason(f.Err))
			}
		}
		return false
	}
	if v.run.Experiment != filepath.Base(v.root) {
		v.add("", "its files are of experiment %q: verify the directory named so, which holds its manifest and tables", v.run.Experiment)
		return false
	}
	from := filepath.Join(v.root, v.from)
	spec, err := specOf(v.run, from)
	if err == nil {
		_, err = NewShard(0, v.Shards)
	}
	if err != nil {
		v.add(v.from, "%v", err)
		return false
	}
	v.want = spec.wantFiles(v.Shards)
	v.paths = make(map[string]bool)
	for p := range v.want {
		v.paths[p] = true
	}
	v.rerun = rerun(filepath.Dir(v.root), v.run, v.Shards, spec.once())
	if v.from == dataset.ManifestName {
		v.checkManifest(spec)
	}
	return true
}

// checkManifest checks what the manifest records against the spec: the
// units, the description and the tables, and that it vouches for each file
// it lists with a size and SHA-256 (format 2).
func (v *verifier) checkManifest(spec *Spec) {
	m := v.run
	if units := len(spec.Units()); m.Units != units {
		v.add(dataset.ManifestName, "records %d units, the spec has %d", m.Units, units)
	}
	if m.Description != spec.Description {
		v.add(dataset.ManifestName, "records the description %q, the spec %q", clip(m.Description), clip(spec.Description))
	}
	for _, name := range slices.Sorted(maps.Keys(m.Tables)) {
		if !slices.Contains(spec.Tables, name) {
			v.add(dataset.ManifestName, "lists table %s, which the spec does not write", clip(name))
		}
	}
	for _, f := range v.listed {
		if m.Format >= 2 && (len(f.SHA256) != 64 || strings.Trim(f.SHA256, "0123456789abcdef") != "" || f.Bytes <= 0) {
			v.add(f.Path, "%s records no size and SHA-256 of it (bytes %d, sha256 %q): it vouches for nothing", dataset.ManifestName, f.Bytes, clip(f.SHA256))
		}
	}
}

// clip shortens s for a message.
func clip(s string) string {
	if len(s) > 80 {
		return s[:60] + fmt.Sprintf("… (%d bytes)", len(s))
	}
	return s
}

// wantFiles returns the files of a run of s in k shards, by path.
func (s *Spec) wantFiles(k int) map[string]wantFile {
	want := make(map[string]wantFile)
	for _, u := range s.Units() {
		for _, t := range s.Tables {
			for i := range k {
				sh := Shard{i, k}
				rows, known := s.wantRows(t, u, sh)
				want[s.Part("", t, u, sh).Rel()] = wantFile{t, fmt.Sprintf("unit %s of %s in shard %s", u, t, sh), rows, known, s.Model.table(t).Schema}
			}
		}
	}
	return want
}

// check checks every file against the run, the manifest and the spec.
func (v *verifier) check() {
	v.Want = len(v.want)
	seen := make(map[string][]string) // paths by the file they are
	// The span of the files says something only where they are the
	// run's, whole.
	before := len(v.Problems)
	defer func() {
		if len(v.Problems) == before {
			v.checkSpan()
		}
	}()
	for _, f := range v.files {
		v.Files++
		// The file a path names, however spelt.
		rel := dataset.Part{Table: f.Table, Keys: f.Keys, Shard: f.Shard}.Rel()
		seen[rel] = append(seen[rel], f.Path)
		w, ok := v.want[rel]
		listed, isListed := v.listed[f.Path]
		delete(v.listed, f.Path)
		switch {
		case f.Err != nil:
			v.add(f.Path, "%s", reason(f.Err))
			continue
		case !ok:
			v.add(f.Path, "not a file of the run: its spec has no such table, unit or shard")
			continue
		case v.listed != nil && !isListed:
			v.add(f.Path, "not in %s", dataset.ManifestName)
		case isListed:
			if err := listed.Check(f.Summary()); err != nil {
				v.add(f.Path, "%s", reason(err))
			}
		}
		if _, ok := f.Meta[dataset.MetaDataSHA256]; !ok && (!isListed || listed.SHA256 == "") {
			v.add(f.Path, "can be checked against nothing: neither it (%s) nor %s records the SHA-256 of its data",
				dataset.MetaDataSHA256, dataset.ManifestName)
		}
		v.checkMeta(f)
		var vouch *dataset.FileSummary
		if isListed {
			vouch = &listed
		}
		chk, err := dataset.CheckFile(filepath.Join(v.root, filepath.FromSlash(f.Path)), vouch)
		if err != nil {
			v.add(f.Path, "%s", reason(err))
			continue
		}
		v.Rows += chk.Rows
		if w.known && chk.Rows != w.rows {
			v.add(f.Path, "%d rows, the spec gives %s %d", chk.Rows, w.what, w.rows)
		}
		if d := columnsDiffer(chk.Schema, w.schema); d != "" {
			v.add(f.Path, "%s", d)
		}
	}
	for rel, paths := range seen {
		first := paths[0]
		if slices.Contains(paths, rel) {
			first = rel
		}
		for _, p := range paths {
			if p != first {
				v.add(p, "the same unit and shard as %s: a unit twice", first)
			}
		}
		delete(v.want, rel)
	}
	for rel, w := range v.want {
		v.add(rel, "missing: %s", w.what)
	}
	for rel := range v.listed {
		if _, missing := v.want[rel]; !missing {
			v.add(rel, "listed in %s, not found", dataset.ManifestName)
		}
	}
}

// checkMeta checks that f says it was written by the run, by the run's
// build of the harness, or one the manifest lists as taken on purpose
// (merge --accept-build). (dataset.Scan checks that it is in its place.)
func (v *verifier) checkMeta(f dataset.FileInfo) {
	got, _ := dataset.ManifestFromMeta(f.Meta)
	_, k, _ := dataset.ParseShard(f.Shard)
	if err := sameRunAs(v.run, v.Shards, got, k); err != nil {
		v.add(f.Path, otherRun+": %v", err)
	}
	switch {
	case got.TieBreak != v.run.TieBreak:
		v.add(f.Path, "records tie-break %q, %s %q", clip(got.TieBreak), v.from, clip(v.run.TieBreak))
	case got.Units != v.run.Units && got.Units > 0:
		v.add(f.Path, "records %d units, %s %d", got.Units, v.from, v.run.Units)
	}
	v.builds = append(v.builds, got.Harness)
	switch {
	case !v.acceptBuilds && !sameHarness(got.Harness, v.run.Harness) && !slices.ContainsFunc(v.run.Builds, got.Harness.Same):
		v.add(f.Path, "written by harness %s, %s by %s", describeHarness(got.Harness), v.from, describeHarness(v.run.Harness))
	case sameHarness(got.Harness, v.run.Harness) && got.Harness.GoVersion != v.run.Harness.GoVersion:
		v.add(f.Path, "its build records Go %s, %s %s", clip(got.Harness.GoVersion), v.from, clip(v.run.Harness.GoVersion))
	}
	if v.started.IsZero() || got.Started.Before(v.started) {
		v.started = got.Started
	}
	if got.Finished.After(v.finished) {
		v.finished = got.Finished
	}
}

// checkSpan checks what the manifest records of the files as a whole,
// which check found sound: when they were written, the builds it lists
// besides its own.
func (v *verifier) checkSpan() {
	if v.from != dataset.ManifestName || v.started.IsZero() {
		return
	}
	m := v.run
	if !m.Started.Equal(v.started) || !m.Finished.Equal(v.finished) {
		v.add(dataset.ManifestName, "records that the run was written from %s to %s, its files from %s to %s",
			m.Started.Format(time.RFC3339Nano), m.Finished.Format(time.RFC3339Nano), v.started.Format(time.RFC3339Nano), v.finished.Format(time.RFC3339Nano))
	}
	for _, b := range m.Builds {
		if !slices.ContainsFunc(v.builds, b.Same) || b.Same(m.Harness) {
			v.add(dataset.ManifestName, "lists build %s among the run's, which none of its other files has", describeHarness(b))
		}
	}
}

// columnsDiffer says how the columns of got differ from those of want, in
// name, type or nullability, or returns "" if they do not.
func columnsDiffer(got, want *arrow.Schema) string {
	if got.NumFields() != want.NumFields() {
		return fmt.Sprintf("%d columns, the spec's table has %d", got.NumFields(), want.NumFields())
	}
	for i, g := range got.Fields() {
		w := want.Field(i)
		if g.Name != w.Name || !arrow.TypeEqual(g.Type, w.Type) || g.Nullable != w.Nullable {
			return fmt.Sprintf("column %d is %s %s (nullable %t), the spec's table has %s %s (nullable %t)",
				i, g.Name, g.Type, g.Nullable, w.Name, w.Type, w.Nullable)
		}
	}
	return ""
}

// reason returns the reason of a *dataset.DamageError, or err's text.
func reason(err error) string {
	var d *dataset.DamageError
	if errors.As(err, &d) {
		return "damaged: " + d.Reason
	}
	return err.Error()
}

// listSetAside lists the files under root that a run set aside as damaged.
func listSetAside(root string) ([]string, error) {
	var aside []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".damaged") {
			rel, _ := filepath.Rel(root, p)
			aside = append(aside, filepath.ToSlash(rel))
		}
		return err
	})
	return aside, err
}

// rerun returns the command line that sets the damaged files of a run of
// k shards into dir aside and redoes their units (every shard's, one by
// one, if k > 1). SPEC stands for a spec that is not embedded.
func rerun(dir string, run dataset.Manifest, k int, once bool) string {
	spec := "SPEC"
	if s, err := Lookup(run.Experiment); err == nil && s.Text == run.Spec {
		spec = run.Experiment
	}
	cmd := fmt.Sprintf("hyperroute run %s --out %s", spec, dir)
	if !once {
		cmd += fmt.Sprintf(" --trials %d", run.Trials)
	}
	if run.FirstTrial > 0 {
		cmd += fmt.Sprintf(" --first-trial %d", run.FirstTrial)
	}
	if run.Profile != "" {
		cmd += " --profile " + run.Profile
	}
	if k > 1 {
		cmd += fmt.Sprintf(" --shard i/%d for each shard i", k)
	}
	return cmd
}
