# jsontui — make targets. `make test` is what CI runs (.ci/run).

GO        ?= go
RACEFLAGS := -race
FUZZTIME  ?= 30s
BENCHTIME ?= 1s

.PHONY: all build test beam-test lint vet bench bench-short bench-peak bench-dataset bench-reduce bench-html screenshots fuzz bigdata clean

all: build

## build: the jsontui binary in ./bin
build:
	$(GO) build -o bin/jsontui .

## test: go vet, then every test with the race detector; each package is
## printed as it finishes (gotestsum, pinned in go.mod as a tool), the
## failures' output and a DONE line at the end
test: vet
	$(GO) tool gotestsum --format pkgname --format-hide-empty-pkg -- $(RACEFLAGS) ./...

vet:
	$(GO) vet ./...

## beam-test: the Apache Beam pipeline (integrations/beam, a module of its
## own: the main module's ./... does not reach it), vetted, then tested on
## prism, Beam's local runner; the first build fetches ~120 MB of modules.
## No race detector here: instrumenting Beam's SDK costs ~20 min of build on
## two cores, and the scoring code it runs is raced in `make test`.
beam-test:
	cd integrations/beam && $(GO) vet ./... && $(GO) test ./...

## lint: gofmt, go vet and staticcheck (pinned in go.mod as a tool) must be clean
lint: vet
	@out=$$(gofmt -l .); \
	if [ -n "$$out" ]; then echo "gofmt -l: these files need gofmt -w:"; echo "$$out"; exit 1; fi
	$(GO) tool staticcheck ./...

## bench: the speed and memory benchmarks (generated 1, 20 and 200 MB documents),
## one package at a time so that they do not share the cores
bench:
	$(GO) test -p 1 -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) -timeout 60m ./internal/cli ./scoring/... ./history/... ./tui/...

## bench-short: the same on small documents only
bench-short:
	$(GO) test -p 1 -short -run '^$$' -bench . -benchmem -benchtime 100ms ./internal/cli ./scoring/... ./history/... ./tui/...

## bench-peak: the peak memory of `jsontui score` on one object of 100k, 1M
## and 10M keys, each format with history, as a multiple of the input; and
## of one case of two 20 MB documents (records, and one wide object) in each dataset form, as a multiple
## of the same pair's; and of a 100 MB dataset in two files and in two
## folders, as a multiple of the input
bench-peak:
	$(GO) test -run '^$$' -bench 'BenchmarkScorePeak|BenchmarkBigCasePeak|BenchmarkDatasetFormsPeak' -benchtime 1x -timeout 30m ./internal/cli

## bench-dataset: `score --quiet` of a generated 100 MB dataset in process,
## its CPU time beside encoding/json and sonic unmarshalling every line into any
bench-dataset:
	$(GO) test -run '^$$' -bench 'BenchmarkScore$$/100MB|BenchmarkUnmarshalLines/100MB|BenchmarkSonicLines/100MB' -benchtime 3x -timeout 30m ./scoring/dataset

## bench-reduce: `aggregate` of 8 shards' case lines against `score` of
## the whole, at 100 MB and 1 GB (real processes, interleaved): CPU ratio,
## case-line bytes, CPU per case, aggregate's peak memory
bench-reduce:
	$(GO) test -run '^$$' -bench 'BenchmarkAggregateShards' -benchtime 3x -timeout 60m ./internal/cli

## bench-html: the HTML report of a 100k-case dataset: its size, its
## generation against --format json, and its paint in headless Chromium
bench-html:
	$(GO) test -run '^$$' -bench 'BenchmarkHTML' -benchtime 3x -timeout 30m ./internal/cli

## screenshots: the browser tests, writing their screenshots of each kind
## of HTML report to docs/images (needs Chromium)
screenshots:
	$(GO) test -count=1 -run 'TestBrowser' ./internal/cli -args -screenshots $(CURDIR)/docs/images

## fuzz: run every fuzz target for FUZZTIME each
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  for target in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "== $$pkg $$target"; \
	    $(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) $$pkg; \
	  done; \
	done

## bigdata: a generated 200 MB pair in testdata/bench, to try the explorer on
bigdata:
	$(GO) run ./cmd/jsontui-gen -mb 200 -dir testdata/bench

clean:
	rm -rf bin testdata/bench
