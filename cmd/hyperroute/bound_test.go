package main

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// runBoundCLI runs `hyperroute args…` with the given stdin and returns the
// exit status, stdout and stderr.
func runBoundCLI(t *testing.T, in string, args ...string) (int, string, string) {
	t.Helper()
	old := stdin
	stdin = strings.NewReader(in)
	defer func() { stdin = old }()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// decodeBound parses one output line; log_value null becomes −∞.
func decodeBound(t *testing.T, line string) (map[string]any, float64, float64) {
	t.Helper()
	var obj map[string]any
	if err := json.Unmarshal([]byte(line), &obj); err != nil {
		t.Fatalf("output %q: %v", line, err)
	}
	v, ok := obj["value"].(float64)
	if !ok {
		t.Fatalf("output %q: no numeric value", line)
	}
	lv := math.Inf(-1)
	if obj["log_value"] != nil {
		lv = obj["log_value"].(float64)
	}
	return obj, v, lv
}

// TestBoundValues checks the command against values from outside the code:
// closed forms, and exact binomial tails summed with 40-digit arithmetic
// (mpmath) where SciPy's logsf underflows.
func TestBoundValues(t *testing.T) {
	ln := math.Log
	cases := []struct {
		args []string
		log  float64
	}{
		// mpmath: ln Pr(Bin(2^20, 1.9e-5) ≥ 40) = −9.9223561496857708483
		{[]string{"binom", "--m", "40", "--N", "1048576", "--q", "1.9e-5"}, -9.9223561496857708483},
		// B(N, N, q) = q^N, far below the float64 range.
		{[]string{"binom", "--m", "1000", "--N", "1000", "--q", "0.01"}, 1000 * ln(0.01)},
		// mpmath: ln Pr(Bin(1000, 0.01) ≥ 300) = −781.29102634196949541
		{[]string{"binom", "--m", "300", "--N", "1000", "--q", "0.01"}, -781.29102634196949541},
		// B(1, N, q) = 1 − (1−q)^N.
		{[]string{"binom", "--m", "1", "--N", "50", "--q", "0.02"}, ln(1 - math.Pow(0.98, 50))},
		{[]string{"binom", "--m", "0", "--N", "50", "--q", "0.02"}, 0},
		// (Nq/m)^m e^{m−Nq} at N = 100, q = 0.1, m = 30: 20 − 30 ln 3.
		{[]string{"chernoff", "--m", "30", "--N", "100", "--q", "0.1"}, 20 - 30*ln(3)},
		{[]string{"chernoff", "--m", "5", "--N", "100", "--q", "0.1"}, 0},
		// Hoeffding below m ≥ Nq̄ + 1 is the trivial bound; above it B.
		{[]string{"hoeffding", "--m", "10", "--N", "100", "--q", "0.095"}, 0},
		{[]string{"hoeffding", "--m", "2", "--N", "50", "--q", "0.002"},
			ln(1 - math.Pow(0.998, 50) - 50*0.002*math.Pow(0.998, 49))},
		// Lemma I.5 at n = 20, c = 3: B(60, 2^20, 20/2^20) (mpmath
		// −28.491380755049530278) and e^{−(3 ln 3 − 2)·20}.
		{[]string{"lemma-i5", "--n", "20", "--c", "3"}, -28.491380755049530278},
		{[]string{"lemma-i5", "--n", "20", "--c", "3", "--form", "exp"}, -(3*ln(3) - 2) * 20},
		// Theorem I.1 at n = 20: 18^n e^{−min(c/2, c ln c − c + 1)·n}.
		{[]string{"theorem-i1", "--n", "20", "--c", "8"}, 20*ln(18) - 4*20},
		{[]string{"theorem-i1", "--n", "20", "--t", "2000"}, 20*ln(18) - 2000.0/24},
		{[]string{"theorem-i1", "--n", "20", "--c", "1"}, 0},
	}
	for _, c := range cases {
		code, out, errs := runBoundCLI(t, "", append([]string{"bound"}, c.args...)...)
		if code != 0 || errs != "" {
			t.Errorf("bound %v: exit %d, stderr %q", c.args, code, errs)
			continue
		}
		obj, v, lv := decodeBound(t, strings.TrimSuffix(out, "\n"))
		if obj["kind"] != c.args[0] {
			t.Errorf("bound %v: kind %v", c.args, obj["kind"])
		}
		if d := math.Abs(lv - c.log); d > 1e-11+1e-14*math.Abs(c.log) {
			t.Errorf("bound %v: log_value %.17g, want %.17g (diff %.3g)", c.args, lv, c.log, d)
		}
		if want := math.Exp(c.log); math.Abs(v-want) > 1e-9*want {
			t.Errorf("bound %v: value %.17g, want %.17g", c.args, v, want)
		}
	}
}

func TestBoundZero(t *testing.T) {
	code, out, _ := runBoundCLI(t, "", "bound", "binom", "--m", "3", "--N", "10", "--q", "0")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	want := `{"kind":"binom","m":3,"N":10,"q":0,"value":0,"log_value":null}` + "\n"
	if out != want {
		t.Errorf("got %s want %s", out, want)
	}
}

// TestBoundBatch checks that the batch form answers like the flag form, line
// by line, and skips blank lines.
func TestBoundBatch(t *testing.T) {
	flagForms := [][]string{
		{"binom", "--m", "40", "--N", "1048576", "--q", "1.9e-5"},
		{"chernoff", "--m", "40.5", "--N", "1048576", "--q", "1.9e-5"},
		{"hoeffding", "--m", "12", "--N", "64", "--q", "0.05"},
		{"lemma-i5", "--n", "12", "--c", "2.5", "--form", "exp"},
		{"theorem-i1", "--n", "16", "--t", "1500"},
	}
	lines := []string{
		`{"kind":"binom","m":40,"N":1048576,"q":1.9e-5}`,
		`  {"kind":"chernoff","m":40.5,"N":1048576,"q":1.9e-5}`,
		``,
		`{"kind":"hoeffding","m":12,"N":64,"q":0.05}`,
		`{"kind":"lemma-i5","n":12,"c":2.5,"form":"exp"}`,
		`{"kind":"theorem-i1","n":16,"t":1500}`,
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
	cases := []struct {
		in   string
		args []string
		msg  string
	}{
		{"", []string{"binom", "--m", "4", "--N", "10", "--q", "1.5"}, "q=1.5"},
		{"", []string{"binom", "--m", "4", "--N", "10", "--q", "-0.1"}, "q=-0.1"},
		{"", []string{"binom", "--m", "4", "--N", "10", "--q", "NaN"}, "q=NaN"},
		{"", []string{"chernoff", "--m", "4", "--N", "-1", "--q", "0.5"}, "N=-1"},
		{"", []string{"binom", "--m", "4.5", "--N", "10", "--q", "0.5"}, "m=4.5"},
		{"", []string{"binom", "--N", "10", "--q", "0.5"}, "needs m"},
		{"", []string{"binom", "--m", "4", "--N", "10", "--q", "0.5", "--n", "3"}, "takes no n"},
		{"", []string{"poisson", "--m", "4"}, `unknown kind "poisson"`},
		{"", nil, "missing kind"},
		{"", []string{"lemma-i5", "--n", "63", "--c", "2"}, "n=63"},
		{"", []string{"lemma-i5", "--n", "10", "--c", "2", "--form", "tight"}, `form="tight"`},
		{"", []string{"theorem-i1", "--n", "10"}, "needs c or t"},
		{"", []string{"theorem-i1", "--n", "10", "--c", "2", "--t", "100"}, "not both"},
		{"", []string{"binom", "--m", "x"}, "invalid value"},
		{"", []string{"binom", "--m", "4", "--N", "10", "--q", "0.5", "extra"}, "unexpected argument"},
		{"", []string{"binom", "--batch"}, "--batch takes no kind"},
		{"{\"kind\":\"binom\",\"m\":4,\"N\":10,\"q\":0.5}\n{\"kind\":\"binom\",\"m\":4,\"N\":10,\"q\":2}\n",
			[]string{"--batch"}, "stdin line 2: q=2"},
		{"{\"kind\":\"binom\",\"m\":4,\"N\":10,\"q\":0.5,\"x\":1}\n", []string{"--batch"}, `stdin line 1: json: unknown field "x"`},
		{"{\"kind\":\"binom\"\n", []string{"--batch"}, "stdin line 1:"},
		{"{\"kind\":\"nope\"}\n", []string{"--batch"}, `stdin line 1: unknown kind "nope"`},
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

func TestBoundHelp(t *testing.T) {
	code, _, errs := runBoundCLI(t, "", "bound", "-h")
	if code != 0 || !strings.Contains(errs, "theorem-i1") || !strings.Contains(errs, "-batch") {
		t.Errorf("bound -h: exit %d, stderr %q", code, errs)
	}
}
