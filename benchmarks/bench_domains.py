"""The cost of declared parameter domains (issue #41): a ``@checked`` call against the plain function, in one run.

Run: ``python3 benchmarks/bench_domains.py [--quick] [--repeat N]``

Each row times the same body called through :func:`solvers._domains.checked` and called directly
(``fn.__wrapped__``), and prints both per-call times and the overhead (checked − plain): a trivial
function with one real argument, with a real and an integer, with five arguments of which three are
left at their defaults (defaults are never re-checked), and two entry points of the toolkit.  The
checks run once per call, at the API boundary; inner loops call unchecked helpers.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import timeit
from typing import Annotated

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # run from a checkout

from geoprivate._validation import Epsilon, Interval, PositiveInt, Probability, checked  # noqa: E402
from geoprivate.mechanisms.choosing import choosing_threshold  # noqa: E402
from solvers.combinatorics import vc_dimension  # noqa: E402


@checked
def one_real(x: float) -> float:
    return x


@checked
def real_and_int(x: float, n: PositiveInt) -> float:
    return x


@checked
def five(
    epsilon: Epsilon,
    k: Annotated[int, Interval(ge=1, le=10**6)],
    beta: Probability = 0.1,
    strict: bool = False,
    mode: str = "theorem",
) -> float:
    return epsilon


M = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]], dtype=np.uint8)
CASES = [
    ("trivial f(x: float)", one_real, (0.5,), {}),
    ("trivial f(x: float, n: PositiveInt)", real_and_int, (0.5, 3), {}),
    ("5 parameters, 2 given (3 defaults)", five, (0.5, 4), {}),
    ("choosing_threshold(eps, delta, k)", choosing_threshold, (0.5, 1e-6, 2), {}),
    ("vc_dimension(M) (4 x 3, the array check)", vc_dimension, (M,), {}),
]


def per_call(fn, args, kwargs, number: int, repeat: int) -> float:
    """Best of ``repeat`` timings of ``number`` calls, in nanoseconds per call."""
    return min(timeit.repeat(lambda: fn(*args, **kwargs), number=number, repeat=repeat)) / number * 1e9


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="a smoke run (few calls)")
    ap.add_argument("--repeat", type=int, default=5, help="timings per row (the best is kept)")
    args = ap.parse_args(argv)
    number = 2_000 if args.quick else 100_000
    repeat = 2 if args.quick else args.repeat
    print(f"{'call':45} {'checked ns':>11} {'plain ns':>9} {'overhead ns':>12}")
    for name, fn, a, kw in CASES:
        n = number if "trivial" in name or "5 parameters" in name else max(number // 20, 100)
        checked_ns = per_call(fn, a, kw, n, repeat)
        plain_ns = per_call(fn.__wrapped__, a, kw, n, repeat)
        print(f"{name:45} {checked_ns:11.0f} {plain_ns:9.0f} {checked_ns - plain_ns:12.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
