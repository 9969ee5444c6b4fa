package server

import (
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"weak"

	ui "github.com/archdesigner/designer/app"
	"github.com/archdesigner/designer/catalogue"
)

// Sites holds the catalogues of the handlers that one process serves. go-app
// has one route table per process, and the page components it makes are told
// nothing but the page's address: so each handler prerenders its pages at an
// address of its own (a host under the reserved .invalid domain), and the
// routes, registered once with Routes, look the catalogue up by that host.
// The entry point (or a test) makes one Sites and passes it to every New.
type Sites struct {
	mu    sync.Mutex
	next  int
	sites map[string]weak.Pointer[catalogue.Catalogue]
}

// Routes registers the editor's pages for the handlers made with s. Call it
// once per process, before the first request.
func (s *Sites) Routes() { ui.Routes(nil, s.catalogue) }

// add makes a host for a handler's catalogue. The handler keeps cat alive;
// when it is gone, so is its entry.
func (s *Sites) add(cat *catalogue.Catalogue) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sites == nil {
		s.sites = map[string]weak.Pointer[catalogue.Catalogue]{}
	}
	for host, p := range s.sites {
		if p.Value() == nil {
			delete(s.sites, host)
		}
	}
	s.next++
	host := "site-" + strconv.Itoa(s.next) + ".invalid"
	s.sites[host] = weak.Make(cat)
	return host
}

// catalogue returns the catalogue of the handler whose page is at u.
func (s *Sites) catalogue(u *url.URL) *catalogue.Catalogue {
	s.mu.Lock()
	defer s.mu.Unlock()
	if cat := s.sites[u.Host].Value(); cat != nil {
		return cat
	}
	// Only a handler made with s prerenders under go-app's routes; a page
	// without a site means a handler made with another Sites value.
	panic("server: no site for " + u.Host + "; make every handler of a process with the Sites whose Routes it called")
}

// at has next prerender pages at host, the handler's own address.
func at(host string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.Clone(r.Context())
		r.Host = host
		next.ServeHTTP(w, r)
	})
}
