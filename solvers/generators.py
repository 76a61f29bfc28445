"""Plain 0/1 concept matrices: known classes and random ones, for tests, claims and benchmarks.

Rows are concepts, columns are points, labels {0, 1}.  Random generators take ``rng``.
"""

from __future__ import annotations

import itertools

import numpy as np

from solvers._checks import as_rng

__all__ = [
    "thresholds_matrix",
    "point_functions_matrix",
    "intervals_matrix",
    "power_set_matrix",
    "figure1_matrix",
    "random_matrix",
    "random_instances",
]


def _size(n, name: str = "n") -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"{name}: expected a non-negative integer, got {n!r}")
    return int(n)


def thresholds_matrix(n: int) -> np.ndarray:
    """Thresholds over n ordered points: rows t = 0..n, row t labels j with 1 iff j >= t.

    Parameters
    ----------
    n : int >= 0
        Number of ordered points.

    Returns
    -------
    numpy.ndarray of uint8, shape (n + 1, n)
    """
    n = _size(n)
    return (np.arange(n)[None, :] >= np.arange(n + 1)[:, None]).astype(np.uint8)


def point_functions_matrix(n: int, *, with_zero: bool = True) -> np.ndarray:
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
    eye = np.eye(_size(n), dtype=np.uint8)
    return np.vstack([eye, np.zeros((1, n), np.uint8)]) if with_zero else eye


def intervals_matrix(n: int) -> np.ndarray:
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
    n = _size(n)
    i, j = np.triu_indices(n)
    x = np.arange(n)
    rows = (x[None, :] >= i[:, None]) & (x[None, :] <= j[:, None])
    return np.vstack([rows, np.zeros((1, n), bool)]).astype(np.uint8)


def power_set_matrix(n: int) -> np.ndarray:
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


def random_matrix(n_concepts: int, n_points: int, density: float = 0.5, rng=None) -> np.ndarray:
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
    g = as_rng(rng)
    return (g.random((n_concepts, n_points)) < density).astype(np.uint8)


def random_instances(rng, count: int, max_concepts: int, max_points: int):
    """Yield ``(name, M)``: the named classes at a few sizes, then ``count`` random matrices
    of random shape (1..max_concepts rows, 1..max_points columns) and density, some of
    them random subfamilies of a power set (so duplicate-free, varied VC dimension).

    Parameters
    ----------
    rng : numpy.random.Generator, int or None
        Source of randomness (SPEC 7).
    count : int
        Number of random matrices after the named classes.
    max_concepts, max_points : int >= 1
        Largest shape of a random matrix.

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
