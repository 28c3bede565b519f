package bounds

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Args are the values of a query's parameters, each absent when nil (form:
// when empty). Their JSON keys are the parameter names.
type Args struct {
	M    *float64 `json:"m,omitempty"`
	N    *int64   `json:"N,omitempty"`
	P    *float64 `json:"p,omitempty"`
	Q    *float64 `json:"q,omitempty"`
	Dim  *int64   `json:"n,omitempty"`
	C    *float64 `json:"c,omitempty"`
	T    *float64 `json:"t,omitempty"`
	Form string   `json:"form,omitempty"`
	K    *int64   `json:"k,omitempty"`
	K2   *int64   `json:"k2,omitempty"`
	S    *float64 `json:"S,omitempty"`
	// Solve names the parameter to solve for (q) so that the value is
	// Target (Solve).
	Solve  string   `json:"solve,omitempty"`
	Target *float64 `json:"target,omitempty"`
}

// A Param is a parameter some kinds take: its name (the flag and the JSON
// key), what it is, and its field of Args, a **float64, **int64 or *string.
type Param struct {
	Name, Doc string
	field     func(*Args) any
}

// Params are the parameters of all kinds, in the order of the output.
var Params = []Param{
	{"m", "threshold m of Pr(X ≥ m); the pieces that rebuild a message (default 1)", func(a *Args) any { return &a.M }},
	{"N", "number of trials N ≥ 0", func(a *Args) any { return &a.N }},
	{"p", "success probability of a trial, 0 ≤ p ≤ 1 (p̄ for hoeffding)", func(a *Args) any { return &a.P }},
	{"q", "edge-failure probability, 0 ≤ q ≤ 1", func(a *Args) any { return &a.Q }},
	{"n", "cube dimension n ≥ 1", func(a *Args) any { return &a.Dim }},
	{"c", "threshold constant c ≥ 0", func(a *Args) any { return &a.C }},
	{"t", "threshold of T", func(a *Args) any { return &a.T }},
	{"form", "which form of the bound (the kind's list, its default first)", func(a *Args) any { return &a.Form }},
	{"k", "distance of phase 1", func(a *Args) any { return &a.K }},
	{"k2", "distance of phase 2", func(a *Args) any { return &a.K2 }},
	{"S", "exponent S", func(a *Args) any { return &a.S }},
	{"solve", "solve for q: the edge-failure probability at which the value reaches --target (kinds of q)", func(a *Args) any { return &a.Solve }},
	{"target", "the value --solve q solves for, > 0", func(a *Args) any { return &a.Target }},
}

// Set sets the parameter name from its text, as a flag does.
func (a *Args) Set(name, text string) error {
	p := param(name)
	if p.field == nil {
		return fmt.Errorf("no parameter %q", name)
	}
	switch f := p.field(a).(type) {
	case **float64:
		x, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return errors.New("not a number")
		}
		*f = &x
	case **int64:
		x, err := strconv.ParseInt(text, 0, 64)
		if err != nil {
			return errors.New("not an integer")
		}
		*f = &x
	case *string:
		if text == "" {
			return errors.New("empty")
		}
		*f = text
	}
	return nil
}

// param returns the parameter called name, the zero Param if there is none.
func param(name string) Param {
	if i := slices.IndexFunc(Params, func(p Param) bool { return p.Name == name }); i >= 0 {
		return Params[i]
	}
	return Param{}
}

// has reports whether the parameter p is given in a.
func (a *Args) has(p Param) bool {
	if p.field == nil {
		return false
	}
	switch f := p.field(a).(type) {
	case **float64:
		return *f != nil
	case **int64:
		return *f != nil
	case *string:
		return *f != ""
	}
	return false
}

// A Kind is one bound or exact probability.
type Kind struct {
	Name  string
	Needs []string // the parameters it needs
	Takes []string // the parameters it can take besides
	Forms []string // the values of form, the default first, if it takes form
	Doc   string   // the value, one line
	// Eval returns the natural logarithm of the value, or why the values
	// are out of range. It may fill in the default form it used.
	Eval func(a *Args) (float64, error)
}

// registry holds the kinds in the order of the help.
var registry = slices.Concat(chapterI, chapterII, chapterIII)

// Kinds returns the kinds in the order of the help.
func Kinds() []Kind { return slices.Clone(registry) }

// Lookup returns the kind called name.
func Lookup(name string) (Kind, error) {
	i := slices.IndexFunc(registry, func(k Kind) bool { return k.Name == name })
	if i < 0 {
		if name == "" {
			return Kind{}, fmt.Errorf("missing kind (want one of %s)", strings.Join(Names(), ", "))
		}
		return Kind{}, fmt.Errorf("unknown kind %q (want one of %s)", name, strings.Join(Names(), ", "))
	}
	return registry[i], nil
}

// Names returns the names of the kinds in the order of the help.
func Names() []string {
	s := make([]string, len(registry))
	for i, k := range registry {
		s[i] = k.Name
	}
	return s
}

// Query is one evaluation: a kind and its values.
type Query struct {
	Kind string `json:"kind"`
	Args
}

// Result is the answer to a query: its kind and values, the value and its
// natural logarithm, LogValue nil when the value is 0 (ln 0 = −∞, which
// JSON cannot hold).
type Result struct {
	Kind string `json:"kind"`
	Args
	Value    float64  `json:"value"`
	LogValue *float64 `json:"log_value"`
}

// Eval checks q and evaluates it; an error says which value is missing,
// extra or out of range.
func Eval(q Query) (Result, error) {
	if q.Solve != "" || q.Target != nil {
		return Solve(q)
	}
	res := Result{Kind: q.Kind, Args: q.Args}
	k, err := Lookup(q.Kind)
	if err != nil {
		return res, err
	}
	if err := k.check(&q.Args); err != nil {
		return res, err
	}
	logv, err := k.Eval(&res.Args)
	if err != nil {
		return res, err
	}
	res.Value = math.Exp(logv)
	if !math.IsInf(logv, -1) {
		res.LogValue = &logv
	}
	return res, nil
}

// check says which needed parameter is missing, or which given one k does
// not take.
func (k Kind) check(a *Args) error {
	for _, name := range k.Needs {
		if !a.has(param(name)) {
			return fmt.Errorf("%s needs %s", k.Name, name)
		}
	}
	for _, p := range Params {
		if a.has(p) && !slices.Contains(k.Needs, p.Name) && !slices.Contains(k.Takes, p.Name) {
			return fmt.Errorf("%s takes no %s (it takes %s)", k.Name, p.Name, strings.Join(slices.Concat(k.Needs, k.Takes), ", "))
		}
	}
	return nil
}

// chooseForm returns a's form, one of forms, filling in the default
// forms[0] if a has none.
func chooseForm(a *Args, forms ...string) (string, error) {
	switch {
	case a.Form == "":
		a.Form = forms[0]
	case !slices.Contains(forms, a.Form):
		return "", fmt.Errorf("form=%q: want %s or %s", a.Form, strings.Join(forms[:len(forms)-1], ", "), forms[len(forms)-1])
	}
	return a.Form, nil
}
