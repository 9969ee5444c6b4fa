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
