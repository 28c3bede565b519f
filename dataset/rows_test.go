package dataset

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// TestScanRows: ScanRows hands over the rows of ReadPartial, numbers as
// float64 (null as NaN, the partition column n put back) and text as
// text; a column missing or not numeric stops the scan with its name.
func TestScanRows(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int32{4, 16} {
		keys := []KV{{"n", strconv.Itoa(int(n))}}
		a, b := gridBatch("valiant", "all", n, 1, 0, 3), gridBatch("valiant", "single", n, 1, 3, 4)
		p := Part{Dir: dir, Experiment: "e", Table: "trials", Keys: keys, Shard: "0-of-1"}
		if err := WritePartition(p.Path(), keys, gridSchema, []arrow.RecordBatch{a, b}, map[string]string{MetaExperiment: "e"}); err != nil {
			t.Fatal(err)
		}
	}
	want, err := ReadPartial(dir, "e", "trials")
	if err != nil {
		t.Fatal(err)
	}
	defer want.Release()
	got := map[string][]string{}
	err = ScanRows(dir, "e", "trials", true, func(r *Rows) error {
		for _, f := range want.Schema().Fields() {
			if f.Type == arrow.BinaryTypes.String {
				got[f.Name] = append(got[f.Name], r.Text(f.Name)...)
				continue
			}
			for _, x := range r.Num(f.Name) {
				s := strconv.FormatFloat(x, 'f', -1, 64)
				if math.IsNaN(x) {
					s = "(null)"
				}
				got[f.Name] = append(got[f.Name], s)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range want.Schema().Fields() {
		if w, g := strings.Join(texts(want.Column(i)), " "), strings.Join(got[f.Name], " "); w != g {
			t.Errorf("column %s:\n got %s\nwant %s", f.Name, g, w)
		}
	}
	for _, c := range []struct{ col, want string }{{"router", `column "router" is utf8, not numeric`}, {"nonesuch", `no column "nonesuch"`}} {
		err := ScanRows(dir, "e", "trials", true, func(r *Rows) error {
			if r.Num(c.col) != nil {
				t.Errorf("Num(%q) read", c.col)
			}
			return nil
		})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Num(%q): %v, want %q", c.col, err, c.want)
		}
	}
}
