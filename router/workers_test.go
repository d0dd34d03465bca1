package router

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"sync"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// sharing is a fake engine that says how many pages a call should read
// at once (sharer) and keeps the options of each call.
type sharing struct {
	*fake
	workers int
	mu      sync.Mutex
	options []json.RawMessage
}

func (s *sharing) Workers() int { return s.workers }

func (s *sharing) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	s.mu.Lock()
	s.options = append(s.options, req.Options)
	s.mu.Unlock()
	return s.fake.Extract(ctx, req)
}

func TestCallsCarryTheEnginesShareOfCores(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name       string
		configured json.RawMessage
		want       string
	}{
		{"no options", nil, `{"workers":3}`},
		{"other options", json.RawMessage(`{"dpi":300}`), `{"dpi":300,"workers":3}`},
		{"the user's workers stand", json.RawMessage(`{"dpi":300,"workers":1}`), `{"dpi":300,"workers":1}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			eng := &sharing{fake: &fake{name: "ocr", cost: 5, text: func(p int) string { return fmt.Sprintf("page %d reads well", p) }}, workers: 3}
			reg := RegistryFunc(func(name string) (core.Engine, error) {
				if name == "ocr" {
					return eng, nil
				}
				return nil, fmt.Errorf("%w: engine %q", core.ErrNotFound, name)
			})
			cfg := Config{Plan: FixedPlan([]string{"ocr"}), Options: map[string]json.RawMessage{"ocr": c.configured}}
			if _, err := New(cfg, withText(reg)).Extract(t.Context(), fivePages, nil); err != nil {
				t.Fatal(err)
			}
			eng.mu.Lock()
			defer eng.mu.Unlock()
			if len(eng.options) == 0 {
				t.Fatal("the engine was not called")
			}
			for _, o := range eng.options {
				if string(o) != c.want {
					t.Errorf("options %s, want %s", o, c.want)
				}
			}
		})
	}
}

// TestEnginesThatDoNotShareKeepTheirOptions: an engine that does not say
// its share gets the configured options as they are.
func TestEnginesThatDoNotShareKeepTheirOptions(t *testing.T) {
	t.Parallel()
	configured := json.RawMessage(`{"dpi":300}`)
	got, err := withWorkers(configured, &fake{name: "plain"})
	if err != nil || string(got) != string(configured) {
		t.Errorf("withWorkers = %s, %v; want %s unchanged", got, err, configured)
	}
}
