"""Textbook facts the papers rely on, checked on generated concept matrices.

* Sauer–Shelah: used in [Yan26]'s proof of Claim 5 (|L₀| ≤ Sauer bound) and [NNSY23]
  App. C.1 (LabelBoost's |H| = |Π_C(S)|).
* Pajor: |Π_C(P)| ≤ number of subsets of P shattered by C.
* VC ≤ LD ≤ ⌊log₂|C|⌋, and LD of a version space ≤ LD of the class.
* [Yan25] Theorem 4: ⌊log₂ LD⌋ ≤ TD ≤ 2^{LD+1}.
"""

from __future__ import annotations

import math

from geoprivate.claims import Verdict, register
from solvers import combinatorics as comb
from solvers.generators import random_instances

__all__ = []

# (count of random matrices, max concepts, max points) per size
_SIZES = {"small": (150, 24, 8), "medium": (600, 60, 12)}


def _instances(rng, size):
    count, max_c, max_p = _SIZES[size]
    return random_instances(rng, count, max_c, max_p)


@register(
    "general/sauer-shelah",
    statement="For every class C of VC dimension d and finite P: |Π_C(P)| ≤ Σ_{i≤d} C(|P|, i) "
    "(used in [Yan26] Claim 5 and [NNSY23] App. C.1).",
)
def _check_sauer_shelah(rng, size):
    n_inst = tight = 0
    worst = 0.0
    for name, M in _instances(rng, size):
        count = comb.dichotomies(M).shape[0]
        d = comb.vc_dimension(M)
        bound = comb.sauer_bound(M.shape[1], d)
        n_inst += 1
        if count > bound:
            return Verdict.violated({"name": name, "M": M, "vc": d, "count": count, "bound": bound})
        tight += count == bound
        worst = max(worst, count / bound)
    return Verdict.holds(instances=n_inst, tight_instances=int(tight), max_ratio=round(worst, 4))


@register(
    "general/pajor",
    statement="Pajor's lemma: |Π_C(P)| ≤ number of subsets of P shattered by C (the empty set included).",
)
def _check_pajor(rng, size):
    n_inst = 0
    slack = []
    for name, M in _instances(rng, size):
        count = comb.dichotomies(M).shape[0]
        shattered = len(comb.shattered_sets(M))
        n_inst += 1
        if count > shattered:
            return Verdict.violated({"name": name, "M": M, "count": count, "shattered_sets": shattered})
        slack.append(shattered - count)
    return Verdict.holds(instances=n_inst, equality_instances=int(sum(s == 0 for s in slack)))


@register(
    "general/vc-ld-log",
    statement="VC(C) ≤ LD(C) ≤ ⌊log₂|C|⌋ for every finite class C (C counted as distinct labellings).",
)
def _check_vc_ld_log(rng, size):
    n_inst = vc_eq_ld = ld_eq_log = 0
    for name, M in _instances(rng, size):
        d = comb.vc_dimension(M)
        ld = comb.littlestone_dimension(M)
        log_c = int(math.floor(math.log2(comb.dichotomies(M).shape[0])))
        n_inst += 1
        if not (d <= ld <= log_c):
            return Verdict.violated({"name": name, "M": M, "vc": d, "ld": ld, "floor_log2_C": log_c})
        vc_eq_ld += d == ld
        ld_eq_log += ld == log_c
    return Verdict.holds(instances=n_inst, vc_equals_ld=vc_eq_ld, ld_equals_log=ld_eq_log)


@register(
    "general/ld-version-space",
    statement="For every labelled sample S, the version space C|S (concepts consistent with S) has "
    "LD(C|S) ≤ LD(C) — the monotonicity behind the SOA and behind [Yan26]'s restriction to "
    "hard-query-consistent concepts.",
)
def _check_ld_version_space(rng, size):
    n_inst = strict = 0
    for name, M in _instances(rng, size):
        ld = comb.littlestone_dimension(M)
        for _ in range(3):
            m = int(rng.integers(1, M.shape[1] + 1))
            cols = rng.integers(0, M.shape[1], m)
            labels = M[int(rng.integers(M.shape[0])), cols]  # realisable: labelled by a concept
            rows = comb.restrict(M, cols, labels)
            ld_vs = comb.littlestone_dimension(M[rows])
            n_inst += 1
            if ld_vs > ld:
                return Verdict.violated(
                    {"name": name, "M": M, "cols": cols, "labels": labels, "ld": ld, "ld_version_space": ld_vs}
                )
            strict += ld_vs < ld
    return Verdict.holds(samples=n_inst, strictly_smaller=strict)


@register(
    "vc1/theorem-4",
    checks=("Theorem 4",),
    statement="⌊log₂ d_L⌋ ≤ TD ≤ 2^{d_L+1} ([Yan25] Theorem 4; TD = thresholds dimension, Def. 6). "
    "For d_L = 0 the left side is read as −∞.",
)
def _check_theorem_4(rng, size):
    n_inst = ld_zero = 0
    min_lower_slack, max_upper_ratio = math.inf, 0.0
    for name, M in _instances(rng, size):
        ld = comb.littlestone_dimension(M)
        td = comb.threshold_dimension(M)
        lower = int(math.floor(math.log2(ld))) if ld > 0 else -math.inf
        upper = 2 ** (ld + 1)
        n_inst += 1
        if not (lower <= td <= upper):
            return Verdict.violated({"name": name, "M": M, "ld": ld, "td": td})
        if ld == 0:
            ld_zero += 1
        else:
            min_lower_slack = min(min_lower_slack, td - lower)
        max_upper_ratio = max(max_upper_ratio, td / upper)
    return Verdict.holds(
        instances=n_inst,
        ld_zero_instances=ld_zero,
        min_td_minus_floor_log_ld=min_lower_slack,
        max_td_over_upper=round(max_upper_ratio, 4),
    )
