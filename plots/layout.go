package plots

import (
	"image"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// Layout is where a figure's text and filled marks land on the page at
// given settings, as Settings.Write would draw them, measured with the
// fonts' metrics rather than rendered: for checking that a figure's text
// stays on the canvas and clear of other text and of its marks, at any
// size (a journal column's 8.5 cm as well as the default 16 cm).
type Layout struct {
	// Size is the canvas, in points.
	Size vg.Point
	// Texts are the boxes of the strings drawn: the string's advance width
	// by its em box (the font size, split about the baseline as the
	// font's ascent and descent are), rotated text boxed by its rotated
	// corners.
	Texts []TextBox
	// Data is the data area, inside the axes.
	Data vg.Rectangle
	// LegendBelow is the strip under the plot that a legend below it takes
	// (a figure narrower than NarrowWidth), its gap to the x axis
	// included; empty when the legend is beside the data or there is none.
	LegendBelow vg.Rectangle
	// Marks are the bounding boxes of the filled shapes (bars, markers,
	// swatches), less the backgrounds that fill half the canvas or more.
	Marks []vg.Rectangle
}

// TextBox is a string drawn and its box, in points from the canvas's lower
// left corner.
type TextBox struct {
	Text string
	Box  vg.Rectangle
	// Size is the font size, and Origin the start of the baseline (for
	// unrotated text, Box.Min.X and the baseline's height).
	Size   vg.Length
	Origin vg.Point
}

// LayoutOf returns where p's text and marks land when drawn at s. It
// returns s's *SettingsError for invalid settings.
func (s Settings) LayoutOf(p *plot.Plot) (Layout, error) {
	if err := s.Validate(); err != nil {
		return Layout{}, err
	}
	rec := &recorder{size: vg.Point{X: s.Width, Y: s.Height}, stack: []affine{identity}}
	rec.layout.Size = rec.size
	q := s.apply(p)
	s.draw(q, rec)
	rec.layout.Data, rec.layout.LegendBelow = s.dataArea(q, rec)
	return rec.layout, nil
}

// dataArea returns the data area of q, a copy made by apply, drawn on c at
// s, and the strip of a legend below it with its gap (empty when there is
// none): the layout of Settings.draw, without drawing.
func (s Settings) dataArea(q *plot.Plot, c vg.CanvasSizer) (data, below vg.Rectangle) {
	st := &drawState{s: s}
	drawing.Store(q, st)
	defer drawing.Delete(q)
	area, strip := s.layout(q, c, st)
	if st.below != nil {
		below = strip.Rectangle
		below.Max.Y += belowGap
	}
	return q.DataCanvas(area).Rectangle, below
}

// Overlaps reports whether a and b share more than tol of both width and
// height: text boxes touching at their edges, as the lines of a label do,
// are not an overlap.
func Overlaps(a, b vg.Rectangle, tol vg.Length) bool {
	return min(a.Max.X, b.Max.X)-max(a.Min.X, b.Min.X) > tol && min(a.Max.Y, b.Max.Y)-max(a.Min.Y, b.Min.Y) > tol
}

// affine is a 2-D affine map: x' = a x + c y + e, y' = b x + d y + f.
type affine struct{ a, b, c, d, e, f float64 }

var identity = affine{a: 1, d: 1}

// then returns the map that applies n in m's coordinates (m * n).
func (m affine) then(n affine) affine {
	return affine{
		a: m.a*n.a + m.c*n.b, b: m.b*n.a + m.d*n.b,
		c: m.a*n.c + m.c*n.d, d: m.b*n.c + m.d*n.d,
		e: m.a*n.e + m.c*n.f + m.e, f: m.b*n.e + m.d*n.f + m.f,
	}
}

func (m affine) apply(x, y float64) (float64, float64) {
	return m.a*x + m.c*y + m.e, m.b*x + m.d*y + m.f
}

// recorder is a vg.CanvasSizer that draws nothing and records, through
// its transform, the boxes of the text and the fills.
type recorder struct {
	size   vg.Point
	stack  []affine
	layout Layout
}

func (r *recorder) top() *affine { return &r.stack[len(r.stack)-1] }

// box returns the bounding box, on the canvas, of the local rectangle
// (x0, y0)-(x1, y1).
func (r *recorder) box(x0, y0, x1, y1 float64) vg.Rectangle {
	m := *r.top()
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range [][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		x, y := m.apply(c[0], c[1])
		minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
	}
	return vg.Rectangle{Min: vg.Point{X: vg.Length(minX), Y: vg.Length(minY)}, Max: vg.Point{X: vg.Length(maxX), Y: vg.Length(maxY)}}
}

func (r *recorder) Size() (w, h vg.Length)              { return r.size.X, r.size.Y }
func (r *recorder) SetLineWidth(vg.Length)              {}
func (r *recorder) SetLineDash([]vg.Length, vg.Length)  {}
func (r *recorder) SetColor(color.Color)                {}
func (r *recorder) Stroke(vg.Path)                      {}
func (r *recorder) DrawImage(vg.Rectangle, image.Image) {}
func (r *recorder) Push()                               { r.stack = append(r.stack, *r.top()) }
func (r *recorder) Pop()                                { r.stack = r.stack[:len(r.stack)-1] }

func (r *recorder) Rotate(rad float64) {
	s, c := math.Sincos(rad)
	*r.top() = r.top().then(affine{a: c, b: s, c: -s, d: c})
}

func (r *recorder) Translate(pt vg.Point) {
	*r.top() = r.top().then(affine{a: 1, d: 1, e: float64(pt.X), f: float64(pt.Y)})
}

func (r *recorder) Scale(x, y float64) { *r.top() = r.top().then(affine{a: x, d: y}) }

func (r *recorder) Fill(p vg.Path) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range p {
		pts := append([]vg.Point{c.Pos}, c.Control...)
		if c.Type == vg.ArcComp {
			pts = []vg.Point{{X: c.Pos.X - c.Radius, Y: c.Pos.Y - c.Radius}, {X: c.Pos.X + c.Radius, Y: c.Pos.Y + c.Radius}}
		}
		if c.Type == vg.CloseComp {
			continue
		}
		for _, q := range pts {
			minX, minY = min(minX, float64(q.X)), min(minY, float64(q.Y))
			maxX, maxY = max(maxX, float64(q.X)), max(maxY, float64(q.Y))
		}
	}
	if math.IsInf(minX, 0) {
		return
	}
	b := r.box(minX, minY, maxX, maxY)
	if area := b.Size(); area.X*area.Y >= r.size.X*r.size.Y/2 {
		return // a background
	}
	r.layout.Marks = append(r.layout.Marks, b)
}

func (r *recorder) FillString(f font.Face, pt vg.Point, s string) {
	// The em box: the font size high, split between ascent and descent as
	// the font's are (gonum/plot sets lines a font size apart, and a
	// font's ascent and descent, which make room for accents, add up to
	// more).
	e := f.Extents()
	size := float64(f.Font.Size)
	up := size * float64(e.Ascent) / float64(e.Ascent+e.Descent)
	x, y := float64(pt.X), float64(pt.Y)
	b := r.box(x, y-(size-up), x+float64(f.Width(s)), y+up)
	o := r.box(x, y, x, y).Min
	r.layout.Texts = append(r.layout.Texts, TextBox{Text: s, Box: b, Size: f.Font.Size, Origin: o})
}
