package service_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/service"
)

// TestOpenAPIMatchesRoutes checks the served OpenAPI document against
// the registered routes, both ways, and that every route answers.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	t.Parallel()
	ts := start(t, service.Config{})
	code, body, _ := ts.call(t, "GET", "/v1/openapi.json", nil)
	if code != http.StatusOK {
		t.Fatalf("%d %s", code, body)
	}
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(body, &doc); err != nil || !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Fatalf("not an OpenAPI 3 document: %v", err)
	}
	var routes []string
	for _, rt := range service.Routes {
		key := rt.Method + " " + rt.Path
		routes = append(routes, key)
		if _, ok := doc.Paths[rt.Path][strings.ToLower(rt.Method)]; !ok {
			t.Errorf("route %s is not in the OpenAPI document", key)
		}
		// The route is registered: not the catch-all's "no route".
		path := strings.ReplaceAll(rt.Path, "{id}", "0123456789abcdef01234567")
		_, b, _ := ts.call(t, rt.Method, path, nil)
		if strings.Contains(string(b), "no route") {
			t.Errorf("%s answers %s", key, b)
		}
	}
	for path, ops := range doc.Paths {
		for method := range ops {
			if key := strings.ToUpper(method) + " " + path; !slices.Contains(routes, key) {
				t.Errorf("the OpenAPI document has %s, which is no route", key)
			}
		}
	}
}

func TestMetricsAndProbes(t *testing.T) {
	t.Parallel()
	ts := start(t, service.Config{})
	if code, body, _ := ts.call(t, "POST", "/v1/extract", strings.NewReader(string(readFile(t, "../testdata/pages.pdf")))); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	code, body, _ := ts.call(t, "GET", "/metrics", nil)
	if code != 200 {
		t.Fatalf("%d", code)
	}
	for _, want := range []string{`assay_jobs_total{event="submitted"} 1`, `assay_pages_total{status="ok"} 5`,
		`assay_engine_seconds_count{engine="nativetext"}`, "assay_queue_depth", `assay_http_requests_total{code="200",route="POST /v1/extract"} 1`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if code, _, _ := ts.call(t, "GET", "/livez", nil); code != 200 {
		t.Errorf("livez %d", code)
	}
	// Not warmed: not ready.
	if code, body, _ := ts.call(t, "GET", "/readyz", nil); code != 503 || !strings.Contains(string(body), "unavailable") {
		t.Errorf("readyz before the engines started: %d %s", code, body)
	}
	if code, body, _ := ts.call(t, "GET", "/v1/engines", nil); code != 200 || !strings.Contains(string(body), `"nativetext"`) {
		t.Errorf("engines: %d %s", code, body)
	}
}
