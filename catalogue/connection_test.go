package catalogue

import (
	"strings"
	"testing"
	"testing/fstest"
)

// connectionFiles adds a connection rule to the base fixture: a FIFO queue
// feeding a non-FIFO one loses the order.
func connectionFiles(rule string) fstest.MapFS {
	files := baseFiles()
	files["rules/fifo-chain.yaml"] = &fstest.MapFile{Data: []byte(rule)}
	return files
}

const fifoChain = `schemaVersion: "1"
type: "rule"
id: "fifo-chain"
name: "FIFO feeds FIFO"
severity: "warning"
connection:
  from: { kinds: ["queue"] }
  to: {}
when: { prop: "from.fifo", op: "equals", value: true }
assert:
  all:
    - { prop: "to.fifo", op: "equals", ref: "from.fifo" }
    - { prop: "to.provider", op: "equals", value: "default" }
message: "{from} -> {to} ({label}): {to} has fifo {to.fifo}, provider {to.provider}"
docs: "https://example.org/fifo"
`

func TestConnectionRules(t *testing.T) {
	cat, err := Load(Layer{Name: "cat", FS: connectionFiles(fifoChain)})
	if err != nil {
		t.Fatal(err)
	}
	d, errs := ParseDesign("d.yaml", []byte(`nodes:
  - { id: "a", component: "queue", props: { fifo: true } }
  - { id: "b", component: "queue", props: { fifo: false } }
  - { id: "c", component: "queue", props: { fifo: true } }
  - { id: "d", component: "queue" }
edges:
  - { from: "a", to: "b", label: "orders" }
  - { from: "a", to: "c" }
  - { from: "b", to: "a" }
  - { from: "a", to: "d" }
`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	res := cat.Resolve(d)
	var got []string
	for _, v := range res.Violations {
		if v.Rule == "fifo-chain" {
			got = append(got, v.Node+" "+v.Edge.From+">"+v.Edge.To+" "+v.Property+": "+v.Message)
		}
	}
	// a->c keeps the order; b->a is not from a FIFO queue; d inherits the
	// component's fifo: false.
	want := []string{
		"a a>b to.fifo: a -> b (orders): b has fifo false, provider default",
		"a a>d to.fifo: a -> d (): d has fifo false, provider default",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestConnectionRuleErrors(t *testing.T) {
	cases := []struct{ old, new, want string }{
		{`prop: "to.fifo", op: "equals", ref: "from.fifo"`, `prop: "fifo", op: "equals", ref: "from.fifo"`,
			"cat/rules/fifo-chain.yaml:12:7: prop: `fifo`: in a connection rule name the end: from.fifo or to.fifo"},
		{`value: "default"`, `value: "aws"`,
			"cat/rules/fifo-chain.yaml:13:51: value: `aws` is not the provider of any component this end selects (default)"},
		{`ref: "from.fifo"`, `ref: "from.retentionDays"`,
			"cat/rules/fifo-chain.yaml:12:7: ref: `to.fifo` is a boolean (true or false) but `from.retentionDays` is an integer; compare properties of the same type"},
		{`{to.fifo}`, `{to.fifoo}`,
			"cat/rules/fifo-chain.yaml:14:10: message: {to.fifoo}: component queue (kind queue) has no property `fifoo`"},
		{"  to: {}\n", "",
			"cat/rules/fifo-chain.yaml:7:3: connection: `to` is required (a selector; {} selects any component)"},
		{"connection:", "select: { kinds: [\"queue\"] }\nconnection:",
			"cat/rules/fifo-chain.yaml:7:1: a rule has `select` (it checks nodes) or `connection` (it checks edges), not both"},
	}
	for _, tc := range cases {
		if !strings.Contains(fifoChain, tc.old) {
			t.Fatalf("fixture lacks %q", tc.old)
		}
		_, err := Load(Layer{Name: "cat", FS: connectionFiles(strings.Replace(fifoChain, tc.old, tc.new, 1))})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s → %s:\n got: %v\nwant: %s", tc.old, tc.new, err, tc.want)
		}
	}
}
