package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestValidateSummary checks that validate counts the skipped combinations
// in a few lines, the count and the commonest reasons those of the full
// list that --verbose prints.
func TestValidateSummary(t *testing.T) {
	code, short, stderr := cli("validate", "faulty-valiant")
	if code != 0 || strings.Count(short, "\n") > 12 || strings.Contains(short, "skipped n=") {
		t.Fatalf("validate faulty-valiant: exit %d, %d lines: %s%s", code, strings.Count(short, "\n"), short, stderr)
	}
	code, long, _ := cli("validate", "faulty-valiant", "--verbose")
	if code != 0 {
		t.Fatalf("validate --verbose: exit %d", code)
	}
	// The default run's part of each output.
	short, long = strings.Split(short, "  profile ")[0], strings.Split(long, "  profile ")[0]
	m := regexp.MustCompile(`(\d+) combinations of the grid skipped .*\n +(\d+)× (.*)\n`).FindStringSubmatch(short)
	if m == nil {
		t.Fatalf("no count of skipped combinations:\n%s", short)
	}
	total, _ := strconv.Atoi(m[1])
	first, _ := strconv.Atoi(m[2])
	if got := strings.Count(long, "    skipped "); got != total || total == 0 {
		t.Errorf("%d skipped combinations counted, --verbose lists %d", total, got)
	}
	if got := strings.Count(long, ": "+m[3]+"\n"); got != first {
		t.Errorf("reason %q counted %d times, --verbose lists it %d times", m[3], first, got)
	}
}
