"""pyarrow, pandas, polars and DuckDB each read every table the harness
wrote, with the columns, types and key/value metadata that dataset/SCHEMA.md
and dataset/doc.go document, and all readings hold the same rows.

The partition columns (the spec's partition keys, here n) are not in the
files, only in the folder names (the hive convention). Each reader is given
their types as SCHEMA.md's *Reading* section says (pyarrow `partitioning=`,
polars `hive_schema=`, DuckDB `hive_types=`) and must then give exactly the
Go types; `pd.read_parquet(dir)` and `pq.read_table(dir)` without arguments
must work too. The recipes are written out here rather than taken from
notebooks/hrresults.py, so that a bug there cannot hide one in the files.

The expected schema is kept here explicitly (EXPECTED) and checked against
SCHEMA.md's text (test_schema_md_documents_expected), so a change on either
side without the other fails.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import pathlib
import re
import urllib.parse

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
    ("q", "double", False),
    ("k", "int32", False),
    ("faults", "string", False),
    ("detours", "string", False),
    ("confluent", "string", False),
    ("delivery", "string", False),
    ("detour-queue", "string", False),
    ("pieces", "int32", False),
    ("pipelined", "bool", False),
    ("trim", "bool", False),
    ("reroute", "string", False),
]

#: Column name, Arrow type, nullable — per table, as experiments/tables.go
#: writes them and dataset/SCHEMA.md documents them.
EXPECTED = {
    "trials": GRID + [
        ("trial", "int32", False),
        ("seed", "uint64", False),
        ("T", "int32", False),
        ("hops", "int64", False),
        ("max_queue", "int32", True),
        ("failed_edges", "int64", False),
        ("dropped", "int64", False),
        ("messages", "int64", True),
        ("lost", "int64", True),
        ("moved", "double", True),
        ("T1", "int64", True),
        ("T2", "int64", True),
        ("lost1", "int64", True),
        ("no_detour", "bool", True),
        ("ok", "bool", True),
        ("gamma", "int64", True),
        ("T_intact", "int64", True),
        ("d", "int64", True),
        ("lockstep", "bool", True),
        ("monotone", "bool", True),
        ("excess", "int64", True),
        ("rerouted", "int64", True),
        ("stretch", "double", True),
        ("max_step", "int64", True),
        ("over_steps", "int64", True),
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
    "nodeloads": GRID + [
        ("trial", "int32", False),
        ("p", "int32", False),
        ("v", "int32", False),
        ("f", "int32", False),
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
        ("upfal_load", "int64", False),
        ("naive_load", "int64", False),
    ],
    "messages": GRID + [
        ("trial", "int32", False),
        ("message", "int32", False),
        ("dst", "int32", False),
        ("via", "int32", True),
        ("at_via", "int32", True),
        ("at_dst", "int32", False),
        ("delivered", "bool", False),
    ],
    "loadcounts": GRID + [
        ("trial", "int32", False),
        ("p", "int32", False),
        ("f", "int32", False),
        ("nodes", "int64", False),
    ],
    "rounds": GRID + [
        ("trial", "int32", False),
        ("round", "int32", False),
        ("failed", "int64", False),
        ("pending", "int64", False),
        ("intact", "int64", False),
        ("reserved", "int64", False),
    ],
}

GRID_NAMES = [c for c, _, _ in GRID]

#: The columns that identify a row of each table: the grid point and the
#: trial, and within a trial the packet, priority, message or load.
ROW_KEY = {
    "trials": GRID_NAMES + ["trial"],
    "packets": GRID_NAMES + ["trial", "packet"],
    "loads": GRID_NAMES + ["trial", "p"],
    "nodeloads": GRID_NAMES + ["trial", "p", "v"],
    "delayseq": GRID_NAMES + ["trial"],
    "messages": GRID_NAMES + ["trial", "message"],
    "loadcounts": GRID_NAMES + ["trial", "p", "f"],
    "rounds": GRID_NAMES + ["trial", "round"],
}

POLARS = {"string": pl.String, "int32": pl.Int32, "int64": pl.Int64, "uint64": pl.UInt64, "double": pl.Float64,
          "bool": pl.Boolean}
DUCKDB = {"string": "VARCHAR", "int32": "INTEGER", "int64": "BIGINT", "uint64": "UBIGINT", "double": "DOUBLE",
          "bool": "BOOLEAN"}

#: The conventional metadata keys of every part file (dataset/doc.go).
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
    "hyperroute.table",
    "hyperroute.shard",
    "hyperroute.started",
    "hyperroute.finished",
    "hyperroute.rows",
    "hyperroute.first_trial",
]

#: Written by dataset.WritePartition into every file of a partitioned table.
PARTITION_META_KEYS = ["hyperroute.partition", "hyperroute.partition_columns"]

#: In the footer only: the SHA-256 of the bytes before it.
DATA_SHA256 = "hyperroute.data_sha256"

SCHEMA_MD = REPO / "dataset" / "SCHEMA.md"


def _results() -> pathlib.Path:
    v = os.environ.get("HYPERROUTE_RESULTS")
    return pathlib.Path(v).resolve() if v else REPO / "results"


def _model(e: str) -> str:
    """The model of experiment e (its spec's model key), routing by default."""
    spec = REPO / "experiments" / f"{e}.yaml"
    text = spec.read_text() if spec.is_file() else ""
    m = re.search(r"^model:\s*(\S+)", text, re.M)
    return m.group(1) if m else "routing"


def _tables() -> list[tuple[str, str]]:
    """(experiment, table) for the experiments' tables and any other table
    found on disk, but those of the models other than routing, which have
    no grid columns: the collectives tables (test_collectives.py checks
    them) and detour-existence's (model detours: n, q, detours, trial,
    seed and the detour measures only)."""
    pairs = {(e, t) for e, ts in EXPERIMENTS.items() for t in ts}
    r = _results()
    if r.is_dir():
        for e in experiments_in(r):
            pairs |= {(e, t) for t in load_manifest(r, e).get("tables", {})}
    return sorted((e, t) for e, t in pairs if t != "collectives" and _model(e) == "routing")


TABLES = _tables()
KNOWN = [(e, t) for e, t in TABLES if t in EXPECTED]


def _glob(results, e, t) -> str:
    return str(results / e / t / "**" / "*.parquet")


def _arrow_type(name: str) -> pa.DataType:
    return {"string": pa.string(), "int32": pa.int32(), "int64": pa.int64(), "uint64": pa.uint64(), "double": pa.float64(),
            "bool": pa.bool_()}[name]


#: The type of each grid column; partition keys are grid columns.
GRID_TYPE = {c: t for c, t, _ in GRID}


def _path_keys(rel: str) -> list[tuple[str, str]]:
    """The hive (key, value) pairs of a part's path relative to the
    experiment folder: <table>/<key>=<value>/…/part-….parquet."""
    parts = pathlib.PurePosixPath(rel).parts[1:-1]
    return [tuple(urllib.parse.unquote(x) for x in p.split("=", 1)) for p in parts]


def _keys(results, e, t) -> list[str]:
    """The partition keys of a table, from the path of its first file."""
    files = load_manifest(results, e)["tables"][t]["files"]
    assert files, f"{e}/{t}: no files"
    keys = [k for k, _ in _path_keys(files[0]["path"])]
    assert all(k in GRID_TYPE for k in keys), f"{e}/{t}: partition keys {keys} are not all grid columns"
    return keys


# The recipes of SCHEMA.md, "Reading": the partition columns' types given
# explicitly to each reader.


def _pa_partitioning(keys):
    """pyarrow (dataset, parquet.read_table, pandas.read_parquet)."""
    if not keys:
        return None
    return ds.partitioning(pa.schema([pa.field(k, _arrow_type(GRID_TYPE[k]), nullable=False) for k in keys]), flavor="hive")


def _pl_scan(results, e, t, keys, typed=True) -> pl.LazyFrame:
    """polars, with hive_schema (or, typed=False, without)."""
    extra = {"hive_schema": {k: POLARS[GRID_TYPE[k]] for k in keys}} if typed else {}
    return pl.scan_parquet(_glob(results, e, t), hive_partitioning=True, **extra)


def _duck_src(results, e, t, keys=(), hive="typed") -> str:
    """DuckDB: hive="typed" with hive_types, "auto" as DuckDB pleases (it
    detects the key=value folders), "off" without hive partitioning."""
    g = _glob(results, e, t).replace("'", "''")
    if hive == "off":
        return f"read_parquet('{g}', hive_partitioning = false)"
    if hive == "auto":
        return f"read_parquet('{g}')"
    if not keys:
        return f"read_parquet('{g}', hive_partitioning = false)"
    types = ", ".join(f"'{k}': {DUCKDB[GRID_TYPE[k]]}" for k in keys)
    return f"read_parquet('{g}', hive_partitioning = true, hive_types = {{{types}}})"


def _grid_first(names) -> list[str]:
    """Column names in the Go order: the grid columns first (the Python
    readers append the hive keys after the files' columns)."""
    names = list(names)
    return [c for c in GRID_NAMES if c in names] + [c for c in names if c not in GRID_NAMES]


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
    dataset/doc.go, and SCHEMA.md names the conventional ones."""
    text = _schema_md()
    doc = (REPO / "dataset" / "doc.go").read_text()
    r = _results()
    seen = set()
    for e in experiments_in(r):
        for f in (r / e).glob("*/**/*.parquet"):
            seen |= {k.decode() for k in pq.read_metadata(f).metadata if k.startswith(b"hyperroute.")}
    assert seen, "no part files"
    undocumented = sorted(k for k in seen if k not in text and k not in doc)
    assert not undocumented, f"metadata keys documented nowhere: {undocumented}"
    assert not [k for k in META_KEYS + PARTITION_META_KEYS + [DATA_SHA256] if k not in text]


# --- the files and their metadata -------------------------------------------


@pytest.mark.parametrize("experiment,table", TABLES)
def test_manifest_lists_the_files(results_dir, experiment, table):
    m = load_manifest(results_dir, experiment)
    assert m["experiment"] == experiment and m["format"] == 2
    assert table in m["tables"], f"manifest of {experiment} lists no {table}"
    listed = {f["path"] for f in m["tables"][table]["files"]}
    on_disk = {p.relative_to(results_dir / experiment).as_posix() for p in (results_dir / experiment / table).glob("**/*.parquet")
               if not any(part.startswith((".", "_")) for part in p.relative_to(results_dir / experiment).parts)}
    assert listed == on_disk
    assert sum(f["rows"] for f in m["tables"][table]["files"]) == m["tables"][table]["rows"]


@pytest.mark.parametrize("experiment,table", TABLES)
def test_file_metadata(results_dir, experiment, table):
    """Each part's footer key/value metadata carries the manifest's
    provenance, its own shard and row count, and its partition; the
    partition columns are not in the file."""
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
            "hyperroute.table": table,
        }
        for k, v in want.items():
            assert meta[k] == v, f"{path}: {k}={meta[k]!r}, want {v!r}"
        assert md.num_rows == f["rows"], f"{path}: {md.num_rows} rows, manifest says {f['rows']}"
        # The checksums, computed here from the bytes: the manifest's of the
        # whole file, the footer's of what precedes it (its length is in
        # the 4 bytes before the closing PAR1).
        b = path.read_bytes()
        assert (len(b), hashlib.sha256(b).hexdigest()) == (f["bytes"], f["sha256"]), f"{path}: size or SHA-256 differ from the manifest"
        assert b[-4:] == b"PAR1"
        footer = len(b) - 8 - int.from_bytes(b[-8:-4], "little")
        assert meta[DATA_SHA256] == hashlib.sha256(b[:footer]).hexdigest(), f"{path}: {DATA_SHA256} is not the SHA-256 of its data"
        shard = re.fullmatch(r"(\d+)-of-(\d+)", meta["hyperroute.shard"])
        assert shard and int(shard.group(1)) < int(shard.group(2)) and path.name == f"part-{meta['hyperroute.shard']}.parquet"
        t0 = datetime.datetime.fromisoformat(meta["hyperroute.started"].replace("Z", "+00:00"))
        t1 = datetime.datetime.fromisoformat(meta["hyperroute.finished"].replace("Z", "+00:00"))
        assert t0 <= t1
        # The partition: in the path and the metadata, not in the columns.
        rel = pathlib.PurePosixPath(f["path"])
        keys = _path_keys(f["path"])
        assert keys, f"{path}: not hive-partitioned"
        assert meta["hyperroute.partition"] == "/".join(rel.parts[1:-1]), f"{path}: hyperroute.partition={meta['hyperroute.partition']!r}"
        names = pq.read_schema(path).names
        assert not [k for k, _ in keys if k in names], f"{path}: holds partition columns {[k for k, _ in keys if k in names]}"
        cols = json.loads(meta["hyperroute.partition_columns"])
        assert sorted(c["name"] for c in cols) == sorted(k for k, _ in keys)
        if table in EXPECTED:
            full = [c for c, _, _ in EXPECTED[table]]
            go_type = {"string": "utf8", "int32": "int32"}
            want_cols = sorted(({"name": k, "type": go_type[GRID_TYPE[k]], "index": full.index(k)} for k, _ in keys),
                               key=lambda c: c["index"])
            assert cols == want_cols, f"{path}: hyperroute.partition_columns={cols}, want {want_cols}"


# --- three readers ----------------------------------------------------------


@pytest.mark.parametrize("experiment,table", KNOWN)
def test_pyarrow_reads(results_dir, experiment, table):
    """Per file the exact schema (types and nullability) without the
    partition columns; over the dataset, with the partitioning of the
    recipe, every column with its exact type and nullability, and the
    manifest's row count."""
    m = load_manifest(results_dir, experiment)
    keys = _keys(results_dir, experiment, table)
    want = pa.schema([pa.field(c, _arrow_type(t), nullable=nl) for c, t, nl in EXPECTED[table]])
    want_file = pa.schema([f for f in want if f.name not in keys])
    for f in m["tables"][table]["files"]:
        got = pq.read_schema(results_dir / experiment / f["path"]).remove_metadata()
        assert got.equals(want_file), f"{f['path']}:\n{got}\nwant\n{want_file}"
    dset = ds.dataset(results_dir / experiment / table, format="parquet", partitioning=_pa_partitioning(keys))
    got = dset.schema.remove_metadata()
    assert got.names == [f.name for f in want_file] + keys, "pyarrow appends the hive keys"
    got = pa.schema([got.field(c) for c in _grid_first(got.names)])
    assert got.equals(want), f"dataset:\n{got}\nwant\n{want}"
    assert dset.count_rows() == m["tables"][table]["rows"]
    # Discovery (partitioning="hive") infers int32 for these small integers.
    found = ds.dataset(results_dir / experiment / table, format="parquet", partitioning="hive").schema
    assert [found.field(k).type for k in keys] == [_arrow_type(GRID_TYPE[k]) for k in keys]


@pytest.mark.parametrize("experiment,table", TABLES)
def test_pandas_and_read_table_default(results_dir, experiment, table):
    """The first thing a researcher tries, pd.read_parquet(dir) and
    pq.read_table(dir) with no arguments, works on every table: the rows are
    those of the pyarrow.dataset reading, the partition columns inferred as
    dictionaries (pandas: categorical) of the Go type. With the recipe's
    partitioning= both give the exact Go types."""
    m = load_manifest(results_dir, experiment)
    keys = _keys(results_dir, experiment, table)
    d = results_dir / experiment / table
    rows = m["tables"][table]["rows"]
    ref = ds.dataset(d, format="parquet", partitioning=_pa_partitioning(keys)).to_table()
    cols = _grid_first(ref.schema.names)
    key = [c for c in ROW_KEY.get(table, GRID_NAMES + ["trial"]) if c in cols]

    t = pq.read_table(d)
    assert t.num_rows == rows
    assert sorted(t.schema.names) == sorted(cols)
    for k in keys:
        typ = t.schema.field(k).type
        assert pa.types.is_dictionary(typ) and typ.value_type == _arrow_type(GRID_TYPE[k]), f"pq.read_table: {k} is {typ}"
    df = pd.read_parquet(d)
    assert len(df) == rows
    for k in keys:
        assert isinstance(df[k].dtype, pd.CategoricalDtype), f"pd.read_parquet: {k} is {df[k].dtype}"
    a = _canonical(ref.to_pandas()[cols], key)
    pd.testing.assert_frame_equal(_canonical(t.to_pandas()[cols], key), a, check_dtype=False)
    pd.testing.assert_frame_equal(_canonical(df[cols], key), a, check_dtype=False)

    part = _pa_partitioning(keys)
    t = pq.read_table(d, partitioning=part)
    assert t.schema.remove_metadata().equals(ref.schema.remove_metadata())
    df = pd.read_parquet(d, partitioning=part)
    for k in keys:
        if GRID_TYPE[k] == "int32":
            assert df[k].dtype == "int32", f"pd.read_parquet(partitioning=…): {k} is {df[k].dtype}"
        else:
            assert not isinstance(df[k].dtype, pd.CategoricalDtype), f"pd.read_parquet(partitioning=…): {k} is {df[k].dtype}"
    pd.testing.assert_frame_equal(_canonical(df[cols], key), a, check_dtype=False)


@pytest.mark.parametrize("experiment,table", KNOWN)
def test_polars_reads(results_dir, experiment, table):
    """With hive_schema, every column with its Go type (hive keys last);
    without it polars infers Int64 for an integer key."""
    m = load_manifest(results_dir, experiment)
    keys = _keys(results_dir, experiment, table)
    lf = _pl_scan(results_dir, experiment, table, keys)
    schema = lf.collect_schema()
    assert _grid_first(schema.names()) == [c for c, _, _ in EXPECTED[table]]
    for c, t, _ in EXPECTED[table]:
        assert schema[c] == POLARS[t], f"polars reads {c} as {schema[c]}, want {POLARS[t]}"
    assert lf.select(pl.len()).collect().item() == m["tables"][table]["rows"]
    inferred = _pl_scan(results_dir, experiment, table, keys, typed=False).collect_schema()
    for k in keys:
        assert inferred[k] == (pl.Int64 if GRID_TYPE[k] == "int32" else pl.String), f"polars infers {k} as {inferred[k]}"


@pytest.mark.parametrize("experiment,table", KNOWN)
def test_duckdb_reads(results_dir, experiment, table):
    """DuckDB's types: with hive_types every column with its Go type;
    left to itself DuckDB detects the key=value folders and types an
    integer key BIGINT; without hive partitioning the keys are missing."""
    m = load_manifest(results_dir, experiment)
    keys = _keys(results_dir, experiment, table)
    con = duckdb.connect()
    for hive in ("typed", "auto", "off"):
        src = _duck_src(results_dir, experiment, table, keys, hive)
        desc = con.sql(f"DESCRIBE SELECT * FROM {src}").fetchall()
        got = {row[0]: row[1] for row in desc}
        want = {c: DUCKDB[t] for c, t, _ in EXPECTED[table]}
        if hive == "auto":
            want.update({k: "BIGINT" for k in keys if GRID_TYPE[k] == "int32"})
        if hive == "off":
            want = {c: t for c, t in want.items() if c not in keys}
        assert got == want, f"hive={hive}"
        if hive == "typed":
            assert _grid_first(row[0] for row in desc) == [c for c, _, _ in EXPECTED[table]]
        rows = con.sql(f"SELECT count(*) FROM {src}").fetchall()[0][0]
        assert rows == m["tables"][table]["rows"]


def _canonical(df: pd.DataFrame, key) -> pd.DataFrame:
    df = df.copy()
    for c in df.columns:
        if isinstance(df[c].dtype, pd.CategoricalDtype):  # pd.read_parquet's hive keys
            df[c] = df[c].astype(df[c].cat.categories.dtype)
        if pd.api.types.is_integer_dtype(df[c]) and not pd.api.types.is_unsigned_integer_dtype(df[c]):
            df[c] = df[c].astype("Int64")
        elif pd.api.types.is_string_dtype(df[c]) or df[c].dtype == object:
            df[c] = df[c].astype(str)
    return df.sort_values(key).reset_index(drop=True)


@pytest.mark.parametrize("experiment,table", KNOWN)
def test_readers_hold_the_same_rows(results_dir, experiment, table):
    """The whole table, row for row, is the same through pyarrow.dataset,
    pq.read_table, pandas, polars and DuckDB (each with the recipe's types),
    and through pd.read_parquet(dir) without arguments; the row key (grid
    point, trial, packet or priority) is unique."""
    key = ROW_KEY[table]
    cols = [c for c, _, _ in EXPECTED[table]]
    keys = _keys(results_dir, experiment, table)
    d = results_dir / experiment / table
    part = _pa_partitioning(keys)
    readings = {
        "pyarrow.dataset": ds.dataset(d, format="parquet", partitioning=part).to_table().to_pandas(),
        "pq.read_table": pq.read_table(d, partitioning=part).to_pandas(),
        "pandas": pd.read_parquet(d, partitioning=part),
        "pandas default": pd.read_parquet(d),
        "polars": _pl_scan(results_dir, experiment, table, keys).collect().to_pandas(),
        "DuckDB": duckdb.connect().sql(f"SELECT * FROM {_duck_src(results_dir, experiment, table, keys)}").df(),
    }
    a = readings["pyarrow.dataset"]
    assert not a.duplicated(key).any(), f"duplicate {key}"
    readings = {name: x[cols].copy() for name, x in readings.items()}
    # Readers differ in how they hold a nullable integer (float with NaN,
    # or a masked integer; a nullable bool as object or masked boolean):
    # compare them as masked floats and masked booleans.
    for c, t, nullable in EXPECTED[table]:
        if nullable and t in ("int32", "int64"):
            for x in readings.values():
                x[c] = x[c].astype("Float64")
        if nullable and t == "bool":
            for x in readings.values():
                x[c] = x[c].astype("boolean")
    readings = {name: _canonical(x, key) for name, x in readings.items()}
    a = readings.pop("pyarrow.dataset")
    for name, x in readings.items():
        pd.testing.assert_frame_equal(a, x, check_dtype=False, obj=f"{name} vs pyarrow.dataset")


def test_other_tables_documented_and_readable(results_dir):
    """A table this file has no expected schema for must be documented in SCHEMA.md,
    column by column, and readable by all three readers with the manifest's
    row count. Passes trivially while there is none."""
    for experiment, table in [(e, t) for e, t in TABLES if t not in EXPECTED]:
        _check_other_table(results_dir, experiment, table)


def _check_other_table(results_dir, experiment, table):
    m = load_manifest(results_dir, experiment)
    rows = m["tables"][table]["rows"]
    keys = _keys(results_dir, experiment, table)
    dset = ds.dataset(results_dir / experiment / table, format="parquet", partitioning=_pa_partitioning(keys))
    section = _section(_schema_md(), table)
    for name in dset.schema.names:
        if name not in GRID_NAMES:
            assert _documented_type(section, name), f"SCHEMA.md does not document {table}.{name}"
    assert set(GRID_NAMES) <= set(dset.schema.names)
    assert dset.count_rows() == rows
    assert _pl_scan(results_dir, experiment, table, keys).select(pl.len()).collect().item() == rows
    assert duckdb.connect().sql(f"SELECT count(*) FROM {_duck_src(results_dir, experiment, table, keys)}").fetchall()[0][0] == rows
