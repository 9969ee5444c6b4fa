package catalogue

import (
	"strings"
	"testing"
	"testing/fstest"
)

// baseFiles is a small valid catalogue that the error cases break one file at
// a time.
func baseFiles() fstest.MapFS {
	f := fstest.MapFS{}
	put := func(name, body string) { f[name] = &fstest.MapFile{Data: []byte(body)} }
	put("categories.yaml", "schemaVersion: \"1\"\ntype: \"categories\"\ncategories:\n  messaging:\n    name: \"Messaging\"\n")
	put("providers.yaml", "schemaVersion: \"1\"\ntype: \"providers\"\nproviders:\n  default:\n    name: \"Default\"\n")
	put("products/queue.yaml", "schemaVersion: \"1\"\ntype: \"products\"\nproducts:\n  queue:\n    name: \"Queue\"\n    summary: \"A queue.\"\n")
	put("kinds/queue.yaml", `schemaVersion: "1"
type: "kind"
id: "queue"
name: "Queue"
category: "messaging"
properties:
  delivery:
    type: "enum"
    values: ["at-most-once", "at-least-once"]
    default: "at-least-once"
  fifo:
    type: "boolean"
  retentionDays:
    type: "integer"
    minimum: 1
    maximum: 14
`)
	put("components/queue.yaml", `schemaVersion: "1"
type: "component"
id: "queue"
kind: "queue"
provider: "default"
docs: "https://example.org/queue"
defaults:
  fifo: false
`)
	put("rules/fifo-once.yaml", `schemaVersion: "1"
type: "rule"
id: "fifo-once"
name: "FIFO"
severity: "warning"
select:
  kinds: ["queue"]
when:
  prop: "fifo"
  op: "equals"
  value: true
assert:
  prop: "delivery"
  op: "equals"
  value: "at-least-once"
message: "{node} is {delivery}"
docs: "https://example.org/rule"
`)
	return f
}

func TestLoadBaseIsValid(t *testing.T) {
	if _, err := Load(Layer{Name: "cat", FS: baseFiles()}); err != nil {
		t.Fatal(err)
	}
}

