package patch

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// exampleDesigns reads every design of examples/ and examples/templates/.
func exampleDesigns(t testing.TB) map[string]*catalogue.Design {
	t.Helper()
	files, _ := filepath.Glob("../../examples/*.yaml")
	more, _ := filepath.Glob("../../examples/templates/*.yaml")
	files = append(files, more...)
	if len(files) < 10 {
		t.Fatalf("found only %d example designs", len(files))
	}
	out := map[string]*catalogue.Design{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d, errs := catalogue.ParseDesign(f, data)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", f, errs)
		}
		out[filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f)] = d
	}
	return out
}

// roundTrip checks the law Apply(a, Diff(a, b)) = b, written, and that
// Apply left a as it was.
func roundTrip(t *testing.T, name string, a, b *catalogue.Design) []Op {
	t.Helper()
	before := catalogue.EncodeDesignYAML(a)
	ops := Diff(a, b)
	got, err := Apply(a, ops)
	if err != nil {
		t.Fatalf("%s: Apply(a, Diff(a, b)): %v\nops: %s", name, err, opsText(ops))
	}
	if want, have := catalogue.EncodeDesignYAML(b), catalogue.EncodeDesignYAML(got); !bytes.Equal(want, have) {
		t.Fatalf("%s: Apply(a, Diff(a, b)) is not b\nops: %s\nwant:\n%s\ngot:\n%s", name, opsText(ops), want, have)
	}
	if !bytes.Equal(before, catalogue.EncodeDesignYAML(a)) {
		t.Fatalf("%s: Apply changed the design it was given", name)
	}
	return ops
}

func opsText(ops []Op) string {
	var b bytes.Buffer
	for _, op := range ops {
		b.Write(encode(op))
		b.WriteByte('\n')
	}
	return b.String()
}

// Every example turns into every other, and into and out of an empty design.
func TestDiffApplyExamplesPairwise(t *testing.T) {
	designs := exampleDesigns(t)
	empty := &catalogue.Design{SchemaVersion: catalogue.SchemaVersion}
	for na, a := range designs {
		roundTrip(t, na+" → empty", a, empty)
		roundTrip(t, "empty → "+na, empty, a)
		if ops := Diff(a, a); len(ops) != 0 {
			t.Errorf("%s: Diff of a design with itself is %d ops, want none", na, len(ops))
		}
		for nb, b := range designs {
			roundTrip(t, na+" → "+nb, a, b)
		}
	}
}
