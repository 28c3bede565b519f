package paperreport

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/plots"
)

// Header says where a report comes from and where its figures are.
type Header struct {
	// Results is the results directory read.
	Results string
	// Command is the command line that wrote the report.
	Command string
	// Harness is the build that wrote it.
	Harness dataset.Provenance
	// Figures is the directory hyperroute figures drew into: its
	// captions.md gives each figure's caption. Dir is the directory of the
	// report: a figure is shown inline where its PNG is there. Both "":
	// no figures.
	Figures, Dir string
}

// chapters are the thesis' chapters' titles, and the pages of hyperroute
// view that replay a trial of each (written beside the report).
var chapters = []struct{ title, views string }{
	1: {"Chapter I: routing on the intact cube", "[Valiant's routing on Q_4, single- beside all-port](view-ch1-valiant.html)"},
	2: {"Chapter II: n disjoint paths, the butterfly and replication", "[n copies on the butterfly BF_3](view-ch2-disjoint.html)"},
	3: {"Chapter III: local detours on a faulty cube", "[bitonic sort over detours on a faulty Q_4](view-ch3-bitonic.html), [Valiant's routing over a confluent detour system beside the intact cube](view-ch3-confluent.html)"},
	4: {"Collective communication: the lecture notes' lower bounds", ""},
}

// model defines the settings the verdicts name.
const model = "**The model** [Schömer 1988; Upfal 1984; Valiant 1982]. Packets move in synchronous steps on the n-cube Q_n (2ⁿ nodes, an edge per dimension). " +
	"*Single-port*: a node sends at most one packet per step (the thesis' main model, after Upfal's); *all-port*: one " +
	"per out-link, up to n per step (Valiant's). A queue sends by the *priority* rule (the smallest priority number first, the " +
	"thesis' rule; the priority grows along a packet's route) or *FIFO* (the first to arrive). A packet is *delivered on " +
	"arrival* (the harness' default), or *from the queue*, by one more send from its destination's queue, as the formal " +
	"model of Chapter III has it. On a faulty cube a failed edge v → w is replaced by a detour of length 3; a system of " +
	"detours is γ-conjunct if at most γ of them share a middle edge. To keep the intact cube's schedule, each step is " +
	"cut into d sub-steps and every detour hop given one: *node-confluent* if two detours at one node in one sub-step " +
	"agree before it or after it (one send per node, Theorem III.1), *edge-confluent* the same for edges (every intact " +
	"out-link sends, Theorem III.2). The thesis' model of Chapter III is delivery from the queue with priority detour " +
	"queues. docs/model.md has the long form."

// judged is a statement with its verdict.
type judged struct {
	Statement
	v Verdict
}

