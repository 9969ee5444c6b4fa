// Package workspace keeps a team's shared designs in NATS JetStream and lets
// people edit one design together over a WebSocket.
//
// NATS is both the broker and the store: the index of designs (name, owner,
// members, updated, last sequence) is a key-value bucket; each design's
// changes are one subject of one stream (ws.changes.<id>), appended with the
// change's id as Nats-Msg-Id so that a resend is stored once; snapshots
// (a design's YAML and the sequence it includes) sit in an object store, so
// that reading a design is its snapshot plus the changes after it. Presence
// (who is here, their pointer and selection) goes over core NATS subjects
// and is never stored.
//
// By default Open starts nats-server in-process with JetStream on disk and
// no network listener; with URLs it uses an external cluster, with three
// replicas. Changes are opaque here: a Codec checks and applies them
// (PatchCodec, catalogue/patch's changes, is the one `designer serve` uses).
//
// The package is native only: the wasm build never links it.
package workspace

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/archdesigner/designer/catalogue"
)

// Codec checks and applies changes, which the workspace keeps opaque.
type Codec interface {
	// Check decodes and validates one change (bounded), returning its id.
	Check(change []byte) (id string, err error)
	// Apply returns the design (YAML, as catalogue.EncodeDesignYAML writes
	// it) after the change.
	Apply(design []byte, change []byte) ([]byte, error)
}

// Config says where the workspace keeps its designs and who may use it.
type Config struct {
	// Dir is where the embedded server keeps JetStream's files; used when
	// URLs is empty.
	Dir string
	// URLs are an external NATS cluster's ("nats://a:4222"); streams and
	// buckets then have Replicas (3 by default).
	URLs     []string
	Replicas int
	// Catalogue checks designs as they are created; required.
	Catalogue *catalogue.Catalogue
	// Codec checks and applies changes; required.
	Codec Codec
	// Auth says who a request comes from.
	Auth Auth
	// Limits bound what a user, a design and a client may do; a zero field
	// takes DefaultLimits'.
	Limits Limits
	// Log receives what goes wrong in the background; nil discards it.
	Log *log.Logger
}

// Workspace is an open workspace: its connection to NATS, the embedded
// server if any, and the live designs that have clients here.
type Workspace struct {
	cfg      Config
	limits   Limits
	embedded *server.Server
	nc       *nats.Conn
	js       jetstream.JetStream
	index    jetstream.KeyValue
	snaps    jetstream.ObjectStore
	changes  jetstream.Stream
	log      *log.Logger

	pending atomic.Int64 // live connections waiting for their hello

	mu       sync.Mutex
	hubs     map[string]*hub
	starting map[string]chan struct{} // hubs being started, closed when done
	closed   bool
	ctx      context.Context
	cancel   context.CancelFunc
}

// Names in NATS.
const (
	indexBucket    = "ws-designs"
	snapshotStore  = "ws-snapshots"
	changeStream   = "WS_CHANGES"
	changePrefix   = "ws.changes."
	presencePrefix = "ws.presence."
	// dedupWindow is how long a change's id is remembered by JetStream: a
	// resend after a reconnect within it is stored once.
	dedupWindow = 10 * time.Minute
)

// Open connects to NATS (starting the embedded server when cfg.URLs is
// empty) and makes sure the stream and buckets exist.
func Open(cfg Config) (*Workspace, error) {
	if cfg.Catalogue == nil || cfg.Codec == nil {
		return nil, errors.New("workspace: Config needs a Catalogue and a Codec")
	}
	w := &Workspace{cfg: cfg, limits: cfg.Limits.withDefaults(), hubs: map[string]*hub{}, starting: map[string]chan struct{}{}, log: cfg.Log}
	if w.log == nil {
		w.log = log.New(discard{}, "", 0)
	}
	w.ctx, w.cancel = context.WithCancel(context.Background())
	replicas := 1
	var err error
	if len(cfg.URLs) == 0 {
		if cfg.Dir == "" {
			return nil, errors.New("workspace: Config needs Dir (the embedded server's store) or URLs")
		}
		w.embedded, err = startEmbedded(cfg.Dir)
		if err != nil {
			return nil, err
		}
		w.nc, err = nats.Connect(w.embedded.ClientURL(), nats.InProcessServer(w.embedded), nats.Name("designer"))
	} else {
		replicas = cfg.Replicas
		if replicas == 0 {
			replicas = 3
		}
		w.nc, err = nats.Connect(strings.Join(cfg.URLs, ","), nats.Name("designer"), nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond))
	}
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("workspace: connect to NATS: %w", err)
	}
	if err := w.setUp(replicas); err != nil {
		w.Close()
		return nil, fmt.Errorf("workspace: set up JetStream: %w", err)
	}
	return w, nil
}

