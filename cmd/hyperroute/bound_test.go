package main

import (
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/bounds"
)

// runBoundCLI runs `hyperroute args…` with the given stdin and returns the
// exit status, stdout and stderr.
func runBoundCLI(t *testing.T, in string, args ...string) (int, string, string) {
	t.Helper()
	old := stdin
	stdin = strings.NewReader(in)
	defer func() { stdin = old }()
	var out, errb strings.Builder
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestBoundZero(t *testing.T) {
	code, out, _ := runBoundCLI(t, "", "bound", "binom", "--m", "3", "--N", "10", "--p", "0")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	want := `{"kind":"binom","m":3,"N":10,"p":0,"value":0,"log_value":null}` + "\n"
	if out != want {
		t.Errorf("got %s want %s", out, want)
	}
}

// TestBoundBatch checks that the batch form answers like the flag form, line
// by line, and skips blank lines.
func TestBoundBatch(t *testing.T) {
	flagForms := [][]string{
		{"binom", "--m", "40", "--N", "1048576", "--p", "1.9e-5"},
		{"chernoff", "--m", "40.5", "--N", "1048576", "--p", "1.9e-5"},
		{"lemma-i5", "--n", "12", "--c", "2.5", "--form", "exp"},
		{"theorem-i1", "--n", "16", "--t", "1500"},
		{"loss-bracket", "--n", "8", "--k", "3", "--k2", "0", "--q", "0.05"},
	}
	lines := []string{
		`{"kind":"binom","m":40,"N":1048576,"p":1.9e-5}`,
		`  {"kind":"chernoff","m":40.5,"N":1048576,"p":1.9e-5}`,
		``,
		`{"kind":"lemma-i5","n":12,"c":2.5,"form":"exp"}`,
		`{"kind":"theorem-i1","n":16,"t":1500}`,
		`{"kind":"loss-bracket","n":8,"k":3,"k2":0,"q":0.05}`,
	}
	var want strings.Builder
	for _, args := range flagForms {
		code, out, errs := runBoundCLI(t, "", append([]string{"bound"}, args...)...)
		if code != 0 {
			t.Fatalf("bound %v: exit %d: %s", args, code, errs)
		}
		want.WriteString(out)
	}
	code, out, errs := runBoundCLI(t, strings.Join(lines, "\n")+"\n", "bound", "--batch")
	if code != 0 || errs != "" {
		t.Fatalf("batch: exit %d, stderr %q", code, errs)
	}
	if out != want.String() {
		t.Errorf("batch output\n%s\nflag output\n%s", out, want.String())
	}
}

// TestBoundErrors checks that bad input is one error line and exit status 2;
// in a batch the error names the line and the lines before it are answered.
func TestBoundErrors(t *testing.T) {
	good := `{"kind":"binom","m":4,"N":10,"p":0.5}` + "\n"
	cases := []struct {
		in   string
		args []string
		msg  string
	}{
		{"", []string{"binom", "--m", "4", "--N", "10", "--p", "1.5"}, "p=1.5"},
		{"", []string{"binom", "--N", "10", "--p", "0.5"}, "needs m"},
		{"", []string{"poisson", "--m", "4"}, `unknown kind "poisson"`},
		{"", nil, "missing kind"},
		{"", []string{"binom", "--m", "x"}, `invalid value "x" for flag -m: not a number`},
		{"", []string{"lemma-i5", "--n", "8", "--c", "2", "--form", ""}, "flag -form: empty"},
		{"", []string{"binom", "--m", "4", "--N", "10", "--p", "0.5", "extra"}, "unexpected argument"},
		{"", []string{"binom", "--batch"}, "--batch takes no kind"},
		{"", []string{"--batch", "--m", "3"}, "--batch takes no kind"},
		{good + `{"kind":"binom","m":4,"N":10,"p":2}` + "\n", []string{"--batch"}, "stdin line 2: p=2"},
		{good + `{"kind":"binom","m":4,"N":10,"p":0.5,"x":1}` + "\n", []string{"--batch"}, `stdin line 2: json: unknown field "x"`},
		{"{\"kind\":\"nope\"}\n", []string{"--batch"}, `stdin line 1: unknown kind "nope"`},
		{good + strings.Repeat("x", bounds.MaxLine+1) + "\n", []string{"--batch"}, "stdin line 2: longer than 1048576 bytes"},
	}
	for _, c := range cases {
		code, out, errs := runBoundCLI(t, c.in, append([]string{"bound"}, c.args...)...)
		if code != 2 {
			t.Errorf("bound %v: exit %d, want 2", c.args, code)
		}
		if strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "hyperroute bound: ") || !strings.Contains(errs, c.msg) {
			t.Errorf("bound %v: stderr %q, want one line with %q", c.args, errs, c.msg)
		}
		answered := strings.Count(c.in, "\n") - 1
		if c.in == "" {
			answered = 0
		}
		if got := strings.Count(out, "\n"); got != answered {
			t.Errorf("bound %v: %d output lines before the error, want %d", c.args, got, answered)
		}
	}
}

// TestBoundHelp checks that the help lists every kind of the registry with
// its flags, and every flag.
func TestBoundHelp(t *testing.T) {
	code, _, errs := runBoundCLI(t, "", "bound", "-h")
	if code != 0 || !strings.Contains(errs, "-batch") {
		t.Errorf("bound -h: exit %d, stderr %q", code, errs)
	}
	for _, k := range bounds.Kinds() {
		if !strings.Contains(errs, "\n  "+k.Name+" ") || !strings.Contains(errs, k.Doc) {
			t.Errorf("bound -h: no line for %s", k.Name)
		}
	}
	if !strings.Contains(errs, "  loss-bracket     --n --k --k2 --q [--m] [--form upper|lower]\n") {
		t.Errorf("bound -h: loss-bracket's flags missing")
	}
	for _, p := range bounds.Params {
		if !strings.Contains(errs, "  -"+p.Name+" value\n    \t"+p.Doc) {
			t.Errorf("bound -h: no flag -%s", p.Name)
		}
	}
}
