"""pyarrow, polars and DuckDB each read every table the harness wrote, with
the columns, types and key/value metadata that results/SCHEMA.md and
results/doc.go document, and the three readings hold the same rows.

The expected schema is kept here explicitly (EXPECTED) and checked against
SCHEMA.md's text (test_schema_md_documents_expected), so a change on either
side without the other fails.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import pathlib
import re

import duckdb
import pandas as pd
import polars as pl
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest

from conftest import EXPERIMENTS, REPO, experiments_in, load_manifest

GRID = [
    ("router", "string", False),
    ("port", "string", False),
    ("queue", "string", False),
    ("pattern", "string", False),
    ("n", "int32", False),
    ("mu", "int32", False),
]

#: Column name, Arrow type, nullable — per table, as experiments/tables.go
#: writes them and results/SCHEMA.md documents them.
EXPECTED = {
    "trials": GRID + [
        ("trial", "int32", False),
        ("seed", "uint64", False),
        ("T", "int32", False),
        ("hops", "int64", False),
        ("max_queue", "int32", False),
    ],
    "packets": GRID + [
        ("trial", "int32", False),
        ("packet", "int32", False),
        ("src", "int32", False),
        ("dst", "int32", False),
        ("via", "int32", True),
        ("route_len", "int32", False),
        ("arrival", "int32", False),
        ("delay", "int32", False),
    ],
    "loads": GRID + [
        ("trial", "int32", False),
        ("p", "int32", False),
        ("f_sum", "int64", False),
        ("f_mean", "double", False),
    ],
    "delayseq": GRID + [
        ("trial", "int32", False),
        ("T", "int32", False),
        ("d_len", "int32", False),
        ("d_load", "int64", False),
        ("x_fixed", "int64", False),
        ("h_fixed", "int64", False),
        ("x_extracted", "int64", False),
        ("h_extracted", "int64", False),
    ],
}

#: The columns that identify a row of each table.
ROW_KEY = {
    "trials": ["router", "port", "queue", "pattern", "n", "mu", "trial"],
    "packets": ["router", "port", "queue", "pattern", "n", "mu", "trial", "packet"],
    "loads": ["router", "port", "queue", "pattern", "n", "mu", "trial", "p"],
    "delayseq": ["router", "port", "queue", "pattern", "n", "mu", "trial"],
}

POLARS = {"string": pl.String, "int32": pl.Int32, "int64": pl.Int64, "uint64": pl.UInt64, "double": pl.Float64}
DUCKDB = {"string": "VARCHAR", "int32": "INTEGER", "int64": "BIGINT", "uint64": "UBIGINT", "double": "DOUBLE"}

#: The conventional metadata keys of every part file (results/doc.go).
META_KEYS = [
    "hyperroute.experiment",
    "hyperroute.spec",
    "hyperroute.spec_sha256",
    "hyperroute.master_seed",
    "hyperroute.version",
    "hyperroute.commit",
    "hyperroute.modified",
    "hyperroute.go_version",
    "hyperroute.tie_break",
    "hyperroute.shard",
    "hyperroute.started",
    "hyperroute.finished",
    "hyperroute.rows",
]

SCHEMA_MD = REPO / "results" / "SCHEMA.md"


def _results() -> pathlib.Path:
    v = os.environ.get("HYPERROUTE_RESULTS")
    return pathlib.Path(v).resolve() if v else REPO / "results"


def _tables() -> list[tuple[str, str]]:
    """(experiment, table) for the experiments' tables and any other table
    found on disk."""
    pairs = {(e, t) for e, ts in EXPERIMENTS.items() for t in ts}
    r = _results()
    if r.is_dir():
        for e in experiments_in(r):
            pairs |= {(e, t) for t in load_manifest(r, e).get("tables", {})}
    return sorted(pairs)


TABLES = _tables()
KNOWN = [(e, t) for e, t in TABLES if t in EXPECTED]


def _glob(results, e, t) -> str:
    return str(results / e / t / "**" / "*.parquet")


def _duck_src(results, e, t, hive=True) -> str:
    g = _glob(results, e, t).replace("'", "''")
    return f"read_parquet('{g}', hive_partitioning = {str(hive).lower()})"


def _arrow_type(name: str) -> pa.DataType:
    return {"string": pa.string(), "int32": pa.int32(), "int64": pa.int64(), "uint64": pa.uint64(), "double": pa.float64()}[name]


# --- SCHEMA.md ------------------------------------------------------------


def _schema_md() -> str:
    if not SCHEMA_MD.is_file():
        pytest.fail(f"{SCHEMA_MD} does not exist: the tables' columns must be documented there")
    return SCHEMA_MD.read_text()


def _section(text: str, table: str) -> str:
    """The part of SCHEMA.md about table: from a heading naming it (as
    `table` or as a word) to the next heading of the same or a higher level."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        h = re.match(r"^(#+)\s+(.*)$", line)
        if h and re.search(rf"(`{re.escape(table)}`|\b{re.escape(table)}\b)", h.group(2)):
            level = len(h.group(1))
            end = len(lines)
            for j in range(i + 1, len(lines)):
                h2 = re.match(r"^(#+)\s", lines[j])
                if h2 and len(h2.group(1)) <= level:
                    end = j
                    break
            return "\n".join(lines[i:end])
    pytest.fail(f"SCHEMA.md has no heading for table {table!r}")


def _documented_type(section: str, column: str) -> str | None:
    """The row of a Markdown table in section whose first cell is the column
    name (with or without backticks), as one string, or None."""
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].strip("`* ") == column:
            return line
    return None