// Each case replaces a substring of one file and expects exactly these
// errors, positions included, with these codes in position order.
func TestLoadErrors(t *testing.T) {
	cases := []struct {
		name, file, old, new string
		codes                string
		want                 []string
	}{
		{"unknown key with near miss", "kinds/queue.yaml", "name:", "nmae:", "required unknown-key",
			[]string{"cat/kinds/queue.yaml:4:1: kind: unknown key `nmae`; did you mean `name`? (allowed: schemaVersion, type, id, name, category, description, flow, distributes, properties)",
				"cat/kinds/queue.yaml:1:1: `name` is required"}},
		{"id differs from file name", "kinds/queue.yaml", `id: "queue"`, `id: "queues"`, "id-mismatch",
			[]string{"cat/kinds/queue.yaml:3:5: id: \"queues\" does not match the file name; expected \"queue\""}},
		{"bad id", "components/queue.yaml", `id: "queue"`, `id: "Queue_1"`, "invalid-id",
			[]string{"cat/components/queue.yaml:3:5: id: \"Queue_1\" is not a valid id; use 1 to 64 lower-case letters, digits and single hyphens (like \"kafka\" or \"aws-msk\")"}},
		{"wrong schemaVersion", "kinds/queue.yaml", `schemaVersion: "1"`, `schemaVersion: 1`, "wrong-type",
			[]string{"cat/kinds/queue.yaml:1:16: schemaVersion: expected a string, found the integer 1 (quote it: \"1\")"}},
		{"YAML syntax", "kinds/queue.yaml", "  fifo:\n", "  fifo: [\n", "yaml-syntax",
			[]string{"cat/kinds/queue.yaml:11:3: YAML syntax error: did not find expected ',' or ']'"}},
		{"unknown type", "kinds/queue.yaml", `type: "boolean"`, `type: "bool"`, "unknown-type",
			[]string{"cat/kinds/queue.yaml:12:11: property `fifo`.type: `bool` is not one of enum, boolean, integer, string; did you mean `boolean`?"}},
		{"enum default not a value", "kinds/queue.yaml", `default: "at-least-once"`, `default: "exactly-once"`, "enum-value",
			[]string{"cat/kinds/queue.yaml:10:14: property `delivery`.default: `exactly-once` is not one of at-most-once, at-least-once"}},
		{"pin of the wrong type", "components/queue.yaml", "fifo: false", `fifo: "false"`, "type-mismatch",
			[]string{"cat/components/queue.yaml:8:9: defaults.fifo: \"false\" is a string; fifo is a boolean (true or false) (kind queue, cat/kinds/queue.yaml:11:3)"}},
		{"pin of an unknown property", "components/queue.yaml", "fifo: false", "fifoo: false", "unknown-property",
			[]string{"cat/components/queue.yaml:8:3: defaults: kind `queue` has no property `fifoo`; did you mean `fifo`?"}},
		{"pin out of range", "components/queue.yaml", "fifo: false", "retentionDays: 30", "limit-exceeded",
			[]string{"cat/components/queue.yaml:8:18: defaults.retentionDays: 30 is above the maximum 14 of retentionDays (kind queue, cat/kinds/queue.yaml:13:3)"}},
		{"refinement widens an enum", "components/queue.yaml", "defaults:\n  fifo: false\n", "properties:\n  delivery:\n    values: [\"at-most-once\", \"exactly-once\"]\n", "enum-value",
			[]string{"cat/components/queue.yaml:9:30: property `delivery`.values: `exactly-once` is not one of the kind's values at-most-once, at-least-once (cat/kinds/queue.yaml:7:3); a component may only narrow them"}},
		{"refinement changes the type", "components/queue.yaml", "defaults:\n  fifo: false\n", "properties:\n  fifo:\n    type: \"string\"\n", "type-conflict",
			[]string{"cat/components/queue.yaml:9:11: property `fifo`.type: `string` conflicts with the kind's type `boolean` (cat/kinds/queue.yaml:11:3); a component may only refine a property"}},
		{"unknown kind", "components/queue.yaml", `kind: "queue"`, `kind: "queu"`, "unknown-kind",
			[]string{"cat/components/queue.yaml:4:7: kind: unknown kind `queu`; did you mean `queue`?"}},
		{"unknown provider", "components/queue.yaml", `provider: "default"`, `provider: "aws"`, "unknown-provider",
			[]string{"cat/components/queue.yaml:5:11: provider: unknown provider `aws` (providers are defined in providers.yaml)"}},
		{"docs not https", "components/queue.yaml", `docs: "https://example.org/queue"`, `docs: "example.org"`, "invalid-link",
			[]string{"cat/components/queue.yaml:6:7: docs: \"example.org\" is not an absolute https URL to the official documentation"}},
		{"docs with a quote", "components/queue.yaml", `docs: "https://example.org/queue"`, `docs: "https://example.org/q\"onclick=x"`, "invalid-link",
			[]string{"cat/components/queue.yaml:6:7: docs: '\"' may not appear in a link; percent-encode it"}},
		{"duplicate key", "components/queue.yaml", "  fifo: false\n", "  fifo: false\n  fifo: true\n", "duplicate-key",
			[]string{"cat/components/queue.yaml:9:3: defaults: key `fifo` is already set at line 8"}},
		{"rule: unknown property", "rules/fifo-once.yaml", `prop: "delivery"`, `prop: "delivry"`, "unknown-property",
			[]string{"cat/rules/fifo-once.yaml:13:3: prop: component queue (kind queue) has no property `delivry`; did you mean `delivery`?"}},
		{"rule: enum value cannot occur", "rules/fifo-once.yaml", `value: "at-least-once"`, `value: "most"`, "enum-value",
			[]string{"cat/rules/fifo-once.yaml:15:10: value: `most` is not one of at-most-once, at-least-once; did you mean `at-most-once`? (kind queue)"}},
		{"rule: wrong value type", "rules/fifo-once.yaml", "value: true", `value: "yes"`, "type-mismatch",
			[]string{"cat/rules/fifo-once.yaml:11:10: value: \"yes\" is a string; fifo is a boolean (true or false) (kind queue)"}},
		{"rule: ordering on a non-integer", "rules/fifo-once.yaml", `op: "equals"
  value: "at-least-once"`, `op: "gt"
  value: 3`, "type-mismatch",
			[]string{"cat/rules/fifo-once.yaml:13:3: op: `gt` compares integers; `delivery` is an enum (one of at-most-once, at-least-once)"}},
		{"rule: unknown op", "rules/fifo-once.yaml", `op: "equals"
  value: true`, `op: "is"
  value: true`, "unknown-op",
			[]string{"cat/rules/fifo-once.yaml:10:7: when.op: `is` is not one of equals, notEquals, in, notIn, gt, gte, lt, lte, set, unset"}},
		{"rule: unknown kind selected", "rules/fifo-once.yaml", `kinds: ["queue"]`, `kinds: ["queues"]`, "unknown-selector",
			[]string{"cat/rules/fifo-once.yaml:7:11: select.kinds: unknown kind `queues`; did you mean `queue`?"}},
		{"rule: selects nothing", "rules/fifo-once.yaml", `kinds: ["queue"]`, "kinds: [\"queue\"]\n  providers: [\"default\"]\n  components: [\"queue\"]\n  categories: [\"messaging\"]\n  bogus: []", "unknown-key",
			[]string{"cat/rules/fifo-once.yaml:11:3: select: unknown key `bogus` (allowed: kinds, categories, providers, components)"}},
		{"rule: message too long", "rules/fifo-once.yaml", "{node} is {delivery}", strings.Repeat("x", 501), "too-large",
			[]string{"cat/rules/fifo-once.yaml:16:10: message: 501 characters; a rule's message is a sentence or two, at most 500 characters (put the detail on the docs page)"}},
		{"rule: too many placeholders", "rules/fifo-once.yaml", "{node} is {delivery}", strings.Repeat("{node}", 9), "too-large",
			[]string{"cat/rules/fifo-once.yaml:16:10: message: 9 placeholders; a message may have at most 8"}},
		{"rule: empty in", "rules/fifo-once.yaml", "  op: \"equals\"\n  value: \"at-least-once\"", "  op: \"in\"\n  value: []", "empty",
			[]string{"cat/rules/fifo-once.yaml:15:10: assert: `in` needs at least one value; an empty list makes the rule fire always or never"}},
		{"property name with a space", "kinds/queue.yaml", "  fifo:\n", "  \"fi fo\":\n", "invalid-name",
			[]string{"cat/kinds/queue.yaml:11:3: properties: \"fi fo\" is not a property name; use 1 to 64 letters and digits in camelCase, starting with a lower-case letter (like \"replicationFactor\")"}},
		{"property name as a placeholder", "kinds/queue.yaml", "  fifo:\n", "  \"{node}\":\n", "invalid-name",
			[]string{"cat/kinds/queue.yaml:11:3: properties: \"{node}\" is not a property name; use 1 to 64 letters and digits in camelCase, starting with a lower-case letter (like \"replicationFactor\")"}},
		{"empty enum value", "kinds/queue.yaml", `values: ["at-most-once", "at-least-once"]`, `values: ["at-most-once", "at-least-once", ""]`, "empty",
			[]string{"cat/kinds/queue.yaml:9:47: property `delivery`.values: an empty string is not a value; each value is a word such as \"all\""}},
		{"rule: unknown placeholder", "rules/fifo-once.yaml", "{node} is {delivery}", "{node} is {delivry}", "invalid-template",
			[]string{"cat/rules/fifo-once.yaml:16:10: message: {delivry} is neither {node}, {component}, {kind}, {provider} nor a property of component queue (kind queue)"}},
		{"rule: bad severity", "rules/fifo-once.yaml", `severity: "warning"`, `severity: "warn"`, "unknown-severity",
			[]string{"cat/rules/fifo-once.yaml:5:11: severity: `warn` is not one of error, warning, info; did you mean `warning`?"}},
		{"rule: set takes no value", "rules/fifo-once.yaml", `op: "equals"
  value: true`, `op: "set"
  value: true`, "conflicting-keys",
			[]string{"cat/rules/fifo-once.yaml:11:3: when: `set` takes no `value`"}},
		{"product without component", "products/queue.yaml", "    summary: \"A queue.\"\n", "    summary: \"A queue.\"\n  qeue:\n    name: \"Q\"\n    summary: \"Q.\"\n", "unknown-component",
			[]string{"cat/products/queue.yaml:7:3: products: no component `qeue`; did you mean `queue`?"}},
		{"alias refused", "components/queue.yaml", "defaults:\n  fifo: false\n", "defaults: &d\n  fifo: false\nproperties: *d\n", "alias",
			[]string{"cat/components/queue.yaml:9:13: properties: YAML aliases (*d) are not supported; write the value out"}},
		{"empty file", "kinds/queue.yaml", "", "", "empty-file",
			[]string{"cat/kinds/queue.yaml:1:1: the file is empty; expected a YAML mapping"}},
		{"two documents", "providers.yaml", "providers:\n", "providers:\n  other:\n    name: \"O\"\n---\nproviders:\n", "multiple-documents",
			[]string{"cat/providers.yaml:6:1: a second YAML document starts here; a file holds exactly one"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := baseFiles()
			body := string(files[tc.file].Data)
			if tc.old == "" {
				body = ""
			} else if !strings.Contains(body, tc.old) {
				t.Fatalf("%s does not contain %q", tc.file, tc.old)
			}
			files[tc.file] = &fstest.MapFile{Data: []byte(strings.Replace(body, tc.old, tc.new, 1))}
			_, err := Load(Layer{Name: "cat", FS: files})
			if err == nil {
				t.Fatal("loaded without error")
			}
			got := err.(ErrorList).Lines()
			var codes []string
			for _, e := range err.(ErrorList) {
				codes = append(codes, string(e.Code))
			}
			if strings.Join(codes, " ") != tc.codes {
				t.Errorf("codes %q, want %q", strings.Join(codes, " "), tc.codes)
			}
			if strings.Join(got, "\n") != strings.Join(sortedCopy(tc.want), "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(sortedCopy(tc.want), "\n"))
			}
		})
	}
}

