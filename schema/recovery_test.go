package schema

import (
	"testing"
	"testing/fstest"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/archdesigner/designer/catalogue"
)

// A component's `recovery:` section that the loader accepts, the schema
// accepts; one it refuses for its structure, the schema refuses too.
func TestSchemaAndLoaderAgreeOnRecovery(t *testing.T) {
	schema := compile(t, jsonschema.NewCompiler(), "component.schema.json")
	head := "schemaVersion: \"1\"\ntype: \"component\"\nid: \"acme-db\"\nkind: \"relational-database\"\nprovider: \"aws\"\ndocs: \"https://acme.example/db\"\n"
	load := func(src string) error {
		_, err := catalogue.LoadEmbedded(catalogue.Layer{Name: "acme", FS: fstest.MapFS{
			"components/acme-db.yaml": {Data: []byte(src)},
			"products/acme.yaml":      {Data: []byte("schemaVersion: \"1\"\ntype: \"products\"\nproducts:\n  acme-db:\n    name: \"Acme DB\"\n    summary: \"Ours.\"\n")},
		}})
		return err
	}
	good := head + "recovery:\n  - { of: zone, when: {highAvailability: true}, rtoSeconds: 120, rpoSeconds: 0, docs: \"https://acme.example/failover\", note: \"60–120 seconds\" }\n  - { of: region, docs: \"https://acme.example/dr\" }\n"
	if err := load(good); err != nil {
		t.Errorf("the loader refuses %q: %v", good, err)
	}
	if err := schema.Validate(instance(t, []byte(good))); err != nil {
		t.Errorf("the schema refuses %q: %v", good, err)
	}
	for _, bad := range []string{
		"recovery:\n  - { of: zone, rtoSeconds: 60 }\n",
		"recovery:\n  - { rtoSeconds: 60, docs: \"https://acme.example/x\" }\n",
		"recovery:\n  - { of: rack, docs: \"https://acme.example/x\" }\n",
		"recovery:\n  - { of: zone, rtoSeconds: -1, docs: \"https://acme.example/x\" }\n",
		"recovery:\n  - { of: zone, rpoSeconds: 31536001, docs: \"https://acme.example/x\" }\n",
		"recovery:\n  - { of: zone, rpoSeconds: \"1\", docs: \"https://acme.example/x\" }\n",
		"recovery:\n  - { of: zone, rpoSeconds: 1.5, docs: \"https://acme.example/x\" }\n",
		"recovery:\n  - { of: zone, docs: \"http://acme.example/x\" }\n",
		"recovery:\n  - { of: zone, rto: 1, docs: \"https://acme.example/x\" }\n",
		"recovery: { of: zone, docs: \"https://acme.example/x\" }\n",
	} {
		src := head + bad
		if load(src) == nil {
			t.Errorf("the loader accepts %q", bad)
		}
		if schema.Validate(instance(t, []byte(src))) == nil {
			t.Errorf("the schema accepts %q", bad)
		}
	}
}
