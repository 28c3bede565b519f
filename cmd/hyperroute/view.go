package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/view"
)

// runView writes one self-contained HTML page that plays a run step by
// step (package view): a trial of a fresh run with the flags of sim, a
// recorded trial of a run directory, replayed and checked against its
// row, or with --op a collective with the flags of collective.
func runView(args []string, stdout, stderr io.Writer) error {
	if slices.ContainsFunc(args, func(a string) bool {
		return a == "-op" || a == "--op" || strings.HasPrefix(a, "-op=") || strings.HasPrefix(a, "--op=")
	}) {
		return viewCollective(args, stdout, stderr)
	}
	fs := flag.NewFlagSet("view", flag.ContinueOnError)
	sf := addSimFlags(fs)
	trial := fs.Int("trial", 0, "index of the trial to replay")
	compare := fs.String("compare", "", "a second run beside the first, stepping with it: `PARAM=A,B`, the same request and intermediates under two values of a parameter that does not make the instance (port=single,all), or intact: a faulty trial beside its instance on the intact cube")
	out := fs.String("out", "", "the page to write, `FILE.html`")
	pos, err := positional(fs, args, stderr)
	switch {
	case err != nil:
		return err
	case len(pos) > 1:
		return usagef("want at most one run directory DIR/EXPERIMENT, got %d arguments", len(pos))
	case *out == "":
		return usagef("--out FILE.html: where to write the page")
	case *trial < 0:
		return usagef("trial=%d: want a trial index ≥ 0", *trial)
	}
	if err := checkOutFile(*out); err != nil {
		return err
	}
	cmp, err := parseCompare(*compare)
	if err != nil {
		return err
	}
	var trials []view.Trial
	var run *view.Run
	if len(pos) == 1 {
		run, trials, err = recordedTrials(pos[0], fs, sf, *trial, cmp)
	} else {
		trials, err = freshTrials(sf, *trial, cmp)
	}
	if err != nil {
		return err
	}
	var panels []*view.Panel
	if cmp != nil && cmp.intact {
		intact, faulty, err := view.RouteIntact(trials[0])
		if err != nil {
			return routeError(err)
		}
		panels = []*view.Panel{intact, faulty}
	} else {
		for _, t := range trials {
			p, err := view.Route(t)
			if err != nil {
				return routeError(err)
			}
			panels = append(panels, p)
		}
	}
	if run != nil {
		faulty := panels[len(panels)-len(trials):] // not the intact panel of --compare intact
		for i, t := range trials {
			if err := run.Check(faulty[i], t); err != nil {
				return err
			}
		}
	}
	title := panels[0].Title
	switch {
	case cmp != nil && cmp.intact:
		title = panels[1].Title + ", beside the same instance on the intact cube"
	case cmp != nil:
		title = fmt.Sprintf("%s, %s=%s beside %s=%s", panels[0].Title, cmp.param.Name, cmp.values[0], cmp.param.Name, cmp.values[1])
	}
	return writePage(stdout, *out, &view.Page{Title: title, Command: commandLine(args), Panels: panels})
}

// routeError is err, a usage error if the trial was not routed.
func routeError(err error) error {
	if errors.Is(err, view.ErrNotRouted) {
		return usageError{err}
	}
	return err
}

// comparison is what --compare asks for: the trial on the intact cube,
// or under two values of one parameter.
type comparison struct {
	intact bool
	param  *routers.Param
	values [2]string
}

func parseCompare(s string) (*comparison, error) {
	if s == "" {
		return nil, nil
	}
	if s == "intact" {
		return &comparison{intact: true}, nil
	}
	name, vs, ok := strings.Cut(s, "=")
	values := strings.Split(vs, ",")
	if !ok || len(values) != 2 {
		return nil, usagef("--compare %s: want PARAM=A,B (two values, e.g. port=single,all) or intact", s)
	}
	p, err := routers.LookupParam(name)
	if err != nil {
		return nil, usagef("--compare %s: %v", s, err)
	}
	if p.Instance {
		return nil, usagef("--compare %s: %s makes the instance, so the two runs would route different requests; a faulty trial beside the intact cube: --compare intact", s, name)
	}
	c := &comparison{param: p}
	for i, v := range values {
		if c.values[i], err = canonical(p, v); err != nil {
			return nil, usagef("--compare %s: %v", s, err)
		}
	}
	return c, nil
}

// canonical returns v as p writes it (aliases resolved).
func canonical(p *routers.Param, v string) (string, error) {
	c := routers.Defaults()
	if err := p.Set(&c, v); err != nil {
		return "", err
	}
	return p.Get(c), nil
}

// freshTrials returns the trials of a fresh run that the flags name.
func freshTrials(sf *simFlags, trial int, cmp *comparison) ([]view.Trial, error) {
	cfgs, err := sf.configs()
	if err != nil {
		return nil, err
	}
	if len(cfgs) != 1 || len(sf.seeds) != 1 {
		return nil, usagef("the page plays one configuration: one value per parameter and one seed (two side by side: --compare PARAM=A,B)")
	}
	if err := cmp.check(cfgs[0]); err != nil {
		return nil, err
	}
	var out []view.Trial
	for _, c := range cmp.configs(cfgs[0]) {
		if err := view.Check(c); err != nil {
			return nil, usageError{err}
		}
		out = append(out, view.Trial{Config: c, Seed: sf.seeds[0], Stream: *sf.stream, Index: trial})
	}
	return out, nil
}

