"""The measured numbers README.md quotes are what its commands print.

README.md answers three questions of a new user with a `sim` command each and
quotes numbers of its output, and shows the table `hyperroute summary` prints
for two pooled runs of valiant-tail. Each test reads the command and the
numbers from README.md, runs the command with HYPERROUTE_BIN (the small
default results of HYPERROUTE_RESULTS for the summary) and checks the numbers
against its output, so that the README cannot drift from what runs.
"""

from __future__ import annotations

import re
import subprocess

import pytest

from conftest import REPO

README = (REPO / "README.md").read_text()


def quoted(pattern: str) -> re.Match:
    """The match of pattern in README.md (a space as any run of whitespace)."""
    m = re.search(pattern.replace(" ", r"\s+"), README)
    assert m, f"README.md no longer says {pattern!r}"
    return m


def sim(hyperroute_bin, command: str) -> str:
    """The output of `hyperroute` with the arguments of command."""
    p = subprocess.run([str(hyperroute_bin), *command.split()], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return p.stdout


def table(out: str) -> list[dict[str, str]]:
    """The rows of the table sim prints for a sweep, one per point, by column
    (cells are separated by two spaces or more)."""
    lines = out.strip().splitlines()
    head = re.split(r"\s{2,}", lines[1].strip())
    rows = []
    for line in lines[2:]:
        cells = re.split(r"\s{2,}", line.strip())
        if len(cells) == len(head):
            rows.append(dict(zip(head, cells)))
    return rows


def stats_row(body: str) -> list[str]:
    """The values under sim's `mean sd min median p90 p99 max` header."""
    lines = body.splitlines()
    i = next(i for i, line in enumerate(lines) if line.split()[:2] == ["mean", "sd"])
    return lines[i + 1].split()


def test_valiant_mean_and_p99(hyperroute_bin):
    m = quoted(r"`(sim --n 4:16:4 --port single,all --trials 100)`: at n = 16 the mean is ([\d.]+) steps "
               r"single-port and ([\d.]+) all-port, p99 (\d+) and (\d+)")
    rows = {(r["n"], r["port"]): r for r in table(sim(hyperroute_bin, m[1]))}
    for port, mean, p99 in (("single", m[2], m[4]), ("all", m[3], m[5])):
        row = rows["16", port]
        assert f"{float(row['mean T']):.1f}" == mean, (port, row)
        assert float(row["p99"].rstrip("*")) == float(p99), (port, row)


def test_disjoint_against_valiant_loss(hyperroute_bin):
    m = quoted(r"`(sim --router disjoint,valiant --n 8 --q 0.005,0.05,0.1,0.15 --trials 100)`: `disjoint` loses "
               r"([\d.]+)% of the messages at q = 0.1 and ([\d.]+)% at 0.15; Valiant loses ([\d.]+)% of its packets "
               r"already at q = 0.005")
    rows = {(r["router"], r["q"]): r for r in table(sim(hyperroute_bin, m[1]))}

    def digits(x: float, s: str) -> str:
        return f"{x:.{len(s.partition('.')[2])}f}"

    for router, q, want in (("disjoint", "0.1", m[2]), ("disjoint", "0.15", m[3]), ("valiant", "0.005", m[4])):
        row = rows[router, q]
        assert row["of"].endswith("messages" if router == "disjoint" else "packets"), row
        assert digits(100 * float(row["loss"]), want) == want, row


def test_loss_solve(hyperroute_bin):
    m = quoted(r"`(loss --router disjoint --n 8 --target 0.01 --solve q)`: at q = ([\d.]+) \(95% interval "
               r"\[([\d.]+), ([\d.]+)\]; the exact bracket alone says \[([\d.]+), ([\d.]+)\]\)")
    out = sim(hyperroute_bin, m[1])
    f = re.search(r"at q = ([\d.]+), 95% CI \[([\d.]+), ([\d.]+)\] .* puts q in \[([\d.]+), ([\d.]+)\]", out)
    assert f, out
    assert f.groups() == m.groups()[1:], (f.groups(), m.groups())


def test_slowdown_over_detours(hyperroute_bin):
    m = quoted(r"`(sim --n 8 --q 0.05 --detours optimal --delivery queue --trials 200)`: mean T ([\d.]+) steps against "
               r"T_intact ([\d.]+) on the intact cube under the same delivery rule, d = (\d+), a slowdown of (\d+\.\d+)")
    out = sim(hyperroute_bin, m[1])
    mean = stats_row(out)[0]
    f = re.search(r"intact cube \(delivery=queue\): mean T_intact ([\d.]+) steps; dilation d mean [\d.]+, max (\d+); "
                  r"slowdown mean T / mean T_intact ([\d.]+)", out)
    assert f, out
    assert f"{float(mean):.1f}" == m[2]
    assert f"{float(f[1]):.1f}" == m[3]
    assert f[2] == m[4]
    assert f"{float(f[3]):.2f}" == m[5]


def test_summary_example(hyperroute_bin, results_dir, tmp_path):
    more = quoted(r"`?bin/hyperroute (run valiant-tail --out results/more --first-trial 100)")
    block = re.search(r"```\n(results/valiant-tail \+ results/more/valiant-tail:.*?)\n```", README, re.DOTALL)
    assert block, "README.md no longer shows summary's table"
    block = block[1].splitlines()
    args = more[1].replace("results/more", str(tmp_path / "more"))
    sim(hyperroute_bin, args)
    out = sim(hyperroute_bin, f"summary {results_dir / 'valiant-tail'} {tmp_path / 'more' / 'valiant-tail'}")
    lines = out.splitlines()
    head = block[0].replace("results/more/valiant-tail", str(tmp_path / "more" / "valiant-tail")).replace(
        "results/valiant-tail", str(results_dir / "valiant-tail"))
    assert lines[0] == head
    for want in block[1:]:
        assert want.split() in [line.split() for line in lines[1:]], want