// Write writes the report on the results in h.Results as Markdown: a first
// screen (what was run, the verdicts counted, the findings, the model),
// then per chapter every statement with its verdict and its figure, the
// collectives against their lower bounds, the runs, the figures no
// statement cites, and the works cited.
func Write(w io.Writer, h Header) error {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	var all []judged
	count := map[Kind]int{}
	for _, st := range Statements {
		v := st.Judge(h.Results)
		all = append(all, judged{st, v})
		count[v.Kind]++
	}
	captions, err := readCaptions(h.Figures)
	if err != nil {
		return err
	}
	p("# The thesis' statements against the data\n\n")
	p("%s\n\n", runLine(h.Results, len(Statements)))
	p("| verdict | statements |\n|---|---|\n")
	for _, k := range Kinds {
		if count[k] > 0 {
			p("| %s | %d |\n", k, count[k])
		}
	}
	p("\n## Findings\n\n")
	for _, k := range []Kind{Contradicted, Corrected, Outside} {
		for _, j := range all {
			if j.v.Kind == k {
				p("- **[%s](#%s)**, %s — **%s**: %s.\n", title(j.ID), anchor(j.ID), strings.TrimSuffix(j.Says, "."), k, firstClause(j.v))
			}
		}
	}
	for _, k := range []Kind{Vacuous, Weak, NotMeasured} {
		var ids []string
		for _, j := range all {
			if j.v.Kind == k {
				ids = append(ids, fmt.Sprintf("[%s](#%s)", title(j.ID), anchor(j.ID)))
			}
		}
		if len(ids) > 0 {
			p("- **%s** (%d): %s. %s.\n", capital(k.String()), len(ids), strings.Join(ids, ", "), capital(k.Doc()))
		}
	}
	p("- **The rest holds**, %d of them loosely (a bound at least %d times the upper confidence limit of what it bounds), each with the power its test had; every verdict below names its figure.\n\n", count[Loose], LooseFactor)
	p("%s\n\n", model)
	p("**How to read a verdict.** A probability is tested one-sided at level %g, Bonferroni-corrected over the statement's points; a point counts as support only where a true value at the bound would stand out from 0 (a share of N trials: bound ≥ %d/N); the power is the smallest violation the test detects with probability %g. The figures draw the same quantities at the same level: each bar's ends are one-sided %g %% limits, Bonferroni over the points drawn, so a bar wholly above its bound is a violation beyond sampling error. Statements are named by their document's numbering: the thesis' Satz is a theorem, Bem a remark, Abb. a figure.\n\n", 1-Alpha, Support, Power, 100*(1-Alpha))
	shown := map[string]bool{}
	for ch := 1; ch < len(chapters); ch++ {
		p("## %s\n\n", chapters[ch].title)
		if v := chapters[ch].views; v != "" && hasViews(h.Dir, v) {
			p("Step by step in the browser: %s.\n\n", v)
		}
		for _, j := range all {
			if j.Chapter == ch {
				writeStatement(p, h, j, captions, shown)
			}
		}
		if ch == 4 {
			writeCollectives(p, h.Results)
		}
		for _, u := range Unchecked {
			if u.Chapter == ch {
				p("Not checked here: **%s**, %s.\n\n", u.ID, u.Why)
			}
		}
	}
	writeRuns(p, h)
	writeGallery(p, h, captions, shown)
	keys := slices.Compact(slices.Sorted(slices.Values(cited.FindAllString(b.String(), -1))))
	p("## References\n\nThe works cited, %s, are listed with what the harness takes from each in the repository's docs/references.md.\n", strings.Join(keys, ", "))
	bw := bufio.NewWriter(w)
	bw.WriteString(b.String())
	return bw.Flush()
}

// cited matches a citation key, [Author Year] or [Czech lecture 10].
var cited = regexp.MustCompile(`\[(\p{Lu}[\p{L}.&' -]+ \d{4}(/\d{2})?|Czech lecture 10)\]`)

// writeStatement writes one statement's section: what it says, its
// verdict and numbers, and its figure inline with its caption, the first
// time the figure is shown, or a pointer to it.
func writeStatement(p func(string, ...any), h Header, j judged, captions map[string]string, shown map[string]bool) {
	p("<a id=\"%s\"></a>\n### %s\n\n", anchor(j.ID), title(j.ID))
	p("> %s.\n\n", capital(strings.TrimSuffix(j.Says, ".")))
	why := strings.TrimPrefix(j.v.Why, j.v.Kind.String()+": ")
	p("**%s.** %s.\n\n", capital(j.v.Kind.String()), capital(strings.TrimSuffix(why, ".")))
	if j.v.Measured != "" {
		p("- *Measured:* %s\n", strings.Join(strings.Fields(j.v.Measured), " "))
	}
	if j.v.Power != "" {
		p("- *Power:* %s\n", j.v.Power)
	}
	exps := "the harness' structures, no simulation"
	if len(j.Experiments) > 0 {
		exps = "the experiments " + strings.Join(j.Experiments, ", ")
	}
	p("- *Checked on:* %s.\n\n", exps)
	files := j.v.Files
	if files == nil && j.Figure != "" {
		files = []string{j.Figure + ".png"}
	}
	for _, f := range files {
		name := strings.TrimSuffix(f, ".png")
		if h.Dir == "" || !exists(filepath.Join(h.Dir, f)) {
			p("*Figure %s is not drawn: its experiment has not been run, or `hyperroute figures` has not written it here.*\n\n", name)
			continue
		}
		p("![Figure %s](%s)\n\n", name, f)
		switch c := captions[name]; {
		case shown[name]:
			p("*Figure %s*, as above.\n\n", name)
		case c != "":
			p("*Figure %s.* %s\n\n", name, c)
		}
		shown[name] = true
	}
}

