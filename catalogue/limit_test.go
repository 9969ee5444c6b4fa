package catalogue

import (
	"reflect"
	"strings"
	"testing"
)

// A value beyond a product's limit is a violation of rule "limit" that names
// the product, the limit and its docs, and offers the nearest allowed value.
func TestLimitViolations(t *testing.T) {
	cat := mustDefault(t)
	for _, tc := range []struct {
		name, design string
		want         Violation
	}{
		{"above a maximum", `nodes: [{ id: "fn", component: "aws-lambda", props: { timeoutSeconds: 1200 } }]`, Violation{
			Rule: RuleLimit, Severity: SeverityError, Node: "fn", Property: "timeoutSeconds",
			Message: "timeoutSeconds 1200 s is above aws-lambda's maximum of 900 s; split the work or move it to a longer-running service",
			Docs:    "https://docs.aws.amazon.com/lambda/latest/dg/configuration-timeout.html",
			Fixes:   []Fix{{Node: "fn", Set: []Setting{{"timeoutSeconds", IntValue(900)}}}},
		}},
		{"below a minimum", `nodes: [{ id: "fn", component: "aws-lambda", props: { memoryMB: 64 } }]`, Violation{
			Rule: RuleLimit, Severity: SeverityError, Node: "fn", Property: "memoryMB",
			Message: "memoryMB 64 MB is below aws-lambda's minimum of 128 MB",
			Docs:    "https://docs.aws.amazon.com/lambda/latest/dg/configuration-memory.html",
			Fixes:   []Fix{{Node: "fn", Set: []Setting{{"memoryMB", IntValue(128)}}}},
		}},
		{"a capability the product lacks", `nodes: [{ id: "s", component: "oci-streaming", props: { compaction: true } }]`, Violation{
			Rule: RuleLimit, Severity: SeverityError, Node: "s", Property: "compaction",
			Message: "compaction true is not available on oci-streaming, which allows only false; keep compaction off or choose a product that compacts",
			Docs:    "https://docs.oracle.com/en-us/iaas/Content/Streaming/Tasks/kafkacompatibility.htm",
			Fixes:   []Fix{{Node: "s", Set: []Setting{{"compaction", BoolValue(false)}}}},
		}},
		{"one of a few sizes", `nodes: [{ id: "fn", component: "azure-functions", props: { memoryMB: 1024 } }]`, Violation{
			Rule: RuleLimit, Severity: SeverityError, Node: "fn", Property: "memoryMB",
			Message: "memoryMB 1024 is not available on azure-functions, which allows one of 512, 2048, 4096 MB",
			Docs:    "https://learn.microsoft.com/en-us/azure/azure-functions/flex-consumption-plan",
			Fixes: []Fix{
				{Node: "fn", Set: []Setting{{"memoryMB", IntValue(512)}}},
				{Node: "fn", Set: []Setting{{"memoryMB", IntValue(2048)}}},
				{Node: "fn", Set: []Setting{{"memoryMB", IntValue(4096)}}},
			},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []Violation
			for _, v := range evaluate(t, cat, "d.yaml", []byte(tc.design)).Violations {
				if v.Rule == RuleLimit {
					got = append(got, v)
				}
			}
			if len(got) != 1 || !reflect.DeepEqual(got[0], tc.want) {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
	// Within the limits, and at them, nothing.
	res := evaluate(t, cat, "ok.yaml", []byte(`nodes: [{ id: "fn", component: "aws-lambda", props: { timeoutSeconds: 900, memoryMB: 128 } }]`))
	for _, v := range res.Violations {
		if v.Rule == RuleLimit {
			t.Errorf("at the limit: %+v", v)
		}
	}
}

func TestLimitDescribe(t *testing.T) {
	cat := mustDefault(t)
	for _, tc := range []struct{ comp, prop, want string }{
		{"aws-lambda", "timeoutSeconds", "1–900 s"},
		{"aws-http-api", "timeoutSeconds", "at most 30 s"},
		{"oci-streaming", "compaction", "only false"},
		{"kafka", "retentionPolicy", "only limits"},
		{"azure-functions", "memoryMB", "one of 512, 2048, 4096 MB"},
	} {
		l := cat.Components[tc.comp].Limits[tc.prop]
		if l == nil {
			t.Errorf("%s has no limit on %s", tc.comp, tc.prop)
			continue
		}
		if got := l.Describe(); got != tc.want {
			t.Errorf("%s.%s: %q, want %q", tc.comp, tc.prop, got, tc.want)
		}
	}
}

// A limit that is malformed, or that the product's own default breaks, is a
// catalogue error at the limit.
func TestLimitLoadErrors(t *testing.T) {
	base := "schemaVersion: \"1\"\ntype: component\nid: aws-lambda\nkind: function\nprovider: aws\ndocs: https://docs.aws.amazon.com/lambda/\ndefaults: { timeoutSeconds: 3 }\nlimits:\n"
	for _, tc := range []struct{ name, limits, want string }{
		{"unknown property", "  timeout: { maximum: 900, docs: https://a.example/ }\n", "limits.timeout: aws-lambda has no property `timeout`; did you mean `timeoutSeconds`?"},
		{"bound on a boolean", "  vpcAccess: { maximum: 1, docs: https://a.example/ }\n", "`maximum` is only for integer properties"},
		{"value of the wrong type", "  vpcAccess: { values: [\"no\"], docs: https://a.example/ }\n", "limits.vpcAccess.values: \"no\" is a string; vpcAccess is a boolean"},
		{"no docs", "  timeoutSeconds: { maximum: 900 }\n", "`docs` is required"},
		{"nothing to limit", "  timeoutSeconds: { docs: https://a.example/ }\n", "give `minimum`, `maximum` or `values`"},
		{"inverted", "  timeoutSeconds: { minimum: 10, maximum: 5, docs: https://a.example/ }\n", "maximum 5 is below minimum 10"},
		{"own default beyond it", "  timeoutSeconds: { minimum: 5, docs: https://a.example/ }\n", "limits.timeoutSeconds: the component pins 3, which its own limit (at least 5 s) refuses"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			overlay := Files{"components/aws-lambda.yaml": base + tc.limits}
			_, err := Load(Layer{Name: "catalogue", FS: Embedded()}, Layer{Name: "overlay", FS: overlay})
			list, _ := err.(ErrorList)
			for _, e := range list {
				if strings.Contains(e.Msg, tc.want) {
					if e.Pos.File != "overlay/components/aws-lambda.yaml" || e.Pos.Line < 8 {
						t.Errorf("at %s", e.Pos)
					}
					return
				}
			}
			t.Errorf("no %q in %v", tc.want, list)
		})
	}
}

// A design written with a property's former name reads as the current one.
func TestFormerPropertyNames(t *testing.T) {
	cat := mustDefault(t)
	d, errs := cat.ReadDesign("old.yaml", []byte("nodes:\n  - { id: \"fn\", component: \"aws-lambda\", props: { maxTimeoutSeconds: 25 } }\n"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if got := d.Nodes[0].Props; !reflect.DeepEqual(got, map[string]Value{"timeoutSeconds": IntValue(25)}) {
		t.Errorf("props %v", got)
	}
	if got := d.Positions.Pos(NodePath(0, "props.timeoutSeconds")).String(); got != "old.yaml:2:70" {
		t.Errorf("position %s", got)
	}
	_, errs = cat.ReadDesign("both.yaml", []byte("nodes:\n  - { id: \"fn\", component: \"aws-lambda\", props: { maxTimeoutSeconds: 25, timeoutSeconds: 20 } }\n"))
	if len(errs) != 1 || errs[0].Code != "duplicate-key" || !strings.Contains(errs[0].Msg, "former name of `timeoutSeconds`") {
		t.Errorf("both names: %v", errs)
	}
}

// Every limit of every product refuses a value just beyond it, and each fix
// it offers clears the violation.
func TestEveryLimitBitesAndItsFixesClear(t *testing.T) {
	cat := mustDefault(t)
	count := 0
	for _, id := range cat.ComponentIDs() {
		comp := cat.Components[id]
		for name, l := range comp.Limits {
			p := comp.Property(name)
			var beyond []Value
			if l.Maximum != nil {
				beyond = append(beyond, IntValue(*l.Maximum+1))
			}
			if l.Minimum != nil {
				beyond = append(beyond, IntValue(*l.Minimum-1))
			}
			if len(l.Values) > 0 {
				switch p.Type {
				case TypeBoolean:
					if len(l.Values) == 1 {
						beyond = append(beyond, BoolValue(!l.Values[0].Bool()))
					}
				case TypeEnum:
					for _, s := range p.Values {
						if !l.Allows(StringValue(s)) {
							beyond = append(beyond, StringValue(s))
							break
						}
					}
				case TypeInteger:
					beyond = append(beyond, IntValue(l.Values[len(l.Values)-1].Int()+1))
				}
			}
			if len(beyond) == 0 {
				t.Errorf("%s.%s: no value breaks %s", id, name, l.Describe())
			}
			for _, v := range beyond {
				if _, msg := p.problem(v, nil); msg != "" {
					continue // beyond the kind's own bounds too: refused on load
				}
				count++
				d := &Design{Nodes: []Node{{ID: "n", Component: id, Props: map[string]Value{name: v}}}}
				var found *Violation
				for _, got := range cat.Resolve(d).Violations {
					if got.Rule == RuleLimit && got.Property == name {
						found = &got
					}
				}
				if found == nil {
					t.Errorf("%s.%s = %s: no limit violation", id, name, v.Literal())
					continue
				}
				if found.Docs != l.Docs || len(found.Fixes) == 0 || !strings.Contains(found.Message, id) {
					t.Errorf("%s.%s = %s: %+v", id, name, v.Literal(), *found)
				}
				for _, f := range found.Fixes {
					fixed := &Design{Nodes: []Node{{ID: "n", Component: id, Props: map[string]Value{name: v}}}}
					f.Apply(fixed)
					for _, after := range cat.Resolve(fixed).Violations {
						if after.Rule == RuleLimit && after.Property == name {
							t.Errorf("%s: %s leaves %s", id, f.Label(), after.Message)
						}
					}
				}
			}
		}
	}
	if count < 50 {
		t.Errorf("only %d limits tried", count)
	}
}

// An overlay written before a rename is told what the property is now and
// where its cap goes, not just that the name is unknown.
func TestOverlayPinningAFormerName(t *testing.T) {
	overlay := Files{"components/my-fn.yaml": "schemaVersion: \"1\"\ntype: component\nid: my-fn\nkind: function\nprovider: aws\ndocs: https://example.com/docs\ndefaults: { maxTimeoutSeconds: 900 }\n",
		"products/mine.yaml": "schemaVersion: \"1\"\ntype: \"products\"\nproducts:\n  my-fn: { name: \"My functions\", summary: \"Ours.\" }\n"}
	_, err := Load(Layer{Name: "catalogue", FS: Embedded()}, Layer{Name: "overlay", FS: overlay})
	list, _ := err.(ErrorList)
	for _, e := range list {
		if strings.Contains(e.Msg, "`maxTimeoutSeconds` is now `timeoutSeconds` in kind function") && strings.Contains(e.Msg, "under `limits`") {
			return
		}
	}
	t.Errorf("got %v", list)
}

func TestParsePercent(t *testing.T) {
	for s, want := range map[string]float64{"99.95": 99.95, " 99.9 % ": 99.9, "100": 100, "0.0001": 0.0001, "99.9999": 99.9999} {
		if p, problem := ParsePercent(s); problem != "" || p != want {
			t.Errorf("%q: %v %q", s, p, problem)
		}
	}
	for _, s := range []string{"", "0", "-1", "100.01", "99.99999", "1e2", "NaN", "Inf", "high", "0x10", "9_9"} {
		if _, problem := ParsePercent(s); problem == "" {
			t.Errorf("%q was taken for a percentage", s)
		}
	}
}
