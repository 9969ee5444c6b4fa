package catalogue

// Sizes in the catalogue are binary and in the unit their property's name
// ends with (maxObjectSizeGB in GB, memoryMB in MB, maxItemSizeKB in KB),
// which the kind's description also states ("in GB (1 GB = 1,024 MB)").
//
// The convention this file checks: where a component file's size value
// (under defaults:, or a limit's minimum, maximum or values) comes from a
// documented figure, a comment on the value's own line states that figure,
// starting with "=":
//
//	maxObjectSizeGB: 5120 # = 5 TiB
//	maximum: 195312 # = 50,000 × 4,000 MiB
//	maximum: 1024 # = 1 MB, since January 2026
//
// The figure is a number or a product of two ("a × b"), commas grouping
// digits, then a unit: bytes, KB, KiB, MB, MiB, GB, GiB, TB or TiB, every one
// binary (1 KB = 1 KiB = 1,024 bytes), as the catalogue's sizes are; words
// after the unit are free. Where a provider writes "TB" or "KB" for a decimal
// figure, the comment above the value says so and the "=" figure is the
// binary one the value follows. The value must be the figure in the
// property's unit, rounded down (a limit may not promise more than the
// documented size), or up for a limit's minimum (nor ask for less). Where the documents say "less than" a figure, the comment
// starts with "<" instead ("# < 30 MB") and the value is the largest whole
// unit below it. A comment starting "# =" or "# <" that does not read as a
// figure fails the test, so a typo is never skipped.

import (
	"fmt"
	"io/fs"
	"math/big"
	"path"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// sizeUnits are the units a figure may be written in, in bytes.
var sizeUnits = map[string]int64{
	"bytes": 1, "byte": 1, "B": 1,
	"KB": 1 << 10, "KiB": 1 << 10,
	"MB": 1 << 20, "MiB": 1 << 20,
	"GB": 1 << 30, "GiB": 1 << 30,
	"TB": 1 << 40, "TiB": 1 << 40,
}

// sizeProperty reads a property's unit from the end of its name.
var sizeProperty = regexp.MustCompile(`(KB|MB|GB)$`)

// sizeFigure is a "# = figure unit" comment.
var sizeFigure = regexp.MustCompile(`^#\s*([=<])\s*([0-9][0-9,]*(?:\.[0-9]+)?)(?:\s*[×x*]\s*([0-9][0-9,]*(?:\.[0-9]+)?))?\s*(bytes|byte|B|KB|KiB|MB|MiB|GB|GiB|TB|TiB)\b`)

// parseSizeFigure reads a "# = …" or "# < …" comment into bytes; below is
// true for "<" (the size is less than the figure); ok is false when the
// comment starts with neither (it states no figure).
func parseSizeFigure(comment string) (bytes *big.Rat, below, ok bool, err error) {
	c := strings.TrimSpace(comment)
	rest := strings.TrimSpace(strings.TrimPrefix(c, "#"))
	if !strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "<") {
		return nil, false, false, nil
	}
	m := sizeFigure.FindStringSubmatch(c)
	if m == nil {
		return nil, false, true, fmt.Errorf("comment %q starts with \"=\" or \"<\" but is not a figure like \"# = 5 TiB\" or \"# = 50,000 × 4,000 MiB\"", c)
	}
	r, good := new(big.Rat).SetString(strings.ReplaceAll(m[2], ",", ""))
	if !good {
		return nil, false, true, fmt.Errorf("comment %q: %q is not a number", c, m[2])
	}
	if m[3] != "" {
		f, good := new(big.Rat).SetString(strings.ReplaceAll(m[3], ",", ""))
		if !good {
			return nil, false, true, fmt.Errorf("comment %q: %q is not a number", c, m[3])
		}
		r.Mul(r, f)
	}
	return r.Mul(r, new(big.Rat).SetInt64(sizeUnits[m[4]])), m[1] == "<", true, nil
}

// inUnit is bytes in unit (KB, MB or GB), rounded down, or up for a
// minimum; below, the largest whole unit strictly less than bytes.
func inUnit(bytes *big.Rat, below, minimum bool, unit string) int64 {
	q := new(big.Rat).Quo(bytes, new(big.Rat).SetInt64(sizeUnits[unit]))
	n := new(big.Int).Quo(q.Num(), q.Denom()).Int64()
	switch {
	case below && q.IsInt():
		n--
	case minimum && !below && !q.IsInt():
		n++
	}
	return n
}

