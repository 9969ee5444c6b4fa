package app

import (
	"testing"
	"time"
)

// A run of losses, each with its close code and how long the connection
// before it lasted, and the waits Reconnect gives.
func TestReconnect(t *testing.T) {
	type loss struct {
		code   int
		lasted time.Duration
		want   time.Duration
	}
	const short = time.Second
	for _, c := range []struct {
		name   string
		losses []loss
	}{
		{"always too slow backs off", []loss{
			{4000, time.Minute, 0}, // the first, after a connection that lasted: at once
			{4000, short, FirstRetry},
			{4000, short, 2 * FirstRetry},
			{4000, short, 4 * FirstRetry},
			{4000, short, 8 * FirstRetry},
		}},
		{"too slow after a connection that lasted is at once again", []loss{
			{4000, time.Minute, 0},
			{4000, short, FirstRetry},
			{4000, Lasting, 0},
			{4000, short, FirstRetry},
		}},
		{"other losses back off to the most", []loss{
			{1006, 0, FirstRetry}, {1006, 0, time.Second}, {1006, 0, 2 * time.Second}, {1006, 0, 4 * time.Second},
			{1006, 0, 8 * time.Second}, {1006, 0, 16 * time.Second}, {1006, 0, MaxRetry}, {1006, 0, MaxRetry},
		}},
		{"closed after the hello still backs off", []loss{
			{4029, short, FirstRetry}, {4029, short, time.Second}, {1013, short, 2 * time.Second},
		}},
		{"a connection that lasted starts afresh", []loss{
			{1006, 0, FirstRetry}, {1006, 0, time.Second}, {1001, time.Hour, FirstRetry}, {1006, 0, time.Second},
		}},
		{"final closes never", []loss{
			{4001, time.Hour, -1}, {4002, 0, -1}, {4004, short, -1},
		}},
	} {
		var r Reconnect
		for i, l := range c.losses {
			if got := r.Lost(l.code, l.lasted); got != l.want {
				t.Errorf("%s: loss %d (%d after %v): wait %v, want %v", c.name, i+1, l.code, l.lasted, got, l.want)
			}
		}
	}
}
