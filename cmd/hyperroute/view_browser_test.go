package main

import (
	"bytes"
	"context"
	"fmt"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// browser returns a browser context on headless Chromium, the one
// HYPERROUTE_CHROMIUM names (make view-check sets it after installing
// Chromium), and a func that returns the page's console errors, warnings
// and uncaught exceptions so far. Without HYPERROUTE_CHROMIUM the test is
// skipped: go test ./... leaves the browser to make view-check, which runs
// beside it in make test.
func browser(t *testing.T) (context.Context, func() []string) {
	t.Helper()
	path := os.Getenv("HYPERROUTE_CHROMIUM")
	if path == "" {
		t.Skip("the browser tests run with HYPERROUTE_CHROMIUM=/path/to/chromium, as make view-check runs them")
	}
	opts := append(slices.Clone(chromedp.DefaultExecAllocatorOptions[:]),
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.WindowSize(1400, 900), chromedp.Flag("disable-dev-shm-usage", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancel3)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("%s does not start: %v", path, err)
	}
	var mu sync.Mutex
	var errs []string
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleWarning || m.IsException() {
				mu.Lock()
				errs = append(errs, m.String())
				mu.Unlock()
			}
		}
	}()
	return ctx, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(errs)
	}
}

// open loads the page file in ctx and checks that it drew without errors.
func open(t *testing.T, ctx context.Context, errs func() []string, file string) {
	t.Helper()
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+abs), chromedp.WaitVisible(chromedp.CSS("#panel0 svg"))); err != nil {
		t.Fatalf("load %s: %v", file, err)
	}
	if e := errs(); len(e) > 0 {
		t.Fatalf("%s: %s", file, strings.Join(e, "\n"))
	}
}

// step returns the step the counter shows.
func step(t *testing.T, ctx context.Context) int {
	t.Helper()
	a, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS("#counter"), "data-t"))
	if err != nil {
		t.Fatal(err)
	}
	k, err := strconv.Atoi(a.Value)
	if err != nil {
		t.Fatalf("counter %q", a.Value)
	}
	return k
}

// stepWithin returns the step the counter shows once it shows want, or
// after wait, on a loaded machine, what it shows then.
func stepWithin(t *testing.T, ctx context.Context, want int, wait time.Duration) int {
	t.Helper()
	k := step(t, ctx)
	for deadline := time.Now().Add(wait); k != want && time.Now().Before(deadline); k = step(t, ctx) {
		time.Sleep(50 * time.Millisecond)
	}
	return k
}

func press(t *testing.T, ctx context.Context, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
}

// drawn is what panel i draws: its packets as (t, packet, from, to,
// prio), sorted, and the queue length written in each node (none for 0).
func drawn(t *testing.T, ctx context.Context, i int) (pkts [][5]int32, queues []int32) {
	t.Helper()
	type shown struct {
		Pkts   [][5]int32
		Queues []string
	}
	js := fmt.Sprintf(`({pkts: [...document.querySelectorAll('#panel%d .pkt')].map(e => ['t', 'packet', 'from', 'to', 'prio'].map(k => +e.dataset[k])),
		queues: [...document.querySelectorAll('#panel%d .node:not(.ghost) .q')].map(e => e.textContent || '0')})`, i, i)
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[shown](js))
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(raw.Pkts, func(a, b [5]int32) int { return slices.Compare(a[:], b[:]) })
	for _, q := range raw.Queues {
		k, err := strconv.Atoi(q)
		if err != nil {
			t.Fatalf("panel %d: a node shows queue %q", i, q)
		}
		queues = append(queues, int32(k))
	}
	return raw.Pkts, queues
}