func TestParseSizeFigure(t *testing.T) {
	for _, tc := range []struct {
		comment, unit string
		want          int64
		ok, bad       bool
		minimum       bool
	}{
		{"# = 5 TiB", "GB", 5120, true, false, false},
		{"# = 50 TiB (Thresholds and Limits)", "GB", 51200, true, false, false},
		{"# = 50,000 × 4,000 MiB", "GB", 195312, true, false, false},
		{"# = 10,000 x 5 GiB", "GB", 50000, true, false, false},
		{"# = 1 MB, since January 2026", "KB", 1024, true, false, false},
		{"# = 4,096 bytes", "KB", 4, true, false, false},
		{"# = 8,192 bytes", "KB", 8, true, false, false},
		{"# = 32 GiB", "MB", 32768, true, false, false},
		{"# = 48.8 TiB", "GB", 49971, true, false, false},
		{"# < 30 MB", "KB", 30719, true, false, false},
		{"# < 30.5 KB", "KB", 30, true, false, false},
		{"# = 1,536 bytes", "KB", 2, true, false, true},
		{"# = 2,048 bytes", "KB", 2, true, false, true},
		{"# 5 TiB, not a figure", "GB", 0, false, false, false},
		{"", "GB", 0, false, false, false},
		{"# = about five TiB", "GB", 0, true, true, false},
		{"# = 5 PB", "GB", 0, true, true, false},
	} {
		b, below, ok, err := parseSizeFigure(tc.comment)
		if ok != tc.ok || (err != nil) != tc.bad {
			t.Errorf("%q: ok %v, err %v; want ok %v, error %v", tc.comment, ok, err, tc.ok, tc.bad)
			continue
		}
		if ok && err == nil {
			if got := inUnit(b, below, tc.minimum, tc.unit); got != tc.want {
				t.Errorf("%q in %s = %d, want %d", tc.comment, tc.unit, got, tc.want)
			}
		}
	}
}

// sizeValue is one size in a component file with its comment.
type sizeValue struct {
	where, prop, comment, value string
	minimum                     bool
}

// componentSizes lists the sizes of one component file: its defaults and its
// limits' minimum, maximum and values.
func componentSizes(t *testing.T, file string, src []byte) (kind string, sizes []sizeValue) {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		t.Fatalf("%s: not a mapping", file)
	}
	top := doc.Content[0]
	add := func(prop string, v *yaml.Node, minimum bool) {
		if v.Kind == yaml.ScalarNode {
			sizes = append(sizes, sizeValue{fmt.Sprintf("%s:%d", file, v.Line), prop, v.LineComment, v.Value, minimum})
		}
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		switch k.Value {
		case "kind":
			kind = v.Value
		case "defaults":
			for j := 0; j+1 < len(v.Content); j += 2 {
				if sizeProperty.MatchString(v.Content[j].Value) {
					add(v.Content[j].Value, v.Content[j+1], false)
				}
			}
		case "limits":
			for j := 0; j+1 < len(v.Content); j += 2 {
				prop, lim := v.Content[j].Value, v.Content[j+1]
				if !sizeProperty.MatchString(prop) {
					continue
				}
				for l := 0; l+1 < len(lim.Content); l += 2 {
					switch lim.Content[l].Value {
					case "minimum", "maximum":
						add(prop, lim.Content[l+1], lim.Content[l].Value == "minimum")
					case "values":
						for _, e := range lim.Content[l+1].Content {
							add(prop, e, false)
						}
					}
				}
			}
		}
	}
	return kind, sizes
}

// kindSizeUnits maps each kind's size properties to the description that
// should name their unit.
func kindSizeUnits(t *testing.T, fsys fs.FS) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	files, err := fs.Glob(fsys, "kinds/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		src, err := fs.ReadFile(fsys, f)
		if err != nil {
			t.Fatal(err)
		}
		var k struct {
			ID         string `yaml:"id"`
			Properties map[string]struct {
				Description string `yaml:"description"`
			} `yaml:"properties"`
		}
		if err := yaml.Unmarshal(src, &k); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for name, p := range k.Properties {
			if sizeProperty.MatchString(name) {
				if out[k.ID] == nil {
					out[k.ID] = map[string]string{}
				}
				out[k.ID][name] = p.Description
			}
		}
	}
	return out
}

// Every size a component file states with a "# = figure" (or "# < figure")
// comment equals the figure in the property's binary unit, rounded down; every size property's
// description names that unit.
func TestSizesMatchTheirFigures(t *testing.T) {
	fsys := Embedded()
	kinds := kindSizeUnits(t, fsys)
	for kind, props := range kinds {
		for name, desc := range props {
			unit := sizeProperty.FindString(name)
			if !strings.Contains(desc, "in "+unit+" (1 "+unit+" = 1,024 ") {
				t.Errorf("kinds/%s.yaml: %s's description %q does not name its binary unit, like \"in %s (1 %s = 1,024 …)\"", kind, name, desc, unit, unit)
			}
		}
	}
	files, err := fs.Glob(fsys, "components/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range files {
		src, err := fs.ReadFile(fsys, f)
		if err != nil {
			t.Fatal(err)
		}
		kind, sizes := componentSizes(t, path.Join("catalogue", f), src)
		for _, s := range sizes {
			b, below, ok, err := parseSizeFigure(s.comment)
			if err != nil {
				t.Errorf("%s: %s: %v", s.where, s.prop, err)
				continue
			}
			if !ok {
				continue
			}
			if _, known := kinds[kind][s.prop]; !known {
				t.Errorf("%s: %s is not a size property of kind %s", s.where, s.prop, kind)
				continue
			}
			unit := sizeProperty.FindString(s.prop)
			want := inUnit(b, below, s.minimum, unit)
			if got := fmt.Sprint(want); s.value != got {
				t.Errorf("%s: %s is %s, but its figure %q is %s %s (binary, rounded toward the inside of the limit)", s.where, s.prop, s.value, strings.TrimSpace(s.comment), got, unit)
			}
			checked++
		}
	}
	// The examples and the audit annotate this many sizes; fewer means
	// annotations were lost.
	if checked < 60 {
		t.Errorf("%d sizes carry a \"# = figure\" comment, want at least 60", checked)
	}
}
