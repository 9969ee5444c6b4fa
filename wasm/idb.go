//go:build wasm

package main

import (
	"errors"
	"strings"
	"sync"

	"github.com/hack-pad/safejs"
)

// The autosaved design lives in IndexedDB: localStorage holds about 5 MB an
// origin, less than a design may have (10 MiB). The database has one object
// store of strings by key. Every call is asynchronous: a Go function called
// from JavaScript must not wait for the event loop.
const (
	dbName    = "designer"
	dbVersion = 1
	dbStore   = "kv"
	// dbChannel is the BroadcastChannel on which a tab that stored a design
	// tells the others (IndexedDB has no storage events).
	dbChannel = "designer"
)

// database opens the editor's database once, and queues the calls that
// come while it opens.
type database struct {
	mu      sync.Mutex
	db      safejs.Value
	open    bool
	opening bool
	waiting []func(safejs.Value, error)
}

// with calls f with the open database, or the error that opening it gave.
func (d *database) with(f func(db safejs.Value, err error)) {
	d.mu.Lock()
	switch {
	case d.open:
		db := d.db
		d.mu.Unlock()
		f(db, nil)
		return
	case d.opening:
		d.waiting = append(d.waiting, f)
		d.mu.Unlock()
		return
	}
	d.opening = true
	d.waiting = append(d.waiting, f)
	d.mu.Unlock()
	finish := func(db safejs.Value, err error) {
		d.mu.Lock()
		// A failure is not kept: the next call tries again.
		d.db, d.open, d.opening = db, err == nil, false
		waiting := d.waiting
		d.waiting = nil
		d.mu.Unlock()
		for _, w := range waiting {
			w(db, err)
		}
	}
	idb, err := global("indexedDB")
	if err != nil {
		finish(safejs.Value{}, err)
		return
	}
	req, err := idb.Call("open", dbName, dbVersion)
	if err != nil {
		finish(safejs.Value{}, err)
		return
	}
	handle(req, map[string]func(safejs.Value){
		"onupgradeneeded": func(safejs.Value) {
			if db, err := req.Get("result"); err == nil {
				db.Call("createObjectStore", dbStore)
			}
		},
		"onsuccess": func(safejs.Value) {
			db, err := req.Get("result")
			if err == nil {
				// Another tab's newer version asks for the database: let
				// it go (the next call opens it again).
				var onVersion safejs.Func
				onVersion, _ = safejs.FuncOf(func(safejs.Value, []safejs.Value) any {
					db.Call("close")
					d.mu.Lock()
					d.open = false
					d.mu.Unlock()
					onVersion.Release()
					return nil
				})
				db.Set("onversionchange", onVersion.Value())
			}
			finish(db, err)
		},
		"onerror": func(safejs.Value) {
			finish(safejs.Value{}, requestError(req, "the browser's database could not be opened"))
		},
		// Blocked (an older tab holds an older version): success or an
		// error follows once it lets go.
	}, "onsuccess", "onerror")
}

// handle sets a request's (or transaction's) event handlers; they are
// released once one of the final ones has run.
func handle(target safejs.Value, handlers map[string]func(safejs.Value), final ...string) {
	var funcs []safejs.Func
	release := func() {
		for _, f := range funcs {
			f.Release()
		}
	}
	isFinal := map[string]bool{}
	for _, name := range final {
		isFinal[name] = true
	}
	for name, h := range handlers {
		name, h := name, h
		f, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
			var ev safejs.Value
			if len(args) > 0 {
				ev = args[0]
			}
			h(ev)
			if isFinal[name] {
				release()
			}
			return nil
		})
		if err != nil {
			continue
		}
		funcs = append(funcs, f)
		target.Set(name, f.Value())
	}
}

// requestError is the error a request or transaction ended with, as the
// browser names it ("QuotaExceededError: …"), or fallback.
func requestError(target safejs.Value, fallback string) error {
	e, err := target.Get("error")
	if err != nil || e.IsNull() || e.IsUndefined() {
		return errors.New(fallback)
	}
	return domError(e, fallback)
}

// eventError is the error of the request an error event comes from, else
// the transaction's, else fallback.
func eventError(ev, tx safejs.Value, fallback string) error {
	if !ev.IsUndefined() && !ev.IsNull() {
		if target, err := ev.Get("target"); err == nil && !target.IsUndefined() && !target.IsNull() {
			if e, err := target.Get("error"); err == nil && !e.IsNull() && !e.IsUndefined() {
				return domError(e, fallback)
			}
		}
	}
	return requestError(tx, fallback)
}

// domError words a DOMException as its name and message.
func domError(e safejs.Value, fallback string) error {
	name, _ := e.Get("name")
	msg, _ := e.Get("message")
	n, _ := name.String()
	m, _ := msg.String()
	switch {
	case n != "" && m != "":
		return errors.New(n + ": " + m)
	case n != "":
		return errors.New(n)
	}
	return errors.New(fallback)
}

