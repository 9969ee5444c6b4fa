package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/netip"
	"os"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/internal/workspace"
)

// defaultDataDir is where the embedded NATS server keeps the workspace
// when --data is not given; .gitignore ignores it.
const defaultDataDir = ".workspace"

// serveWorkspace holds serve's workspace flags.
type serveWorkspace struct {
	enabled      bool
	data         string
	nats         string
	authHeader   string
	trustedProxy string
	jwtKey       string
	jwtAudience  string
	jwtIssuer    string
}

func workspaceFlags(fs *flag.FlagSet) *serveWorkspace {
	w := &serveWorkspace{}
	fs.BoolVar(&w.enabled, "workspace", true, "serve the team workspace at /api/workspace/ (false: the editor only)")
	fs.StringVar(&w.data, "data", defaultDataDir, "the `DIR` where the embedded NATS server keeps the workspace")
	fs.StringVar(&w.nats, "nats", "", "an external NATS cluster's `URL[,URL…]` instead of the embedded server (streams with 3 replicas)")
	fs.StringVar(&w.authHeader, "auth-header", "", "the trusted proxy's header `NAME` that names the user")
	fs.StringVar(&w.trustedProxy, "trusted-proxy", "", "the proxy's addresses, `CIDR[,…]`; --auth-header is honoured only from them")
	fs.StringVar(&w.jwtKey, "jwt-key", "", "the `FILE` that verifies the portal's tokens: an Ed25519 public key (PEM) or an HS256 secret of 32 bytes or more")
	fs.StringVar(&w.jwtAudience, "jwt-audience", "", "the `AUD` a portal's token must name (its aud claim); with --jwt-key")
	fs.StringVar(&w.jwtIssuer, "jwt-issuer", "", "the `ISS` a portal's token must have (its iss claim); with --jwt-key")
	return w
}

// open checks the flags and opens the workspace. Without --auth-header or
// --jwt-key there is one local user, and addr must be a loopback address.
// It returns what to tell the user about the workspace once the server
// listens.
func (w *serveWorkspace) open(addr string, cat *catalogue.Catalogue) (*workspace.Workspace, string, error) {
	var auth workspace.Auth
	if w.authHeader != "" {
		if w.trustedProxy == "" {
			return nil, "", errors.New("--auth-header needs --trusted-proxy CIDR[,…]: the header is honoured only from the proxy's addresses")
		}
		proxies, err := workspace.ParseProxies(w.trustedProxy)
		if err != nil {
			return nil, "", fmt.Errorf("--trusted-proxy: %v", err)
		}
		auth.Header, auth.TrustedProxies = w.authHeader, proxies
	} else if w.trustedProxy != "" {
		return nil, "", errors.New("--trusted-proxy is for --auth-header NAME; give both")
	}
	if w.jwtKey != "" {
		data, err := os.ReadFile(w.jwtKey)
		if err != nil {
			return nil, "", fmt.Errorf("--jwt-key: %v", err)
		}
		if auth.Key, err = workspace.ParseKey(data); err != nil {
			return nil, "", fmt.Errorf("--jwt-key %s: %v", w.jwtKey, err)
		}
		auth.Audience, auth.Issuer = w.jwtAudience, w.jwtIssuer
	} else if w.jwtAudience != "" || w.jwtIssuer != "" {
		return nil, "", errors.New("--jwt-audience and --jwt-issuer check the portal's tokens: give --jwt-key FILE too")
	}
	if auth.Local() {
		if !loopback(addr) {
			return nil, "", fmt.Errorf("--addr %s is not a loopback address: without --auth-header or --jwt-key the workspace has one local user and serves only loopback (or pass --workspace=false to serve the editor alone)", addr)
		}
	}
	cfg := workspace.Config{Catalogue: cat, Codec: workspace.PatchCodec{}, Auth: auth, Log: log.New(os.Stderr, "", log.LstdFlags)}
	if w.nats != "" {
		cfg.URLs = strings.Split(w.nats, ",")
	} else {
		if err := os.MkdirAll(w.data, 0o700); err != nil {
			return nil, "", fmt.Errorf("--data: %v", err)
		}
		cfg.Dir = w.data
	}
	ws, err := workspace.Open(cfg)
	if err != nil {
		return nil, "", err
	}
	say := fmt.Sprintf("designer: workspace in %s (embedded NATS, no network listener)", w.data)
	if w.nats != "" {
		say = "designer: workspace on the NATS cluster at " + w.nats
	}
	if auth.Local() {
		say += "\ndesigner: the workspace has one local user (no --auth-header or --jwt-key), on loopback only"
	}
	return ws, say, nil
}

// loopback reports whether addr's host is a loopback address or localhost.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.IsLoopback()
}
