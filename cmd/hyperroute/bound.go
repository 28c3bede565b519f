package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/hyperroute/hyperroute/stats"
)

// stdin is what `hyperroute bound --batch` reads; tests replace it.
var stdin io.Reader = os.Stdin

// boundKinds are the kinds of `hyperroute bound`, in the order of the help.
var boundKinds = []string{"binom", "chernoff", "hoeffding", "lemma-i5", "theorem-i1",
	"theorem-ii1", "message-loss", "any-message-loss", "theorem-ii2",
	"phase-loss", "loss-bracket", "mean-loss", "valiant-loss",
	"detour-missing", "detour-max-q", "matching-failure", "matching-max-q"}

// boundQuery is one evaluation asked of `hyperroute bound`: the flags of the
// command line, or one JSON line of the batch form. Absent values are nil.
type boundQuery struct {
	Kind string   `json:"kind"`
	M    *float64 `json:"m"` // threshold: Pr(X ≥ m)
	N    *int64   `json:"N"` // trials of the binomial
	Q    *float64 `json:"q"` // success probability (q̄ for hoeffding)
	Dim  *int64   `json:"n"` // cube dimension, lemma-i5 and theorem-i1
	C    *float64 `json:"c"` // threshold c·n (lemma-i5) or 12·c·n (theorem-i1)
	T    *float64 `json:"t"` // threshold of T (theorem-i1, instead of c)
	Form string   `json:"form"`
	K    *int64   `json:"k"`  // distance of phase 1 (phase-loss, loss-bracket)
	K2   *int64   `json:"k2"` // distance of phase 2 (loss-bracket)
	S    *float64 `json:"S"`  // exponent of theorem-ii2
}

// boundResult is one line of output: the query's values, the bound and its
// natural logarithm. LogValue is null when the value is 0 (ln 0 = −∞, which
// JSON cannot hold).
type boundResult struct {
	Kind     string   `json:"kind"`
	M        *float64 `json:"m,omitempty"`
	N        *int64   `json:"N,omitempty"`
	Q        *float64 `json:"q,omitempty"`
	Dim      *int64   `json:"n,omitempty"`
	C        *float64 `json:"c,omitempty"`
	T        *float64 `json:"t,omitempty"`
	Form     string   `json:"form,omitempty"`
	K        *int64   `json:"k,omitempty"`
	K2       *int64   `json:"k2,omitempty"`
	S        *float64 `json:"S,omitempty"`
	Value    float64  `json:"value"`
	LogValue *float64 `json:"log_value"`
}

const boundUsage = `usage: hyperroute bound KIND [flags]     one bound as a JSON object
       hyperroute bound --batch            one JSON object per JSON line on stdin

kinds and their values (B(m,N,q) = Pr(Bin(N,q) ≥ m)):
  binom       --m --N --q   exact B(m, N, q); m an integer
  chernoff    --m --N --q   (Nq/m)^m·e^{m−Nq} for m ≥ Nq, else 1; m real
  hoeffding   --m --N --q   B(m, N, q̄) for m ≥ Nq̄+1, else 1; q is q̄; m an integer
  lemma-i5    --n --c [--form binomial|exp]
                            Pr(Σx ≥ cn) ≤ B(⌈cn⌉, 2^n, n/2^n) (binomial, default)
                            ≤ e^{−(c ln c − c + 1)n} (exp); n ≤ 62
  theorem-i1  --n (--c | --t)
                            Pr(T ≥ 12cn) ≤ ½·18^n·2·e^{−min(c/2, c ln c − c + 1)n},
                            capped at 1; --t T gives the bound on Pr(T ≥ t)
  theorem-ii1 --n (--c | --t)
                            Pr(T ≥ 12cn+2) ≤ 2·⅓n·6^n·2·e^{−min(c/2, c ln c − c + 1)n},
                            capped at 1; --t T: c = (T−2)/(12n)
  message-loss --n --q      2(nq)^n, capped at 1: a message on n disjoint paths
  any-message-loss --n --q  2(2nq)^n, capped at 1: some message of a permutation
  theorem-ii2 --n --S       the q = 1/(2n·e^S) below which all messages arrive
                            with probability ≥ 1 − 2e^{−Sn}
  phase-loss  --n --k --q [--m]
                            exact Pr(fewer than m of n edge-disjoint paths, k of
                            length k and n−k of length k+2, arrive); m = 1 default
  loss-bracket --n --k --k2 --q [--m] [--form upper|lower]
                            the exact bracket on a message's loss over phases of
                            distance k and k2: pA+pB−pA·pB (upper) or max(pA, pB)
  mean-loss   --n --q [--m] [--form upper|lower|phase]
                            loss-bracket (or phase-loss) averaged over k, k2 ~ Bin(n, ½)
  valiant-loss --n --q      1 − (1 − q/2)^{2n}: a single copy, Valiant's routing
  detour-missing --n --q    n·2^n·q·(3q)^{n−1}, capped at 1: some failed edge
                            has no intact detour of length 3
  detour-max-q --S          1/(7e^S): below it, detour-missing ≤ e^{−Sn}
  matching-failure --n --q [--form sharp|loose]
                            the parallel matching fails: (n/5)(10q)^n for
                            q ≤ 1/10 (sharp, default) or (11q)^n (loose), capped at 1
  matching-max-q --S        1/(11e^S): below it, the matching succeeds with
                            probability ≥ 1 − e^{−Sn}

Output: {"kind":…, the values given…, "value":v, "log_value":ln v}, log_value
null when v = 0. A batch line is an object with the same keys as the flags,
{"kind":"binom","m":40,"N":1048576,"q":1.9e-5}; output lines follow input
lines, blank lines are skipped. Bad input is an error naming the line, exit 2.

flags:
`

