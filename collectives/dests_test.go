package collectives

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzParseDests: the destination list parser takes exactly the lists of
// integers and gives them back; FormatDests writes what it reads.
func FuzzParseDests(f *testing.F) {
	for _, s := range []string{"", "1", "1,2,3", " 4 , 5", "x", "1,,2", "-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ds, err := ParseDests(s)
		if err != nil {
			return
		}
		if s == "" {
			if ds != nil {
				t.Fatalf("%q: %v", s, ds)
			}
			return
		}
		parts := strings.Split(s, ",")
		if len(parts) != len(ds) {
			t.Fatalf("%q: %d parts, %d destinations", s, len(parts), len(ds))
		}
		for i, part := range parts {
			if want, err := strconv.Atoi(strings.TrimSpace(part)); err != nil || want != ds[i] {
				t.Fatalf("%q: destination %d = %d from %q", s, i, ds[i], part)
			}
		}
		if back, err := ParseDests(FormatDests(ds)); err != nil || len(back) != len(ds) {
			t.Fatalf("%q: FormatDests gives %q", s, FormatDests(ds))
		}
	})
}
