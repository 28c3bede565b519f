package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/hyperroute/hyperroute/bounds"
	"github.com/hyperroute/hyperroute/collectives"
	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/routers"
)

// listDocs are the sections of `hyperroute list` that no registry describes:
// the queue disciplines and port models of package routers, and the tables
// of package experiments (experiments.TableDocs).
var listDocs = []struct {
	title string
	items [][2]string
}{
	{"queue disciplines (grid.queue):", [][2]string{
		{"priority", "smallest priority number first, ties to the smaller packet id (thesis Ch. I.2 [Schömer 1988]; the default)"},
		{"fifo", "the packet that arrived first, ties to the smaller packet id"},
		{"random", "a uniformly random waiting packet"},
		{"farthest", "the packet with the most hops still to go, ties to the smaller packet id"},
	}},
	{"port models (grid.port):", [][2]string{
		{"single", "a node sends at most one packet per step, from one queue per node (the thesis' model)"},
		{"all", "a node sends one packet per out-link per step, from one queue per link (Valiant's model)"},
	}},
	{"tables (tables:):", experiments.TableDocs},
}

func runList(args []string, w, stderr io.Writer) error {
	if err := parseFlags(flag.NewFlagSet("list", flag.ContinueOnError), args, stderr); err != nil {
		return err
	}
	fmt.Fprintln(w, "experiments (hyperroute run NAME):")
	for _, name := range experiments.Names() {
		spec, err := experiments.Lookup(name)
		if err != nil {
			return err
		}
		item(w, name, spec.Description)
	}
	fmt.Fprintln(w, "models (model:, default routing):")
	for _, name := range experiments.Models() {
		m, _ := experiments.LookupModel(name)
		item(w, name, m.Doc)
		item(w, "", "grid axes "+strings.Join(m.Axes(), ", ")+"; tables "+strings.Join(m.TableNames(), ", "))
	}
	fmt.Fprintln(w, "routers (grid.router):")
	for _, r := range routers.Registry {
		item(w, r.Name, r.Doc)
		item(w, "", supports(&r))
	}
	fmt.Fprintln(w, "parameters (grid axes, sim flags):")
	for _, p := range routers.Params {
		doc := p.Doc + " (default " + p.Default
		if p.Own {
			doc += "; routers of their own"
		}
		item(w, p.Name, doc+")")
	}
	fmt.Fprintln(w, "request patterns (grid.pattern):")
	for _, p := range hypercube.Patterns {
		item(w, p, hypercube.Describe(p))
	}
	for _, s := range listDocs {
		fmt.Fprintln(w, s.title)
		for _, it := range s.items {
			item(w, it[0], it[1])
		}
	}
	fmt.Fprintln(w, "collective algorithms (hyperroute collective --op OP --algo NAME):")
	for _, op := range collectives.Ops {
		fmt.Fprintf(w, "  %s: %s\n", op, op.Doc())
		for _, a := range collectives.Registry {
			if a.Op == op {
				item(w, "  "+a.Name, a.Doc)
				item(w, "", "runs "+a.Runs())
			}
		}
	}
	fmt.Fprintln(w, "bounds (hyperroute bound KIND; bound --help for the flags):")
	for _, k := range bounds.Kinds() {
		item(w, k.Name, k.Doc)
	}
	return nil
}

func item(w io.Writer, name, doc string) {
	fmt.Fprintf(w, "  %-18s %s\n", name, doc)
}

// supports says what router k runs under, on one line.
func supports(k *routers.Kind) string {
	s := fmt.Sprintf("runs port %v, queue %v", k.Ports, k.Disciplines)
	if k.Permutations {
		s += ", permutations only"
	} else {
		s += ", any mu"
	}
	if k.Faults {
		s += ", faulty cubes"
	}
	if len(k.Params) > 0 {
		names := make([]string, len(k.Params))
		for i, p := range k.Params {
			names[i] = p.Name
		}
		s += fmt.Sprintf(", takes %v", names)
	}
	if k.Draws != "" {
		s += "; draws " + k.Draws
	}
	return s
}
