package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/archdesigner/designer/internal/server"
	"github.com/archdesigner/designer/internal/workspace"
)

// serve runs the editor's web server.
func (e *env) serve(args []string) int {
	fs := e.flags("serve")
	addr := fs.String("addr", "127.0.0.1:8000", "listen on `host:port`")
	web := fs.String("web", "web", "the `DIR` with app.wasm, icons and styles")
	base := fs.String("base-url", "", "absolute `URL` the markdown pages' links start with (default: the request's origin)")
	var origins []string
	fs.Func("embed-origin", "an `ORIGIN` (https://portal.example.com) whose pages may embed the editor; repeatable", func(v string) error {
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
			return fmt.Errorf("%q is not an origin like https://portal.example.com", v)
		}
		origins = append(origins, u.Scheme+"://"+u.Host)
		return nil
	})
	wf := workspaceFlags(fs)
	if rest, err := parse(fs, args); err != nil || len(rest) > 0 {
		fmt.Fprintln(e.stderr, "designer serve: takes only flags: --addr host:port --web DIR --base-url URL --embed-origin ORIGIN --data DIR --nats URL[,URL…] --auth-header NAME --trusted-proxy CIDR[,…] --jwt-key FILE --workspace=false")
		return exitUnusable
	}
	opts, ok := e.servedCatalogue("serve")
	if !ok {
		return exitUnusable
	}
	opts.BaseURL, opts.EmbedOrigins = *base, origins
	var ws *workspace.Workspace
	var said string
	if wf.enabled {
		var err error
		if ws, said, err = wf.open(*addr, opts.Catalogue); err != nil {
			fmt.Fprintf(e.stderr, "designer serve: %v\n", err)
			return exitUnusable
		}
		defer ws.Close()
		opts.Workspace = ws.Handler()
	}
	handler, err := server.New(*web, opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "designer serve: %v\n", err)
		return exitUnusable
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(e.stderr, "designer serve: %v\n", err)
		return exitUnusable
	}
	srv := server.HTTPServer(handler, server.DefaultLimits())
	fmt.Fprintf(e.stdout, "designer: serving the editor on http://%s\n", ln.Addr())
	if said != "" {
		fmt.Fprintln(e.stdout, said)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		<-ctx.Done()
		// Requests under way get up to 30 s to finish.
		shutdown, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(e.stderr, "designer serve: %v\n", err)
		return exitUnusable
	}
	// Serve returns as soon as Shutdown starts; wait for it to finish, or
	// the process would end the requests it is draining.
	<-drained
	return exitOK
}
