package experiments

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/param"
	"github.com/hyperroute/hyperroute/routers"
)

// Tables a spec may record.
const (
	TableTrials  = "trials"  // one row per trial
	TablePackets = "packets" // one row per packet
	TableLoads   = "loads"   // one row per trial and priority
	// TableNodeLoads holds f(p,v): one row per trial, priority and node.
	TableNodeLoads = "nodeloads"
	// TableDelaySeq holds one row per trial: the critical delay sequence
	// of thesis Lemma I.1 [Schömer 1988] and a fixed one (docs/model.md, I.3).
	TableDelaySeq = "delayseq"
	// TableMessages holds one row per message: the copies that reached
	// its intermediate and its destination, and whether it was delivered
	// (docs/model.md, II.5).
	TableMessages = "messages"
	// TableLoadCounts holds one row per trial, priority p and load f: the
	// nodes w with f(p, w) = f (thesis Lemma II.2).
	TableLoadCounts = "loadcounts"
	// TableRounds holds one row per trial and round of the heuristic
	// matching: the failed edges still without a detour and the intact
	// edges reserved after it (thesis Ch. III.1, the recursion for g(k)
	// and f(k)).
	TableRounds = "rounds"
)

// Tables lists the tables a spec may record.
var Tables = []string{TableTrials, TablePackets, TableLoads, TableNodeLoads, TableDelaySeq,
	TableMessages, TableLoadCounts, TableRounds}

// Limits of the other spec values.
const (
	MaxTrials = math.MaxInt32 // trials per grid point; trial numbers are int32
	MaxShards = 100000
)

// Spec is an experiment spec: a model, a grid of its parameters, how many
// trials to run at each point from which master seed, and what to record.
type Spec struct {
	Name, Description string
	Model             *Model
	Grid              Grid
	Trials            int
	// FirstTrial is the index of the first trial: a run holds the trials
	// FirstTrial … FirstTrial+Trials−1 of every point, the same as those
	// trials of a longer run.
	FirstTrial int
	Seed       uint64
	Tables     []string
	// Partition lists the axes that partition the tables (hive layout),
	// outermost first; default [n].
	Partition []string
	// Shards is the shard count for runs that learn only their shard index
	// from the environment (a Kubernetes Indexed Job).
	Shards int
	// PacketTrials limits the packets and messages tables to trials
	// 0 … PacketTrials−1 of each point; 0 records every trial.
	PacketTrials int
	// NodeTrials limits the nodeloads table likewise.
	NodeTrials int
	// SkipInvalid skips the grid points that their router rejects (bitonic
	// with μ > 1 or a queue other than priority) instead of failing.
	SkipInvalid bool
	// DrawOnly makes every trial draw its instance and detour system and
	// report the detour measures without routing (routers.Config.DrawOnly):
	// experiments on the detour systems themselves.
	DrawOnly bool
	// Clockless computes every trial's fates from its faults and routes
	// without the clock (routers.Config.Clockless): lost messages, copies,
	// hops and moved as the step simulation has them, T = 0.
	Clockless bool
	// RSE, if on, stops each point's trials at a target relative standard
	// error; Trials is then the most a point runs.
	RSE      RSE
	Profiles map[string]Profile
	// Profile is the name of the applied profile, "" for none.
	Profile string

	File string // where the spec came from, for errors
	Text string // the spec file, verbatim

	points  []Point
	skipped []Skip
	at      map[string]place // where the top-level keys are, for errors
}

// Profile is a named variant of a spec, such as "paper": the values it sets
// replace the spec's, and each grid axis it names replaces that axis.
type Profile struct {
	Trials, Shards, PacketTrials, NodeTrials int // 0: unchanged
	RSE                                      RSE // unchanged if not On
	Grid                                     Grid
	at                                       map[string]place // where its keys are
}

// place is where a key is in the spec file, for errors.
type place struct {
	line int
	key  string // dotted path
}

