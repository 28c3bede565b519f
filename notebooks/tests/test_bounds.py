"""Go's stats package (through `hyperroute bound --batch`) against SciPy: the
exact binomial tail, Chernoff, Hoeffding, Lemma I.5 and Theorem I.1 of the
thesis [Schömer 1988] (docs/model.md), to 1e-9 relative error on the value,
deep into the tail.

Relative error of a value v is |Δ ln v|, so the comparisons are made on
logarithms: |ln v_go − ln v_ref| ≤ 1e-9 + 1e-14·scale, where the second term
(scale = |ln v| plus, for Chernoff, the size of m and Nq whose difference it
takes) only matters once |ln v| passes 10^5: a float64 logarithm of size 10^8
holds only ~1e-8 absolutely (at N = 2^30, m = N/2, q = 0.3 Go's ln B is off by
1.3e-7 = 1.4e-15 relative from the 40-digit value, which is float64 rounding,
not a 1e-9 miss in any meaningful sense).

References:
* where SciPy's binom.sf is a normal float (ln ≥ −700): binom.sf / binom.logsf;
* below, SciPy's log form, logsumexp of binom.logpmf over the tail, for
  N ≤ 2^16 (its ln Γ differences are accurate to ~1e-10 there), and for every
  N the tail summed in 40-digit arithmetic (mpmath);
* Chernoff as −scipy.special.kl_div(m, Nq); Theorem I.1 in closed form
  with kl_div(c, 1) = c ln c − c + 1;
* Hoeffding's inequality itself against the exact Poisson-binomial tail
  (scipy.stats.poisson_binom).
"""

from __future__ import annotations

import json
import math
import subprocess

import mpmath
import numpy as np
import pytest
from scipy.special import kl_div, logsumexp
from scipy.stats import binom, poisson_binom

LOG_FLOOR = -700.0  # below this SciPy's sf is subnormal or 0


