"""A damaged part file, as an interrupted copy or a failing disk leaves it,
through the command line: `hyperroute verify` names it, `hyperroute summary`
and the notebooks' reader (hrresults.require) refuse the dataset naming it,
a rerun sets the file aside, keeping it, and redoes exactly its unit, and
then pyarrow reads the rows of a clean run. All on a fresh run of
valiant-tail in a temporary folder, never in HYPERROUTE_RESULTS.
"""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import subprocess
import sys

import pyarrow as pa
import pyarrow.dataset as ds
import pytest

from conftest import NOTEBOOKS

sys.path.insert(0, str(NOTEBOOKS))
try:
    import hrresults as hr
finally:
    sys.path.pop(0)

EXPERIMENT = "valiant-tail"
TABLES = ["trials", "packets"]
UNIT = "n=6"
PART = f"trials/{UNIT}/part-0-of-1.parquet"


def hyperroute(binary, *args) -> subprocess.CompletedProcess:
    return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def clean(tmp_path_factory, hyperroute_bin):
    out = tmp_path_factory.mktemp("clean")
    p = hyperroute(hyperroute_bin, "run", EXPERIMENT, "--out", out, "--workers", "2")
    assert p.returncode == 0, p.stderr
    return out


def flip_data_byte(path) -> None:
    """Changes one bit half way into the bytes before the footer, where
    the rows are (the footer length precedes the closing PAR1)."""
    b = bytearray(path.read_bytes())
    footer = len(b) - 8 - int.from_bytes(b[-8:-4], "little")
    b[footer // 2] ^= 0x04
    path.write_bytes(bytes(b))


def flip_footer_bit(path) -> None:
    """Changes one bit a hundred bytes into the footer."""
    b = bytearray(path.read_bytes())
    footer = len(b) - 8 - int.from_bytes(b[-8:-4], "little")
    b[footer + 100] ^= 0x10
    path.write_bytes(bytes(b))


DAMAGES = {
    "footer bit": (flip_footer_bit, "its footer does not match the SHA-256 it records (hyperroute.footer_sha256)"),
    "truncated": (lambda p: os.truncate(p, 100), "not a whole Parquet file (100 bytes, no footer at the end)"),
    "garbage": (lambda p: p.write_bytes(random.Random(1).randbytes(p.stat().st_size)), "not a whole Parquet file ("),
    "flipped byte": (flip_data_byte, "its data do not match the SHA-256 it records (hyperroute.data_sha256)"),
}


def rows(results, table) -> pa.Table:
    """Every row of the table, read with pyarrow.dataset and hive
    partitioning, in a fixed order."""
    t = ds.dataset(results / EXPERIMENT / table, format="parquet", partitioning="hive").to_table()
    cols = sorted(t.column_names)
    return t.select(cols).sort_by([(c, "ascending") for c in cols]).combine_chunks()


def digests(root) -> dict:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in root.rglob("*") if p.is_file()}


def rerun_repairs(binary, out, clean, before) -> subprocess.CompletedProcess:
    """Rerun the experiment into out; assert that it redid exactly UNIT,
    left the other files as they were, verifies, and holds the rows of the
    clean run. Return the run."""
    root = out / EXPERIMENT
    r = hyperroute(binary, "run", EXPERIMENT, "--out", out)
    assert r.returncode == 0, r.stderr
    written = [line.split(":")[0] for line in r.stderr.splitlines() if ": written, rows:" in line]
    assert written == [f"{EXPERIMENT} {UNIT} shard 0/1"], r.stderr
    after = digests(root)
    changed = sorted(k for k, v in before.items() if after.get(k) != v)
    assert changed == sorted(["manifest.json", *(f"{t}/{UNIT}/part-0-of-1.parquet" for t in TABLES)]), changed
    v = hyperroute(binary, "verify", root)
    assert v.returncode == 0, v.stdout + v.stderr
    hr.require(out, EXPERIMENT, TABLES)
    for t in TABLES:
        assert rows(out, t).equals(rows(clean, t)), f"{t}: rows after the rerun differ from a clean run"
    return r


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_damaged_part(tmp_path, hyperroute_bin, clean, damage):
    out = tmp_path / "results"
    shutil.copytree(clean, out)
    root, part = out / EXPERIMENT, out / EXPERIMENT / PART
    before = digests(root)
    make, reason = DAMAGES[damage]
    make(part)
    damaged = part.read_bytes()

    v = hyperroute(hyperroute_bin, "verify", root)
    lines = v.stdout.splitlines()
    assert v.returncode == 1 and len(lines) == 1 and lines[0].startswith(f"{part}: damaged: {reason}"), v.stdout
    assert v.stderr.startswith(f"hyperroute verify: {root}: 1 problem in 18 files"), v.stderr
    s = hyperroute(hyperroute_bin, "summary", root)
    assert s.returncode == 1 and s.stderr.startswith(f"hyperroute summary: {part} is damaged: {reason}"), s.stderr
    with pytest.raises(hr.DamagedResults, match=f"{part} is damaged"):
        hr.require(out, EXPERIMENT, TABLES)

    r = rerun_repairs(hyperroute_bin, out, clean, before)
    said = [line for line in r.stderr.splitlines() if " is damaged " in line]
    assert len(said) == 1 and said[0].startswith(f"{EXPERIMENT} {UNIT} shard 0/1: {PART} is damaged ({reason}"), r.stderr
    assert said[0].endswith(f"set aside as trials/{UNIT}/_part-0-of-1.parquet.damaged; redoing the unit"), r.stderr
    assert part.with_name("_part-0-of-1.parquet.damaged").read_bytes() == damaged


