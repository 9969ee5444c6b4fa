package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// goAppFetch is go-app v9.8.0's service-worker fetch handler: cache first,
// else the network.
const goAppFetch = `self.addEventListener("fetch", (event) => {
  event.respondWith(
    caches.match(event.request).then((response) => {
      return response || fetch(event.request);
    })
  );
});`

// offlineFetch answers, when the network fails, a navigation the cache does
// not hold with the app's own page: the app carries its catalogue and draws
// any catalogue page itself, so every page works offline after one visit.
// The catalogue's markdown pages are kept as they are fetched (they are too
// many to precache), so those once read are there offline too.
const offlineFetch = `self.addEventListener("fetch", (event) => {
  event.respondWith(
    caches.match(event.request).then((response) => {
      if (response) {
        return response;
      }
      return fetch(event.request)
        .then((fresh) => {
          const url = new URL(event.request.url);
          if (fresh.ok && event.request.method === "GET" && url.origin === self.location.origin && url.pathname.endsWith(".md")) {
            const copy = fresh.clone();
            event.waitUntil(caches.open(cacheName).then((cache) => cache.put(event.request, copy)));
          }
          return fresh;
        })
        .catch((err) => {
          if (event.request.mode === "navigate") {
            return caches.match("/");
          }
          throw err;
        });
    })
  );
});`

// goAppInstall is go-app v9.8.0's install handler: it precaches the app as
// soon as the worker is registered, which is at the start of the first visit.
const goAppInstall = `self.addEventListener("install", (event) => {
  console.log("installing app worker {{.Version}}");

  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => {
        return cache.addAll(resourcesToCache);
      })
      .then(() => {
        self.skipWaiting();
      })
  );
});`

// startedInstall precaches the app once a page of it has started (the page
// posts "app-started" after its first render), or after 10 s, when it is the
// first install: on a first visit, downloading and decompressing app.wasm a
// second time while the page compiles its own copy competed with it for the
// CPU. An update (a worker is active already) precaches at once.
const startedInstall = `let appStarted;
const started = new Promise((resolve) => {
  appStarted = resolve;
});
self.addEventListener("message", (event) => {
  if (event.data === "app-started") {
    appStarted();
  }
});

self.addEventListener("install", (event) => {
  console.log("installing app worker {{.Version}}");
  const ready = self.registration.active
    ? Promise.resolve()
    : Promise.race([started, new Promise((resolve) => setTimeout(resolve, 10000))]);

  event.waitUntil(
    ready
      .then(() => caches.open(cacheName))
      .then((cache) => {
        return cache.addAll(resourcesToCache);
      })
      .then(() => {
        self.skipWaiting();
      })
  );
});`

// workerTemplate is go-app's service worker with the offline fetch handler
// and the install that waits for the page to start.
func workerTemplate() (string, error) {
	if !strings.Contains(app.DefaultAppWorkerJS, goAppFetch) || !strings.Contains(app.DefaultAppWorkerJS, goAppInstall) {
		return "", errors.New("go-app's service worker changed; update internal/server/pwa.go")
	}
	worker := strings.Replace(app.DefaultAppWorkerJS, goAppFetch, offlineFetch, 1)
	return strings.Replace(worker, goAppInstall, startedInstall, 1), nil
}

// manifest is the web app manifest, with maskable icons (go-app's has no
// purpose): the icons' background fills the square and their drawing stays
// inside the middle 80%.
func manifest(h *app.Handler) http.Handler {
	type icon struct {
		Src     string `json:"src"`
		Type    string `json:"type"`
		Sizes   string `json:"sizes"`
		Purpose string `json:"purpose"`
	}
	body, _ := json.MarshalIndent(map[string]any{
		"id":               "/",
		"name":             h.Name,
		"short_name":       h.ShortName,
		"description":      h.Description,
		"lang":             h.Lang,
		"start_url":        "/",
		"scope":            "/",
		"display":          "standalone",
		"background_color": h.BackgroundColor,
		"theme_color":      h.ThemeColor,
		"icons": []icon{
			{Src: "/web/icon.svg", Type: "image/svg+xml", Sizes: "any", Purpose: "any"},
			{Src: "/web/icon-192.png", Type: "image/png", Sizes: "192x192", Purpose: "any maskable"},
			{Src: "/web/icon-512.png", Type: "image/png", Sizes: "512x512", Purpose: "any maskable"},
		},
	}, "", "  ")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/manifest+json")
		w.Write(body)
	})
}
