"""The Kubernetes manifests in deploy/k8s: each validates against the
Kubernetes API schema (kubernetes-validate, strict, so an unknown or
misspelt field fails), and the workflow they describe works with the
harness binary — every index of the Indexed Job runs its shard with the
container's arguments (fewer trials, no profile), then the merge Job's arguments merge
the shards and write the manifest."""

from __future__ import annotations

import os
import subprocess

import kubernetes_validate
import pytest
import yaml

from conftest import REPO, load_manifest

K8S = REPO / "deploy" / "k8s"
KUBERNETES = "1.30.0"  # the oldest release the manifests claim to support


def _job(name: str) -> dict:
    return yaml.safe_load((K8S / name).read_text())


def _args(job: dict) -> list[str]:
    (container,) = job["spec"]["template"]["spec"]["containers"]
    return [str(a) for a in container["args"]]


@pytest.mark.parametrize("path", sorted(K8S.glob("*.yaml")), ids=lambda p: p.name)
def test_manifest_validates(path):
    docs = [d for d in yaml.safe_load_all(path.read_text()) if d]
    assert docs, f"{path} holds no resource"
    for doc in docs:
        kubernetes_validate.validate(doc, KUBERNETES, strict=True)


def test_indexed_job_then_merge(hyperroute_bin, tmp_path):
    job, merge = _job("indexed-job.yaml"), _job("merge-job.yaml")
    spec = job["spec"]
    args = _args(job)
    k = int(args[args.index("--shards") + 1])
    assert spec["completionMode"] == "Indexed" and spec["completions"] == k
    assert "--shard" not in args, "the shard index must come from JOB_COMPLETION_INDEX"
    out = args[args.index("--out") + 1]
    # The small default's grid instead of the paper's (35 s of packets rows
    # at n = 13, 14); the workflow is the same.
    i = args.index("--profile")
    local = [str(tmp_path) if a == out else a for a in args[:i] + args[i + 2:]] + ["--trials", str(k)]
    for i in range(k):
        env = dict(os.environ, JOB_COMPLETION_INDEX=str(i))
        p = subprocess.run([str(hyperroute_bin), *local], env=env, capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, f"index {i}: {p.stderr}"
        assert f"shard {i}/{k} done" in p.stderr, p.stderr
    margs = _args(merge)
    assert margs[0] == "merge" and margs[1].startswith(out + "/")
    experiment = margs[1][len(out) + 1:]
    p = subprocess.run([str(hyperroute_bin), "merge", str(tmp_path / experiment)], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    m = load_manifest(tmp_path, experiment)
    assert m["shards"] == k and m["tables"]["trials"]["rows"] > 0
