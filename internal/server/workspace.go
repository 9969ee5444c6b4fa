package server

import (
	"net/http"
	"strings"
)

// withWorkspace serves /api/workspace/ with ws and everything else with
// site. The workspace's API takes POST, PUT and DELETE with bodies, which
// harden refuses for the site, so it gets harden's headers without its
// method and body rules; the workspace bounds its own bodies.
func withWorkspace(site, ws http.Handler, embedOrigins []string) http.Handler {
	csp := contentSecurityPolicy(embedOrigins)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/workspace/") {
			site.ServeHTTP(w, r)
			return
		}
		if len(r.RequestURI) > MaxAddressBytes {
			http.Error(w, "the address is too long", http.StatusRequestURITooLong)
			return
		}
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		ws.ServeHTTP(w, r)
	})
}
