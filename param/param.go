// Package param describes the typed parameters of a model: the axes of an
// experiment's grid, the columns of its tables and the flags of its
// command. A Set binds parameters to the fields of one configuration as
// package flag binds flags to variables: the default is written once, at
// the binding, and stored in the field.
package param

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Type is the type of a parameter's values.
type Type uint8

const (
	Int   Type = iota // an integer in [Lo, Hi]
	Float             // a number in [Lo, Hi]
	Name              // one of Names()
	Bool              // true or false
	Text              // a text that Norm checks and writes in its canonical form
)

// Param describes a parameter.
type Param struct {
	Name, Doc string
	Type      Type
	// Default is the value of a configuration that does not set it, as
	// Check takes it.
	Default string
	Lo, Hi  float64         // the range of Int and Float values
	Names   func() []string // the values of a Name
	// Aliases maps other spellings of a Name's values to the values.
	Aliases map[string]string
	// Norm returns a Text value in its canonical form, or says why v is
	// not a value.
	Norm func(v string) (string, error)
	// Instance says that configurations differing in it draw different
	// instances, so that trial streams depend on it.
	Instance bool
}

// Canon returns v, or the value v is an alias of, or a Text in its
// canonical form.
func (p *Param) Canon(v string) string {
	if a, ok := p.Aliases[v]; ok {
		return a
	}
	if p.Type == Text {
		if c, err := p.Norm(v); err == nil {
			return c
		}
	}
	return v
}

