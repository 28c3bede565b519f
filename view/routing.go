package view

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/hyperroute/hyperroute/delayseq"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/routers"
)

// Trial names one routing trial: its configuration, and where its random
// stream comes from (experiments.TrialRand): the master seed, the stream
// (an experiment's name, or "sim" for hyperroute sim) and the trial's
// index. The same three replay the trial (docs/model.md, 0.7).
type Trial struct {
	Config routers.Config
	Seed   uint64
	Stream string
	Index  int
}

// Check reports why the page cannot draw a run of c, or nil: a cube above
// Q_MaxDim, or disjoint pipelined, whose copies start when their
// intermediate has the message, which the trace does not say.
func Check(c routers.Config) error {
	switch {
	case c.N > MaxDim:
		return fmt.Errorf("n=%d: the page draws Q_n for n ≤ %d only (%d nodes), not %d nodes", c.N, MaxDim, 1<<MaxDim, 1<<c.N)
	case c.Router == "disjoint" && param(c, "pipelined") == "true":
		return errors.New("disjoint pipelined: the page draws the two phases one after the other (pipelined=false)")
	case c.DrawOnly:
		return errors.New("draw only: its trials route nothing")
	case c.Clockless:
		return errors.New("clockless: its trials are computed without the clock, with no steps to play")
	}
	c.Record = engine.Record{} // what it records is the page's business
	return c.Validate()
}

// ErrNotRouted is the error of a trial over detours that was not routed.
var ErrNotRouted = errors.New("not routed")

// Route replays trial t and returns its panel.
func Route(t Trial) (*Panel, error) {
	c, rng, seed, err := t.prepare()
	if err != nil {
		return nil, err
	}
	var sim routers.Sim
	res, err := sim.Trial(c, rng)
	if err != nil {
		return nil, err
	}
	if !res.Routed() {
		return nil, fmt.Errorf("trial %d of %s: %w: its detour system is not complete (ok = false)", t.Index, t.Config.Describe(), ErrNotRouted)
	}
	return routingPanel(&sim, c, res, t.Index, seed)
}

// RouteIntact replays trial t, on a faulty cube, and routes the same
// request and intermediates on the intact cube: over a detour system
// without failed edges if t routes over detours, so by the same rules
// (its T is the faulty trial's T_intact). It returns the intact panel
// first.
func RouteIntact(t Trial) (intact, faulty *Panel, err error) {
	if !t.Config.Faulty() {
		return nil, nil, errors.New("an intact cube against itself: the faulty run needs failed edges (q, k or a fault list)")
	}
	if faulty, err = Route(t); err != nil {
		return nil, nil, err
	}
	c, rng, seed, err := t.prepare()
	if err != nil {
		return nil, nil, err
	}
	var sim routers.Sim
	if err := sim.Draw(c, rng); err != nil {
		return nil, nil, err
	}
	if err := sim.Faults.Reset(c.N); err != nil {
		return nil, nil, err
	}
	ci := c
	ci.Q, ci.K, ci.FaultList = 0, 0, ""
	if c.HasDetours() {
		sim.System.Reset(&sim.Faults) // no detours
		sim.Complete = true
	}
	res, err := sim.Route(ci, rng)
	if err != nil {
		return nil, nil, err
	}
	if intact, err = routingPanel(&sim, ci, res, t.Index, seed); err != nil {
		return nil, nil, err
	}
	intact.Title = "the same request and intermediates on the intact cube"
	if faulty.Substeps > 1 {
		intact.Stretch = faulty.Substeps
		intact.Notes = append(intact.Notes, fmt.Sprintf("Played at the pace of the faulty run's rounds: each step over its d = %d sub-steps.", faulty.Substeps))
	}
	note := "Not a row of any table: the faulty trial's instance routed without failed edges."
	if c.HasDetours() {
		note = "Not a row of any table: the faulty trial's instance routed without failed edges, by the same rules (its T is the faulty run's T_intact)."
	}
	intact.Notes = append(intact.Notes, note)
	return intact, faulty, nil
}

