"""Execute the hyperroute notebooks headless, or strip their outputs.

    python notebooks/run.py [--results DIR] [--out DIR] [--timeout S] [NOTEBOOK ...]
    python notebooks/run.py --strip [NOTEBOOK ...]
    python notebooks/run.py --check-stripped [NOTEBOOK ...]

The first form runs every notebooks/*.ipynb (or the ones named) with nbclient
in a fresh kernel of this Python, in the notebooks folder, with
HYPERROUTE_RESULTS=DIR (default: the environment's, else ../results), and
writes the executed copies to --out (default notebooks/_build/). It prints
one line per notebook and exits 1 if any cell of any notebook failed; the
failing notebook's partial copy is still written, for reading the traceback.

--strip removes outputs and execution counts in place (the notebooks are kept
in git without outputs); --check-stripped exits 1 if any notebook has them.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import sys
import tempfile
import time

import nbformat
from jupyter_client.manager import AsyncKernelManager
from jupyter_core.utils import run_sync
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError

HERE = pathlib.Path(__file__).resolve().parent


def notebooks(names: list[str]) -> list[pathlib.Path]:
    if names:
        return [pathlib.Path(n).resolve() for n in names]
    return sorted(HERE.glob("*.ipynb"))


def has_outputs(nb) -> bool:
    return any(c.cell_type == "code" and (c.outputs or c.execution_count is not None) for c in nb.cells)


def strip(nb) -> None:
    for c in nb.cells:
        if c.cell_type == "code":
            c.outputs = []
            c.execution_count = None
        c.metadata.pop("execution", None)


def execute(path: pathlib.Path, out: pathlib.Path, timeout: int) -> bool:
    nb = nbformat.read(path, as_version=4)
    # IPC sockets (the kernel is local; over TCP it warns that its traffic
    # is unencrypted), named by an absolute path: the kernel runs in the
    # notebook's folder.
    sockets = tempfile.mkdtemp(prefix="hyperroute-kernel-")
    km = AsyncKernelManager(kernel_name="python3", transport="ipc", ip=os.path.join(sockets, "kernel"))
    client = NotebookClient(
        nb,
        km=km,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    start = time.monotonic()
    ok = True
    try:
        client.execute()
    except (CellExecutionError, CellTimeoutError) as err:
        ok = False
        print(f"FAIL {path.name} ({time.monotonic() - start:.1f}s)\n{err}", file=sys.stderr)
    finally:
        if km.has_kernel:
            run_sync(km.shutdown_kernel)(now=True)
        shutil.rmtree(sockets, ignore_errors=True)
    out.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, out / path.name)
    if ok:
        print(f"ok   {path.name} ({time.monotonic() - start:.1f}s) -> {out / path.name}")
    return ok


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("notebook", nargs="*", help="notebooks to run (default notebooks/*.ipynb)")
    ap.add_argument("--results", help="results folder (sets HYPERROUTE_RESULTS)")
    ap.add_argument("--out", default=str(HERE / "_build"), help="folder for the executed copies")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    ap.add_argument("--strip", action="store_true", help="strip outputs in place")
    ap.add_argument("--check-stripped", action="store_true", help="fail if a notebook has outputs")
    args = ap.parse_args(argv)
    paths = notebooks(args.notebook)
    if not paths:
        print("run.py: no notebooks", file=sys.stderr)
        return 2

    if args.strip or args.check_stripped:
        dirty = []
        for p in paths:
            nb = nbformat.read(p, as_version=4)
            if has_outputs(nb):
                dirty.append(p.name)
                if args.strip:
                    strip(nb)
                    nbformat.write(nb, p)
        if args.check_stripped and dirty:
            print(f"run.py: outputs in {', '.join(dirty)}: run python notebooks/run.py --strip", file=sys.stderr)
            return 1
        if args.strip:
            print(f"stripped {len(dirty)} of {len(paths)} notebooks")
        return 0

    if args.results:
        os.environ["HYPERROUTE_RESULTS"] = str(pathlib.Path(args.results).resolve())
    os.environ.setdefault("MPLBACKEND", "Agg")
    print(f"results: {os.environ.get('HYPERROUTE_RESULTS', '../results (notebook default)')}")
    start = time.monotonic()
    failed = [p.name for p in paths if not execute(p, pathlib.Path(args.out), args.timeout)]
    took = time.monotonic() - start
    if failed:
        print(f"run.py: {len(failed)} of {len(paths)} notebooks failed: {', '.join(failed)} ({took:.1f}s)", file=sys.stderr)
        return 1
    print(f"{len(paths)} notebooks ran without error in {took:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
