# hyperroute: `make` builds and runs a small default experiment, `make test`
# runs everything CI runs.

GO      ?= go
BIN     := bin/hyperroute
RESULTS ?= results$(if $(PROFILE),/$(PROFILE))
FIGURES ?= figures

.PHONY: all build test go-test vet bench fuzz sim experiment experiments verify figures clean slurm-check view-check paper paper-figures view-pages list-experiments readme-check

all: build experiment

# -buildvcs=auto overrides a GOFLAGS=-buildvcs=false so that results record
# the harness commit (provenance).
build:
	$(GO) build -buildvcs=auto -o $(BIN) ./cmd/hyperroute

sim: build
	$(BIN) sim --router valiant --n 10 --trials 200
	$(BIN) sim --router ecube --perm transpose --n 10 --trials 20

# The experiments (experiments/*.yaml) into $(RESULTS)/<name>/: `make
# experiment` runs valiant-tail, `make experiments` all of them, each with its
# spec's small default, or with PROFILE=paper its paper profile (into
# results/paper/, so that both can be kept; `make figures PROFILE=paper`
# draws from there). The collectives-* specs run each grid point once;
# collectives-size and collectives-bounds have no profiles and run as they
# are under any PROFILE. A rerun skips what is done.
EXPERIMENTS := valiant-tail routing-compare queue-disciplines priority-load relations delay-sequences \
	butterfly-tail butterfly-loads replication-loss replication-rare detour-existence matching faulty-valiant \
	adaptive-baselines collectives-size collectives-scale collectives-bounds faulty-bitonic
PROFILE     ?=
# The small defaults are redone after a rebuild of the harness or a change
# of their spec (a pull); paper runs refuse files of another build or spec
# (experiments/README.md).
RUN_FLAGS   = --out $(RESULTS)$(if $(PROFILE), --profile $(PROFILE), --redo-stale --redo-changed)

experiment: build
	$(BIN) run valiant-tail $(RUN_FLAGS)

experiments: build
	@set -e; for e in $(EXPERIMENTS); do flags="$(RUN_FLAGS)"; \
		case $$e in collectives-size | collectives-bounds) flags="--out $(RESULTS)$(if $(PROFILE),, --redo-stale --redo-changed)";; esac; \
		echo "$(BIN) run $$e $$flags"; $(BIN) run $$e $$flags; done

# Read every file of the experiments in $(RESULTS) and check it against its
# manifest and spec (experiments/README.md, "Damaged files").
verify: experiments
	@set -e; for e in $(EXPERIMENTS); do $(BIN) verify $(RESULTS)/$$e; done

# Every figure whose experiment has been run into $(RESULTS), as PNG, SVG and
# PDF into $(FIGURES)/ (see figures/README.md); the others are skipped.
figures: build
	$(BIN) figures --results $(RESULTS) --out $(FIGURES)

# What CI runs: gofmt and go vet, every Go test, the experiments' small
# defaults and their files verified, the notebooks and the Python
# cross-checks on them, the README's commands in a fresh clone, and the
# Slurm check. Up to three at once: the Go tests beside the experiments
# (which use all cores) and what waits on the network (the venv, Slurm's
# packages); each target's output is printed whole when it ends.
test:
	$(MAKE) --no-print-directory -j3 -Otarget go-test verify notebooks pytest readme-check slurm-check view-check

# Every sh block of README.md, in order, in a fresh clone with the binary
# its make builds; the clone's tree must stay clean (about a minute).
readme-check:
	scripts/readme-check.sh

# -timeout: on a loaded machine a package's tests can take longer than go
# test's default of 10 minutes.
go-test: vet
	$(GO) test -count=1 -timeout=30m ./...

# deploy/slurm/run-array.sbatch against a real Slurm: installs slurm-wlm
# with apt-get if it is missing, starts a private one-node cluster on
# localhost (as root), runs valiant-tail as an array of 3 shards merged by a
# dependent job, compares the rows with an unsharded run, then repairs a
# lost unit of one task as deploy/README.md says. Where Slurm cannot be had
# (not root, no apt-get, no network) it says so in a banner and passes,
# except with CI=true.
slurm-check: build
	GO=$(GO) HYPERROUTE=$(BIN) deploy/slurm/check.sh

# The pages of hyperroute view in headless Chromium (view/check.sh):
# installs Debian's chromium with apt-get if it is missing, then drives the
# pages with chromedp. Where Chromium cannot be had it says so in a banner
# and passes, except with CI=true.
view-check:
	GO=$(GO) view/check.sh

# The experiments' names, for deploy/slurm/submit.sh.
list-experiments:
	@echo $(EXPERIMENTS)