// prepare checks t's configuration and returns it, set to record what the
// page needs, with the trial's random stream and recorded seed.
func (t Trial) prepare() (routers.Config, *rand.Rand, uint64, error) {
	c := t.Config
	if err := Check(c); err != nil {
		return c, nil, 0, err
	}
	c.Record = engine.Record{Trace: true, Loads: true}
	rng, seed := experiments.TrialRand(t.Seed, t.Stream, c.InstanceKey(), t.Index)
	return c, rng, seed, nil
}

// routingPanel builds the panel of trial index of c, routed by sim with
// result res.
func routingPanel(sim *routers.Sim, c routers.Config, res *routers.Result, index int, seed uint64) (*Panel, error) {
	k, err := routers.Lookup(c.Router)
	if err != nil {
		return nil, err
	}
	p := &Panel{Title: c.Describe() + fmt.Sprintf(" · trial %d", index), T: res.T, Prios: c.Prios()}
	p.Net = Net{Kind: "cube", N: c.N, P: 1 << c.N}
	if c.Router == "disjoint" {
		p.Net = Net{Kind: "butterfly", N: c.N, P: c.N << c.N}
	}
	p.setSends(res.Trace)
	if c.Router == "valiant" || c.Router == "adaptive-valiant" || c.Router == "disjoint" {
		p.Phases = c.N // Valiant's priorities d and d + n; disjoint's hops taken, 0 … n in phase 1
	}
	if err := p.setQueues(c, res); err != nil {
		return nil, err
	}
	p.Packets = packets(sim, c)
	if c.Faulty() {
		y := sim.System
		if y == nil {
			y = faults.NewSystem(&sim.Faults)
		}
		p.setFaults(y)
	}
	if res.Loads != nil {
		for q := range len(res.Loads) / res.LoadNodes {
			p.Loads = append(p.Loads, res.Loads[q*res.LoadNodes:(q+1)*res.LoadNodes])
		}
	}
	if k.DelaySequences && c.Port == routers.SinglePort && c.Queue == engine.Priority && !c.Faulty() && !c.HasDetours() {
		if p.Delay, err = critical(&res.Result, c.N); err != nil {
			return nil, err
		}
	}
	if d, ok := measure(res, "d"); ok {
		p.Substeps = int(d)
	}
	p.Notes = routingNotes(c, k)
	rows, err := experiments.TrialRows([]string{experiments.TableTrials}, sim, c, res, index, seed)
	if err != nil {
		return nil, err
	}
	defer release(rows)
	if len(rows) != 1 || len(rows[0]) != 1 || rows[0][0].NumRows() != 1 {
		return nil, errors.New("view: the trial has no trials row")
	}
	p.Row, err = rowOf(rows[0][0], 0)
	return p, err
}

// setFaults sets the failed edges of y and their detours.
func (p *Panel) setFaults(y *faults.System) {
	y.Faults.Each(func(v uint32, d int) {
		p.Failed = append(p.Failed, [2]uint32{v, v ^ 1<<(d-1)})
		if u, ok := y.Detour(v, d); ok {
			p.Detours = append(p.Detours, u.Nodes())
		}
	})
}

// setQueues sets p.Queues from the trace where it says when every packet
// starts to wait: at time 0, or for disjoint's phase 2 at T1.
func (p *Panel) setQueues(c routers.Config, res *routers.Result) error {
	if c.Router == "bitonic" {
		return nil // copies exchanged, no queues (and over detours words held for their step)
	}
	start := func(int32) int32 { return 0 }
	if c.Router == "disjoint" {
		t1, _ := measure(res, "T1")
		first := int32(c.N << c.N) // the first id of phase 2
		start = func(id int32) int32 { return int32(t1) * btoi(id >= first) }
	}
	q, err := Waiting(res.Trace, p.Net.P, res.T, start)
	p.Queues = q
	return err
}

// param returns the value of c's parameter name.
func param(c routers.Config, name string) string {
	p, err := routers.LookupParam(name)
	if err != nil {
		panic("view: " + err.Error())
	}
	return p.Get(c)
}

