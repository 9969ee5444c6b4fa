package importer

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// An import is a design that reads back within the design's limits, with
// what had to change for it in the report, or it is refused with why: no
// design that designer check refuses.
func TestImportsReadBackWithinTheLimits(t *testing.T) {
	cat, m := loaded(t)
	long := strings.Repeat("a", 70)
	var sameLongID strings.Builder
	sameLongID.WriteString("services:\n")
	for i := range 1100 {
		fmt.Fprintf(&sameLongID, "  \"%s%s\": {image: nginx}\n", long, strings.Repeat("_", i%40)+strings.Repeat(".", i/40))
	}
	huge := strings.Repeat("x", 20000)
	for _, c := range []struct {
		name   string
		format Format
		data   string
		report string // what the report says, "" for nothing
	}{
		{"ids of over 64 characters, many alike", Compose, sameLongID.String(), ""},
		{"a network name holding ESC", Compose, "networks:\n  \"red\\e[31m\": {}\nservices:\n  web: {image: nginx, networks: [\"red\\e[31m\"]}\n",
			"f:2:3: the network `red\\x1b[31m`: the text holds the control character U+001B"},
		{"a namespace holding ESC", Kubernetes, "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: \"a\\eb\"}\nspec: {template: {spec: {containers: [{image: nginx}]}}}\n",
			"f:1:1: Deployment/a\\x1bb/web (Deployment) was not imported: its address holds the control character U+001B"},
		// (A key of over 1,024 characters is written after a `?`.)
		{"a service name of 20,000 characters", Compose, "services:\n  ? " + huge + "\n  : {image: nginx}\n  web: {image: nginx}\n",
			"f:2:5: " + diag.Clip(huge) + " (service) was not imported: its address is 20000 characters, longer than a node's origin may be"},
		{"a network name of 20,000 characters", Compose, "networks:\n  ? " + huge + "\n  : {}\nservices:\n  web: {image: nginx, networks: [" + huge + "]}\n",
			"f:2:5: the network `" + diag.Clip(huge) + "`: 20000 characters"},
		{"a type of 20,000 characters", CloudFormation, "Resources:\n  Q: {Type: AWS::SQS::Queue}\n  X: {Type: \"AWS::" + huge + "\"}\n",
			"f:3:3: X (AWS::" + diag.Clip(huge)[:10]},
		{"a service name holding ESC", Compose, "services:\n  \"w\\eb\": {image: nginx}\n  web: {image: \"ng\\einx\"}\n",
			"f:2:3: w\\x1bb (service) was not imported: its address holds the control character U+001B"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := Import(cat, m, c.format, []File{{Name: "f", Data: []byte(c.data)}})
			if err != nil {
				t.Fatal(err)
			}
			text := catalogue.EncodeDesignYAML(res.Design)
			if _, errs := cat.ReadDesign("back.yaml", text); len(errs) > 0 {
				t.Errorf("the design does not read back: %v", errs)
			}
			report := strings.Join(res.Report(), "\n")
			if c.report != "" && !strings.Contains(report, c.report) || c.report == "" && report != "" {
				t.Errorf("report:\n%s\nwant %q", report, c.report)
			}
			if strings.ContainsRune(report, 0x1b) {
				t.Errorf("the report holds ESC: %q", report)
			}
			for _, line := range res.Report() {
				if len(line) > 1000 {
					t.Errorf("a report line of %d bytes: %.200s…", len(line), line)
				}
			}
		})
	}
}

// An import of more nodes than a design may hold is refused with the count.
func TestTooManyNodesAreRefused(t *testing.T) {
	cat, m := loaded(t)
	var b strings.Builder
	b.WriteString("services:\n")
	for i := range catalogue.MaxNodes + 1 {
		fmt.Fprintf(&b, "  s%d: {image: nginx}\n", i)
	}
	res, err := Import(cat, m, Compose, []File{{Name: "f", Data: []byte(b.String())}})
	var list catalogue.ErrorList
	if !errors.As(err, &list) || len(list) != 1 || list[0].Code != diag.CodeTooLarge ||
		!strings.Contains(list[0].Msg, fmt.Sprint(catalogue.MaxNodes+1)) || !strings.Contains(list[0].Msg, fmt.Sprint(catalogue.MaxNodes)) {
		t.Fatalf("imported %v: %v", res != nil, err)
	}
}

// A compose value of the wrong type is refused, as docker compose config
// refuses it, with where, what and what would be right.
func TestComposeRefusesWrongTypes(t *testing.T) {
	cat, m := loaded(t)
	for _, c := range []struct{ data, want string }{
		{"services:\n  web: {image: [1, 2]}\n", "f:2:16: services.web.image: a list; an image is a name (nginx:1.27)"},
		{"services:\n  web: [1, 2]\n", "f:2:8: services.web: a list; a service is a mapping of its settings (image: nginx)"},
		{"services:\n  web:\n", "f:2:7: services.web: nothing; a service is a mapping of its settings (image: nginx)"},
		{"services:\n  web: {image: nginx, networks: front}\n", "f:2:33: services.web.networks: a text; networks are a list of network names, or a mapping of them"},
		{"services:\n  web: {image: nginx, depends_on: db}\n", "services.web.depends_on: a text;"},
		{"services:\n  web: {image: nginx, environment: X=1}\n", "services.web.environment: a text;"},
		{"services:\n  web: {image: nginx, links: db}\n", "services.web.links: a text;"},
		{"networks: [a]\nservices:\n  web: {image: nginx}\n", "f:1:11: networks: a list; the networks are a mapping of names to networks"},
	} {
		res, err := Import(cat, m, Compose, []File{{Name: "f", Data: []byte(c.data)}})
		var list catalogue.ErrorList
		if !errors.As(err, &list) || list[0].Code != diag.CodeWrongType || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: imported %v: %v, want %q", c.data, res != nil, err, c.want)
		}
	}
}

// An import at the limit: a Compose file of catalogue.MaxNodes services,
// each depending on the one before.
func BenchmarkImportMaxNodes(b *testing.B) {
	cat, m := loaded(b)
	var text strings.Builder
	text.WriteString("services:\n  s0: {image: nginx}\n")
	for i := 1; i < catalogue.MaxNodes; i++ {
		fmt.Fprintf(&text, "  s%d: {image: nginx, depends_on: [s%d]}\n", i, i-1)
	}
	data := []byte(text.String())
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Import(cat, m, Compose, []File{{Name: "f", Data: data}}); err != nil {
			b.Fatal(err)
		}
	}
}
