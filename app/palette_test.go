package app

import (
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
	"testing/fstest"
)

// The palette's filters are one piece of escaped HTML, kept while the
// catalogue's kinds and providers stay the same (and with them the user's
// choice), made again, at "All", when they change.
func TestPaletteFilters(t *testing.T) {
	s := newStore(t)
	p := &Palette{Store: s}
	first := p.filtersHTML(s.Catalogue())
	if !strings.Contains(first, `<option value="aws">Amazon Web Services</option>`) {
		t.Fatalf("no aws option in %s", first)
	}
	p.kind, p.provider = "stream", "aws"

	same, err := catalogue.Load(catalogue.Layer{Name: "catalogue", FS: catalogue.Embedded()})
	if err != nil {
		t.Fatal(err)
	}
	if p.filtersHTML(same) != first || p.kind != "stream" || p.provider != "aws" {
		t.Error("an equal catalogue redrew the filters or dropped the choice")
	}

	overlay := fstest.MapFS{"providers.yaml": &fstest.MapFile{Data: []byte(
		"schemaVersion: \"1\"\ntype: \"providers\"\nproviders:\n  aws:\n    name: \"<b>AWS & co\\\"</b>\"\n")}}
	other, err := catalogue.Load(catalogue.Layer{Name: "catalogue", FS: catalogue.Embedded()}, catalogue.Layer{Name: "org", FS: overlay})
	if err != nil {
		t.Fatal(err)
	}
	got := p.filtersHTML(other)
	if !strings.Contains(got, `<option value="aws">&lt;b&gt;AWS &amp; co&#34;&lt;/b&gt;</option>`) || strings.Contains(got, "<b>") {
		t.Errorf("catalogue text not escaped: %s", got)
	}
	if p.kind != "" || p.provider != "" {
		t.Error("new filters kept the old choice")
	}
}

// The palette finds products by the names people search for (issue 38: a
// new user searching "fargate" found nothing, and "ElastiCache for Redis"
// found only what was named Valkey): the catalogue's aliases.
func TestPaletteSearchFindsAliases(t *testing.T) {
	p := &Palette{Store: newStore(t)}
	d := app.NewClientTester(p)
	defer d.Close()
	for _, tc := range []struct{ query, product string }{
		{"fargate", "Amazon Elastic Container Service"},
		{"ElastiCache for Redis", "Amazon ElastiCache for Valkey"},
		{"redis oss", "Amazon ElastiCache for Valkey"},
	} {
		p.query = tc.query
		p.Update()
		d.Consume()
		if html := app.HTMLString(p); !strings.Contains(html, `aria-label="`+tc.product+`"`) {
			t.Errorf("searching %q does not show %s", tc.query, tc.product)
		}
	}
}
