package paperreport

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/plots"
)

// Header says where a report comes from.
type Header struct {
	// Results is the results directory read.
	Results string
	// Command is the command line that wrote the report.
	Command string
	// Harness is the build that wrote it.
	Harness dataset.Provenance
	// Figures are the figure files (PNG) beside the report, shown at its
	// end with what each shows.
	Figures []string
}

// chapters are the thesis' chapters' titles.
var chapters = []string{
	1: "Chapter I: routing on the intact cube",
	2: "Chapter II: n disjoint paths, the butterfly and replication",
	3: "Chapter III: local detours on a faulty cube",
	4: "Collective communication: the lecture notes' lower bounds",
}

// Write writes the report on the results in h.Results as Markdown: the
// runs read, then per chapter every statement with its verdict, then the
// collectives against their lower bounds. Figures are linked by file name,
// as hyperroute figures writes them, relative to the report.
func Write(w io.Writer, h Header) error {
	b := bufio.NewWriter(w)
	p := func(format string, a ...any) { fmt.Fprintf(b, format, a...) }
	verdicts := make([][]Verdict, len(chapters))
	count := map[Kind]int{}
	for _, st := range Statements {
		v := st.Judge(h.Results)
		verdicts[st.Chapter] = append(verdicts[st.Chapter], v)
		count[v.Kind]++
	}
	var tally []string
	for _, k := range Kinds {
		tally = append(tally, fmt.Sprintf("%d %s", count[k], k))
	}
	p("# The thesis' statements against the data\n\n")
	p("**Verdicts on %d statements:** %s.\n\n", len(Statements), strings.Join(tally, "; "))
	p("Written by `%s` (hyperroute %s, %s) from the results in `%s`; do not edit by hand, `make paper` writes it again. ",
		h.Command, h.Harness.Version, harness(h.Harness), h.Results)
	p("Every number below is read from those results or computed from the harness' structures; the figures are drawn from the same results by `hyperroute figures`.\n\n")
	p("Each statement is named by its document's numbering (the thesis: Satz = theorem, Bem = remark, Abb. = figure, an unnumbered statement by its section; the lecture notes on collectives by their lemmas) and judged only at the points measured, each verdict in one of these classes:\n\n")
	for _, k := range Kinds {
		p("- **%s**: %s.\n", k, k.Doc())
	}
	p("\nA probability is tested one-sided at level %g, Bonferroni-corrected over the statement's points; a point counts as support only if a true value at the bound would stand out from 0 (a share of N trials: bound ≥ %d/N), and the power of a verdict is the smallest violation its test detects with probability %g.\n\n", 1-Alpha, Support, Power)
	writeRuns(p, h.Results)
	for ch := 1; ch < len(chapters); ch++ {
		p("## %s\n\n| statement | checked by | measured | verdict |\n|---|---|---|---|\n", chapters[ch])
		i := 0
		for _, s := range Statements {
			if s.Chapter != ch {
				continue
			}
			v := verdicts[ch][i]
			i++
			why := strings.TrimPrefix(v.Why, v.Kind.String()+": ")
			if v.Power != "" {
				why += "; power: " + v.Power
			}
			p("| **%s**: %s | %s | %s | **%s**: %s |\n", s.ID, cell(s.Says), checkedBy(s, v), cell(v.Measured), v.Kind, cell(why))
		}
		p("\n")
		for _, u := range Unchecked {
			if u.Chapter == ch {
				p("- Not checked here: **%s**, %s.\n", u.ID, u.Why)
			}
		}
		p("\n")
	}
	writeCollectives(p, h.Results)
	writeFigures(p, h.Figures)
	return b.Flush()
}

// writeFigures shows the figure files, in the order of plots.Figures,
// each under what it shows.
func writeFigures(p func(string, ...any), files []string) {
	if len(files) == 0 {
		return
	}
	p("\n## The figures\n\nEvery figure `hyperroute figures` drew from the same results, in the order of `plots.Figures`.\n")
	shown := map[string]bool{}
	for _, f := range plots.Figures {
		stem, _, templated := strings.Cut(f.Name, "<")
		for _, file := range files {
			name := strings.TrimSuffix(file, ".png")
			if !shown[file] && (name == f.Name || templated && strings.HasPrefix(name, stem)) {
				p("\n**%s**: %s.\n\n![%s](%s)\n", name, f.Doc, name, file)
				shown[file] = true
			}
		}
	}
	for _, file := range files {
		if !shown[file] {
			p("\n![%s](%s)\n", file, file)
		}
	}
}

