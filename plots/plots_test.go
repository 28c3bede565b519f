package plots

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/figstyle"
	"github.com/hyperroute/hyperroute/stats"
)

// small are the experiments the tests run, each with its shipped spec at
// fewer trials and smaller n.
var small = []struct {
	name, n string
	trials  int
}{
	{"valiant-tail", "[4, 5]", 40}, {"delay-sequences", "[4, 5]", 60}, {"routing-compare", "[4, 6]", 8},
	{"priority-load", "4", 30}, {"queue-disciplines", "[4, 6]", 8}, {"relations", "[4, 6]", 8},
	{"butterfly-tail", "[3, 4]", 20}, {"butterfly-loads", "[4]", 20}, {"replication-loss", "[4, 6]", 30},
	{"replication-rare", "[8]", 1}, {"detour-existence", "[4, 6]", 60}, {"matching", "[4, 6]", 60},
	{"faulty-valiant", "[4]", 4}, {"adaptive-baselines", "[4, 6]", 8}, {"faulty-bitonic", "[4, 5]", 20},
	{"collectives-size", "", 1}, {"collectives-scale", "", 1}, {"collectives-bounds", "", 1},
}

var (
	results   string // the small runs' results
	drawnOnce sync.Once
	figs      map[string]Output // every figure drawn from them
	drawErr   error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "plots-test")
	if err == nil {
		results = dir
		err = runSmall(dir)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runSmall runs the small experiments into dir.
func runSmall(dir string) error {
	for _, e := range small {
		s, err := experiments.Lookup(e.name)
		if err != nil {
			return err
		}
		text := regexp.MustCompile(`(?m)^trials: \d+`).ReplaceAllString(s.Text, fmt.Sprintf("trials: %d", e.trials))
		if e.n != "" {
			text = regexp.MustCompile(`(?m)^  n: .*`).ReplaceAllString(text, "  n: "+e.n)
		}
		if s, err = experiments.Parse(e.name+".yaml", []byte(text)); err != nil {
			return err
		}
		r := &experiments.Runner{Spec: s, Dir: dir, Workers: 2, Shard: experiments.Unsharded}
		if _, err := r.Run(context.Background()); err != nil {
			return fmt.Errorf("%s: %w", e.name, err)
		}
	}
	return nil
}

// drawAll draws every figure from the small runs once, for all tests.
func drawAll(t *testing.T) map[string]Output {
	t.Helper()
	drawnOnce.Do(func() {
		figs = map[string]Output{}
		_, _, drawErr = DrawAll(Source{Dir: results}, filepath.Join(results, "figures"), func(name string, o Output, skipped error) {
			if skipped != nil && drawErr == nil {
				drawErr = fmt.Errorf("%s skipped: %w", name, skipped)
			}
			figs[name] = o
		})
	})
	if drawErr != nil {
		t.Fatal(drawErr)
	}
	return figs
}

// TestFigures: every figure writes a PNG one column (or two) wide, an SVG
// and a PDF whose text is outlines, and a caption.
func TestFigures(t *testing.T) {
	for _, f := range Figures {
		o := drawAll(t)[f.Name]
		var want []string
		for _, format := range figstyle.Formats {
			want = append(want, filepath.Join(results, "figures", f.Name+"."+format))
		}
		if !slices.Equal(o.Files, want) {
			t.Errorf("%s: files %v, want %v", f.Name, o.Files, want)
		}
		if f.Caption == "" || !strings.Contains(o.Caption, f.Caption) || f.Experiment != "" && len(o.Caption) <= len(f.Caption) {
			t.Errorf("%s: caption %q", f.Name, o.Caption)
		}
		for _, path := range o.Files {
			checkFile(t, path, f.Wide)
		}
	}
}

// checkFile checks that the figure file at path is valid for its format.
func checkFile(t *testing.T, path string, wide bool) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	switch filepath.Ext(path) {
	case ".png":
		img, err := png.Decode(bytes.NewReader(b))
		w := figstyle.Width
		if wide {
			w = figstyle.WideWidth
		}
		if err != nil || img.Bounds().Dx() != int(w.Dots(figstyle.DPI)+0.5) {
			t.Errorf("%s: %v, want a PNG %d pixels wide", path, err, int(w.Dots(figstyle.DPI)+0.5))
		}
	case ".svg":
		if !bytes.HasPrefix(b, []byte("<?xml")) && !bytes.HasPrefix(b, []byte("<svg")) {
			t.Errorf("%s is no SVG", path)
		}
	case ".pdf":
		if !bytes.HasPrefix(b, []byte("%PDF")) || bytes.Contains(b, []byte("/FontFile")) {
			t.Errorf("%s: no PDF, or a font embedded rather than outlines", path)
		}
	}
}

