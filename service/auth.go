package service

import (
	"context"
	"crypto/subtle"
	"net/http"
	"strings"
)

type keyCtx struct{}

// keyName is the name of the request's API key, "" without keys.
func keyName(ctx context.Context) string {
	name, _ := ctx.Value(keyCtx{}).(string)
	return name
}

// authenticate lets a request through when keys are configured only with
// "Authorization: Bearer KEY" of one of them.
func (s *Server) authenticate(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(s.cfg.Keys) == 0 {
			h.ServeHTTP(w, r)
			return
		}
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		name, found := "", false
		for key, n := range s.cfg.Keys {
			// Compare with every key, so the time does not tell which
			// prefix matched.
			if subtle.ConstantTimeCompare([]byte(strings.TrimSpace(token)), []byte(key)) == 1 && ok {
				name, found = n, true
			}
		}
		if !found {
			w.Header().Set("WWW-Authenticate", `Bearer realm="assay"`)
			refuse(w, newError(http.StatusUnauthorized, codeUnauthorized, "an API key is needed: Authorization: Bearer KEY"))
			return
		}
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), keyCtx{}, name)))
	})
}

// acquire takes one of the key's PerKey places for an extract or job
// request; a key with all of them taken is answered 429.
func (s *Server) acquire(ctx context.Context) (release func(), err error) {
	name := keyName(ctx)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.inUse[name] >= s.cfg.PerKey {
		return nil, newError(http.StatusTooManyRequests, codeBusy, "this key has %d requests in flight, the limit", s.cfg.PerKey)
	}
	s.inUse[name]++
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.inUse[name]--; s.inUse[name] <= 0 {
			delete(s.inUse, name)
		}
	}, nil
}
