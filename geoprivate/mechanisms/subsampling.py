"""Privacy amplification by sub-sampling ([NNSY23] Claim 2.7; Kasiviswanathan et al. 2011).

An (eps', delta')-DP algorithm A on databases of size n, run on a uniformly random size-n
subset of a database of size t >= (n/eps)(3 + exp(eps')), is
(eps, 4 eps delta' / (3 + exp(eps')))-DP for eps <= 1.  The arithmetic lives in
:func:`geoprivate.privacy.subsampling_amplification`; here is the sampling step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, Delta, Epsilon, Interval, Rng, as_rng, checked
from geoprivate.privacy.accounting import PrivacyLedger, subsampling_amplification
from geoprivate.privacy.warnings import warn_outside_theorem
from solvers._checks import check_array_bytes

__all__ = ["subsample", "subsampled"]


#: a database size t or a sample size n (the subsample's index array must fit in memory)
_Size = Annotated[int, Interval(ge=1, le=2**63 - 1)]


def _records(value, name: str):
    """A sequence of records (indexable, with a length) or an iterable of them (made a list)."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of records, got {type(value).__name__}")
    return value if hasattr(value, "__getitem__") and hasattr(value, "__len__") else list(value)


@checked
def subsample(t: _Size, n: _Size, rng: Rng = None) -> np.ndarray:
    """A uniformly random size-``n`` subset J of {0, ..., t-1}, as sorted indices.

    Parameters
    ----------
    t : int
        The population size.
    n : int
        The subset size, 0 <= n <= t.
    rng : Generator, int or None
        The random source (SPEC 7).

    Returns
    -------
    numpy.ndarray of int, shape (n,)
        The sorted indices of J.
    """
    if n > t:
        raise ValueError(f"n must be <= t, got n={n}, t={t}")
    check_array_bytes(16 * n, f"a subsample of n={n} indices")
    return np.sort(as_rng(rng).choice(t, size=n, replace=False))


@checked
def subsampled(
    algorithm: Callable[..., Any],
    data: Annotated[Any, Check(_records, kind="object")],
    n: _Size,
    epsilon_prime: Epsilon,
    delta_prime: Delta,
    epsilon: Epsilon,
    rng: Rng = None,
    ledger: PrivacyLedger | None = None,
    *,
    strict: bool = False,
):
    """Run ``algorithm(data[J], rng)`` on a random size-``n`` subset J ([NNSY23] Claim 2.7).

    Parameters
    ----------
    algorithm : callable(subdata, rng) -> output
        An (epsilon_prime, delta_prime)-DP algorithm on databases of size n.
    data : sequence or numpy array (first axis = records), length t
    n : int
    epsilon_prime, delta_prime : the inner algorithm's guarantee
    epsilon : float in (0, 1], the amplified epsilon
    rng : Generator, int or None
        Drives the sub-sample and is passed on to ``algorithm`` (SPEC 7).
    ledger : PrivacyLedger, optional
        Receives ``("subsampling", eps, 4 eps delta'/(3+e^eps'), "everlasting/claim-2.7",
        applies)`` with ``applies`` False when len(data) < (n/eps)(3 + exp(eps')).
    strict : bool, default False
        When len(data) is below Claim 2.7's t, a :class:`PrivacyWarning` is emitted (the
        amplified guarantee does not hold); ``strict=True`` raises instead.

    Returns
    -------
    The algorithm's output.
    """
    t_needed, g = subsampling_amplification(epsilon_prime, delta_prime, epsilon, n)
    arr = data
    t = len(arr)
    if t < n:
        raise ValueError(f"data has {t} records, fewer than the subsample size n = {n}")
    if t < t_needed:
        warn_outside_theorem(
            f"subsampled: len(data) = {t} < t = {t_needed} of [NNSY23] Claim 2.7: the amplified "
            f"guarantee does not hold (pass strict=True to refuse)",
            strict=strict,
        )
    rng = as_rng(rng)
    J = subsample(t, n, rng)
    sub = arr[J] if isinstance(arr, np.ndarray) else [arr[j] for j in J]
    if ledger is not None:
        ledger.record(
            "subsampling",
            g.epsilon,
            g.delta,
            "everlasting/claim-2.7 (amplification by sub-sampling)",
            t >= t_needed,
            t=t,
            t_needed=t_needed,
            n=n,
            epsilon_prime=epsilon_prime,
            delta_prime=delta_prime,
        )
    return algorithm(sub, rng)
