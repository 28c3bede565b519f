package bounds

import (
	"bytes"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// examples are a valid query of every kind, with every form it takes.
var examples = map[string][]string{
	"binom":            {"--m", "4", "--N", "10", "--p", "0.2"},
	"chernoff":         {"--m", "4.5", "--N", "10", "--p", "0.2"},
	"hoeffding":        {"--m", "4", "--N", "10", "--p", "0.2"},
	"lemma-i5":         {"--n", "8", "--c", "2"},
	"theorem-i1":       {"--n", "8", "--c", "8"},
	"theorem-ii1":      {"--n", "8", "--t", "900"},
	"message-loss":     {"--n", "8", "--q", "0.01"},
	"any-message-loss": {"--n", "8", "--q", "0.01"},
	"theorem-ii2":      {"--n", "8", "--S", "1"},
	"phase-loss":       {"--n", "8", "--k", "3", "--q", "0.1", "--m", "2"},
	"loss-bracket":     {"--n", "8", "--k", "3", "--k2", "4", "--q", "0.1"},
	"mean-loss":        {"--n", "8", "--q", "0.1"},
	"valiant-loss":     {"--n", "8", "--q", "0.1"},
	"detour-missing":   {"--n", "8", "--q", "0.01"},
	"detour-max-q":     {"--S", "1"},
	"matching-failure": {"--n", "8", "--q", "0.01"},
	"matching-max-q":   {"--S", "1"},
}

// TestRegistry checks every kind: a unique name, a doc line, parameters
// that exist, an example that evaluates with each of its forms, and an
// error for a form it does not take.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range Kinds() {
		if seen[k.Name] || k.Doc == "" || strings.Contains(k.Doc, "\n") || k.Eval == nil {
			t.Errorf("%s: a second kind of that name, or no doc line, or no function", k.Name)
		}
		seen[k.Name] = true
		for _, name := range slices.Concat(k.Needs, k.Takes) {
			if param(name).field == nil {
				t.Errorf("%s: no parameter %q", k.Name, name)
			}
		}
		if slices.Contains(k.Takes, "form") != (len(k.Forms) > 0) {
			t.Errorf("%s: takes form %v, forms %v", k.Name, slices.Contains(k.Takes, "form"), k.Forms)
		}
		args, ok := examples[k.Name]
		if !ok {
			t.Errorf("%s: no example", k.Name)
			continue
		}
		for _, form := range append([]string{""}, k.Forms...) {
			q := query(t, k.Name, args...)
			q.Form = form
			if _, err := Eval(q); err != nil {
				t.Errorf("%s form %q: %v", k.Name, form, err)
			}
		}
		q := query(t, k.Name, args...)
		q.Form = "none"
		if _, err := Eval(q); err == nil {
			t.Errorf("%s: form none accepted", k.Name)
		}
	}
	if len(seen) != len(examples) {
		t.Errorf("%d kinds, %d examples", len(seen), len(examples))
	}
}

// TestBatch checks that a batch answers each line as Eval does, skips
// blank lines, and stops at a bad or too long line naming it.
func TestBatch(t *testing.T) {
	in := `{"kind":"binom","m":40,"N":1048576,"p":1.9e-5}

  {"kind":"lemma-i5","n":12,"c":2.5}
{"kind":"mean-loss","n":8,"q":0.05,"form":"phase"}
`
	var want bytes.Buffer
	for _, args := range [][]string{
		{"binom", "--m", "40", "--N", "1048576", "--p", "1.9e-5"},
		{"lemma-i5", "--n", "12", "--c", "2.5"},
		{"mean-loss", "--n", "8", "--q", "0.05", "--form", "phase"},
	} {
		res, err := Eval(query(t, args[0], args[1:]...))
		if err != nil {
			t.Fatal(err)
		}
		Write(&want, res)
	}
	var out bytes.Buffer
	if err := Batch(strings.NewReader(in), &out); err != nil || out.String() != want.String() {
		t.Errorf("batch: %v\n%s\nwant\n%s", err, out.String(), want.String())
	}
	for _, c := range []struct {
		in      string
		line    int
		msg     string
		answers int
	}{
		{in + `{"kind":"binom","m":4,"N":10,"p":2}` + "\n", 5, "p=2", 3},
		{`{"kind":"binom","m":4,"N":10,"p":0.5,"x":1}`, 1, `json: unknown field "x"`, 0},
		{`{"kind":"binom","m":4} {}`, 1, "more than one JSON value", 0},
		{"\n" + `{"kind":"binom","N":1.5}`, 2, "cannot unmarshal", 0},
		{in + strings.Repeat(" ", MaxLine+1) + "\n", 5, "longer than", 3},
	} {
		out.Reset()
		err := Batch(strings.NewReader(c.in), &out)
		var le *LineError
		if !errors.As(err, &le) || le.Line != c.line || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("batch %.60q: error %v, want line %d with %q", c.in, err, c.line, c.msg)
		}
		if got := strings.Count(out.String(), "\n"); got != c.answers {
			t.Errorf("batch %.60q: %d answers before the error, want %d", c.in, got, c.answers)
		}
	}
}

// TestSolve: solve q finds the q at which a kind's value reaches the
// target, the upper end of a bracket before its lower one, and refuses a
// kind without q, a query with q and a target not reached.
func TestSolve(t *testing.T) {
	target := 0.01
	n := int64(8)
	res, err := Eval(Query{Kind: "mean-loss", Args: Args{Dim: &n, Solve: "q", Target: &target}})
	if err != nil || math.Abs(res.Value-target) > 1e-12 || res.Q == nil || res.Args.Solve != "q" {
		t.Fatalf("mean-loss: %+v, %v", res, err)
	}
	lower, _ := Eval(Query{Kind: "mean-loss", Args: Args{Dim: &n, Form: "lower", Solve: "q", Target: &target}})
	if !(*res.Q < *lower.Q) {
		t.Errorf("upper end's q %v, lower end's %v", *res.Q, *lower.Q)
	}
	q := 0.1
	big := 2.0
	for _, c := range []struct {
		q    Query
		want string
	}{
		{Query{Kind: "theorem-ii2", Args: Args{Dim: &n, Solve: "q", Target: &target}}, "takes no q"},
		{Query{Kind: "mean-loss", Args: Args{Dim: &n, Q: &q, Solve: "q", Target: &target}}, "give no q"},
		{Query{Kind: "mean-loss", Args: Args{Dim: &n, Solve: "n", Target: &target}}, "want solve q"},
		{Query{Kind: "mean-loss", Args: Args{Dim: &n, Solve: "q"}}, "needs a target"},
		{Query{Kind: "valiant-loss", Args: Args{Dim: &n, Solve: "q", Target: &big}}, "stays below"},
	} {
		if _, err := Eval(c.q); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.q, err, c.want)
		}
	}
}
