package routers

import (
	"fmt"
	"testing"
)

// with returns c with parameters of the routers' own set: pairs of a
// parameter and its value.
func with(c Config, pv ...any) Config {
	for i := 0; i < len(pv); i += 2 {
		if err := pv[i].(*Param).Set(&c, fmt.Sprint(pv[i+1])); err != nil {
			panic(err)
		}
	}
	return c
}

// TestOwnParams checks that every parameter of a router's own has a slot of
// its own, is one of Params, and that a Config holds each value apart: set
// to a value other than its default, it reads back, and the others keep
// theirs.
func TestOwnParams(t *testing.T) {
	var own []*Param
	names := make(map[string]bool)
	for _, p := range Params {
		if names[p.Name] {
			t.Errorf("two parameters named %s", p.Name)
		}
		names[p.Name] = true
		if p.Own {
			own = append(own, p)
		}
	}
	for _, k := range Registry {
		for _, p := range k.Params {
			if p2, err := LookupParam(p.Name); err != nil || p2 != p || !p.Own {
				t.Errorf("%s takes %s, which is not the parameter of its own of that name in Params", k.Name, p.Name)
			}
		}
	}
	for i, p := range own {
		other := map[ParamType]string{Int: "2", Bool: "true"}[p.Type]
		if p.Type == Name {
			other = p.Names()[len(p.Names())-1]
		}
		c := Defaults()
		if err := p.Set(&c, other); err != nil {
			t.Fatal(err)
		}
		for j, o := range own {
			want := o.Default
			if j == i {
				want = other
			}
			if got := o.Get(c); got != want {
				t.Errorf("%s set to %s: %s reads %s, want %s", p.Name, other, o.Name, got, want)
			}
		}
	}
}