def run_batch(hyperroute_bin, queries: list[dict]) -> list[dict]:
    text = "".join(json.dumps(q) + "\n" for q in queries)
    p = subprocess.run([str(hyperroute_bin), "bound", "--batch"], input=text, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert len(out) == len(queries)
    for q, r in zip(queries, out):
        assert r["kind"] == q["kind"]
        for k, v in q.items():
            if k not in ("kind", "form"):
                assert r[k] == v, f"echo of {k}: {r[k]} vs {v}"
    return out


def go_log(r: dict) -> float:
    return -math.inf if r["log_value"] is None else r["log_value"]


def close(got: float, want: float, scale: float = 0.0) -> bool:
    if math.isinf(want) or math.isinf(got):
        return got == want
    return abs(got - want) <= 1e-9 + 1e-14 * (abs(want) + scale)


def mp_log_tail(m: int, N: int, q: float) -> float:
    """ln Pr(Bin(N, q) ≥ m) for m > Nq, summed in 40-digit arithmetic."""
    if m <= 0:
        return 0.0
    if m > N or q == 0:
        return -math.inf
    with mpmath.workdps(40):
        qq = mpmath.mpf(q)
        t = mpmath.exp(mpmath.loggamma(N + 1) - mpmath.loggamma(m + 1) - mpmath.loggamma(N - m + 1)
                       + m * mpmath.log(qq) + (N - m) * mpmath.log1p(-qq))
        s, i, odds = t, m, qq / (1 - qq)
        while i < N:
            t *= mpmath.mpf(N - i) / (i + 1) * odds
            s += t
            i += 1
            if t < s * mpmath.mpf(10) ** -35:
                break
        return float(mpmath.log(s))


def scipy_log_form(m: int, N: int, q: float) -> float:
    k = np.arange(m, min(N, m + 5000) + 1)
    return float(logsumexp(binom.logpmf(k, N, q)))


NS = [1, 2, 10, 100, 1000, 2**12, 2**16, 2**20, 2**24, 2**30]
QS = [1e-9, 1e-6, 1.9e-5, 1e-3, 0.01, 0.1, 0.3, 0.5, 0.9, 0.999]


def binom_cases() -> list[tuple[int, int, float]]:
    cases = set()
    for N in NS:
        for q in QS:
            mu, sd = N * q, math.sqrt(N * q * (1 - q))
            for m in [0, 1, 2, math.floor(mu), math.ceil(mu) + 1, round(mu + 3 * sd) + 1, round(mu + 10 * sd) + 2,
                      2 * round(mu) + 5, 10 * round(mu) + 20, N // 2, N - 1, N, N + 1]:
                if 0 <= m <= N + 1:
                    cases.add((m, N, q))
    cases.add((40, 2**20, 1.9e-5))  # the issue's example
    return sorted(cases)


BINOM = binom_cases()


def test_binom_against_scipy(hyperroute_bin):
    out = run_batch(hyperroute_bin, [{"kind": "binom", "m": m, "N": N, "p": q} for m, N, q in BINOM])
    shallow = deep = 0
    bad = []
    for (m, N, q), r in zip(BINOM, out):
        ref_log = float(binom.logsf(m - 1, N, q))
        if ref_log >= LOG_FLOOR:
            shallow += 1
            ref = float(binom.sf(m - 1, N, q))
            if not (close(go_log(r), ref_log) and abs(r["value"] - ref) <= 1e-9 * ref):
                bad.append(("scipy sf", m, N, q, r["value"], ref, go_log(r), ref_log))
            continue
        deep += 1
        ref_mp = mp_log_tail(m, N, q)
        if not close(go_log(r), ref_mp):
            bad.append(("mpmath", m, N, q, go_log(r), ref_mp))
        if N <= 2**16 and m <= N and q > 0 and not close(go_log(r), scipy_log_form(m, N, q)):
            bad.append(("scipy logpmf", m, N, q, go_log(r), scipy_log_form(m, N, q)))
        assert r["value"] == pytest.approx(math.exp(go_log(r)), rel=1e-15, abs=0)
    assert not bad, f"{len(bad)} of {len(BINOM)} disagree, e.g. {bad[:5]}"
    assert shallow > 150 and deep > 150, (shallow, deep)
    # Deep means deep: the comparisons reach far below the float64 range.
    assert min(go_log(r) for r in out if r["log_value"] is not None) < -1e9


def test_binom_issue_example(hyperroute_bin):
    p = subprocess.run([str(hyperroute_bin), "bound", "binom", "--m", "40", "--N", "1048576", "--p", "1.9e-5"],
                       capture_output=True, text=True, check=True)
    r = json.loads(p.stdout)
    assert set(r) == {"kind", "m", "N", "p", "value", "log_value"}
    assert r["value"] == pytest.approx(binom.sf(39, 1048576, 1.9e-5), rel=1e-9)


def test_chernoff_against_scipy(hyperroute_bin):
    cases = []
    for N in NS:
        for q in QS + [0.0, 1.0]:
            mu = N * q
            for m in [0.5, 1, 1.5, mu, mu + 0.25, 1.0001 * mu + 1, 2 * mu + 3.7, 10 * mu + 20, N / 2, float(N)]:
                cases.append({"kind": "chernoff", "m": float(m), "N": N, "p": q})
    out = run_batch(hyperroute_bin, cases)
    bad = []
    for c, r in zip(cases, out):
        m, mu = c["m"], c["N"] * c["p"]
        ref = -float(kl_div(m, mu)) if m > mu else 0.0
        if not close(go_log(r), ref, m + mu):
            bad.append((c, go_log(r), ref))
        # Chernoff bounds the exact tail from above (up to rounding).
        if m == math.floor(m) and m > mu and 0 < c["p"] < 1:
            exact = float(binom.logsf(m - 1, c["N"], c["p"]))
            assert exact <= go_log(r) + 1e-9 * max(1, abs(exact)), (c, exact, go_log(r))
    assert not bad, bad[:5]


def test_hoeffding_against_scipy(hyperroute_bin):
    cases = []
    for N in [1, 2, 10, 100, 1000, 2**16, 2**20]:
        for q in [1e-6, 1e-3, 0.01, 0.2, 0.5, 0.95]:
            mu = N * q
            for m in sorted({0, 1, math.floor(mu + 1), math.ceil(mu + 1), math.ceil(mu + 1) + 1, 2 * math.ceil(mu) + 5, N}):
                cases.append({"kind": "hoeffding", "m": m, "N": N, "p": q})
    out = run_batch(hyperroute_bin, cases)
    for c, r in zip(cases, out):
        m, N, q = c["m"], c["N"], c["p"]
        if m >= N * q + 1:
            ref = float(binom.logsf(m - 1, N, q))
            if ref < LOG_FLOOR:
                ref = mp_log_tail(m, N, q)
        else:
            ref = 0.0
        assert close(go_log(r), ref), (c, go_log(r), ref)


def poisson_binomial_tail(ps, m: int) -> float:
    """Pr(Z ≥ m) for independent Bernoulli(p_i), by the exact convolution
    recurrence (sums of products of non-negative numbers: no cancellation,
    accurate deep into the tail)."""
    pmf = np.zeros(len(ps) + 1)
    pmf[0] = 1.0
    for p in ps:
        pmf[1:] = pmf[1:] * (1 - p) + pmf[:-1] * p
        pmf[0] *= 1 - p
    return float(pmf[m:].sum())


def test_hoeffding_bounds_poisson_trials(hyperroute_bin):
    """Hoeffding's inequality itself: for independent trials with unequal
    success probabilities, the exact Poisson-binomial tail is at most the
    bound, wherever m ≥ N·q̄ + 1."""
    rng = np.random.default_rng(1988)
    trials = []
    for N in [5, 20, 64, 200]:
        for shape in ["uniform", "skewed", "sparse"]:
            if shape == "uniform":
                ps = rng.uniform(0, 1, N)
            elif shape == "skewed":
                ps = rng.beta(0.3, 3, N)
            else:
                ps = np.where(rng.uniform(size=N) < 0.1, rng.uniform(0.5, 1, N), 0.0)
            qbar = float(ps.mean())
            for m in range(math.ceil(N * qbar + 1), N + 1, max(1, N // 16)):
                trials.append((ps, m, {"kind": "hoeffding", "m": m, "N": N, "p": qbar}))
    out = run_batch(hyperroute_bin, [t[2] for t in trials])
    for (ps, m, c), r in zip(trials, out):
        exact = poisson_binomial_tail(ps, m)
        # SciPy's sf is 1 − cdf, good to ~1e-16 absolute: use it as a check of
        # the exact sum where that is enough.
        sf = float(poisson_binom.sf(m - 1, ps))
        assert abs(sf - exact) <= 1e-12 + 1e-9 * exact, (c, sf, exact)
        assert exact <= r["value"] * (1 + 1e-9), (c, exact, r["value"])
    # Below the condition the bound can fail, which is why Go reports 1 there.
    (r,) = run_batch(hyperroute_bin, [{"kind": "hoeffding", "m": 1, "N": 2, "p": 0.45}])
    assert r["value"] == 1 and float(poisson_binom.sf(0, [0.9, 0.0])) > float(binom.sf(0, 2, 0.45))


def test_lemma_i5_against_scipy(hyperroute_bin):
    cs = [0.5, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 6.0, 8.0, 12.0, 20.0]
    cases = []
    for n in range(1, 31):
        for c in cs + [1 + 1 / n]:
            cases.append({"kind": "lemma-i5", "n": n, "c": c})
            cases.append({"kind": "lemma-i5", "n": n, "c": c, "form": "exp"})
    out = run_batch(hyperroute_bin, cases)
    for q, r in zip(cases, out):
        n, c = q["n"], q["c"]
        if q.get("form") == "exp":
            assert r["form"] == "exp"
            ref = -float(kl_div(c * n, float(n))) if c >= 1 else 0.0
            assert close(go_log(r), ref, c * n + n), (q, go_log(r), ref)
        else:
            assert r["form"] == "binomial"
            m, N = math.ceil(c * n), 2**n
            if m >= n + 1:
                ref = float(binom.logsf(m - 1, N, n / N))
                if ref < LOG_FLOOR:
                    ref = mp_log_tail(m, N, n / N)
            else:
                ref = 0.0
            assert close(go_log(r), ref), (q, go_log(r), ref)
    # The exact form is never above the Chernoff form (Lemma I.5's chain).
    for i in range(0, len(out), 2):
        assert go_log(out[i]) <= go_log(out[i + 1]) + 1e-9, (cases[i], out[i], out[i + 1])


def test_theorem_i1_closed_form(hyperroute_bin):
    cases = []
    for n in [1, 2, 4, 8, 10, 12, 16, 20, 24, 30, 64, 1000]:
        for c in [0.1, 1, 2, 5, 5.78, 5.8, 6, 8, 10, 20, 100]:
            cases.append({"kind": "theorem-i1", "n": n, "c": c})
        for x in [2, 10, 69, 70, 80, 100, 500]:
            cases.append({"kind": "theorem-i1", "n": n, "t": float(x * n)})
    out = run_batch(hyperroute_bin, cases)
    for q, r in zip(cases, out):
        n = q["n"]
        c = q["c"] if "c" in q else q["t"] / (12 * n)
        ref = min(0.0, n * math.log(18) - n * min(c / 2, float(kl_div(c, 1.0))))
        assert close(go_log(r), ref, n * math.log(18)), (q, go_log(r), ref)
    # The bound first drops below 1 at T/n = 24 ln 18 ≈ 69.4, for every n.
    assert all(r["value"] == 1 for q, r in zip(cases, out) if q.get("t") == 69 * q["n"])
    assert all(r["value"] < 1 for q, r in zip(cases, out) if q.get("t") == 70 * q["n"])


@pytest.mark.parametrize(
    "args,stdin,msg",
    [
        (["binom", "--m", "4", "--N", "10", "--p", "1.5"], None, "p=1.5"),
        (["binom", "--m", "4", "--N", "10", "--p", "-1e-9"], None, "p=-1e-09"),
        (["hoeffding", "--m", "4", "--N", "-3", "--p", "0.5"], None, "N=-3"),
        (["gauss", "--m", "4"], None, "unknown kind"),
        (["--batch"], '{"kind":"binom","m":3,"N":10,"p":0.5}\n{"kind":"binom","m":3,"N":10,"p":7}\n', "stdin line 2"),
        (["--batch"], '{"kind":"what"}\n', "unknown kind"),
    ],
)
def test_bad_input_exit_2(hyperroute_bin, args, stdin, msg):
    p = subprocess.run([str(hyperroute_bin), "bound", *args], input=stdin or "", capture_output=True, text=True)
    assert p.returncode == 2
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and msg in lines[0], p.stderr
    if stdin:
        assert len(p.stdout.splitlines()) == stdin.count("\n") - 1