// TestViewBrowserRouting drives the page of a Valiant trial on Q_4 in
// headless Chromium: the counter on the arrow key and on play, the packets
// and queue lengths at every step against sim's trace, a click on a packet
// and on a node, and a screenshot of step 2 that holds the palette's
// colours.
func TestViewBrowserRouting(t *testing.T) {
	ctx, errs := browser(t)
	args := []string{"--router", "valiant", "--n", "4", "--seed", "7"}
	rec := simRecord(t, 0, "trials,trace", args...)
	file, page := writeView(t, args...)
	p := page.Panels[0]
	want, _ := referenceQueues(rec.trace, p.Net.P, p.T, false, func(int32) int32 { return 0 })
	open(t, ctx, errs, file)
	if k := step(t, ctx); k != 0 {
		t.Fatalf("the page opens at step %d", k)
	}
	press(t, ctx, kb.ArrowRight)
	if k := step(t, ctx); k != 1 {
		t.Errorf("after → the counter is at %d, want 1", k)
	}
	press(t, ctx, kb.ArrowLeft)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#play")), chromedp.Sleep(1200*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	if k := step(t, ctx); k < 1 {
		t.Errorf("1.2 s of play at 2 steps/s leave the counter at %d", k)
	}
	press(t, ctx, " ") // pause
	k0 := step(t, ctx)
	time.Sleep(700 * time.Millisecond)
	if k := step(t, ctx); k != k0 {
		t.Errorf("paused by the space bar at %d, the counter moved on to %d", k0, k)
	}
	press(t, ctx, kb.Home)
	for s := 0; s <= p.T; s++ {
		if k := step(t, ctx); k != s {
			t.Fatalf("counter at %d, want %d", k, s)
		}
		pkts, queues := drawn(t, ctx, 0)
		var sends [][5]int32
		for _, x := range rec.trace {
			if int(x[0]) == s {
				sends = append(sends, x)
			}
		}
		slices.SortFunc(sends, func(a, b [5]int32) int { return slices.Compare(a[:], b[:]) })
		if !slices.Equal(pkts, sends) {
			t.Errorf("step %d: the page draws %v, sim's trace sends %v", s, pkts, sends)
		}
		if !slices.Equal(queues, want[s]) {
			t.Errorf("step %d: the page shows queues %v, sim's trace gives %v", s, queues, want[s])
		}
		press(t, ctx, kb.ArrowRight)
	}
	// A packet of step 2, clicked, tells its route; a node its queue and f(p, v).
	press(t, ctx, kb.Home, kb.ArrowRight, kb.ArrowRight)
	text, err := clickText(ctx, "#panel0 .pkt")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "Source") || !strings.Contains(text, "intermediate") || !strings.Contains(text, "step 2:") {
		t.Errorf("a clicked packet shows %q", text)
	}
	if text, err = clickText(ctx, `#panel0 .node[data-v="3"]`); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "Node 0011 (3) at t = 2") || !strings.Contains(text, fmt.Sprintf("Queue: %d packet", want[2][3])) || !strings.Contains(text, "f(p, v)") {
		t.Errorf("a clicked node shows %q", text)
	}
	shot, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("#panel0")))
	if err != nil {
		t.Fatal(err)
	}
	checkShot(t, shot, "valiant-q4-step2.png", color.RGBA{0x00, 0x72, 0xb2, 255})
	if e := errs(); len(e) > 0 {
		t.Errorf("console: %s", strings.Join(e, "\n"))
	}
}

// clickText clicks the element sel and returns the text of the side bar's
// selection.
func clickText(ctx context.Context, sel string) (string, error) {
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		return "", err
	}
	return chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#selection")))
}

// checkShot checks that a screenshot is an image of the page in the house
// colours, not an empty or one-colour canvas: many distinct colours, and
// at least 100 pixels of the colour want (the packets of one phase). It
// writes it to $HYPERROUTE_VIEW_SHOTS/name if that is set.
func checkShot(t *testing.T, shot []byte, name string, want color.RGBA) {
	t.Helper()
	if dir := os.Getenv("HYPERROUTE_VIEW_SHOTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), shot, 0o644); err != nil {
			t.Error(err)
		}
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	colours := make(map[color.RGBA]int)
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			colours[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255}]++
		}
	}
	near := func(c color.RGBA) int {
		n := 0
		for k, v := range colours {
			if absDiff(k.R, c.R)+absDiff(k.G, c.G)+absDiff(k.B, c.B) < 24 {
				n += v
			}
		}
		return n
	}
	k := near(want)
	if b.Dx() < 300 || b.Dy() < 150 || len(colours) < 20 || k < 100 {
		t.Errorf("screenshot %s: %v, %d colours, %d pixels of %v", name, b.Size(), len(colours), k, want)
	}
	t.Logf("screenshot %s: %v, %d colours, %d pixels of %v, %d bytes", name, b.Size(), len(colours), k, want, len(shot))
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// TestViewBrowserSideBySide plays Bem 1's counterexample: single- and
// all-port step together, and the page ends at the two runs' T, 6 and 7.
func TestViewBrowserSideBySide(t *testing.T) {
	ctx, errs := browser(t)
	file, _ := writeView(t, "--router", "valiant", "--n", "4", "--seed", "1988", "--stream", "valiant-tail", "--trial", "10", "--compare", "port=single,all")
	open(t, ctx, errs, file)
	var status [2]string
	for i := range 2 {
		a, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(fmt.Sprintf("#panel%d .status", i)), "data-t"))
		if err != nil {
			t.Fatal(err)
		}
		status[i] = a.Value
	}
	if status != [2]string{"6", "7"} {
		t.Fatalf("the panels say T = %v, want 6 and 7", status)
	}
	var playing string
	err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#play")))
	for deadline := time.Now().Add(20 * time.Second); err == nil && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if playing, err = chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#play"))); playing == "play" {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	if k := step(t, ctx); k != 7 || playing != "play" {
		t.Fatalf("play stopped at step %d (button %q), want 7", k, playing)
	}
	for _, c := range []struct{ step, left, right int }{{6, 0, 1}, {7, 0, 0}, {5, 1, 1}} {
		press(t, ctx, kb.Home)
		for range c.step {
			press(t, ctx, kb.ArrowRight)
		}
		for i, want := range []int{c.left, c.right} {
			pkts, _ := drawn(t, ctx, i)
			if (len(pkts) > 0) != (want > 0) {
				t.Errorf("step %d: panel %d draws %d packets", c.step, i, len(pkts))
			}
		}
	}
	// The README's picture: step 5 with the critical delay sequence of
	// the single-port run, the all-port run's last packets on their way.
	err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#delay")), chromedp.EmulateViewport(1280, 370))
	if err != nil {
		t.Fatal(err)
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	checkShot(t, shot, "view-bem1.png", color.RGBA{0xe6, 0x9f, 0x00, 255})
	if e := errs(); len(e) > 0 {
		t.Errorf("console: %s", strings.Join(e, "\n"))
	}
}