// readCaptions reads captions.md in dir, as hyperroute figures writes it:
// the caption of each figure by name; none if dir is "" or has none.
func readCaptions(dir string) (map[string]string, error) {
	out := map[string]string{}
	if dir == "" {
		return out, nil
	}
	b, err := os.ReadFile(filepath.Join(dir, "captions.md"))
	if os.IsNotExist(err) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	for _, sec := range strings.Split(string(b), "\n## ")[1:] {
		name, text, _ := strings.Cut(sec, "\n")
		out[strings.TrimSpace(name)] = strings.TrimSpace(text)
	}
	return out, nil
}

// writeGallery shows the figures no statement cites, with their captions.
func writeGallery(p func(string, ...any), h Header, captions map[string]string, shown map[string]bool) {
	var rest []string
	for _, f := range plots.Figures {
		if !shown[f.Name] && h.Dir != "" && exists(filepath.Join(h.Dir, f.Name+".png")) {
			rest = append(rest, f.Name)
		}
	}
	if len(rest) == 0 {
		return
	}
	p("## Other figures\n\nThe figures no statement above cites: the harness beyond the thesis (queue disciplines, replication's cost, rerouting without detours, collective operations).\n\n")
	first := "" // the first of a run of figures whose captions differ only before their colon
	for i, name := range rest {
		c := captions[name]
		head, tail, _ := strings.Cut(c, ":")
		if i == 0 || tail == "" || tail != after(captions[rest[i-1]]) {
			first = name
		} else {
			c = head + ": as in Figure " + first + "."
		}
		p("![Figure %s](%s.png)\n\n*Figure %s.* %s\n\n", name, name, name, c)
	}
}

// after is the text after the first colon of s.
func after(s string) string { _, t, _ := strings.Cut(s, ":"); return t }

// runLine says in one line what was run.
func runLine(dir string, statements int) string {
	profiles, commits := map[string]bool{}, map[string]bool{}
	lo, hi, runs := 0, 0, 0
	var last time.Time
	for _, e := range experiments.Names() {
		m, err := dataset.ReadManifest(dir, e)
		if err != nil {
			continue
		}
		runs++
		profiles[cmpOr(m.Profile, "small default")] = true
		commits[harness(m.Harness)] = true
		if lo == 0 || m.Trials < lo {
			lo = m.Trials
		}
		hi = max(hi, m.Trials)
		if m.Finished.After(last) {
			last = m.Finished
		}
	}
	if runs == 0 {
		return fmt.Sprintf("%d statements of the thesis [Schömer 1988] and of the lecture notes on collective communication, judged on the harness' own structures: no experiment has been run into %s.", statements, dir)
	}
	return fmt.Sprintf("%d statements of the thesis [Schömer 1988] and of the lecture notes on collective communication, judged on %d experiments (%s profile, up to %d trials per grid point, harness %s, finished %s) and on the harness' own structures.",
		statements, runs, strings.Join(slices.Sorted(mapKeys(profiles)), " and "), hi, strings.Join(slices.Sorted(mapKeys(commits)), ", "), last.UTC().Format("2006-01-02"))
}

// writeRuns writes the table of the experiments read, from their manifests.
func writeRuns(p func(string, ...any), h Header) {
	p("## The runs\n\nWritten by `%s` (hyperroute %s, %s) from the results in `%s`; `make paper` writes it again. Every number above is read from those results or computed from the harness' structures; the figures are drawn from the same results by `hyperroute figures`.\n\n",
		h.Command, h.Harness.Version, harness(h.Harness), h.Results)
	p("| experiment | profile | trials per point | seed | harness | finished |\n|---|---|---|---|---|---|\n")
	for _, e := range experiments.Names() {
		m, err := dataset.ReadManifest(h.Results, e)
		if err != nil {
			p("| %s | not read: %s | | | | |\n", e, cell(err.Error()))
			continue
		}
		p("| %s | %s | %d | %d | %s | %s |\n", e, cmpOr(m.Profile, "default"), m.Trials, m.MasterSeed, harness(m.Harness), m.Finished.UTC().Format("2006-01-02 15:04 MST"))
	}
	p("\n")
}

// harness names a build by its short commit, or the short hash of its
// executable where it recorded none.
func harness(p dataset.Provenance) string {
	c := p.Commit
	if len(c) > 7 {
		c = c[:7]
	}
	if c == "unknown" && p.Build != "" {
		c = "build " + p.Build[:min(12, len(p.Build))]
	}
	return c + map[bool]string{true: " (modified)"}[p.Modified]
}