// Range returns the range of an Int or Float p as "[lo, hi]", its ends
// written out ("[0, 2147483647]").
func (p *Param) Range() string {
	end := func(x float64) string {
		if math.Abs(x) < 1e15 {
			return strconv.FormatFloat(x, 'f', -1, 64)
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return "[" + end(p.Lo) + ", " + end(p.Hi) + "]"
}

// Check reports whether v is a value of p: an integer or number in range,
// one of the names (or an alias), true or false.
func (p *Param) Check(v string) error {
	switch p.Type {
	case Int, Float:
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || (p.Type == Int && x != math.Trunc(x)) {
			want := "a number"
			if p.Type == Int {
				want = "an integer"
			}
			return fmt.Errorf("%s=%s: want %s", p.Name, v, want)
		}
		if !(x >= p.Lo && x <= p.Hi) {
			return fmt.Errorf("%s=%s out of range %s", p.Name, v, p.Range())
		}
	case Name:
		if names := p.Names(); !slices.Contains(names, p.Canon(v)) {
			return fmt.Errorf("unknown %s %q (want %s)", p.Doc, v, strings.Join(names, ", "))
		}
	case Bool:
		if v != "true" && v != "false" {
			return fmt.Errorf("%s=%s: want true or false", p.Name, v)
		}
	case Text:
		if _, err := p.Norm(v); err != nil {
			return fmt.Errorf("%s: %w", p.Name, err)
		}
	}
	return nil
}

// A Value is a parameter's variable of a type of its own (a Name), as a
// flag.Value.
type Value interface {
	String() string
	Set(string) error
}

// Set is a set of parameters bound to the fields of one configuration.
type Set struct {
	params []*Param
	vars   []binding
}

type binding struct {
	set func(string) error
	get func() any
}

func (s *Set) add(p *Param, b binding) *Param {
	if slices.ContainsFunc(s.params, func(q *Param) bool { return q.Name == p.Name }) {
		panic("param: " + p.Name + " bound twice")
	}
	s.params = append(s.params, p)
	s.vars = append(s.vars, b)
	return p
}

// Int binds an integer parameter in [lo, hi] to *dst and sets *dst to def.
func (s *Set) Int(dst *int, name string, def, lo, hi int, doc string) *Param {
	*dst = def
	return s.add(&Param{Name: name, Doc: doc, Type: Int, Default: strconv.Itoa(def), Lo: float64(lo), Hi: float64(hi)},
		binding{func(v string) (err error) { *dst, err = strconv.Atoi(v); return err }, func() any { return *dst }})
}

// Float binds a number parameter in [lo, hi] to *dst and sets *dst to def.
func (s *Set) Float(dst *float64, name string, def, lo, hi float64, doc string) *Param {
	*dst = def
	return s.add(&Param{Name: name, Doc: doc, Type: Float, Default: strconv.FormatFloat(def, 'g', -1, 64), Lo: lo, Hi: hi},
		binding{func(v string) (err error) { *dst, err = strconv.ParseFloat(v, 64); return err }, func() any { return *dst }})
}

// Bool binds a boolean parameter to *dst and sets *dst to def.
func (s *Set) Bool(dst *bool, name string, def bool, doc string) *Param {
	*dst = def
	return s.add(&Param{Name: name, Doc: doc, Type: Bool, Default: strconv.FormatBool(def)},
		binding{func(v string) error { *dst = v == "true"; return nil }, func() any { return *dst }})
}

// String binds a name parameter, one of names(), to *dst and sets *dst to
// def.
func (s *Set) String(dst *string, name, def string, names func() []string, doc string) *Param {
	*dst = def
	return s.add(&Param{Name: name, Doc: doc, Type: Name, Default: def, Names: names},
		binding{func(v string) error { *dst = v; return nil }, func() any { return *dst }})
}

// Var binds a name parameter, one of names(), to v, of a type of its own;
// its default is v's value at the binding.
func (s *Set) Var(v Value, name string, names func() []string, doc string) *Param {
	return s.add(&Param{Name: name, Doc: doc, Type: Name, Default: v.String(), Names: names},
		binding{v.Set, func() any { return v.String() }})
}

// Bind binds p, a parameter declared once for the models that take it, to
// dst and sets dst to p's default: dst is an *int (Int), *float64 (Float),
// *bool (Bool), *string (Name, Text) or a Value (Name).
func (s *Set) Bind(p Param, dst any) *Param {
	q := &p
	var b binding
	switch d := dst.(type) {
	case *int:
		b = binding{func(v string) (err error) { *d, err = strconv.Atoi(v); return err }, func() any { return *d }}
	case *float64:
		b = binding{func(v string) (err error) { *d, err = strconv.ParseFloat(v, 64); return err }, func() any { return *d }}
	case *bool:
		b = binding{func(v string) error { *d = v == "true"; return nil }, func() any { return *d }}
	case *string:
		b = binding{func(v string) error { *d = v; return nil }, func() any { return *d }}
	case Value:
		b = binding{d.Set, func() any { return d.String() }}
	default:
		panic(fmt.Sprintf("param: Bind of %s to a %T", p.Name, dst))
	}
	if err := b.set(q.Canon(q.Default)); err != nil {
		panic("param: default of " + p.Name + ": " + err.Error())
	}
	return s.add(q, b)
}

// Params returns the parameters in binding order.
func (s *Set) Params() []*Param { return s.params }

func (s *Set) index(name string) (int, error) {
	i := slices.IndexFunc(s.params, func(p *Param) bool { return p.Name == name })
	if i < 0 {
		names := make([]string, len(s.params))
		for j, p := range s.params {
			names[j] = p.Name
		}
		return -1, fmt.Errorf("unknown parameter %q (want %s)", name, strings.Join(names, ", "))
	}
	return i, nil
}

// Set sets the named parameter to v, or reports why v is not one of its
// values.
func (s *Set) Set(name, v string) error {
	i, err := s.index(name)
	if err != nil {
		return err
	}
	p := s.params[i]
	if err := p.Check(v); err != nil {
		return err
	}
	return s.vars[i].set(p.Canon(v))
}

// Value returns the value of the named parameter: an int, float64, bool or
// string. It panics if there is no such parameter.
func (s *Set) Value(name string) any {
	i, err := s.index(name)
	if err != nil {
		panic("param: " + err.Error())
	}
	return s.vars[i].get()
}

// Get returns the value of the named parameter as Set takes it.
func (s *Set) Get(name string) string {
	switch v := s.Value(name).(type) {
	case int:
		return strconv.Itoa(v)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	default:
		return v.(string)
	}
}
