"""Go's Chapter II bounds and exact loss probabilities (through `hyperroute
bound --batch`) against SciPy and 40-digit arithmetic (docs/model.md, II.3
and II.5): the exact loss of one phase of a message on n edge-disjoint paths
(k of length k, n−k of length k+2) against scipy.stats.poisson_binom and an
mpmath sum over subsets, the Harris–FKG bracket of both phases built from
those, its mean over k, k2 ~ Bin(n, ½) with scipy.stats.binom weights,
single-copy Valiant against a brute-force average over y and z, and the
closed forms of Theorem II.1, 2(nq)^n, 2(2nq)^n and Theorem II.2.
"""

from __future__ import annotations

import itertools
import math

import mpmath
import numpy as np
from scipy.special import kl_div
from scipy.stats import binom, poisson_binom

from test_bounds import close, go_log, run_batch

NS = [1, 2, 3, 5, 8, 12, 16, 24, 30]
QS = [1e-6, 1e-3, 0.01, 0.05, 0.2, 0.5, 0.9]


def fail_probs(n: int, k: int, q: float) -> list[float]:
    """Failure probability of each of the n paths of a phase of distance k."""
    return [-math.expm1(length * math.log1p(-q)) for length in [k] * k + [k + 2] * (n - k)]


def mp_phase_loss(n: int, k: int, m: int, q: float) -> float:
    """ln Pr(more than n − m of the paths fail), with 40 digits: the
    distribution of the number of failed paths by convolution."""
    with mpmath.workdps(40):
        qq = mpmath.mpf(q)
        dist = [mpmath.mpf(1)]
        for length in [k] * k + [k + 2] * (n - k):
            f = 1 - (1 - qq) ** length
            dist = [(dist[j] if j < len(dist) else 0) * (1 - f) + (dist[j - 1] * f if j > 0 else 0) for j in range(len(dist) + 1)]
        p = sum(dist[n - m + 1:], mpmath.mpf(0))
        return -math.inf if p == 0 else float(mpmath.log(p))


