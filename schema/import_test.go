package schema

import (
	"testing"
	"testing/fstest"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/importer"
)

// Mapping files the schema refuses, the loader refuses too, and a good one
// both take.
func TestSchemaAndLoaderRefuseTheSameMappings(t *testing.T) {
	schema := compile(t, jsonschema.NewCompiler(), "import.schema.json")
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	load := func(text string) error {
		_, err := importer.LoadMappings(cat, catalogue.Layer{Name: "org", FS: fstest.MapFS{"imports/x.yaml": {Data: []byte(text)}}})
		return err
	}
	good := "format: \"compose\"\nresources:\n  - { images: [\"postgres\"], component: \"postgresql\", props: { managed: { path: \"x\", is: \"y\" } } }\nedges: []\nports: {\"5432\": \"sql\"}\n"
	if err := schema.Validate(instance(t, []byte(good))); err != nil || load(good) != nil {
		t.Fatalf("a good mapping: schema %v, loader %v", err, load(good))
	}
	for _, bad := range []string{
		"resources: []\n",
		"format: \"swarm\"\n",
		"format: \"compose\"\nextra: 1\n",
		"format: \"compose\"\nresources:\n  - { images: [\"postgres\"] }\n",
		"format: \"compose\"\nresources:\n  - { component: \"postgresql\", image: [\"postgres\"] }\n",
		"format: \"compose\"\nresources:\n  - { component: \"postgresql\", props: { managed: { is: \"y\" } } }\n",
		"format: \"compose\"\nresources:\n  - { component: \"postgresql\", props: { managed: { path: \"x\", also: 1 } } }\n",
		"format: \"compose\"\nedges:\n  - { type: \"x\", from: \"a\" }\n",
		"format: \"compose\"\nedges:\n  - { type: \"x\", from: \"a\", to: \"b\", flow: \"evnt\" }\n",
		"format: \"compose\"\nschemaVersion: \"2\"\n",
		"format: \"compose\"\ntype: \"rule\"\n",
		"format: \"compose\"\nports: {\"http\": \"http\"}\n",
		"format: \"compose\"\nports: {\"80\": [\"http\"]}\n",
	} {
		if schema.Validate(instance(t, []byte(bad))) == nil {
			t.Errorf("the schema takes:\n%s", bad)
		}
		if load(bad) == nil {
			t.Errorf("the loader takes:\n%s", bad)
		}
	}
	// What only the catalogue knows: the loader refuses it.
	for _, bad := range []string{
		"format: \"compose\"\nresources:\n  - { component: \"postgrsql\" }\n",
		"format: \"compose\"\nresources:\n  - { component: \"postgresql\", props: { replicas: \"x\" } }\n",
		"format: \"compose\"\nresources:\n  - { component: \"postgresql\", props: { engine: { path: \"x\", exists: true } } }\n",
		"format: \"compose\"\nports: {\"5432\": \"postgres\"}\n",
		"format: \"compose\"\nports: {\"99999\": \"http\"}\n",
	} {
		if load(bad) == nil {
			t.Errorf("the loader takes:\n%s", bad)
		}
	}
}
