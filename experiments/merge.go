package experiments

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hyperroute/hyperroute/dataset"
)

// Merge checks that DIR/experiment holds exactly the files of one run, every
// table of every partition in every shard, none of them damaged (see
// dataset.Scan), and writes its manifest, with each file's size and SHA-256.
// The spec, profile and trial count are read back from the files' metadata.
func Merge(dir, experiment string) (dataset.Manifest, error) {
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
		redo := "rerun the shard that wrote it"
		if i, k, err := dataset.ParseShard(f.Shard); err == nil && k > 1 {
			redo = fmt.Sprintf("rerun shard %d/%d", i, k)
		} else if err == nil {
			redo = "rerun the experiment"
		}
		return dataset.Manifest{}, fmt.Errorf("%s: %w; %s to set it aside and redo its unit", root, f.Err, redo)
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
		if !sameHarness(fm.Harness, m.Harness) {
			return dataset.Manifest{}, fmt.Errorf("%s: %s was written by harness %s, %s by %s; rerun with --redo-stale or --force to redo them with one",
				root, f.Path, describeHarness(fm.Harness), first.Path, describeHarness(m.Harness))
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
	m.Description = spec.Description
	m.Shards = k
	m.Tables = dataset.Summarize(files)
	if err := dataset.WriteManifest(dir, experiment, m); err != nil {
		return dataset.Manifest{}, err
	}
	return m, nil
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