// writeCollectives writes the collectives' table.
func writeCollectives(p func(string, ...any), dir string) {
	p("### Every algorithm against the lower bounds\n\n")
	p("Every cube algorithm of collectives-bounds (all-port, store-and-forward, m = 1) against the lower bounds of the all-port Q_n (docs/model.md, *Lower bounds*): ρ, the steps, against the bound that holds even when messages combine blocks (the diameter n for the all-gather and total exchange; the broadcast's n; for a scatter or gather its ρ); ρ_m, the steps counted once per block of a step's largest message (the steps of the non-combining model), and η, the block-hops, against Lemma 1's ρ and η. A ratio of 1 meets the bound.\n\n")
	cs, err := Collectives(dir)
	if err != nil {
		p("**Not measured**: %s\n\n", cell(err.Error()))
		return
	}
	p("| operation | algorithm | ρ / combining bound | ρ_m / Lemma 1's ρ | η / Lemma 1's η | verdict |\n|---|---|---|---|---|---|\n")
	for _, c := range cs {
		p("| %s | %s | %s | %s | %s | %s |\n", c.Op, c.Algo, c.Steps, c.Blocks, c.Work, cell(c.Verdict()))
	}
	p("\n")
}

// title names a statement in English, with the thesis' own name after it:
// Theorem I.1 (Satz I.1), Remark 1 (Bem 1), Figures 3, 4 (Abb. 3, 4),
// Chapter II.1 for the thesis' Ch. II.1.
func title(id string) string {
	english := strings.NewReplacer("Satz ", "Theorem ", "Bem ", "Remark ", "Einleitung", "Introduction", "Ch. ", "Chapter ").Replace
	if n, ok := strings.CutPrefix(id, "Abb. "); ok {
		return map[bool]string{true: "Figures ", false: "Figure "}[strings.Contains(n, ",")] + n + " (" + id + ")"
	}
	head, tail, _ := strings.Cut(id, ", ")
	t := english(head)
	if t != head && !strings.HasPrefix(head, "Ch. ") && head != "Einleitung" {
		t += " (" + head + ")"
	}
	if tail != "" {
		t += ", " + english(tail)
	}
	return t
}

// anchor is the HTML id of a statement's section.
func anchor(id string) string {
	return strings.Trim(regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(title(id)), "-"), "-")
}

// firstClause is the finding of a verdict in a line: the first sentence
// of its reason that counts "k of N", without its class, up to the
// semicolon after the count.
func firstClause(v Verdict) string {
	why := strings.TrimPrefix(v.Why, v.Kind.String()+": ")
	why = strings.TrimPrefix(why, strings.Fields(v.Kind.String())[0]+" ")
	sentences := strings.Split(why, ". ")
	s := sentences[0]
	for _, t := range sentences {
		if count.MatchString(t) {
			s = t
			break
		}
	}
	at := 0
	if m := count.FindStringIndex(s); m != nil {
		at = m[1]
	}
	if i := strings.Index(s[at:], "; "); i >= 0 {
		s = s[:at+i]
	}
	return strings.TrimSuffix(s, ".")
}

// count matches a count of trials, "12 of 900".
var count = regexp.MustCompile(`\d+ of \d+`)

// hasViews reports whether every page links names is in dir.
func hasViews(dir, links string) bool {
	for _, m := range regexp.MustCompile(`\(([^)]+\.html)\)`).FindAllStringSubmatch(links, -1) {
		if dir == "" || !exists(filepath.Join(dir, m[1])) {
			return false
		}
	}
	return true
}

func exists(path string) bool { _, err := os.Stat(path); return err == nil }

// capital starts s, which begins with a word, with a capital letter; a
// symbol (x(s), γ) stays as it is.
func capital(s string) string {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' || s[1] < 'a' || s[1] > 'z' {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// cell makes text fit a Markdown table cell.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// Report writes the report on the results in dir, by command, with the
// running build as its harness, to path, or to stdout if path is empty.
// figures is where hyperroute figures drew (captions.md), the report's
// own directory if "": a figure is shown inline where its PNG is beside
// the report.
func Report(dir, figures, path, command string, stdout io.Writer) error {
	h := Header{Results: dir, Command: command, Harness: dataset.CurrentProvenance()}
	if path == "" {
		h.Figures = figures
		return Write(stdout, h)
	}
	h.Dir = filepath.Dir(path)
	h.Figures = cmpOr(figures, h.Dir)
	return WriteFile(path, h)
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
