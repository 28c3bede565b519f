package dataset

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
)

// A part file is trusted as a file of a run when it is whole (inspect),
// in its place (checkPlace) and, once the run is complete, as the run's
// manifest records it (ReadDataset, and the commands of package
// experiments through Scan and Manifest.Owns). A run is complete when its
// manifest exists: merge, or the end of an unsharded run, writes it only
// after checking that every file of every unit and shard is there.

// checkPlace returns a *DamageError naming path unless the file there,
// which by its path is the part of table in partition keys written by
// shard, records the same of itself, where it records them: a file copied
// to the path of another unit or shard is misplaced.
func checkPlace(path, table string, keys []KV, shard string, meta map[string]string) error {
	recorded, err := Partition(meta)
	if err != nil {
		return &DamageError{Path: path, Reason: err.Error()}
	}
	t, hasTable := meta[MetaTable]
	sh, hasShard := meta[MetaShard]
	_, hasPart := meta[MetaPartition]
	if hasTable && t != table || hasShard && sh != shard || hasPart && !slices.Equal(recorded, keys) {
		return &DamageError{Path: path, Reason: fmt.Sprintf(
			"misplaced: it records table %q, partition %q and shard %q; its path says table %q, partition %q and shard %q",
			t, meta[MetaPartition], sh, table, partitionPath(keys), shard)}
	}
	return nil
}

// Owns returns an error unless meta, a part file's key/value metadata,
// says it was written by the run m describes: its experiment, spec, master
// seed, profile, trials and rse rule.
func (m Manifest) Owns(meta map[string]string) error {
	got, err := ManifestFromMeta(meta)
	if err != nil {
		return err
	}
	return m.SameRun(got)
}

// SameRun fails unless got describes the run m describes: its experiment,
// spec, master seed, profile, trials and the rule that stops them.
func (m Manifest) SameRun(got Manifest) error {
	switch {
	case got.Experiment != m.Experiment:
		return fmt.Errorf("experiment %q, want %q", got.Experiment, m.Experiment)
	case got.SpecSHA256 != m.SpecSHA256:
		return fmt.Errorf("spec sha256 %.12s…, want %.12s…", got.SpecSHA256, m.SpecSHA256)
	case got.MasterSeed != m.MasterSeed:
		return fmt.Errorf("master seed %d, want %d", got.MasterSeed, m.MasterSeed)
	case got.Profile != m.Profile:
		return fmt.Errorf("profile %q, want %q", got.Profile, m.Profile)
	case got.Trials != m.Trials:
		return fmt.Errorf("%d trials per point, want %d", got.Trials, m.Trials)
	case got.FirstTrial != m.FirstTrial:
		return fmt.Errorf("trials from %d, want from %d", got.FirstTrial, m.FirstTrial)
	case got.RSE != m.RSE:
		return fmt.Errorf("rse %q, want %q", got.RSE, m.RSE)
	}
	return nil
}

// An IncompleteError reports an experiment that has no manifest: a run
// still writing, interrupted, or one shard of several not yet merged.
type IncompleteError struct {
	Dir        string // DIR/experiment
	Table      string
	Units      int // units of which every shard's file is there
	TotalUnits int // units of the run, 0 if its files do not say
	Shards     int // shards of the run, as its files' names say
}

func (e *IncompleteError) Error() string {
	of := "of an unknown number of"
	if e.TotalUnits > 0 {
		of = "of " + strconv.Itoa(e.TotalUnits)
	}
	return fmt.Sprintf("%s is incomplete: %d %s units of table %s are there in all %d shard(s), and no %s says the run is complete "+
		"(the end of an unsharded run, or hyperroute merge, writes it); --partial reads what is there",
		e.Dir, e.Units, of, e.Table, e.Shards, ManifestName)
}

// incomplete returns the *IncompleteError of table, whose parts are those
// found under DIR/experiment/table, read or not.
func incomplete(dir, experiment, table string, parts []partFile, metas []map[string]string) error {
	e := &IncompleteError{Dir: filepath.Join(dir, experiment), Table: table}
	shards := make(map[string]map[string]bool) // shard names by partition
	for _, p := range parts {
		part := partitionPath(p.keys)
		if shards[part] == nil {
			shards[part] = make(map[string]bool)
		}
		shards[part][p.shard] = true
		if _, k, err := ParseShard(p.shard); err == nil {
			e.Shards = max(e.Shards, k)
		}
	}
	for _, s := range shards {
		if len(s) == e.Shards {
			e.Units++
		}
	}
	for _, m := range metas {
		if n, err := strconv.Atoi(m[MetaUnits]); err == nil {
			e.TotalUnits = n
			break
		}
	}
	return e
}

// IsIncomplete reports whether err says that an experiment has no
// manifest (an *IncompleteError).
func IsIncomplete(err error) bool {
	var e *IncompleteError
	return errors.As(err, &e)
}

// manifestOf returns the manifest of DIR/experiment, and false if there is
// none.
func manifestOf(dir, experiment string) (Manifest, bool, error) {
	m, err := ReadManifest(dir, experiment)
	if errors.Is(err, fs.ErrNotExist) {
		return Manifest{}, false, nil
	}
	return m, err == nil, err
}
