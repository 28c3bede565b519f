package experiments

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hyperroute/hyperroute/dataset"
)

// Damaged is a file that a run found damaged and set aside, with
// dataset.SetAside, so that its unit is redone.
type Damaged struct {
	Unit   *Unit  // nil for the manifest
	Path   string // relative to Dir/<name>, slash-separated
	Aside  string // where it is now, likewise
	Reason string
}

// Damaged returns the files that Prepare found damaged and set aside: the
// manifest first, then the files of the shard's units in unit order.
func (r *Runner) Damaged() []Damaged { return r.damaged }

// setAsideDamaged sets aside the files of the shard's units that are
// damaged: those that are not what they record of themselves (as Scan
// found) and those that differ from what the manifest records of them. A
// manifest that cannot be read, or is another run's, is set aside too; the
// end of an unsharded run, or merge, writes a new one.
func (r *Runner) setAsideDamaged() error {
	listed, err := r.manifestFiles()
	if err != nil {
		return err
	}
	found := make(map[string]dataset.FileInfo, len(r.files))
	for _, f := range r.files {
		found[f.Path] = f
	}
	for i := range r.units {
		u := &r.units[i]
		for _, t := range r.Spec.Tables {
			rel := r.Spec.Part(r.Dir, t, *u, r.Shard).Rel()
			f, ok := found[rel]
			if !ok {
				continue
			}
			var damage *dataset.DamageError
			errors.As(f.Err, &damage)
			if want, ok := listed[rel]; damage == nil && ok && !r.stale[rel] {
				errors.As(want.Check(f.Summary()), &damage)
			}
			if damage != nil {
				if err := r.setAside(u, rel, damage.Reason); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// manifestFiles returns the files the run's manifest lists, by path, or nil
// if there is no manifest. A manifest that cannot be read or is another
// run's is set aside.
func (r *Runner) manifestFiles() (map[string]dataset.FileSummary, error) {
	m, err := dataset.ReadManifest(r.Dir, r.Spec.Name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, r.setAside(nil, dataset.ManifestName, fmt.Sprintf("it cannot be read (%v)", err))
	}
	if err := sameRunAs(r.Spec.manifest(), r.Shard.K, m, m.Shards); err != nil {
		return nil, r.setAside(nil, dataset.ManifestName, fmt.Sprintf("it describes another run (%v)", err))
	}
	return m.Files(), nil
}

// setAside sets aside the file rel of unit u, damaged for reason.
func (r *Runner) setAside(u *Unit, rel, reason string) error {
	if err := r.guard(); err != nil {
		return err
	}
	root := filepath.Join(r.Dir, r.Spec.Name)
	aside, err := dataset.SetAside(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return err
	}
	aside, err = filepath.Rel(root, aside)
	if err != nil {
		return err
	}
	r.damaged = append(r.damaged, Damaged{Unit: u, Path: rel, Aside: filepath.ToSlash(aside), Reason: reason})
	return nil
}

// dropManifest removes the manifest before the run writes a unit, since it
// would no longer describe the files; the end of an unsharded run, or
// merge, writes a new one.
func (r *Runner) dropManifest() error {
	err := os.Remove(filepath.Join(r.Dir, r.Spec.Name, dataset.ManifestName))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("results directory: %w", err)
	}
	return nil
}
