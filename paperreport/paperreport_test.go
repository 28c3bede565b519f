package paperreport

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/plots"
)

func TestRegistry(t *testing.T) {
	figures := map[string]string{}
	for _, f := range plots.Figures {
		figures[f.Name] = f.Experiment
	}
	ids := map[string]bool{}
	for _, s := range Statements {
		if ids[s.ID] {
			t.Errorf("%s: listed twice", s.ID)
		}
		ids[s.ID] = true
		for _, e := range s.Experiments {
			if !slices.Contains(experiments.Names(), e) {
				t.Errorf("%s: no experiment %q", s.ID, e)
			}
		}
		exp, ok := figures[s.Figure]
		if !ok {
			t.Errorf("%s: hyperroute figures draws no figure %q", s.ID, s.Figure)
		}
		if exp != "" && !slices.Contains(s.Experiments, exp) {
			t.Errorf("%s: figure %s reads %q, not one of %v", s.ID, s.Figure, exp, s.Experiments)
		}
		if s.Chapter < 1 || s.Chapter > 4 || s.Says == "" || s.Plot == "" || s.Check == nil {
			t.Errorf("%s: incomplete entry", s.ID)
		}
	}
}

func byID(t *testing.T, id string) Statement {
	t.Helper()
	for _, s := range Statements {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("no statement %s", id)
	return Statement{}
}

// judge judges the statement id on the tiny results with the rows of
// experiment's table changed by change.
func judge(t *testing.T, id, experiment string, change func(s map[string][]string, x map[string][]float64)) Verdict {
	t.Helper()
	rs := results{dir: tiny}
	if change != nil {
		rs.edit = func(e, _ string, s map[string][]string, x map[string][]float64) {
			if e == experiment {
				change(s, x)
			}
		}
	}
	return byID(t, id).judge(rs)
}

// set sets column col to value(i) in the rows where keep(i) holds.
func set(x map[string][]float64, col string, keep func(i int) bool, value func(i int) float64) {
	for i := range x[col] {
		if keep(i) {
			x[col][i] = value(i)
		}
	}
}

func every(int) bool { return true }

// TestVerdicts judges every statement on the tiny results as they are,
// then on rows tampered with so that the verdict must change.
func TestVerdicts(t *testing.T) {
	thesis := func(s map[string][]string) func(int) bool {
		return func(i int) bool { return s["delivery"][i] == "queue" && s["detour-queue"][i] == "priority" }
	}
	cases := []struct {
		id, experiment string
		was            []Kind // the verdict on the rows as they are
		change         func(s map[string][]string, x map[string][]float64)
		want           Kind // the verdict on the changed rows
	}{
		{"Ch. I.1, BITONIC-SORT", "routing-compare", []Kind{Holds}, func(s map[string][]string, x map[string][]float64) {
			set(x, "T", func(i int) bool { return s["router"][i] == "bitonic" && x["n"][i] == 6 }, func(i int) float64 { return x["T"][i] + 1 })
		}, Contradicted},
		{"Ch. I.2, first bound", "delay-sequences", []Kind{Holds}, func(_ map[string][]string, x map[string][]float64) {
			x["naive_load"][3] = x["T"][3] - 1
		}, Contradicted},
		{"Lemma I.1", "delay-sequences", []Kind{Holds}, func(_ map[string][]string, x map[string][]float64) {
			x["d_load"][3] = x["T"][3] - 1
		}, Contradicted},
		{"Lemma I.2", "delay-sequences", []Kind{Holds}, func(_ map[string][]string, x map[string][]float64) {
			x["upfal_load"][5] = x["d_load"][5] - 1
		}, Contradicted},
		{"Lemma I.4", "priority-load", []Kind{Holds}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "f", func(i int) bool { return x["p"][i] == 2 && x["v"][i] == 7 }, func(i int) float64 { return 3 })
		}, Contradicted},
		{"Lemma I.5", "delay-sequences", []Kind{Holds, Loose}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "x_fixed", every, func(i int) float64 { return 3 * x["n"][i] })
		}, Contradicted},
		{"Lemma I.6", "delay-sequences", []Kind{Vacuous}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "n", every, func(int) float64 { return 12 })
			set(x, "h_fixed", every, func(i int) float64 { return 48 })
			set(x, "x_fixed", every, func(int) float64 { return 2 })
		}, Contradicted},
		{"Satz I.1", "valiant-tail", []Kind{Vacuous}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "T", every, func(i int) float64 { return 200 * x["n"][i] })
		}, Contradicted},
		{"Bem 1", "valiant-tail", []Kind{Holds, Contradicted}, func(s map[string][]string, x map[string][]float64) {
			set(x, "T", func(i int) bool { return s["port"][i] == "all" }, func(i int) float64 { return 1 })
		}, Holds},
		{"Bem 1", "valiant-tail", []Kind{Holds, Contradicted}, func(s map[string][]string, x map[string][]float64) {
			set(x, "T", func(i int) bool { return s["port"][i] == "all" }, func(i int) float64 { return 1000 })
		}, Contradicted},
		{"Bem 1, all-port", "valiant-tail", []Kind{Vacuous}, func(s map[string][]string, x map[string][]float64) {
			set(x, "T", func(i int) bool { return s["port"][i] == "all" }, func(i int) float64 { return 200 * x["n"][i] })
		}, Contradicted},
		{"Bem 2", "relations", []Kind{Holds, Loose, Weak}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "T", every, func(i int) float64 { return 1000 * x["n"][i] * x["mu"][i] })
		}, Contradicted},
		{"Ch. II.1, n copies in the time of one", "butterfly-tail", []Kind{Corrected}, func(s map[string][]string, x map[string][]float64) {
			set(x, "T", func(i int) bool { return s["router"][i] == "disjoint" }, func(int) float64 { return 1 })
		}, Holds},
		{"Ch. II.1, n copies in the time of one", "butterfly-tail", []Kind{Corrected}, func(s map[string][]string, x map[string][]float64) {
			set(x, "T", func(i int) bool { return s["router"][i] == "disjoint" }, func(i int) float64 { return x["n"][i] * x["n"][i] * x["n"][i] })
		}, Contradicted},
		{"Lemma II.2", "butterfly-loads", []Kind{Holds}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "f", func(i int) bool { return x["p"][i] == 2 }, func(int) float64 { return 0 })
		}, Contradicted},
		{"Satz II.1", "butterfly-tail", []Kind{Vacuous}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "T", every, func(i int) float64 { return 200 * x["n"][i] })
		}, Contradicted},
		{"Satz II.2, proof", "replication-loss", []Kind{Holds, Loose}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "lost", every, func(i int) float64 { return x["messages"][i] })
		}, Contradicted},
		{"Satz II.2, proof", "replication-rare", []Kind{Holds, Loose}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "loss", every, func(int) float64 { return 0.5 })
			set(x, "se", every, func(int) float64 { return 1e-3 })
		}, Contradicted},
		{"Satz II.2", "replication-loss", []Kind{Holds, Loose}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "lost", every, func(int) float64 { return 1 })
		}, Contradicted},
		{"Bem (II.5), time", "butterfly-tail", []Kind{Holds}, func(s map[string][]string, x map[string][]float64) {
			set(x, "T", func(i int) bool { return s["router"][i] == "disjoint" }, func(i int) float64 { return x["n"][i] * x["n"][i] * x["n"][i] })
		}, Contradicted},
		{"Bem (II.5), load", "butterfly-tail", []Kind{Vacuous}, func(s map[string][]string, x map[string][]float64) {
			set(x, "hops", func(i int) bool { return s["router"][i] == "disjoint" }, func(int) float64 { return 1 })
		}, Contradicted},
		{"Ch. III.1, detours", "detour-existence", []Kind{Weak}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "no_detour", every, func(int) float64 { return 1 })
		}, Contradicted},
		{"Ch. III.1, the matching's recursion", "matching", []Kind{Holds, Loose}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "pending", every, func(i int) float64 { return x["failed"][i] })
		}, Contradicted},
		{"Lemma III.1 (III.1)", "matching", []Kind{Holds, Loose, Weak}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "ok", every, func(int) float64 { return 0 })
		}, Contradicted},
		{"Lemma III.1 (III.1)", "matching", []Kind{Holds, Loose, Weak}, func(s map[string][]string, x map[string][]float64) {
			set(x, "gamma", func(i int) bool { return s["detours"][i] == "heuristic" && x["ok"][i] == 1 }, func(int) float64 { return 2 })
		}, Contradicted},
		{"Bem (III.1)", "faulty-bitonic", []Kind{Holds}, func(s map[string][]string, x map[string][]float64) {
			set(x, "max_step", func(i int) bool { return s["port"][i] == "all" }, func(i int) float64 { return x["gamma"][i] + 3 })
		}, Contradicted},
		{"Bem (III.1), single-port", "faulty-bitonic", []Kind{Outside}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "over_steps", every, func(int) float64 { return 1 })
		}, Contradicted},
		{"Einleitung, delay factor 3", "faulty-valiant", []Kind{Holds}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "T", every, func(i int) float64 { return 3*x["T_intact"][i] + 1 })
		}, Contradicted},
		{"Lemma III.1 (III.2)", "faulty-valiant", []Kind{Holds}, func(s map[string][]string, x map[string][]float64) {
			set(x, "lockstep", thesis(s), func(int) float64 { return 0 })
		}, Contradicted},
		{"Lemma III.1 (III.2), monotonicity", "faulty-valiant", []Kind{Holds}, func(s map[string][]string, x map[string][]float64) {
			set(x, "monotone", every, func(int) float64 { return 0 })
		}, Contradicted},
		{"Ch. III.2, d·T = 𝒯", "faulty-valiant", []Kind{Corrected}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "T", every, func(i int) float64 { return x["d"][i] * x["T_intact"][i] })
		}, Holds},
		{"Ch. III.2, d·T = 𝒯", "faulty-valiant", []Kind{Corrected}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "T", every, func(i int) float64 { return x["d"][i]*x["T_intact"][i] + 2 })
		}, Contradicted},
		{"Satz III.1", "faulty-valiant", []Kind{Holds}, func(s map[string][]string, x map[string][]float64) {
			set(x, "T", thesis(s), func(i int) float64 { return x["d"][i]*x["T_intact"][i] + 1 })
		}, Contradicted},
		{"Satz III.2", "faulty-valiant", []Kind{Holds}, func(s map[string][]string, x map[string][]float64) {
			set(x, "T", func(i int) bool { return thesis(s)(i) && s["confluent"][i] == "edge" }, func(i int) float64 { return x["d"][i]*x["T_intact"][i] + 1 })
		}, Contradicted},
		{"Ch. III.2, ψ from a γ-conjunct system", "faulty-valiant", []Kind{Holds}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "d", every, func(i int) float64 { return x["gamma"][i] + 3 })
		}, Contradicted},
		{"Ch. III.2, Satz III.2 applied", "faulty-valiant", []Kind{Vacuous}, func(_ map[string][]string, x map[string][]float64) {
			set(x, "T", every, func(i int) float64 { return 200 * x["n"][i] * x["d"][i] })
		}, Contradicted},
		{"Lemma 1 (lecture 10)", "collectives-bounds", []Kind{Holds}, func(_ map[string][]string, x map[string][]float64) {
			x["rho_m"][0] = x["bound_rho"][0] - 1
		}, Contradicted},
		{"Lemma 1, remark (lecture 10)", "collectives-bounds", []Kind{Holds}, func(s map[string][]string, x map[string][]float64) {
			set(x, "eta", func(i int) bool { return s["op"][i] == "aas" }, func(i int) float64 { return x["bound_eta"][i] + 1 })
		}, Contradicted},
	}
	for _, c := range cases {
		t.Run(c.id+"/"+c.experiment, func(t *testing.T) {
			v := judge(t, c.id, c.experiment, nil)
			if !slices.Contains(c.was, v.Kind) || v.Measured == "" || v.Why == "" {
				t.Fatalf("on the rows as they are: %s (%s; %s), want one of %v", v.Kind, v.Measured, v.Why, c.was)
			}
			if got := judge(t, c.id, c.experiment, c.change); got.Kind != c.want {
				t.Errorf("on the changed rows: %s (%s), want %s", got.Kind, got.Why, c.want)
			}
		})
	}
}

