package bounds

import (
	"math"
	"strings"
	"testing"
)

// query builds a query of kind from flag-like name, value pairs.
func query(t *testing.T, kind string, kv ...string) Query {
	t.Helper()
	q := Query{Kind: kind}
	for i := 0; i+1 < len(kv); i += 2 {
		if err := q.Set(strings.TrimPrefix(kv[i], "--"), kv[i+1]); err != nil {
			t.Fatalf("%s %v: %v", kind, kv, err)
		}
	}
	return q
}

// logValue evaluates a query and returns ln of its value, −∞ for 0.
func logValue(t *testing.T, args []string) float64 {
	t.Helper()
	res, err := Eval(query(t, args[0], args[1:]...))
	if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	if res.Kind != args[0] {
		t.Errorf("%v: kind %q", args, res.Kind)
	}
	if res.LogValue == nil {
		if res.Value != 0 {
			t.Errorf("%v: value %v with log_value null", args, res.Value)
		}
		return math.Inf(-1)
	}
	if want := math.Exp(*res.LogValue); math.Abs(res.Value-want) > 1e-15*want {
		t.Errorf("%v: value %.17g, exp(log_value) %.17g", args, res.Value, want)
	}
	return *res.LogValue
}

// TestChapterI checks the binomial kinds and Chapter I's against values
// from outside the code: closed forms, and exact binomial tails summed with
// 40-digit arithmetic (mpmath) where SciPy's logsf underflows.
func TestChapterI(t *testing.T) {
	ln := math.Log
	cases := []struct {
		args []string
		log  float64
	}{
		// mpmath: ln Pr(Bin(2^20, 1.9e-5) ≥ 40) = −9.9223561496857708483
		{[]string{"binom", "--m", "40", "--N", "1048576", "--p", "1.9e-5"}, -9.9223561496857708483},
		// B(N, N, p) = p^N, far below the float64 range.
		{[]string{"binom", "--m", "1000", "--N", "1000", "--p", "0.01"}, 1000 * ln(0.01)},
		// mpmath: ln Pr(Bin(1000, 0.01) ≥ 300) = −781.29102634196949541
		{[]string{"binom", "--m", "300", "--N", "1000", "--p", "0.01"}, -781.29102634196949541},
		// B(1, N, p) = 1 − (1−p)^N.
		{[]string{"binom", "--m", "1", "--N", "50", "--p", "0.02"}, ln(1 - math.Pow(0.98, 50))},
		{[]string{"binom", "--m", "0", "--N", "50", "--p", "0.02"}, 0},
		{[]string{"binom", "--m", "3", "--N", "10", "--p", "0"}, math.Inf(-1)},
		// (Np/m)^m e^{m−Np} at N = 100, p = 0.1, m = 30: 20 − 30 ln 3.
		{[]string{"chernoff", "--m", "30", "--N", "100", "--p", "0.1"}, 20 - 30*ln(3)},
		{[]string{"chernoff", "--m", "5", "--N", "100", "--p", "0.1"}, 0},
		// Hoeffding below m ≥ Np̄ + 1 is the trivial bound; above it B.
		{[]string{"hoeffding", "--m", "10", "--N", "100", "--p", "0.095"}, 0},
		{[]string{"hoeffding", "--m", "2", "--N", "50", "--p", "0.002"},
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
		lv := logValue(t, c.args)
		if math.IsInf(c.log, -1) {
			if !math.IsInf(lv, -1) {
				t.Errorf("%v: log_value %v, want null", c.args, lv)
			}
			continue
		}
		if d := math.Abs(lv - c.log); d > 1e-11+1e-14*math.Abs(c.log) {
			t.Errorf("%v: log_value %.17g, want %.17g (diff %.3g)", c.args, lv, c.log, d)
		}
	}
}

// TestDefaultForm checks that the default form a kind used is in its
// result, except matching-failure's, which never was.
func TestDefaultForm(t *testing.T) {
	for _, c := range []struct {
		args []string
		form string
	}{
		{[]string{"lemma-i5", "--n", "8", "--c", "2"}, "binomial"},
		{[]string{"loss-bracket", "--n", "8", "--k", "3", "--k2", "2", "--q", "0.1"}, "upper"},
		{[]string{"mean-loss", "--n", "8", "--q", "0.1"}, "upper"},
		{[]string{"matching-failure", "--n", "8", "--q", "0.01"}, ""},
	} {
		res, err := Eval(query(t, c.args[0], c.args[1:]...))
		if err != nil || res.Form != c.form {
			t.Errorf("%v: form %q, error %v; want form %q", c.args, res.Form, err, c.form)
		}
	}
}

// TestErrors checks that bad values are errors that name them.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"binom", "--m", "4", "--N", "10", "--p", "1.5"}, "p=1.5"},
		{[]string{"binom", "--m", "4", "--N", "10", "--p", "-0.1"}, "p=-0.1"},
		{[]string{"binom", "--m", "4", "--N", "10", "--p", "NaN"}, "p=NaN"},
		{[]string{"chernoff", "--m", "4", "--N", "-1", "--p", "0.5"}, "N=-1"},
		{[]string{"chernoff", "--m", "Inf", "--N", "1", "--p", "0.5"}, "m=+Inf"},
		{[]string{"binom", "--m", "4", "--N", "1099511627777", "--p", "0.5"}, "N=1099511627777"},
		{[]string{"binom", "--m", "4.5", "--N", "10", "--p", "0.5"}, "m=4.5: must be an integer for binom"},
		{[]string{"hoeffding", "--m", "1e300", "--N", "10", "--p", "0.5"}, "m=1e+300"},
		{[]string{"binom", "--N", "10", "--p", "0.5"}, "binom needs m"},
		{[]string{"binom", "--m", "4", "--N", "10", "--q", "0.5"}, "binom needs p"},
		{[]string{"binom", "--m", "4", "--N", "10", "--p", "0.5", "--n", "3"}, "binom takes no n (it takes m, N, p)"},
		{[]string{"poisson", "--m", "4"}, `unknown kind "poisson"`},
		{[]string{""}, "missing kind"},
		{[]string{"lemma-i5", "--n", "63", "--c", "2"}, "n=63"},
		{[]string{"lemma-i5", "--n", "10", "--c", "-1"}, "c=-1"},
		{[]string{"lemma-i5", "--n", "10", "--c", "2", "--form", "tight"}, `form="tight": want binomial or exp`},
		{[]string{"theorem-i1", "--n", "10"}, "needs c or t"},
		{[]string{"theorem-i1", "--n", "10", "--c", "2", "--t", "100"}, "not both"},
		{[]string{"theorem-i1", "--n", "1048577", "--c", "2"}, "n=1048577"},
		{[]string{"theorem-i1", "--n", "10", "--c", "0"}, "c=0"},
		{[]string{"theorem-i1", "--n", "10", "--t", "-1"}, "t=-1: must be positive"},
		{[]string{"detour-missing", "--n", "31", "--q", "0.1"}, "n=31"},
		{[]string{"detour-missing", "--n", "5", "--q", "2"}, "q=2"},
		{[]string{"detour-max-q", "--S", "Inf"}, "S=+Inf"},
		{[]string{"detour-max-q", "--n", "3", "--S", "1"}, "takes no n"},
		{[]string{"matching-max-q"}, "needs S"},
		{[]string{"matching-failure", "--n", "5", "--q", "0.1", "--form", "tight"}, `form="tight": want sharp or loose`},
	} {
		_, err := Eval(query(t, c.args[0], c.args[1:]...))
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%v: error %v, want one with %q", c.args, err, c.msg)
		}
	}
}

// TestSet checks the parsing of values by their type.
func TestSet(t *testing.T) {
	var a Args
	for _, c := range []struct{ name, text, msg string }{
		{"m", "x", "not a number"},
		{"N", "1.5", "not an integer"},
		{"form", "", "empty"},
		{"z", "1", `no parameter "z"`},
	} {
		if err := a.Set(c.name, c.text); err == nil || err.Error() != c.msg {
			t.Errorf("Set(%q, %q): %v, want %q", c.name, c.text, err, c.msg)
		}
	}
	if err := a.Set("N", "0x10"); err != nil || *a.N != 16 {
		t.Errorf("Set(N, 0x10): %v, N = %v", err, a.N)
	}
}
