# hyperroute: `make` builds and runs a small default experiment, `make test`
# runs everything CI runs.

GO      ?= go
BIN     := bin/hyperroute
RESULTS ?= results$(if $(PROFILE),/$(PROFILE))
FIGURES ?= figures

.PHONY: all build test vet bench fuzz sim experiment experiments verify figures clean

all: build experiment

# -buildvcs=auto overrides a GOFLAGS=-buildvcs=false so that results record
# the harness commit (provenance).
build:
	$(GO) build -buildvcs=auto -o $(BIN) ./cmd/hyperroute

sim: build
	$(BIN) sim --router valiant --n 10 --trials 200
	$(BIN) sim --router ecube --perm transpose --n 10 --trials 20

# The experiments (experiments/*.yaml, and the collectives ones in
# experiments/collectives/*.yaml, one run per grid point, no profiles) into
# $(RESULTS)/<name>/: `make experiment` runs valiant-tail, `make experiments`
# all of them, each with
# its spec's small default, or with PROFILE=paper thousands of seeds (into
# results/paper/, so that both can be kept; `make figures PROFILE=paper`
# draws from there). A rerun skips what is done.
EXPERIMENTS := valiant-tail routing-compare queue-disciplines priority-load relations delay-sequences \
	butterfly-tail butterfly-loads replication-loss detour-existence matching faulty-valiant adaptive-baselines \
	collectives-size collectives-scale collectives-bounds faulty-bitonic
PROFILE     ?=
# The small defaults are redone after a rebuild of the harness or a change
# of their spec (a pull); paper runs refuse files of another build or spec
# (experiments/README.md).
RUN_FLAGS   = --out $(RESULTS)$(if $(PROFILE), --profile $(PROFILE), --redo-stale --redo-changed)

experiment: build
	$(BIN) run valiant-tail $(RUN_FLAGS)

experiments: build
	@set -e; for e in $(EXPERIMENTS); do echo "$(BIN) run $$e $(RUN_FLAGS)"; $(BIN) run $$e $(RUN_FLAGS); done

# Read every file of the experiments in $(RESULTS) and check it against its
# manifest and spec (experiments/README.md, "Damaged files").
verify: experiments
	@set -e; for e in $(EXPERIMENTS); do $(BIN) verify $(RESULTS)/$$e; done

# Every figure whose experiment has been run into $(RESULTS), as PNG, SVG and
# PDF into $(FIGURES)/ (see figures/README.md); the others are skipped.
figures: build
	$(BIN) figures --results $(RESULTS) --out $(FIGURES)

test: vet verify notebooks pytest
	$(GO) test -count=1 ./...

vet:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

# Valiant single-port packet-hops/s and state per packet; n=24 once (about
# half a minute); the general step at n=14 (all-port, FIFO, recorded);
# disjoint (n copies on the butterfly) at n=10, 14, 18 and one trial at
# n=20; the runner's overhead over raw simulation, and 1 vs 2 workers.
bench:
	$(GO) test -run='^$$' -bench='Valiant/n=(10|14|18|20)$$' -benchtime=5x ./routers/
	$(GO) test -run='^$$' -bench='General' -benchtime=5x ./routers/
	$(GO) test -run='^$$' -bench='Valiant/n=24$$' -benchtime=1x -timeout=30m ./routers/
	$(GO) test -run='^$$' -bench='Disjoint/n=(10|14|16)$$' -benchtime=5x ./routers/
	$(GO) test -run='^$$' -bench='Disjoint/n=(18|20)$$' -benchtime=1x -timeout=30m ./routers/
	$(GO) test -run='^$$' -bench='Overhead|Workers' -benchtime=20x ./experiments/

fuzz:
	$(GO) test -run='^$$' -fuzz=FuzzDisjointPaths -fuzztime=30s ./hypercube/
	$(GO) test -run='^$$' -fuzz=FuzzParseSpec -fuzztime=30s -fuzzminimizetime=5s ./cmd/hyperroute/
	$(GO) test -run='^$$' -fuzz=FuzzParseDests -fuzztime=10s ./cmd/hyperroute/
	$(GO) test -run='^$$' -fuzz=FuzzPartFile -fuzztime=30s ./dataset/

clean:
	rm -rf bin

# --- Python: notebooks and cross-checks (notebooks/README.md) ---------------
# .venv/ from notebooks/requirements.txt; reinstalled only when that file's
# content changes (the stamp is a copy of it).
PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
NB_STAMP := $(VENV)/.notebooks-requirements

.PHONY: notebooks-setup notebooks pytest

notebooks-setup: $(NB_STAMP)

$(NB_STAMP): notebooks/requirements.txt
	@test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	@if cmp -s notebooks/requirements.txt $@; then touch $@; else \
		echo "$(VPY) -m pip install -r notebooks/requirements.txt"; \
		$(VPY) -m pip install --disable-pip-version-check -q -r notebooks/requirements.txt && \
		cp notebooks/requirements.txt $@; fi

# Execute every notebook headless on the experiments' $(RESULTS) (small
# default; PROFILE=paper reads results/paper); executed copies go to
# notebooks/_build/. Fails if any cell fails.
notebooks: notebooks-setup experiments
	$(VPY) notebooks/run.py --results $(RESULTS)

# pyarrow/polars/DuckDB against the files and SCHEMA.md, SciPy against
# `hyperroute bound`, Python summaries against `hyperroute summary`.
pytest: notebooks-setup experiments
	HYPERROUTE_RESULTS=$(abspath $(RESULTS)) HYPERROUTE_BIN=$(abspath $(BIN)) $(VPY) -m pytest notebooks/tests