func (w *Workspace) setUp(replicas int) error {
	var err error
	if w.js, err = jetstream.New(w.nc); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(w.ctx, 30*time.Second)
	defer cancel()
	// What exists is used as it is: another server made it, and an update
	// of a replicated stream's configuration waits for every peer, which a
	// cluster that lost a node does not have (a server restarted then
	// could not start). What is missing is made.
	if w.index, err = w.js.KeyValue(ctx, indexBucket); errors.Is(err, jetstream.ErrBucketNotFound) {
		w.index, err = w.js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
			Bucket: indexBucket, Description: "the workspace's designs: name, owner, members, updated, last sequence",
			History: 1, Replicas: replicas, Storage: jetstream.FileStorage,
		})
	}
	if err != nil {
		return fmt.Errorf("bucket %s: %w", indexBucket, err)
	}
	if w.snaps, err = w.js.ObjectStore(ctx, snapshotStore); errors.Is(err, jetstream.ErrBucketNotFound) {
		w.snaps, err = w.js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{
			Bucket: snapshotStore, Description: "each design's latest snapshot and the sequence it includes",
			Replicas: replicas, Storage: jetstream.FileStorage,
		})
	}
	if err != nil {
		return fmt.Errorf("object store %s: %w", snapshotStore, err)
	}
	want := jetstream.StreamConfig{
		Name: changeStream, Description: "every design's changes, one subject per design",
		Subjects: []string{changePrefix + "*"}, Storage: jetstream.FileStorage, Replicas: replicas,
		Duplicates: dedupWindow, MaxMsgSize: int32(w.limits.MessageBytes) + 4096,
		// Any replica answers "the last change of this design", so reads
		// go on while a lost node's streams elect new leaders.
		AllowDirect: true,
	}
	if w.changes, err = w.js.Stream(ctx, changeStream); err == nil {
		// Made by an earlier version, or with other limits: brought up to
		// this one's (which needs every peer).
		if got := w.changes.CachedInfo().Config; got.Duplicates != want.Duplicates || got.MaxMsgSize != want.MaxMsgSize || !got.AllowDirect {
			w.changes, err = w.js.CreateOrUpdateStream(ctx, want)
		}
	} else if errors.Is(err, jetstream.ErrStreamNotFound) {
		w.changes, err = w.js.CreateOrUpdateStream(ctx, want)
	}
	if err != nil {
		return fmt.Errorf("stream %s: %w", changeStream, err)
	}
	return nil
}

// startEmbedded runs nats-server in this process with JetStream's files
// under dir and no network listener: only this process connects to it.
func startEmbedded(dir string) (*server.Server, error) {
	ns, err := server.NewServer(&server.Options{
		ServerName: "designer", JetStream: true, StoreDir: dir, DontListen: true, NoSigs: true, NoLog: true,
		MaxPayload: 8 << 20,
	})
	if err != nil {
		return nil, fmt.Errorf("workspace: embedded NATS: %w", err)
	}
	ns.Start()
	if !ns.ReadyForConnections(30 * time.Second) {
		ns.Shutdown()
		return nil, errors.New("workspace: the embedded NATS server did not start within 30 s")
	}
	return ns, nil
}

// Close ends every live connection (they resync elsewhere or later), then
// the connection to NATS and the embedded server, waiting for it to stop.
func (w *Workspace) Close() error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return nil
	}
	w.closed = true
	hubs := make([]*hub, 0, len(w.hubs))
	for _, h := range w.hubs {
		hubs = append(hubs, h)
	}
	w.mu.Unlock()
	var wg sync.WaitGroup
	for _, h := range hubs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.shutdown(closeGoingAway, "the server is stopping; reconnect and resync")
		}()
	}
	wg.Wait()
	w.cancel()
	if w.nc != nil {
		w.nc.Drain()
		for i := 0; i < 100 && !w.nc.IsClosed(); i++ {
			time.Sleep(20 * time.Millisecond)
		}
		w.nc.Close()
	}
	if w.embedded != nil {
		w.embedded.Shutdown()
		w.embedded.WaitForShutdown()
	}
	return nil
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
