"""The notebooks as files: kept without outputs, each with a parameters cell
that takes the results folder from HYPERROUTE_RESULTS; and the delay-sequence
notebook's two behaviours — it says so and passes when its experiment has not
been run, and it fails when the data are there but break a proof step.
(`make notebooks` executes all of them on the real results.)
"""

from __future__ import annotations

import hashlib
import json
import os
import re

import nbformat
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from conftest import NOTEBOOKS

PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))


NOTEBOOK_WORDS = ["valiant-tail", "routing-compare", "relations", "delay-sequences",
                  "butterfly", "detours", "collectives"]


def test_there_is_a_notebook_per_topic():
    names = [p.stem for p in PATHS]
    assert len(names) == len(NOTEBOOK_WORDS), names
    for word in NOTEBOOK_WORDS:
        assert any(word in n for n in names), (word, names)


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.name)
def test_stripped_and_parameterised(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    dirty = [i for i, c in enumerate(code) if c.outputs or c.execution_count is not None]
    assert not dirty, f"{path.name}: outputs in code cells {dirty}: run python notebooks/run.py --strip"
    params = [c for c in code if "parameters" in c.metadata.get("tags", [])]
    assert len(params) == 1, f"{path.name}: want one cell tagged parameters"
    src = params[0].source
    assert 'os.environ.get("HYPERROUTE_RESULTS", "../results")' in src
    assert code.index(params[0]) == 0, "the parameters cell comes first"
    body = "\n".join(c.source for c in code)
    assert "duckdb" in body and ("read_arrow" in body or "read_pandas" in body or "pyarrow" in body)
    assert "assert_same_summary" in body or "assert_allclose" in body


def execute(path, results, monkeypatch):
    monkeypatch.setenv("HYPERROUTE_RESULTS", str(results))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    return nb


def text_of(nb) -> str:
    parts = []
    for c in nb.cells:
        for o in c.get("outputs", []):
            parts.append(o.get("text", ""))
            parts.append(o.get("data", {}).get("text/markdown", ""))
    return "\n".join(parts)


DELAYSEQ = NOTEBOOKS / "04-delay-sequences.ipynb"


def write_delayseq(results, broken: bool) -> None:
    """A small delay-sequences/delayseq table that satisfies every proof step,
    or, if broken, has one trial with T > Σ f(p_i, v_i). Laid out as the
    harness writes it: n only in the n=… folder names, not in the files."""
    rng = np.random.default_rng(7)
    exp = results / "delay-sequences"
    files, total = [], 0
    for n in (4, 5):
        k = 40
        T = rng.integers(2 * n, 3 * n, k)
        d_load = T + rng.integers(0, 5, k)
        if broken and n == 5:
            d_load[3] = T[3] - 1
        x_fixed = rng.integers(0, n, k)
        x_ext = rng.integers(1, n, k)
        cols = {
            "router": pa.array(["valiant"] * k), "port": pa.array(["single"] * k),
            "queue": pa.array(["priority"] * k), "pattern": pa.array(["random"] * k),
            "mu": pa.array([1] * k, pa.int32()),
            "trial": pa.array(range(k), pa.int32()), "T": pa.array(T, pa.int32()),
            "d_len": pa.array(rng.integers(1, 2 * n + 1, k), pa.int32()),
            "d_load": pa.array(d_load, pa.int64()),
            "x_fixed": pa.array(x_fixed, pa.int32()), "h_fixed": pa.array(x_fixed + rng.integers(0, 3, k), pa.int32()),
            "x_extracted": pa.array(x_ext, pa.int32()), "h_extracted": pa.array(d_load, pa.int64()),
        }
        rel = f"delayseq/n={n}/part-0-of-1.parquet"
        (exp / rel).parent.mkdir(parents=True)
        pq.write_table(pa.table(cols), exp / rel)
        b = (exp / rel).read_bytes()
        files.append({"path": rel, "rows": k, "bytes": len(b), "sha256": hashlib.sha256(b).hexdigest()})
        total += k
    manifest = {"format": 2, "experiment": "delay-sequences", "master_seed": 1, "spec": "", "spec_sha256": "0" * 64,
                "harness": {"version": "test", "commit": "test"}, "tie_break": "",
                "tables": {"delayseq": {"rows": total, "files": files}}}
    (exp / "manifest.json").write_text(json.dumps(manifest))


def test_delayseq_not_run_says_so(tmp_path, monkeypatch):
    nb = execute(DELAYSEQ, tmp_path, monkeypatch)
    out = text_of(nb)
    assert "has not been run" in out and "NOT RUN" in out


def test_delayseq_good_data_pass(tmp_path, monkeypatch):
    write_delayseq(tmp_path, broken=False)
    nb = execute(DELAYSEQ, tmp_path, monkeypatch)
    out = text_of(nb)
    assert "NOT RUN" not in out and "pyarrow and DuckDB agree" in out
    assert any(o.get("data", {}).get("image/png") for c in nb.cells for o in c.get("outputs", []))


def test_delayseq_broken_data_fail(tmp_path, monkeypatch):
    write_delayseq(tmp_path, broken=True)
    with pytest.raises(CellExecutionError, match="proof step"):
        execute(DELAYSEQ, tmp_path, monkeypatch)


def test_delayseq_damaged_file_fails(tmp_path, monkeypatch):
    """The notebook refuses a file that is not the one the manifest records,
    naming it, before it reads anything."""
    write_delayseq(tmp_path, broken=False)
    part = tmp_path / "delay-sequences" / "delayseq" / "n=5" / "part-0-of-1.parquet"
    os.truncate(part, 100)
    with pytest.raises(CellExecutionError, match=f"DamagedResults.*\n{re.escape(str(part))} is damaged: it has 100 bytes"):
        execute(DELAYSEQ, tmp_path, monkeypatch)


def test_delayseq_folder_without_table_fails(tmp_path, monkeypatch):
    (tmp_path / "delay-sequences").mkdir()
    with pytest.raises(CellExecutionError, match="manifest.json does not exist"):
        execute(DELAYSEQ, tmp_path, monkeypatch)


BUTTERFLY = NOTEBOOKS / "05-butterfly.ipynb"


def test_butterfly_not_run_says_so(tmp_path, monkeypatch):
    nb = execute(BUTTERFLY, tmp_path, monkeypatch)
    out = text_of(nb)
    for e in ["butterfly-tail", "butterfly-loads", "replication-loss"]:
        assert f"The `{e}` experiment has not been run" in out


def test_butterfly_losses_off_the_bracket_fail(results_dir, tmp_path, monkeypatch):
    """The real replication-loss results with disjoint's losses doubled at
    q ≥ 0.1: the notebook must stop on the loss check (before it gets to the
    messages table, which now disagrees)."""
    import shutil

    shutil.copytree(results_dir / "replication-loss", tmp_path / "replication-loss")
    for f in (tmp_path / "replication-loss" / "trials").glob("**/*.parquet"):
        t = pq.read_table(f)
        meta = t.schema.metadata
        df = t.to_pandas()
        sel = (df["router"] == "disjoint") & (df["q"] >= 0.1)
        df.loc[sel, "lost"] = (2 * df.loc[sel, "lost"]).clip(upper=df.loc[sel, "messages"])
        pq.write_table(pa.Table.from_pandas(df, schema=t.schema, preserve_index=False).replace_schema_metadata(meta), f)
    with pytest.raises(CellExecutionError, match="measured losses off the exact bracket"):
        execute(BUTTERFLY, tmp_path, monkeypatch)


DETOURS = NOTEBOOKS / "06-detours.ipynb"


def test_detours_not_run_says_so(tmp_path, monkeypatch):
    nb = execute(DETOURS, tmp_path, monkeypatch)
    out = text_of(nb)
    for e in ["detour-existence", "matching"]:
        assert f"The `{e}` experiment has not been run" in out


def test_detours_gamma_out_of_order_fails(results_dir, tmp_path, monkeypatch):
    """The real matching results with optimal's γ raised by one on every
    complete system: the notebook must stop on γ(optimal) ≤ γ(heuristic)."""
    import shutil

    shutil.copytree(results_dir / "matching", tmp_path / "matching")
    for f in (tmp_path / "matching" / "trials").glob("**/*.parquet"):
        t = pq.read_table(f)
        meta = t.schema.metadata
        df = t.to_pandas()
        sel = (df["detours"] == "optimal") & df["ok"].astype(bool)
        df.loc[sel, "gamma"] = df.loc[sel, "gamma"] + 1
        pq.write_table(pa.Table.from_pandas(df, schema=t.schema, preserve_index=False).replace_schema_metadata(meta), f)
    with pytest.raises(CellExecutionError, match="γ out of order"):
        execute(DETOURS, tmp_path, monkeypatch)