// sortedCopy orders expected errors as ErrorList.Sort does.
func sortedCopy(msgs []string) []string {
	var l ErrorList
	for _, m := range msgs {
		parts := strings.SplitN(m, ":", 4)
		var line, col int
		fmtSscan(parts[1], &line)
		fmtSscan(parts[2], &col)
		l = append(l, &Error{Pos: Pos{File: parts[0], Line: line, Column: col}, Msg: strings.TrimSpace(parts[3])})
	}
	l.Sort()
	out := make([]string, len(l))
	for i, e := range l {
		out[i] = e.Error()
	}
	return out
}

// An overlay adds components to a kind of the base and replaces a file with
// the same id.
func TestOverlayAddsAndReplaces(t *testing.T) {
	overlay := fstest.MapFS{
		"components/acme-queue.yaml": {Data: []byte("schemaVersion: \"1\"\ntype: \"component\"\nid: \"acme-queue\"\nkind: \"queue\"\nprovider: \"default\"\ndocs: \"https://acme.example/q\"\ndefaults:\n  fifo: true\n")},
		"products/acme.yaml":         {Data: []byte("schemaVersion: \"1\"\ntype: \"products\"\nproducts:\n  acme-queue:\n    name: \"Acme Queue\"\n    summary: \"Ours.\"\n  queue:\n    name: \"Plain queue\"\n    summary: \"Renamed.\"\n")},
	}
	cat, err := Load(Layer{Name: "cat", FS: baseFiles()}, Layer{Name: "acme", FS: overlay})
	if err != nil {
		t.Fatal(err)
	}
	if got := cat.Components["acme-queue"]; got == nil || got.Name != "Acme Queue" {
		t.Fatalf("overlay component not loaded: %+v", got)
	}
	if got := cat.Components["queue"].Name; got != "Plain queue" {
		t.Errorf("overlay did not rename queue: %q", got)
	}
	if rules := cat.RulesFor("acme-queue"); len(rules) != 1 || rules[0].ID != "fifo-once" {
		t.Errorf("the base rule does not select the overlay's component: %v", rules)
	}
}

