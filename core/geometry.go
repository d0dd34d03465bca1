package core

// BBox is an axis-aligned box in PDF points with the origin at the top-left
// corner of the page: X grows to the right, Y grows downwards.
type BBox struct {
	X0 float64 `json:"x0"`
	Y0 float64 `json:"y0"`
	X1 float64 `json:"x1"`
	Y1 float64 `json:"y1"`
}

// Width of the box; zero for an empty or inverted box.
func (b BBox) Width() float64 { return max(0, b.X1-b.X0) }

// Height of the box; zero for an empty or inverted box.
func (b BBox) Height() float64 { return max(0, b.Y1-b.Y0) }

// Area of the box.
func (b BBox) Area() float64 { return b.Width() * b.Height() }

// Empty reports whether the box encloses no area.
func (b BBox) Empty() bool { return b.X1 <= b.X0 || b.Y1 <= b.Y0 }

// Union is the smallest box holding both; an empty box is ignored.
func (b BBox) Union(o BBox) BBox {
	if b.Empty() && b == (BBox{}) {
		return o
	}
	if o.Empty() && o == (BBox{}) {
		return b
	}
	return BBox{min(b.X0, o.X0), min(b.Y0, o.Y0), max(b.X1, o.X1), max(b.Y1, o.Y1)}
}

// Intersect is the overlap of both boxes, empty when they do not meet.
func (b BBox) Intersect(o BBox) BBox {
	r := BBox{max(b.X0, o.X0), max(b.Y0, o.Y0), min(b.X1, o.X1), min(b.Y1, o.Y1)}
	if r.Empty() {
		return BBox{}
	}
	return r
}

// Within reports whether b lies inside o, allowing tol points of slack.
func (b BBox) Within(o BBox, tol float64) bool {
	return b.X0 >= o.X0-tol && b.Y0 >= o.Y0-tol && b.X1 <= o.X1+tol && b.Y1 <= o.Y1+tol
}
