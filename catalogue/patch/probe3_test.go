package patch

import (
	"runtime"
	"strings"
	"testing"
)

func TestProbeDecode(t *testing.T) {
	for _, s := range []string{
		`{"id":"a","base":0,"ops":[],"id":"b"}`,
		`{"ID":"a","Base":0,"OPS":[]}`,
		`{"id":"a","base":0,"ops":[{"op":"setNode","key":{"id":"x"},"field":"name","value":"a","value":"b"}]}`,
		`{"id":"a","base":0,"ops":[{"op":"setNode","key":{"id":"x"},"field":"name","value":"a\xff"}]}`,
		`{"id":"a","base":0,"ops":[{"op":"setNode","key":{"id":"x"},"field":"props.a","value":"a\xff"}]}`,
		`{"id":"a","base":0,"ops":[{"op":"setNode","key":{"id":"x"},"field":"props.a","value":1e400}]}`,
		`{"id":"a","base":0,"ops":[{"op":"setNode","key":{"id":"x"},"field":"assume.availability","value":1e400}]}`,
		`{"id":"a","base":1e400,"ops":[]}`,
		`{"id":"a","base":0,"ops":[{"op":"addNode","key":{"id":"x"},"value":{"component":"c","props":{"a":1,"a":2}}}]}`,
		`{"id":"a","base":0,"ops":[{"op":"setNode","key":{"id":"x"},"field":"props.a","value":1.5}]}`,
		`{"id":"a","base":0,"ops":[{"op":"setNode","key":{"id":"x"},"field":"durability","value":1e2}]}`,
		`{"id":"a","base":0,"ops":[{"op":"setNode","key":{"id":"x"},"field":"props.a","value":99999999999999999999}]}`,
		`{"id":"a","base":0,"ops":[{"op":"setNode","key":{"id":"x"},"field":"name","value":"x"}, {"op":"setNode","key":{"id":"x"},"field":"bogus","value":"x"}]}`,
		`{"id":"a","base":0,"ops":[{"op":"addEdge","key":{"from":"a","to":"b","n":1e400}, "value":{}}]}`,
		`{"id":"a","base":0,"ops":[{"op":"addEdge","key":{"from":"a","to":"b"}, "value":{"label":"x"}}]}` + "\xff",
		`{"id":"a","base":0,"ops":[` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `]}`,
	} {
		_, err := DecodeChange([]byte(s), DefaultLimits())
		if len(s) > 200 {
			s = s[:200]
		}
		t.Logf("%s\n  -> %v", s, err)
	}
	msg := `{"id":"a","base":0,"ops":[` + strings.Repeat("{},", (4<<20)/3-20) + `{}]}`
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	_, err := DecodeChange([]byte(msg), DefaultLimits())
	runtime.ReadMemStats(&m1)
	t.Logf("len %d err %v alloc %d MB mallocs %d", len(msg), err, (m1.TotalAlloc-m0.TotalAlloc)>>20, m1.Mallocs-m0.Mallocs)
}
