package figstyle

import (
	"slices"
	"testing"
)

// TestTypeset: ticks of a log axis over many decades are powers of 10
// with superscript exponents, drawn as raised digits of the font.
func TestTypeset(t *testing.T) {
	var labels []string
	for _, tk := range LogTicks(1e-6, 10) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if want := []string{"10⁻⁶", "10⁻⁴", "10⁻²", "1"}; !slices.Equal(labels, want) {
		t.Errorf("labels %q, want %q", labels, want)
	}
	if got := runs("T_{faulty} = 10⁻⁵ᵃ"); len(got) < 3 || got[0] != (run{"T", 0}) || got[1] != (run{"faulty", -1}) || got[3] != (run{"−5", 1}) {
		t.Errorf("runs %v", got)
	}
}
