package plots

import (
	"bytes"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestFigures draws every figure from a small simulated dataset and checks
// that each writes the expected PNG, SVG and PDF files and that they are
// valid: the PNG decodes at one column wide (3.4 in at 300 dpi), the SVG
// starts with an XML or svg tag, the PDF with %PDF and carries no font (its
// text is outlines).
func TestFigures(t *testing.T) {
	dir := t.TempDir()
	writeDataset(t, dir)
	writeCollectives(t, dir)
	runSpecs(t, dir, detourSpecs...)
	runSpecs(t, dir, adaptiveSpec)
	runSpecs(t, dir, rareSpec)
	want := map[string][]string{
		"t-tail":                   {"t-tail"},
		"delayseq-n<N>":            {"delayseq-n4", "delayseq-n6"},
		"routing-compare":          {"routing-compare"},
		"priority-load":            {"priority-load"},
		"queue-disciplines":        {"queue-disciplines"},
		"relations":                {"relations"},
		"butterfly-time":           {"butterfly-time"},
		"butterfly-tail":           {"butterfly-tail"},
		"butterfly-loads":          {"butterfly-loads"},
		"replication-loss":         {"replication-loss"},
		"replication-bandwidth":    {"replication-bandwidth"},
		"replication-threshold":    {"replication-threshold"},
		"replication-rare":         {"replication-rare"},
		"detour-existence":         {"detour-existence"},
		"matching":                 {"matching"},
		"faulty-valiant":           {"faulty-valiant"},
		"faulty-valiant-slowdown":  {"faulty-valiant-slowdown"},
		"adaptive-baselines":       {"adaptive-baselines"},
		"faulty-bitonic":           {"faulty-bitonic"},
		"faulty-valiant-delivered": {"faulty-valiant-delivered"},
		"collectives-size-<op>":    {"collectives-size-aas", "collectives-size-oab"},
		"collectives-scale-<op>":   {"collectives-scale-aas", "collectives-scale-oab"},
		"collectives-bounds":       {"collectives-bounds"},
		"thesis-fig1":              {"thesis-fig1"},
		"thesis-fig2":              {"thesis-fig2"},
		"thesis-fig3-4":            {"thesis-fig3-4"},
		"thesis-fig5-6":            {"thesis-fig5-6"},
		"thesis-fig7":              {"thesis-fig7"},
	}
	out := filepath.Join(dir, "figures")
	for _, f := range Figures {
		t.Run(f.Name, func(t *testing.T) {
			o, err := f.Draw(dir, out)
			if err != nil {
				t.Fatal(err)
			}
			var stems []string
			for _, stem := range want[f.Name] {
				for _, format := range formats {
					stems = append(stems, filepath.Join(out, stem+"."+format))
				}
			}
			if !slices.Equal(o.Files, stems) {
				t.Errorf("files = %v, want %v", o.Files, stems)
			}
			for _, path := range o.Files {
				checkFile(t, path)
			}
		})
	}
	// The routing-compare data hold an all-port block, which the figure
	// leaves out and says so.
	o, err := RoutingCompare(dir, out)
	if err != nil {
		t.Fatal(err)
	}
	if note := "kept port=single, left out [port=all (20 rows)]"; !slices.Contains(o.Notes, note) {
		t.Errorf("routing-compare notes = %q, want %q", o.Notes, note)
	}
}

// checkFile checks that the figure file at path is valid for its format.
func checkFile(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) == 0 {
		t.Fatalf("%s is empty", path)
	}
	switch filepath.Ext(path) {
	case ".png":
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if w, want := img.Bounds().Dx(), int(Width.Dots(dpi)+0.5); w != want {
			t.Errorf("%s: %d pixels wide, want %d", path, w, want)
		}
	case ".svg":
		if !bytes.HasPrefix(b, []byte("<?xml")) && !bytes.HasPrefix(b, []byte("<svg")) {
			t.Errorf("%s does not start with <?xml or <svg: %q", path, b[:min(len(b), 20)])
		}
	case ".pdf":
		if !bytes.HasPrefix(b, []byte("%PDF")) {
			t.Errorf("%s does not start with %%PDF: %q", path, b[:min(len(b), 20)])
		}
		if bytes.Contains(b, []byte("/FontFile")) {
			t.Errorf("%s embeds a font; its text should be outlines", path)
		}
	default:
		t.Errorf("unexpected file %s", path)
	}
}

// TestFiguresNoData: on an empty results directory every figure of an
// experiment reports ErrNoData, naming its experiment, and writes nothing.
func TestFiguresNoData(t *testing.T) {
	dir, out := t.TempDir(), filepath.Join(t.TempDir(), "figures")
	for _, f := range Figures {
		if f.Experiment == "" {
			continue // the thesis' illustrations need no results
		}
		o, err := f.Draw(dir, out)
		if !errors.Is(err, ErrNoData) || !strings.Contains(err.Error(), f.Experiment) {
			t.Errorf("%s: err = %v, want ErrNoData for %s", f.Name, err, f.Experiment)
		}
		if len(o.Files) != 0 {
			t.Errorf("%s: wrote %v", f.Name, o.Files)
		}
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("output directory created: %v", err)
	}
}
