package service

import (
	_ "embed"
	"net/http"
)

// Route is one route of the API.
type Route struct {
	Method, Path string
	// Auth routes need an API key when keys are configured.
	Auth bool
	// Stream routes answer for as long as the client listens: no request
	// timeout.
	Stream  bool
	handler func(*Server) http.HandlerFunc
}

// Routes are the API's routes; openapi.json documents each (a test
// checks both ways).
var Routes = []Route{
	{Method: "POST", Path: "/v1/extract", Auth: true, handler: func(s *Server) http.HandlerFunc { return s.postExtract }},
	{Method: "POST", Path: "/v1/jobs", Auth: true, handler: func(s *Server) http.HandlerFunc { return s.postJob }},
	{Method: "GET", Path: "/v1/jobs/{id}", Auth: true, handler: func(s *Server) http.HandlerFunc { return s.getJob }},
	{Method: "GET", Path: "/v1/jobs/{id}/events", Auth: true, Stream: true, handler: func(s *Server) http.HandlerFunc { return s.getEvents }},
	{Method: "GET", Path: "/v1/jobs/{id}/result", Auth: true, handler: func(s *Server) http.HandlerFunc { return s.getResult }},
	{Method: "DELETE", Path: "/v1/jobs/{id}", Auth: true, handler: func(s *Server) http.HandlerFunc { return s.deleteJob }},
	{Method: "GET", Path: "/v1/engines", Auth: true, handler: func(s *Server) http.HandlerFunc { return s.getEngines }},
	{Method: "GET", Path: "/livez", handler: func(s *Server) http.HandlerFunc { return s.getLivez }},
	{Method: "GET", Path: "/readyz", handler: func(s *Server) http.HandlerFunc { return s.getReadyz }},
	{Method: "GET", Path: "/metrics", handler: func(s *Server) http.HandlerFunc { return s.cfg.Metrics.Handler().ServeHTTP }},
	{Method: "GET", Path: "/v1/openapi.json", handler: func(s *Server) http.HandlerFunc { return s.getOpenAPI }},
}

// openAPI is the API's OpenAPI 3.1 document.
//
//go:embed openapi.json
var openAPI []byte

// timeoutBody answers a request that ran past Config.RequestTimeout.
const timeoutBody = `{"error":{"code":"timeout","message":"the request ran past the server's request timeout"}}`
