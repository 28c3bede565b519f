package figstyle

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Formats are the files written for every figure.
var Formats = []string{"png", "svg", "pdf"}

// NewCanvas returns a canvas of the given format and size: PNG at 300 dpi,
// SVG with text as text, PDF with text as glyph outlines.
func NewCanvas(format string, w, h vg.Length) vg.CanvasWriterTo {
	switch format {
	case "png":
		return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(DPI))}
	case "svg":
		return vgsvg.New(w, h)
	}
	return outlineText{vgpdf.New(w, h)}
}

// Save draws a figure of size w×h with paint into out/name.png, .svg and
// .pdf, creating out if needed, and returns the paths written.
func Save(out, name string, w, h vg.Length, paint func(draw.Canvas)) ([]string, error) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	var files []string
	for _, format := range Formats {
		c := NewCanvas(format, w, h)
		paint(draw.New(c))
		path := filepath.Join(out, name+"."+format)
		if err := WriteFile(path, c); err != nil {
			return files, err
		}
		files = append(files, path)
	}
	return files, nil
}

// WriteFile writes c to path atomically: to a temporary file beside it,
// renamed to path once complete, so that a failed write (a full disk)
// leaves an earlier figure at path as it was.
func WriteFile(path string, c vg.CanvasWriterTo) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	_, err = c.WriteTo(w)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// outlineText draws text as filled glyph outlines. vgpdf encodes text in
// code page 1252 and would garble Σ, μ, γ and ≥; outlines show every glyph
// of the font, at the cost of text that cannot be selected.
type outlineText struct{ vg.CanvasWriterTo }

// FillString draws s with its baseline starting at pt, glyph advances and
// kerning as font.Face.Width measures them.
func (c outlineText) FillString(f font.Face, pt vg.Point, s string) {
	var (
		buf   sfnt.Buffer
		ppem  = fixed.Int26_6(f.Face.UnitsPerEm())
		scale = f.Font.Size / font.Points(float64(ppem))
		path  vg.Path
		x     fixed.Int26_6
		prev  sfnt.GlyphIndex
	)
	at := func(p fixed.Point26_6) vg.Point {
		return vg.Point{X: pt.X + vg.Length(x+p.X)*scale, Y: pt.Y - vg.Length(p.Y)*scale}
	}
	for i, r := range s {
		idx, err := f.Face.GlyphIndex(&buf, r)
		if err != nil {
			continue
		}
		if i > 0 {
			if k, err := f.Face.Kern(&buf, prev, idx, ppem, 0); err == nil {
				x += k
			}
		}
		segs, err := f.Face.LoadGlyph(&buf, idx, ppem, nil)
		if err != nil {
			continue
		}
		for _, s := range segs {
			switch s.Op {
			case sfnt.SegmentOpMoveTo:
				if len(path) > 0 {
					path.Close()
				}
				path.Move(at(s.Args[0]))
			case sfnt.SegmentOpLineTo:
				path.Line(at(s.Args[0]))
			case sfnt.SegmentOpQuadTo:
				path.QuadTo(at(s.Args[0]), at(s.Args[1]))
			case sfnt.SegmentOpCubeTo:
				path.CubeTo(at(s.Args[0]), at(s.Args[1]), at(s.Args[2]))
			}
		}
		if adv, err := f.Face.GlyphAdvance(&buf, idx, ppem, 0); err == nil {
			x += adv
		}
		prev = idx
	}
	if len(path) > 0 {
		path.Close()
		c.Fill(path)
	}
}
