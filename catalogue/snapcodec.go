package catalogue

import (
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
)

// The snapshot's encoding: a compact binary form that the editor decodes
// without reflection, several times faster in WebAssembly than the same data
// as JSON, and with its strings taken from the snapshot as they are rather
// than unquoted and copied. Integers are varints, strings and lists are
// prefixed by their length, maps are written as lists sorted by key (so the
// same catalogue always gives the same bytes), and an optional value starts
// with a presence byte.

// snapshotMagic starts every snapshot; its last byte is the format version,
// raised whenever the encoding or the types change.
const snapshotMagic = "DCS\x06"

// maxConditionDepth bounds how deeply a snapshot may nest conditions, so that
// damaged data cannot exhaust the stack.
const maxConditionDepth = 64

// snapWriter appends the encoding of a snapshot.
type snapWriter struct{ buf []byte }

func (w *snapWriter) uint(n uint64) { w.buf = binary.AppendUvarint(w.buf, n) }
func (w *snapWriter) int(n int64)   { w.buf = binary.AppendVarint(w.buf, n) }
func (w *snapWriter) len(n int)     { w.uint(uint64(n)) }
func (w *snapWriter) str(s string)  { w.len(len(s)); w.buf = append(w.buf, s...) }

func (w *snapWriter) bool(b bool) {
	if b {
		w.buf = append(w.buf, 1)
	} else {
		w.buf = append(w.buf, 0)
	}
}

func (w *snapWriter) strs(list []string) {
	w.len(len(list))
	for _, s := range list {
		w.str(s)
	}
}

func (w *snapWriter) pos(p Pos) {
	w.str(p.File)
	w.int(int64(p.Line))
	w.int(int64(p.Column))
}

func (w *snapWriter) value(v Value) {
	w.buf = append(w.buf, byte(v.kind))
	switch v.kind {
	case stringValue:
		w.str(v.s)
	case intValue:
		w.int(v.i)
	case boolValue:
		w.bool(v.b)
	}
}

func (w *snapWriter) optInt(p *int64) {
	w.bool(p != nil)
	if p != nil {
		w.int(*p)
	}
}

func (w *snapWriter) property(p *Property) {
	w.str(p.Name)
	w.str(string(p.Type))
	w.strs(p.Values)
	w.value(p.Default)
	w.bool(p.Required)
	w.bool(p.Advanced)
	w.optInt(p.Minimum)
	w.optInt(p.Maximum)
	w.str(p.Description)
	w.strs(p.Formerly)
	w.strs(p.Aliases)
	w.pos(p.Pos)
}

func (w *snapWriter) properties(m map[string]*Property) {
	w.len(len(m))
	for _, name := range slices.Sorted(maps.Keys(m)) {
		w.property(m[name])
	}
}

func (w *snapWriter) limits(m map[string]*Limit) {
	w.len(len(m))
	for _, name := range slices.Sorted(maps.Keys(m)) {
		l := m[name]
		w.str(l.Property)
		w.optInt(l.Minimum)
		w.optInt(l.Maximum)
		w.len(len(l.Values))
		for _, v := range l.Values {
			w.value(v)
		}
		w.str(l.Docs)
		w.str(l.Note)
		w.pos(l.Pos)
	}
}

// guarantees writes a component's SLAs and durability facts; uptime as an
// integer count of ten-thousandths of a percent (the precision parsing
// allows).
func (w *snapWriter) guarantees(c *Component) {
	settings := func(list []Setting) {
		w.len(len(list))
		for _, s := range list {
			w.str(s.Property)
			w.value(s.Value)
		}
	}
	w.len(len(c.SLA))
	for _, s := range c.SLA {
		w.int(int64(math.Round(s.Uptime * 1e4)))
		settings(s.When)
		w.int(int64(s.Zones))
		w.str(s.Docs)
		w.str(s.Note)
		w.pos(s.Pos)
	}
	w.len(len(c.Durability))
	for _, du := range c.Durability {
		w.int(int64(du.FailuresTolerated))
		w.str(du.Of)
		settings(du.When)
		w.str(du.Docs)
		w.str(du.Note)
		w.pos(du.Pos)
	}
}

func (w *snapWriter) fixes(list []FixOption) {
	w.len(len(list))
	for _, opt := range list {
		w.str(opt.End)
		w.len(len(opt.Set))
		for _, s := range opt.Set {
			w.str(s.Property)
			w.value(s.Value)
		}
	}
}

func (w *snapWriter) selector(s Selector) {
	w.strs(s.Kinds)
	w.strs(s.Categories)
	w.strs(s.Providers)
	w.strs(s.Components)
}

