package importer

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// idChars are the characters kebab keeps.
const idChars = "abcdefghijklmnopqrstuvwxyz0123456789"

// composeSharedPrefix is a Compose file of n services whose ids are 64
// characters, `a`×62 and two more, 40 services to each pair of two
// ("x", "x_", "x__", … all make the id "x"): every id past the first of
// its pair is clipped to the same 62 characters and numbered (the
// review's 4.2 MB at n = 49,000).
func composeSharedPrefix(n int) []byte {
	var b strings.Builder
	b.WriteString("services:\n")
	prefix := strings.Repeat("a", 62)
	for i := range n {
		pair := i / 40
		x, y := idChars[pair/len(idChars)%len(idChars)], idChars[pair%len(idChars)]
		fmt.Fprintf(&b, "  %s%c%c%s: {image: acme/a}\n", prefix, x, y, strings.Repeat("_", i%40))
	}
	return []byte(b.String())
}

// Ids of long names that share their first characters are numbered in
// one pass, not by a scan of every number taken before: 49,000 Compose
// services of 64-character ids sharing 62 took 10.5 s, 76 % of it in
// idSet.unique. Here the 1,296 ids `a`×62 and two more, each asked for
// three times: every number is clipped to the same stem.
func TestUniqueIDsOfASharedPrefixAreLinear(t *testing.T) {
	prefix := strings.Repeat("a", 62)
	ids := newIDSet()
	got := map[string]bool{}
	bytes := allocated(func() {
		for _, x := range idChars {
			for _, y := range idChars {
				for range 3 {
					id := ids.unique(prefix + string(x) + string(y))
					if got[id] || len(id) > catalogue.MaxIDLength || !catalogue.ValidID(id) {
						t.Fatalf("id %q twice or not an id", id)
					}
					got[id] = true
				}
			}
		}
	})
	if bytes > 16<<20 {
		t.Errorf("3,888 ids allocated %d MB", bytes>>20)
	}
}

// The review's Compose file, smaller: every service gets an id of its own.
func TestImportSharedPrefix(t *testing.T) {
	cat, m := loaded(t)
	res, err := Import(cat, m, Compose, []File{{Name: "f", Data: composeSharedPrefix(4000)}})
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, n := range res.Design.Nodes {
		if ids[n.ID] || !catalogue.ValidID(n.ID) || len(n.ID) > catalogue.MaxIDLength {
			t.Fatalf("id %q twice or not an id", n.ID)
		}
		ids[n.ID] = true
	}
	if len(ids) != 4000 {
		t.Errorf("%d ids", len(ids))
	}
}

// idSet.unique hands out each id once, and the first number free after a
// clipped stem, whatever base it is asked for.
func TestUniqueIDs(t *testing.T) {
	long := strings.Repeat("a", 62)
	ids := newIDSet()
	for _, c := range []struct{ base, want string }{
		{"db", "db"},
		{"db", "db-2"},
		{"db", "db-3"},
		{long + "xy", long + "xy"},
		{long + "xy", long + "-2"},
		{long + "xz", long + "xz"},
		{long + "xz", long + "-3"},
		{long + "xy", long + "-4"},
	} {
		if got := ids.unique(c.base); got != c.want {
			t.Errorf("unique(%q) = %q, want %q", c.base, got, c.want)
		}
	}
}