// writeRuns writes the table of the experiments read, from their manifests.
func writeRuns(p func(string, ...any), dir string) {
	p("## The runs\n\n| experiment | profile | trials per point | seed | harness commit | finished |\n|---|---|---|---|---|---|\n")
	for _, e := range experiments.Names() {
		m, err := dataset.ReadManifest(dir, e)
		if err != nil {
			p("| %s | not read: %s | | | | |\n", e, cell(err.Error()))
			continue
		}
		profile := m.Profile
		if profile == "" {
			profile = "default"
		}
		p("| %s | %s | %d | %d | %s | %s |\n", e, profile, m.Trials, m.MasterSeed, harness(m.Harness), m.Finished.UTC().Format("2006-01-02 15:04 MST"))
	}
	p("\n")
}

// harness names a build: its commit, or the hash of its executable where
// it recorded none.
func harness(p dataset.Provenance) string {
	c := p.Commit
	if c == "unknown" && p.Build != "" {
		c = "build " + p.Build
	}
	if len(c) > 18 {
		c = c[:18]
	}
	return c + map[bool]string{true: " (modified)"}[p.Modified]
}

// checkedBy names the experiments and links the figure of s.
func checkedBy(s Statement, v Verdict) string {
	files := v.Files
	if files == nil && s.Figure != "" && !strings.Contains(s.Figure, "<") {
		files = []string{s.Figure + ".png"}
	}
	var links []string
	for _, f := range files {
		links = append(links, fmt.Sprintf("[%s](%s)", f, f))
	}
	exps := "the harness' structures"
	if len(s.Experiments) > 0 {
		exps = "`" + strings.Join(s.Experiments, "`, `") + "`"
	}
	switch {
	case s.Figure == "":
		return exps + ", no figure yet"
	case len(links) == 0:
		return exps + ", figure " + s.Figure
	}
	return exps + ", figure " + strings.Join(links, ", ")
}

// writeCollectives writes the collectives' table.
func writeCollectives(p func(string, ...any), dir string) {
	p("## Collective communication: every algorithm against the lower bounds\n\n")
	p("Every cube algorithm of `collectives-bounds` (all-port, store-and-forward, m = 1) against the lower bounds of the all-port Q_n (docs/model.md, *Lower bounds*). ρ, the steps, is compared with the bound that holds even when messages combine blocks (the diameter n for the all-gather and total exchange; the broadcast's n; for a scatter or gather its ρ); ρ_m, the steps counted once per block of a step's largest message (the steps of the non-combining model), and η, the block-hops, with Lemma 1's ρ and η of the lecture (docs/model.md's table). A ratio of 1 meets the bound. Figure [collectives-bounds.png](collectives-bounds.png).\n\n")
	cs, err := Collectives(dir)
	if err != nil {
		p("**Not measured**: %s\n", cell(err.Error()))
		return
	}
	p("| operation | algorithm | ρ / combining bound | ρ_m / Lemma 1's ρ | η / Lemma 1's η | verdict |\n|---|---|---|---|---|---|\n")
	for _, c := range cs {
		p("| %s | %s | %s | %s | %s | %s |\n", c.Op, c.Algo, c.Steps, c.Blocks, c.Work, cell(c.Verdict()))
	}
}

// cell makes text fit a Markdown table cell.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// Report writes the report on the results in dir, by command, with the
// running build as its harness, to path, or to stdout if path is empty.
// Written to a file, it shows the figures (PNG) in the file's directory.
func Report(dir, path, command string, stdout io.Writer) error {
	h := Header{Results: dir, Command: command, Harness: dataset.CurrentProvenance()}
	if path == "" {
		return Write(stdout, h)
	}
	pngs, err := filepath.Glob(filepath.Join(filepath.Dir(path), "*.png"))
	if err != nil {
		return err
	}
	for _, f := range pngs {
		h.Figures = append(h.Figures, filepath.Base(f))
	}
	slices.SortFunc(h.Figures, byNumber)
	return WriteFile(path, h)
}

// byNumber orders file names by their text before a trailing number, then
// by the number: delayseq-n4.png before delayseq-n10.png.
func byNumber(a, b string) int {
	split := func(s string) (string, int) {
		s = strings.TrimSuffix(s, ".png")
		i := len(strings.TrimRight(s, "0123456789"))
		n, _ := strconv.Atoi(s[i:])
		return s[:i], n
	}
	sa, na := split(a)
	sb, nb := split(b)
	return cmp.Or(strings.Compare(sa, sb), cmp.Compare(na, nb))
}

// WriteFile writes the report to path, mode 0644 as every output, through
// a temporary file in its directory renamed into place, so that a failed
// run leaves no half report.
func WriteFile(path string, h Header) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".report-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err = Write(f, h); err == nil {
		err = f.Chmod(0o644)
	}
	if err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
