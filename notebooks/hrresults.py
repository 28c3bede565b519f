"""Reading hyperroute results from the notebooks: where they are, their
manifests, a table read three ways (pyarrow.dataset, polars and DuckDB SQL
over the hive-partitioned Parquet files), and checks that the readings agree.

Layout (dataset/doc.go): DIR/<experiment>/manifest.json and
DIR/<experiment>/<table>/<key>=<value>/.../part-<shard>.parquet. The tables'
columns are documented in dataset/SCHEMA.md. The partition columns (the
spec's partition keys, default n) are not in the files, only in the
directory names (the hive convention); the readers here pass their types
explicitly (GRID_TYPES), so that every reader gives n and mu as int32, as
the Go readers do, instead of guessing (dictionary, Int64, BIGINT).

The notebooks import this module from their own directory; the tests in
tests/ do not use it for anything they check, so a bug here cannot hide a
bug in the files.
"""

from __future__ import annotations

import hashlib
import json
import os
import pathlib
import urllib.parse

import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa
import pyarrow.dataset as ds

#: The grid columns, first in every table (experiments/tables.go).
GRID = ["router", "port", "queue", "pattern", "n", "mu"]

#: Their Arrow types. A partition key is always one of them (the spec parser
#: allows grid axes only), so these are the types of the hive keys too.
GRID_TYPES = {
    "router": pa.string(),
    "port": pa.string(),
    "queue": pa.string(),
    "pattern": pa.string(),
    "n": pa.int32(),
    "mu": pa.int32(),
}
_POLARS = {pa.string(): pl.String, pa.int32(): pl.Int32}
_DUCKDB = {pa.string(): "VARCHAR", pa.int32(): "INTEGER"}

#: Environment variable that overrides a notebook's results folder.
RESULTS_ENV = "HYPERROUTE_RESULTS"


def results_dir(default: str = "../results") -> pathlib.Path:
    """The results folder: $HYPERROUTE_RESULTS if set, else default
    (relative to the notebook's folder, where the kernel runs)."""
    return pathlib.Path(os.environ.get(RESULTS_ENV) or default)


def table_dir(results, experiment: str, table: str) -> pathlib.Path:
    return pathlib.Path(results) / experiment / table


def has_table(results, experiment: str, table: str) -> bool:
    return table_dir(results, experiment, table).is_dir()


def parquet_glob(results, experiment: str, table: str) -> str:
    """The glob DuckDB and polars read a table through."""
    return str(table_dir(results, experiment, table) / "**" / "*.parquet")


def partition_keys(results, experiment: str, table: str) -> list[str]:
    """The hive partition keys of a table, outermost first, from the
    directory names of its first part file ([] if unpartitioned)."""
    root = table_dir(results, experiment, table)
    for path in sorted(root.rglob("*.parquet")):
        rel = path.relative_to(root).parts
        if any(p.startswith((".", "_")) for p in rel):
            continue
        keys = [urllib.parse.unquote(p.split("=", 1)[0]) for p in rel[:-1]]
        unknown = [k for k in keys if k not in GRID_TYPES]
        if unknown:
            raise ValueError(f"{path}: partition keys {unknown} are not grid columns")
        return keys
    raise FileNotFoundError(f"no parquet files under {root}")


def partition_schema(results, experiment: str, table: str) -> pa.Schema:
    """The partition columns of a table with their types (GRID_TYPES)."""
    return pa.schema([pa.field(k, GRID_TYPES[k], nullable=False) for k in partition_keys(results, experiment, table)])


def partitioning(results, experiment: str, table: str):
    """For pyarrow.dataset.dataset, pyarrow.parquet.read_table and
    pandas.read_parquet: hive partitioning with the partition columns typed
    explicitly, or None for an unpartitioned table."""
    schema = partition_schema(results, experiment, table)
    return ds.partitioning(schema, flavor="hive") if len(schema) else None


def polars_hive_schema(results, experiment: str, table: str) -> dict:
    """For polars.scan_parquet(..., hive_schema=…): the partition columns'
    polars types."""
    return {f.name: _POLARS[f.type] for f in partition_schema(results, experiment, table)}


def duckdb_hive_types(results, experiment: str, table: str) -> str:
    """For DuckDB's read_parquet(..., hive_types = …): a struct literal
    such as {'n': INTEGER}, or "" for an unpartitioned table."""
    schema = partition_schema(results, experiment, table)
    return "{" + ", ".join(f"'{f.name}': {_DUCKDB[f.type]}" for f in schema) + "}" if len(schema) else ""


