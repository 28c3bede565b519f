// Package figstyle is the house style of the harness' figures (package
// plots) and of its drawings of the thesis' illustrations (package
// thesisfig): a figure one or two paper columns wide, set in Liberation
// Serif (metrically Times) at 8 pt, Okabe–Ito colours with a marker shape
// each, bounds in grey, typeset ticks (10⁻⁵) and super- and subscripts
// drawn as raised or lowered digits of the font (Text), and every figure
// written as PNG (300 dpi), SVG and PDF, the PDF's text as glyph outlines
// (its backend cannot encode Greek letters or ≥).
package figstyle