func runBound(args []string, stdout, stderr io.Writer) error {
	kind := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		kind, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet("bound", flag.ContinueOnError)
	batch := fs.Bool("batch", false, "read queries as JSON lines from stdin")
	m := fs.Float64("m", 0, "threshold m of Pr(X ≥ m)")
	bigN := fs.Int64("N", 0, "number of trials N ≥ 0")
	q := fs.Float64("q", 0, "success probability, 0 ≤ q ≤ 1 (q̄ for hoeffding)")
	dim := fs.Int64("n", 0, "cube dimension n ≥ 1")
	c := fs.Float64("c", 0, "threshold constant c ≥ 0")
	t := fs.Float64("t", 0, "threshold of T (theorem-i1)")
	form := fs.String("form", "", "lemma-i5 form: binomial (default) or exp; loss-bracket, mean-loss: upper (default), lower, phase")
	k := fs.Int64("k", 0, "distance of phase 1 (phase-loss, loss-bracket)")
	k2 := fs.Int64("k2", 0, "distance of phase 2 (loss-bracket)")
	bigS := fs.Float64("S", 0, "exponent S of theorem-ii2")
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--h" || a == "--help" {
			fmt.Fprint(stderr, boundUsage)
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return flag.ErrHelp
		}
	}
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	if *batch {
		if kind != "" || fs.NFlag() > 1 {
			return usagef("--batch takes no kind and no other flags")
		}
		return boundBatch(stdin, stdout)
	}
	if kind == "" {
		return usagef("missing kind (want one of %s, or --batch)", strings.Join(boundKinds, ", "))
	}
	bq := boundQuery{Kind: kind}
	var flagErr error
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "m":
			bq.M = m
		case "N":
			bq.N = bigN
		case "q":
			bq.Q = q
		case "n":
			bq.Dim = dim
		case "c":
			bq.C = c
		case "t":
			bq.T = t
		case "k":
			bq.K = k
		case "k2":
			bq.K2 = k2
		case "S":
			bq.S = bigS
		case "form":
			bq.Form = *form
			if *form == "" {
				flagErr = usagef("--form: empty")
			}
		}
	})
	if flagErr != nil {
		return flagErr
	}
	res, err := evalBound(bq)
	if err != nil {
		return err
	}
	return writeBound(stdout, res)
}