def test_deleted_part_and_manifest(tmp_path, hyperroute_bin, clean):
    out = tmp_path / "results"
    shutil.copytree(clean, out)
    root, part = out / EXPERIMENT, out / EXPERIMENT / PART
    before = digests(root)
    part.unlink()
    (root / "manifest.json").unlink()

    v = hyperroute(hyperroute_bin, "verify", root)
    assert v.returncode == 1, v.stdout
    assert v.stdout.splitlines() == [
        f"{root / 'manifest.json'}: missing; the end of an unsharded run, or hyperroute merge, writes it",
        f"{part}: missing: unit {UNIT} of trials in shard 0/1",
    ]
    with pytest.raises(FileNotFoundError, match="manifest.json does not exist"):
        hr.require(out, EXPERIMENT, TABLES)

    r = rerun_repairs(hyperroute_bin, out, clean, before)
    assert " is damaged " not in r.stderr
    assert not list(root.rglob("*.damaged"))


def test_require_names_an_altered_file(tmp_path, clean):
    """hrresults.require refuses a file the manifest lists otherwise, one it
    does not list, and one it lists that is missing."""
    out = tmp_path / "results"
    shutil.copytree(clean, out)
    root = out / EXPERIMENT
    hr.require(out, EXPERIMENT, TABLES)
    other = root / "packets" / UNIT / "part-0-of-1.parquet"
    extra = root / "trials" / "n=99" / "part-0-of-1.parquet"
    extra.parent.mkdir()
    shutil.copy(root / PART, extra)
    shutil.copy(root / "trials" / "n=7" / "part-0-of-1.parquet", root / PART)
    other.unlink()
    with pytest.raises(hr.DamagedResults) as e:
        hr.require(out, EXPERIMENT, TABLES)
    lines = str(e.value).splitlines()[1:]
    assert len(lines) == 3 and lines[0].startswith(f"{root / PART} is damaged: "), lines
    assert lines[1:] == [f"{extra}: not in manifest.json", f"{other}: missing"]


def test_incomplete_reader(tmp_path, hyperroute_bin, clean):
    """Without a manifest the run is incomplete: the notebooks' reader and
    hyperroute summary refuse it, saying so, and read it only when told."""
    out = tmp_path / "results"
    shutil.copytree(clean, out)
    root = out / EXPERIMENT
    (root / "manifest.json").unlink()
    with pytest.raises(hr.IncompleteResults, match=f"{root} is incomplete: 9 unit"):
        hr.read_arrow(out, EXPERIMENT, "trials")
    assert hr.read_arrow(out, EXPERIMENT, "trials", partial=True).num_rows == rows(clean, "trials").num_rows
    s = hyperroute(hyperroute_bin, "summary", root)
    assert s.returncode == 2 and f"{root} is incomplete: 9 of 9 units of table trials" in s.stderr, s.stderr
    s = hyperroute(hyperroute_bin, "summary", root, "--partial")
    assert s.returncode == 0, s.stderr