func btoi(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// packets says where each packet of the trial drawn in sim goes.
func packets(sim *routers.Sim, c routers.Config) *Packets {
	dst := sim.Req.Dst
	switch c.Router {
	case "disjoint":
		n := c.N
		msgs := len(dst)
		p := &Packets{}
		for ph := range 2 {
			for s := range msgs {
				for d := 1; d <= n; d++ {
					at := uint32(s)
					if ph == 1 {
						at = sim.Via[s]
					}
					p.Src = append(p.Src, at*uint32(n)+uint32(d-1))
					p.Via = append(p.Via, sim.Via[s])
					p.Dst = append(p.Dst, dst[s])
					p.Msg = append(p.Msg, int32(s))
					p.Copy = append(p.Copy, int32(d))
				}
			}
		}
		return p
	case "bitonic":
		if c.Faulty() {
			return nil // the packets are the words of the compare-exchange steps
		}
	}
	p := &Packets{Dst: slices.Clone(dst), Via: slices.Clone(sim.Via)}
	p.Src = make([]uint32, len(dst))
	for id := range dst {
		p.Src[id] = uint32(id / c.Mu)
	}
	return p
}

// critical returns the critical delay sequence of a run on Q_n, checked
// against the proof of Lemma I.1 (delayseq.Seq.Check).
func critical(res *engine.Result, n int) (*Delay, error) {
	d, err := delayseq.Critical(res, n)
	if err == nil {
		err = d.Check(res)
	}
	if err != nil {
		return nil, err
	}
	out := &Delay{SumF: d.Load(res), Seq: make([][3]int32, len(d))}
	for i, s := range d {
		out.Seq[i] = [3]int32{int32(s.Node), int32(s.Prio), s.T}
	}
	return out, nil
}

// measure returns the router's measure name of res, if it reported it.
func measure(res *routers.Result, name string) (float64, bool) {
	return res.Measured(slices.IndexFunc(routers.Measures, func(m routers.Measure) bool { return m.Name == name }))
}

// routingNotes says what a panel of c, a run of router k, shows.
func routingNotes(c routers.Config, k *routers.Kind) []string {
	var notes []string
	switch c.Router {
	default:
		notes = append(notes, k.Doc+".")
	case "valiant":
		notes = append(notes, fmt.Sprintf("Valiant's two phases (Ch. I.3): e-cube to a random intermediate, priority d, then e-cube to the destination, priority d + %d.", c.N))
	case "ecube":
		notes = append(notes, "Greedy e-cube routing (Ch. I.1): dimensions in ascending order, priority = the dimension crossed.")
	case "bitonic":
		notes = append(notes, "Bitonic sort (Ch. I.1): in every step each node sends a copy of its packet across one dimension; priority = that dimension.")
	case "disjoint":
		notes = append(notes, fmt.Sprintf("n copies of every message on n disjoint paths of the wrapped butterfly BF_%d (Ch. II): super-node s to a random y, then y to z; priority = hops taken (phase 2 from %d).", c.N, c.N+1))
	}
	if c.HasDetours() && (c.Router == "ecube" || c.Router == "valiant") {
		notes = append(notes, "The intact cube simulated over a confluent detour system (Ch. III.2): step t is sub-step t mod d; priority 0 is a delivery from the destination's queue.")
	}
	if c.Faulty() && !c.HasDetours() && !slices.Contains([]string{"adaptive-ecube", "adaptive-valiant", "safety-levels"}, c.Router) {
		notes = append(notes, "The routing does not know the faults: a packet sent over a failed edge is lost.")
	}
	return notes
}

// rowOf returns row i of b as columns, each value as hyperroute sim
// --record writes it.
func rowOf(b arrow.RecordBatch, i int) ([]Column, error) {
	cols := make([]Column, b.NumCols())
	for j, f := range b.Schema().Fields() {
		v, err := json.Marshal(b.Column(j).GetOneForMarshal(i))
		if err != nil {
			return nil, err
		}
		cols[j] = Column{Name: f.Name, Value: v}
	}
	return cols, nil
}

func release(rows [][]arrow.RecordBatch) {
	for _, bs := range rows {
		for _, b := range bs {
			b.Release()
		}
	}
}