// Skip is a grid point left out by skip_invalid, and why.
type Skip struct {
	Point  Point
	Reason error
}

var (
	topKeys     = []string{"name", "description", "model", "grid", "trials", "seed", "tables", "partition", "shards", "packet_trials", "node_trials", "skip_invalid", "draw_only", "clockless", "rse", "profiles"}
	modelKeys   = []string{"packet_trials", "node_trials", "draw_only", "clockless"} // a model takes them if it says so (Model.Keys)
	profileKeys = []string{"trials", "shards", "packet_trials", "node_trials", "rse", "grid"}
	nameRE      = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)
)

// MaxSpecBytes bounds a spec's text, which every part file's footer
// records; MaxDescription bounds its description.
const (
	MaxSpecBytes   = 1 << 20
	MaxDescription = 1000
)

// Parse parses and validates the spec text read from file (the name used
// in errors). Every profile is validated too. Errors are *SpecError.
func Parse(file string, text []byte) (*Spec, error) {
	if len(text) > MaxSpecBytes {
		return nil, &SpecError{File: file, Msg: fmt.Sprintf("larger than a spec may be (%d bytes or more, at most 1 MiB: every part file records its spec)", len(text))}
	}
	p := nodes{file}
	dec := yaml.NewDecoder(bytes.NewReader(text))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &SpecError{File: file, Line: 1, Msg: "empty spec"}
		}
		return nil, yamlError(file, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		if err != nil {
			return nil, yamlError(file, err)
		}
		return nil, &SpecError{File: file, Line: extra.Line, Msg: "more than one YAML document"}
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	m, err := p.model(root)
	if err != nil {
		return nil, err
	}
	s := &Spec{File: file, Text: string(text), Model: m, Grid: Grid{model: m}, Partition: m.Partition,
		Tables: m.TableNames()[:1], Shards: 1, SkipInvalid: m.SkipInvalid, at: make(map[string]place)}
	if m.Once || m.TrialsOptional {
		s.Trials = 1
	}
	var grid *yaml.Node
	err = p.mapping(root, "", topKeys, func(key, full string, k, v *yaml.Node) error {
		s.at[key] = place{k.Line, key}
		if slices.Contains(modelKeys, key) && !slices.Contains(m.Keys, key) {
			return p.errf(k, key, "model %s takes no %s", m.Name, key)
		}
		var err error
		switch key {
		case "model":
			// read by p.model
		case "name":
			if s.Name, err = p.str(v, key); err == nil {
				if err = CheckName(s.Name); err != nil {
					err = p.errf(v, key, "%v", err)
				}
			}
		case "description":
			if s.Description, err = p.str(v, key); err == nil && len(s.Description) > MaxDescription {
				err = p.errf(v, key, "%d bytes, at most %d: it goes into captions and every manifest", len(s.Description), MaxDescription)
			}
		case "grid":
			grid = v
			err = p.parseGrid(v, key, &s.Grid)
		case "trials":
			if m.Once {
				return p.errf(k, key, "model %s runs each point once: no trials", m.Name)
			}
			s.Trials, err = p.integer(v, key, 1, MaxTrials)
		case "seed":
			s.Seed, err = p.unsigned(v, key)
		case "tables":
			s.Tables, err = p.strAxis(v, key, m.checkTable)
		case "partition":
			s.Partition, err = p.partition(v, key, m)
		case "shards":
			s.Shards, err = p.integer(v, key, 1, MaxShards)
		case "packet_trials":
			s.PacketTrials, err = p.integer(v, key, 1, MaxTrials)
		case "node_trials":
			s.NodeTrials, err = p.integer(v, key, 1, MaxTrials)
		case "skip_invalid":
			s.SkipInvalid, err = p.boolean(v, key)
		case "draw_only":
			s.DrawOnly, err = p.boolean(v, key)
		case "clockless":
			s.Clockless, err = p.boolean(v, key)
		case "rse":
			s.RSE, err = p.parseRSE(v, key, m)
		case "profiles":
			s.Profiles, err = p.profiles(v, key, m)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, key := range []string{"name", "grid", "trials", "seed"} {
		if _, ok := s.at[key]; !ok && !(key == "trials" && (m.Once || m.TrialsOptional)) {
			return nil, p.errf(root, key, "missing")
		}
	}
	for _, axis := range m.Required {
		if grid.Kind == yaml.MappingNode && !hasKey(grid, axis) {
			return nil, p.errf(grid, "grid."+axis, "missing")
		}
	}
	if err := s.expand(); err != nil {
		return nil, err
	}
	for _, name := range slices.Sorted(maps.Keys(s.Profiles)) {
		if _, err := s.WithProfile(name); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// CheckName reports whether name can name an experiment, and so its trial
// streams (TrialSeed).
func CheckName(name string) error {
	if !nameRE.MatchString(name) {
		return fmt.Errorf("%q: want letters, digits, '.', '_' and '-', starting with a letter or digit, at most 64", name)
	}
	return nil
}

// yamlError turns a YAML syntax error into a SpecError with its line.
func yamlError(file string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var line int
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, after, ok := strings.Cut(rest, ": "); ok {
			if l, err := strconv.Atoi(num); err == nil {
				line, msg = l, after
			}
		}
	}
	return &SpecError{File: file, Line: line, Msg: "YAML: " + msg}
}

func hasKey(m *yaml.Node, key string) bool {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return true
		}
	}
	return false
}

// model reads the model key of the spec root, routing if there is none.
func (p nodes) model(root *yaml.Node) (*Model, error) {
	if root.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(root.Content); i += 2 {
			if root.Content[i].Value != "model" {
				continue
			}
			v := root.Content[i+1]
			name, err := p.str(v, "model")
			if err != nil {
				return nil, err
			}
			m, err := LookupModel(name)
			if err != nil {
				return nil, p.errf(v, "model", "%v", err)
			}
			return m, nil
		}
	}
	return LookupModel(RoutingModel)
}

func (m *Model) checkTable(s string) error {
	if m.table(s) == nil {
		return fmt.Errorf("unknown table %q (model %s has %s)", s, m.Name, strings.Join(m.TableNames(), ", "))
	}
	return nil
}

// partition reads the partition keys: a list of distinct axis names, or an
// empty list for none.
func (p nodes) partition(n *yaml.Node, key string, m *Model) ([]string, error) {
	if n.Kind == yaml.SequenceNode && len(n.Content) == 0 {
		return []string{}, nil
	}
	return p.strAxis(n, key, func(s string) error {
		a, err := m.Param(s)
		if err != nil {
			return fmt.Errorf("unknown partition key %q (want grid axes: %s)", s, strings.Join(m.Axes(), ", "))
		}
		if a.Type == param.Float {
			return fmt.Errorf("partition key %q: a number axis cannot name a directory (want an integer, name or boolean axis)", s)
		}
		return nil
	})
}

func (p nodes) profiles(n *yaml.Node, path string, m *Model) (map[string]Profile, error) {
	profiles := make(map[string]Profile)
	names := make([]string, 0)
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			names = append(names, n.Content[i].Value)
		}
	}
	err := p.mapping(n, path, names, func(name, full string, k, v *yaml.Node) error {
		if !nameRE.MatchString(name) {
			return p.errf(k, full, "profile name: want letters, digits, '.', '_' and '-'")
		}
		if v.Kind == yaml.MappingNode && len(v.Content) == 0 {
			return p.errf(v, full, "empty profile")
		}
		pr := Profile{Grid: Grid{model: m}, at: make(map[string]place)}
		err := p.mapping(v, full, profileKeys, func(key, kfull string, k, v *yaml.Node) error {
			pr.at[key] = place{k.Line, kfull}
			if slices.Contains(modelKeys, key) && !slices.Contains(m.Keys, key) {
				return p.errf(k, kfull, "model %s takes no %s", m.Name, key)
			}
			var err error
			switch key {
			case "trials":
				if m.Once {
					return p.errf(k, kfull, "model %s runs each point once: no trials", m.Name)
				}
				pr.Trials, err = p.integer(v, kfull, 1, MaxTrials)
			case "shards":
				pr.Shards, err = p.integer(v, kfull, 1, MaxShards)
			case "packet_trials":
				pr.PacketTrials, err = p.integer(v, kfull, 1, MaxTrials)
			case "node_trials":
				pr.NodeTrials, err = p.integer(v, kfull, 1, MaxTrials)
			case "rse":
				pr.RSE, err = p.parseRSE(v, kfull, m)
			case "grid":
				err = p.parseGrid(v, kfull, &pr.Grid)
			}
			return err
		})
		profiles[name] = pr
		return err
	})
	return profiles, err
}

