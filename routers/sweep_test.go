package routers

import (
	"slices"
	"strings"
	"testing"
)

func TestParseValues(t *testing.T) {
	for _, c := range []struct {
		param, in string
		want      []string
	}{
		{"n", "8", []string{"8"}},
		{"n", "1e1", []string{"10"}},
		{"n", "4,6,8", []string{"4", "6", "8"}},
		{"n", "4:16:4", []string{"4", "8", "12", "16"}},
		{"n", "4:7", []string{"4", "5", "6", "7"}},
		{"n", "3,5:6", []string{"3", "5", "6"}},
		{"q", "0:0.1:0.02", []string{"0", "0.02", "0.04", "0.06", "0.08", "0.1"}},
		{"q", "0.05", []string{"0.05"}},
		{"port", "single,all", []string{"single", "all"}},
		{"trim", "true,false", []string{"true", "false"}},
	} {
		p, err := LookupParam(c.param)
		if err != nil {
			t.Fatal(err)
		}
		got, err := p.ParseValues(c.in)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s %q: got %q, %v; want %q", c.param, c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ param, in, want string }{
		{"n", "4.5", "want an integer"},
		{"n", "x", "want an integer"},
		{"n", "0", "out of range"},
		{"n", "4,4", "listed twice"},
		{"n", "8:4", "is empty"},
		{"n", "4:8:0", "step must be positive"},
		{"n", "4:8:1:2", "lo:hi or lo:hi:step"},
		{"n", "4:x", "not a number"},
		{"n", "4:40", "out of range"},
		{"n", "", "empty value"},
		{"port", "single,", "empty value"},
		{"port", "three", "unknown port model"},
		{"q", "0:1:0.00001", "more than"},
	} {
		p, _ := LookupParam(c.param)
		_, err := p.ParseValues(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: error %v, want one saying %q", c.param, c.in, err, c.want)
		}
	}
}

func TestSweep(t *testing.T) {
	base := Defaults()
	cfgs, err := Sweep(base, map[string][]string{"port": {"single", "all"}, "n": {"4", "6", "8"}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cfgs {
		got = append(got, Params[0].Get(c)+"/"+c.Port.String())
	}
	want := []string{"4/single", "4/all", "6/single", "6/all", "8/single", "8/all"}
	if !slices.Equal(got, want) {
		t.Errorf("sweep %q, want %q", got, want)
	}
	if cfgs[0].Router != base.Router || cfgs[5].Mu != base.Mu {
		t.Errorf("sweep changed parameters it does not sweep: %+v", cfgs[5])
	}
	mu, _ := LookupParam("mu")
	big, err := mu.ParseValues("1:101")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Sweep(base, map[string][]string{"mu": big, "k": big[:100]}); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("a sweep of 10,100 points: error %v", err)
	}
}
