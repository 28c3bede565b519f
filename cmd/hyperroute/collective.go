package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/hyperroute/hyperroute/collectives"
	"github.com/hyperroute/hyperroute/detours"
	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/topology"
)

// runCollective simulates one collective operation, on a faulty cube over
// detours with --q, and prints what it measured: a summary, or one JSON
// object with --jsonl.
func runCollective(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("collective", flag.ContinueOnError)
	cf := addCollectiveFlags(fs)
	jsonl := fs.Bool("jsonl", false, "print one JSON object instead of the summary")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	c, f, err := cf.config()
	if err != nil {
		return err
	}
	if err := c.CheckMemory(routers.AvailableMemory()); err != nil {
		return usageError{err}
	}
	row, err := collectives.MeasureFaulty(c, f)
	if err != nil {
		return err
	}
	if *jsonl {
		b, err := json.Marshal(collectiveRow(row))
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		printCollective(stdout, row)
	}
	if !row.OK && (row.Faulty == nil || row.Faulty.Gamma >= 0) {
		return fmt.Errorf("result not as defined: %v", row.Err)
	}
	return nil
}

// collectiveFlags are the flags of collective that name a run.
type collectiveFlags struct {
	c     collectives.Config
	f     collectives.Faults
	algo  *string
	dests *string
}

func addCollectiveFlags(fs *flag.FlagSet) *collectiveFlags {
	cf := &collectiveFlags{c: collectives.Default()}
	c, f := &cf.c, &cf.f
	fs.TextVar(&c.Op, "op", c.Op, "operation: "+strings.Join(opNames(), ", "))
	cf.algo = fs.String("algo", "", "algorithm (hyperroute list; default the operation's first)")
	fs.TextVar(&c.Topology, "topology", c.Topology, "network: ring, mesh, torus or cube")
	fs.IntVar(&c.P, "p", c.P, "nodes (a square for mesh and torus, a power of two for cube)")
	fs.TextVar(&c.Port, "port", c.Port, "port model: single (one message per node and step; alias one) or all (one per link)")
	fs.TextVar(&c.Model, "model", c.Model, "cost model: sf (store-and-forward) or ct (cut-through)")
	fs.TextVar(&c.Startup, "startup", c.Startup, "store-and-forward start-up: once per message or at every hop")
	fs.IntVar(&c.M, "m", c.M, "words of a block")
	fs.Float64Var(&c.Ts, "ts", c.Ts, "start-up time t_s")
	fs.Float64Var(&c.Tw, "tw", c.Tw, "time per word t_w")
	fs.Float64Var(&c.Th, "th", c.Th, "time per hop t_h")
	fs.IntVar(&c.Root, "root", c.Root, "root of oab, mc, oas, gather and reduce")
	cf.dests = fs.String("dests", "", "multicast destinations, comma-separated (default: half the other nodes, drawn from --seed)")
	fs.IntVar(&c.Shift, "shift", c.Shift, "amount of the circular shift")
	fs.IntVar(&c.Pieces, "pieces", 0, "pieces a pipelined broadcast (nesbt) cuts its message into (default one per tree)")
	fs.Float64Var(&f.Q, "q", 0, "probability that a directed edge of the cube fails (0: intact); runs "+strings.Join(collectives.Sweeps(), ", ")+" over detours")
	fs.StringVar(&f.Detours, "detours", "", "detour strategy on a faulty cube: "+strings.Join(detours.Names(), ", "))
	fs.Uint64Var(&c.Seed, "seed", c.Seed, "seed of the random values, the default multicast set and the faults")
	return cf
}

// config returns the run the flags name, checked; its errors are usage
// errors.
func (cf *collectiveFlags) config() (collectives.Config, collectives.Faults, error) {
	c, f := cf.c, cf.f
	var err error
	if c.Dests, err = parseDests(*cf.dests); err != nil {
		return c, f, usageError{err}
	}
	if c.Algo = *cf.algo; c.Algo == "" {
		c.Algo = collectives.Names(c.Op)[0]
	}
	if err := cmp.Or(c.Validate(), f.Validate(c)); err != nil {
		return c, f, usageError{err}
	}
	return c, f, nil
}

func opNames() []string {
	names := make([]string, len(collectives.Ops))
	for i, o := range collectives.Ops {
		names[i] = o.String()
	}
	return names
}

// parseDests reads a comma-separated list of nodes.
func parseDests(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var ds []int
	for _, f := range strings.Split(s, ",") {
		d, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("--dests: %q is not a node", f)
		}
		ds = append(ds, d)
	}
	return ds, nil
}

// collectiveRow is a Row as one JSON object, keys in a fixed order, NaN as
// null.
type collectiveRow collectives.Row

func (r collectiveRow) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, col := range collectives.Row(r).Columns() {
		if i > 0 {
			b.WriteByte(',')
		}
		v, err := jsonValue(col.Value)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "%q:%s", col.Name, v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// jsonValue encodes v, a NaN or infinite number as null.
func jsonValue(v any) ([]byte, error) {
	if x, ok := v.(float64); ok && (math.IsNaN(x) || math.IsInf(x, 0)) {
		return []byte("null"), nil
	}
	return json.Marshal(v)
}

func printCollective(w io.Writer, r collectives.Row) {
	net, _ := topology.New(r.Topology, r.P)
	fmt.Fprintf(w, "%v by %s on %v, %v-port, %v", r.Op, r.Algo, net, r.Port, r.Model)
	if r.Model == collectives.SF {
		fmt.Fprintf(w, " (t_s per %v)", r.Startup)
	}
	fmt.Fprintf(w, ", m=%d, t_s=%g, t_w=%g, t_h=%g\n", r.M, r.Ts, r.Tw, r.Th)
	if f := r.Faulty; f != nil {
		fmt.Fprintf(w, "  faults     q=%g: %d failed edges, detours=%s", f.Q, f.Failed, f.Detours)
		if f.Gamma < 0 {
			fmt.Fprintf(w, "; %s: time unavailable\n", f.Unavailable())
			return
		}
		fmt.Fprintf(w, ", γ = %d; slowest step %d units\n", f.Gamma, f.MaxStep)
	}
	verdict := "every node ends with what the operation defines"
	if !r.OK {
		verdict = "NOT as defined: " + r.Err.Error()
	}
	fmt.Fprintf(w, "  result     %s\n", verdict)
	fmt.Fprintf(w, "  steps      ρ = %d (non-combining ρ_m = %g); lower bound %d (ρ_m %s)\n", r.Rho, r.RhoM, r.Bound.Steps, orDash(r.Bound.Rho))
	fmt.Fprintf(w, "  work       η = %g block-hops (%d message-hops, %d messages); lower bound %g\n", r.Eta, r.Hops, r.Messages, r.Bound.Eta)
	closed := "no closed form"
	if !math.IsNaN(r.Closed) {
		closed = fmt.Sprintf("closed form %g [%s]", r.Closed, r.ClosedRef)
	}
	fmt.Fprintf(w, "  time       %g; %s\n", r.Time, closed)
	fmt.Fprintf(w, "  bandwidth  algbw %g, busbw %s words per time unit\n", r.AlgBW, orDash(r.BusBW))
	fmt.Fprintf(w, "  NODUP %v, NOHO %v, at most %d messages into a node per step\n", r.NoDup, r.NoHO, r.RecvMax)
}

func orDash(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}