// TestPower: every verdict that holds, loosely or weakly, on the tiny
// results states its power, every vacuous one where it would bite, and
// every statement is judge.
func TestPower(t *testing.T) {
	for _, s := range Statements {
		v := s.Judge(tiny)
		switch v.Kind {
		case NotMeasured:
			t.Errorf("%s: not measured on the tiny results: %s", s.ID, v.Why)
		case Holds, Loose, Weak:
			if v.Power == "" {
				t.Errorf("%s: %s without its power", s.ID, v.Kind)
			}
		case Vacuous:
			if !strings.Contains(v.Why, "cannot fail") || !strings.Contains(v.Why, "bite") && !strings.Contains(v.Why, "impossible") {
				t.Errorf("%s: vacuous without its threshold: %s", s.ID, v.Why)
			}
		}
	}
}

// TestExact: the statements checked on the harness' structures alone hold
// (or cannot fail) whatever the results.
func TestExact(t *testing.T) {
	for id, want := range map[string]Kind{"Lemma II.2": Holds, "Abb. 7": Holds, "Lemma I.3": Holds, "Lemma I.6, per packet": Holds,
		"Ch. II.1, the paths α^d": Holds, "Abb. 1": Holds, "Lemma II.1": Holds, "Lemma II.3": Holds, "Abb. 2": Holds,
		"Lemma II.4": Loose, "Lemma II.5": Vacuous, "Lemma II.5, per packet": Holds, "Abb. 3, 4": Holds, "Abb. 5, 6": Holds} {
		if v := byID(t, id).Judge(tiny); v.Kind != want {
			t.Errorf("%s: %s (%s), want %s", id, v.Kind, v.Why, want)
		}
	}
}

