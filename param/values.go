package param

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// MaxSweep is the most values a parameter's list or range may hold.
const MaxSweep = 10000

// ParseValues reads the values of p that a command line sweeps: one value,
// a comma-separated list, or for numbers a range "lo:hi" or "lo:hi:step"
// (step 1 by default, hi included); a Text is one value. It returns them as
// Set takes them, integers in decimal, numbers in their shortest form and
// a text in its canonical form, or a sentence saying what is wrong.
func (p *Param) ParseValues(s string) ([]string, error) {
	items := strings.Split(s, ",")
	if p.Type == Text {
		items = []string{s}
	}
	var vals []string
	for _, item := range items {
		item = strings.TrimSpace(item)
		var vs []string
		var err error
		if strings.Contains(item, ":") && (p.Type == Int || p.Type == Float) {
			vs, err = p.parseRange(item)
		} else {
			var v string
			v, err = p.normalize(item)
			vs = []string{v}
		}
		if err != nil {
			return nil, err
		}
		for _, v := range vs {
			if slices.Contains(vals, v) {
				return nil, fmt.Errorf("%s=%s: %s listed twice", p.Name, s, v)
			}
			if len(vals) == MaxSweep {
				return nil, fmt.Errorf("%s=%s: more than %d values", p.Name, s, MaxSweep)
			}
			vals = append(vals, v)
		}
	}
	return vals, nil
}

// normalize checks one value of p and returns it as Set takes it.
func (p *Param) normalize(v string) (string, error) {
	if v == "" && p.Type != Text {
		return "", fmt.Errorf("%s: an empty value", p.Name)
	}
	if p.Type == Int || p.Type == Float {
		x, err := strconv.ParseFloat(v, 64)
		switch {
		case err != nil || (p.Type == Int && x != math.Trunc(x)):
			return "", fmt.Errorf("%s=%s: want %s", p.Name, v, want(p.Type))
		case !(x >= p.Lo && x <= p.Hi):
			return "", fmt.Errorf("%s=%s out of range %s", p.Name, v, p.Range())
		case p.Type == Int:
			v = strconv.FormatInt(int64(x), 10)
		case x == 0:
			v = "0" // not −0, a point of its own
		default:
			v = strconv.FormatFloat(x, 'g', -1, 64)
		}
	}
	if err := p.Check(v); err != nil {
		return "", err
	}
	if p.Type == Text {
		v = p.Canon(v)
	}
	return v, nil
}

// parseRange reads "lo:hi" or "lo:hi:step" of a number parameter.
func (p *Param) parseRange(r string) ([]string, error) {
	parts := strings.Split(r, ":")
	if len(parts) > 3 {
		return nil, fmt.Errorf("%s=%s: a range is lo:hi or lo:hi:step", p.Name, r)
	}
	var x [3]float64
	x[2] = 1
	for i, s := range parts {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
			return nil, fmt.Errorf("%s=%s: %q is not a number (a range is lo:hi or lo:hi:step)", p.Name, r, s)
		}
		x[i] = v
	}
	lo, hi, step := x[0], x[1], x[2]
	switch {
	case !(step > 0):
		return nil, fmt.Errorf("%s=%s: the step must be positive", p.Name, r)
	case hi < lo:
		return nil, fmt.Errorf("%s=%s: the range from %v to %v is empty", p.Name, r, lo, hi)
	case (hi-lo)/step >= MaxSweep:
		return nil, fmt.Errorf("%s=%s: more than %d values", p.Name, r, MaxSweep)
	}
	var vals []string
	// i·step, not a running sum, so that 0:0.1:0.02 ends at 0.1; the
	// tolerance admits hi despite rounding.
	for i := 0; lo+float64(i)*step <= hi+step*1e-9; i++ {
		v := lo + float64(i)*step
		if p.Type == Float {
			v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 12, 64), 64)
		}
		s, err := p.normalize(strconv.FormatFloat(v, 'g', -1, 64))
		if err != nil {
			return nil, fmt.Errorf("%s=%s: %v", p.Name, r, err)
		}
		vals = append(vals, s)
	}
	return vals, nil
}

// Values is a parameter as a flag.Value: one value, a comma-separated list
// or a range (ParseValues). Values is nil until set; with Into set, Set
// sets that one instead (an alias).
type Values struct {
	Param  *Param
	Values []string
	Into   *Values
}

// String returns the values set, or the default.
func (v *Values) String() string {
	switch {
	case v == nil || v.Param == nil:
		return ""
	case v.Values == nil:
		return v.Param.Default
	}
	return strings.Join(v.Values, ",")
}

// Set reads the values.
func (v *Values) Set(s string) error {
	vals, err := v.Param.ParseValues(s)
	if err != nil {
		return err
	}
	if v.Into != nil {
		v = v.Into
	}
	v.Values = vals
	return nil
}

// IsBoolFlag reports whether the parameter is a Bool, a flag without a
// value.
func (v *Values) IsBoolFlag() bool { return v.Param != nil && v.Param.Type == Bool }

// Usage is the help of p's flag; the type in backquotes names the value
// for the flag package.
func (p *Param) Usage() string {
	switch p.Type {
	case Int:
		return p.Doc + ": an `int`, a list (4,6,8) or a range (4:16:2)"
	case Float:
		return p.Doc + ": a `number`, a list (0,0.01) or a range (0:0.1:0.02)"
	case Name:
		return p.Doc + ": a `name` of " + strings.Join(p.Names(), ", ") + ", or a list of them"
	case Text:
		return p.Doc + ": a `text`"
	}
	return p.Doc + " (true,false sweeps both)"
}

// want names the values of a number parameter of type t.
func want(t Type) string {
	if t == Int {
		return "an integer"
	}
	return "a number"
}
