package importer

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// leftOutFixture imports testdata/left-out.compose.yaml.
func leftOutFixture(t *testing.T) *Result {
	t.Helper()
	cat, m := loaded(t)
	data, err := os.ReadFile("testdata/left-out.compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Import(cat, m, Compose, []File{{Name: "left-out.compose.yaml", Data: data}})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// What a Compose file holds that the design has no place for is listed,
// once each, at its key: how a service is built, its variables (how
// many, and their names), volumes, networks past its first, healthchecks,
// commands, secrets, and the rest; what maps (images, published ports,
// depends_on, the first network, variables naming a service,
// deploy.replicas, a port that names a protocol) is not.
func TestComposeListsWhatItLeavesOut(t *testing.T) {
	res := leftOutFixture(t)
	report := strings.Join(res.Report(), "\n") + "\n"
	for _, want := range []string{
		"left-out.compose.yaml:5:1: include left out: the files it includes are not read; import them with this file\n",
		"left-out.compose.yaml:15:9: service gateway: bind mount ./nginx.conf at /etc/nginx/nginx.conf left out: ",
		"left-out.compose.yaml:16:22: service gateway: network backend left out: a node sits in one group, the first network it joins (edge)\n",
		"left-out.compose.yaml:17:5: service gateway: logging left out: ",
		"left-out.compose.yaml:19:5: service api: build context ./api left out: the design has no place for how a service is built\n",
		"left-out.compose.yaml:23:5: service api: 2 environment variables (STRIPE_API_KEY, LOG_LEVEL) left out: ",
		"left-out.compose.yaml:28:5: service api: env_file left out: ",
		"left-out.compose.yaml:29:5: service api: healthcheck left out: Compose does not replace an unhealthy container",
		"left-out.compose.yaml:33:7: service api: deploy.resources left out: ",
		"left-out.compose.yaml:35:5: service api: restart left out: ",
		"left-out.compose.yaml:38:5: service worker: build context ./worker left out: ",
		"left-out.compose.yaml:39:5: service worker: command left out: ",
		"left-out.compose.yaml:40:5: service worker: 2 environment variables (WORKER_TOKEN, CONCURRENCY) left out: ",
		"left-out.compose.yaml:46:5: service worker: secrets left out: ",
		"left-out.compose.yaml:47:5: service worker: profiles left out: ",
		"left-out.compose.yaml:51:22: service queue: port 15672 left out: ",
		"left-out.compose.yaml:52:15: service queue: volume queue-data at /var/lib/rabbitmq left out: the design has no property for where a queue keeps its data\n",
		"left-out.compose.yaml:56:5: service db: 1 environment variable (POSTGRES_PASSWORD) left out: ",
		"left-out.compose.yaml:59:9: service db: volume db-data at /var/lib/postgresql/data left out: the design has no property for where a relational database keeps its data\n",
		"left-out.compose.yaml:60:9: service db: bind mount ./init.sql at /docker-entrypoint-initdb.d/init.sql left out: ",
		"left-out.compose.yaml:66:5: service cache: command left out: ",
		"left-out.compose.yaml:67:15: service cache: anonymous volume at /data left out: ",
	} {
		if n := strings.Count(report, want); n != 1 {
			t.Errorf("the report says %d times %q:\n%s", n, want, report)
		}
	}
	for _, mapped := range []string{"image", "ports", "port 443", "port 80", "port 8080", "port 5672", "depends_on", "deploy.replicas", "DATABASE_URL", "REDIS_URL", "AMQP_URL", "network edge", "x-logging", "name left out", "version", "secrets left out: the design has no place for the secrets a container is given\n"} {
		for _, line := range res.Report() {
			if strings.Contains(line, mapped+" left out") || strings.HasPrefix(mapped, "secrets") && strings.HasPrefix(line, "left-out.compose.yaml:7") {
				t.Errorf("what maps is listed as left out: %s", line)
			}
		}
	}
	if len(res.LeftOut) != 22 {
		t.Errorf("%d left out, want 22:\n%s", len(res.LeftOut), report)
	}
}

// What an override file leaves as it was is reported where the earlier
// file wrote it.
func TestComposeLeftOutOfAnOverride(t *testing.T) {
	cat, m := loaded(t)
	base := "services:\n  web:\n    image: nginx\n    restart: always\n    command: [a]\n"
	override := "services:\n  web:\n    command: [b]\n"
	res, err := Import(cat, m, Compose, []File{{Name: "compose.yaml", Data: []byte(base)}, {Name: "compose.override.yaml", Data: []byte(override)}})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(res.Report(), "\n")
	for _, want := range []string{"compose.override.yaml:3:5: service web: command left out", "compose.yaml:4:5: service web: restart left out"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if strings.Count(got, "left out") != 2 {
		t.Errorf("%s", got)
	}
}

// No output of an import holds an environment variable's value: they
// may be secrets.
func TestComposeShowsNoEnvironmentValue(t *testing.T) {
	res := leftOutFixture(t)
	out := strings.Join(res.Report(), "\n") + string(catalogue.EncodeDesignYAML(res.Design)) + string(catalogue.EncodeDesignJSON(res.Design)) + fmt.Sprintf("%+v", res.LeftOut)
	for _, secret := range []string{"hunter2-db-password", "sk_live_51Hsecretvalue", "rabbit-secret-pw", "tok_worker_secret", "verbose-logging-level"} {
		if strings.Contains(out, secret) {
			t.Errorf("an environment value is shown: %s", secret)
		}
	}
}

// A service that publishes ports is an entry point; one that publishes
// none and that nothing flows into (a worker) is not; a connection to a
// well-known port (of the URL, or of what the service it reaches
// publishes or exposes) speaks its protocol; the project's name is the
// design's.
func TestComposeEntriesAndProtocols(t *testing.T) {
	d := leftOutFixture(t).Design
	if d.Name != "shop" {
		t.Errorf("name %q", d.Name)
	}
	entry := map[string]string{}
	for _, n := range d.Nodes {
		switch {
		case n.Entry:
			entry[n.ID] = "true"
		case n.NotEntry:
			entry[n.ID] = "false"
		}
	}
	if fmt.Sprint(entry) != "map[gateway:true worker:false]" {
		t.Errorf("entries %v", entry)
	}
	var edges []string
	for _, e := range d.Edges {
		edges = append(edges, e.From+"->"+e.To+" "+e.Protocol)
	}
	if got := strings.Join(edges, ", "); got != "gateway->api http, api->db sql, api->cache redis, worker->queue amqp" {
		t.Errorf("edges %s", got)
	}
	// A service that exposes a port to the others takes callers, though
	// none the file names: the analysis decides, as for any node.
	cat, m := loaded(t)
	res, err := Import(cat, m, Compose, []File{{Name: "f", Data: []byte("services:\n  a: {image: x, expose: [\"9000\"], depends_on: [b]}\n  b: {image: postgres}\n")}})
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Design.Nodes[0]; a.Entry || a.NotEntry {
		t.Errorf("a service that exposes a port: %+v", a)
	}
	// A file in which no service publishes a port does not say where
	// callers come in: the analysis's reading stands for each.
	res, err = Import(cat, m, Compose, []File{{Name: "f", Data: []byte("services:\n  a: {image: x, depends_on: [b]}\n  b: {image: postgres}\n")}})
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Design.Nodes[0]; a.Entry || a.NotEntry {
		t.Errorf("a service of a file that publishes no port: %+v", a)
	}
}

// The protocol of a connection: the URL's port first, then what the
// service it reaches publishes or exposes, when all of those name one
// protocol.
func TestComposeProtocols(t *testing.T) {
	cat, m := loaded(t)
	for _, c := range []struct{ name, services, want string }{
		{"the URL's port", "a: {image: x, environment: [U=http://b:5432/x]}\n  b: {image: y, expose: [\"80\"]}\n", "sql"},
		{"the reached service's container port", "a: {image: x, depends_on: [b]}\n  b: {image: y, ports: [\"8443:443\"]}\n", "https"},
		{"a long port", "a: {image: x, depends_on: [b]}\n  b: {image: y, ports: [{target: 6379, published: 16379}]}\n", "redis"},
		{"a number", "a: {image: x, depends_on: [b]}\n  b: {image: y, expose: [9092]}\n", "kafka"},
		{"ports of two protocols", "a: {image: x, depends_on: [b]}\n  b: {image: y, expose: [\"80\", \"5432\"]}\n", ""},
		{"no port", "a: {image: x, depends_on: [b]}\n  b: {image: y}\n", ""},
		{"a port no protocol has", "a: {image: x, environment: {U: \"b:9999\"}}\n  b: {image: y, expose: [\"80\"]}\n", ""},
	} {
		res, err := Import(cat, m, Compose, []File{{Name: "f", Data: []byte("services:\n  " + c.services)}})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(res.Design.Edges) != 1 || res.Design.Edges[0].Protocol != c.want {
			t.Errorf("%s: %+v, want %q", c.name, res.Design.Edges, c.want)
		}
	}
}

// A file listing more than maxLeftOut things left out reports the first
// maxLeftOut and how many more, in one line; a service of many variables
// says how many in one line, naming a few.
func TestComposeLeftOutIsBounded(t *testing.T) {
	cat, m := loaded(t)
	n := 2 * maxLeftOut / 3
	res, err := Import(cat, m, Compose, []File{{Name: "f", Data: composeLeftOut(n, 1000)}})
	if err != nil {
		t.Fatal(err)
	}
	report := res.Report()
	if len(res.LeftOut) != maxLeftOut+1 || len(report) != maxLeftOut+1 {
		t.Fatalf("%d left out, %d lines", len(res.LeftOut), len(report))
	}
	if last, more := report[len(report)-1], fmt.Sprintf(": %d more things left out: the report lists %d of them", 3*n-maxLeftOut, maxLeftOut); !strings.HasSuffix(last, more) {
		t.Errorf("the last line: %s", last)
	}
	if env := report[2]; !strings.Contains(env, "f:5:5: service s0: 1000 environment variables (V0, V1, V2, V3, V4 and 995 more) left out") || len(env) > 300 {
		t.Errorf("the variables' line: %s", env)
	}
}

// A service of a long name with many long keys left out makes entries of a
// few hundred bytes each, whatever the name's length.
func TestComposeLeftOutClipsNames(t *testing.T) {
	cat, m := loaded(t)
	name := strings.Repeat("s", 1000) // a key is at most 1024 characters
	var b strings.Builder
	fmt.Fprintf(&b, "services:\n  %s:\n    image: x\n", name)
	for i := range 2000 {
		fmt.Fprintf(&b, "    k%d%s: 1\n", i, name)
	}
	res, err := Import(cat, m, Compose, []File{{Name: "f", Data: []byte(b.String())}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.LeftOut) != 2000 {
		t.Fatalf("%d left out", len(res.LeftOut))
	}
	for _, l := range res.LeftOut {
		if n := len(l.Address) + len(l.Type) + len(l.What) + len(l.Why); n > 600 {
			t.Fatalf("an entry of %d bytes", n)
		}
	}
	for _, line := range res.Report() {
		if len(line) > 700 {
			t.Fatalf("a line of %d bytes", len(line))
		}
	}
}

// composeLeftOut is a Compose file of n services, each with three keys
// the design has no place for and env variables.
func composeLeftOut(n, env int) []byte {
	var b strings.Builder
	b.WriteString("services:\n")
	vars := ""
	for i := range env {
		vars += fmt.Sprintf("V%d: x, ", i)
	}
	for i := range n {
		fmt.Fprintf(&b, "  s%d:\n    build: ./s%d\n    restart: always\n    environment: {%s}\n", i, i, vars)
		vars = "A: b"
	}
	return []byte(b.String())
}

// BenchmarkComposeLeftOut imports 20,000 services with three things left
// out each: the report is bounded at maxLeftOut entries.
func BenchmarkComposeLeftOut(b *testing.B) {
	cat, m := loaded(b)
	data := composeLeftOut(20_000, 1)
	b.ReportAllocs()
	for b.Loop() {
		res, err := Import(cat, m, Compose, []File{{Name: "f", Data: data}})
		if err != nil {
			b.Fatal(err)
		}
		res.Report()
	}
}

// composeFanIn is a Compose file of a service exposing ports ports and n
// services that depend on it.
func composeFanIn(n, ports int) []byte {
	var b strings.Builder
	b.WriteString("services:\n  db:\n    image: postgres\n    expose: [")
	for i := range ports {
		fmt.Fprintf(&b, "\"%d\", ", 40000+i%20000)
	}
	b.WriteString("\"5432\"]\n")
	for i := range n {
		fmt.Fprintf(&b, "  s%d: {image: x, depends_on: [db]}\n", i)
	}
	return []byte(b.String())
}

// BenchmarkComposeProtocolFanIn imports 5,000 services connected to one
// that exposes 20,000 ports: what the ports say is read once, not once a
// connection.
func BenchmarkComposeProtocolFanIn(b *testing.B) {
	cat, m := loaded(b)
	data := composeFanIn(5_000, 20_000)
	b.ReportAllocs()
	for b.Loop() {
		res, err := Import(cat, m, Compose, []File{{Name: "f", Data: data}})
		if err != nil {
			b.Fatal(err)
		}
		if e := res.Design.Edges[0]; e.Protocol != "sql" {
			b.Fatalf("%+v", e)
		}
	}
}
