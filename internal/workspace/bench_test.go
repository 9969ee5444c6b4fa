package workspace

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// BenchmarkFanOut50: 50 clients on one design, on the embedded server; each
// iteration one of them sends a change and the benchmark waits until the
// other 49 have it. It reports the p95 of the time from sending to a
// client's receipt, and the server's heap per live connection.
func BenchmarkFanOut50(b *testing.B) {
	const clients = 50
	ts := open(b, b.TempDir(), jwtAuth(), Limits{ChangesPerSecond: 1e6, ChangeBurst: 1 << 20, ConnectionsPerUser: clients})
	alice := token(b, "alice", time.Hour)
	id := create(b, ts, alice)
	url := "ws" + strings.TrimPrefix(ts.url, "http") + "/api/workspace/designs/" + id + "/live"
	ctx := context.Background()
	var mu sync.Mutex
	var sent time.Time
	var latencies []time.Duration
	got := make(chan struct{}, clients*4)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	conns := make([]*websocket.Conn, clients)
	for i := range conns {
		conn, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer conn.CloseNow()
		hello, _ := json.Marshal(ClientMessage{Type: "hello", Token: alice})
		conn.Write(ctx, websocket.MessageText, hello)
		conns[i] = conn
		go func() {
			for {
				_, data, err := conn.Read(ctx)
				if err != nil {
					return
				}
				if strings.Contains(string(data), `"type":"change"`) {
					mu.Lock()
					latencies = append(latencies, time.Since(sent))
					mu.Unlock()
					got <- struct{}{}
				}
			}
		}()
	}
	time.Sleep(200 * time.Millisecond) // every hello taken
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		change, _ := json.Marshal(ClientMessage{Type: "change", ID: fmt.Sprintf("c-%d", i), Change: addChange(fmt.Sprintf("n%d", i))})
		mu.Lock()
		sent = time.Now()
		mu.Unlock()
		if err := conns[i%clients].Write(ctx, websocket.MessageText, change); err != nil {
			b.Fatal(err)
		}
		for range clients {
			select {
			case <-got:
			case <-time.After(10 * time.Second):
				b.Fatal("a change did not reach every client in 10 s")
			}
		}
	}
	b.StopTimer()
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	if len(latencies) > 0 {
		b.ReportMetric(float64(latencies[len(latencies)*95/100].Microseconds())/1000, "p95-ms")
	}
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/clients/1024, "KiB/conn")
}