GRID_NAMES = [c for c, _, _ in GRID]


@pytest.mark.parametrize("table", sorted(EXPECTED))
def test_schema_md_documents_expected(table):
    """Every column of EXPECTED is a row of SCHEMA.md's table for it (or of its
    section on the grid columns) naming its type."""
    text = _schema_md()
    section = _section(text, table)
    for col, typ, nullable in EXPECTED[table]:
        row = _documented_type(section, col)
        if row is None and col in GRID_NAMES:
            # The grid columns may be documented once, for every table.
            row = _documented_type(text, col)
        assert row is not None, f"SCHEMA.md does not document column {col!r} of {table}"
        aliases = {"string": ["string", "utf8"], "double": ["double", "float64"]}.get(typ, [typ])
        assert any(re.search(rf"\b{a}\b", row, re.I) for a in aliases), f"SCHEMA.md row for {table}.{col} does not say {typ}: {row}"


def test_schema_md_documents_meta_keys():
    """Every hyperroute.* key in a file is documented in SCHEMA.md or
    results/doc.go, and SCHEMA.md names the conventional ones."""
    text = _schema_md()
    doc = (REPO / "results" / "doc.go").read_text()
    r = _results()
    seen = set()
    for e in experiments_in(r):
        for f in (r / e).glob("*/**/*.parquet"):
            seen |= {k.decode() for k in pq.read_metadata(f).metadata if k.startswith(b"hyperroute.")}
    assert seen, "no part files"
    undocumented = sorted(k for k in seen if k not in text and k not in doc)
    assert not undocumented, f"metadata keys documented nowhere: {undocumented}"
    assert not [k for k in META_KEYS if k not in text and k not in doc]


# --- the files and their metadata -------------------------------------------


@pytest.mark.parametrize("experiment,table", TABLES)
def test_manifest_lists_the_files(results_dir, experiment, table):
    m = load_manifest(results_dir, experiment)
    assert m["experiment"] == experiment
    assert table in m["tables"], f"manifest of {experiment} lists no {table}"
    listed = {f["path"] for f in m["tables"][table]["files"]}
    on_disk = {p.relative_to(results_dir / experiment).as_posix() for p in (results_dir / experiment / table).glob("**/*.parquet")
               if not any(part.startswith((".", "_")) for part in p.relative_to(results_dir / experiment).parts)}
    assert listed == on_disk
    assert sum(f["rows"] for f in m["tables"][table]["files"]) == m["tables"][table]["rows"]


