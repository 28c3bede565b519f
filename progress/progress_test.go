package progress

import (
	"strings"
	"testing"
	"time"

	"github.com/hyperroute/hyperroute/experiments"
)

// TestProgressLine checks run's progress line: the share of the work
// named as such, and an ETA from the recent rate, not the whole run's.
func TestProgressLine(t *testing.T) {
	var b strings.Builder
	snap := experiments.Progress{Trials: 9985, TotalTrials: 10400, Work: 72, TotalWork: 100, Units: 3, TotalUnits: 5, Unit: "n=16"}
	p := &Bar{w: &b, name: "valiant-tail", snap: func() experiments.Progress { return snap }, start0: time.Now().Add(-time.Minute)}
	p.draw()
	if got := b.String(); !strings.HasPrefix(got, "valiant-tail: 72% of the work, 9985/10400 trials, 3/5 units, unit n=16, ") {
		t.Errorf("progress line %q", got)
	}
	// 50 of 100 in the first 50 s, 10 more in the 50 s since: the ETA is
	// 40/(10/50 s) = 200 s, not 40/(60/100 s) = 67 s.
	p.samples = nil
	for i := range 10 {
		p.eta(time.Duration(i)*5*time.Second, int64(i)*10, 100)
	}
	p.eta(50*time.Second, 50, 100)
	p.eta(75*time.Second, 55, 100)
	if got := p.eta(100*time.Second, 60, 100); got != "3m20s" {
		t.Errorf("ETA %s, want 3m20s", got)
	}
}

// TestLine checks the status line of a long command (loss): redrawn in
// place on a terminal, nothing elsewhere.
func TestLine(t *testing.T) {
	var b strings.Builder
	l := &Line{&Bar{w: &b, tty: true, done: make(chan struct{}), line: func() string { return "loss: 512 trials" }}}
	l.draw()
	l.draw()
	l.Stop()
	if got, want := b.String(), "\r\x1b[Kloss: 512 trials\r\x1b[Kloss: 512 trials\r\x1b[K"; got != want {
		t.Errorf("on a terminal: %q, want %q", got, want)
	}
	b.Reset()
	l = ForLine(&b, func() string { return "loss" })
	time.Sleep(300 * time.Millisecond)
	l.Stop()
	if b.Len() != 0 {
		t.Errorf("on a non-terminal: %q", b.String())
	}
}
