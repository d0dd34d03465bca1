package tableformer

// Ruling is an axis-aligned painted line or rectangle side on a page, in
// points with a top-left origin.
type Ruling struct {
	Horizontal bool
	// Pos is the y of a horizontal ruling, the x of a vertical one.
	Pos float64
	// Lo and Hi are its extent along its length.
	Lo, Hi float64
}