// boundBatch answers one JSON query per non-blank line of r. It stops at
// the first bad line with a usage error naming it; the answers to the lines
// before it have been written.
func boundBatch(r io.Reader, stdout io.Writer) error {
	w := bufio.NewWriter(stdout)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var bq boundQuery
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		err := dec.Decode(&bq)
		if err == nil && dec.More() {
			err = fmt.Errorf("more than one JSON value")
		}
		var res boundResult
		if err == nil {
			res, err = evalBound(bq)
		}
		if err == nil {
			err = writeBound(w, res)
		}
		if err != nil {
			w.Flush()
			return usagef("stdin line %d: %v", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		return fmt.Errorf("stdin line %d: %w", line+1, err)
	}
	return w.Flush()
}

func writeBound(w io.Writer, res boundResult) error {
	b, err := json.Marshal(res)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// maxExactInt is the largest integer a float64 holds exactly, 2^53.
const maxExactInt = 1 << 53

// evalBound checks a query and evaluates it; every error is a usage error.
func evalBound(bq boundQuery) (boundResult, error) {
	res := boundResult{Kind: bq.Kind, M: bq.M, N: bq.N, Q: bq.Q, Dim: bq.Dim, C: bq.C, T: bq.T, Form: bq.Form,
		K: bq.K, K2: bq.K2, S: bq.S}
	var logv float64
	switch bq.Kind {
	case "binom", "chernoff", "hoeffding":
		if err := only(bq, "m", "N", "q"); err != nil {
			return res, err
		}
		m, N, q := *bq.M, *bq.N, *bq.Q
		switch {
		case math.IsNaN(m) || math.IsInf(m, 0):
			return res, usagef("m=%v: must be finite", m)
		case N < 0:
			return res, usagef("N=%d: must be ≥ 0", N)
		case N > 1<<40:
			return res, usagef("N=%d: must be ≤ 2^40", N)
		case !(q >= 0 && q <= 1):
			return res, usagef("q=%v: must be in [0, 1]", q)
		}
		if bq.Kind == "chernoff" {
			logv = stats.Chernoff{N: int(N), Q: q}.LogTail(m)
			break
		}
		if m != math.Trunc(m) || math.Abs(m) > maxExactInt {
			return res, usagef("m=%v: must be an integer for %s", m, bq.Kind)
		}
		if bq.Kind == "binom" {
			logv = stats.LogBinomTail(int(m), int(N), q)
		} else {
			logv = stats.Hoeffding{N: int(N), QBar: q}.LogTail(int(m))
		}
	case "lemma-i5":
		if err := only(bq, "n", "c", "form"); err != nil {
			return res, err
		}
		n, c := *bq.Dim, *bq.C
		switch {
		case n < 1 || n > 62:
			return res, usagef("n=%d: must be in 1 … 62", n)
		case !(c >= 0) || c*float64(n) > maxExactInt:
			return res, usagef("c=%v: must be ≥ 0 with c·n ≤ 2^53", c)
		}
		switch bq.Form {
		case "", "binomial":
			res.Form = "binomial"
			logv = stats.LemmaI5LogBinomial(int(n), c)
		case "exp":
			logv = stats.LemmaI5LogExp(int(n), c)
		default:
			return res, usagef("form=%q: want binomial or exp", bq.Form)
		}
	case "theorem-i1":
		if err := only(bq, "n", "c", "t"); err != nil {
			return res, err
		}
		n := *bq.Dim
		if n < 1 || n > 1<<20 {
			return res, usagef("n=%d: must be in 1 … 2^20", n)
		}
		switch {
		case bq.C != nil && bq.T != nil:
			return res, usagef("give c or t, not both")
		case bq.C != nil:
			if c := *bq.C; !(c > 0) || math.IsInf(c, 1) {
				return res, usagef("c=%v: must be positive and finite", c)
			}
			logv = stats.TheoremI1LogBound(int(n), *bq.C)
		case bq.T != nil:
			if t := *bq.T; !(t > 0) || math.IsInf(t, 1) {
				return res, usagef("t=%v: must be positive and finite", t)
			}
			logv = stats.TheoremI1LogTail(int(n), *bq.T)
		default:
			return res, usagef("theorem-i1 needs c or t")
		}
	case "theorem-ii1", "message-loss", "any-message-loss", "theorem-ii2", "phase-loss", "loss-bracket", "mean-loss", "valiant-loss":
		var err error
		if logv, err = evalChapterII(&res, bq); err != nil {
			return res, err
		}
	case "detour-missing", "detour-max-q", "matching-failure", "matching-max-q":
		var err error
		if logv, err = evalChapterIII(bq); err != nil {
			return res, err
		}
	case "":
		return res, usagef("missing kind (want one of %s)", strings.Join(boundKinds, ", "))
	default:
		return res, usagef("unknown kind %q (want one of %s)", bq.Kind, strings.Join(boundKinds, ", "))
	}
	res.Value = math.Exp(logv)
	if !math.IsInf(logv, -1) {
		res.LogValue = &logv
	}
	return res, nil
}

// only checks that bq holds the values named in want, the required ones
// present ("form", "c" and "t" are optional here and checked by the caller)
// and no others.
func only(bq boundQuery, want ...string) error {
	has := map[string]bool{
		"m": bq.M != nil, "N": bq.N != nil, "q": bq.Q != nil, "n": bq.Dim != nil,
		"c": bq.C != nil, "t": bq.T != nil, "form": bq.Form != "",
		"k": bq.K != nil, "k2": bq.K2 != nil, "S": bq.S != nil,
	}
	optional := map[string]bool{"form": true, "t": true, "c": bq.Kind == "theorem-i1" || bq.Kind == "theorem-ii1",
		"m": lossKinds[bq.Kind]}
	wanted := make(map[string]bool)
	for _, k := range want {
		wanted[k] = true
		if !has[k] && !optional[k] {
			return usagef("%s needs %s", bq.Kind, k)
		}
	}
	for _, k := range []string{"m", "N", "q", "n", "c", "t", "form", "k", "k2", "S"} {
		if has[k] && !wanted[k] {
			return usagef("%s takes no %s (it takes %s)", bq.Kind, k, strings.Join(want, ", "))
		}
	}
	return nil
}
