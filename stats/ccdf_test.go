package stats

import (
	"math"
	"slices"
	"testing"
)

func TestCCDF(t *testing.T) {
	sample := []float64{3, 1, 2, 2, 5}
	values, tail := CCDF(sample)
	if want := []float64{1, 2, 3, 5}; !slices.Equal(values, want) {
		t.Errorf("values = %v, want %v", values, want)
	}
	// Pr(X ≥ 1) = 5/5, Pr(X ≥ 2) = 4/5, Pr(X ≥ 3) = 2/5, Pr(X ≥ 5) = 1/5.
	if want := []float64{1, 0.8, 0.4, 0.2}; !slices.Equal(tail, want) {
		t.Errorf("tail = %v, want %v", tail, want)
	}
	if !slices.Equal(sample, []float64{3, 1, 2, 2, 5}) {
		t.Errorf("CCDF modified its input: %v", sample)
	}
}

func TestCCDFInts(t *testing.T) {
	values, tail := CCDF([]int{7, 7, 7, 9, 12, 9, 7, 30})
	if want := []int{7, 9, 12, 30}; !slices.Equal(values, want) {
		t.Errorf("values = %v, want %v", values, want)
	}
	if want := []float64{1, 0.5, 0.25, 0.125}; !slices.Equal(tail, want) {
		t.Errorf("tail = %v, want %v", tail, want)
	}
	if v, p := CCDF([]int{}); v != nil || p != nil {
		t.Errorf("CCDF of empty sample = %v, %v", v, p)
	}
}

func TestCCDFNaN(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("CCDF with NaN did not panic")
		}
	}()
	CCDF([]float64{1, math.NaN()})
}
