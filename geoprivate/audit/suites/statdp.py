"""StatDP's benchmark suite: its 11 mechanisms, neighbouring inputs and claims, vectorised.

The mechanisms, noise scales, thresholds and neighbouring inputs are those of StatDP's
benchmark [DWWZK18] (its ``algorithms.py``, ``generators.py`` and benchmark script); the
sparse-vector variants are those analysed by Lyu, Su and Li [LSL17].  Each sampler draws
``n`` independent runs at once (NumPy, no loop over runs) and each claims ε-DP at its
parameter ε.

============== =========================================================== ==================
name           mechanism                                                   at claimed ε
============== =========================================================== ==================
noisy_max_v1a  argmax of q + Lap(2/ε) (report noisy max)                   correct
noisy_max_v1b  max *value* of q + Lap(2/ε)                                 violates
noisy_max_v2a  argmax of q + Exp(2/ε)                                      correct
noisy_max_v2b  max *value* of q + Exp(2/ε)                                 violates (ε' = ∞)
histogram      q[0] + Lap(1/ε)                                             correct
histogram_eps  q[0] + Lap(ε) (the scale inverted)                          violates iff ε < 1
SVT            [LSL17] Alg. 1, c = 1: ρ ~ Lap(2/ε), ν ~ Lap(4c/ε), T = 0.5 correct
iSVT1          [LSL17] Alg. 5: no query noise, no cut-off, T = 1           violates (ε' = ∞)
iSVT2          [LSL17] Alg. 6: ν ~ Lap(2/ε), no cut-off                    violates
iSVT3          [LSL17] Alg. 4: ρ ~ Lap(4/ε), ν ~ Lap(4/(3ε)), c = 1        violates (7ε/4)
iSVT4          [LSL17] Alg. 3: ν ~ Lap(2c/ε), releases q + ν on ⊤          violates
============== =========================================================== ==================

Outputs are what the mechanism releases.  The noisy-max and histogram samplers return one
number per run.  The sparse-vector samplers return the transcript as a row of a float
matrix: −∞ for ⊥, +∞ for ⊤ (or, for iSVT4, the released finite value q + ν), NaN once the
mechanism has halted.  (StatDP itself post-processes transcripts into a count of ⊥ or a
Hamming distance; here that featurisation is left to the auditor.)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, Choice, Epsilon, Interval, Joint, PositiveInt, checked
from solvers._checks import as_array, shown

#: the longest query vector of :func:`statdp_neighbours`
MAX_INPUT = 10**5

__all__ = ["StatDPCase", "statdp_neighbours", "STATDP_CASES", "statdp_case", "sparse_vector_transcript"]


@checked
def statdp_neighbours(num_input: Annotated[int, Interval(ge=1, le=MAX_INPUT)], all_differ: bool) -> tuple:
    """StatDP's neighbouring query vectors of length ``num_input`` (its ``generate_databases``).

    Parameters
    ----------
    num_input : int
        The number of queries, in [1, :data:`MAX_INPUT`].
    all_differ : bool
        Every query may change by 1 (counting queries of one record), or only one.

    Returns
    -------
    tuple of (tuple, tuple)
        The pairs (q(D), q(D')).
    """
    n, h = num_input, num_input // 2
    d1 = (1,) * n
    pairs = [(d1, (0,) + (1,) * (n - 1)), (d1, (2,) + (1,) * (n - 1))]
    if all_differ:
        pairs += [
            (d1, (2,) + (0,) * (n - 1)),
            (d1, (0,) + (2,) * (n - 1)),
            (d1, (2,) * h + (0,) * (n - h)),
            (d1, (2,) * n),
            (d1, (0,) * n),
            ((1,) * h + (0,) * (n - h), (0,) * h + (1,) * (n - h)),
        ]
    return tuple(pairs)


def _q(queries) -> np.ndarray:
    return np.asarray(queries, dtype=np.float64)


_SIGN = np.uint64(1 << 63)


def _laplace(rng, scale: float, size) -> np.ndarray:
    """Laplace(0, ``scale``) noise as ``scale`` · E with a random sign, E ~ Exp(1).

    The same law as ``rng.laplace`` (a symmetric sign on an exponential is Laplace), about
    twice as fast: NumPy's ziggurat exponential, and the sign bit set from the top bit of a
    raw 64-bit draw of the same generator.
    """
    e = rng.standard_exponential(size)
    e *= scale
    sign = rng.bit_generator.random_raw(e.size).reshape(e.shape)
    sign &= _SIGN
    bits = e.view(np.uint64)
    bits |= sign
    return e


def _noisy_queries(queries, epsilon, rng, n, noise: str) -> np.ndarray:
    """n rows of q + noise of scale 2/ε (``"laplace"`` or ``"exponential"``)."""
    q = _q(queries)
    scale = 2.0 / epsilon
    e = _laplace(rng, scale, (n, q.size)) if noise == "laplace" else rng.standard_exponential((n, q.size)) * scale
    e += q
    return e


def noisy_max_v1a(queries, epsilon, rng, n):
    """Report noisy max: argmax of q + Lap(2/ε) (correct; [DWWZK18] benchmark)."""
    return _noisy_queries(queries, epsilon, rng, n, "laplace").argmax(axis=1)


def noisy_max_v1b(queries, epsilon, rng, n):
    """INCORRECT: the maximum noisy value of q + Lap(2/ε) instead of its index."""
    return _noisy_queries(queries, epsilon, rng, n, "laplace").max(axis=1)


def noisy_max_v2a(queries, epsilon, rng, n):
    """Report noisy max with exponential noise: argmax of q + Exp(2/ε) (correct)."""
    return _noisy_queries(queries, epsilon, rng, n, "exponential").argmax(axis=1)


def noisy_max_v2b(queries, epsilon, rng, n):
    """INCORRECT: the maximum noisy value of q + Exp(2/ε) instead of its index."""
    return _noisy_queries(queries, epsilon, rng, n, "exponential").max(axis=1)


def histogram(queries, epsilon, rng, n):
    """The first bin of a Laplace histogram, q[0] + Lap(1/ε) (correct for one-bin changes)."""
    return _q(queries)[0] + _laplace(rng, 1.0 / epsilon, n)


def histogram_eps(queries, epsilon, rng, n):
    """INCORRECT: q[0] + Lap(ε), the noise scale inverted (really (1/ε)-DP)."""
    return _q(queries)[0] + _laplace(rng, epsilon, n)


def _above(value, name: str) -> np.ndarray:
    """The comparisons of n runs: a 2-D bool array (n, m)."""
    a = as_array(value, name)
    if a.ndim != 2 or a.dtype != np.bool_:
        raise TypeError(f"{name} must be a 2-D bool array (runs x queries), got shape {a.shape}, dtype {a.dtype}")
    return a


@checked
def sparse_vector_transcript(
    above: Annotated[Any, Check(_above, kind="array")],
    cutoff: PositiveInt | None,
    released: Annotated[Any, Joint("finite reals of the shape of above", kind="array")] | None = None,
) -> np.ndarray:
    """The transcripts of n sparse-vector runs from their comparisons, as this suite encodes them.

    Parameters
    ----------
    above : numpy.ndarray of bool, shape (n, m)
        Whether each run's noisy query j passed its noisy threshold (⊤).
    cutoff : int or None
        The run halts after its ``cutoff``-th ⊤ (None: it answers every query).
    released : numpy.ndarray, shape (n, m), optional
        The value a ⊤ releases (default: +∞, the bare ⊤).

    Returns
    -------
    numpy.ndarray
        float64 rows: −∞ for ⊥, +∞ or the released value for ⊤, NaN after the run halted.

    Examples
    --------
    >>> sparse_vector_transcript(np.array([[False, True, True]]), 1)
    array([[-inf,  inf,  nan]])
    """
    if released is not None:
        released = as_array(released, "released", dtype=np.float64)
        if released.shape != above.shape:
            raise ValueError(f"released must have the shape of above {above.shape}, got {released.shape}")
        if not np.isfinite(released).all():
            raise ValueError("released must be finite (NaN marks a halted run, +inf the bare top)")
    return _transcript(above, cutoff, released)


def _transcript(above: np.ndarray, cutoff: int | None, released=None) -> np.ndarray:
    """:func:`sparse_vector_transcript` on checked arguments (the samplers' inner loops)."""
    top = np.inf if released is None else released
    out = np.where(above, top, -np.inf)
    if cutoff == 1:  # NaN after the first ⊤ (no cumulative count needed)
        first = above.argmax(axis=1)  # 0 also when no ⊤: then nothing is cut below
        first[~above[np.arange(above.shape[0]), first]] = above.shape[1]
        np.putmask(out, np.arange(above.shape[1]) > first[:, None], np.nan)
    elif cutoff is not None:
        before = np.cumsum(above, axis=1, dtype=np.int32) - above  # ⊤s strictly before each position
        out[before >= cutoff] = np.nan
    return out


def svt(queries, epsilon, rng, n, *, N=1, T=0.5):
    """Sparse vector [LSL17] Alg. 1: ρ ~ Lap(2/ε), ν ~ Lap(4N/ε), ⊤ iff q + ν >= T + ρ (correct)."""
    q = _q(queries)
    rho = _laplace(rng, 2.0 / epsilon, (n, 1))
    nu = _laplace(rng, 4.0 * N / epsilon, (n, q.size))
    return _transcript(q + nu >= T + rho, N)


def isvt1(queries, epsilon, rng, n, *, N=1, T=1.0):
    """INCORRECT [LSL17] Alg. 5: no noise on the queries and no cut-off."""
    q = _q(queries)
    rho = _laplace(rng, 2.0 / epsilon, (n, 1))
    return _transcript(np.broadcast_to(q, (n, q.size)) >= T + rho, None)


def isvt2(queries, epsilon, rng, n, *, N=1, T=1.0):
    """INCORRECT [LSL17] Alg. 6: query noise Lap(2/ε) not scaled with N, and no cut-off."""
    q = _q(queries)
    rho = _laplace(rng, 2.0 / epsilon, (n, 1))
    nu = _laplace(rng, 2.0 / epsilon, (n, q.size))
    return _transcript(q + nu >= T + rho, None)


def isvt3(queries, epsilon, rng, n, *, N=1, T=1.0):
    """INCORRECT [LSL17] Alg. 4: ρ ~ Lap(4/ε), ν ~ Lap(4/(3ε)) (not scaled with N), ⊤ iff q + ν > T + ρ."""
    q = _q(queries)
    rho = _laplace(rng, 4.0 / epsilon, (n, 1))
    nu = _laplace(rng, 4.0 / (3.0 * epsilon), (n, q.size))
    return _transcript(q + nu > T + rho, N)


def isvt4(queries, epsilon, rng, n, *, N=1, T=1.0):
    """INCORRECT [LSL17] Alg. 3: ν ~ Lap(2N/ε), and ⊤ releases the noisy value q + ν."""
    q = _q(queries)
    rho = _laplace(rng, 2.0 / epsilon, (n, 1))
    noisy = q + _laplace(rng, 2.0 * N / epsilon, (n, q.size))
    return _transcript(noisy > T + rho, N, released=noisy)


def _pairs(value, name: str) -> tuple:
    """Neighbouring inputs: a non-empty sequence of pairs, as a tuple."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of pairs (q(D), q(D')), got {type(value).__name__}")
    pairs = tuple(value)
    if not pairs:
        raise ValueError(f"{name} must hold at least one pair, got none")
    for i, p in enumerate(pairs):
        if not isinstance(p, (tuple, list)) or len(p) != 2:
            raise ValueError(f"{name}[{i}] must be a pair (q(D), q(D')), got {shown(p)}")
    return pairs


@checked
@dataclass(frozen=True)
class StatDPCase:
    """One mechanism of StatDP's suite with its inputs and its claim.

    Attributes
    ----------
    name : str
        StatDP's name of the mechanism.
    sampler : callable
        ``sampler(queries, epsilon, rng, n)`` -> n outputs.
    neighbours : tuple
        StatDP's neighbouring query vectors (lengths 5 and 10).
    violation_below : float
        The mechanism violates its ε claim exactly when ε < ``violation_below``
        (``inf``: at every ε; 0: never, a correct mechanism).
    """

    name: str
    sampler: Callable
    neighbours: Annotated[tuple, Check(_pairs, kind="object")]
    violation_below: Annotated[float, Interval(ge=0, le=math.inf)]

    def violates(self, epsilon: Epsilon) -> bool:
        """Whether the mechanism run at ``epsilon`` is not ε-DP (the expected verdict).

        Parameters
        ----------
        epsilon : float
            The ε the mechanism runs at and claims, 0 < ε < inf.

        Returns
        -------
        bool
            ``epsilon < violation_below``.
        """
        return epsilon < self.violation_below

    def mechanism(self, epsilon: Epsilon) -> Callable:
        """The mechanism at ``epsilon`` as ``(data, rng, n) -> outputs`` (for the auditors).

        Parameters
        ----------
        epsilon : float
            The ε it runs at, 0 < ε < inf.

        Returns
        -------
        callable
            ``(data, rng, n) -> outputs``.
        """
        return partial(_bound, self.sampler, epsilon)


def _bound(sampler, epsilon, data, rng, n):
    return sampler(data, epsilon, rng, n)


_ALL = statdp_neighbours(5, True) + statdp_neighbours(10, True)
_ONE = statdp_neighbours(5, False) + statdp_neighbours(10, False)

#: The 11 mechanisms of StatDP's benchmark, in its order.
STATDP_CASES: tuple = (
    StatDPCase("noisy_max_v1a", noisy_max_v1a, _ALL, 0.0),
    StatDPCase("noisy_max_v1b", noisy_max_v1b, _ALL, math.inf),
    StatDPCase("noisy_max_v2a", noisy_max_v2a, _ALL, 0.0),
    StatDPCase("noisy_max_v2b", noisy_max_v2b, _ALL, math.inf),
    StatDPCase("histogram", histogram, _ONE, 0.0),
    StatDPCase("histogram_eps", histogram_eps, _ONE, 1.0),  # Lap(eps) is (1/eps)-DP: wrong iff eps < 1
    StatDPCase("SVT", svt, _ALL, 0.0),
    StatDPCase("iSVT1", isvt1, _ALL, math.inf),
    StatDPCase("iSVT2", isvt2, _ALL, math.inf),
    StatDPCase("iSVT3", isvt3, _ALL, math.inf),
    StatDPCase("iSVT4", isvt4, _ALL, math.inf),
)


@checked
def statdp_case(name: Annotated[str, Choice(*(c.name for c in STATDP_CASES))]) -> StatDPCase:
    """The case of StatDP's suite called ``name`` (e.g. ``"iSVT4"``).

    Parameters
    ----------
    name : str
        One of the names of :data:`STATDP_CASES`.

    Returns
    -------
    StatDPCase
        The mechanism, its neighbouring inputs and its claim.
    """
    return next(c for c in STATDP_CASES if c.name == name)