func (w *snapWriter) condition(c *Condition) {
	w.bool(c != nil)
	if c == nil {
		return
	}
	w.conditions(c.All)
	w.conditions(c.Any)
	w.str(c.Prop)
	w.str(string(c.Op))
	w.value(c.Value)
	w.len(len(c.Values))
	for _, v := range c.Values {
		w.value(v)
	}
	w.str(c.Ref)
	w.pos(c.Pos)
}

func (w *snapWriter) conditions(list []*Condition) {
	w.len(len(list))
	for _, c := range list {
		w.condition(c)
	}
}

// encodeSnapshot writes s; sources may be nil.
func encodeSnapshot(s *snapshot) []byte {
	w := &snapWriter{buf: append(make([]byte, 0, 1<<18), snapshotMagic...)}
	w.buf = binary.LittleEndian.AppendUint64(w.buf, s.Sum)
	w.len(len(s.Sources))
	for _, file := range slices.Sorted(maps.Keys(s.Sources)) {
		w.str(file)
		w.str(s.Sources[file])
	}
	w.len(len(s.Kinds))
	for _, id := range slices.Sorted(maps.Keys(s.Kinds)) {
		k := s.Kinds[id]
		w.str(k.ID)
		w.str(k.Name)
		w.str(k.Category)
		w.str(k.Description)
		w.properties(k.Properties)
		w.str(string(k.Flows.Into))
		w.str(string(k.Flows.OutOf))
		w.bool(k.Distributes != nil)
		if k.Distributes != nil {
			w.str(k.Distributes.Docs)
			w.str(k.Distributes.Note)
			w.len(len(k.Distributes.When))
			for _, c := range k.Distributes.When {
				w.str(c.Property)
				w.len(len(c.Values))
				for _, v := range c.Values {
					w.value(v)
				}
			}
		}
		w.str(k.File)
	}
	w.len(len(s.Components))
	for _, id := range slices.Sorted(maps.Keys(s.Components)) {
		c := s.Components[id]
		w.str(c.ID)
		w.str(c.Kind)
		w.str(c.Provider)
		w.str(c.Docs)
		w.str(c.Name)
		w.str(c.Summary)
		w.strs(c.Aliases)
		w.len(len(c.Defaults))
		for _, name := range slices.Sorted(maps.Keys(c.Defaults)) {
			w.str(name)
			w.value(c.Defaults[name])
		}
		w.properties(c.Declared)
		w.limits(c.Limits)
		w.guarantees(c)
		w.recoveries(c)
		w.str(c.File)
	}
	w.len(len(s.Boundaries))
	for _, id := range slices.Sorted(maps.Keys(s.Boundaries)) {
		b := s.Boundaries[id]
		w.str(b.ID)
		w.str(b.Name)
		w.str(b.Description)
		w.strs(b.In)
		w.bool(b.TopLevel)
		w.properties(b.Properties)
		w.str(b.File)
	}
	w.len(len(s.Rules))
	for _, id := range slices.Sorted(maps.Keys(s.Rules)) {
		r := s.Rules[id]
		w.str(r.ID)
		w.str(r.Name)
		w.str(r.Description)
		w.str(string(r.Severity))
		w.selector(r.Select)
		w.bool(r.Connection != nil)
		if r.Connection != nil {
			w.selector(r.Connection.From)
			w.selector(r.Connection.To)
		}
		w.condition(r.When)
		w.condition(r.Assert)
		w.fixes(r.Fixes)
		w.str(r.Message)
		w.str(r.Docs)
		w.str(r.File)
	}
	w.len(len(s.Providers))
	for _, id := range slices.Sorted(maps.Keys(s.Providers)) {
		w.str(s.Providers[id].ID)
		w.str(s.Providers[id].Name)
	}
	w.len(len(s.Categories))
	for _, id := range slices.Sorted(maps.Keys(s.Categories)) {
		w.str(s.Categories[id].ID)
		w.str(s.Categories[id].Name)
	}
	w.len(len(s.Protocols))
	for _, id := range slices.Sorted(maps.Keys(s.Protocols)) {
		w.str(s.Protocols[id].ID)
		w.str(s.Protocols[id].Name)
	}
	return w.buf
}

// snapReader decodes a snapshot. Strings are slices of data, which is never
// copied. The first problem is kept in err and every later read returns a
// zero value, so the decoder checks once, at the end.
type snapReader struct {
	data string
	off  int
	err  error
}

var errSnapshotTruncated = errors.New("catalogue snapshot: truncated or damaged")

func (r *snapReader) fail() {
	if r.err == nil {
		r.err = errSnapshotTruncated
	}
	r.off = len(r.data)
}