def grid_first(names) -> list[str]:
    """Column names in the order of the Go readers and dataset/SCHEMA.md:
    the grid columns first, in GRID order, then the others as they come.
    (Python readers append the hive keys after the files' columns.)"""
    names = list(names)
    return [c for c in GRID if c in names] + [c for c in names if c not in GRID]


def duckdb_source(results, experiment: str, table: str, partial: bool = False) -> str:
    """A DuckDB table expression reading every part of a table with hive
    partitioning and the partition columns typed as in the Go tables:
    read_parquet('DIR/experiment/table/**/*.parquet', hive_partitioning =
    true, hive_types = {'n': INTEGER}). (Without hive_types DuckDB types n
    as BIGINT.)"""
    trusted(results, experiment, table, partial)
    glob = parquet_glob(results, experiment, table).replace("'", "''")
    types = duckdb_hive_types(results, experiment, table)
    if not types:
        return f"read_parquet('{glob}', hive_partitioning = false)"
    return f"read_parquet('{glob}', hive_partitioning = true, hive_types = {types})"


def scan_polars(results, experiment: str, table: str, partial: bool = False) -> pl.LazyFrame:
    """The table as a polars LazyFrame, hive-partitioned, the partition
    columns typed as in the Go tables (without hive_schema polars reads n as
    Int64). See trusted for partial."""
    trusted(results, experiment, table, partial)
    return pl.scan_parquet(
        parquet_glob(results, experiment, table),
        hive_partitioning=True,
        hive_schema=polars_hive_schema(results, experiment, table),
    )


def scalar(con, sql: str):
    """The single value a DuckDB query returns."""
    rows = con.sql(sql).fetchall()
    assert len(rows) == 1 and len(rows[0]) == 1, f"want one value, got {rows[:3]}"
    return rows[0][0]


def manifest(results, experiment: str) -> dict:
    """DIR/experiment/manifest.json; FileNotFoundError with a hint if the
    experiment has not been run (or its shards not merged)."""
    path = pathlib.Path(results) / experiment / "manifest.json"
    if not path.is_file():
        raise FileNotFoundError(
            f"{path} does not exist: run `make experiments` (or "
            f"`bin/hyperroute run {experiment} --out {results}`) first"
        )
    with open(path) as f:
        return json.load(f)


class DamagedResults(Exception):
    """The files of a table are not those its experiment's manifest records."""


def require(results, experiment: str, tables) -> dict:
    """The manifest of experiment, after checking that it lists every one of
    tables, that their folders exist and that their files are the ones it
    records (check_files)."""
    m = manifest(results, experiment)
    for t in tables:
        if t not in m["tables"]:
            raise AssertionError(f"{experiment}: manifest lists no table {t!r} (has {sorted(m['tables'])})")
        if not has_table(results, experiment, t):
            raise FileNotFoundError(f"{table_dir(results, experiment, t)} is missing")
    check_files(results, experiment, m, tables)
    return m


def check_files(results, experiment: str, m: dict, tables) -> None:
    """Raise DamagedResults naming every file of tables that is not as the
    manifest m records it (size and SHA-256, since manifest format 2):
    missing, damaged or altered, or a part file it does not list. Files set
    aside by a rerun (_<name>.damaged) are not part files."""
    root = pathlib.Path(results) / experiment
    problems = []
    if m.get("format", 1) < 2:
        problems.append(f"{root / 'manifest.json'}: format {m.get('format', 1)} records no sizes or SHA-256 of the files")
    for t in tables:
        listed = set()
        for f in m["tables"][t]["files"]:
            listed.add(f["path"])
            path = root / f["path"]
            if not path.is_file():
                problems.append(f"{path}: missing")
            elif "sha256" not in f:
                continue
            elif path.stat().st_size != f["bytes"]:
                problems.append(f"{path} is damaged: it has {path.stat().st_size} bytes, manifest.json records {f['bytes']}")
            else:
                with open(path, "rb") as fh:
                    if hashlib.file_digest(fh, "sha256").hexdigest() != f["sha256"]:
                        problems.append(f"{path} is damaged: its SHA-256 differs from the one manifest.json records")
        for path in sorted(table_dir(results, experiment, t).rglob("*.parquet")):
            rel = path.relative_to(root)
            if not any(p.startswith((".", "_")) for p in rel.parts) and rel.as_posix() not in listed:
                problems.append(f"{path}: not in manifest.json")
    if problems:
        raise DamagedResults(
            f"{root}: {len(problems)} file(s) not as manifest.json records them "
            f"(`hyperroute verify {root}` lists every problem; rerunning the experiment repairs them):\n" + "\n".join(problems)
        )