// TestViewBrowserPages loads a page of every kind, plays it and steps
// through it to its end without console errors: the butterfly, the cube
// over detours beside the intact cube, bitonic sort over detours, the
// collectives on the ring, the torus and the cube, and Valiant's 384
// packets on Q_6. It logs the time between frames while playing and the
// script's work per frame (not asserted: the machine may be loaded).
func TestViewBrowserPages(t *testing.T) {
	ctx, errs := browser(t)
	for _, args := range [][]string{
		{"--router", "disjoint", "--n", "3", "--seed", "5"},
		{"--router", "valiant", "--n", "4", "--q", "0.05", "--detours", "optimal", "--seed", "11", "--trial", "3", "--compare", "intact"},
		{"--router", "bitonic", "--n", "4", "--port", "all", "--q", "0.05", "--detours", "heuristic", "--seed", "2"},
		{"--op", "oas", "--topology", "ring", "--p", "8"},
		{"--op", "aab", "--algo", "rowcol", "--topology", "torus", "--p", "16"},
		{"--op", "oab", "--algo", "binomial", "--topology", "cube", "--p", "16", "--port", "all", "--q", "0.1", "--detours", "optimal", "--seed", "3"},
		{"--router", "valiant", "--n", "6", "--mu", "6", "--seed", "2"},
	} {
		file, page := writeView(t, args...)
		open(t, ctx, errs, file)
		err := chromedp.Do(ctx,
			chromedp.Evaluate[chromedp.Void](`window.frames_ = []; (function f(t0) { requestAnimationFrame(t => { frames_.push(t - t0); if (frames_.length < 120) f(t); }); })(performance.now())`),
			chromedp.Click(chromedp.CSS("#play")), chromedp.Sleep(1500*time.Millisecond),
			chromedp.Evaluate[chromedp.Void](`for (const [id, v] of [['colour', 'prio'], ['layout', 'weight']]) { const s = document.getElementById(id); s.value = v; s.dispatchEvent(new Event('change')); }`))
		if err != nil {
			t.Fatal(err)
		}
		frames, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`frames_`))
		if err != nil {
			t.Fatal(err)
		}
		// The script's work per frame: 20 frames of each of the first 10
		// steps, every packet of the step moved.
		script, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
			const v = window.hyperrouteView, ts = [];
			for (let i = 0; i < 200; i++) {
				v.state.t = Math.floor(i / 20); v.state.frac = (i % 20) / 20;
				const t0 = performance.now(); v.render(); ts.push(performance.now() - t0);
			}
			return ts; })()`))
		if err != nil {
			t.Fatal(err)
		}
		// End from the page, whatever holds the focus after the script.
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur()`)); err != nil {
			t.Fatal(err)
		}
		press(t, ctx, kb.End)
		tmax := 0
		for _, p := range page.Panels {
			tmax = max(tmax, p.T*max(p.Stretch, 1))
		}
		if k := stepWithin(t, ctx, tmax, 5*time.Second); k != tmax {
			t.Errorf("%s: End goes to step %d, want %d", strings.Join(args, " "), k, tmax)
		}
		slices.Sort(frames)
		slices.Sort(script)
		if len(frames) > 10 {
			t.Logf("%s: %d frames while playing, median %.1f ms apart, 95th percentile %.1f ms; the script's work per frame: median %.2f ms, 95th percentile %.2f ms",
				strings.Join(args, " "), len(frames), frames[len(frames)/2], frames[len(frames)*95/100], script[len(script)/2], script[len(script)*95/100])
		}
		if e := errs(); len(e) > 0 {
			t.Errorf("%s: %s", strings.Join(args, " "), strings.Join(e, "\n"))
		}
	}
}