// The review's file: 1,225 pairs of 40 services whose ids share 62
// characters (49,000 services, 4.2 MB).
func BenchmarkImportSharedPrefix(b *testing.B) {
	cat, m := loaded(b)
	for _, n := range []int{4000, 49000} {
		data := composeSharedPrefix(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := Import(cat, m, Compose, []File{{Name: "f", Data: data}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// planCount is a plan of aws_instance.web at count = n, each instance
// referencing targets (by address: the instances share their
// configuration's references), and of targets, each a resource of type typ.
func planCount(n int, typ string, targets int) []byte {
	var b strings.Builder
	b.WriteString(`{"format_version": "1.2", "terraform_version": "1.9.8", "planned_values": {"root_module": {"resources": [`)
	for i := range n {
		fmt.Fprintf(&b, `{"address": "aws_instance.web[%d]", "mode": "managed", "type": "aws_instance", "name": "web", "index": %d, "values": {}},`+"\n", i, i)
	}
	var refs []string
	for i := range targets {
		fmt.Fprintf(&b, `{"address": "%s.t%d", "mode": "managed", "type": "%s", "name": "t%d", "values": {}}`, typ, i, typ, i)
		if i < targets-1 {
			b.WriteString(",\n")
		}
		refs = append(refs, fmt.Sprintf(`"%s.t%d.arn", "%s.t%d"`, typ, i, typ, i))
	}
	fmt.Fprintf(&b, `]}}, "configuration": {"root_module": {"resources": [{"address": "aws_instance.web", "expressions": {"iam_instance_profile": {"references": [%s]}}}]}}}`, strings.Join(refs, ", "))
	return []byte(b.String())
}

// A plan's edge limit counts the edges the design would have, between
// nodes: 5,000 instances each referencing 11 resources that make no node
// (roles, security groups) were refused as "more than 50000 edges", and
// make none. 200 instances each referencing 300 queues are 60,000 edges,
// refused with the count.
func TestPlanEdgeLimitCountsEdges(t *testing.T) {
	cat, m := loaded(t)
	res, err := Import(cat, m, TerraformPlan, []File{{Name: "plan.json", Data: planCount(5000, "aws_iam_role", 11)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Design.Nodes) != 5000 || len(res.Design.Edges) != 0 {
		t.Errorf("%d nodes, %d edges", len(res.Design.Nodes), len(res.Design.Edges))
	}
	_, err = Import(cat, m, TerraformPlan, []File{{Name: "plan.json", Data: planCount(200, "aws_sqs_queue", 300)}})
	var list catalogue.ErrorList
	if !errors.As(err, &list) || len(list) != 1 || list[0].Code != diag.CodeTooLarge || !strings.Contains(list[0].Msg, "60000") || list[0].Pos.Line == 0 {
		t.Fatalf("%v", err)
	}
}

// configMaps is n Kubernetes ConfigMaps, which make no node.
func configMaps(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c%d}\n", i)
	}
	b.WriteString("---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {template: {spec: {containers: [{image: nginx}]}}}\n")
	return []byte(b.String())
}

// The resources not imported are listed up to 10,000, as what is left
// out is, then one line says how many more: 80,000 ConfigMaps made 80,000
// lines (9 MB) of the editor's import report and the JSON.
func TestNotImportedIsBounded(t *testing.T) {
	cat, m := loaded(t)
	res, err := Import(cat, m, Kubernetes, []File{{Name: "f", Data: configMaps(maxLeftOut + 2000)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Unmapped) != maxLeftOut+1 {
		t.Fatalf("%d resources not imported listed", len(res.Unmapped))
	}
	report := res.Report()
	if last := report[len(report)-1]; !strings.Contains(last, "2000 more resources were not imported") || !strings.Contains(last, "lists 10000 of them") {
		t.Errorf("last line %q", last)
	}
}

// The report is in the order of the files imported, then of lines:
// docker-compose.override.yml after docker-compose.yml, though its name
// sorts first.
func TestReportIsInTheFilesOrder(t *testing.T) {
	cat, m := loaded(t)
	res, err := Import(cat, m, Compose, []File{
		{Name: "docker-compose.yml", Data: []byte("services:\n  api: {image: acme/api, build: ./api}\n")},
		{Name: "docker-compose.override.yml", Data: []byte("services:\n  api: {command: serve}\n")},
	})
	if err != nil {
		t.Fatal(err)
	}
	report := res.Report()
	if len(report) != 2 || !strings.HasPrefix(report[0], "docker-compose.yml:") || !strings.HasPrefix(report[1], "docker-compose.override.yml:") {
		t.Errorf("report:\n%s", strings.Join(report, "\n"))
	}
	if res.LeftOut[0].Pos.File != "docker-compose.yml" {
		t.Errorf("left out: %v", res.LeftOut)
	}
}

// What the left-out list quotes of a URL has no user nor password: a
// build context https://oauth2:ghp_x@github.com/o/r.git showed the token.
func TestLeftOutShowsNoCredentials(t *testing.T) {
	cat, m := loaded(t)
	for _, c := range []struct{ file, want string }{
		{"services:\n  api: {image: acme/api, build: \"https://oauth2:ghp_secret@github.com/o/r.git#main\"}\n", "build context https://github.com/o/r.git#main"},
		{"services:\n  api: {image: acme/api, build: {context: \"https://ghp_secret@github.com/o/r.git\"}}\n", "build context https://github.com/o/r.git"},
		{"services:\n  api: {image: acme/api, build: \"git@github.com:o/r.git\"}\n", "build context git@github.com:o/r.git"},
		{"services:\n  api: {image: acme/api, build: ./api}\n", "build context ./api"},
		{"services:\n  api: {image: acme/api, build: \"https://gitlab.com/o/r.git?private_token=ghp_secret#main\"}\n", "build context https://gitlab.com/o/r.git?…#main"},
	} {
		res, err := Import(cat, m, Compose, []File{{Name: "f", Data: []byte(c.file)}})
		if err != nil {
			t.Fatal(err)
		}
		report := strings.Join(res.Report(), "\n")
		if strings.Contains(report, "ghp_secret") || strings.Contains(report, "oauth2") || !strings.Contains(report, c.want) {
			t.Errorf("report:\n%s\nwant %q", report, c.want)
		}
	}
}

// composeLongNames is a Compose file in JSON of n services whose names are
// about size characters long (10.9 MB at the review's 1,100 × 9,900).
func composeLongNames(n, size int) []byte {
	var b strings.Builder
	b.WriteString(`{"services": {`)
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `"s%d%s": {"image": "nginx"}`, i, strings.Repeat("x", size))
	}
	b.WriteString("}}\n")
	return []byte(b.String())
}

// An import whose design would be more than a design may be is refused,
// with its size: 1,100 services of 9,900-character names made an 11 MB
// design that ReadDesign refuses.
func TestImportTooLargeToReadBackIsRefused(t *testing.T) {
	cat, m := loaded(t)
	_, err := Import(cat, m, Compose, []File{{Name: "f.json", Data: composeLongNames(1100, 9900)}})
	var list catalogue.ErrorList
	if !errors.As(err, &list) || len(list) != 1 || list[0].Code != diag.CodeTooLarge || !strings.Contains(list[0].Msg, "10485760") || list[0].Pos.File != "f.json" {
		t.Fatalf("%v", err)
	}
	res, err := Import(cat, m, Compose, []File{{Name: "f.json", Data: composeLongNames(500, 9900)}})
	if err != nil {
		t.Fatal(err)
	}
	if _, errs := cat.ReadDesign("back.yaml", catalogue.EncodeDesignYAML(res.Design)); len(errs) > 0 {
		t.Error(errs)
	}
}

// A Compose service is an entry point when it publishes ports and nothing
// in the files flows into it, and never one only when it publishes and
// exposes none, has no labels (a proxy's routes) and no network_mode, and
// nothing flows into it, when some service is one: an app behind Traefik,
// or on the host's network, takes callers; a database publishing its port
// for local tools is not where callers come in.
func TestComposeEntries(t *testing.T) {
	cat, m := loaded(t)
	for _, c := range []struct {
		name, file string
		entry      []string // the nodes marked entry: true
		notEntry   []string // and entry: false
	}{
		{"traefik routes to an app by its labels", `services:
  traefik: {image: traefik, ports: ["80:80", "443:443"]}
  blog:
    image: ghost
    labels: {traefik.http.routers.blog.rule: "Host(` + "`blog.example.com`" + `)"}
    environment: {database__connection__host: db}
  db: {image: mysql}
  worker: {image: acme/worker}
`, []string{"traefik"}, []string{"worker"}},
		{"network_mode", `services:
  web: {image: nginx, ports: ["80:80"]}
  vpn: {image: acme/vpn, network_mode: host}
  torrent: {image: acme/torrent, network_mode: "service:vpn"}
`, []string{"web"}, nil},
		{"a database publishing its port for local tools", `services:
  web: {image: nginx, ports: ["80:80"], depends_on: [api]}
  api: {image: acme/api, ports: ["8080:8080"], environment: {DB_HOST: db, CACHE: "cache:6379"}}
  db: {image: postgres, ports: ["5432:5432"]}
  cache: {image: redis, ports: ["6379:6379"]}
`, []string{"web", "api"}, nil},
		{"a gateway another service names", `services:
  kong: {image: kong, ports: ["8000:8000"]}
  studio: {image: acme/studio, ports: ["3000:3000"], environment: {SUPABASE_URL: "http://kong:8000"}}
  db: {image: postgres, ports: ["5432:5432"]}
  rest: {image: postgrest/postgrest, environment: {PGRST_DB_URI: "postgres://db:5432/app"}}
`, []string{"kong", "studio"}, []string{"rest"}},
		{"a frontend and an API that name each other", `services:
  web: {image: acme/web, ports: ["3000:3000"], environment: {API_URL: "http://api:8080"}}
  api: {image: acme/api, ports: ["8080:8080"], environment: {CORS_ORIGIN: "http://web:3000"}}
`, []string{"web", "api"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := Import(cat, m, Compose, []File{{Name: "f", Data: []byte(c.file)}})
			if err != nil {
				t.Fatal(err)
			}
			var entry, notEntry []string
			for _, n := range res.Design.Nodes {
				if n.Entry {
					entry = append(entry, n.ID)
				}
				if n.NotEntry {
					notEntry = append(notEntry, n.ID)
				}
			}
			if fmt.Sprint(entry) != fmt.Sprint(c.entry) || fmt.Sprint(notEntry) != fmt.Sprint(c.notEntry) {
				t.Errorf("entry: %v, not: %v; want %v, %v\n%s", entry, notEntry, c.entry, c.notEntry, catalogue.EncodeDesignYAML(res.Design))
			}
		})
	}
}

// The review's 80,000 ConfigMaps: the import and its report.
func BenchmarkImportNotImported(b *testing.B) {
	cat, m := loaded(b)
	data := configMaps(80000)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		res, err := Import(cat, m, Kubernetes, []File{{Name: "f", Data: data}})
		if err != nil {
			b.Fatal(err)
		}
		res.Report()
	}
}
