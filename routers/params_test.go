package routers

import (
	"strconv"
	"testing"
)

// TestParamValues: every parameter's default is what Defaults sets and
// what a zero Config reads as; every number parameter's Num is the value
// Get writes, for the defaults and for values set.
func TestParamValues(t *testing.T) {
	var zero Config
	d := Defaults()
	for _, p := range Params {
		if got := p.Get(d); got != p.Default {
			t.Errorf("%s: Defaults gives %q, default %q", p.Name, got, p.Default)
		}
		if p.Type == Name && p.Get(zero) != "" && p.Get(zero) != p.Default {
			t.Errorf("%s: a zero Config reads %q, default %q", p.Name, p.Get(zero), p.Default)
		}
	}
	c := Defaults()
	for name, v := range map[string]string{"n": "7", "mu": "3", "q": "0.125", "k": "0", "pieces": "2"} {
		p, err := LookupParam(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Set(&c, v); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range Params {
		if p.Type != Int && p.Type != Float {
			continue
		}
		for _, cfg := range []Config{d, c} {
			if got := strconv.FormatFloat(p.Num(cfg), 'g', -1, 64); got != p.Get(cfg) {
				t.Errorf("%s: Num %s, Get %s", p.Name, got, p.Get(cfg))
			}
		}
	}
}
