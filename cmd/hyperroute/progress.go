package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/hyperroute/hyperroute/experiments"
)

// progress reports a run on stderr: a bar redrawn in place on a terminal, a
// plain line every few seconds otherwise, and a line per unit.
type progress struct {
	w      io.Writer
	tty    bool
	r      *experiments.Runner
	start0 time.Time
	mu     sync.Mutex
	drawn  bool // a bar is on the current line
	done   chan struct{}
	wg     sync.WaitGroup
}

func newProgress(w io.Writer, r *experiments.Runner) *progress {
	f, ok := w.(*os.File)
	return &progress{w: w, tty: ok && term.IsTerminal(int(f.Fd())), r: r, done: make(chan struct{})}
}

// start draws the progress until stop.
func (p *progress) start() {
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

// stop ends the progress display and clears the bar.
func (p *progress) stop() {
	close(p.done)
	p.wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
}

func (p *progress) clear() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
}

func (p *progress) draw() {
	s := p.r.Progress()
	el := time.Since(p.start0)
	rate := float64(s.Trials) / el.Seconds()
	frac := 1.0
	if s.TotalWork > 0 {
		frac = float64(s.Work) / float64(s.TotalWork)
	}
	eta := "?"
	if frac > 0 {
		eta = time.Duration(float64(el) * (1 - frac) / frac).Round(time.Second).String()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.tty {
		fmt.Fprintf(p.w, "%s: %d/%d trials (%.0f%%), %d/%d units, %.0f trials/s, unit %s, ETA %s\n",
			p.r.Spec.Name, s.Trials, s.TotalTrials, 100*frac, s.Units, s.TotalUnits, rate, s.Unit, eta)
		return
	}
	const width = 30
	fill := int(frac * width)
	fmt.Fprintf(p.w, "\r\x1b[K%s [%s%s] %3.0f%% %d/%d trials, unit %s, %.0f trials/s, ETA %s",
		p.r.Spec.Name, strings.Repeat("=", fill), strings.Repeat(" ", width-fill), 100*frac,
		s.Trials, s.TotalTrials, s.Unit, rate, eta)
	p.drawn = true
}

// unit reports a unit written or skipped.
func (p *progress) unit(u experiments.UnitDone) {
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
func (p *progress) unitName(u experiments.Unit) string {
	return p.r.Spec.Name + " " + u.String() + " shard " + p.r.Shard.String()
}

// damaged reports the files that the run set aside, a line per unit.
func (p *progress) damaged(files []experiments.Damaged) {
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
