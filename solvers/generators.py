"""Plain 0/1 concept matrices: known classes and random ones, for tests, claims and benchmarks.

Rows are concepts, columns are points, labels {0, 1}.  Random generators take ``rng``.
"""

from __future__ import annotations

import itertools
from typing import Annotated

import numpy as np

from solvers._checks import as_rng, check_array_bytes
from solvers._domains import Count64, Interval, Rng, UnitInterval, checked

__all__ = [
    "thresholds_matrix",
    "point_functions_matrix",
    "intervals_matrix",
    "power_set_matrix",
    "figure1_matrix",
    "random_matrix",
    "random_instances",
]


@checked
def thresholds_matrix(n: Count64) -> np.ndarray:
    """Thresholds over n ordered points: rows t = 0..n, row t labels j with 1 iff j >= t.

    Parameters
    ----------
    n : int >= 0
        Number of ordered points.

    Returns
    -------
    numpy.ndarray of uint8, shape (n + 1, n)
    """
    check_array_bytes(2 * (n + 1) * n, f"thresholds_matrix(n={n})")
    return (np.arange(n)[None, :] >= np.arange(n + 1)[:, None]).astype(np.uint8)


@checked
def point_functions_matrix(n: Count64, *, with_zero: bool = True) -> np.ndarray:
    """Point functions over n points (the identity), plus the all-0 row if ``with_zero``.

    Parameters
    ----------
    n : int >= 0
        Number of points.
    with_zero : bool, default True
        Append the all-0 concept.

    Returns
    -------
    numpy.ndarray of uint8, shape (n + with_zero, n)
    """
    check_array_bytes(2 * (n + 1) * n, f"point_functions_matrix(n={n})")
    eye = np.eye(n, dtype=np.uint8)
    return np.vstack([eye, np.zeros((1, n), np.uint8)]) if with_zero else eye


@checked
def intervals_matrix(n: Count64) -> np.ndarray:
    """Intervals [i, j] over n ordered points, plus the empty interval: 1 + n(n+1)/2 rows.

    Parameters
    ----------
    n : int >= 0
        Number of ordered points.

    Returns
    -------
    numpy.ndarray of uint8, shape (1 + n(n+1)/2, n)
        The intervals [i, j] for i <= j, then the empty interval (last row).
    """
    check_array_bytes(20 * (n * (n + 1) // 2 + 1) * n, f"intervals_matrix(n={n})")
    i, j = np.triu_indices(n)
    x = np.arange(n)
    rows = (x[None, :] >= i[:, None]) & (x[None, :] <= j[:, None])
    return np.vstack([rows, np.zeros((1, n), bool)]).astype(np.uint8)


@checked
def power_set_matrix(n: Count64) -> np.ndarray:
    """All 2^n labellings of n points.

    Parameters
    ----------
    n : int >= 0
        Number of points.

    Returns
    -------
    numpy.ndarray of uint8, shape (2**n, n)
        Row r is the binary expansion of r.
    """
    check_array_bytes(100 * n * 2.0**n, f"power_set_matrix(n={n}): 2^n rows")  # Python tuples on the way
    return np.array(list(itertools.product((0, 1), repeat=n)), dtype=np.uint8).reshape(1 << n, n)


def figure1_matrix() -> np.ndarray:
    """The VC-1 example of [Yan25] §1 (Figure 1): points x_1..x_7 (columns 0..6), concepts
    h_1..h_8 (rows 0..7) with I(h_1)={x_1}, I(h_2)={x_2}, I(h_3)={x_3}, I(h_4)={x_1,x_4},
    I(h_5)={x_1,x_5}, I(h_6)={x_1,x_5,x_6}, I(h_7)={x_1,x_5,x_7}, I(h_8)=∅.

    Returns
    -------
    numpy.ndarray of uint8, shape (8, 7)
    """
    ones = [{1}, {2}, {3}, {1, 4}, {1, 5}, {1, 5, 6}, {1, 5, 7}, set()]
    return np.array([[int(x in s) for x in range(1, 8)] for s in ones], dtype=np.uint8)


@checked
def random_matrix(n_concepts: Count64, n_points: Count64, density: UnitInterval = 0.5, rng: Rng = None) -> np.ndarray:
    """i.i.d. Bernoulli(density) entries.

    Parameters
    ----------
    n_concepts, n_points : int >= 0
        Shape of the matrix.
    density : float in [0, 1], default 0.5
        Probability of a 1.
    rng : numpy.random.Generator, int or None
        Source of randomness (SPEC 7).

    Returns
    -------
    numpy.ndarray of uint8, shape (n_concepts, n_points)
    """
    check_array_bytes(10 * n_concepts * n_points, f"random_matrix(n_concepts={n_concepts}, n_points={n_points})")
    g = as_rng(rng)
    return (g.random((n_concepts, n_points)) < density).astype(np.uint8)


@checked
def random_instances(
    rng: Rng,
    count: Count64,
    max_concepts: Annotated[int, Interval(ge=1, le=10**5)],
    max_points: Annotated[int, Interval(ge=1, le=512)],
):
    """Yield ``(name, M)``: the named classes at a few sizes, then ``count`` random matrices
    of random shape (1..max_concepts rows, 1..max_points columns) and density, some of
    them random subfamilies of a power set (so duplicate-free, varied VC dimension).

    Parameters
    ----------
    rng : numpy.random.Generator, int or None
        Source of randomness (SPEC 7).
    count : int
        Number of random matrices after the named classes.
    max_concepts, max_points : int, 1 <= max_concepts <= 10^5, 1 <= max_points <= 512
        Largest shape of a random matrix (the named classes go up to ``max_points`` points).

    Yields
    ------
    tuple of (str, numpy.ndarray)
        A name (the class and size, or ``random``) and a 0/1 matrix.
    """
    g = as_rng(rng)
    for n in (1, 2, 3, max(3, max_points // 2), max_points):
        yield f"thresholds({n})", thresholds_matrix(n)
        yield f"point_functions({n})", point_functions_matrix(n)
        yield f"intervals({n})", intervals_matrix(n)
    for n in range(1, min(max_points, 6) + 1):
        yield f"power_set({n})", power_set_matrix(n)
    yield "figure1", figure1_matrix()
    for k in range(count):
        n = int(g.integers(1, max_points + 1))
        if k % 3 == 2 and n <= 12:
            full = power_set_matrix(n)
            m = int(g.integers(1, min(max_concepts, full.shape[0]) + 1))
            yield f"power_subfamily({m}x{n})", full[np.sort(g.choice(full.shape[0], m, replace=False))]
        else:
            m = int(g.integers(1, max_concepts + 1))
            yield f"random({m}x{n})", random_matrix(m, n, float(g.uniform(0.1, 0.9)), g)
