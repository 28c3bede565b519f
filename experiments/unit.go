package experiments

import (
	"strings"

	"github.com/hyperroute/hyperroute/dataset"
)

// Unit is one partition of a spec's points: the points that share the
// values of the partition keys. Run in one shard it is a unit of work,
// written as one file per table.
type Unit struct {
	Keys   []dataset.KV // partition keys and their values, outermost first
	Points []Point      // in index order
}

// String names the unit by its partition, "n=8", or "all points" if the
// spec has no partition keys.
func (u Unit) String() string {
	if len(u.Keys) == 0 {
		return "all points"
	}
	kv := make([]string, len(u.Keys))
	for i, k := range u.Keys {
		kv[i] = k.Key + "=" + k.Value
	}
	return strings.Join(kv, "/")
}

// Units groups the points of s by the partition keys, in the order of each
// partition's first point.
func (s *Spec) Units() []Unit {
	var units []Unit
	index := make(map[string]int)
	for _, p := range s.points {
		keys := make([]dataset.KV, len(s.Partition))
		for i, a := range s.Partition {
			keys[i] = dataset.KV{Key: a, Value: p.Value(a)}
		}
		u := Unit{Keys: keys}
		id := u.String()
		i, ok := index[id]
		if !ok {
			i = len(units)
			index[id] = i
			units = append(units, u)
		}
		units[i].Points = append(units[i].Points, p)
	}
	return units
}

// Part returns the file that holds table for unit u in shard sh under dir.
func (s *Spec) Part(dir, table string, u Unit, sh Shard) dataset.Part {
	return dataset.Part{Dir: dir, Experiment: s.Name, Table: table, Keys: u.Keys, Shard: sh.Name()}
}

// job is one trial at a point.
type job struct {
	point *Point
	trial int
}

// jobList is the trials of a unit that a shard runs, in point order, then
// trial order, each made when asked for: a unit may hold more trials than
// fit in memory as jobs.
type jobList struct {
	points []*Point
	per    int             // trials of each point
	trial  func(j int) int // the j-th trial of a point
}

// Len returns the number of jobs.
func (l jobList) Len() int { return len(l.points) * l.per }

// At returns job i.
func (l jobList) At(i int) job { return job{l.points[i/l.per], l.trial(i % l.per)} }

// jobs returns the trials of unit u that shard sh runs: the trials t with
// t mod k = i of every point, or, for a model whose points run once, trial 0
// of the points numbered i mod k, or, for a spec with an rse rule, all
// trials of those points (at most: the rule may stop a point earlier).
func (s *Spec) jobs(u Unit, sh Shard) jobList {
	l := jobList{per: sh.Count(s.Trials), trial: func(j int) int { return s.Trial(sh, j) }}
	byPoint := s.once() || s.RSE.On()
	switch {
	case s.once():
		l.per, l.trial = 1, func(int) int { return 0 }
	case s.RSE.On():
		l.per, l.trial = s.Trials, func(j int) int { return j }
	}
	for i := range u.Points {
		if p := &u.Points[i]; !byPoint || p.Index%sh.K == sh.I {
			l.points = append(l.points, p)
		}
	}
	return l
}

// wantRows returns the rows that table holds for unit u in shard sh, and
// false for a table whose rows the spec does not determine.
func (s *Spec) wantRows(table string, u Unit, sh Shard) (int64, bool) {
	t := s.Model.table(table)
	if s.RSE.On() { // the rule decides
		return 0, false
	}
	var rows int64
	for i := range u.Points {
		p := &u.Points[i]
		if s.once() && p.Index%sh.K != sh.I {
			continue
		}
		n, ok := t.Count(s, p, sh)
		if !ok {
			return 0, false
		}
		rows += n
	}
	return rows, true
}