// LoadDesign reads a value of the database.
func (b *browser) LoadDesign(key string, done func(string, bool, error)) {
	b.db.with(func(db safejs.Value, err error) {
		if err != nil {
			done("", false, err)
			return
		}
		tx, err := db.Call("transaction", dbStore, "readonly")
		if err != nil {
			done("", false, err)
			return
		}
		store, err := tx.Call("objectStore", dbStore)
		if err != nil {
			done("", false, err)
			return
		}
		req, err := store.Call("get", key)
		if err != nil {
			done("", false, err)
			return
		}
		handle(req, map[string]func(safejs.Value){
			"onsuccess": func(safejs.Value) {
				v, err := req.Get("result")
				if err != nil || v.IsUndefined() || v.IsNull() {
					done("", false, err)
					return
				}
				s, err := v.String()
				done(s, err == nil, err)
			},
			"onerror": func(safejs.Value) { done("", false, requestError(req, "the saved design could not be read")) },
		}, "onsuccess", "onerror")
	})
}

// StoreDesign writes a value to the database and, once it is written, tells
// the other tabs.
func (b *browser) StoreDesign(key, value string, done func(error)) {
	b.write(func(store safejs.Value) error {
		_, err := store.Call("put", value, key)
		return err
	}, "the design could not be saved", func(err error) {
		if err == nil && !strings.HasPrefix(key, "designer.live/") {
			// (A live design's unsent changes are no other tab's news.)
			b.broadcast(key, value)
		}
		done(err)
	})
}

// RemoveDesign deletes a value of the database.
func (b *browser) RemoveDesign(key string, done func(error)) {
	b.write(func(store safejs.Value) error {
		_, err := store.Call("delete", key)
		return err
	}, "the stored design could not be removed", done)
}

// write runs change on the object store in a read-write transaction and
// calls done once the transaction has ended (failed: the browser's error,
// else fallback).
func (b *browser) write(change func(store safejs.Value) error, fallback string, done func(error)) {
	b.db.with(func(db safejs.Value, err error) {
		if err != nil {
			done(err)
			return
		}
		tx, err := db.Call("transaction", dbStore, "readwrite")
		if err != nil {
			done(err)
			return
		}
		store, err := tx.Call("objectStore", dbStore)
		if err != nil {
			done(err)
			return
		}
		if err := change(store); err != nil {
			tx.Call("abort")
			done(err)
			return
		}
		var once sync.Once
		finish := func(err error) { once.Do(func() { done(err) }) }
		handle(tx, map[string]func(safejs.Value){
			"oncomplete": func(safejs.Value) { finish(nil) },
			// The failed request's error, which the transaction's
			// error event carries (the transaction's own is not set yet).
			"onerror": func(ev safejs.Value) { finish(eventError(ev, tx, fallback)) },
			"onabort": func(ev safejs.Value) { finish(eventError(ev, tx, fallback)) },
		}, "oncomplete", "onabort")
	})
}

// broadcast tells the other tabs that key now holds value.
func (b *browser) broadcast(key, value string) {
	channel, err := safejs.Global().Get("BroadcastChannel")
	if err != nil || channel.IsUndefined() {
		return
	}
	c, err := channel.New(dbChannel)
	if err != nil {
		return
	}
	c.Call("postMessage", map[string]any{"key": key, "value": value})
	c.Call("close")
}

// watchChannel calls changed when another tab broadcasts key, and returns
// the function that stops watching.
func watchChannel(key string, changed func(string)) func() {
	channel, err := safejs.Global().Get("BroadcastChannel")
	if err != nil || channel.IsUndefined() {
		return func() {}
	}
	c, err := channel.New(dbChannel)
	if err != nil {
		return func() {}
	}
	fn, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		data, err := args[0].Get("data")
		if err != nil || data.Type() != safejs.TypeObject {
			return nil
		}
		k, _ := data.Get("key")
		if name, _ := k.String(); name != key {
			return nil
		}
		v, _ := data.Get("value")
		if s, err := v.String(); err == nil {
			changed(s)
		}
		return nil
	})
	if err != nil {
		c.Call("close")
		return func() {}
	}
	c.Set("onmessage", fn.Value())
	return func() {
		c.Call("close")
		fn.Release()
	}
}

// Remove deletes a localStorage entry.
func (*browser) Remove(key string) {
	if storage, err := global("localStorage"); err == nil {
		storage.Call("removeItem", key)
	}
}

// StorageEstimate asks how much of its quota the origin's storage uses.
func (*browser) StorageEstimate(done func(usage, quota float64)) {
	nav, err := global("navigator")
	if err != nil {
		done(0, 0)
		return
	}
	storage, err := nav.Get("storage")
	if err != nil || storage.IsUndefined() {
		done(0, 0)
		return
	}
	if estimate, err := storage.Get("estimate"); err != nil || estimate.IsUndefined() {
		done(0, 0)
		return
	}
	promise, err := storage.Call("estimate")
	if err != nil {
		done(0, 0)
		return
	}
	await(promise, func(v safejs.Value) {
		usage, _ := v.Get("usage")
		quota, _ := v.Get("quota")
		u, _ := usage.Float()
		q, _ := quota.Float()
		done(u, q)
	}, func(error) { done(0, 0) })
}
