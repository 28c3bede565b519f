"""How loose are the Chapter I bounds of the thesis [Schömer 1988] on a
results folder?

    .venv/bin/python notebooks/looseness.py results/paper

prints two Markdown tables: Theorem I.1 against T (valiant-tail/trials) and
Lemmas I.1, I.4, I.5, I.6 against the delay-sequence counts
(delay-sequences/delayseq), one row per grid point, for whichever of the two
experiments the folder holds. The bounds are those of stats/ (docs/model.md,
Chapter I), recomputed here with SciPy."""

from __future__ import annotations

import math
import pathlib
import sys

import numpy as np
from scipy.stats import binom

import hrresults as hr

LN18 = math.log(18)
E6 = 5 * math.log(2) - 1 - math.log(7)  # Lemma I.6's E(γ) at γ = 6


def rate(c: float) -> float:
    """c ln c − c + 1, the Chernoff rate of Lemma I.5."""
    return c * math.log(c) - c + 1 if c > 0 else 1.0


def theorem_i1_t(n: int, level: float) -> float:
    """The T at which the Theorem I.1 bound on Pr(T ≥ t) falls to level."""
    return 12 * n * 2 * (LN18 - math.log(level) / n)


def fixed_h_bound(n: int, m: int) -> float:
    """Lemmas I.5 + I.6 with γ = 6 on Pr(Σh ≥ m) for a fixed sequence."""
    c = m / (12 * n)
    return min(1.0, math.exp(-rate(c) * n) + math.exp(-E6 * c * n)) if c >= 1 else 1.0


def first_m(f, level: float) -> int:
    m = 1
    while f(m) > level:
        m += 1
    return m


def table(root: pathlib.Path, experiment: str, name: str):
    """The table as a DataFrame, or None if the experiment has not written it."""
    if not hr.has_table(root, experiment, name):
        return None
    return hr.read_arrow(root, experiment, name).to_pandas()


def theorem_i1(trials) -> None:
    print("| n | port | trials | mean T/n | max T/n | t where the bound is 1/trials | bound t / max T |")
    print("|---|---|---|---|---|---|---|")
    for (n, port), g in trials.groupby(["n", "port"]):
        T = g["T"].to_numpy()
        t = theorem_i1_t(n, 1 / len(T))
        print(f"| {n} | {port} | {len(T)} | {T.mean()/n:.2f} | {T.max()/n:.2f} | {t:.0f} ({t/n:.1f}n) | {t/max(T.max(), 1):.0f}× |")


def delay_sequences(seqs) -> None:
    print("| n | trials | T/Σf mean (min) | mean l/2n | mean Σh fixed (= n) | mean Σx fixed (≤ n) "
          "| 99% point m of Σx | B(m) | Chernoff(m) | empirical Pr(Σx ≥ m) | m where B = 1% "
          "| 99% point of Σh fixed | m where I.5+I.6 = 1% | Σx extracted / fixed |")
    print("|" + "---|" * 14)
    for n, g in seqs.groupby("n"):
        N, q = 2**n, n / 2**n
        x = g["x_fixed"].to_numpy()
        m = max(1, int(np.ceil(np.quantile(x, 0.99))))
        B = binom.sf(m - 1, N, q)
        ch = (n / m) ** m * math.exp(m - n) if m > n else 1.0
        r = g["T"] / g["d_load"].clip(lower=1)
        print(f"| {n} | {len(g)} | {r.mean():.3f} ({r.min():.3f}) | {g['d_len'].mean()/(2*n):.2f} "
              f"| {g['h_fixed'].mean():.2f} | {x.mean():.2f} | {m} | {B:.2g} | {ch:.2g} | {(x >= m).mean():.2g} "
              f"| {first_m(lambda k: binom.sf(k - 1, N, q), 0.01)} | {np.quantile(g['h_fixed'], 0.99):.0f} "
              f"| {first_m(lambda k: fixed_h_bound(n, k), 0.01)} | {g['x_extracted'].mean()/max(x.mean(), 1e-9):.2f} |")


def main(root: pathlib.Path) -> int:
    trials, seqs = table(root, "valiant-tail", "trials"), table(root, "delay-sequences", "delayseq")
    if trials is None and seqs is None:
        print(f"{root}: neither valiant-tail nor delay-sequences has been run", file=sys.stderr)
        return 1
    if trials is not None:
        print("## Theorem I.1 against T (valiant-tail)\n")
        theorem_i1(trials)
    if seqs is not None:
        print("\n## Lemmas I.1, I.4, I.5, I.6 (delay-sequences)\n")
        delay_sequences(seqs)
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: looseness.py RESULTS_DIR", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(pathlib.Path(sys.argv[1])))