@pytest.mark.parametrize("experiment,table", TABLES)
def test_file_metadata(results_dir, experiment, table):
    """Each part's footer key/value metadata carries the manifest's
    provenance, its own shard and row count; the hive key matches the n
    column."""
    m = load_manifest(results_dir, experiment)
    assert m["spec_sha256"] == hashlib.sha256(m["spec"].encode()).hexdigest()
    for f in m["tables"][table]["files"]:
        path = results_dir / experiment / f["path"]
        md = pq.read_metadata(path)
        meta = {k.decode(): v.decode() for k, v in md.metadata.items()}
        missing = [k for k in META_KEYS if k not in meta]
        assert not missing, f"{path}: no {missing}"
        assert "ARROW:schema" in meta
        want = {
            "hyperroute.experiment": experiment,
            "hyperroute.spec": m["spec"],
            "hyperroute.spec_sha256": m["spec_sha256"],
            "hyperroute.master_seed": str(m["master_seed"]),
            "hyperroute.tie_break": m["tie_break"],
            "hyperroute.version": m["harness"]["version"],
            "hyperroute.commit": m["harness"]["commit"],
            "hyperroute.go_version": m["harness"]["go_version"],
            "hyperroute.modified": str(m["harness"]["modified"]).lower(),
            "hyperroute.rows": str(md.num_rows),
        }
        for k, v in want.items():
            assert meta[k] == v, f"{path}: {k}={meta[k]!r}, want {v!r}"
        assert md.num_rows == f["rows"], f"{path}: {md.num_rows} rows, manifest says {f['rows']}"
        shard = re.fullmatch(r"(\d+)-of-(\d+)", meta["hyperroute.shard"])
        assert shard and int(shard.group(1)) < int(shard.group(2)) and path.name == f"part-{meta['hyperroute.shard']}.parquet"
        t0 = datetime.datetime.fromisoformat(meta["hyperroute.started"].replace("Z", "+00:00"))
        t1 = datetime.datetime.fromisoformat(meta["hyperroute.finished"].replace("Z", "+00:00"))
        assert t0 <= t1
        # Hive keys in the path agree with the columns of the same name.
        keys = dict(part.split("=", 1) for part in pathlib.Path(f["path"]).parts[1:-1])
        assert keys, f"{path}: not hive-partitioned"
        tbl = pq.read_table(path, columns=list(keys))
        for k, v in keys.items():
            vals = set(tbl.column(k).to_pylist())
            assert vals == {int(v) if v.lstrip("-").isdigit() else v}, f"{path}: column {k} holds {vals}, path says {v}"


# --- three readers ----------------------------------------------------------


@pytest.mark.parametrize("experiment,table", KNOWN)
def test_pyarrow_reads(results_dir, experiment, table):
    """Per file the exact schema (types and nullability); over the dataset
    the same types and the manifest's row count."""
    m = load_manifest(results_dir, experiment)
    want = pa.schema([pa.field(c, _arrow_type(t), nullable=nl) for c, t, nl in EXPECTED[table]])
    for f in m["tables"][table]["files"]:
        got = pq.read_schema(results_dir / experiment / f["path"]).remove_metadata()
        assert got.equals(want), f"{f['path']}:\n{got}\nwant\n{want}"
    dset = ds.dataset(results_dir / experiment / table, format="parquet", partitioning="hive")
    assert [(x.name, x.type) for x in dset.schema] == [(x.name, x.type) for x in want]
    assert dset.count_rows() == m["tables"][table]["rows"]


@pytest.mark.parametrize("experiment,table", KNOWN)
def test_polars_reads(results_dir, experiment, table):
    m = load_manifest(results_dir, experiment)
    lf = pl.scan_parquet(_glob(results_dir, experiment, table), hive_partitioning=True)
    schema = lf.collect_schema()
    assert list(schema.names()) == [c for c, _, _ in EXPECTED[table]]
    for c, t, _ in EXPECTED[table]:
        assert schema[c] == POLARS[t], f"polars reads {c} as {schema[c]}, want {POLARS[t]}"
    assert lf.select(pl.len()).collect().item() == m["tables"][table]["rows"]


