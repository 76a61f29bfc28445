"""The max-slack LP ``max {t : A_ub x + t <= b_ub, A_eq x = b_eq, t <= 1}`` as a system.

``strict=True`` decides the strict system through it, and the non-strict question falls back
on it (its optimum is a feasible point when ``t* >= 0``, its duals a Farkas certificate when
``t* < 0``).  Built in the caller's units, rows scaled to integers like every system.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from solvers._rational import pow2
from solvers.lp._system import _System


def _slack_system(S: _System):
    """The max-slack LP in variables ``(x, t)``, as a scaled-integer :class:`_System`.

    Caller rows ``a_i x + t <= b_i`` (ub), ``a_i x = b_i`` (eq) and the cap ``t <= 1``
    (placed right after the ub rows); ``t`` is in the caller's units, so each ub row is
    rescaled by the denominator of its scale factor to keep integer coefficients.  For
    numeric input (``S`` converts rows on demand) the slack system does too: its blocks are
    the caller's arrays with the column of ``t`` appended (:func:`_slack_blocks`), so only
    the rows an exact step needs are ever converted to integers.
    """
    if S._A is None and S._blocks is not None:
        return _slack_blocks(S)
    A, b, scale = [], [], []
    for i in range(S.m):
        s = S.scale[i]
        if i < S.m_ub:  # scaled row s*a_i x + s*t <= s*b_i, times den(s) to stay integral
            k = s.denominator
            A.append([v * k for v in S.A[i]] + [s.numerator] if k != 1 else S.A[i] + [s.numerator])
            b.append(S.b[i] * k)
            scale.append(pow2(0) if s.numerator == 1 else Fraction(s.numerator))
        else:
            A.append(S.A[i] + [0])
            b.append(S.b[i])
            scale.append(s)
    A.append([0] * S.d + [1])
    b.append(1)
    scale.append(Fraction(1))
    tcol = np.r_[np.ones(S.m_ub), np.zeros(S.m_eq)].reshape(S.m, 1)
    Af = np.hstack([S.A_float.reshape(S.m, S.d), tcol])
    Af = np.vstack([Af, np.eye(1, S.d + 1, S.d)])
    bf = np.concatenate([S.b_float, [1.0]])
    # the cap row t <= 1 is an inequality row: put it right after the ub rows
    order = list(range(S.m_ub)) + [S.m] + list(range(S.m_ub, S.m))
    return _System(
        S.d + 1,
        S.m_ub + 1,
        S.m_eq,
        [A[i] for i in order],
        [b[i] for i in order],
        [scale[i] for i in order],
        Af[order],
        bf[order],
    )


def _slack_blocks(S: _System) -> _System:
    """:func:`_slack_system` for numeric input, as blocks of numpy arrays (rows on demand).

    Rows ``[a_i, 1] (x, t) <= b_i`` (ub), the cap ``[0, 1] (x, t) <= 1``, then
    ``[a_i, 0] (x, t) = b_i`` (eq): the caller's numbers with exact 0/1 entries appended,
    so the float copies stay exact whenever ``S``'s are.  float64 input (the common case) is
    one block, the float copy itself; other dtypes keep their own blocks (integer rows stay
    integer rows)."""
    d, m_ub, m_eq = S.d, S.m_ub, S.m_eq
    m = m_ub + 1 + m_eq
    Af = np.zeros((m, d + 1))
    Af[:m_ub, :d] = S.A_float[:m_ub]
    Af[:m_ub, d] = 1.0
    Af[m_ub, d] = 1.0
    Af[m_ub + 1 :, :d] = S.A_float[m_ub:]
    bf = np.empty(m)
    bf[:m_ub] = S.b_float[:m_ub]
    bf[m_ub] = 1.0
    bf[m_ub + 1 :] = S.b_float[m_ub:]
    assert S._blocks is not None
    if all(a.dtype == np.float64 and b.dtype == np.float64 for _, a, b in S._blocks):
        blocks = [(0, Af, bf)]  # the float copy is the caller's numbers: convert its rows on demand
    else:
        blocks = []
        ub = [(a, b) for start, a, b in S._blocks if start == 0 and m_ub]
        eq = [(a, b) for start, a, b in S._blocks if start == m_ub and m_eq]
        row = 0
        for a, b in ub:
            blocks.append((row, np.hstack([a, np.ones((a.shape[0], 1), dtype=a.dtype)]), b))
            row += a.shape[0]
        cap_dtype = ub[0][0].dtype if ub else np.int64
        blocks.append((row, np.eye(1, d + 1, d, dtype=cap_dtype), np.ones(1, dtype=cap_dtype)))
        row += 1
        for a, b in eq:
            blocks.append((row, np.hstack([a, np.zeros((a.shape[0], 1), dtype=a.dtype)]), b))
            row += a.shape[0]
    return _System(
        d + 1,
        m_ub + 1,
        m_eq,
        None,
        None,
        None,
        Af,
        bf,
        float_exact=S.float_exact,
        blocks=blocks,
        float_input=S.float_input,
    )
