package router

import (
	"fmt"
	"slices"
	"strings"

	"github.com/assay-pdf/assay/router/analyze"
)

// Step is one engine in a page's chain.
type Step struct {
	Engine string
	// Regions: the engine reads only the page's image regions, and its
	// words are merged into the best full-page result instead of competing
	// with it. A region step runs whenever the page has image regions.
	Regions bool
	// Reread (with Regions): the engine reads again, from the page's
	// pixels, the blocks of the best answer whose text did not decode
	// (quality.Garbled), and its readings replace theirs. No plan names
	// it: the router adds it after a page's chain (pageState.rereadStep).
	Reread bool
}

func (s Step) String() string {
	switch {
	case s.Reread:
		return s.Engine + ":reread"
	case s.Regions:
		return s.Engine + ":regions"
	}
	return s.Engine
}

// pictureClasses are the page classes whose pictures WithPictures reads:
// pages with a text layer of their own, whose pictures are parts of the
// page. A scan with an OCR layer is its picture, and a page without text
// is read whole.
var pictureClasses = []string{string(analyze.ClassBornDigital), string(analyze.ClassComplexLayout),
	string(analyze.ClassMixed), string(analyze.ClassBrokenFonts), DefaultClass}

// WithPictures is the plan with a region step of engine (an OCR engine)
// in the chains of pictureClasses that call engine on whole pages, before
// the first such step: the engine then reads the pictures of every page
// of those classes that has a usable answer, and their words go into
// figure blocks. A chain that has the region step already, or does not
// call engine, is left as it is.
func (p Plan) WithPictures(engine string) Plan {
	out := make(Plan, len(p))
	for class, steps := range p {
		out[class] = steps
		full := slices.Index(steps, Step{Engine: engine})
		if full < 0 || !slices.Contains(pictureClasses, class) || slices.Contains(steps, Step{Engine: engine, Regions: true}) {
			continue
		}
		out[class] = slices.Insert(slices.Clone(steps), full, Step{Engine: engine, Regions: true})
	}
	return out
}

// WithoutRegions is the plan with its region steps left out: no engine
// reads the pictures of pages with text on their own.
func (p Plan) WithoutRegions() Plan {
	out := make(Plan, len(p))
	for class, steps := range p {
		for _, s := range steps {
			if !s.Regions {
				out[class] = append(out[class], s)
			}
		}
	}
	return out
}

// RegionCoverage is the least image coverage of a page that a region step
// may read (analyze.Class.MinImageCoverage of the classes whose chain has
// one; 0 when the default chain or a class the analysis does not know has
// one), and false when no chain has a region step.
func (p Plan) RegionCoverage() (float64, bool) {
	least, found := 1.0, false
	for class, steps := range p {
		if !slices.ContainsFunc(steps, func(s Step) bool { return s.Regions }) {
			continue
		}
		found = true
		least = min(least, analyze.Class(class).MinImageCoverage())
	}
	if !found {
		return 0, false
	}
	return least, true
}

// ParseStep reads "engine" or "engine:regions".
func ParseStep(s string) (Step, error) {
	name, mode, hasMode := strings.Cut(strings.TrimSpace(s), ":")
	if name == "" {
		return Step{}, fmt.Errorf("plan step %q: no engine name", s)
	}
	switch {
	case !hasMode:
		return Step{Engine: name}, nil
	case mode == "regions":
		return Step{Engine: name, Regions: true}, nil
	}
	return Step{}, fmt.Errorf("plan step %q: unknown mode %q (want regions)", s, mode)
}

// Plan maps a page class (see package analyze) to the chain of steps its
// pages go through. Classes it does not name use the "default" chain.
type Plan map[string][]Step

// DefaultClass is the key of the chain for classes a Plan does not name.
const DefaultClass = "default"

// DefaultPlan is the routing Assay ships with: the text layer first
// wherever there is one, the layout pipeline (layoutml, with tableformer
// as its table stage) for pages whose first reading shows tables or
// several columns, and OCR for scans and for pages whose text layer
// cannot be trusted. The pictures of a page whose text layer reads well
// are figures of its text, and their words (a chart's axis labels, a
// map's place names) are read only when asked (WithPictures): on a
// directory of papers with raster figures, reading them cost 30 times
// the text layer's time.
func DefaultPlan() Plan {
	native, ocr, layout := Step{Engine: "nativetext"}, Step{Engine: "ocr"}, Step{Engine: "layoutml"}
	return Plan{
		"blank":                  {native},
		"born_digital":           {native, ocr},
		"complex_layout":         {layout, native, ocr},
		"image_only":             {ocr, native},
		"scanned_with_ocr_layer": {native, ocr},
		"mixed":                  {native, ocr},
		"broken_fonts":           {native, ocr},
		"vector_text":            {ocr, native},
		DefaultClass:             {native, ocr},
	}
}

// Chain is the steps for class.
func (p Plan) Chain(class string) []Step {
	if c, ok := p[class]; ok {
		return c
	}
	return p[DefaultClass]
}

// StartsWith reports whether the plan's default chain starts with engine:
// the text engine may then read every page first (text-first analysis),
// as that chain asks anyway. A chain that starts with another engine (an
// explicit --engines chain) runs in the order given.
func (p Plan) StartsWith(engine string) bool {
	c := p.Chain(DefaultClass)
	return len(c) > 0 && c[0] == Step{Engine: engine}
}

// FixedPlan sends every class through the same engines, as --engines asks.
func FixedPlan(engines []string) Plan {
	steps := make([]Step, 0, len(engines))
	for _, e := range engines {
		steps = append(steps, Step{Engine: e})
	}
	return Plan{DefaultClass: steps}
}

// ParsePlan reads a plan from config: class → list of "engine" or
// "engine:regions".
func ParsePlan(m map[string][]string) (Plan, error) {
	p := Plan{}
	for class, steps := range m {
		for _, s := range steps {
			st, err := ParseStep(s)
			if err != nil {
				return nil, fmt.Errorf("plan.%s: %w", class, err)
			}
			p[class] = append(p[class], st)
		}
	}
	if _, ok := p[DefaultClass]; !ok {
		def := DefaultPlan()
		p[DefaultClass] = def[DefaultClass]
	}
	return p, nil
}
