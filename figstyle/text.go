package figstyle

import (
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// typeset draws text as text.Plain does, but the Unicode super- and
// subscripts (10⁻⁵, 2ⁿ, u₁) as digits and signs of the font, smaller and
// raised or lowered: Liberation Serif has no ⁰, ⁹, ⁻ or ₁.
type typeset struct{ text.Plain }

// Text is the text handler of every figure.
var Text = typeset{text.Plain{Fonts: plot.DefaultTextHandler.Cache()}}

// script is what a super- or subscript character stands for: a
// character of the font, raised (+1) or lowered (−1).
type script struct {
	r     rune
	shift int
}

// scripts are the super- and subscript characters.
var scripts = func() map[rune]script {
	m := map[rune]script{}
	sup, plain := []rune("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ⁿ"), []rune("0123456789−+n")
	for i, r := range sup {
		m[r] = script{plain[i], 1}
	}
	for i, r := range []rune("₀₁₂₃₄₅₆₇₈₉") {
		m[r] = script{rune('0' + i), -1}
	}
	return m
}()

// run is a piece of a line in one script: 0 normal, +1 super, −1 sub.
type run struct {
	text  string
	shift int
}

// runs splits a line into runs of one script each: the Unicode super- and
// subscripts, and ^{…} and _{…}.
func runs(line string) []run {
	var out []run
	var b strings.Builder
	cur, group := 0, 0
	flush := func(next int) {
		if next != cur && b.Len() > 0 {
			out = append(out, run{b.String(), cur})
			b.Reset()
		}
		cur = next
	}
	rs := []rune(line)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case group == 0 && (r == '^' || r == '_') && i+1 < len(rs) && rs[i+1] == '{':
			group = map[rune]int{'^': 1, '_': -1}[r]
			flush(group)
			i++
			continue
		case group != 0 && r == '}':
			group = 0
			flush(0)
			continue
		case group != 0:
			flush(group)
		default:
			s := 0
			if sc, ok := scripts[r]; ok {
				s, r = sc.shift, sc.r
			}
			flush(s)
		}
		b.WriteRune(r)
	}
	if b.Len() > 0 {
		out = append(out, run{b.String(), cur})
	}
	return out
}

// face returns the face of a run of script shift in font f, and how far
// its baseline is raised.
func (h typeset) face(f font.Font, shift int) (font.Face, vg.Length) {
	if shift == 0 {
		return h.Fonts.Lookup(f, f.Size), 0
	}
	small := f
	small.Size = f.Size * 0.7
	return h.Fonts.Lookup(small, small.Size), vg.Length(shift) * f.Size * map[bool]vg.Length{true: 0.4, false: 0.15}[shift > 0]
}

// Width is the width of a line of text in font f.
func (h typeset) Width(line string, f font.Font) vg.Length {
	var w vg.Length
	for _, r := range runs(line) {
		face, _ := h.face(f, r.shift)
		w += face.Width(r.text)
	}
	return w
}

// Box implements text.Handler.
func (h typeset) Box(txt string, f font.Font) (width, height, depth vg.Length) {
	_, height, depth = h.Plain.Box(txt, f)
	for _, r := range runs(txt) {
		face, up := h.face(f, r.shift)
		height = max(height, up+face.Extents().Ascent)
		depth = max(depth, face.Extents().Descent-up)
	}
	return h.Width(txt, f), height, depth
}

// Draw implements text.Handler, as text.Plain.Draw.
func (h typeset) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if len(txt) == 0 {
		return
	}
	fnt := h.Fonts.Lookup(sty.Font, sty.Font.Size)
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
	}
	sin64, cos64 := math.Sincos(sty.Rotation)
	cos, sin := vg.Length(cos64), vg.Length(sin64)
	pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin
	lines := h.Lines(txt)
	pt.Y += sty.Height(txt)*vg.Length(sty.YAlign) - fnt.Extents().Ascent
	for i, line := range lines {
		at := pt.Add(vg.Point{X: vg.Length(sty.XAlign) * h.Width(line, sty.Font), Y: vg.Length(len(lines)-i) * sty.Font.Size})
		for _, r := range runs(line) {
			face, up := h.face(sty.Font, r.shift)
			c.FillString(face, at.Add(vg.Point{Y: up}), r.text)
			at.X += face.Width(r.text)
		}
	}
	if sty.Rotation != 0 {
		c.Pop()
	}
}

// TextStyle is the house text of the given size and colour, centred.
func TextStyle(size float64, c color.Color) draw.TextStyle {
	return draw.TextStyle{
		Color:   c,
		Font:    font.From(plot.DefaultFont, vg.Points(size)),
		Handler: Text,
		XAlign:  draw.XCenter,
		YAlign:  draw.YCenter,
	}
}
