package app

import (
	"errors"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Platform is what the editor needs from the browser beyond rendering. The
// wasm entry point provides the real one; prerendering and native tests run
// without one (nil), or with a fake.
type Platform interface {
	// Load returns the value stored under key, and whether there was one:
	// small settings, kept at once (localStorage in a browser).
	Load(key string) (string, bool, error)
	// Store keeps value under key; it fails when storage is full or denied.
	Store(key, value string) error
	// Remove deletes what Store kept under key.
	Remove(key string)
	// LoadDesign reads what StoreDesign kept under key and calls done with
	// it and whether there was one, on any goroutine.
	LoadDesign(key string, done func(value string, ok bool, err error))
	// StoreDesign keeps value under key in storage that holds a large
	// design (IndexedDB in a browser), tells the app's other tabs (see
	// Watch), and calls done with the outcome, on any goroutine.
	StoreDesign(key, value string, done func(error))
	// RemoveDesign deletes what StoreDesign kept under key and calls done
	// with the outcome, on any goroutine.
	RemoveDesign(key string, done func(error))
	// StorageEstimate calls done with the bytes the app's storage uses and
	// may use (0 and 0 when the browser does not say), on any goroutine.
	StorageEstimate(done func(usage, quota float64))
	// Download offers data to the user as a file.
	Download(filename, mimeType string, data []byte) error
	// CopyText puts text on the clipboard and calls done with the outcome,
	// on any goroutine.
	CopyText(text string, done func(error))
	// DrawPNG draws an SVG document as a PNG at scale and calls done with
	// the PNG's bytes, on any goroutine.
	DrawPNG(svg string, scale float64, done func(png []byte, err error))
	// ReadFile reads a File object (from a file input or a drop) and calls
	// done with its name and content, on any goroutine.
	ReadFile(file app.Value, done func(name string, data []byte, err error))
	// Watch calls changed with the new value whenever another tab stores
	// key (with Store or StoreDesign), and returns the function that stops
	// watching.
	Watch(key string, changed func(value string)) func()
	// Persist asks the browser to keep the app's storage under pressure
	// (best effort; browsers may decline).
	Persist()
	// Started tells the app's service worker that a page has drawn itself:
	// on a first visit it waits for this before it precaches the app.
	Started()
	// ListenToHost calls h with the origin and text of every string message
	// the parent window (an embedding host) posts, on any goroutine, and
	// returns the function that stops listening. Messages from other windows
	// never reach h.
	ListenToHost(h func(origin, data string)) func()
	// PostToHost posts data to the parent window; the browser delivers it
	// only if the parent is at origin.
	PostToHost(origin, data string)
}

// Storage keys. Each design's own are library.DesignKey, ExitKey (the
// design kept in localStorage as the page goes; DesignKey there is an older
// editor's, or a test's), UnreadableKey, HistoryKey and VersionKey.
const (
	keyLibrary = "designer.library" // the index of the designs (library.Index)
	// keyLibraryDamaged keeps an index that no longer reads, aside.
	keyLibraryDamaged = "designer.library.damaged"
	// keyImportReport, with a design's id, keeps what an import left out
	// for the page that opens the imported design to show.
	keyImportReport = "designer.importReport/"
	keyView         = "designer.view"   // with a design id (see viewKey), its pan and zoom
	keyPanels       = "designer.panels" // the side panels' widths the user chose
)

// WorkspaceEnv names the go-app environment variable that the server sets
// when it serves a team workspace at /api/workspace/: without it (a static
// host, `designer serve --workspace=false`) the editor asks nothing of one.
const WorkspaceEnv = "DESIGNER_WORKSPACE"

// ErrNoWorkspace is Workspace.Request's error when the page was served
// without a workspace (see WorkspaceEnv): nothing was asked.
var ErrNoWorkspace = errors.New("the host serves no team workspace")

// Workspace is the team server's workspace (issue 41) as the editor reaches
// it on the host that serves it. The browser's Platform implements it too;
// a Platform that does not (prerendering, tests) has no workspace, and the
// editor shows none.
type Workspace interface {
	// Request calls the workspace's HTTP API: method, a path under
	// /api/workspace/, a JSON body (nil for none). done gets the status
	// and the body, or status 0 and an error when no answer came, on any
	// goroutine; ErrNoWorkspace, at once, when the host serves none.
	Request(method, path string, body []byte, done func(status int, data []byte, err error))
	// Authorize makes token (a portal's, given through the embed
	// protocol) go in Authorization: Bearer on every Request from now on
	// ("" for none). It is held in memory only, never stored.
	Authorize(token string)
	// Dial opens a WebSocket at path on the serving host and keeps it open:
	// after a loss it reconnects when Reconnect says (with jitter) until
	// the Socket is closed, and never after a FinalClose. ev hears it, on
	// any goroutine.
	Dial(path string, ev SocketEvents) Socket
}

// SocketEvents is what a Socket tells: each Open (the first and every
// reconnection), each text message, and each loss with its close code and
// reason and when it is tried again (-1: never).
type SocketEvents struct {
	Open    func()
	Message func(text string)
	Closed  func(code int, reason string, retryIn time.Duration)
}

// Socket is a WebSocket that Dial keeps open.
type Socket interface {
	// Send writes one text message, or says false when the socket is not
	// open (the caller sends it again after the next Open).
	Send(text string) bool
	// Close closes it for good.
	Close()
}
