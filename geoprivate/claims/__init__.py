"""The papers' claims as executable checks.

A claim has an id ``<paper>/<kind>-<number>`` (``paper`` one of :data:`PAPERS`), the
citation key of the paper it comes from (:mod:`geoprivate._papers`), a statement in words, and a ``check(rng, size)`` that builds
instances and returns a :class:`Verdict`: ``holds`` (with evidence numbers),
``violated`` (with the offending instance — a *finding*, not a crash) or ``skipped``
(with the reason).

Claims live in the submodules of this package, one per paper (``general``,
``shrinkage``, ``everlasting``, ``winnow``, ``vc1``, ...); every submodule is imported
by :func:`all_claims`, so registering is just decorating a function::

    @register("general/sauer-shelah", citation=None,
              statement="|Pi_C(P)| <= sum_{i<=d} C(|P|, i) where d = VC(C)")
    def _check(rng, size):
        ...
        return Verdict.holds(instances=200)

``geoprivate verify`` runs them all (see :mod:`geoprivate.cli`).

**Your own claims.** :func:`claim` (the same decorator as :func:`register`) takes any id
``<namespace>/<name>`` (lower-case letters, digits, ``-`` and ``.``); the namespaces of
:data:`PAPERS` are reserved for the toolkit.  ``geoprivate verify --claims-from FILE|DIR|MODULE``
and the entry-point group ``geoprivate.claims`` load them (:func:`load_claims`).  A claim may
declare its instance space, ``instances=`` a hypothesis strategy, and a check taking *one*
instance and returning ``True``/``False`` or a :class:`Verdict`: ``verify`` searches the space
and reports the shrunk counterexample (:mod:`geoprivate.claims._search`)::

    from hypothesis import strategies as st
    from geoprivate.claims import claim

    @claim("mylab/sum-small", statement="a + b < 10 for digits a, b",
           instances=st.tuples(st.integers(0, 9), st.integers(0, 9)))
    def _sum_small(pair):
        return pair[0] + pair[1] < 10      # violated; shrunk to [1, 9]

A check may also return an audit result (:func:`geoprivate.audit.exact.exact_audit`,
:func:`geoprivate.audit.sampler.audit_sampler`): it becomes the verdict, with the worst pair and
the audit's numbers as evidence.  ``verify`` runs each claim sandboxed (``run_claim(...,
sandbox=True)``: a forked child under a time limit), so a check that exits, crashes, prints or
hangs costs its own record only.

Where things live: the registry, the verdicts and the audit conversion in
:mod:`geoprivate.claims._registry`, :func:`run_claim` in :mod:`geoprivate.claims._run`, the
sandbox in :mod:`geoprivate.claims._sandbox`, user sources in :mod:`geoprivate.claims._sources`,
the sweep target in :mod:`geoprivate.claims._sweep`.
"""

from geoprivate.claims._registry import (
    DEFAULT_MAX_EXAMPLES,
    ENTRY_POINT_GROUP,
    PAPERS,
    SIZES,
    Claim,
    Verdict,
    all_claims,
    claim,
    get_claim,
    register,
    select_claims,
)
from geoprivate.claims._run import run_claim
from geoprivate.claims._sources import load_claims, load_entry_points
from geoprivate.claims._sweep import claim_trial

__all__ = [
    "PAPERS",
    "SIZES",
    "Verdict",
    "Claim",
    "claim",
    "register",
    "all_claims",
    "get_claim",
    "run_claim",
    "select_claims",
    "load_claims",
    "load_entry_points",
    "ENTRY_POINT_GROUP",
    "DEFAULT_MAX_EXAMPLES",
    "claim_trial",
]