func (r *snapReader) uint() uint64 {
	var n uint64
	for shift := 0; shift < 64; shift += 7 {
		if r.off >= len(r.data) {
			break
		}
		b := r.data[r.off]
		r.off++
		n |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return n
		}
	}
	r.fail()
	return 0
}

func (r *snapReader) int() int64 {
	u := r.uint()
	return int64(u>>1) ^ -int64(u&1)
}

// len reads a length or count, which cannot exceed the bytes left (every
// element takes at least one).
func (r *snapReader) len() int {
	n := r.uint()
	if n > uint64(len(r.data)-r.off) {
		r.fail()
		return 0
	}
	return int(n)
}

func (r *snapReader) str() string {
	n := r.len()
	s := r.data[r.off : r.off+n]
	r.off += n
	return s
}

func (r *snapReader) byte() byte {
	if r.off >= len(r.data) {
		r.fail()
		return 0
	}
	b := r.data[r.off]
	r.off++
	return b
}

func (r *snapReader) bool() bool { return r.byte() == 1 }

func (r *snapReader) strs() []string {
	n := r.len()
	if n == 0 {
		return nil
	}
	list := make([]string, n)
	for i := range list {
		list[i] = r.str()
	}
	return list
}

func (r *snapReader) pos() Pos {
	return Pos{File: r.str(), Line: int(r.int()), Column: int(r.int())}
}

func (r *snapReader) value() Value {
	switch kind := valueKind(r.byte()); kind {
	case noValue:
		return Value{}
	case stringValue:
		return StringValue(r.str())
	case intValue:
		return IntValue(r.int())
	case boolValue:
		return BoolValue(r.bool())
	}
	r.fail()
	return Value{}
}

func (r *snapReader) optInt() *int64 {
	if !r.bool() {
		return nil
	}
	n := r.int()
	return &n
}

func (r *snapReader) property() *Property {
	return &Property{
		Name: r.str(), Type: Type(r.str()), Values: r.strs(), Default: r.value(),
		Required: r.bool(), Advanced: r.bool(), Minimum: r.optInt(), Maximum: r.optInt(),
		Description: r.str(), Formerly: r.strs(), Aliases: r.strs(), Pos: r.pos(),
	}
}

func (r *snapReader) properties() map[string]*Property {
	n := r.len()
	m := make(map[string]*Property, n)
	for range n {
		p := r.property()
		m[p.Name] = p
	}
	return m
}

func (r *snapReader) limits() map[string]*Limit {
	n := r.len()
	m := make(map[string]*Limit, n)
	for range n {
		l := &Limit{Property: r.str(), Minimum: r.optInt(), Maximum: r.optInt()}
		if k := r.len(); k > 0 {
			l.Values = make([]Value, k)
			for i := range l.Values {
				l.Values[i] = r.value()
			}
		}
		l.Docs, l.Note, l.Pos = r.str(), r.str(), r.pos()
		m[l.Property] = l
	}
	return m
}

func (r *snapReader) guarantees() ([]SLA, []Durability) {
	settings := func() []Setting {
		n := r.len()
		if n == 0 {
			return nil
		}
		list := make([]Setting, n)
		for i := range list {
			list[i] = Setting{Property: r.str(), Value: r.value()}
		}
		return list
	}
	var slas []SLA
	for range r.len() {
		slas = append(slas, SLA{Uptime: float64(r.int()) / 1e4, When: settings(), Zones: int(r.int()), Docs: r.str(), Note: r.str(), Pos: r.pos()})
	}
	var durs []Durability
	for range r.len() {
		durs = append(durs, Durability{FailuresTolerated: int(r.int()), Of: r.str(), When: settings(), Docs: r.str(), Note: r.str(), Pos: r.pos()})
	}
	return slas, durs
}

func (r *snapReader) fixes() []FixOption {
	n := r.len()
	if n == 0 {
		return nil
	}
	list := make([]FixOption, n)
	for i := range list {
		list[i].End = r.str()
		list[i].Set = make([]Setting, r.len())
		for j := range list[i].Set {
			list[i].Set[j] = Setting{Property: r.str(), Value: r.value()}
		}
	}
	return list
}

func (r *snapReader) selector() Selector {
	return Selector{Kinds: r.strs(), Categories: r.strs(), Providers: r.strs(), Components: r.strs()}
}