# The paper: every experiment with its spec's paper profile into
# results/paper/ on all cores, checked (make verify), then every figure drawn
# from there into results/paper/figures/ (PNG, SVG, PDF) and its PNGs copied
# into docs/paper/, beside docs/paper/README.md: every statement of the thesis
# with the experiment and figure that check it and its verdict (hyperroute
# report). A rerun skips the units that are done (files of another
# build of the harness are refused: experiments/README.md). Measured from an
# empty results/paper on the 2-core box, shared with other jobs (it got 0.75
# of a core on average): 1.22 core-hours of CPU, 1 h 37 min wall, at most
# 2.7 GB resident, in hyperroute figures; figures and report now read a
# row group at a time: 1.0 and 1.1 GB on those results, each experiment's
# run at most 0.8 GB at 2 workers (experiments/README.md, "Peak memory").
# On a Slurm cluster: deploy/README.md, then make paper-figures.
paper: build
	$(MAKE) verify PROFILE=paper
	$(MAKE) paper-figures

# The figures, their captions, the view pages and the report from the
# results in $(PAPER_RESULTS) (results/paper; PAPER_RESULTS=results for the
# small defaults) into $(PAPER_DOCS) (docs/paper), in place of the PNGs there
# (a figure no longer drawn does not stay): the report shows each
# statement's figure inline with its caption (captions.md).
PAPER_RESULTS ?= results/paper
PAPER_DOCS    ?= docs/paper
paper-figures: build
	$(BIN) figures --results $(PAPER_RESULTS) --out $(PAPER_RESULTS)/figures
	mkdir -p $(PAPER_DOCS)
	rm -f $(PAPER_DOCS)/*.png
	cp $(PAPER_RESULTS)/figures/*.png $(PAPER_DOCS)/
	$(MAKE) --no-print-directory view-pages VIEW_RESULTS=$(PAPER_RESULTS) VIEW_DOCS=$(PAPER_DOCS)
	$(BIN) report --results $(PAPER_RESULTS) --figures $(PAPER_RESULTS)/figures --out $(PAPER_DOCS)/README.md

# One page per chapter that replays a trial of the runs in $(VIEW_RESULTS)
# step by step (hyperroute view), each checked against its stored row,
# into docs/paper/: Valiant on Q_4, single- beside all-port on trial 10 of
# valiant-tail (remark Bem 1: T = 6 and 7); n copies on BF_3 (butterfly-
# tail); bitonic sort over detours on a faulty Q_4 (faulty-bitonic); and
# Valiant over a confluent detour system in sub-steps beside the intact
# cube (faulty-valiant). A trial is the same in every run of its spec and
# seed, so the small defaults (VIEW_RESULTS=results) give the same pages.
VIEW_RESULTS ?= results/paper
VIEW_DOCS    ?= docs/paper
view-pages: build
	mkdir -p $(VIEW_DOCS)
	$(BIN) view $(VIEW_RESULTS)/valiant-tail --trial 10 --n 4 --compare port=single,all --out $(VIEW_DOCS)/view-ch1-valiant.html
	$(BIN) view $(VIEW_RESULTS)/butterfly-tail --trial 0 --n 3 --router disjoint --pipelined=false --trim=false --out $(VIEW_DOCS)/view-ch2-disjoint.html
	$(BIN) view $(VIEW_RESULTS)/faulty-bitonic --trial 0 --n 4 --port all --detours heuristic --q 0.05 --out $(VIEW_DOCS)/view-ch3-bitonic.html
	$(BIN) view $(VIEW_RESULTS)/faulty-valiant --trial 0 --n 4 --router valiant --q 0.05 --detours optimal --confluent edge \
		--delivery queue --detour-queue priority --compare intact --out $(VIEW_DOCS)/view-ch3-confluent.html

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
	$(GO) test -run='^$$' -fuzz=FuzzNewRequest -fuzztime=30s ./hypercube/
	$(GO) test -run='^$$' -fuzz=FuzzParse -fuzztime=30s ./faults/
	$(GO) test -run='^$$' -fuzz=FuzzParseSpec -fuzztime=30s -fuzzminimizetime=5s ./cmd/hyperroute/
	$(GO) test -run='^$$' -fuzz=FuzzParseDests -fuzztime=10s ./collectives/
	$(GO) test -run='^$$' -fuzz=FuzzSimFlags -fuzztime=60s ./cmd/hyperroute/
	$(GO) test -run='^$$' -fuzz=FuzzPartFile -fuzztime=30s ./dataset/

clean:
	rm -rf bin

# --- Python: notebooks and cross-checks (notebooks/README.md) ---------------
# .venv/ from notebooks/requirements.txt; reinstalled only when that file's
# content changes (the stamp is a copy of it). pip byte-compiles (about 40
# CPU-s): with PYTHONDONTWRITEBYTECODE=1, as on the CI machines, every kernel
# and test process would otherwise compile pandas, polars, … anew (8 CPU-s
# each).
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
# `hyperroute bound`, Python summaries against `hyperroute summary`; two
# processes (pytest-xdist), one per core.
pytest: notebooks-setup experiments
	HYPERROUTE_RESULTS=$(abspath $(RESULTS)) HYPERROUTE_BIN=$(abspath $(BIN)) $(VPY) -m pytest -n 2 notebooks/tests
