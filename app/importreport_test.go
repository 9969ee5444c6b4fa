package app

import (
	"strings"
	"testing"
)

// The Import report lists what the import of a Compose file left out
// (how a service is built, its other variables, its volumes), a line each,
// without a variable's value.
func TestImportReportListsWhatIsLeftOut(t *testing.T) {
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}})
	compose := "services:\n  api:\n    build: ./api\n    ports: [\"8080:8080\"]\n    environment: {DB: \"postgres://db:5432/x\", TOKEN: \"s3cret-token-value\"}\n  db:\n    image: postgres:16\n    volumes: [\"db-data:/var/lib/postgresql/data\"]\n"
	le.session.library.importFile("compose.yaml", []byte(compose))
	le.d.Consume()
	report := strings.Join(le.session.library.importReport, "\n")
	for _, want := range []string{
		"compose.yaml:3:5: service api: build context ./api left out",
		"compose.yaml:5:5: service api: 1 environment variable (TOKEN) left out",
		"compose.yaml:8:15: service db: volume db-data at /var/lib/postgresql/data left out",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("the Import report lacks %q:\n%s", want, report)
		}
	}
	if strings.Contains(report, "s3cret-token-value") {
		t.Errorf("the Import report shows a variable's value:\n%s", report)
	}
	if n := le.store.Node("api"); n == nil || !n.Entry || le.store.Design().Edges[0].Protocol != "sql" {
		t.Errorf("imported %s", le.store.Export())
	}
}
