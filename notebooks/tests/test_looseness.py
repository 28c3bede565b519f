"""notebooks/looseness.py: its threshold for thesis Theorem I.1
[Schömer 1988] agrees with the Go bound (`hyperroute bound theorem-i1`),
and on the experiments' results it prints one row per grid point of each
table, in which the measured quantities obey the lemmas they are held
against."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import REPO

sys.path.insert(0, str(REPO / "notebooks"))
import looseness  # noqa: E402


@pytest.mark.parametrize("n,level", [(4, 1e-2), (10, 2e-4), (16, 1e-6)])
def test_theorem_i1_threshold_matches_go(hyperroute_bin, n, level):
    t = looseness.theorem_i1_t(n, level)
    p = subprocess.run([str(hyperroute_bin), "bound", "theorem-i1", "--n", str(n), "--t", repr(t)],
                       capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(p.stdout)["value"] == pytest.approx(level, rel=1e-9)


def test_tables_on_results(results_dir):
    p = subprocess.run([sys.executable, str(REPO / "notebooks" / "looseness.py"), str(results_dir)],
                       capture_output=True, text=True, timeout=120, check=True)
    trials = looseness.table(results_dir, "valiant-tail", "trials")
    seqs = looseness.table(results_dir, "delay-sequences", "delayseq")
    points = len(trials.groupby(["n", "port"])) + len(seqs.groupby("n"))
    rows = [line for line in p.stdout.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert len(rows) == points
    for line in rows[len(trials.groupby(["n", "port"])):]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        n, ratio_min = int(cells[0]), float(cells[2].split("(")[1].rstrip(")"))
        assert ratio_min <= 1, f"n={n}: T > Σf in some run (Lemma I.1)"
        assert float(cells[5]) <= n, f"n={n}: mean Σx of the fixed sequence above n (Lemma I.5)"
