"""Shared fixtures of the Python cross-checks.

HYPERROUTE_RESULTS names the results folder the harness wrote (default:
results/ at the repository root), HYPERROUTE_BIN the hyperroute binary
(default: bin/hyperroute). `make pytest` sets both after building the binary
and running the small default experiments.
"""

from __future__ import annotations

import json
import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"

#: The experiments `make experiments` runs, and the tables each records
#: (experiments/*.yaml).
EXPERIMENTS = {
    "valiant-tail": {"trials", "packets"},
    "routing-compare": {"trials"},
    "queue-disciplines": {"trials"},
    "priority-load": {"trials", "loads", "nodeloads"},
    "relations": {"trials"},
    "delay-sequences": {"trials", "delayseq"},
    "butterfly-tail": {"trials"},
    "butterfly-loads": {"trials", "loadcounts"},
    "replication-loss": {"trials", "messages"},
    "detour-existence": {"trials"},
    "matching": {"trials", "rounds"},
    "faulty-valiant": {"trials"},
    "adaptive-baselines": {"trials"},
    "faulty-bitonic": {"trials"},
}


def _path(env: str, default: pathlib.Path) -> pathlib.Path:
    v = os.environ.get(env)
    return pathlib.Path(v).resolve() if v else default


@pytest.fixture(scope="session")
def results_dir() -> pathlib.Path:
    d = _path("HYPERROUTE_RESULTS", REPO / "results")
    missing = [e for e in EXPERIMENTS if not (d / e / "manifest.json").is_file()]
    if missing:
        pytest.fail(f"{d}: no manifest for {', '.join(missing)}: run `make experiments` (or make pytest) first")
    return d


@pytest.fixture(scope="session")
def hyperroute_bin() -> pathlib.Path:
    b = _path("HYPERROUTE_BIN", REPO / "bin" / "hyperroute")
    if not os.access(b, os.X_OK):
        pytest.fail(f"{b} is not an executable: run `make build` first")
    return b


def experiments_in(results: pathlib.Path) -> list[str]:
    """Every experiment folder of results with a manifest, sorted."""
    return sorted(p.parent.name for p in results.glob("*/manifest.json"))


def load_manifest(results: pathlib.Path, experiment: str) -> dict:
    with open(results / experiment / "manifest.json") as f:
        return json.load(f)