// WithProfile returns a copy of s with the named profile applied.
func (s *Spec) WithProfile(name string) (*Spec, error) {
	pr, ok := s.Profiles[name]
	if !ok {
		names := slices.Sorted(maps.Keys(s.Profiles))
		if len(names) == 0 {
			return nil, fmt.Errorf("%s: unknown profile %q (the spec has no profiles)", s.File, name)
		}
		return nil, fmt.Errorf("%s: unknown profile %q (want %s)", s.File, name, strings.Join(names, ", "))
	}
	t := s.clone()
	t.Profile = name
	t.Trials = cmp.Or(pr.Trials, t.Trials)
	t.Shards = cmp.Or(pr.Shards, t.Shards)
	t.PacketTrials = cmp.Or(pr.PacketTrials, t.PacketTrials)
	t.NodeTrials = cmp.Or(pr.NodeTrials, t.NodeTrials)
	if pr.RSE.On() {
		t.RSE = pr.RSE
	}
	t.Grid = t.Grid.with(pr.Grid)
	maps.Copy(t.at, pr.at)
	if err := t.expand(); err != nil {
		return nil, err
	}
	return t, nil
}

// WithTrials returns a copy of s that runs k trials per point.
func (s *Spec) WithTrials(k int) (*Spec, error) {
	if k < 1 || k > MaxTrials {
		return nil, fmt.Errorf("trials=%d out of range [1, %d]", k, MaxTrials)
	}
	if s.Model.Once && k != 1 {
		return nil, fmt.Errorf("trials=%d: model %s runs each point of %s once", k, s.Model.Name, s.Name)
	}
	t := s.clone()
	t.Trials = k
	return t, nil
}