// TestZerosShow: no figure leaves a point out. Every point of every
// series of markers is drawn, and a measured 0 on a log axis at its upper
// limit (of a count) or at the axis' lower end, never below it; the small
// runs have such zeros.
func TestZerosShow(t *testing.T) {
	zeros := 0
	for name, o := range drawAll(t) {
		for _, s := range o.Series {
			if s.Bound || s.Tail {
				continue // lines
			}
			if s.Marks != len(s.Points) {
				t.Errorf("%s, %s, %s: %d markers for %d points", name, s.Panel, s.Name, s.Marks, len(s.Points))
			}
			for _, p := range s.Points {
				if s.Log && p.Y <= 0 {
					zeros++
					if p.Limit < s.Floor && p.Limit != 0 {
						t.Errorf("%s, %s, %s: 0 at %v drawn at %v below the axis' end %v", name, s.Panel, s.Name, p.X, p.Limit, s.Floor)
					}
				}
			}
		}
	}
	if zeros == 0 {
		t.Error("no measured 0 on a log axis")
	}
}

// TestFiguresNoData: on an empty results directory every figure of an
// experiment reports ErrNoData, naming its experiment, and writes nothing.
func TestFiguresNoData(t *testing.T) {
	dir, out := t.TempDir(), filepath.Join(t.TempDir(), "figures")
	for _, f := range Figures {
		if f.Experiment == "" {
			continue
		}
		o, err := f.Draw(Source{Dir: dir}, out)
		if !errors.Is(err, ErrNoData) || !strings.Contains(err.Error(), f.Experiment) || len(o.Files) > 0 {
			t.Errorf("%s: %v, %v; want ErrNoData for %s", f.Name, err, o.Files, f.Experiment)
		}
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("output directory created: %v", err)
	}
}

// row is a row of a Parquet table as the tests read it, on their own:
// numbers (booleans 0 and 1, null NaN) and text.
type row map[string]any

func (r row) f(c string) float64 {
	if x, ok := r[c].(float64); ok {
		return x
	}
	return math.NaN()
}

func (r row) s(c string) string { s, _ := r[c].(string); return s }

// rows reads DIR/experiment/table with dataset.ReadDataset, and numbers
// (booleans 0 and 1, null NaN) and text by hand.
func rows(t *testing.T, experiment, table string) []row {
	t.Helper()
	tbl, err := dataset.ReadDataset(results, experiment, table)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	out := make([]row, tbl.NumRows())
	for i := range out {
		out[i] = row{}
	}
	for ci, f := range tbl.Schema().Fields() {
		i := 0
		for _, c := range tbl.Column(ci).Data().Chunks() {
			for j := range c.Len() {
				switch a := c.(type) {
				case *array.String:
					out[i][f.Name] = a.Value(j)
				case *array.Boolean:
					out[i][f.Name] = map[bool]float64{true: 1}[a.Value(j)]
				default:
					x := math.NaN()
					if !c.IsNull(j) {
						fmt.Sscan(c.ValueStr(j), &x)
					}
					out[i][f.Name] = x
				}
				i++
			}
		}
	}
	return out
}

// series returns the series of o in a panel whose title has panel, and of
// name.
func series(t *testing.T, o Output, panel, name string) Series {
	t.Helper()
	for _, s := range o.Series {
		if strings.Contains(s.Panel, panel) && s.Name == name {
			return s
		}
	}
	t.Fatalf("no series %q in a panel %q", name, panel)
	return Series{}
}

// near reports whether a and b agree to 1e-9, relatively.
func near(a, b float64) bool {
	return a == b || math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) || math.IsNaN(a) && math.IsNaN(b)
}