def cases() -> list[tuple[int, int, int, float]]:
    out = []
    for n in NS:
        for k in sorted({0, 1, n // 2, n - 1, n} - {-1}):
            for m in sorted({1, 2, n // 2, n} & set(range(1, n + 1))):
                for q in QS:
                    out.append((n, k, m, q))
    return out


def test_phase_loss(hyperroute_bin):
    cs = cases()
    out = run_batch(hyperroute_bin, [{"kind": "phase-loss", "n": n, "k": k, "m": m, "q": q} for n, k, m, q in cs])
    bad, scipy_checked = [], 0
    for (n, k, m, q), r in zip(cs, out):
        ref = mp_phase_loss(n, k, m, q)
        if not close(go_log(r), ref, scale=abs(ref)) and not abs(go_log(r) - ref) <= 1e-9 * abs(ref):
            bad.append(("mpmath", n, k, m, q, go_log(r), ref))
        # SciPy: the number of failed paths is Poisson-binomial. Its sf is
        # 1 − cdf, good to about 1e-16 absolutely, so it is checked where
        # that is a relative 1e-9.
        sf = float(poisson_binom.sf(n - m, fail_probs(n, k, q)))
        if sf > 1e-6:
            scipy_checked += 1
            if abs(r["value"] - sf) > 1e-9 * sf:
                bad.append(("scipy", n, k, m, q, r["value"], sf))
    assert not bad, f"{len(bad)} of {len(cs)} disagree, e.g. {bad[:5]}"
    assert scipy_checked > 150 and min(go_log(r) for r in out if r["log_value"] is not None) < -300


def test_loss_bracket(hyperroute_bin):
    """The bracket's ends are max(pA, pB) and pA + pB − pA·pB of the two
    phases' exact losses."""
    cs = [(n, k1, k2, m, q) for n in [3, 8, 16] for k1 in [0, 2, n] for k2 in [1, n - 1] for m in [1, 2] for q in [1e-3, 0.05, 0.3]]
    queries = []
    for n, k1, k2, m, q in cs:
        for form in ["upper", "lower"]:
            queries.append({"kind": "loss-bracket", "n": n, "k": k1, "k2": k2, "m": m, "q": q, "form": form})
    out = run_batch(hyperroute_bin, queries)
    for i, (n, k1, k2, m, q) in enumerate(cs):
        a, b = math.exp(mp_phase_loss(n, k1, m, q)), math.exp(mp_phase_loss(n, k2, m, q))
        hi, lo = a + b - a * b, max(a, b)
        assert abs(out[2 * i]["value"] - hi) <= 1e-9 * hi, (n, k1, k2, m, q, out[2 * i], hi)
        assert abs(out[2 * i + 1]["value"] - lo) <= 1e-9 * lo, (n, k1, k2, m, q, out[2 * i + 1], lo)


def test_mean_loss(hyperroute_bin):
    """The means over k, k2 ~ Bin(n, ½), with SciPy's binomial weights."""
    cs = [(n, m, q) for n in [2, 5, 10] for m in [1, 2] for q in [0.01, 0.1, 0.3]]
    queries = [{"kind": "mean-loss", "n": n, "m": m, "q": q, "form": f} for n, m, q in cs for f in ["upper", "lower", "phase"]]
    out = run_batch(hyperroute_bin, queries)
    for i, (n, m, q) in enumerate(cs):
        w = binom.pmf(np.arange(n + 1), n, 0.5)
        p = np.array([math.exp(mp_phase_loss(n, k, m, q)) for k in range(n + 1)])
        hi = sum(w[a] * w[b] * (p[a] + p[b] - p[a] * p[b]) for a in range(n + 1) for b in range(n + 1))
        lo = sum(w[a] * w[b] * max(p[a], p[b]) for a in range(n + 1) for b in range(n + 1))
        for got, want in zip(out[3 * i: 3 * i + 3], [hi, lo, float(w @ p)]):
            assert abs(got["value"] - want) <= 1e-9 * want, (n, m, q, got, want)


def test_valiant_loss_brute_force(hyperroute_bin):
    """A single copy over Valiant's e-cube legs crosses dist(s, y) +
    dist(y, z) edges; averaged over every y and z of Q_n (s = 0)."""
    cs = [(n, q) for n in [1, 3, 6] for q in [1e-4, 0.05, 0.5]]
    out = run_batch(hyperroute_bin, [{"kind": "valiant-loss", "n": n, "q": q} for n, q in cs])
    for (n, q), r in zip(cs, out):
        total = 0.0
        for y, z in itertools.product(range(2**n), repeat=2):
            total += 1 - (1 - q) ** (bin(y).count("1") + bin(y ^ z).count("1"))
        want = total / 4**n
        assert abs(r["value"] - want) <= 1e-12 * want + 1e-15, (n, q, r["value"], want)


def test_chapter_ii_closed_forms(hyperroute_bin):
    queries, want = [], []
    for n in [1, 4, 10, 20, 30]:
        for c in [0.5, 3, 4, 8, 20]:
            queries.append({"kind": "theorem-ii1", "n": n, "c": c})
            rate = min(c / 2, float(kl_div(c, 1)))
            want.append(min(0.0, math.log(4 * n / 3) + n * math.log(6) - rate * n))
        for q in [1e-9, 1e-3, 0.04, 0.3]:
            queries.append({"kind": "message-loss", "n": n, "q": q})
            want.append(min(0.0, math.log(2) + n * math.log(n * q)))
            queries.append({"kind": "any-message-loss", "n": n, "q": q})
            want.append(min(0.0, math.log(2) + n * math.log(2 * n * q)))
        for S in [0.5, 1, 3]:
            queries.append({"kind": "theorem-ii2", "n": n, "S": S})
            want.append(-math.log(2 * n) - S)
    out = run_batch(hyperroute_bin, queries)
    bad = [(q, go_log(r), w) for q, r, w in zip(queries, out, want) if not close(go_log(r), w, scale=abs(w))]
    assert not bad, bad[:5]