// WithFirstTrial returns a copy of s whose trials start at index f.
func (s *Spec) WithFirstTrial(f int) (*Spec, error) {
	if s.Model.Once && f != 0 {
		return nil, fmt.Errorf("first trial %d: model %s runs each point of %s once, as trial 0", f, s.Model.Name, s.Name)
	}
	if s.RSE.On() && f != 0 {
		return nil, fmt.Errorf("first trial %d: the rse rule of %s decides on a point's trials from 0", f, s.Name)
	}
	if f < 0 || f > MaxTrials-s.Trials {
		return nil, fmt.Errorf("first trial %d: want 0 … %d for %d trials", f, MaxTrials-s.Trials, s.Trials)
	}
	t := s.clone()
	t.FirstTrial = f
	return t, nil
}

// once reports whether each point runs once, as trial 0, and shards by
// points (Model.Once, Model.TrialsOptional).
func (s *Spec) once() bool {
	return s.Model.Once || s.Model.TrialsOptional && s.Trials == 1 && s.FirstTrial == 0 && !s.RSE.On()
}

// Trial returns the index of the jth trial of shard sh.
func (s *Spec) Trial(sh Shard, j int) int { return s.FirstTrial + sh.Trial(j) }

func (s *Spec) clone() *Spec {
	t := *s
	t.at = maps.Clone(s.at)
	return &t
}

