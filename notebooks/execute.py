"""Execute the notebooks with nbclient and store them WITH their outputs.

    python notebooks/execute.py                 # every notebooks/*.ipynb, in place
    python notebooks/execute.py 05_vc1_learner.ipynb
    python notebooks/execute.py --check         # execute, write nothing; fail on an error,
                                                # a cell over the time limit, or a stored
                                                # notebook without outputs

Run from anywhere: the kernel starts in the repository root (so ``import geoprivate``
works without installing), with the default inline matplotlib backend (figures are
stored as PNG outputs, visible on a code host).  Each notebook must finish in
``--timeout`` seconds (default 120, the project's limit).  Exit codes: 0 ok, 1 a check
failed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LIMIT_SECONDS = 120


def notebooks(names=()) -> list[Path]:
    """The notebooks to run: the given names (relative to notebooks/ or paths), else all."""
    if names:
        out = []
        for n in names:
            p = Path(n) if Path(n).exists() else HERE / n
            if not p.exists() or p.suffix != ".ipynb":
                raise FileNotFoundError(f"notebook {n!r} not found in {HERE}")
            out.append(p.resolve())
        return out
    return sorted(HERE.glob("*.ipynb"))


def stored_problems(nb) -> list[str]:
    """Why a notebook (nbformat node) is not stored executed: code cells never run or with errors."""
    problems = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or not cell.source.strip():
            continue
        if cell.get("execution_count") is None:
            problems.append(f"cell {i} was not executed")
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                problems.append(f"cell {i} stored an error: {out.get('ename')}: {out.get('evalue')}")
    return problems


def execute(path: Path, *, timeout: int = LIMIT_SECONDS):
    """Execute one notebook in a fresh kernel (cwd = repository root); return (nb, seconds).

    Raises ``nbclient.exceptions.CellExecutionError`` on an error in a cell and
    ``TimeoutError`` when the whole notebook takes longer than ``timeout`` seconds.
    """
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    env_path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = str(ROOT) + (os.pathsep + env_path if env_path else "")
    os.environ.pop("MPLBACKEND", None)  # the kernel's inline backend stores figures as PNG
    t0 = time.perf_counter()
    try:
        NotebookClient(nb, timeout=timeout, kernel_name="python3", extra_arguments=["--matplotlib=inline"],
                       resources={"metadata": {"path": str(ROOT)}}).execute()
    finally:
        os.environ["PYTHONPATH"] = env_path
        if not env_path:
            del os.environ["PYTHONPATH"]
    seconds = time.perf_counter() - t0
    if seconds > timeout:
        raise TimeoutError(f"{path.name}: {seconds:.0f} s > {timeout} s")
    return nb, seconds


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="notebooks to run (default: all)")
    ap.add_argument("--check", action="store_true", help="execute without writing; also check stored outputs")
    ap.add_argument("--timeout", type=int, default=LIMIT_SECONDS, help="seconds per notebook (default 120)")
    args = ap.parse_args(argv)
    import nbformat

    failed = False
    for path in notebooks(args.names):
        if args.check:
            for p in stored_problems(nbformat.read(path, as_version=4)):
                print(f"{path.name}: stored: {p}", file=sys.stderr)
                failed = True
        try:
            nb, seconds = execute(path, timeout=args.timeout)
        except Exception as exc:  # report and go on with the others
            print(f"{path.name}: FAILED: {type(exc).__name__}: {str(exc)[:2000]}", file=sys.stderr)
            failed = True
            continue
        if not args.check:
            nbformat.write(nb, path)
        print(f"{path.name}: ok in {seconds:.1f} s" + ("" if args.check else " (stored with outputs)"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
