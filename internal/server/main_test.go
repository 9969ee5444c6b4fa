package server

import (
	"os"
	"sync"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// sites is the test process's one set of page routes, as an entry point's.
var sites = &Sites{}

func TestMain(m *testing.M) {
	sites.Routes()
	os.Exit(m.Run())
}

var embedded = sync.OnceValues(func() (*catalogue.Catalogue, error) { return catalogue.LoadEmbedded() })

// with completes o as an entry point does: the embedded catalogue unless o
// has one, and the process's sites.
func with(t testing.TB, o Options) Options {
	t.Helper()
	if o.Catalogue == nil {
		cat, err := embedded()
		if err != nil {
			t.Fatal(err)
		}
		o.Catalogue = cat
	}
	o.Sites = sites
	return o
}