// expand checks the tables against the grid and expands the grid into
// points, skipping or rejecting the points the routers reject.
func (s *Spec) expand() error {
	at := func(key string) *SpecError {
		pl := s.at[key]
		return &SpecError{File: s.File, Line: pl.line, Key: pl.key}
	}
	for _, lim := range []struct {
		key, tables string
		trials      int
		recorded    bool
	}{
		{"packet_trials", "packets or messages", s.PacketTrials, s.has(TablePackets) || s.has(TableMessages)},
		{"node_trials", TableNodeLoads, s.NodeTrials, s.has(TableNodeLoads)},
	} {
		if lim.trials > 0 && !lim.recorded {
			e := at(lim.key)
			e.Msg = "set, but tables do not include " + lim.tables
			return e
		}
	}
	if size := s.Grid.size(); size > MaxPoints {
		e := at("grid")
		e.Msg = fmt.Sprintf("%d points, more than %d", size, MaxPoints)
		return e
	}
	s.points, s.skipped = nil, nil
	cfgs := s.Grid.expand()
	if len(cfgs) > MaxPoints {
		e := at("grid")
		e.Msg = fmt.Sprintf("%d points, more than %d", len(cfgs), MaxPoints)
		return e
	}
	for _, c := range cfgs {
		p := Point{Index: len(s.points), Config: c, Key: c.Key(), model: s.Model}
		skippable, err := s.Model.Admit(s, c)
		if err == nil {
			s.points = append(s.points, p)
			continue
		}
		if skippable && s.SkipInvalid {
			s.skipped = append(s.skipped, Skip{p, err})
			continue
		}
		e := at("grid")
		e.Msg = fmt.Sprintf("%v: %v", p, err)
		if skippable {
			e.Msg += " (skip_invalid: true skips such points)"
		}
		return e
	}
	if len(s.points) == 0 {
		e := at("grid")
		if len(s.skipped) == 0 {
			e.Msg = "no points"
		} else {
			e.Msg = fmt.Sprintf("all %d points skipped: %v", len(s.skipped), s.skipped[0].Reason)
		}
		return e
	}
	return nil
}

// checkTables reports why tables cannot be recorded at c. The delayseq
// table needs Lemma I.1, which holds for the single-port model with
// priority queues and packets done on arrival, and a router whose
// sequences can be extracted; the
// packets table holds one packet per message.
func checkTables(tables []string, c routers.Config) error {
	k, err := routers.Lookup(c.Router)
	if err != nil {
		return err
	}
	if slices.Contains(tables, TableDelaySeq) && (!k.DelaySequences || c.Port != routers.SinglePort || c.Queue != engine.Priority) {
		return errors.New("the delayseq table needs a router with delay sequences (ecube, valiant) in the single-port model with priority queues (Lemma I.1)")
	}
	if slices.Contains(tables, TableDelaySeq) && routers.DeliveryRule(c) == "queue" {
		return errors.New("the delayseq table needs packets done on arrival (Lemma I.1's model), not delivery=queue")
	}
	if c.Clockless && slices.ContainsFunc(tables, func(t string) bool { return t != TableTrials && t != TableMessages }) {
		return errors.New("clockless: without the clock a trial records only the trials and messages tables")
	}
	if slices.Contains(tables, TableRounds) && !c.HasDetours() {
		return errors.New("the rounds table records the heuristic matching's rounds: it needs detours (a detour strategy and failed edges)")
	}
	if slices.Contains(tables, TablePackets) && k.Copies {
		return fmt.Errorf("the packets table holds one packet per message; %s sends copies (the messages table records them)", c.Router)
	}
	return nil
}

// Points returns the grid points in expansion order, without the skipped
// ones.
func (s *Spec) Points() []Point { return s.points }

// Skipped returns the grid points that skip_invalid left out.
func (s *Spec) Skipped() []Skip { return s.skipped }
