package server

import (
	"net/http/httptest"
	"runtime"
	"testing"
)

// Serving pages keeps no memory or goroutines per request: after a warm-up,
// a thousand more rounds leave the heap (after a collection) and the
// goroutine count where they were. The load test (make load) shows the same
// under 200 connections.
func TestNoGrowthPerRequest(t *testing.T) {
	h, err := New(webFixture(t), with(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	round := func() {
		for _, p := range []string{"/", "/catalogue/kinds/stream", "/catalogue/components/kafka.md"} {
			h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "http://127.0.0.1:8000"+p, nil))
		}
	}
	for range 100 {
		round()
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	goroutines := runtime.NumGoroutine()
	for range 1000 {
		round()
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if n := runtime.NumGoroutine(); n > goroutines {
		t.Errorf("goroutines %d -> %d", goroutines, n)
	}
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 512<<10 {
		t.Errorf("the heap grew by %d KB over 3,000 requests", grew>>10)
	}
}
