package main

import (
	"strconv"
	"strings"
	"testing"
)

// TestSimOneTrial checks that sim prints "–" for the sd and the interval
// of one trial, which has neither, and numbers for more.
func TestSimOneTrial(t *testing.T) {
	for _, trials := range []int{1, 2, 5} {
		code, stdout, stderr := cli("sim", "--n", "5", "--trials", strconv.Itoa(trials), "--workers", "2")
		lines := strings.Split(stdout, "\n")
		if code != 0 || len(lines) != 5 || strings.Contains(stdout, "NaN") {
			t.Fatalf("sim --trials %d: exit %d\n%s%s", trials, code, stdout, stderr)
		}
		sd := strings.Fields(lines[2])[1]
		_, err := strconv.ParseFloat(sd, 64)
		if trials == 1 && (sd != "–" || !strings.HasPrefix(lines[3], "mean T 95% CI –, T/n ")) ||
			trials > 1 && (err != nil || !strings.HasPrefix(lines[3], "mean T 95% CI [")) {
			t.Errorf("sim --trials %d: sd %q, line %q", trials, sd, lines[3])
		}
	}
}
