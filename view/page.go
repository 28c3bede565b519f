package view

import (
	"bytes"
	"embed"
	"encoding/json"
	"html/template"
	"io"

	"github.com/hyperroute/hyperroute/engine"
)

// assets are the page's skeleton, script and style, written into every
// page.
//
//go:embed assets/page.html assets/view.js assets/view.css
var assets embed.FS

// MaxNodes is the most nodes a panel draws: Q_6, a ring, mesh or torus of
// 64 nodes, BF_6's 384.
const MaxNodes = 6 << 6

// MaxDim is the largest cube (and butterfly) a page draws.
const MaxDim = 6

// Page is what a page shows: one panel, or two that step together.
type Page struct {
	Title string `json:"title"`
	// Command is the command line that writes the page.
	Command string   `json:"command"`
	Panels  []*Panel `json:"panels"`
}

// Net is the network a panel draws: Kind "cube" (N the dimension),
// "butterfly" (BF_N, node (l, v) numbered v·N + l − 1), or the ring, mesh
// and torus of package topology; P nodes.
type Net struct {
	Kind string `json:"kind"`
	N    int    `json:"n"`
	P    int    `json:"p"`
}

// Panel is one run: its network, its sends step by step and what the page
// says about its packets and nodes.
type Panel struct {
	Title string `json:"title"`
	Net   Net    `json:"net"`
	// T is the run time: the last step is T − 1.
	T int `json:"T"`
	// Sends holds every send of the trace as five numbers: step, packet,
	// from, to, priority.
	Sends []int32 `json:"sends"`
	// Queues[t][v] is the number of packets waiting at node v at time t
	// = 0 … T (Waiting); nil where the trace does not say when a packet
	// starts to wait (packets held back and started later).
	Queues [][]int32 `json:"queues"`
	// Phases is the last priority of phase 1, 0 for a run of one phase:
	// the page colours by phase.
	Phases int `json:"phases"`
	// Prios is the size of the priority range.
	Prios int `json:"prios"`
	// Packets names where each packet goes, if known.
	Packets *Packets `json:"packets,omitempty"`
	// Failed lists the failed directed edges as pairs of nodes, Detours
	// the detours of a detour system as its four nodes.
	Failed  [][2]uint32 `json:"failed,omitempty"`
	Detours [][4]uint32 `json:"detours,omitempty"`
	// Loads[p][v] is f(p, v), the packets node v sent with priority p.
	Loads [][]int32 `json:"loads,omitempty"`
	// Delay is the run's critical delay sequence (Lemma I.1), if it has
	// one.
	Delay *Delay `json:"delay,omitempty"`
	// Substeps is the dilation d of a confluent detour system: step t is
	// sub-step t mod d; 0 without.
	Substeps int `json:"substeps,omitempty"`
	// Stretch, if above 1, plays each step of the panel over that many
	// steps of the page: the intact cube beside its simulation over a
	// confluent system of dilation d, whose rounds of d sub-steps each
	// simulate one step.
	Stretch int `json:"stretch,omitempty"`
	// Row is the run's row as the tables and hyperroute sim --record
	// trials (a collective's as hyperroute collective --jsonl) hold it,
	// as name and value pairs in the table's column order.
	Row []Column `json:"row"`
	// Notes are lines that say what the panel shows.
	Notes []string `json:"notes,omitempty"`
}

// Packets says where each packet of a run goes: Src, Dst and, for
// Valiant's routing and disjoint, Via, its intermediate. For disjoint
// (butterfly) Msg and Copy are the message and copy d of each packet, Src
// the butterfly node it starts at and Via, Dst super-nodes.
type Packets struct {
	Src  []uint32 `json:"src"`
	Via  []uint32 `json:"via,omitempty"`
	Dst  []uint32 `json:"dst"`
	Msg  []int32  `json:"msg,omitempty"`
	Copy []int32  `json:"copy,omitempty"`
}

// Delay is a critical delay sequence ((v_1, p_1, t_1), …, (v_l, p_l, t_l))
// with its load Σ f(p_i, v_i), which bounds T by Lemma I.1.
type Delay struct {
	Seq  [][3]int32 `json:"seq"`
	SumF int64      `json:"sumF"`
}

// Column is one value of a row: its name and its JSON.
type Column struct {
	Name  string
	Value json.RawMessage
}

// MarshalJSON writes the column as the pair [name, value's JSON text]:
// as text, a uint64 seed keeps its digits in the page's script.
func (c Column) MarshalJSON() ([]byte, error) {
	return json.Marshal([2]string{c.Name, string(c.Value)})
}

// Value returns the JSON of the row's column name, nil if it has none.
func (p *Panel) Value(name string) json.RawMessage {
	for _, c := range p.Row {
		if c.Name == name {
			return c.Value
		}
	}
	return nil
}

// setSends fills p.Sends from a trace.
func (p *Panel) setSends(trace []engine.Send) {
	p.Sends = make([]int32, 0, 5*len(trace))
	for _, s := range trace {
		p.Sends = append(p.Sends, s.T, s.Packet, int32(s.From), int32(s.To), int32(s.Prio))
	}
}

// Write writes the page as one HTML file.
func Write(w io.Writer, p *Page) error {
	data, err := json.Marshal(p) // escapes <, > and &: safe inside <script>
	if err != nil {
		return err
	}
	var files [3][]byte
	for i, name := range []string{"page.html", "view.js", "view.css"} {
		if files[i], err = assets.ReadFile("assets/" + name); err != nil {
			return err
		}
	}
	t, err := template.New("page").Parse(string(files[0]))
	if err != nil {
		return err
	}
	var b bytes.Buffer
	err = t.Execute(&b, struct {
		Title  string
		Style  template.CSS
		Script template.JS
		Data   template.JS
	}{p.Title, template.CSS(files[2]), template.JS(files[1]), template.JS(data)})
	if err != nil {
		return err
	}
	_, err = w.Write(b.Bytes())
	return err
}