// want compares the points of s with the points of stat over the rows
// grouped by x: at each x the Y, and for mean the t interval, for range
// min and max, for a count the Clopper–Pearson interval and a 0's upper
// limit: at 95 % (m = 0), or each end at 1 − Alpha/m (the verdict's
// level over m points).
func want(t *testing.T, s Series, rs []row, x, y, w func(row) float64, stat string, m int) {
	t.Helper()
	level, alpha := 0.95, 0.025
	if m > 0 {
		alpha = Alpha / float64(m)
		level = 1 - 2*alpha
	}
	groups, ws := map[float64][]float64{}, map[float64]float64{}
	total := 0
	for _, r := range rs {
		if math.IsNaN(y(r)) || math.IsNaN(x(r)) {
			continue
		}
		groups[x(r)] = append(groups[x(r)], y(r))
		if w != nil {
			ws[x(r)] += w(r)
		}
		total++
	}
	if len(groups) != len(s.Points) || len(groups) == 0 {
		t.Fatalf("%s, %s: %d points, want %d", s.Panel, s.Name, len(s.Points), len(groups))
	}
	for _, p := range s.Points {
		ys := groups[p.X]
		var v, lo, hi float64 = 0, math.NaN(), math.NaN()
		count := func(k, n float64) {
			iv := stats.ClopperPearson(int(k), int(n), level)
			v, lo, hi = k/n, iv.Lo, iv.Hi
			if k == 0 && !near(p.Limit, 1-math.Pow(alpha, 1/n)) {
				t.Errorf("%s, %s at %v: limit %v", s.Panel, s.Name, p.X, p.Limit)
			}
		}
		switch stat {
		case "mean", "range":
			var ci stats.Interval
			v, ci = stats.MeanCI(ys, level)
			lo, hi = ci.Lo, ci.Hi
			if stat == "range" {
				lo, hi = slices.Min(ys), slices.Max(ys)
			}
		case "share":
			k := 0.0
			for _, y := range ys {
				k += map[bool]float64{true: 1}[y != 0]
			}
			count(k, float64(len(ys)))
		case "pooled":
			k := 0.0
			for _, y := range ys {
				k += y
			}
			count(k, ws[p.X])
		case "freq":
			count(float64(len(ys)), float64(total))
		case "max":
			v = slices.Max(ys)
		}
		if !near(p.Y, v) || !near(p.Lo, lo) || !near(p.Hi, hi) || p.N != len(ys) {
			t.Errorf("%s, %s at %v: %v [%v, %v] from %d, want %v [%v, %v] from %d", s.Panel, s.Name, p.X, p.Y, p.Lo, p.Hi, p.N, v, lo, hi, len(ys))
		}
	}
}

// points counts the points of the series named name in the panels whose
// title has panel: the m of a layer's Bonferroni correction.
func points(o Output, panel, name string) int {
	m := 0
	for _, s := range o.Series {
		if strings.Contains(s.Panel, panel) && s.Name == name {
			m += len(s.Points)
		}
	}
	return m
}

// each compares the points of s with the distinct (x, y) of the rows and
// their counts.
func each(t *testing.T, s Series, rs []row, x, y func(row) float64) {
	t.Helper()
	counts := map[[2]float64]int{}
	for _, r := range rs {
		counts[[2]float64{x(r), y(r)}]++
	}
	got := map[[2]float64]int{}
	for _, p := range s.Points {
		got[[2]float64{p.X, p.Y}] = p.N
	}
	if len(got) != len(counts) || len(got) == 0 {
		t.Fatalf("%s, %s: %d distinct points, want %d", s.Panel, s.Name, len(got), len(counts))
	}
	for k, c := range counts {
		if got[k] != c {
			t.Errorf("%s, %s: %v drawn for %d rows, want %d", s.Panel, s.Name, k, got[k], c)
		}
	}
}

// tail compares the points of s with the empirical CCDF of y over rs.
func tail(t *testing.T, s Series, rs []row, y func(row) float64) {
	t.Helper()
	var ys []float64
	for _, r := range rs {
		ys = append(ys, y(r))
	}
	vs, tl := stats.CCDF(ys)
	if len(vs) != len(s.Points) {
		t.Fatalf("%s, %s: %d steps, want %d", s.Panel, s.Name, len(s.Points), len(vs))
	}
	for i, p := range s.Points {
		if p.X != vs[i] || !near(p.Y, tl[i]) {
			t.Errorf("%s, %s: step %d at (%v, %v), want (%v, %v)", s.Panel, s.Name, i, p.X, p.Y, vs[i], tl[i])
		}
	}
}

// where returns the rows with the given text values and, for "n", the
// number.
func where(rs []row, kv ...string) []row {
	return slices.DeleteFunc(slices.Clone(rs), func(r row) bool {
		for i := 0; i+1 < len(kv); i += 2 {
			if v := r.s(kv[i]); v != kv[i+1] && fmt.Sprint(r.f(kv[i])) != kv[i+1] {
				return true
			}
		}
		return false
	})
}

func numOf(c string) func(row) float64 { return func(r row) float64 { return r.f(c) } }

// TestPlainNames: braced sub- and superscripts of the names in a caption
// are written in plain text, no brace or stray parenthesis left.
func TestPlainNames(t *testing.T) {
	in := "T_{faulty} = d·T_{intact}; e^{−(c ln c − c + 1)n}"
	if got, want := plainNames(in), "T_faulty = d·T_intact; e^(−(c ln c − c + 1)n)"; got != want {
		t.Errorf("plainNames(%q) = %q, want %q", in, got, want)
	}
}
