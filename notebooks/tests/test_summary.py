"""The same numbers as the Go side: `hyperroute summary DIR/EXPERIMENT --jsonl`
reads the trials table with the harness' own Parquet reader
(dataset.ReadDataset) and prints per grid point the trials and the mean, sd,
min and max of T over the routed trials: those not marked ok = false (no
complete detour system) and, on a cube with failed edges without detours,
not those that lost every packet. pyarrow + pandas, plain
pd.read_parquet(dir), DuckDB SQL and polars (each left to infer the type of
the hive key n) must print the same, and the trial counts must add up to the
manifest's row count — which is also what the notebooks' summaries rest on.
"""

from __future__ import annotations

import json
import subprocess

import duckdb
import numpy as np
import pandas as pd
import polars as pl
import pyarrow.dataset as ds
import pytest

from conftest import EXPERIMENTS, load_manifest
from test_schema import GRID

#: A grid point is the value of every parameter column.
KEYS = [c for c, _, _ in GRID]
TYPES = {"string": str, "int32": "int64", "double": "float64", "bool": bool}
STATS = ["routed", "mean_T", "sd_T", "min_T", "max_T"]


def go_summary(hyperroute_bin, results_dir, experiment) -> pd.DataFrame:
    p = subprocess.run([str(hyperroute_bin), "summary", str(results_dir / experiment), "--jsonl"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return pd.DataFrame([json.loads(line) for line in p.stdout.splitlines()])


def normalize(df: pd.DataFrame) -> pd.DataFrame:
    df = df[KEYS + STATS].copy()
    for k, t, _ in GRID:
        df[k] = df[k].astype(TYPES[t])
    for k in ("routed", "min_T", "max_T"):
        df[k] = df[k].astype("int64")
    df["sd_T"] = df["sd_T"].fillna(0.0)  # one trial: Go prints 0, SQL NULL
    return df.sort_values(KEYS).reset_index(drop=True)


def assert_same(a: pd.DataFrame, b: pd.DataFrame, what: str) -> None:
    a, b = normalize(a), normalize(b)
    pd.testing.assert_frame_equal(a[KEYS + ["routed", "min_T", "max_T"]], b[KEYS + ["routed", "min_T", "max_T"]], obj=what)
    np.testing.assert_allclose(a["mean_T"], b["mean_T"], rtol=1e-12, err_msg=what)
    np.testing.assert_allclose(a["sd_T"], b["sd_T"], rtol=1e-9, atol=1e-12, err_msg=what)


#: Experiments of the detours model draw detour systems and route nothing,
#: matching only draws (draw_only) and replication-loss runs without the
#: clock: their trials table has no T for `hyperroute summary` to summarise.
NO_T = {"detour-existence", "matching", "replication-loss"}


def routed(df: pd.DataFrame) -> pd.DataFrame:
    """The routed rows: not ok = false, and on a faulty cube without detours
    not those that lost every packet (their T is no time)."""
    ok = df["ok"].astype("boolean").fillna(True)
    faulty = (df["q"] > 0) | (df["k"] > 0) | (df["faults"] != "")
    all_lost = faulty & (df["detours"] == "none") & (df["messages"] > 0) & (df["lost"] == df["messages"])
    return df[ok & ~all_lost.fillna(False).astype(bool)]


@pytest.mark.parametrize("experiment", sorted(set(EXPERIMENTS) - NO_T))
def test_go_summary_matches_python_readers(hyperroute_bin, results_dir, experiment):
    m = load_manifest(results_dir, experiment)
    go = go_summary(hyperroute_bin, results_dir, experiment)
    assert int(go["trials"].sum()) == m["tables"]["trials"]["rows"]

    df = routed(ds.dataset(results_dir / experiment / "trials", format="parquet", partitioning="hive").to_table().to_pandas())
    g = df.groupby(KEYS)["T"]
    arrow = pd.DataFrame({"routed": g.size(), "mean_T": g.mean(), "sd_T": g.std(ddof=1), "min_T": g.min(),
                          "max_T": g.max()}).reset_index()

    # A researcher's first try: n comes back categorical.
    df = routed(pd.read_parquet(results_dir / experiment / "trials"))
    g = df.groupby(KEYS, observed=True)["T"]
    plain = pd.DataFrame({"routed": g.size(), "mean_T": g.mean(), "sd_T": g.std(ddof=1), "min_T": g.min(),
                          "max_T": g.max()}).reset_index()

    glob = str(results_dir / experiment / "trials" / "**" / "*.parquet").replace("'", "''")
    duck = duckdb.connect().sql(f"""
        SELECT {", ".join(f'"{k}"' for k in KEYS)}, count(*) AS routed, avg(T) AS mean_T,
               stddev_samp(T) AS sd_T, min(T) AS min_T, max(T) AS max_T
        FROM read_parquet('{glob}', hive_partitioning = true)
        WHERE coalesce(ok, true)
          AND NOT ((q > 0 OR k > 0 OR faults <> '') AND detours = 'none' AND coalesce(messages > 0 AND lost = messages, false))
        GROUP BY ALL
    """).df()

    faulty = (pl.col("q") > 0) | (pl.col("k") > 0) | (pl.col("faults") != "")
    all_lost = faulty & (pl.col("detours") == "none") & (pl.col("messages") > 0) & (pl.col("lost") == pl.col("messages"))
    polars = (
        pl.scan_parquet(str(results_dir / experiment / "trials" / "**" / "*.parquet"), hive_partitioning=True)
        .filter(pl.col("ok").fill_null(True) & ~all_lost.fill_null(False))
        .group_by(KEYS)
        .agg(pl.len().alias("routed"), pl.col("T").mean().alias("mean_T"), pl.col("T").std().alias("sd_T"),
             pl.col("T").min().alias("min_T"), pl.col("T").max().alias("max_T"))
        .collect()
        .to_pandas()
    )
    assert_same(go, arrow, "Go vs pyarrow")
    assert_same(go, plain, "Go vs pd.read_parquet(dir)")
    assert_same(go, duck, "Go vs DuckDB")
    assert_same(go, polars, "Go vs polars")
    # The spec's trials per point, unless a profile or --trials changed it.
    assert (go["trials"] == go["trials"].iloc[0]).all()
    if "trials" in m:
        assert go["trials"].iloc[0] == m["trials"]


def test_valiant_tail_notebook_numbers(hyperroute_bin, results_dir):
    """The per-(n, port) mean of T the valiant-tail notebook tabulates is the
    Go summary's, group for group."""
    import sys

    from conftest import NOTEBOOKS

    sys.path.insert(0, str(NOTEBOOKS))
    try:
        import hrresults as hr
    finally:
        sys.path.pop(0)
    df = hr.read_arrow(results_dir, "valiant-tail", "trials").to_pandas()
    nb = hr.summarize(df, ["port", "n"]).sort_values(["port", "n"]).reset_index(drop=True)
    go = go_summary(hyperroute_bin, results_dir, "valiant-tail")
    assert set(go["router"]) == {"valiant"} and len(set(go["queue"])) == 1 and len(set(go["pattern"])) == 1
    go = go.sort_values(["port", "n"]).reset_index(drop=True)
    assert list(zip(nb["port"], nb["n"])) == list(zip(go["port"], go["n"]))
    assert (nb["trials"].to_numpy() == go["trials"].to_numpy()).all()
    np.testing.assert_allclose(nb["mean"], go["mean_T"], rtol=1e-12)
    np.testing.assert_allclose(nb["sd"], go["sd_T"], rtol=1e-9)
