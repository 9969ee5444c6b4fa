package catalogue

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

func snapshotOf(t testing.TB) string {
	t.Helper()
	snap, err := mustDefault(t).Snapshot(Embedded())
	if err != nil {
		t.Fatal(err)
	}
	return string(snap)
}

// A snapshot loads into the same catalogue: the same kinds, components and
// rules, and the same resolution of every example design (the pages package
// checks the pages).
func TestSnapshotRoundTrip(t *testing.T) {
	cat := mustDefault(t)
	back, err := LoadSnapshot(snapshotOf(t), Embedded())
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []struct {
		name      string
		want, got any
	}{
		{"kinds", cat.Kinds, back.Kinds},
		{"components", cat.Components, back.Components},
		{"rules", cat.Rules, back.Rules},
		{"providers", cat.Providers, back.Providers},
		{"categories", cat.Categories, back.Categories},
	} {
		want, _ := json.Marshal(part.want)
		got, _ := json.Marshal(part.got)
		if string(got) != string(want) {
			t.Errorf("the %s differ after a snapshot", part.name)
		}
	}
	for id, comp := range cat.Components {
		other := back.Components[id]
		if !reflect.DeepEqual(comp.Schema, other.Schema) || string(comp.Text) != back.FileText(other.File, other.Text) {
			t.Errorf("%s: schema or source differs after a snapshot", id)
		}
	}
	designs, _ := filepath.Glob("../examples/*.yaml")
	rules, _ := filepath.Glob("testdata/rules/*/*.yaml")
	for _, file := range append(designs, rules...) {
		data, _ := os.ReadFile(file)
		d, errs := ParseDesign(file, data)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		want, _ := json.Marshal(cat.Resolve(d))
		got, _ := json.Marshal(back.Resolve(d))
		if string(got) != string(want) {
			t.Errorf("%s resolves differently after a snapshot", file)
		}
	}
}

// A snapshot of other files is refused: it cannot pass for the catalogue.
func TestStaleSnapshotRefused(t *testing.T) {
	snap := snapshotOf(t)
	changed := fstest.MapFS{}
	fs.WalkDir(Embedded(), ".", func(path string, d fs.DirEntry, err error) error {
		if !d.IsDir() {
			b, _ := fs.ReadFile(Embedded(), path)
			changed[path] = &fstest.MapFile{Data: b}
		}
		return nil
	})
	changed["components/kafka.yaml"].Data = append(changed["components/kafka.yaml"].Data, '\n')
	if _, err := LoadSnapshot(snap, changed); err == nil || !strings.Contains(err.Error(), "changed since") {
		t.Errorf("stale snapshot: %v", err)
	}
	if _, err := LoadSnapshot("not a snapshot", Embedded()); err == nil {
		t.Error("garbage accepted")
	}
}

// A catalogue from a snapshot leaves its rules unregistered until they are
// needed: resolving the empty design does not need them.
func TestSnapshotRulesOnFirstUse(t *testing.T) {
	back, err := LoadSnapshot(snapshotOf(t), Embedded())
	if err != nil {
		t.Fatal(err)
	}
	back.Resolve(&Design{})
	if back.rulesFor != nil {
		t.Error("resolving the empty design registered the rules")
	}
	if len(back.RulesFor("kafka")) == 0 || back.rulesFor == nil {
		t.Error("kafka has no rules after asking for them")
	}
}

// The same catalogue always gives the same bytes, and damaged or cut
// snapshots are refused with an error, never a panic.
func TestSnapshotBytes(t *testing.T) {
	snap := snapshotOf(t)
	if again := snapshotOf(t); again != snap {
		t.Error("two snapshots of the same catalogue differ")
	}
	self, err := mustDefault(t).SelfContained()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LoadSelfContained(self); err != nil {
		t.Errorf("self-contained snapshot: %v", err)
	}
	if _, err := LoadSelfContained([]byte(snap)); err == nil {
		t.Error("a snapshot without the files' text passed for a self-contained one")
	}
	for n := 0; n < len(snap); n += 1 + n/50 {
		if _, err := LoadSnapshot(snap[:n], Embedded()); err == nil {
			t.Fatalf("a snapshot cut to %d bytes was accepted", n)
		}
	}
	damaged := []byte(snap)
	for i := 12; i < len(damaged); i += 97 {
		damaged[i] ^= 0xff
		LoadSnapshot(string(damaged), Embedded()) // must not panic
	}
	if _, err := LoadSnapshot(snap+"x", Embedded()); err == nil {
		t.Error("trailing data accepted")
	}
	future := "DCS\x09" + snap[4:]
	if _, err := LoadSnapshot(future, Embedded()); err == nil || !strings.Contains(err.Error(), "format 9") {
		t.Errorf("another format: %v", err)
	}
}

// BenchmarkLoadSnapshot is the editor's start-up load, from its snapshot.
func BenchmarkLoadSnapshot(b *testing.B) {
	snap := snapshotOf(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadSnapshot(snap, Embedded()); err != nil {
			b.Fatal(err)
		}
	}
}

