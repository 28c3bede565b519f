package experiments

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hyperroute/hyperroute/dataset"
)

// Merge checks that DIR/experiment holds exactly the files of one run, every
// table of every partition in every shard, each whole and in its place (see
// dataset.Scan), written by one build of the harness, and as an existing
// manifest of the run records it, and writes its manifest, with each
// file's size and SHA-256. The spec, profile and trial count are read back
// from the files' metadata.
func Merge(dir, experiment string) (dataset.Manifest, error) {
	return MergeWith(dir, experiment, MergeOptions{})
}

// MergeOptions relax what Merge checks.
type MergeOptions struct {
	// AcceptBuilds takes the files of other builds of the harness; the
	// manifest records the build of the first file as its Harness and the
	// others as its Builds.
	AcceptBuilds bool
	// Guard, if set, is called before the manifest is written, which it
	// stops by failing (Runner.Guard).
	Guard func() error
}

// MergeWith is Merge with options.
func MergeWith(dir, experiment string, o MergeOptions) (dataset.Manifest, error) {
	root := filepath.Join(dir, experiment)
	files, err := dataset.Scan(dir, experiment)
	if err != nil {
		return dataset.Manifest{}, err
	}
	if len(files) == 0 {
		return dataset.Manifest{}, fmt.Errorf("%s: no part files", root)
	}
	for _, f := range files {
		if f.Err == nil {
			continue
		}
		// A rerun sets aside only the files at the paths of its units.
		i, k, err := dataset.ParseShard(f.Shard)
		redo := fmt.Sprintf("move %q out of %s (it is at no path of a unit, so no rerun replaces it), then merge again", filepath.Join(root, f.Path), root)
		switch {
		case err != nil || (dataset.Part{Table: f.Table, Keys: f.Keys, Shard: f.Shard}).Rel() != f.Path:
		case k > 1:
			redo = fmt.Sprintf("rerun shard %d/%d to set it aside and redo its unit, then merge again", i, k)
		default:
			redo = "rerun the experiment to set it aside and redo its unit"
		}
		return dataset.Manifest{}, fmt.Errorf("%s: %w; %s", root, f.Err, redo)
	}
	first := files[0]
	m, err := dataset.ManifestFromMeta(first.Meta)
	if err != nil {
		return dataset.Manifest{}, fmt.Errorf("%s: %w", filepath.Join(root, first.Path), err)
	}
	_, k, err := dataset.ParseShard(first.Shard)
	if err != nil {
		return dataset.Manifest{}, fmt.Errorf("%s: %w", filepath.Join(root, first.Path), err)
	}
	spec, err := specOf(m, filepath.Join(root, first.Path))
	if err != nil {
		return dataset.Manifest{}, err
	}
	want := make(map[string]bool)
	for _, u := range spec.Units() {
		for _, t := range spec.Tables {
			for i := range k {
				want[dataset.Part{Table: t, Keys: u.Keys, Shard: dataset.ShardName(i, k)}.Rel()] = true
			}
		}
	}
	for _, f := range files {
		if err := sameRun(m, k, f); err != nil {
			return dataset.Manifest{}, fmt.Errorf("%s: files of different runs: %w", root, err)
		}
		fm, _ := dataset.ManifestFromMeta(f.Meta)
		if !o.AcceptBuilds && !sameHarness(fm.Harness, m.Harness) {
			return dataset.Manifest{}, fmt.Errorf("%s: %s was written by harness %s, %s by %s; rerun the shards with one build "+
				"(run --redo-stale redoes the units of other builds), or merge --accept-build takes them",
				root, f.Path, describeHarness(fm.Harness), first.Path, describeHarness(m.Harness))
		}
		if !sameHarness(fm.Harness, m.Harness) && !slices.ContainsFunc(m.Builds, fm.Harness.Same) {
			m.Builds = append(m.Builds, fm.Harness)
		}
		if !want[f.Path] {
			return dataset.Manifest{}, fmt.Errorf("%s: unexpected file %s", root, f.Path)
		}
		delete(want, f.Path)
		if fm.Started.Before(m.Started) {
			m.Started = fm.Started
		}
		if fm.Finished.After(m.Finished) {
			m.Finished = fm.Finished
		}
	}
	if len(want) > 0 {
		return dataset.Manifest{}, fmt.Errorf("%s: %d of %d files missing: %s", root, len(want), len(want)+len(files), listSome(want))
	}
	if err := matchManifest(dir, experiment, m, k, files); err != nil {
		return dataset.Manifest{}, err
	}
	// All that verify checks of the files.
	v := verifier{root: root, files: files, run: m, from: first.Path, want: spec.wantFiles(k), acceptBuilds: o.AcceptBuilds}
	v.Shards = k
	v.check()
	if len(v.Problems) > 0 {
		p := v.Problems[0]
		return dataset.Manifest{}, fmt.Errorf("%s: %s: %s (hyperroute verify %s lists every problem)", root, p.Path, p.What, root)
	}
	m.Description = spec.Description
	m.Shards = k
	m.Tables = dataset.Summarize(files)
	if o.Guard != nil {
		if err := o.Guard(); err != nil {
			return dataset.Manifest{}, err
		}
	}
	if err := dataset.WriteManifest(dir, experiment, m); err != nil {
		return dataset.Manifest{}, err
	}
	return m, nil
}

// matchManifest fails if DIR/experiment has a manifest of the run m (in k
// shards) from which files differ: a file it lists that changed since,
// which merge must not bless. A manifest of another run, or one that
// cannot be read, is replaced.
func matchManifest(dir, experiment string, m dataset.Manifest, k int, files []dataset.FileInfo) error {
	old, err := dataset.ReadManifest(dir, experiment)
	if err != nil || sameRunAs(m, k, old, old.Shards) != nil {
		return nil
	}
	listed := old.Files()
	for _, f := range files {
		if want, ok := listed[f.Path]; ok {
			if err := want.Check(f.Summary()); err != nil {
				return fmt.Errorf("%s: %w; the run's manifest recorded it otherwise. Rerun the experiment (its run sets the file aside and redoes its unit), then merge",
					filepath.Join(dir, experiment), err)
			}
		}
	}
	return nil
}

// specOf parses the spec recorded in a run's manifest and applies its
// profile, trial count and rse rule.
func specOf(m dataset.Manifest, from string) (*Spec, error) {
	spec, err := Parse(from+" (spec)", []byte(m.Spec))
	if err != nil {
		return nil, err
	}
	if m.Profile != "" {
		if spec, err = spec.WithProfile(m.Profile); err != nil {
			return nil, err
		}
	}
	var rule RSE
	if rule, err = ParseRSE(m.RSE); err == nil {
		if spec, err = spec.WithTrials(m.Trials); err == nil {
			if spec, err = spec.WithFirstTrial(m.FirstTrial); err == nil {
				spec, err = spec.WithRSE(rule)
			}
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", from, err)
	}
	if spec.Name != m.Experiment {
		return nil, fmt.Errorf("%s: spec is named %q, the experiment %q", from, spec.Name, m.Experiment)
	}
	return spec, nil
}

// listSome lists up to five of the paths, sorted.
func listSome(paths map[string]bool) string {
	var list []string
	for p := range paths {
		list = append(list, p)
	}
	slices.Sort(list)
	if len(list) > 5 {
		list = append(list[:5], "…")
	}
	return strings.Join(list, ", ")
}