class IncompleteResults(Exception):
    """An experiment without a manifest: a run still writing, interrupted,
    or one shard of several not yet merged (hyperroute merge)."""


def trusted(results, experiment: str, table: str, partial: bool = False) -> None:
    """The harness' rule for reading a table (dataset.ReadDataset): the
    experiment must be complete, with a manifest that lists the table and
    whose files are as it records them (require); without a manifest raise
    IncompleteResults saying how many units are there, unless partial."""
    if (pathlib.Path(results) / experiment / "manifest.json").is_file():
        require(results, experiment, [table])
    elif not partial:
        units = {p.parent for p in table_dir(results, experiment, table).rglob("*.parquet")
                 if not any(q.startswith((".", "_")) for q in p.relative_to(table_dir(results, experiment, table)).parts)}
        raise IncompleteResults(
            f"{pathlib.Path(results) / experiment} is incomplete: {len(units)} unit(s) of table {table} have files, "
            "and no manifest.json says the run is complete (the end of an unsharded run, or hyperroute merge, "
            "writes it); partial=True reads what is there"
        )


def read_arrow(results, experiment: str, table: str, columns=None, partial: bool = False):
    """The table as a pyarrow.Table, read with pyarrow.dataset and hive
    partitioning (the n=… directories, typed by partitioning()), columns in
    the Go order (grid_first) unless columns names them. See trusted for
    partial."""
    trusted(results, experiment, table, partial)
    dataset = ds.dataset(
        table_dir(results, experiment, table), format="parquet", partitioning=partitioning(results, experiment, table)
    )
    return dataset.to_table(columns=columns if columns is not None else grid_first(dataset.schema.names))


#: pandas' nullable dtypes for the Arrow types of nullable columns: a null
#: stays pd.NA (SCHEMA.md: "null, never NaN") and integers stay integers.
_PANDAS_NULLABLE = {
    pa.int8(): pd.Int8Dtype(),
    pa.int16(): pd.Int16Dtype(),
    pa.int32(): pd.Int32Dtype(),
    pa.int64(): pd.Int64Dtype(),
    pa.uint8(): pd.UInt8Dtype(),
    pa.uint16(): pd.UInt16Dtype(),
    pa.uint32(): pd.UInt32Dtype(),
    pa.uint64(): pd.UInt64Dtype(),
    pa.bool_(): pd.BooleanDtype(),
    pa.float32(): pd.Float32Dtype(),
    pa.float64(): pd.Float64Dtype(),
    pa.string(): pd.StringDtype(),
}


def read(results, experiment: str, table: str, columns=None) -> pa.Table:
    """The table as a pyarrow.Table, after require() has checked it against
    its experiment's manifest: the partition columns from the folder names
    with their types, the columns in the Go order (grid_first)."""
    require(results, experiment, [table])
    return read_arrow(results, experiment, table, columns)


def read_pandas(results, experiment: str, table: str, columns=None) -> pd.DataFrame:
    """The table (read) as a pandas DataFrame in which every nullable column
    has pandas' nullable dtype (Int64, boolean, Float64, …): a null is pd.NA.
    A plain Table.to_pandas() turns a nullable integer column into float64
    with NaN, and a nullable boolean one into object."""
    t = read(results, experiment, table, columns)
    df = t.to_pandas()
    for f in t.schema:
        if f.nullable and f.type in _PANDAS_NULLABLE:
            df[f.name] = t.column(f.name).to_pandas(types_mapper=_PANDAS_NULLABLE.get)
    return df


def read_polars(results, experiment: str, table: str, columns=None) -> pl.DataFrame:
    """The table (read) as a polars DataFrame: types and nulls as in Arrow."""
    return pl.from_arrow(read(results, experiment, table, columns))


def duckdb_view(con, results, experiment: str, table: str, name: str | None = None) -> str:
    """Create a DuckDB view of the table (after require()) with the
    partition columns typed as in the Go tables, and return its name
    (default: the table's)."""
    require(results, experiment, [table])
    name = name or table
    con.sql(f'CREATE OR REPLACE VIEW "{name}" AS SELECT * FROM {duckdb_source(results, experiment, table)}')
    return name


