"""Lemma I.4 node by node, on the nodeloads table of the priority-load
experiment: for Valiant's routing of any permutation, E f(p, v) = μ/2 at
every priority p and every node v [Schömer 1988, Lemma I.4; docs/model.md].

Given the request, f(p, v) is a sum of independent indicators (one per
packet) whose means add up to μ/2, so its variance is at most μ/2; for a
random permutation the conditional mean is μ/2 whatever the permutation, so
the bound holds too. Per permutation pattern and priority the statistic
Σ_v (S_v − K·μ/2)² / (K·μ/2), with S_v the sum of f(p, v) over K trials, is
then at most chi-square with 2^n degrees of freedom in distribution
(conservatively), and each is held against the chi-square quantile at a
family-wise level of 10⁻⁶ (Bonferroni over the patterns and priorities).
"""

from __future__ import annotations

import pyarrow.compute as pc
import pyarrow.dataset as ds
import pytest
from scipy import stats

EXPERIMENT = "priority-load"
ALPHA = 1e-6


def _read(results_dir, table):
    return ds.dataset(results_dir / EXPERIMENT / table, format="parquet", partitioning="hive").to_table().to_pandas()


@pytest.fixture(scope="module")
def nodeloads(results_dir):
    return _read(results_dir, "nodeloads")


def test_nodeloads_add_up_to_loads(results_dir, nodeloads):
    """Every (pattern, trial, p) with node rows has each of the 2^n nodes
    once, and Σ_v f(p, v) is the loads table's f_sum."""
    keys = ["pattern", "n", "mu", "trial", "p"]
    g = nodeloads.groupby(keys).agg(rows=("v", "size"), nodes=("v", "nunique"), f=("f", "sum")).reset_index()
    assert len(g) > 0
    assert ((g["rows"] == 2 ** g["n"]) & (g["nodes"] == g["rows"])).all()
    loads = _read(results_dir, "loads")[keys + ["f_sum"]]
    m = g.merge(loads, on=keys, how="left", validate="one_to_one")
    bad = m[m["f"] != m["f_sum"]]
    assert bad.empty, f"Σ_v f(p, v) differs from f_sum:\n{bad.head()}"


def test_lemma_i4_per_node(nodeloads):
    """Per pattern and priority, the per-node means of f(p, v) agree with
    μ/2 (chi-square over the nodes, see the module doc)."""
    g = nodeloads.groupby(["pattern", "n", "mu", "p", "v"]).agg(s=("f", "sum"), k=("f", "size")).reset_index()
    families = g.groupby(["pattern", "n", "mu", "p"])
    assert families.ngroups >= 5 * 16, "want five permutations of Q_8, priorities 1 … 16"
    for (pattern, n, mu, p), cells in families:
        assert len(cells) == 2**n and (cells["k"] == cells["k"].iloc[0]).all()
        mean = cells["k"] * mu / 2
        x = float((((cells["s"] - mean) ** 2) / mean).sum())
        limit = stats.chi2.isf(ALPHA / families.ngroups, df=2**n)
        worst = cells.loc[(cells["s"] - mean).abs().idxmax()]
        assert x <= limit, (f"{pattern} n={n} mu={mu} p={p}: chi-square {x:.0f} over {2**n} nodes above {limit:.0f}; "
                            f"node {worst['v']} has mean f {worst['s'] / worst['k']:.3f}, want {mu / 2}")