func (r *snapReader) condition(depth int) *Condition {
	if !r.bool() {
		return nil
	}
	if depth > maxConditionDepth {
		r.fail()
		return nil
	}
	c := &Condition{All: r.conditions(depth), Any: r.conditions(depth), Prop: r.str(), Op: Op(r.str()), Value: r.value()}
	if n := r.len(); n > 0 {
		c.Values = make([]Value, n)
		for i := range c.Values {
			c.Values[i] = r.value()
		}
	}
	c.Ref, c.Pos = r.str(), r.pos()
	return c
}

func (r *snapReader) conditions(depth int) []*Condition {
	n := r.len()
	if n == 0 {
		return nil
	}
	list := make([]*Condition, n)
	for i := range list {
		list[i] = r.condition(depth + 1)
	}
	return list
}

// decodeSnapshot reads what encodeSnapshot wrote.
func decodeSnapshot(data string) (*snapshot, error) {
	if len(data) < len(snapshotMagic)+8 || data[:len(snapshotMagic)-1] != snapshotMagic[:len(snapshotMagic)-1] {
		return nil, errors.New("catalogue snapshot: not a catalogue snapshot")
	}
	if v := data[len(snapshotMagic)-1]; v != snapshotMagic[len(snapshotMagic)-1] {
		return nil, fmt.Errorf("catalogue snapshot: format %d, this version reads %d", v, snapshotMagic[len(snapshotMagic)-1])
	}
	r := &snapReader{data: data, off: len(snapshotMagic) + 8}
	s := &snapshot{Sum: binary.LittleEndian.Uint64([]byte(data[len(snapshotMagic):r.off]))}
	if n := r.len(); n > 0 {
		s.Sources = make(map[string]string, n)
		for range n {
			file := r.str()
			s.Sources[file] = r.str()
		}
	}
	n := r.len()
	s.Kinds = make(map[string]*Kind, n)
	for range n {
		k := &Kind{ID: r.str(), Name: r.str(), Category: r.str(), Description: r.str(), Properties: r.properties()}
		k.Flows = KindFlows{Into: Flow(r.str()), OutOf: Flow(r.str())}
		if r.bool() {
			dist := &Distribution{Docs: r.str(), Note: r.str()}
			for range r.len() {
				c := OneOf{Property: r.str()}
				for range r.len() {
					c.Values = append(c.Values, r.value())
				}
				dist.When = append(dist.When, c)
			}
			k.Distributes = dist
		}
		k.File = r.str()
		s.Kinds[k.ID] = k
	}
	n = r.len()
	s.Components = make(map[string]*Component, n)
	for range n {
		c := &Component{ID: r.str(), Kind: r.str(), Provider: r.str(), Docs: r.str(), Name: r.str(), Summary: r.str(), Aliases: r.strs()}
		m := r.len()
		c.Defaults = make(map[string]Value, m)
		for range m {
			name := r.str()
			c.Defaults[name] = r.value()
		}
		c.Declared, c.Limits = r.properties(), r.limits()
		c.SLA, c.Durability = r.guarantees()
		c.Recovery = r.recoveries()
		c.File = r.str()
		s.Components[c.ID] = c
	}
	n = r.len()
	s.Boundaries = make(map[string]*Boundary, n)
	for range n {
		b := &Boundary{ID: r.str(), Name: r.str(), Description: r.str(), In: r.strs(), TopLevel: r.bool(), Properties: r.properties(), File: r.str()}
		s.Boundaries[b.ID] = b
	}
	n = r.len()
	s.Rules = make(map[string]*Rule, n)
	for range n {
		rule := &Rule{ID: r.str(), Name: r.str(), Description: r.str(), Severity: Severity(r.str()), Select: r.selector()}
		if r.bool() {
			rule.Connection = &Connection{From: r.selector(), To: r.selector()}
		}
		rule.When, rule.Assert, rule.Fixes = r.condition(0), r.condition(0), r.fixes()
		rule.Message, rule.Docs, rule.File = r.str(), r.str(), r.str()
		s.Rules[rule.ID] = rule
	}
	n = r.len()
	s.Providers = make(map[string]*Provider, n)
	for range n {
		p := &Provider{ID: r.str(), Name: r.str()}
		s.Providers[p.ID] = p
	}
	n = r.len()
	s.Categories = make(map[string]*Category, n)
	for range n {
		c := &Category{ID: r.str(), Name: r.str()}
		s.Categories[c.ID] = c
	}
	n = r.len()
	s.Protocols = make(map[string]*Protocol, n)
	for range n {
		p := &Protocol{ID: r.str(), Name: r.str()}
		s.Protocols[p.ID] = p
	}
	if r.err == nil && r.off != len(r.data) {
		r.err = errors.New("catalogue snapshot: unexpected data after the catalogue")
	}
	if r.err != nil {
		return nil, r.err
	}
	return s, nil
}
