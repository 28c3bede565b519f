package routers

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hyperroute/hyperroute/detours"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/param"
)

// Params are the parameters of a configuration, in the order in which a
// grid expands them, outermost first: the common ones, then the routers'
// own (Own) in registry order. Every one is a grid axis of experiment specs
// and a flag of hyperroute sim.
var Params = gather(common)

// common are the parameters every router takes.
var common = []*Param{
	{Param: param.Param{Name: "n", Doc: "cube dimension", Type: Int, Default: "10", Lo: 1, Hi: hypercube.MaxDim, Instance: true},
		set: func(c *Config, v string) error { return setInt(&c.N, v) },
		get: func(c Config) string { return strconv.Itoa(c.N) }, num: func(c Config) float64 { return float64(c.N) }},
	{Param: param.Param{Name: "mu", Doc: "packets sent and received per node (μ-bounded request)", Type: Int, Default: "1", Lo: 1, Hi: 1 << 16, Instance: true},
		set: func(c *Config, v string) error { return setInt(&c.Mu, v) },
		get: func(c Config) string { return strconv.Itoa(c.Mu) }, num: func(c Config) float64 { return float64(c.Mu) }},
	{Param: param.Param{Name: "pattern", Doc: "request pattern", Type: Name, Default: "random", Names: func() []string { return hypercube.Patterns }, Instance: true},
		set: func(c *Config, v string) error { c.Pattern = v; return nil },
		get: func(c Config) string { return c.Pattern }},
	{Param: param.Param{Name: "router", Doc: "router", Type: Name, Default: "valiant", Names: Names},
		set: func(c *Config, v string) error { c.Router = v; return nil },
		get: func(c Config) string { return c.Router }},
	{Param: param.Param{Name: "port", Doc: "port model", Type: Name, Default: "single", Names: func() []string { return portNames }, Aliases: map[string]string{"one": "single"}},
		set: func(c *Config, v string) (err error) { c.Port, err = ParsePort(v); return err },
		get: func(c Config) string { return c.Port.String() }},
	{Param: param.Param{Name: "queue", Doc: "queue discipline", Type: Name, Default: "priority", Names: engine.DisciplineNames},
		set: func(c *Config, v string) (err error) { c.Queue, err = engine.ParseDiscipline(v); return err },
		get: func(c Config) string { return c.Queue.String() }},
	{Param: faults.QParam,
		set: func(c *Config, v string) error { return setFloat(&c.Q, v) },
		get: func(c Config) string { return strconv.FormatFloat(c.Q, 'g', -1, 64) }, num: func(c Config) float64 { return c.Q }},
	{Param: faults.KParam,
		set: func(c *Config, v string) error { return setInt(&c.K, v) },
		get: func(c Config) string { return strconv.Itoa(c.K) }, num: func(c Config) float64 { return float64(c.K) }},
	{Param: faults.ListParam,
		set: func(c *Config, v string) error { c.FaultList = faults.List(v); return nil },
		get: func(c Config) string { return string(c.FaultList) }},
	{Param: detours.Param,
		set: func(c *Config, v string) error { c.Detours = v; return nil },
		get: func(c Config) string { return c.detours() }},
}

// defaultDetours is the default of parameter detours, which a Config not
// set up by Defaults leaves empty.
const defaultDetours = detours.None

// orDefault returns v, or def if v is empty (a Config not set up by
// Defaults).
func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// ParamType is the type of a parameter's values.
type ParamType = param.Type

// The types of parameters.
const (
	Int   = param.Int   // an integer in [Lo, Hi]
	Float = param.Float // a number in [Lo, Hi]
	Name  = param.Name  // one of Names()
	Bool  = param.Bool  // true or false
)

// Param is a parameter of a configuration: its description (Instance:
// configurations differing in it route different instances, so that trial
// streams depend on it, Config.InstanceKey) and how it sets and reads a
// Config.
type Param struct {
	param.Param
	// Own says that only the routers whose Kind lists it take it; the
	// others take its default only.
	Own bool
	// Used, if set, reports whether a router that takes p uses it in c.
	Used func(c Config) bool
	slot int // of an Own parameter in Config's values
	set  func(c *Config, v string) error
	get  func(c Config) string
	num  func(c Config) float64 // the value of an Int or Float
}

// LookupParam returns the parameter named name.
func LookupParam(name string) (*Param, error) {
	i := slices.IndexFunc(Params, func(p *Param) bool { return p.Name == name })
	if i < 0 {
		return nil, fmt.Errorf("unknown parameter %q (want %s)", name, strings.Join(ParamNames(), ", "))
	}
	return Params[i], nil
}

// ParamNames lists the parameters' names in order.
func ParamNames() []string {
	names := make([]string, len(Params))
	for i, p := range Params {
		names[i] = p.Name
	}
	return names
}

// Check reports whether v is a value of p.
func (p *Param) Check(v string) error {
	var c Config
	return p.Set(&c, v)
}

// Set sets p in c to v, or reports why v is not a value of p.
func (p *Param) Set(c *Config, v string) error {
	if err := p.Param.Check(v); err != nil {
		return err
	}
	return p.set(c, p.Canon(v))
}

// Get returns the value of p in c, as Set takes it.
func (p *Param) Get(c Config) string { return p.get(c) }

// Num returns the value of an Int or Float parameter p in c as a number,
// without a round trip through its text.
func (p *Param) Num(c Config) float64 { return p.num(c) }

func setInt(dst *int, v string) error {
	x, err := strconv.Atoi(v)
	*dst = x
	return err
}

func setFloat(dst *float64, v string) error {
	x, err := strconv.ParseFloat(v, 64)
	*dst = x
	return err
}

// Defaults returns the configuration of every parameter's default.
func Defaults() Config {
	var c Config
	for _, p := range Params {
		if err := p.Set(&c, p.Default); err != nil {
			panic("routers: default of " + p.Name + ": " + err.Error())
		}
	}
	return c
}
