package view

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/routers"
)

// Run is the run of an experiment of the routing model in DIR/EXPERIMENT,
// as its manifest records it: its spec with the profile it ran, its master
// seed and its trials.
type Run struct {
	Dir, Experiment string
	Spec            *experiments.Spec
	Seed            uint64
	First, Trials   int
}

// OpenRun reads the manifest of the run in dir/exp.
func OpenRun(dir, exp string) (*Run, error) {
	m, err := dataset.ReadManifest(dir, exp)
	if err != nil {
		return nil, fmt.Errorf("%w (a run that is not complete has none: hyperroute merge, or run it to the end)", err)
	}
	path := filepath.Join(dir, exp, dataset.ManifestName)
	spec, err := experiments.Parse(path, []byte(m.Spec))
	if err == nil && m.Profile != "" {
		spec, err = spec.WithProfile(m.Profile)
	}
	if err != nil {
		return nil, err
	}
	if spec.Model.Name != experiments.RoutingModel {
		return nil, fmt.Errorf("%s: a run of the %s model; the page replays trials of routing runs (a collective: hyperroute view --op …)", path, spec.Model.Name)
	}
	return &Run{Dir: dir, Experiment: m.Experiment, Spec: spec, Seed: m.MasterSeed, First: m.FirstTrial, Trials: m.Trials}, nil
}

// Points returns the configurations of the run's grid points whose
// parameters have the values of want (as Param.Get writes them).
func (r *Run) Points(want map[string]string) []routers.Config {
	var out []routers.Config
	for _, p := range r.Spec.Points() {
		if c := p.Routing(); matches(c, want) {
			out = append(out, c)
		}
	}
	return out
}

func matches(c routers.Config, want map[string]string) bool {
	for name, v := range want {
		if param(c, name) != v {
			return false
		}
	}
	return true
}

// Trial returns trial i of the run's point c, or why the run has none.
func (r *Run) Trial(c routers.Config, i int) (Trial, error) {
	if i < r.First || i >= r.First+r.Trials {
		return Trial{}, fmt.Errorf("trial %d: %s holds trials %d … %d", i, filepath.Join(r.Dir, r.Experiment), r.First, r.First+r.Trials-1)
	}
	return Trial{Config: c, Seed: r.Seed, Stream: r.Experiment, Index: i}, nil
}

// ErrDiffers is the error of a replay whose row differs from the stored
// one.
var ErrDiffers = errors.New("the replay differs from the stored row")

// Check reports whether the trials row of panel p, a replay of trial t of
// the run, equals the row the run stored for it; its error says which
// columns differ (ErrDiffers) or why the row cannot be read.
func (r *Run) Check(p *Panel, t Trial) error {
	stored, err := r.storedRow(p)
	if err != nil {
		return err
	}
	if stored == nil {
		return fmt.Errorf("%s: no row of trial %d of %s in its trials table", filepath.Join(r.Dir, r.Experiment), t.Index, t.Config.Describe())
	}
	var diff []string
	for _, c := range p.Row {
		if s, ok := stored[c.Name]; !ok || !bytes.Equal(s, c.Value) {
			diff = append(diff, fmt.Sprintf("%s = %s replayed, %s stored", c.Name, c.Value, orNone(s, ok)))
		}
	}
	if diff != nil {
		return fmt.Errorf("%w of trial %d of %s: %s (a run of another build of the harness?)", ErrDiffers, t.Index, t.Config.Describe(), strings.Join(diff, "; "))
	}
	return nil
}

func orNone(b []byte, ok bool) string {
	if !ok {
		return "no such column"
	}
	return string(b)
}

// storedRow finds the stored row with the grid values and trial of p's
// row and returns its columns as JSON, nil if there is none. It reads a
// row group at a time, and of each the trial column first.
func (r *Run) storedRow(p *Panel) (map[string]json.RawMessage, error) {
	var found map[string]json.RawMessage
	grid := append([]string{"trial"}, routers.ParamNames()...)
	err := dataset.ReadGroups(r.Dir, r.Experiment, experiments.TableTrials, false, func(g *dataset.Group) error {
		if found != nil {
			return nil
		}
		rows := make([]int, g.Rows())
		for i := range rows {
			rows[i] = i
		}
		for _, name := range grid {
			want := p.Value(name)
			if want == nil || !g.Has(name) {
				continue
			}
			col, err := g.Column(name)
			if err != nil {
				return err
			}
			rows = slices.DeleteFunc(rows, func(i int) bool {
				v, err := value(col, i)
				return err != nil || !bytes.Equal(v, want)
			})
			if len(rows) == 0 {
				return nil
			}
		}
		found = make(map[string]json.RawMessage)
		for _, c := range p.Row {
			if !g.Has(c.Name) {
				continue
			}
			col, err := g.Column(c.Name)
			if err != nil {
				return err
			}
			if found[c.Name], err = value(col, rows[0]); err != nil {
				return err
			}
		}
		return nil
	})
	return found, err
}

// value returns row i of the one column of t as JSON.
func value(t arrow.Table, i int) (json.RawMessage, error) {
	col := t.Column(0).Data()
	for _, chunk := range col.Chunks() {
		if i < chunk.Len() {
			return json.Marshal(chunk.GetOneForMarshal(i))
		}
		i -= chunk.Len()
	}
	return nil, fmt.Errorf("view: row %d beyond the column", i)
}
