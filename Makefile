# The two commands a newcomer needs: `make run` and `make test`.
GO      ?= go
ADDR    ?= 127.0.0.1:8000
FUZZTIME ?= 10m
# brotli level for app.wasm: 11, the smallest, takes about 40 s, for `make static` and releases; `make run`
# compresses at 5 (a few seconds, a little larger). BROTLI_LEVEL=N sets it for either.
BROTLI_LEVEL ?=
LEVEL = $(or $(BROTLI_LEVEL),11)
run: LEVEL = $(or $(BROTLI_LEVEL),5)
WASM_FLAGS := -trimpath -ldflags=-s\ -w

.PHONY: run test build wasm static size vet bench load fuzz clean

## run: build the wasm and the server, then serve the editor on http://$(ADDR)
run: wasm build
	./bin/designer serve --addr $(ADDR) $(ARGS)

## static: the editor as a folder any static host serves as is, in dist/ (BASE_URL for the markdown links)
static: wasm build
	rm -rf dist
	./bin/designer static --out dist $(if $(BASE_URL),--base-url $(BASE_URL))

## wasm: web/app.wasm and its precompressed copies, rebuilt when a source changes
wasm: web/app.wasm.br

WASM_SOURCES := $(shell find app wasm catalogue examples -name '*.go' -o -name '*.yaml' 2>/dev/null) go.mod go.sum
CATALOGUE_SOURCES := $(shell find catalogue -name '*.go' -o -name '*.yaml' 2>/dev/null)

# The catalogue, loaded and checked, for the editor to start without parsing YAML.
wasm/snapshot/catalogue.snapshot: $(CATALOGUE_SOURCES)
	$(GO) run ./internal/snapshot $@

web/app.wasm: $(WASM_SOURCES) wasm/snapshot/catalogue.snapshot
	GOOS=js GOARCH=wasm $(GO) build $(WASM_FLAGS) -o $@ ./wasm

web/app.wasm.br: web/app.wasm bin/brotli-level
	$(GO) run ./internal/precompress -level $(LEVEL) web/app.wasm

# The level app.wasm.br was made at: changed only when the level asked for differs, so that switching
# between `make run` and `make static` compresses again, and repeating either does not.
bin/brotli-level: FORCE
	@mkdir -p bin
	@echo $(LEVEL) | cmp -s - $@ || echo $(LEVEL) > $@

.PHONY: FORCE
FORCE:

## test: formatting, vet and every test, the size budget of app.wasm (make size), then the browser tests (internal/e2e, build tag browser) in
## headless Chromium, with axe-core's accessibility check (fetched from npm into .cache/), then each fuzz target for a short budget (make fuzz runs them for longer).
## The short budget is a count of runs, not a time: with a time, Go 1.26's fuzz coordinator can fail a target at the deadline
## with "context deadline exceeded" and no failing input (go.dev/issue/75804, fixed in Go 1.27).
## The exports are also read by the real parsers (build tag parsers): Mermaid's, in Node, from npm, and D2's, built
## from the Go module proxy, both into .cache/
test: vet
	$(GO) test ./...
	$(MAKE) size
	.ci/ensure-mermaid
	.ci/ensure-d2
	$(GO) test -tags parsers ./catalogue/export
	.ci/ensure-chromium
	.ci/ensure-axe
	$(GO) test -tags browser ./internal/e2e
	$(MAKE) fuzz FUZZTIME=100000x

## size: fail when app.wasm, brotli-compressed at level 11 as served, outgrows the budget in wasm/size-budget
size: web/app.wasm
	$(GO) run ./internal/sizebudget web/app.wasm

## build: the designer binary in bin/
build:
	$(GO) build -o bin/designer ./cmd/designer

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) vet -tags browser ./internal/e2e
	$(GO) vet -tags parsers ./catalogue/export
	GOOS=js GOARCH=wasm $(GO) vet ./wasm ./app/...

## bench: the core's benchmarks, then the browser benchmark, which rewrites its section of BENCHMARKS.md
bench:
	$(GO) test ./catalogue ./catalogue/layout ./catalogue/diff ./catalogue/library ./catalogue/importer ./catalogue/picture ./catalogue/analysis -run '^$$' -bench . -benchmem -count 3
	$(GO) test ./cmd/designer -run '^$$' -bench DiffChanged -benchmem -count 3
	$(GO) test ./internal/server -run '^$$' -bench UnknownAddress -benchmem -count 3
	GOOS=js GOARCH=wasm $(GO) test -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./catalogue/layout -run '^$$' -bench . -count 3
	$(GO) test ./app/state -run '^$$' -bench 'SetProp|SharedLinkImport' -benchmem -count 3
	GOOS=js GOARCH=wasm $(GO) test -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./app/state -run '^$$' -bench SetProp -count 3
	.ci/ensure-chromium
	$(GO) run ./internal/benchmark/browserbench -runs 11

## load: 200 connections for 30 s against the server, twice, with its memory (needs Debian's wrk)
load: wasm build
	internal/benchmark/load/run.sh

## fuzz: each fuzz target in turn, FUZZTIME each (10m by default; a count such as 100000x avoids go.dev/issue/75804): design parsing and the export round
## trip, catalogue loading, rules, the YAML string writer, the analysis, share links, designs archives, the importer (its JSON reader and its
## YAML density scan), pictures, co-editing's change messages (decoded, then applied all or nothing) and the workspace's protocol decoder
fuzz:
	for target in FuzzParseDesign FuzzLoadComponent FuzzRule; do \
		$(GO) test ./catalogue -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) || exit 1; \
	done
	$(GO) test ./catalogue/yamlout -run '^$$' -fuzz '^FuzzString$$' -fuzztime $(FUZZTIME)
	$(GO) test ./catalogue/analysis -run '^$$' -fuzz '^FuzzAnalyze$$' -fuzztime $(FUZZTIME)
	$(GO) test ./catalogue/internal/yamlstrict -run '^$$' -fuzz '^FuzzFastMatchesYAML$$' -fuzztime $(FUZZTIME)
	$(GO) test ./catalogue/share -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime $(FUZZTIME)
	$(GO) test ./catalogue/library -run '^$$' -fuzz '^FuzzReadArchive$$' -fuzztime $(FUZZTIME)
	for target in FuzzImport FuzzParseJSON FuzzScanYAML; do \
		$(GO) test ./catalogue/importer -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) || exit 1; \
	done
	$(GO) test ./catalogue/picture -run '^$$' -fuzz '^FuzzDesign$$' -fuzztime $(FUZZTIME)
	$(GO) test ./catalogue/patch -run '^$$' -fuzz '^FuzzDecodeChange$$' -fuzztime $(FUZZTIME)
	$(GO) test ./internal/workspace -run '^$$' -fuzz '^FuzzDecodeClient$$' -fuzztime $(FUZZTIME)

clean:
	rm -rf bin web/app.wasm web/app.wasm.br web/app.wasm.gz wasm/snapshot/catalogue.snapshot