@pytest.mark.parametrize("experiment,table", KNOWN)
def test_duckdb_reads(results_dir, experiment, table):
    """DuckDB's types; with hive partitioning the key n becomes the hive
    value, typed BIGINT (the file's INTEGER without it)."""
    m = load_manifest(results_dir, experiment)
    con = duckdb.connect()
    for hive in (False, True):
        desc = con.sql(f"DESCRIBE SELECT * FROM {_duck_src(results_dir, experiment, table, hive)}").fetchall()
        got = {row[0]: row[1] for row in desc}
        want = {c: DUCKDB[t] for c, t, _ in EXPECTED[table]}
        if hive:
            want["n"] = "BIGINT"
        assert got == want, f"hive={hive}"
        assert [row[0] for row in desc] == [c for c, _, _ in EXPECTED[table]]
        rows = con.sql(f"SELECT count(*) FROM {_duck_src(results_dir, experiment, table, hive)}").fetchall()[0][0]
        assert rows == m["tables"][table]["rows"]
    # Every row's n equals its folder's n=…
    bad = con.sql(f"""
        SELECT count(*) FROM read_parquet('{_glob(results_dir, experiment, table)}', hive_partitioning = false, filename = true)
        WHERE filename NOT LIKE '%/n=' || n || '/%'
    """).fetchall()[0][0]
    assert bad == 0


def _canonical(df: pd.DataFrame, key) -> pd.DataFrame:
    df = df.copy()
    for c in df.columns:
        if pd.api.types.is_integer_dtype(df[c]) and not pd.api.types.is_unsigned_integer_dtype(df[c]):
            df[c] = df[c].astype("int64")
        elif pd.api.types.is_string_dtype(df[c]) or df[c].dtype == object:
            df[c] = df[c].astype(str)
    return df.sort_values(key).reset_index(drop=True)


@pytest.mark.parametrize("experiment,table", KNOWN)
def test_readers_hold_the_same_rows(results_dir, experiment, table):
    """The whole table, row for row, is the same through pyarrow, polars and
    DuckDB, and the row key (grid point, trial, packet or priority) is
    unique."""
    key = ROW_KEY[table]
    cols = [c for c, _, _ in EXPECTED[table]]
    a = ds.dataset(results_dir / experiment / table, format="parquet", partitioning="hive").to_table().to_pandas()
    p = pl.scan_parquet(_glob(results_dir, experiment, table), hive_partitioning=True).collect().to_pandas()
    d = duckdb.connect().sql(f"SELECT * FROM {_duck_src(results_dir, experiment, table)}").df()
    assert not a.duplicated(key).any(), f"duplicate {key}"
    a, p, d = (_canonical(x[cols], key) for x in (a, p, d))
    if "via" in cols:
        for x in (a, p, d):
            x["via"] = x["via"].astype("Float64")
    pd.testing.assert_frame_equal(a, p, check_dtype=False)
    pd.testing.assert_frame_equal(a, d, check_dtype=False)


def test_other_tables_documented_and_readable(results_dir):
    """A table this file has no expected schema for must be documented in SCHEMA.md,
    column by column, and readable by all three readers with the manifest's
    row count. Passes trivially while there is none."""
    for experiment, table in [(e, t) for e, t in TABLES if t not in EXPECTED]:
        _check_other_table(results_dir, experiment, table)


def _check_other_table(results_dir, experiment, table):
    m = load_manifest(results_dir, experiment)
    rows = m["tables"][table]["rows"]
    schema = ds.dataset(results_dir / experiment / table, format="parquet", partitioning="hive").schema
    section = _section(_schema_md(), table)
    for name in schema.names:
        if name not in GRID_NAMES:
            assert _documented_type(section, name), f"SCHEMA.md does not document {table}.{name}"
    assert ds.dataset(results_dir / experiment / table, format="parquet", partitioning="hive").count_rows() == rows
    assert pl.scan_parquet(_glob(results_dir, experiment, table), hive_partitioning=True).select(pl.len()).collect().item() == rows
    assert duckdb.connect().sql(f"SELECT count(*) FROM {_duck_src(results_dir, experiment, table)}").fetchall()[0][0] == rows
