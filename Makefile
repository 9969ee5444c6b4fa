# The two commands a newcomer needs: `make run` and `make test`.
GO      ?= go
ADDR    ?= 127.0.0.1:8000
FUZZTIME ?= 10m

.PHONY: run test build vet bench fuzz clean

## run: build the CLI and check the example designs (the editor lands with the editor issue)
run: build
	./bin/designer check examples/order-events.yaml
	./bin/designer resolve examples/order-events.yaml

## test: formatting, vet and every test
test: vet
	$(GO) test ./...

## build: the designer binary in bin/
build:
	$(GO) build -o bin/designer ./cmd/designer

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

## bench: the core's benchmarks (figures go to BENCHMARKS.md)
bench:
	$(GO) test ./catalogue -run '^$$' -bench . -benchmem -count 3

## fuzz: fuzz design parsing and the export round trip (FUZZTIME=10m by default)
fuzz:
	$(GO) test ./catalogue -run '^$$' -fuzz FuzzParseDesign -fuzztime $(FUZZTIME)

clean:
	rm -rf bin
