"""Go's Chapter III.1 bounds (through `hyperroute bound --batch`) against
40-digit arithmetic (docs/model.md, III.1): n·2^n·q·(3q)^{n−1} on some failed
edge without an intact detour, (n/5)(10q)^n and (11q)^n on the parallel
matching failing, and the thresholds 1/(7e^S) and 1/(11e^S). Beyond the
formulas: the union bound lies above n·2^n times the exact chance that one
edge fails with all its n−1 detours broken (they share no edge), and at each
threshold the bound is at most e^{−Sn}, as the thesis says.
"""

from __future__ import annotations

import math

import mpmath

from test_bounds import close, go_log, run_batch

NS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 30]
QS = [1e-6, 1e-3, 0.01, 0.03, 0.05, 0.1, 0.2, 0.5]
SS = [0.0, 0.5, 1.0, 2.0, 5.0]


def mp_log(x) -> float:
    return 0.0 if x >= 1 else float(mpmath.log(x))


def test_detour_missing(hyperroute_bin):
    cases = [(n, q) for n in NS for q in QS]
    out = run_batch(hyperroute_bin, [{"kind": "detour-missing", "n": n, "q": q} for n, q in cases])
    with mpmath.workdps(40):
        for (n, q), r in zip(cases, out):
            qq = mpmath.mpf(q)
            want = mp_log(n * 2**n * qq * (3 * qq) ** (n - 1))
            assert close(go_log(r), want, 50), (n, q, go_log(r), want)
            # One given edge fails and all n−1 detours, edge-disjoint, break.
            exact_edge = qq * (1 - (1 - qq) ** 3) ** (n - 1)
            assert go_log(r) >= mp_log(n * 2**n * exact_edge) - 1e-12, (n, q)


def test_matching_failure(hyperroute_bin):
    cases = [(n, q, form) for n in NS for q in QS for form in ("sharp", "loose")]
    out = run_batch(hyperroute_bin, [{"kind": "matching-failure", "n": n, "q": q, "form": f} for n, q, f in cases])
    with mpmath.workdps(40):
        for (n, q, form), r in zip(cases, out):
            qq = mpmath.mpf(q)
            if form == "loose":
                want = mp_log((11 * qq) ** n)
            else:
                want = 0.0 if q > 0.1 else mp_log(mpmath.mpf(n) / 5 * (10 * qq) ** n)
            assert close(go_log(r), want, 50), (n, q, form, go_log(r), want)
    sharp = {(n, q): go_log(r) for (n, q, f), r in zip(cases, out) if f == "sharp"}
    loose = {(n, q): go_log(r) for (n, q, f), r in zip(cases, out) if f == "loose"}
    for k in sharp:
        if k[1] <= 0.1:
            assert sharp[k] <= loose[k] + 1e-12, k


def test_thresholds(hyperroute_bin):
    out = run_batch(hyperroute_bin, [{"kind": k, "S": s} for k in ("detour-max-q", "matching-max-q") for s in SS])
    for r in out:
        c = 7 if r["kind"] == "detour-max-q" else 11
        assert close(r["value"], 1 / (c * math.exp(r["S"]))), r
    # At the threshold, the bound it promises holds for every n.
    qs = [(r["kind"], r["S"], r["value"]) for r in out]
    queries = [{"kind": "detour-missing" if k == "detour-max-q" else "matching-failure", "n": n, "q": q}
               | ({"form": "loose"} if k == "matching-max-q" else {}) for k, _, q in qs for n in NS]
    res = run_batch(hyperroute_bin, queries)
    for i, (k, s, q) in enumerate(qs):
        for j, n in enumerate(NS):
            assert go_log(res[i * len(NS) + j]) <= -s * n + 1e-9, (k, s, n)
