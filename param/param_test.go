package param

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

type color int

func (c *color) String() string { return []string{"red", "blue"}[*c] }
func (c *color) Set(s string) error {
	*c = map[string]color{"red": 0, "blue": 1}[s]
	return nil
}

// TestSet: binding writes each default to its field once and records it;
// Set checks, resolves aliases and writes the field; Value and Get read it.
func TestSet(t *testing.T) {
	var (
		s    Set
		n    int
		q    float64
		on   bool
		name string
		c    color = 1
	)
	s.Int(&n, "n", 10, 1, 30, "dimension")
	s.Float(&q, "q", 0.05, 0, 1, "probability")
	s.Bool(&on, "on", true, "switch")
	port := s.String(&name, "port", "single", func() []string { return []string{"single", "all"} }, "port model")
	port.Aliases = map[string]string{"one": "single"}
	s.Var(&c, "color", func() []string { return []string{"red", "blue"} }, "color")
	if n != 10 || q != 0.05 || !on || name != "single" || c != 1 {
		t.Fatalf("defaults not written: %d %v %v %q %v", n, q, on, name, c)
	}
	want := map[string]string{"n": "10", "q": "0.05", "on": "true", "port": "single", "color": "blue"}
	for _, p := range s.Params() {
		if p.Default != want[p.Name] || s.Get(p.Name) != want[p.Name] {
			t.Errorf("%s: default %q, get %q, want %q", p.Name, p.Default, s.Get(p.Name), want[p.Name])
		}
	}
	for name, v := range map[string]string{"n": "12", "q": "0.25", "on": "false", "port": "one", "color": "red"} {
		if err := s.Set(name, v); err != nil {
			t.Fatal(err)
		}
	}
	if n != 12 || q != 0.25 || on || name != "single" || c != 0 || s.Value("n") != 12 || s.Value("q") != 0.25 {
		t.Errorf("after Set: %d %v %v %q %v", n, q, on, name, c)
	}
	for _, bad := range []struct{ name, v, want string }{
		{"n", "31", "n=31 out of range [1, 30]"},
		{"n", "1.5", "n=1.5: want an integer"},
		{"q", "NaN", "q=NaN out of range"},
		{"on", "yes", "on=yes: want true or false"},
		{"port", "two", `unknown port model "two" (want single, all)`},
		{"m", "1", `unknown parameter "m"`},
	} {
		if err := s.Set(bad.name, bad.v); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Set(%s, %s): %v, want %q", bad.name, bad.v, err, bad.want)
		}
	}
	if n != 12 || name != "single" {
		t.Errorf("a refused Set changed the field: %d %q", n, name)
	}
	defer func() {
		if recover() == nil {
			t.Error("binding n twice: no panic")
		}
	}()
	s.Int(&n, "n", 1, 1, 2, "again")
}

// TestBind: a parameter declared once binds to the fields of two
// configurations, each taking its default; a Text value is checked and
// written in its canonical form.
func TestBind(t *testing.T) {
	k := Param{Name: "k", Doc: "failed edges", Type: Int, Default: "3", Lo: 0, Hi: 10, Instance: true}
	list := Param{Name: "list", Doc: "a sorted list", Type: Text, Norm: func(v string) (string, error) {
		if strings.Contains(v, "x") {
			return "", errors.New("no x")
		}
		f := strings.Fields(v)
		slices.Sort(f)
		return strings.Join(f, " "), nil
	}}
	var a, b Set
	var ka, kb int
	var la string
	pa := a.Bind(k, &ka)
	b.Bind(k, &kb)
	a.Bind(list, &la)
	if ka != 3 || kb != 3 || !pa.Instance || a.Get("k") != "3" {
		t.Fatalf("defaults: %d %d, instance %v", ka, kb, pa.Instance)
	}
	if err := a.Set("k", "7"); err != nil || ka != 7 || kb != 3 {
		t.Errorf("Set k=7: %v, fields %d %d", err, ka, kb)
	}
	if err := a.Set("list", "c a b"); err != nil || la != "a b c" || a.Get("list") != "a b c" {
		t.Errorf("Set list: %v, field %q", err, la)
	}
	if err := a.Set("list", "a x"); err == nil || !strings.Contains(err.Error(), "list: no x") || la != "a b c" {
		t.Errorf("Set list=a x: %v, field %q", err, la)
	}
	if vs, err := a.Params()[1].ParseValues("b a c"); err != nil || !slices.Equal(vs, []string{"a b c"}) {
		t.Errorf("ParseValues of a text: %q, %v", vs, err)
	}
}
