package experiments

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/hyperroute/hyperroute/dataset"
)

// redoChanged removes the files of another run of the experiment found in
// root, if r.RedoChanged, the run has no profile and neither had the other
// (the small defaults, which are cheap to redo), and the other run differs
// only in its spec text, seed or trials; why is how it differs. It reports
// whether it removed them, and sets r.Replaced to why.
func (r *Runner) redoChanged(root string, other dataset.FileInfo, why error) (bool, error) {
	got, err := dataset.ManifestFromMeta(other.Meta)
	if !r.RedoChanged || r.Spec.Profile != "" || err != nil || got.Profile != "" || got.Experiment != r.Spec.Name {
		return false, nil
	}
	if err := r.guard(); err != nil {
		return false, err
	}
	for _, f := range r.files {
		if err := os.Remove(filepath.Join(root, filepath.FromSlash(f.Path))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return false, err
		}
	}
	if err := os.Remove(filepath.Join(root, dataset.ManifestName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	// The directories left empty, deepest first.
	var dirs []string
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && path != root {
			dirs = append(dirs, path)
		}
		return nil
	})
	for _, d := range slices.Backward(dirs) {
		os.Remove(d) // fails, as it should, if not empty
	}
	r.files, r.Replaced = nil, why
	clear(r.stale)
	return true, nil
}
