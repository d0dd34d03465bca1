package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/nativetext"
)

// The modes.
const (
	ModePage    = "page"
	ModeRegions = "regions"
)

// Options are the engine's settings, read from Request.Options.
type Options struct {
	// Text are the limits of the text-layer reading (nativetext's).
	Text nativetext.Options `json:"-"`
	// Mode is "page" (default) or "regions".
	Mode string `json:"mode,omitempty"`
	// Regions maps a page number ("3") to the boxes to rebuild on it, in
	// points with a top-left origin, for mode "regions".
	Regions map[string][]core.BBox `json:"regions,omitempty"`
}

// ParseOptions reads options JSON; empty input gives the defaults. Its
// errors wrap core.ErrBadRequest.
func ParseOptions(raw json.RawMessage) (Options, error) {
	var o Options
	text, err := nativetext.ParseOptions(raw)
	if err != nil {
		return o, err
	}
	if t := bytes.TrimSpace(raw); len(t) > 0 && !bytes.Equal(t, []byte("null")) {
		if err := json.Unmarshal(raw, &o); err != nil {
			return o, fmt.Errorf("%w: tableformer options: %w", core.ErrBadRequest, err)
		}
	}
	o.Text = text
	return o, o.validate()
}

// validate checks the mode and the regions.
func (o *Options) validate() error {
	switch o.Mode {
	case "":
		o.Mode = ModePage
	case ModePage, ModeRegions:
	default:
		return fmt.Errorf("%w: tableformer: mode %q (want page or regions)", core.ErrBadRequest, o.Mode)
	}
	for k, boxes := range o.Regions {
		if n, err := strconv.Atoi(k); err != nil || n < 1 {
			return fmt.Errorf("%w: tableformer: regions key %q is not a page number", core.ErrBadRequest, k)
		}
		for _, b := range boxes {
			if b.Empty() {
				return fmt.Errorf("%w: tableformer: empty region %v on page %s", core.ErrBadRequest, b, k)
			}
		}
	}
	return nil
}