// check reports why the comparison does not apply to c.
func (cmp *comparison) check(c routers.Config) error {
	if cmp != nil && cmp.intact && !c.Faulty() {
		return usagef("--compare intact: the trial is on the intact cube already; the faulty run needs failed edges (--q, --k or --faults)")
	}
	return nil
}

// configs returns the configurations to route: c, or c under each value.
func (cmp *comparison) configs(c routers.Config) []routers.Config {
	if cmp == nil || cmp.intact {
		return []routers.Config{c}
	}
	out := make([]routers.Config, 2)
	for i, v := range cmp.values {
		out[i] = c
		cmp.param.Set(&out[i], v) // checked by parseCompare
	}
	return out
}

// recordedTrials returns the run in the directory path and its trials
// that the flags name: the parameters set choose the grid points.
func recordedTrials(path string, fs *flag.FlagSet, sf *simFlags, trial int, cmp *comparison) (*view.Run, []view.Trial, error) {
	dir, exp, err := splitExperiment(path)
	if err != nil {
		return nil, nil, err
	}
	want := make(map[string]string)
	var bad error
	fs.Visit(func(f *flag.Flag) {
		v, ok := sf.values[f.Name]
		switch {
		case f.Name == "perm":
			v, ok = sf.values["pattern"], true
		case f.Name == "seed" || f.Name == "stream" || f.Name == "faults":
			bad = usagef("--%s: a run directory replays its trials from its own spec and seed", f.Name)
		}
		if !ok || bad != nil {
			return
		}
		if len(v.Values) != 1 {
			bad = usagef("--%s %s: one value chooses the grid points (two side by side: --compare %s=A,B)", f.Name, strings.Join(v.Values, ","), v.Param.Name)
			return
		}
		p, _ := routers.LookupParam(v.Param.Name) // a flag of sim's is one
		want[v.Param.Name], bad = canonical(p, v.Values[0])
	})
	if bad != nil {
		return nil, nil, bad
	}
	run, err := view.OpenRun(dir, exp)
	if err != nil {
		return nil, nil, usageError{err}
	}
	wants := []map[string]string{want}
	if cmp != nil && !cmp.intact {
		if _, ok := want[cmp.param.Name]; ok {
			return nil, nil, usagef("--%s and --compare %s=…: set one of them", cmp.param.Name, cmp.param.Name)
		}
		wants = nil
		for _, v := range cmp.values {
			w := map[string]string{cmp.param.Name: v}
			for k, x := range want {
				w[k] = x
			}
			wants = append(wants, w)
		}
	}
	var out []view.Trial
	for _, w := range wants {
		c, err := onePoint(run, path, w)
		if err == nil {
			err = cmp.check(c)
		}
		if err != nil {
			return nil, nil, err
		}
		if err := view.Check(c); err != nil {
			return nil, nil, usageError{err}
		}
		t, err := run.Trial(c, trial)
		if err != nil {
			return nil, nil, usageError{err}
		}
		out = append(out, t)
	}
	return run, out, nil
}

// onePoint returns the one grid point of run whose parameters have the
// values of want, or an error that says which flags choose one.
func onePoint(run *view.Run, path string, want map[string]string) (routers.Config, error) {
	pts := run.Points(want)
	if len(pts) == 1 {
		return pts[0], nil
	}
	var at []string
	for k, v := range want {
		at = append(at, k+"="+v)
	}
	slices.Sort(at)
	if len(pts) == 0 {
		return routers.Config{}, usagef("%s has no grid point with %s", path, strings.Join(at, " "))
	}
	var choose []string
	for _, p := range routers.Params {
		var vs []string
		for _, c := range pts {
			if v := p.Get(c); !slices.Contains(vs, v) {
				vs = append(vs, v)
			}
		}
		if len(vs) > 1 {
			choose = append(choose, fmt.Sprintf("--%s (%s)", p.Name, strings.Join(vs, ", ")))
		}
	}
	return routers.Config{}, usagef("%s has %d grid points%s: choose one with %s", path, len(pts),
		map[bool]string{true: " with " + strings.Join(at, " ")}[len(at) > 0], strings.Join(choose, ", "))
}

// viewCollective writes the page of a collective named by the flags of
// collective.
func viewCollective(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("view", flag.ContinueOnError)
	cf := addCollectiveFlags(fs)
	out := fs.String("out", "", "the page to write, `FILE.html`")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	if *out == "" {
		return usagef("--out FILE.html: where to write the page")
	}
	if err := checkOutFile(*out); err != nil {
		return err
	}
	c, f, rng, err := cf.config()
	if err != nil {
		return err
	}
	if err := view.CheckCollective(c); err != nil {
		return usageError{err}
	}
	p, err := view.Collective(c, f, rng)
	if err != nil {
		return err
	}
	return writePage(stdout, *out, &view.Page{Title: p.Title, Command: commandLine(args), Panels: []*view.Panel{p}})
}

// writePage writes the page to file and says so, with each panel's T.
func writePage(stdout io.Writer, file string, p *view.Page) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := view.Write(f, p); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s\n", file)
	for _, pn := range p.Panels {
		fmt.Fprintf(stdout, "  %s: T = %d\n", pn.Title, pn.T)
	}
	return nil
}

// commandLine is the command line that writes the page.
func commandLine(args []string) string {
	q := []string{"hyperroute", "view"}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n\"'\\$`*?;&|<>()") {
			a = strconv.Quote(a)
		}
		q = append(q, a)
	}
	return strings.Join(q, " ")
}
