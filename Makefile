# hyperroute: `make` builds and runs a small default experiment, `make test`
# runs everything CI runs.

GO      ?= go
BIN     := bin/hyperroute
RESULTS ?= results
FIGURES ?= figures

.PHONY: all build test vet bench fuzz sim clean

all: build sim

build:
	$(GO) build -o $(BIN) ./cmd/hyperroute

sim: build
	$(BIN) sim --router valiant --n 10 --trials 200
	$(BIN) sim --router ecube --perm transpose --n 10 --trials 20

test: vet
	$(GO) test -count=1 ./...

vet:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

# Valiant single-port packet-hops/s and state per packet; n=24 once (minutes).
bench:
	$(GO) test -run='^$$' -bench='Valiant/n=(10|14|18|20)$$' -benchtime=5x ./routers/
	$(GO) test -run='^$$' -bench='Valiant/n=24$$' -benchtime=1x -timeout=30m ./routers/

fuzz:
	$(GO) test -run='^$$' -fuzz=FuzzDisjointPaths -fuzztime=30s ./hypercube/

clean:
	rm -rf bin
