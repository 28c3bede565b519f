package view

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// TestWriteSelfContained checks that a page loads nothing from elsewhere
// (no script, style, image or font by address) and that its data, even a
// title with markup and a value with "</script>", come back as written.
func TestWriteSelfContained(t *testing.T) {
	p := &Page{Title: `a <b>"title"</b>`, Command: "hyperroute view </script>", Panels: []*Panel{{
		Title: "p", Net: Net{Kind: "cube", N: 2, P: 4}, T: 1, Sends: []int32{0, 0, 0, 1, 1},
		Row: []Column{{Name: "seed", Value: json.RawMessage("18446744073709551615")}},
	}}}
	var b bytes.Buffer
	if err := Write(&b, p); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, re := range []string{`(?i)<script[^>]*\ssrc=`, `(?i)<link\b`, `(?i)<img\b`, `(?i)@import`, `(?i)url\(\s*['"]?(https?:|//)`, `(?i)\bfetch\(`, `(?i)XMLHttpRequest`} {
		if regexp.MustCompile(re).MatchString(page) {
			t.Errorf("the page matches %s: it loads something from elsewhere", re)
		}
	}
	if strings.Count(page, "</script>") != 2 {
		t.Errorf("%d </script> in the page, want the two of its scripts", strings.Count(page, "</script>"))
	}
	if !strings.Contains(page, "<title>a &lt;b&gt;&#34;title&#34;&lt;/b&gt;</title>") {
		t.Errorf("title not escaped: %s", page[:min(len(page), 300)])
	}
	_, data, _ := strings.Cut(page, "const DATA = ")
	data, _, _ = strings.Cut(data, ";</script>")
	var back struct {
		Command string
		Panels  []struct{ Row [][2]string }
	}
	if err := json.Unmarshal([]byte(data), &back); err != nil {
		t.Fatal(err)
	}
	if back.Command != p.Command || back.Panels[0].Row[0] != [2]string{"seed", "18446744073709551615"} {
		t.Errorf("data back as %+v", back)
	}
}
