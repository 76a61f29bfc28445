"""(epsilon, delta) guarantees as values, composition theorems and a privacy ledger.

Every mechanism in :mod:`geoprivate.mechanisms` accepts ``ledger=`` and appends one
:class:`LedgerEntry` per release, stating the guarantee, the theorem it comes from and
whether that theorem's hypotheses hold for the configuration actually used
(``applies``).  An entry with ``applies=False`` is *not* a guarantee: composing a ledger
that holds one yields the vacuous guarantee ``Guarantee(inf, 1)``.

References
----------
* [Yan26] (Yan, *Private Prediction via
  Shrinkage*), Theorem 3 (advanced composition, Dwork–Rothblum–Vadhan 2010).
* [NNSY23] (Naor, Nissim, Stemmer, Yan,
  *Private Everlasting Prediction*), Proposition 2.5 (basic composition), Observation 2
  (BetweenThresholds with c tops), Claim 2.7 (amplification by sub-sampling).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Annotated, Any

from geoprivate._validation import (
    Check,
    Choice,
    Delta,
    Epsilon,
    FloatCount,
    Interval,
    OpenDelta,
    UnitInterval,
    checked,
)
from solvers._checks import as_list

__all__ = [
    "ACCOUNTANTS",
    "check_accountant",
    "Guarantee",
    "LedgerEntry",
    "PrivacyLedger",
    "basic_composition",
    "advanced_composition",
    "c_tops_composition",
    "subsampling_amplification",
    "VACUOUS",
]


#: the accountants a guarantee can come from: ``"paper"`` — the composition theorems the papers'
#: proofs use (basic and advanced composition, this module); ``"tight"`` — the optimal composition of
#: the same (ε, δ) components ([KOV15], [MV16]) evaluated by privacy loss distributions
#: (:mod:`geoprivate.privacy.tight`)
ACCOUNTANTS = ("paper", "tight")


@checked
def check_accountant(accountant: Annotated[str, Choice(*ACCOUNTANTS)]) -> str:
    """``accountant`` if it names an accountant of :data:`ACCOUNTANTS`, else a one-line ``ValueError``.

    Parameters
    ----------
    accountant : str
        ``"paper"`` or ``"tight"``.

    Returns
    -------
    str
        The accountant.

    Examples
    --------
    >>> check_accountant("tight")
    'tight'
    """
    return accountant


#: an epsilon as a guarantee states it: 0 (a constant mechanism) up to inf (the vacuous guarantee)
GuaranteeEpsilon = Annotated[float, Interval(ge=0, le=math.inf)]
_Count = FloatCount


def _guarantee_list(value, name: str) -> list:
    """An iterable of :class:`Guarantee` values, as a list (a string or a number is refused)."""
    out = as_list(value, name, "an iterable of Guarantee values")
    for g in out:
        if not isinstance(g, Guarantee):
            raise TypeError(f"{name} must hold Guarantee values, got {type(g).__name__}")
    return out


def _exp_or_inf(x: float) -> float:
    """e^x, or inf where it overflows (a bound beyond the floats is the vacuous bound)."""
    return math.exp(x) if x < 709.0 else math.inf


@checked
@dataclass(frozen=True)
class Guarantee:
    """An (epsilon, delta)-differential-privacy guarantee, as a value.

    ``epsilon`` may be ``0`` (a constant mechanism) or ``inf`` and ``delta`` may be ``1``:
    ``Guarantee(inf, 1)`` is the vacuous guarantee (nothing is promised).

    Every ``guarantee()`` of the toolkit returns this one type, carrying both verdicts of a
    run ("private as run"): :attr:`privacy_applies` (the privacy theorem's conditions held
    for the parameters used, so ε and δ are proved; False exactly when the guarantee is
    vacuous) and :attr:`utility_proved` (the accuracy theorem's conditions held; ``None``
    where the object makes no accuracy claim).  Equality and ``repr`` look at (ε, δ) only.

    Attributes
    ----------
    epsilon : float
        ε >= 0 (``inf`` allowed).
    delta : float, default 0.0
        δ in [0, 1].
    utility_proved : bool or None, default None
        The accuracy verdict of the run or configuration (None: no accuracy claim).
    accountant : {"paper", "tight"}, default "paper"
        How the (ε, δ) was composed (:data:`ACCOUNTANTS`): by the papers' composition theorems, or
        optimally by :mod:`geoprivate.privacy.tight`.  Not part of equality.

    Examples
    --------
    >>> Guarantee(0.5, 1e-6) + Guarantee(0.25, 0.0)
    Guarantee(epsilon=0.75, delta=1e-06)
    """

    epsilon: GuaranteeEpsilon
    delta: UnitInterval = 0.0
    utility_proved: bool | None = field(default=None, compare=False, repr=False)
    accountant: str = field(default="paper", compare=False, repr=False)

    def __post_init__(self):
        check_accountant(self.accountant)

    @property
    def is_vacuous(self) -> bool:
        """True when the guarantee promises nothing (epsilon = inf or delta = 1)."""
        return math.isinf(self.epsilon) or self.delta >= 1.0

    @property
    def privacy_applies(self) -> bool:
        """True when the privacy theorem's conditions held: a finite ε and δ < 1 are proved.

        The toolkit never books a number it has not proved: outside a theorem a
        ``guarantee()`` is vacuous (ε = ∞), so this is ``not is_vacuous``.
        """
        return not self.is_vacuous

    def with_utility(self, proved: bool | None) -> Guarantee:
        """This guarantee carrying the accuracy verdict ``proved``.

        Parameters
        ----------
        proved : bool or None
            The accuracy theorem's verdict (None: no accuracy claim).

        Returns
        -------
        Guarantee
            Same ε and δ, ``utility_proved=proved``.
        """
        return Guarantee(self.epsilon, self.delta, None if proved is None else bool(proved), self.accountant)

    def __add__(self, other: Guarantee) -> Guarantee:
        """Basic composition ([NNSY23] Proposition 2.5)."""
        if not isinstance(other, Guarantee):
            return NotImplemented
        return Guarantee(self.epsilon + other.epsilon, min(1.0, self.delta + other.delta))

    def implies(self, other: Guarantee) -> bool:
        """True when ``self`` is at least as strong as ``other`` (eps and delta both <=)."""
        return self.epsilon <= other.epsilon and self.delta <= other.delta


VACUOUS = Guarantee(math.inf, 1.0)


@checked
def basic_composition(guarantees: Annotated[Any, Check(_guarantee_list)]) -> Guarantee:
    """Sum of epsilons and deltas ([NNSY23] Proposition 2.5; [Yan25] Theorem 6).

    The empty composition is ``Guarantee(0, 0)``.

    Parameters
    ----------
    guarantees : iterable of Guarantee
        The guarantees of the composed mechanisms.

    Returns
    -------
    Guarantee
        (Σ epsilon_i, Σ delta_i).
    """
    eps, dlt = 0.0, 0.0
    for g in guarantees:
        eps += g.epsilon
        dlt += g.delta
    return Guarantee(eps, min(1.0, dlt))


@checked
def advanced_composition(epsilon: Epsilon, delta: Delta, k: _Count, delta_prime: OpenDelta) -> Guarantee:
    """Advanced composition exactly as [Yan26] Theorem 3 (Dwork–Rothblum–Vadhan 2010).

    ``k`` adaptively composed (epsilon, delta)-DP mechanisms are
    (epsilon', k*delta + delta')-DP with

    .. math:: \\varepsilon' = \\sqrt{2k\\ln(1/\\delta')}\\,\\varepsilon
              + k\\varepsilon\\,\\frac{e^{\\varepsilon}-1}{e^{\\varepsilon}+1}.

    Parameters
    ----------
    epsilon : float > 0
    delta : float in [0, 1)
    k : int >= 1
    delta_prime : float in (0, 1)

    Returns
    -------
    Guarantee
        ``Guarantee(epsilon', min(1, k*delta + delta_prime))``.

    Raises
    ------
    ValueError
        epsilon <= 0, delta outside [0, 1), k < 1, delta_prime outside (0, 1).

    Examples
    --------
    >>> g = advanced_composition(0.1, 0.0, 100, 1e-6)
    >>> round(g.epsilon, 6), g.delta
    (5.756106, 1e-06)
    """
    eps, dlt, dp = epsilon, delta, delta_prime
    eps_prime = math.sqrt(2 * k * math.log(1 / dp)) * eps + k * eps * math.tanh(eps / 2)
    # (e^eps - 1)/(e^eps + 1) == tanh(eps/2), computed without overflow for large eps.
    return Guarantee(eps_prime, min(1.0, k * dlt + dp))


@checked
def c_tops_composition(epsilon: Epsilon, delta: OpenDelta, c: _Count) -> Guarantee:
    """BetweenThresholds allowed ``c`` tops: [NNSY23] Observation 2, exactly as printed.

    (epsilon', 2*c*delta)-DP with
    epsilon' = sqrt(2 c ln(1/(c delta))) * epsilon + c * epsilon * (e^epsilon - 1).

    This is the Dwork–Rothblum–Vadhan bound with delta' = c*delta and the (looser)
    second term c*eps*(e^eps - 1) instead of [Yan26] Theorem 3's
    c*eps*(e^eps - 1)/(e^eps + 1); both are valid upper bounds, the paper's is kept.

    Parameters
    ----------
    epsilon : float > 0
        Privacy parameter of each BetweenThresholds run.
    delta : float in (0, 1)
        Its delta.
    c : int >= 1
        Number of tops allowed.

    Returns
    -------
    Guarantee
        (epsilon', 2 c delta).

    Raises
    ------
    ValueError
        epsilon <= 0, delta not in (0, 1), c < 1, or c*delta >= 1 (ln(1/(c delta)) <= 0:
        the formula is meaningless there).
    """
    eps, dlt = epsilon, delta
    if c * dlt >= 1:
        raise ValueError(f"Observation 2 needs 0 < c*delta < 1, got c={c}, delta={delta!r}")
    # ln(1/(c delta)) as a difference of logs: c*delta may underflow; e^eps - 1 is inf past the floats
    eps_prime = math.sqrt(2 * c * (-math.log(c) - math.log(dlt))) * eps + c * eps * (_exp_or_inf(eps) - 1)
    return Guarantee(eps_prime, min(1.0, 2 * c * dlt))


@checked
def subsampling_amplification(epsilon_prime: Epsilon, delta_prime: Delta, epsilon: Epsilon, n: _Count):
    """Privacy amplification by sub-sampling, [NNSY23] Claim 2.7 (Kasiviswanathan et al. 2011).

    An (epsilon', delta')-DP algorithm run on a uniformly random size-``n`` subset of a
    database of size ``t = (n / epsilon) * (3 + exp(epsilon'))`` is
    (epsilon, 4 epsilon delta' / (3 + exp(epsilon')))-DP, for epsilon <= 1.

    Parameters
    ----------
    epsilon_prime : float > 0
        Privacy parameter epsilon' of the algorithm run on the subset.
    delta_prime : float in [0, 1)
        Its delta'.
    epsilon : float in (0, 1]
        Target privacy parameter on the whole database.
    n : int >= 1
        Size of the random subset.

    Returns
    -------
    t : int
        ``ceil`` of the paper's t (a larger database only helps).
    guarantee : Guarantee

    Raises
    ------
    ValueError
        epsilon not in (0, 1], epsilon' <= 0, delta' not in [0, 1), n < 1.
    """
    ep, dp, eps = epsilon_prime, delta_prime, epsilon
    if eps > 1:
        raise ValueError(f"Claim 2.7 needs epsilon <= 1, got {epsilon!r}")
    t = n / eps * (3 + _exp_or_inf(ep))
    if not math.isfinite(t):
        raise ValueError(
            f"the database size t = (n / epsilon)(3 + e^epsilon_prime) is beyond the floats "
            f"(n={n}, epsilon={eps!r}, epsilon_prime={ep!r})"
        )
    return math.ceil(t), Guarantee(eps, 4 * eps * dp / (3 + math.exp(ep)))


@checked
@dataclass(frozen=True)
class LedgerEntry:
    """An output (a release) recorded in a :class:`PrivacyLedger`.

    Attributes
    ----------
    mechanism : str
        Name of the mechanism (``"BetweenThresholds"``, ``"exponential_mechanism"``, ...).
    epsilon, delta : float
        The guarantee stated by ``theorem`` for this release.
    theorem : str
        Where the guarantee comes from (a claim id such as ``"shrinkage/lemma-1"`` or a
        textbook reference).
    applies : bool
        Whether the theorem's hypotheses hold for the parameters used.  ``False`` means the
        (epsilon, delta) pair is the *nominal* one and is **not** guaranteed.
    params : dict
        The parameters of the release (n, gap, thresholds, ...), for the report.
    accountant : {"paper", "tight"}, default "paper"
        How ``theorem`` composed the guarantee (:data:`ACCOUNTANTS`).
    """

    mechanism: str
    epsilon: GuaranteeEpsilon
    delta: UnitInterval
    theorem: str
    applies: bool = True
    params: dict = field(default_factory=dict)
    accountant: str = "paper"

    @property
    def guarantee(self) -> Guarantee:
        """The entry's guarantee, or the vacuous one when the theorem does not apply."""
        if not self.applies:
            return VACUOUS
        return Guarantee(self.epsilon, min(1.0, self.delta), accountant=self.accountant)


@checked
class PrivacyLedger:
    """An append-only record of what a run spent and under which theorem.

    Examples
    --------
    >>> led = PrivacyLedger()
    >>> led.record("laplace", 0.5, 0.0, "Dwork-Roth Thm 3.6", scale=2.0)
    >>> led.record("laplace", 0.5, 0.0, "Dwork-Roth Thm 3.6", scale=2.0)
    >>> led.basic_composition()
    Guarantee(epsilon=1.0, delta=0.0)
    """

    def __init__(self):
        self.entries: list[LedgerEntry] = []

    def record(
        self,
        mechanism: str,
        epsilon: GuaranteeEpsilon,
        delta: UnitInterval,
        theorem: str,
        applies: bool = True,
        *,
        accountant: str = "paper",
        **params: Any,
    ) -> None:
        """Append an entry (see :class:`LedgerEntry`; ``accountant`` names how ``theorem`` composed it).

        Raises
        ------
        TypeError
            ``applies`` is not a real bool (the string ``'False'`` would be truthy and
            silently certify a guarantee), or mechanism/theorem are not strings.
        ValueError
            NaN or negative epsilon, delta outside [0, 1].
        """
        if not mechanism:
            raise TypeError(f"mechanism must be a non-empty str, got {mechanism!r}")
        accountant = check_accountant(accountant)
        self.entries.append(LedgerEntry(mechanism, epsilon, delta, theorem, applies, dict(params), accountant))

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self):
        return iter(self.entries)

    @property
    def all_apply(self) -> bool:
        """True when every recorded theorem's hypotheses hold."""
        return all(e.applies for e in self.entries)

    def unsupported(self) -> list[LedgerEntry]:
        """Entries whose stated theorem does not apply (their guarantee is not proven)."""
        return [e for e in self.entries if not e.applies]

    def basic_composition(self) -> Guarantee:
        """Basic composition of all entries; vacuous if any entry's theorem does not apply."""
        if not self.all_apply:
            return VACUOUS
        return basic_composition(e.guarantee for e in self.entries)

    def advanced_composition(self, delta_prime: OpenDelta) -> Guarantee:
        """[Yan26] Theorem 3 over all entries, each bounded by the largest (eps, delta).

        Every entry is (max eps, max delta)-DP, so Theorem 3 with k = len(entries) applies.
        Returns the better of this and :meth:`basic_composition`; vacuous if any entry's
        theorem does not apply; ``Guarantee(0, 0)`` for an empty ledger.
        """
        if not self.all_apply:
            return VACUOUS
        if not self.entries:
            return Guarantee(0.0, 0.0)
        basic = self.basic_composition()
        eps = max(e.epsilon for e in self.entries)
        dlt = max(e.delta for e in self.entries)
        if eps == 0 or dlt >= 1:
            return basic
        adv = advanced_composition(eps, dlt, len(self.entries), delta_prime)
        return adv if adv.epsilon < basic.epsilon else basic

    def summary(self) -> list[dict]:
        """The entries as plain dicts (for reports and JSON)."""
        return [
            {
                "mechanism": e.mechanism,
                "epsilon": e.epsilon,
                "delta": e.delta,
                "theorem": e.theorem,
                "applies": e.applies,
                "accountant": e.accountant,
                **{f"param_{k}": v for k, v in e.params.items()},
            }
            for e in self.entries
        ]

    def __repr__(self) -> str:
        return f"PrivacyLedger({len(self.entries)} entries, all_apply={self.all_apply})"
