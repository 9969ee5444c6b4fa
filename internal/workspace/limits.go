package workspace

import (
	"sync"
	"time"
)

// Limits bound what one user, one design and one client may do.
type Limits struct {
	// DesignsPerUser bounds the designs a user owns.
	DesignsPerUser int
	// MembersPerDesign bounds a design's members, its owner included.
	MembersPerDesign int
	// DesignBytes bounds a design's YAML, as created and after a change.
	DesignBytes int
	// MessageBytes bounds one WebSocket message, and so one change.
	MessageBytes int
	// ChangesPerSecond and ChangeBurst bound one user's changes to one
	// design on this server, over all their connections.
	ChangesPerSecond float64
	ChangeBurst      int
	// ConnectionsPerDesign bounds one design's live clients on this server.
	ConnectionsPerDesign int
	// ConnectionsPerUser bounds one user's live clients of one design on
	// this server, so that one member cannot fill the design's.
	ConnectionsPerUser int
	// PendingHellos bounds the live connections on this server that have
	// not yet sent their hello (and so are nobody's yet).
	PendingHellos int
	// Queue bounds the messages waiting to go to one client; a client that
	// falls further behind is dropped and resyncs.
	Queue int
	// CatchUp is how many changes the server keeps in memory per live
	// design; a client further behind gets a snapshot.
	CatchUp int
	// SnapshotEvery is how many changes go by between snapshots.
	SnapshotEvery int
	// PresenceTTL is how long a presence lasts without news.
	PresenceTTL time.Duration
}

// DefaultLimits are what `designer serve` uses.
func DefaultLimits() Limits {
	return Limits{
		DesignsPerUser: 200, MembersPerDesign: 50, DesignBytes: 4 << 20, MessageBytes: 64 << 10,
		ChangesPerSecond: 20, ChangeBurst: 40, ConnectionsPerDesign: 100, ConnectionsPerUser: 10, PendingHellos: 1000, Queue: 256, CatchUp: 1000,
		SnapshotEvery: 200, PresenceTTL: 5 * time.Second,
	}
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	set := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	set(&l.DesignsPerUser, d.DesignsPerUser)
	set(&l.MembersPerDesign, d.MembersPerDesign)
	set(&l.DesignBytes, d.DesignBytes)
	set(&l.MessageBytes, d.MessageBytes)
	set(&l.ChangeBurst, d.ChangeBurst)
	set(&l.ConnectionsPerDesign, d.ConnectionsPerDesign)
	set(&l.ConnectionsPerUser, d.ConnectionsPerUser)
	set(&l.PendingHellos, d.PendingHellos)
	set(&l.Queue, d.Queue)
	set(&l.CatchUp, d.CatchUp)
	set(&l.SnapshotEvery, d.SnapshotEvery)
	if l.ChangesPerSecond <= 0 {
		l.ChangesPerSecond = d.ChangesPerSecond
	}
	if l.PresenceTTL <= 0 {
		l.PresenceTTL = d.PresenceTTL
	}
	return l
}

// bucket is a token bucket: rate tokens a second, up to burst.
type bucket struct {
	mu     sync.Mutex
	rate   float64
	burst  float64
	tokens float64
	last   time.Time
}

func newBucket(rate float64, burst int) *bucket {
	return &bucket{rate: rate, burst: float64(burst), tokens: float64(burst), last: time.Now()}
}

// take reports whether one more event is allowed now.
func (b *bucket) take(now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
