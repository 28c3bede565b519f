"""The collectives experiments' table (dataset/SCHEMA.md, `collectives`):
documented column by column, read alike by pyarrow, polars and DuckDB, and
checked against what the model says in Python, independently of the Go
code: every time equals its closed form where there is one, no run beats
its lower bound, the all-port cube's bounds are the table of
docs/model.md, and the bandwidths are nccl-tests'.
"""

from __future__ import annotations

import math
import re

import duckdb
import pandas as pd
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from conftest import REPO, load_manifest

COLLECTIVES = ["collectives-size", "collectives-scale", "collectives-bounds"]

#: Column, Arrow type, nullable, in the order the harness writes them.
COLUMNS = [
    ("op", pa.string(), False), ("algo", pa.string(), False), ("topology", pa.string(), False), ("p", pa.int64(), False),
    ("port", pa.string(), False), ("model", pa.string(), False), ("startup", pa.string(), False),
    ("m", pa.int64(), False), ("ts", pa.float64(), False), ("tw", pa.float64(), False), ("th", pa.float64(), False),
    ("root", pa.int64(), False), ("dests", pa.string(), False), ("shift", pa.int64(), False), ("pieces", pa.int64(), False),
    ("seed", pa.uint64(), False), ("trial", pa.int64(), False),
    ("q", pa.float64(), False), ("k", pa.int64(), False), ("faults", pa.string(), False), ("detours", pa.string(), False),
    ("failed_edges", pa.int64(), False), ("no_detour", pa.bool_(), False), ("gamma", pa.int64(), True),
    ("max_step", pa.int64(), True), ("law_bound", pa.int64(), True),
    ("rho", pa.int64(), True), ("rho_m", pa.float64(), True), ("eta", pa.float64(), True), ("hops", pa.int64(), True),
    ("messages", pa.int64(), True), ("time", pa.float64(), True), ("ok", pa.bool_(), False), ("nodup", pa.bool_(), True),
    ("noho", pa.bool_(), True), ("recv_max", pa.int64(), True), ("relays", pa.int64(), True),
    ("bound_steps", pa.int64(), True), ("bound_rho", pa.float64(), True), ("bound_eta", pa.float64(), True),
    ("closed", pa.float64(), True), ("closed_ref", pa.string(), False), ("algbw", pa.float64(), True),
    ("busbw", pa.float64(), True), ("error", pa.string(), False),
]
KEY = ["op", "algo", "topology", "p", "port", "model", "startup", "m", "ts", "tw", "th", "shift", "pieces", "q", "k", "faults", "detours", "trial"]
ARROW_NAMES = {pa.string(): "utf8", pa.int64(): "int64", pa.int32(): "int32", pa.uint64(): "uint64", pa.float64(): "float64",
               pa.bool_(): "bool"}


def _file(results_dir, e):
    return results_dir / e / "collectives" / "part-0-of-1.parquet"


@pytest.fixture(scope="module", params=COLLECTIVES)
def table(request, results_dir):
    e = request.param
    path = _file(results_dir, e)
    if not path.is_file():
        pytest.fail(f"{path}: run `make experiments` first")
    return e, pq.read_table(path)


def test_schema_md_documents_the_columns():
    text = (REPO / "dataset" / "SCHEMA.md").read_text()
    section = text.split("## `collectives`", 1)[1].split("\n## ", 1)[0]
    for name, typ, nullable in COLUMNS:
        row = next((l for l in section.splitlines() if l.startswith(f"| `{name}` |")), None)
        assert row, f"SCHEMA.md does not document collectives.{name}"
        cell = row.split("|")[2]
        assert ARROW_NAMES[typ] in cell and ("nullable" in cell) == nullable, f"SCHEMA.md: {row}"


def test_schema_and_manifest(table, results_dir):
    e, t = table
    want = pa.schema([pa.field(n, ty, nullable=nl) for n, ty, nl in COLUMNS])
    assert t.schema.remove_metadata().equals(want), t.schema
    m = load_manifest(results_dir, e)
    assert m["tables"]["collectives"]["rows"] == t.num_rows > 0
    meta = {k.decode(): v.decode() for k, v in t.schema.metadata.items()}
    assert meta["hyperroute.experiment"] == e and meta["hyperroute.rows"] == str(t.num_rows)


def test_readers_agree(table, results_dir):
    e, t = table
    path = str(_file(results_dir, e))
    a = t.to_pandas().sort_values(KEY).reset_index(drop=True)
    b = pl.read_parquet(path).to_pandas().sort_values(KEY).reset_index(drop=True)
    c = duckdb.sql(f"select * from read_parquet('{path}')").df().sort_values(KEY).reset_index(drop=True)
    assert not a.duplicated(KEY).any()
    for name, other in (("polars", b), ("DuckDB", c)):
        pd.testing.assert_frame_equal(a, other, check_dtype=False, obj=f"{name} vs pyarrow")


def _rows(t):
    return t.to_pylist()


def test_runs_verified_and_within_bounds(table):
    _, t = table
    for r in _rows(t):
        assert r["ok"] and r["error"] == "", r
        assert r["rho"] >= r["bound_steps"] and r["eta"] >= r["bound_eta"] - 1e-9, r
        if r["bound_rho"] is not None:
            assert r["rho_m"] >= r["bound_rho"], r


def test_closed_forms(table):
    """Where the literature has a closed form, the simulated time is it."""
    _, t = table
    checked = 0
    for r in _rows(t):
        if r["closed"] is not None:
            assert r["time"] == pytest.approx(r["closed"], rel=1e-12), r
            checked += 1
    assert checked > 0


def _lemma1(op, n):
    p = 2 ** n
    return {
        "oab": (n, p - 1),
        "aab": (math.ceil((p - 1) / n), p * (p - 1)),
        "oas": (math.ceil((p - 1) / n), n * p // 2),
        "gather": (math.ceil((p - 1) / n), n * p // 2),
        "aas": (p // 2, n * p * p // 2),
    }[op]


def test_cube_bounds_are_the_table(results_dir):
    """On the all-port store-and-forward cube the bounds are the table of
    docs/model.md, computed here afresh."""
    t = pq.read_table(_file(results_dir, "collectives-bounds"))
    for r in _rows(t):
        n = r["p"].bit_length() - 1
        rho, eta = _lemma1(r["op"], n)
        got = r["bound_steps"] if r["op"] == "oab" else r["bound_rho"]
        assert (got, r["bound_eta"]) == (rho, eta), r


def test_bandwidths(table):
    """algbw = S/t and busbw = algbw times nccl-tests' factor."""
    _, t = table
    for r in _rows(t):
        p, m = r["p"], r["m"]
        size = p * m if r["op"] in ("oas", "gather", "aab", "aas") else m
        factor = {"allreduce": 2 * (p - 1) / p, "oas": (p - 1) / p, "gather": (p - 1) / p,
                  "aab": (p - 1) / p, "aas": (p - 1) / p, "prefix": None}.get(r["op"], 1.0)
        assert r["algbw"] == pytest.approx(size / r["time"], rel=1e-12)
        if factor is None:
            assert r["busbw"] is None
        else:
            assert r["busbw"] == pytest.approx(r["algbw"] * factor, rel=1e-12)
