package catalogue

import (
	"strings"
	"testing"
	"testing/fstest"
)

// withSLA is the base catalogue with body as its queue component's `sla:`.
func withSLA(body string) fstest.MapFS {
	files := baseFiles()
	src := string(files["components/queue.yaml"].Data) + "sla:\n" + body
	files["components/queue.yaml"] = &fstest.MapFile{Data: []byte(src)}
	return files
}

// An SLA's `zones` is read as the number of zones a region-level SLA needs;
// SLAIn takes the first SLA whose settings hold and whose zones are met, and
// DescribeSLA says the condition in words.
func TestSLAZones(t *testing.T) {
	c, err := Load(Layer{Name: "cat", FS: withSLA(`  - uptime: 99.99
    zones: 2
    docs: "https://example.org/sla"
  - uptime: 99.9
    when: {fifo: false}
    zones: 3
    docs: "https://example.org/sla"
  - uptime: 99.5
    docs: "https://example.org/sla"
    note: "each instance"
`)})
	if err != nil {
		t.Fatal(err)
	}
	comp := c.Components["queue"]
	if len(comp.SLA) != 3 || comp.SLA[0].Zones != 2 || comp.SLA[1].Zones != 3 || comp.SLA[2].Zones != 0 {
		t.Fatalf("SLA = %+v", comp.SLA)
	}
	d, errs := ParseDesign("d.yaml", []byte("nodes:\n  - { id: q, component: queue }\n"))
	if len(errs) == 0 {
		errs = c.Check(d)
	}
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	n := &c.Resolve(d).Nodes[0]
	for _, tc := range []struct {
		zones int
		want  float64
	}{{0, 99.5}, {1, 99.5}, {2, 99.99}, {3, 99.99}, {10, 99.99}} {
		if got := comp.SLAIn(n, tc.zones); got == nil || got.Uptime != tc.want {
			t.Errorf("SLAIn(%d zones) = %+v, want %v", tc.zones, got, tc.want)
		}
	}
	if got := comp.SLAFor(n); got == nil || got.Uptime != 99.5 {
		t.Errorf("SLAFor of a node without multiZone = %+v, want the one-zone 99.5", got)
	}
	for i, want := range []string{"in two or more zones", "fifo false, in three or more zones", ""} {
		if got := DescribeSLA(&comp.SLA[i]); got != want {
			t.Errorf("DescribeSLA(sla[%d]) = %q, want %q", i, got, want)
		}
	}
	if got := DescribeSLA(&SLA{Zones: 12}); got != "in 12 or more zones" {
		t.Errorf("DescribeSLA of 12 zones = %q", got)
	}
}

// A `zones` that is not an integer from 2 to 10 is refused at its position,
// with what it should be.
func TestSLAZonesRefused(t *testing.T) {
	head := "  - uptime: 99.99\n    docs: \"https://example.org/sla\"\n    zones: "
	for _, tc := range []struct {
		name, value, want string
	}{
		{"one zone", "1", "cat/components/queue.yaml:12:12: [out-of-range] sla[0].zones: 1 is not between 2 and 10: the number of availability zones the product must run in for the SLA to apply (2 for \"two or more zones\"); leave it out for an SLA with no zone condition"},
		{"eleven zones", "11", "cat/components/queue.yaml:12:12: [out-of-range] sla[0].zones: 11 is not between 2 and 10"},
		{"a word", "two", "cat/components/queue.yaml:12:12: [wrong-type] sla[0].zones"},
		{"a fraction", "2.5", "cat/components/queue.yaml:12:12: [wrong-type] sla[0].zones"},
		{"a boolean", "true", "cat/components/queue.yaml:12:12: [wrong-type] sla[0].zones"},
		{"a list", "[2]", "cat/components/queue.yaml:12:12: [wrong-type] sla[0].zones"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(Layer{Name: "cat", FS: withSLA(head + tc.value + "\n")})
			list, _ := err.(ErrorList)
			if len(list) != 1 {
				t.Fatalf("%d problems, want 1: %v", len(list), err)
			}
			got := list[0].Pos.String() + ": [" + string(list[0].Code) + "] " + list[0].Msg
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("got\n%s\nwant it to start with\n%s", got, tc.want)
			}
		})
	}
}