func fmtSscan(s string, dst *int) {
	for _, c := range s {
		if c >= '0' && c <= '9' {
			*dst = *dst*10 + int(c-'0')
		}
	}
}

func TestValidID(t *testing.T) {
	for _, tc := range []struct {
		id   string
		want bool
	}{
		{"kafka", true}, {"aws-msk", true}, {"kafka-2", true}, {"a", true}, {"9", true},
		{strings.Repeat("a", 64), true}, {strings.Repeat("a", 65), false},
		{"", false}, {"-kafka", false}, {"kafka-", false}, {"aws--msk", false}, {"-", false},
		{"Kafka", false}, {"kafka_2", false}, {"kafka 2", false}, {"kafká", false}, {"kafka\n", false},
	} {
		if got := ValidID(tc.id); got != tc.want {
			t.Errorf("ValidID(%q) = %v, want %v", tc.id, got, tc.want)
		}
	}
}

// An overlay that changes a product's kind breaks the embedded rules that
// select it by id; the problem points at the overlay, which is at fault, and
// names the rule. It used to point at the rule file, with a "did you mean"
// that suggested the very name it said was missing.
func TestOverlayThatChangesAKindIsBlamed(t *testing.T) {
	overlay := Files{"components/redpanda.yaml": "schemaVersion: \"1\"\ntype: component\nid: redpanda\nkind: queue\nprovider: default\ndocs: https://docs.redpanda.com/\n"}
	_, err := Load(Layer{Name: "catalogue", FS: Embedded()}, Layer{Name: "overlay", FS: overlay})
	list, _ := err.(ErrorList)
	if len(list) == 0 {
		t.Fatal("loaded")
	}
	for _, e := range list {
		if strings.HasPrefix(e.Pos.File, "catalogue/") {
			t.Errorf("blames the embedded catalogue: %s", e)
		}
		if strings.Contains(e.Msg, "did you mean `replicationFactor`") {
			t.Errorf("suggests the missing name itself: %s", e)
		}
	}
	first := list[0]
	if first.Pos.File != "overlay/components/redpanda.yaml" || first.Pos.Line != 4 || first.Code != "unknown-property" ||
		!strings.Contains(first.Msg, "rule redpanda-odd-replication uses") || len(first.Related) != 1 {
		t.Errorf("first problem: %s (related %v)", first, first.Related)
	}
}