func TestCollectives(t *testing.T) {
	cs, err := Collectives(tiny)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) == 0 {
		t.Fatal("no collective")
	}
	for _, c := range cs {
		if len(c.Below) > 0 || !strings.HasPrefix(c.Verdict(), "never below") {
			t.Errorf("%s %s: %s", c.Op, c.Algo, c.Verdict())
		}
	}
	cs, err = collectives(results{dir: tiny, edit: func(e, _ string, _ map[string][]string, x map[string][]float64) {
		x["rho"][0] = x["bound_steps"][0] - 1
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(cs[0].Below) != 1 || !strings.HasPrefix(cs[0].Verdict(), "contradicts") {
		t.Errorf("ρ below its bound: %s %s: %s", cs[0].Op, cs[0].Algo, cs[0].Verdict())
	}
}

// TestDamaged: a part file changed after it was written gives "not
// measured" naming the file.
func TestDamaged(t *testing.T) {
	dir := copyExperiment(t, "valiant-tail", false)
	parts, err := filepath.Glob(filepath.Join(dir, "valiant-tail", "trials", "*", "*.parquet"))
	if err != nil || len(parts) == 0 {
		t.Fatalf("no part file (%v)", err)
	}
	b, err := os.ReadFile(parts[0])
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0xff
	if err := os.WriteFile(parts[0], b, 0o644); err != nil {
		t.Fatal(err)
	}
	v := byID(t, "Satz I.1").Judge(dir)
	if v.Kind != NotMeasured || !strings.Contains(v.Why, filepath.Base(parts[0])) {
		t.Errorf("%s (%s), want not measured naming %s", v.Kind, v.Why, parts[0])
	}
}

// TestNotMeasured: a missing or incomplete experiment gives "not measured"
// and the report is still written.
func TestNotMeasured(t *testing.T) {
	for _, incomplete := range []bool{false, true} {
		dir := t.TempDir()
		if incomplete {
			dir = copyExperiment(t, "valiant-tail", true)
		}
		v := byID(t, "Satz I.1").Judge(dir)
		if v.Kind != NotMeasured || !strings.HasPrefix(v.Why, "not measured: ") {
			t.Errorf("incomplete=%v: %s (%s), want not measured", incomplete, v.Kind, v.Why)
		}
		if incomplete && !strings.Contains(v.Why, "manifest") {
			t.Errorf("the reason does not name the missing manifest: %s", v.Why)
		}
		var b bytes.Buffer
		if err := Write(&b, Header{Results: dir, Command: "hyperroute report", Harness: dataset.CurrentProvenance()}); err != nil {
			t.Fatal(err)
		}
		want := 0
		for _, s := range Statements {
			if len(s.Experiments) > 0 && !slices.Contains(s.Experiments, "valiant-tail") {
				want++
			}
		}
		if n := strings.Count(b.String(), "**Not measured.**"); n < want {
			t.Errorf("incomplete=%v: %d statements not measured, want at least %d", incomplete, n, want)
		}
	}
}

func TestWrite(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, Header{Results: tiny, Command: "hyperroute report --results R", Harness: dataset.CurrentProvenance()}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, s := range Statements {
		if !strings.Contains(out, "<a id=\""+anchor(s.ID)+"\"></a>\n### "+title(s.ID)+"\n\n> ") {
			t.Errorf("the report has no section for %s", s.ID)
		}
	}
	for _, u := range Unchecked {
		if !strings.Contains(out, "Not checked here: **"+u.ID+"**, ") {
			t.Errorf("the report does not say %s is not checked", u.ID)
		}
	}
	for _, want := range []string{"`hyperroute report --results R`", "## Chapter III", "### Theorem I.1 (Satz I.1)", "### Remark 1 (Bem 1)",
		"### Figures 3, 4 (Abb. 3, 4)", "*Figure t-tail is not drawn", "| oab | binomial |", "| valiant-tail | default | 30 | 1988 |", "**The model**"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if i := strings.Index(out, "## Findings"); i < 0 || strings.Index(out, "## Chapter I:") < i || !strings.Contains(out[i:strings.Index(out, "## Chapter I:")], "[Remark 1 (Bem 1)](#remark-1-bem-1)") {
		t.Error("the findings do not come first, or do not name Bem 1's contradiction")
	}
}

// TestReportFigures: written beside the figures hyperroute figures draws
// from the same results, the report shows every statement's figure inline,
// a file that exists, with the caption captions.md gives it the first time;
// its figures are those of plots.Figures, the figures no statement cites
// are in its gallery, its prose has no code identifiers, every work it
// cites is in docs/references.md, and the view pages are linked where they
// are.
func TestReportFigures(t *testing.T) {
	dir := t.TempDir()
	var captions strings.Builder
	if _, _, err := plots.DrawAll(plots.Source{Dir: tiny}, dir, func(name string, o plots.Output, skipped error) {
		if skipped != nil && slices.ContainsFunc(Statements, func(s Statement) bool { return s.Figure == name }) {
			t.Errorf("%s: %v", name, skipped)
		}
		fmt.Fprintf(&captions, "## %s\n\n%s\n\n", name, o.Caption)
	}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "captions.md"), []byte("# Captions\n\n"+captions.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "view-ch1-valiant.html"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "README.md")
	if err := Report(tiny, "", path, "hyperroute report", nil); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := string(b)
	names := map[string]bool{}
	for _, f := range plots.Figures {
		names[f.Name] = true
	}
	for _, s := range Statements {
		start := strings.Index(out, "<a id=\""+anchor(s.ID)+"\">")
		section := out[start:]
		if end := strings.Index(section[1:], "<a id="); end > 0 {
			section = section[:end+1]
		}
		img := fmt.Sprintf("![Figure %s](%s.png)", s.Figure, s.Figure)
		if start < 0 || !names[s.Figure] || !strings.Contains(section, img) {
			t.Errorf("%s: no figure inline (%q)", s.ID, img)
		}
		if _, err := os.Stat(filepath.Join(dir, s.Figure+".png")); err != nil {
			t.Errorf("%s: %v", s.ID, err)
		}
	}
	for _, m := range regexp.MustCompile(`!\[Figure ([^\]]+)\]\(([^)]+)\.png\)`).FindAllStringSubmatch(out, -1) {
		if !names[m[1]] || m[1] != m[2] {
			t.Errorf("the report shows %s as %s.png, not a figure of plots.Figures", m[1], m[2])
		}
	}
	for _, want := range []string{"*Figure t-tail.* Theorem I.1 and remark Bem 1.", "*Figure delayseq*, as above.", "## Other figures", "![Figure replication-bandwidth](replication-bandwidth.png)",
		"[Valiant's routing on Q_4, single- beside all-port](view-ch1-valiant.html)"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if strings.Contains(out, "view-ch2-disjoint.html") {
		t.Error("the report links a view page that is not there")
	}
	if ids := regexp.MustCompile(`\b[a-z]+\.[A-Z][A-Za-z]+`).FindAllString(out, -1); len(ids) > 0 {
		t.Errorf("code identifiers in the report's prose: %v", ids)
	}
	refs, err := os.ReadFile("../docs/references.md")
	if err != nil {
		t.Fatal(err)
	}
	keys := cited.FindAllString(out, -1)
	for _, k := range keys {
		if !strings.Contains(string(refs), "**"+k+"**") {
			t.Errorf("the report cites %s, which docs/references.md does not list", k)
		}
	}
	if !slices.Contains(keys, "[Schömer 1988]") {
		t.Error("the report does not cite the thesis")
	}
}

// TestSamplingError: a share above the bound counts against it only beyond
// its sampling error; a share whose bound is below 3/N does not count as
// support; a bound far above the upper confidence limit is loose.
func TestSamplingError(t *testing.T) {
	for _, c := range []struct {
		k, N  int
		bound float64
		want  Kind
	}{
		{1, 10, 0.05, Weak},            // 0.1 > 0.05, but 10·0.05 < 3
		{3, 100, 0.05, Holds},          // 0.03 < 0.05, upper limit above 0.025
		{8, 100, 0.02, Contradicted},   // 0.08 > 0.02, p-value 0.0015
		{0, 100, 0.01, Weak},           // 100·0.01 < 3
		{0, 1000, 0.5, Loose},          // upper limit 0.0053
		{10, 100, 0.5, Loose},          // upper limit 0.19
		{990, 1000, 0.999, Weak},       // no count of 1000 can exceed 0.999 at level 0.99
		{60, 1000, 0.05, Holds},        // above the bound within sampling error
		{700, 1000, 0.5, Contradicted}, // far above
	} {
		v := bounded([]point{share("p", 4, c.k, c.N, c.bound)})
		if v.Kind != c.want {
			t.Errorf("%d of %d against %g: %s (%s), want %s", c.k, c.N, c.bound, v.Kind, v.Why, c.want)
		}
		if (v.Kind == Holds || v.Kind == Loose || v.Kind == Weak) && v.Power == "" {
			t.Errorf("%d of %d against %g: %s without power", c.k, c.N, c.bound, v.Kind)
		}
	}
	if v := bounded([]point{exact("e", 3, 0.2, 0.3)}); v.Kind != Holds || !strings.Contains(v.Power, "exact") {
		t.Errorf("an exact value below its bound: %s (%s; %s)", v.Kind, v.Why, v.Power)
	}
	if v := bounded([]point{exact("e", 3, 0.31, 0.3)}); v.Kind != Contradicted {
		t.Errorf("an exact value above its bound: %s", v.Kind)
	}
	// Exact zeros are said to be exactly 0, and the looseness is the range
	// over the other points.
	v := bounded([]point{exact("a", 3, 0, 0.1), exact("b", 4, 0.01, 0.1), exact("c", 5, 0.001, 0.1)})
	if want := "bound, 0.1 there, is 10 … 100 times the exact value where that is not 0; exactly 0 at 1 of the 3 points"; v.Kind != Loose || !strings.Contains(v.Why, want) {
		t.Errorf("exact values, one 0: %s (%s), want loose with %q", v.Kind, v.Why, want)
	}
}

// TestVacuousTail: a tail bound of 1 at every measured value cannot fail,
// and the verdict says from where on it would bite.
func TestVacuousTail(t *testing.T) {
	samples := map[int][]float64{4: {8, 9, 9, 10, 10, 10, 11, 11, 12, 12, 13, 14}}
	v := tail(samples, func(n int, t float64) float64 { return math.Min(1, math.Exp(50-t)) })
	if v.Kind != Vacuous || !strings.Contains(v.Why, "12.8·n") {
		t.Errorf("%s: %s", v.Kind, v.Why)
	}
	v = tail(samples, func(n int, t float64) float64 { return math.Min(1, math.Exp(5-t)) })
	if v.Kind == Vacuous {
		t.Errorf("a bound below 1 at the measured values: %s (%s)", v.Kind, v.Why)
	}
}

// TestFigureFiles: the figure file each statement links is one that
// hyperroute figures writes from the same results.
func TestFigureFiles(t *testing.T) {
	out := t.TempDir()
	drawn := map[string]bool{}
	draw := func(name string) {
		i := slices.IndexFunc(plots.Figures, func(f plots.Figure) bool { return f.Name == name })
		if i < 0 || drawn[name] {
			return
		}
		if _, err := plots.Figures[i].Draw(plots.Source{Dir: tiny}, out); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		drawn[name] = true
	}
	for _, s := range Statements {
		if !slices.ContainsFunc(plots.Figures, func(f plots.Figure) bool { return f.Name == s.Figure }) {
			t.Fatalf("%s: no figure %s", s.ID, s.Figure)
		}
		draw(s.Figure)
		files := s.Judge(tiny).Files
		if files == nil {
			files = []string{s.Figure + ".png"}
		}
		for _, f := range files {
			draw(strings.TrimSuffix(f, ".png"))
			if _, err := os.Stat(filepath.Join(out, f)); err != nil {
				t.Errorf("%s links %s, which figures did not write: %v", s.ID, f, err)
			}
		}
	}
}
