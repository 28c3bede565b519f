package experiments

import (
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/param"
	"github.com/hyperroute/hyperroute/routers"
)

// RoutingModel names the model of packet routing on Q_n (package
// routers): a spec without a model key is one of it.
const RoutingModel = "routing"

func init() {
	params := make([]*param.Param, len(routers.Params))
	for i, p := range routers.Params {
		params[i] = &p.Param
	}
	ts := make([]*Table, len(Tables))
	for i, name := range Tables {
		t := tables[name]
		ts[i] = &Table{Name: name, Schema: t.schema,
			Rows: func(b *array.RecordBuilder, p *Point, trial int, out any) { t.rows(b, p, trial, out.(*outcome)) },
			Count: func(s *Spec, p *Point, sh Shard) (int64, bool) {
				return s.routingRows(name, p.Routing(), sh)
			}}
	}
	Register(&Model{
		Name:      RoutingModel,
		Doc:       "packet routing on the n-cube: a router, a request and faults per trial (Chapters I–III)",
		Params:    params,
		Required:  []string{"n", "router"},
		Keys:      []string{"packet_trials", "node_trials", "draw_only", "clockless"},
		Partition: []string{"n"},
		Tables:    ts,
		New:       func() Config { return &routingConfig{routers.Defaults()} },
		Admit:     admitRouting,
		NewWorker: func() Worker { return new(routingWorker) },
		Memory:    func(c Config) int64 { return c.(*routingConfig).MemoryBytes() },
		Work:      func(c Config) int64 { return work(c.(*routingConfig).Config) },
		// A single-port trial of μ = 8 at n = 16 costs about 33 of μ = 1, not 8:
		// its queues outgrow the caches.
		Apart: []string{"mu"},
	})
}

// routingConfig is a point of the routing model.
type routingConfig struct{ routers.Config }

func (c *routingConfig) Set(name, v string) error {
	p, err := routers.LookupParam(name)
	if err != nil {
		return err
	}
	return p.Set(&c.Config, v)
}

func (c *routingConfig) Get(name string) string {
	p, err := routers.LookupParam(name)
	if err != nil {
		panic("experiments: " + err.Error())
	}
	return p.Get(c.Config)
}

func (c *routingConfig) Key() string { return c.InstanceKey() }

func (c *routingConfig) Clone() Config {
	d := *c
	return &d
}

// Routing returns the configuration of a point of the routing model.
func (p Point) Routing() routers.Config { return p.Config.(*routingConfig).Config }

// admitRouting sets what the trials of c record at most for s's tables and
// whether they only draw, and reports why c cannot run: its router's
// rejections (port model, queue discipline, μ) are skippable.
func admitRouting(s *Spec, cfg Config) (bool, error) {
	c := &cfg.(*routingConfig).Config
	c.Record = s.record(0)
	c.DrawOnly = s.DrawOnly
	c.Clockless = s.Clockless
	if err := checkTables(s.Tables, *c); err != nil {
		return false, err
	}
	err := c.Validate()
	if err == nil {
		return false, nil
	}
	k, _ := routers.Lookup(c.Router)
	return k.Supports(*c) != nil, err
}

// routingWorker routes one worker's trials.
type routingWorker struct{ sim routers.Sim }

func (w *routingWorker) Trial(s *Spec, p *Point, t Trial) (any, int64, error) {
	cfg := p.Routing()
	cfg.Record = s.record(t.Index)
	res, err := w.sim.Trial(cfg, t.Rand)
	if err != nil {
		return nil, 0, err
	}
	o, err := s.outcome(&w.sim, cfg, res, t.Index, t.Seed)
	if err != nil {
		return nil, 0, err
	}
	return &o, res.Hops, nil
}

// routingRows returns the rows that table holds for point c in shard sh,
// and false for a table whose rows the spec does not determine.
func (s *Spec) routingRows(table string, c routers.Config, sh Shard) (int64, bool) {
	per := int64(sh.Count(s.Trials))
	switch table {
	case TableTrials, TableDelaySeq:
		return per, true
	case TablePackets, TableMessages: // a row per packet (message) of the trials that record them
		withPackets := per // trials that record their packets
		if s.PacketTrials > 0 {
			withPackets = int64(sh.Count(min(max(s.PacketTrials-s.FirstTrial, 0), s.Trials)))
		}
		return withPackets * (int64(c.Mu) << c.N), true
	case TableLoads:
		return per * int64(c.Prios()-c.FirstPrio()), true
	case TableRounds:
		if c.Detours != "heuristic" {
			return 0, true
		}
		return per * int64(c.N-1), true
	case TableNodeLoads:
		withNodes := per
		if s.NodeTrials > 0 {
			withNodes = int64(sh.Count(min(s.NodeTrials, s.Trials)))
		}
		return withNodes * int64(c.Prios()-c.FirstPrio()) << c.N, true
	}
	return 0, false
}
