"""notebooks/hrresults.py's readers and the files' column documentation.

Every column of every part file carries what dataset/SCHEMA.md says of it
(field metadata "description" and "unit"); hr.read_pandas keeps nulls as
pd.NA in nullable dtypes and integers as integers; hr.read_polars and
hr.duckdb_view type the partition columns as the Go readers do. These are
the traps of issue 21: a plain reader drops or retypes n, and pandas turns a
nullable integer column into float64 with NaN.
"""

from __future__ import annotations

import pathlib
import sys

import duckdb
import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from conftest import EXPERIMENTS
from test_schema import _documented_type, _schema_md, _section

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
import hrresults as hr  # noqa: E402

PAIRS = sorted((e, t) for e, ts in EXPERIMENTS.items() for t in ts)


def _meaning(table: str, column: str) -> str:
    """The last cell of SCHEMA.md's row for column, in table's section or
    in the grid columns'."""
    text = _schema_md()
    row = _documented_type(_section(text, table), column) or _documented_type(_section(text, "Grid columns"), column)
    assert row, f"SCHEMA.md documents no column {column} of {table}"
    return row.strip().strip("|").split("|")[-1].strip()


@pytest.mark.parametrize("experiment,table", PAIRS)
def test_fields_carry_schema_md(results_dir, experiment, table):
    """The first part file of each table: every column's description is
    SCHEMA.md's text for it."""
    part = next(p for p in sorted((results_dir / experiment / table).rglob("*.parquet")) if not p.name.startswith((".", "_")))
    for f in pq.read_schema(part):
        md = f.metadata or {}
        got = md.get(b"description", b"").decode()
        assert got == _meaning(table, f.name), f"{part}: column {f.name}: description {got!r}"


def test_read_pandas_nullable(results_dir):
    """routing-compare runs bitonic, whose messages and lost are null: the
    nulls stay pd.NA in Int64 columns, the others integers."""
    t = hr.read(results_dir, "routing-compare", "trials")
    df = hr.read_pandas(results_dir, "routing-compare", "trials")
    assert len(df) == t.num_rows
    for col in ("messages", "lost", "T1"):
        assert isinstance(df[col].dtype, pd.Int64Dtype), f"{col}: {df[col].dtype}"
        assert int(df[col].isna().sum()) == t.column(col).null_count
    assert t.column("messages").null_count > 0, "no bitonic rows: the test checks nothing"
    assert df["T"].dtype == "int32" and df["n"].dtype == "int32"
    nan = [c for c in df.columns if isinstance(df[c].dtype, np.dtype) and df[c].dtype.kind == "f" and df[c].isna().any()]
    assert not nan, f"NaN for a null in {nan}"


def test_read_polars_and_duckdb(results_dir):
    t = hr.read(results_dir, "valiant-tail", "trials")
    p = hr.read_polars(results_dir, "valiant-tail", "trials")
    assert p.height == t.num_rows and str(p.schema["n"]) == "Int32"
    con = duckdb.connect()
    v = hr.duckdb_view(con, results_dir, "valiant-tail", "trials")
    assert hr.scalar(con, f"SELECT count(*) FROM {v}") == t.num_rows
    types = {r[0]: r[1] for r in con.sql(f"DESCRIBE {v}").fetchall()}
    assert types["n"] == "INTEGER", types


def test_describe(results_dir):
    d = hr.describe(results_dir, "valiant-tail", "trials").set_index("column")
    assert d.loc["T", "unit"] == "steps" and d.loc["T", "description"].startswith("run time")
    assert d.loc["n", "type"] == str(pa.int32())