def describe(results, experiment: str, table: str) -> pd.DataFrame:
    """Each column of the table with its Arrow type, nullability, unit and
    description, as the files' field metadata record them (from
    dataset/SCHEMA.md)."""
    schema = read_arrow(results, experiment, table).schema
    rows = []
    for f in schema:
        md = f.metadata or {}
        rows.append(
            {
                "column": f.name,
                "type": str(f.type),
                "nullable": f.nullable,
                "unit": md.get(b"unit", b"").decode(),
                "description": md.get(b"description", b"").decode(),
            }
        )
    return pd.DataFrame(rows)


def caption(m: dict) -> str:
    """One line of provenance for a figure: experiment, seed, spec digest,
    harness build."""
    h = m.get("harness", {})
    build = h.get("commit") or "?"
    build = build[:12] if build not in ("", "unknown") else h.get("version", "?")
    if h.get("modified"):
        build += " (modified)"
    return f"{m['experiment']} · master seed {m['master_seed']} · spec {m['spec_sha256'][:12]} · harness {build}"


def check_rows(m: dict, table: str, rows: int) -> None:
    """Assert that a reading of table has the manifest's row count."""
    want = m["tables"][table]["rows"]
    assert rows == want, f"{m['experiment']}/{table}: read {rows} rows, manifest says {want}"


def summarize(df: pd.DataFrame, keys, col: str = "T") -> pd.DataFrame:
    """Per group of keys: trials, mean, sd (n−1), min, median, p90 (linear
    interpolation, Hyndman–Fan type 7, as DuckDB's quantile_cont) and max of
    col, sorted by keys."""
    g = df.groupby(list(keys), sort=True)[col]
    out = pd.DataFrame(
        {
            "trials": g.size(),
            "mean": g.mean(),
            "sd": g.std(ddof=1),
            "min": g.min().astype("int64"),
            "median": g.quantile(0.5),
            "p90": g.quantile(0.9),
            "max": g.max().astype("int64"),
        }
    )
    return out.reset_index()


#: DuckDB's version of summarize, over a read_parquet(...) relation named by
#: {src}; {keys} is a comma-separated key list and {col} the column.
SUMMARY_SQL = """
SELECT {keys},
       count(*)                  AS trials,
       avg({col})                AS mean,
       stddev_samp({col})        AS sd,
       min({col})                AS min,
       quantile_cont({col}, 0.5) AS median,
       quantile_cont({col}, 0.9) AS p90,
       max({col})                AS max
FROM {src}
GROUP BY ALL
ORDER BY ALL
"""


def assert_same_summary(a: pd.DataFrame, b: pd.DataFrame, keys, rtol: float = 1e-12) -> None:
    """Assert that two summaries hold the same groups, the same integer
    columns exactly and the same floating-point columns to rtol."""
    keys = list(keys)
    a = a.copy()
    b = b.copy()
    for k in keys:
        # Integer keys as int64, whatever width a reader chose; others as str.
        if pd.api.types.is_integer_dtype(a[k]) or pd.api.types.is_integer_dtype(b[k]):
            a[k] = a[k].astype("int64")
            b[k] = b[k].astype("int64")
        else:
            a[k] = a[k].astype(str)
            b[k] = b[k].astype(str)
    a = a.sort_values(keys).reset_index(drop=True)
    b = b.sort_values(keys).reset_index(drop=True)
    assert list(a.columns) == list(b.columns), f"columns {list(a.columns)} vs {list(b.columns)}"
    assert len(a) == len(b), f"{len(a)} groups vs {len(b)}"
    for k in keys:
        assert (a[k].to_numpy() == b[k].to_numpy()).all(), f"groups differ in {k}"
    for c in a.columns:
        if c in keys:
            continue
        x = a[c].to_numpy(dtype=float)
        y = b[c].to_numpy(dtype=float)
        if c in ("trials", "min", "max"):
            assert (x == y).all(), f"{c} differs: {x[x != y][:5]} vs {y[x != y][:5]}"
        else:
            np.testing.assert_allclose(x, y, rtol=rtol, atol=0, err_msg=f"column {c}", equal_nan=True)


def ccdf(values) -> tuple[np.ndarray, np.ndarray]:
    """The empirical CCDF as steps: distinct values x and Pr(X ≥ x)."""
    v = np.sort(np.asarray(values))
    x, first = np.unique(v, return_index=True)
    return x, 1.0 - first / len(v)
