package app

import "time"

// Reconnect is when a live link's socket connects again after a loss (see
// Workspace.Dial): after a wait that doubles from FirstRetry to MaxRetry
// while losses follow short connections, at once after close code 4000
// (too slow: resync) when the connection before lasted, and never after a
// close that says reconnecting cannot help. A connection that lasted (the
// server took its hello, and it stayed Lasting) starts the waits afresh.
// Without the last rule a client too slow for its design was dropped,
// came back at once, and was dropped again, for as long as it stayed.
// Its zero value is ready to use.
type Reconnect struct {
	wait time.Duration // the wait after the next loss, 0 for FirstRetry
}

// The waits of Reconnect.
const (
	FirstRetry = 500 * time.Millisecond
	MaxRetry   = 30 * time.Second
	// Lasting is how long a connection stays for the next loss to be
	// taken as a new one, not as the same trouble again.
	Lasting = 10 * time.Second
)

// FinalClose reports whether close code says reconnecting cannot help (see
// the README's Team server): 4001 no identity (the token is missing,
// refused or expired: only a fresh one helps), 4002 not a hello, 4004 no
// such design (deleted, or access removed).
func FinalClose(code int) bool { return code == 4001 || code == 4002 || code == 4004 }

// Lost returns how long to wait before connecting again after a loss with
// close code, -1 for never; lasted is how long the server had taken the
// connection's hello (0 when it never did).
func (r *Reconnect) Lost(code int, lasted time.Duration) time.Duration {
	if FinalClose(code) {
		return -1
	}
	if lasted >= Lasting {
		r.wait = 0
		if code == 4000 {
			return 0 // too slow once: resync at once
		}
	}
	wait := max(r.wait, FirstRetry)
	r.wait = min(wait*2, MaxRetry)
	return wait
}
