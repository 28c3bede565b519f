// Package progress shows how far a run of the harness has come: a bar
// redrawn in place on a terminal, a plain line every few seconds in a log,
// a line per unit of an experiment written or skipped, and the files a run
// set aside as damaged. It models nothing of the thesis.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/term"

	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/routers"
)

// Bar reports a run on w: a bar redrawn in place on a terminal, a
// plain line every few seconds otherwise, and a line per unit.
type Bar struct {
	w       io.Writer
	tty     bool
	name    string
	snap    func() experiments.Progress
	r       *experiments.Runner // nil for sim
	start0  time.Time
	mu      sync.Mutex
	drawn   bool // a bar is on the current line
	done    chan struct{}
	wg      sync.WaitGroup
	samples []sample      // the work done at the recent draws, oldest first
	line    func() string // for a Line: the status drawn instead of a bar
}

// sample is the work done at a time since the start.
type sample struct {
	at   time.Duration
	work int64
}

// ForRun returns the progress of r on w; Start shows it, Stop ends it.
func ForRun(w io.Writer, r *experiments.Runner) *Bar {
	return &Bar{w: w, tty: IsTerminal(w), name: r.Spec.Name, snap: r.Progress, r: r, done: make(chan struct{})}
}

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Start draws the progress until Stop.
func (p *Bar) Start() {
	p.start0 = time.Now()
	every := 5 * time.Second
	if p.tty {
		every = 200 * time.Millisecond
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-p.done:
				return
			case <-tick.C:
				p.draw()
			}
		}
	}()
}

// Stop ends the progress display and clears the bar.
func (p *Bar) Stop() {
	close(p.done)
	p.wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
}

func (p *Bar) clear() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
}

func (p *Bar) draw() {
	if p.line != nil {
		status := p.line()
		p.mu.Lock()
		defer p.mu.Unlock()
		fmt.Fprintf(p.w, "\r\x1b[K%s", status)
		p.drawn = true
		return
	}
	s := p.snap()
	el := time.Since(p.start0)
	rate := float64(s.Trials) / el.Seconds()
	frac := 1.0
	if s.TotalWork > 0 {
		frac = float64(s.Work) / float64(s.TotalWork)
	}
	eta := p.eta(el, s.Work, s.TotalWork)
	var units string
	if s.TotalUnits > 0 {
		units = fmt.Sprintf(", %d/%d units, unit %s", s.Units, s.TotalUnits, s.Unit)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.tty {
		fmt.Fprintf(p.w, "%s: %.0f%% of the work, %d/%d trials%s, %.0f trials/s, ETA %s\n",
			p.name, 100*frac, s.Trials, s.TotalTrials, units, rate, eta)
		return
	}
	const width = 30
	fill := int(frac * width)
	fmt.Fprintf(p.w, "\r\x1b[K%s [%s%s] %3.0f%% of the work, %d/%d trials%s, %.0f trials/s, ETA %s",
		p.name, strings.Repeat("=", fill), strings.Repeat(" ", width-fill), 100*frac,
		s.Trials, s.TotalTrials, units, rate, eta)
	p.drawn = true
}

// eta estimates the time left at el from the rate of work over the last
// third of the run (at least 10 s), so that it follows the later trials,
// which take longer per unit of work than the first (larger n); over the
// whole run if no work was done in that time.
func (p *Bar) eta(el time.Duration, work, total int64) string {
	if work <= 0 {
		return "?"
	}
	window := max(el/3, 10*time.Second)
	i := 0
	for i+1 < len(p.samples) && el-p.samples[i+1].at >= window {
		i++
	}
	p.samples = append(p.samples[i:], sample{el, work})
	s0 := p.samples[0]
	rate := float64(work) / el.Seconds()
	if work > s0.work && el > s0.at {
		rate = float64(work-s0.work) / (el - s0.at).Seconds()
	}
	return time.Duration(float64(total-work) / rate * float64(time.Second)).Round(time.Second).String()
}

// SimBar is the progress of sim, drawn on a terminal only.
type SimBar struct {
	*Bar
	trials, work atomic.Int64
}

// ForSim starts the progress of trials trials of each of cfgs on w,
// if w is a terminal.
func ForSim(w io.Writer, cfgs []routers.Config, trials int) *SimBar {
	var total experiments.Progress
	for _, c := range cfgs {
		total.TotalTrials += int64(trials)
		total.TotalWork += int64(trials) * trialWork(c)
	}
	b := &SimBar{}
	b.Bar = &Bar{w: w, tty: true, name: "sim", done: make(chan struct{}), snap: func() experiments.Progress {
		s := total
		s.Trials, s.Work = b.trials.Load(), b.work.Load()
		return s
	}}
	if IsTerminal(w) {
		b.Start()
	}
	return b
}

// trialWork estimates the effort of one trial of c: packets times
// dimensions.
func trialWork(c routers.Config) int64 { return (int64(c.Mu) << c.N) * int64(c.N) }

// TrialDone counts a trial of c done.
func (b *SimBar) TrialDone(c routers.Config) {
	b.trials.Add(1)
	b.work.Add(trialWork(c))
}

// Pause clears the bar, to print under it; the next draw brings it back.
func (b *SimBar) Pause() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.clear()
}

// Unit reports a unit written or skipped.
func (p *Bar) Unit(u experiments.UnitDone) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	name := p.unitName(u.Unit)
	if u.Skipped {
		fmt.Fprintf(p.w, "%s: files complete, skipped (--force redoes it)\n", name)
		return
	}
	var rows []string
	for _, t := range p.r.Spec.Tables {
		rows = append(rows, fmt.Sprintf("%s %d", t, u.Rows[t]))
	}
	fmt.Fprintf(p.w, "%s: written, rows: %s\n", name, strings.Join(rows, ", "))
}

// unitName names unit u of the run: "valiant-tail n=8 shard 0/1".
func (p *Bar) unitName(u experiments.Unit) string {
	return p.name + " " + u.String() + " shard " + p.r.Shard.String()
}

// Damaged reports the files that the run set aside, a line per unit.
func (p *Bar) Damaged(files []experiments.Damaged) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := 0; i < len(files); {
		j := i + 1
		for j < len(files) && files[i].Unit != nil && files[j].Unit == files[i].Unit {
			j++
		}
		var what []string
		for _, d := range files[i:j] {
			what = append(what, fmt.Sprintf("%s is damaged (%s), set aside as %s", d.Path, d.Reason, d.Aside))
		}
		name, then := p.r.Spec.Name, "the run writes a new one"
		if u := files[i].Unit; u != nil {
			name, then = p.unitName(*u), "redoing the unit"
		} else if p.r.Shard.K > 1 {
			then = "hyperroute merge writes a new one"
		}
		fmt.Fprintf(p.w, "%s: %s; %s\n", name, strings.Join(what, "; "), then)
		i = j
	}
}

// Line is a status line redrawn in place on a terminal every 200 ms, for
// commands that run long without units (loss); on anything else it draws
// nothing.
type Line struct {
	*Bar
}

// ForLine starts drawing status() on w, if w is a terminal; Stop ends it.
func ForLine(w io.Writer, status func() string) *Line {
	l := &Line{&Bar{w: w, tty: IsTerminal(w), done: make(chan struct{})}}
	l.line = status
	if l.tty {
		l.Start()
	}
	return l
}
