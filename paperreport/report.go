package paperreport

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/experiments"
)

// Header says where a report comes from.
type Header struct {
	// Results is the results directory read.
	Results string
	// Command is the command line that wrote the report.
	Command string
	// Harness is the build that wrote it.
	Harness dataset.Provenance
}

// chapters are the thesis' chapters' titles.
var chapters = []string{
	1: "Chapter I: routing on the intact cube",
	2: "Chapter II: n disjoint paths, the butterfly and replication",
	3: "Chapter III: local detours on a faulty cube",
}

// Write writes the report on the results in h.Results as Markdown: the
// runs read, then per chapter every statement with its verdict, then the
// collectives against their lower bounds. Figures are linked by file name,
// as hyperroute figures writes them, relative to the report.
func Write(w io.Writer, h Header) error {
	b := bufio.NewWriter(w)
	p := func(format string, a ...any) { fmt.Fprintf(b, format, a...) }
	p("# The thesis' statements against the data\n\n")
	p("Written by `%s` (hyperroute %s, %s) from the results in `%s`; do not edit by hand, `make paper` writes it again. ",
		h.Command, h.Harness.Version, harness(h.Harness), h.Results)
	p("Every number below is read from those results or computed from the harness' structures; the figures are drawn from the same results by `hyperroute figures`.\n\n")
	p("Each statement is named by the thesis' numbering (Satz = theorem, Bem = remark, Abb. = figure; an unnumbered statement by its section) and judged only at the points measured:\n\n")
	p("- **holds**: at every measured point (within sampling error where it is a probability: a point counts against it only if a two-sided %g-level confidence interval, Bonferroni-corrected over the statement's points, lies above the bound);\n", 1-Alpha)
	p("- **holds, loose**: a bound that holds and exceeds every nonzero measured value by a factor %d or more (the factors are given);\n", LooseFactor)
	p("- **contradicted**: some point violates it (the model and point are named);\n")
	p("- **not measured**: the experiment is missing, incomplete or damaged (the reason is given).\n\n")
	writeRuns(p, h.Results)
	for ch := 1; ch < len(chapters); ch++ {
		p("## %s\n\n| statement | checked by | measured | verdict |\n|---|---|---|---|\n", chapters[ch])
		for _, s := range Statements {
			if s.Chapter != ch {
				continue
			}
			v := s.Judge(h.Results)
			p("| **%s**: %s | %s | %s | **%s**: %s |\n", s.ID, cell(s.Says), checkedBy(s, v), cell(v.Measured), v.Kind, cell(v.Why))
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
	return b.Flush()
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
	if files == nil && !strings.Contains(s.Figure, "<") {
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
	if len(links) == 0 {
		return exps + ", figure " + s.Figure
	}
	return exps + ", figure " + strings.Join(links, ", ")
}

// writeCollectives writes the collectives' table.
func writeCollectives(p func(string, ...any), dir string) {
	p("## Collective communication: time against the lower bounds\n\n")
	p("Every cube algorithm of `collectives-bounds` (all-port, store-and-forward, m = 1) against the lower bounds of the all-port, non-combining Q_n (docs/model.md, *Lower bounds*): ρ steps, ρ_m steps counted per block of the largest message, η block-hops; a ratio of 1 meets the bound. Figure [collectives-bounds.png](collectives-bounds.png).\n\n")
	cs, err := Collectives(dir)
	if err != nil {
		p("**Not measured**: %s\n", cell(err.Error()))
		return
	}
	p("| operation | algorithm | ρ / bound | ρ_m / bound | η / bound | verdict |\n|---|---|---|---|---|---|\n")
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
func Report(dir, path, command string, stdout io.Writer) error {
	h := Header{Results: dir, Command: command, Harness: dataset.CurrentProvenance()}
	if path == "" {
		return Write(stdout, h)
	}
	return WriteFile(path, h)
}

// WriteFile writes the report to path, through a temporary file in its
// directory renamed into place, so that a failed run leaves no half report.
func WriteFile(path string, h Header) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".report-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := Write(f, h); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