// Every exported field of the catalogue's model survives a snapshot, and the
// embedded catalogue sets each of them somewhere, so that a field the codec
// forgets cannot pass unseen. File texts are compared in TestSnapshotRoundTrip
// (a snapshot reads them lazily).
func TestSnapshotKeepsEveryField(t *testing.T) {
	// The small catalogue sets what the embedded one does not use yet.
	small := baseFiles()
	small["kinds/queue.yaml"].Data = []byte(strings.Replace(string(small["kinds/queue.yaml"].Data), "    type: \"boolean\"\n", "    type: \"boolean\"\n    required: true\n", 1))
	small["rules/fifo-once.yaml"].Data = []byte(strings.Replace(string(small["rules/fifo-once.yaml"].Data), "when:\n  prop: \"fifo\"\n  op: \"equals\"\n  value: true\n",
		"description: \"Why.\"\nwhen:\n  any:\n    - { prop: \"fifo\", op: \"equals\", value: true }\n    - { prop: \"retentionDays\", op: \"gt\", value: 7 }\n", 1))
	set := map[string]bool{} // "Type.Field" seen non-zero in an original
	for _, src := range []fs.FS{Embedded(), small} {
		cat, err := Load(Layer{Name: "cat", FS: src})
		if err != nil {
			t.Fatal(err)
		}
		snap, err := cat.Snapshot(src)
		if err != nil {
			t.Fatal(err)
		}
		back, err := LoadSnapshot(string(snap), src)
		if err != nil {
			t.Fatal(err)
		}
		compareFields(t, cat, back, set)
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[Kind](), reflect.TypeFor[Component](), reflect.TypeFor[Rule](), reflect.TypeFor[Property](), reflect.TypeFor[Condition](), reflect.TypeFor[Limit](), reflect.TypeFor[FixOption](), reflect.TypeFor[Setting](), reflect.TypeFor[Boundary](), reflect.TypeFor[Protocol]()} {
		for i := range typ.NumField() {
			if f := typ.Field(i); f.IsExported() && f.Name != "Text" && !set[typ.Name()+"."+f.Name] {
				t.Errorf("%s.%s is zero throughout the test catalogues, so its round trip is untested", typ.Name(), f.Name)
			}
		}
	}
}

// compareFields reports every exported field of back's kinds, components and
// rules that differs from cat's, and records in set the fields cat sets.
func compareFields(t *testing.T, cat, back *Catalogue, set map[string]bool) {
	t.Helper()
	var walk func(path string, a, b reflect.Value)
	walk = func(path string, a, b reflect.Value) {
		switch a.Kind() {
		case reflect.Pointer, reflect.Interface:
			if a.IsNil() || b.IsNil() {
				if a.IsNil() != b.IsNil() {
					t.Errorf("%s: %v after a snapshot, want %v", path, b, a)
				}
				return
			}
			walk(path, a.Elem(), b.Elem())
		case reflect.Struct:
			if a.Type() == reflect.TypeFor[Value]() || a.Type() == reflect.TypeFor[Pos]() {
				if !reflect.DeepEqual(a.Interface(), b.Interface()) {
					t.Errorf("%s: %v after a snapshot, want %v", path, b.Interface(), a.Interface())
				}
				return
			}
			for i := range a.NumField() {
				f := a.Type().Field(i)
				if !f.IsExported() || f.Name == "Text" {
					continue
				}
				if !a.Field(i).IsZero() {
					set[a.Type().Name()+"."+f.Name] = true
				}
				walk(path+"."+f.Name, a.Field(i), b.Field(i))
			}
		case reflect.Slice:
			if a.Len() != b.Len() {
				t.Errorf("%s: %d items after a snapshot, want %d", path, b.Len(), a.Len())
				return
			}
			for i := range a.Len() {
				walk(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i))
			}
		case reflect.Map:
			if a.Len() != b.Len() {
				t.Errorf("%s: %d entries after a snapshot, want %d", path, b.Len(), a.Len())
				return
			}
			for _, k := range a.MapKeys() {
				if !b.MapIndex(k).IsValid() {
					t.Errorf("%s[%v]: missing after a snapshot", path, k)
					continue
				}
				walk(fmt.Sprintf("%s[%v]", path, k), a.MapIndex(k), b.MapIndex(k))
			}
		default:
			if !reflect.DeepEqual(a.Interface(), b.Interface()) {
				t.Errorf("%s: %v after a snapshot, want %v", path, b.Interface(), a.Interface())
			}
		}
	}
	walk("kinds", reflect.ValueOf(cat.Kinds), reflect.ValueOf(back.Kinds))
	walk("components", reflect.ValueOf(cat.Components), reflect.ValueOf(back.Components))
	walk("rules", reflect.ValueOf(cat.Rules), reflect.ValueOf(back.Rules))
	walk("boundaries", reflect.ValueOf(cat.Boundaries), reflect.ValueOf(back.Boundaries))
	walk("protocols", reflect.ValueOf(cat.Protocols), reflect.ValueOf(back.Protocols))
}
