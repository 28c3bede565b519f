package main

import (
	"bytes"
	"encoding/json"

	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/hyperroute/hyperroute/collectives"
	"github.com/hyperroute/hyperroute/topology"
)

// runCollective simulates one collective operation and prints what it
// measured: a summary, or one JSON object with --jsonl.
func runCollective(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("collective", flag.ContinueOnError)
	def := collectives.Default()
	op := fs.String("op", def.Op.String(), "operation: "+strings.Join(opNames(), ", "))
	algo := fs.String("algo", "", "algorithm (hyperroute list; default the operation's first)")
	topo := fs.String("topology", def.Topology.String(), "network: ring, mesh, torus or cube")
	p := fs.Int("p", def.P, "nodes (a square for mesh and torus, a power of two for cube)")
	port := fs.String("port", def.Port.String(), "port model: one (one message per node and step) or all (one per link)")
	model := fs.String("model", def.Model.String(), "cost model: sf (store-and-forward) or ct (cut-through)")
	startup := fs.String("startup", def.Startup.String(), "store-and-forward start-up: once per message or at every hop")
	m := fs.Int("m", def.M, "words of a block")
	ts := fs.Float64("ts", def.Ts, "start-up time t_s")
	tw := fs.Float64("tw", def.Tw, "time per word t_w")
	th := fs.Float64("th", def.Th, "time per hop t_h")
	root := fs.Int("root", def.Root, "root of oab, mc, oas, gather and reduce")
	dests := fs.String("dests", "", "multicast destinations, comma-separated (default: half the other nodes, drawn from --seed)")
	q := fs.Int("q", def.Q, "shift amount of the circular q-shift (not a fault probability, as in sim)")
	pieces := fs.Int("pieces", 0, "pieces a pipelined broadcast (nesbt) cuts its message into (default one per tree)")
	seed := fs.Uint64("seed", def.Seed, "seed of the random values and the default multicast set")
	jsonl := fs.Bool("jsonl", false, "print one JSON object instead of the summary")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	c := collectives.Config{P: *p, M: *m, Ts: *ts, Tw: *tw, Th: *th, Root: *root, Q: *q, Pieces: *pieces, Seed: *seed}
	var err error
	if c.Op, err = collectives.ParseOp(*op); err != nil {
		return usageError{err}
	}
	if c.Topology, err = topology.ParseKind(*topo); err != nil {
		return usageError{err}
	}
	if c.Port, err = collectives.ParsePort(*port); err != nil {
		return usageError{err}
	}
	if c.Model, err = collectives.ParseModel(*model); err != nil {
		return usageError{err}
	}
	if c.Startup, err = collectives.ParseStartup(*startup); err != nil {
		return usageError{err}
	}
	if c.Dests, err = parseDests(*dests); err != nil {
		return usageError{err}
	}
	c.Algo = *algo
	if c.Algo == "" {
		c.Algo = collectives.Names(c.Op)[0]
	}
	if err := c.Validate(); err != nil {
		return usageError{err}
	}
	row, err := collectives.Measure(c)
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
	if !row.OK {
		return fmt.Errorf("result not as defined: %v", row.Err)
	}
	return nil
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
