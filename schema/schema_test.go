// These tests validate every catalogue file, example and test design
// against the schemas with a real JSON Schema validator, so that the schemas
// and the Go loader cannot drift apart.

package schema

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/archdesigner/designer/catalogue"
)

const modeline = "# yaml-language-server: $schema="

// compile loads a schema by path.
func compile(t *testing.T, c *jsonschema.Compiler, path string) *jsonschema.Schema {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("file://" + filepath.ToSlash(abs))
	if err != nil {
		t.Fatalf("compile %s: %v", path, err)
	}
	return s
}

// instance reads a YAML file as a JSON value.
func instance(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	j, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(j))
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// Every catalogue file names its schema in a modeline and validates against it.
func TestCatalogueFilesMatchTheirSchemas(t *testing.T) {
	c := jsonschema.NewCompiler()
	files, _ := filepath.Glob("../catalogue/*.yaml")
	for _, dir := range []string{"kinds", "components", "rules", "boundaries", "products", "imports"} {
		more, _ := filepath.Glob(filepath.Join("../catalogue", dir, "*.yaml"))
		files = append(files, more...)
	}
	if len(files) < 20 {
		t.Fatalf("found only %d catalogue files", len(files))
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(data), "\n")
		ref, ok := strings.CutPrefix(first, modeline)
		if !ok {
			t.Errorf("%s: the first line is not a %s… modeline", file, modeline)
			continue
		}
		schema := compile(t, c, filepath.Join(filepath.Dir(file), ref))
		if err := schema.Validate(instance(t, data)); err != nil {
			t.Errorf("%s: %v", file, err)
		}
	}
}

// designFiles returns the example and test designs that the loader accepts.
func designFiles(t *testing.T) []string {
	var files []string
	for _, glob := range []string{"../examples/*.yaml", "../examples/diff/*.yaml", "../catalogue/testdata/rules/*/*.yaml", "../catalogue/testdata/export/*.yaml"} {
		more, _ := filepath.Glob(glob)
		files = append(files, more...)
	}
	return files
}

func TestDesignsMatchTheSchema(t *testing.T) {
	schema := compile(t, jsonschema.NewCompiler(), "design.schema.json")
	files := designFiles(t)
	if len(files) < 10 {
		t.Fatalf("found only %d designs", len(files))
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if _, errs := catalogue.ParseDesign(file, data); len(errs) > 0 {
			t.Errorf("%s: the loader refuses it: %v", file, errs)
		}
		if err := schema.Validate(instance(t, data)); err != nil {
			t.Errorf("%s: %v", file, err)
		}
	}
}

// Designs the loader refuses for their structure, the schema refuses too.
func TestSchemaAndLoaderRefuseTheSameDesigns(t *testing.T) {
	schema := compile(t, jsonschema.NewCompiler(), "design.schema.json")
	cases := []string{
		"name: \"no nodes\"\n",
		"nodes: [{ id: \"a\" }]\n",
		"nodes: [{ component: \"kafka\" }]\n",
		"nodes: [{ id: \"A b\", component: \"kafka\" }]\n",
		"nodes: [{ id: \"a\", component: \"kafka\", extra: 1 }]\n",
		"nodes: [{ id: \"a\", component: \"kafka\", props: { acks: [1] } }]\n",
		"nodes: [{ id: \"a\", component: \"kafka\", props: { acks: 1.5 } }]\n",
		"nodes: [{ id: \"a\", component: \"kafka\", position: { x: 1 } }]\n",
		"nodes: [{ id: \"a\", component: \"kafka\", position: { x: \"1\", y: 2 } }]\n",
		"nodes: []\nedges: [{ from: \"a\" }]\n",
		"nodes: []\ntype: \"component\"\n",
		"nodes: []\nschemaVersion: \"2\"\n",
		"nodes: []\nunknown: true\n",
		"nodes: []\nedges: [{ from: \"a\", to: \"b\", flow: \"evnt\" }]\n",
		"nodes: []\ngroups: [{ id: \"eu\" }]\n",
		"nodes: []\ngroups: [{ id: \"eu\", boundary: \"region\", zone: \"a\" }]\n",
		"nodes: []\ngroups: [{ id: \"eu\", boundary: \"region\", position: { x: 1 } }]\n",
		"nodes: []\nsuppress: [{ rule: \"limit\" }]\n",
		"nodes: []\nsuppress: [{ rule: \"limit\", reason: \"\" }]\n",
		"nodes: []\nsuppress: [{ rule: \"limit\", reason: \"  \" }]\n",
		"nodes: []\nsuppress: [{ rule: \"Limit!\", reason: \"x\" }]\n",
		"nodes: []\nsuppress: [{ rule: \"limit\", reason: \"x\", until: 2027 }]\n",
		"nodes: []\nsuppress: { rule: \"limit\", reason: \"x\" }\n",
		"nodes: []\nnotes: [{ position: { x: 1, y: 2 } }]\n",
		"nodes: []\nnotes: [{ text: \"\" }]\n",
		"nodes: []\nnotes: [{ text: \" \\n \" }]\n",
		"nodes: []\nnotes: [{ text: \"x\", colour: \"red\" }]\n",
		"nodes: []\nnotes: [{ text: \"x\", position: { x: 1 } }]\n",
		"nodes: []\nnotes: [{ text: 1 }]\n",
		"nodes: []\nnotes: { text: \"x\" }\n",
		"nodes: [{ id: \"a\", component: \"kafka\", zones: [] }]\n",
		"nodes: [{ id: \"a\", component: \"kafka\", zones: 0 }]\n",
		"nodes: [{ id: \"a\", component: \"kafka\", zones: 65 }]\n",
		"nodes: [{ id: \"a\", component: \"kafka\", zones: \"az-a\" }]\n",
		"nodes: [{ id: \"a\", component: \"kafka\", zones: [\"az-a\", \"az-a\"] }]\n",
		"nodes: [{ id: \"a\", component: \"kafka\", zones: [1] }]\n",
		"nodes: [{ id: \"a\", component: \"kafka\", notReplica: \"yes\" }]\n",
	}
	for _, src := range cases {
		if _, errs := catalogue.ParseDesign("d.yaml", []byte(src)); len(errs) == 0 {
			t.Errorf("the loader accepts %q", src)
		}
		if err := schema.Validate(instance(t, []byte(src))); err == nil {
			t.Errorf("the schema accepts %q", src)
		}
	}
}
