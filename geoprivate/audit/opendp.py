"""Audit a mechanism written with OpenDP: one call, the claimed ε read from its privacy map.

OpenDP states a mechanism's guarantee as data: a ``Measurement`` carries a *privacy map*
d_in ↦ d_out from the distance between two inputs to the privacy loss of the release
([DR14] Definition 2.4 for the (ε, δ) reading).  :func:`audit_measurement` reads that map at
the neighbouring pairs' input distance — the claim the library makes — and tests it:

* **by sampling** (:func:`geoprivate.audit.audit_sampler`): the measurement is invoked as the
  mechanism, a Clopper–Pearson lower bound on ε is computed at the stated false-alarm rate
  (StatDP's procedure [DWWZK18]), and the claim is *flagged* when the bound exceeds it;
* **exactly** (:func:`geoprivate.audit.exact_audit`), when the caller passes the mechanism's
  exact output law: a law of their own, or :func:`geometric_law` /
  :func:`randomized_response_bool_law`, the output laws that OpenDP's *documentation* gives for
  ``make_geometric`` (and ``make_laplace`` on integers, the discrete Laplace mechanism [GRS09]) and
  ``make_randomized_response_bool``.  These laws are written from the constructors' documented
  definitions, **not read from the compiled library**: an exact verdict is a proof about the
  documented mechanism; that the binary samples from it is what the sampler tests.

The privacy map by output measure: ``MaxDivergence`` gives ε (δ = 0);
``Approximate(MaxDivergence)`` gives (ε, δ); ``ZeroConcentratedDivergence`` gives ρ, turned into
ε at the caller's δ by OpenDP's own ``make_zCDP_to_approxDP`` ([CKS20] §2 for the conversion);
``SmoothedMaxDivergence`` gives a privacy profile, read at the caller's δ.

The input distance d_in is the caller's, or derived from the pairs by the measurement's input
metric (``AbsoluteDistance``, ``L1Distance``, ``L2Distance``, ``DiscreteDistance``,
``SymmetricDistance``, ``InsertDeleteDistance``, ``ChangeOneDistance``, ``HammingDistance``):
the largest distance of a pair (the claim then covers every pair, privacy maps being monotone).

Randomness and cost.  OpenDP draws its noise from the operating system's cryptographically
secure generator and takes no seed, so the sampler's runs are not reproducible under ``rng``
(which still seeds the auditor's own choices); the false-alarm guarantee holds whatever the
generator.  A Python call into OpenDP costs about 0.3 ms, so the measurement is invoked in
batches: ``make_composition`` of k copies releases k independent outputs per call (about
0.1 ms per output; ``samples_per_second`` in the result says what was measured).  A measure
that does not compose is invoked once per output.

``opendp`` is an optional dependency (``pip install geoprivate[opendp]``), imported inside the
functions that need it.
"""

from __future__ import annotations

import math
import numbers
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

import flint

from geoprivate._validation import (
    Check,
    Choice,
    Delta,
    Interval,
    Joint,
    Rng,
    UnitInterval,
    checked,
    shown,
)
from geoprivate.audit.exact import ExactAuditResult, _dyadic, _exact_real, exact_audit
from geoprivate.audit.laws import discrete_laplace_clamped_law
from geoprivate.audit.sampler import MAX_SAMPLES, FalseAlarm, SamplerAuditResult, audit_sampler

__all__ = [
    "MeasurementAudit",
    "DocumentedLaw",
    "audit_measurement",
    "claimed_privacy",
    "input_distance",
    "geometric_law",
    "randomized_response_bool_law",
]

#: the smallest and largest noise scale of :func:`geometric_law`: below, r = e^(-1/scale) < 2^-1477 has a
#: denominator of thousands of bits; above, r is within 2^-64 of 1 and the 128-bit enclosure cannot separate them
MIN_SCALE, MAX_SCALE = Fraction(1, 2**10), Fraction(2**64)

#: outputs per OpenDP call when batched (a composition of this many copies is built once)
BATCH = 10_000


def _opendp():
    """``opendp.prelude`` with the ``contrib`` features enabled; one line when it is missing."""
    try:
        import opendp.prelude as dp
    except ImportError:
        raise ImportError("auditing an OpenDP measurement needs opendp: pip install 'geoprivate[opendp]'") from None
    dp.enable_features("contrib")
    return dp


def _measurement(value, name: str = "measurement"):
    """An opendp ``Measurement``, returned unchanged (opendp imported here: an optional dependency)."""
    if not isinstance(value, _opendp().Measurement):
        raise TypeError(f"{name} must be an opendp Measurement, got {type(value).__name__}")
    return value


def _distance(value, name: str):
    """An input distance: a real number >= 0 (an int for an integer metric), returned unchanged."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number >= 0 (the input metric's distance), got {shown(value)}")
    try:
        ok = math.isfinite(value) and float(value) >= 0
    except OverflowError:  # an int beyond the floats
        raise ValueError(f"{name} must be an input distance within the floats, got an integer beyond them") from None
    if not ok:
        raise ValueError(f"{name} must be a finite real number >= 0, got {shown(value)}")
    return value


def _privacy_map(measurement, d_in):
    """``measurement.map(d_in)``; OpenDP's refusal (a d_in of the wrong type) is one line naming d_in."""
    try:
        return measurement.map(d_in)
    except (_opendp().OpenDPException, TypeError, ValueError) as exc:
        first = (str(exc).strip().splitlines() or [""])[0]
        raise TypeError(f"d_in={d_in!r}: the privacy map refused it: {first}"[:300]) from None
    except OverflowError:
        raise ValueError(f"d_in={d_in!r}: beyond the privacy map's number type") from None


#: an opendp Measurement
_Measurement = Annotated[Any, Check(_measurement, kind="object")]
#: an input distance of the measurement's input metric
_DIn = Annotated[Any, Check(_distance, kind="real")]
#: an input of the measurement (compared under its input metric)
_Input = Annotated[Any, Joint("an input of measurement, compared with the other under its input metric", kind="object")]


# ------------------------------------------------------------------------------- input distances
def _up(x: Fraction) -> float:
    """The least float >= x."""
    f = float(x)
    return f if Fraction(f) >= x else math.nextafter(f, math.inf)


def _sqrt_up(x: Fraction) -> float:
    """The least float whose square is >= x (x >= 0)."""
    f = math.sqrt(float(x))
    while Fraction(f) ** 2 < x:
        f = math.nextafter(f, math.inf)
    while f > 0 and Fraction(math.nextafter(f, 0)) ** 2 >= x:
        f = math.nextafter(f, 0)
    return f


def _lcs(a: list, b: list) -> int:
    """The length of a longest common subsequence (insert/delete distance = |a| + |b| − 2 lcs)."""
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


def _same_length(x0, x1, metric: str) -> None:
    if len(x0) != len(x1):
        raise ValueError(f"{metric} needs inputs of equal length, got lengths {len(x0)} and {len(x1)}")


def _metric_distance(metric: str, x0, x1):
    """The distance of two inputs under an OpenDP metric (exact, rounded up to a float when not an int)."""
    if metric == "DiscreteDistance":
        return int(x0 != x1)
    if metric == "AbsoluteDistance":
        d = abs(_exact_real_signed(x0, "x0") - _exact_real_signed(x1, "x1"))
        return int(d) if d.denominator == 1 and isinstance(x0, int) else _up(d)
    if metric in ("L1Distance", "L2Distance"):
        _same_length(x0, x1, metric)
        diffs = [
            abs(_exact_real_signed(a, f"x0[{i}]") - _exact_real_signed(b, f"x1[{i}]"))
            for i, (a, b) in enumerate(zip(x0, x1, strict=True))
        ]
        if metric == "L2Distance":
            return _sqrt_up(sum((d * d for d in diffs), Fraction(0)))
        total = sum(diffs, Fraction(0))
        return int(total) if all(isinstance(v, int) for v in (*x0, *x1)) else _up(total)
    if metric in ("SymmetricDistance", "ChangeOneDistance"):
        c0, c1 = Counter(x0), Counter(x1)
        sym = sum(((c0 - c1) + (c1 - c0)).values())
        if metric == "SymmetricDistance":
            return sym
        _same_length(x0, x1, metric)
        return sym // 2
    if metric == "HammingDistance":
        _same_length(x0, x1, metric)
        return sum(a != b for a, b in zip(x0, x1, strict=True))
    if metric == "InsertDeleteDistance":
        a, b = list(x0), list(x1)
        return len(a) + len(b) - 2 * _lcs(a, b)
    raise TypeError(f"no input distance for the metric {metric}: pass d_in")


def _exact_real_signed(x, name: str) -> Fraction:
    """A real number of any sign as the exact rational it is (a float: its binary value)."""
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(x).__name__}")
    return -_exact_real(-x, name) if x < 0 else _exact_real(x, name)


def _metric_name(measurement) -> str:
    return str(measurement.input_metric).split("(", 1)[0]


def _input_distance(metric: str, x0, x1):
    """:func:`_metric_distance`, its failures on inputs it cannot compare named as x0, x1."""
    try:
        return _metric_distance(metric, x0, x1)
    except (TypeError, ValueError) as exc:
        text = str(exc)
        if text.startswith(("x0", "x1", "no input distance")) or "equal length" in text:
            raise
        raise type(exc)(f"x0, x1: not inputs of the metric {metric} ({text})"[:300]) from None


@checked
def input_distance(measurement: _Measurement, x0: _Input, x1: _Input):
    """The distance of two inputs under ``measurement``'s input metric, as its privacy map takes it.

    Parameters
    ----------
    measurement : opendp.mod.Measurement
        Its ``input_metric`` names the distance.
    x0, x1 : object
        Two inputs of the measurement.

    Returns
    -------
    int or float
        Exact for integers; otherwise the least float at least the exact distance.

    Raises
    ------
    TypeError
        A metric without a rule here (pass ``d_in`` to :func:`audit_measurement`).
    ValueError
        Inputs of different lengths under a metric that needs equal lengths.

    Examples
    --------
    >>> import opendp.prelude as dp  # doctest: +SKIP
    >>> dp.enable_features("contrib")  # doctest: +SKIP
    >>> space = dp.vector_domain(dp.atom_domain(T=int)), dp.symmetric_distance()  # doctest: +SKIP
    >>> clamped_sum = space >> dp.t.then_clamp((0, 3)) >> dp.t.then_sum() >> dp.m.then_geometric(1.0)  # doctest: +SKIP
    >>> input_distance(clamped_sum, [1, 2], [1, 2, 2])  # doctest: +SKIP
    1
    """
    return _input_distance(_metric_name(measurement), x0, x1)


# ------------------------------------------------------------------------------- the privacy map
@checked
def claimed_privacy(measurement: _Measurement, d_in: _DIn, delta: Delta | None = None) -> tuple[float, float, str]:
    """The (ε, δ) an OpenDP measurement claims at input distance ``d_in``, read from its privacy map.

    Parameters
    ----------
    measurement : opendp.mod.Measurement
        The mechanism.
    d_in : int or float
        The input distance (of the type of the measurement's input metric).
    delta : float, optional
        The δ at which to read ε: required for ``ZeroConcentratedDivergence`` and
        ``SmoothedMaxDivergence``; must be omitted (or 0) for ``MaxDivergence`` and omitted for
        ``Approximate(MaxDivergence)``, whose map gives δ.

    Returns
    -------
    (float, float, str)
        ε, δ and how they were read (e.g. ``"map(1) = 1.0986 (MaxDivergence)"``).

    Raises
    ------
    TypeError
        An output measure without an (ε, δ) reading here (Rényi divergences, ...).
    ValueError
        ``delta`` missing where it is needed, or given where the map fixes it.

    Examples
    --------
    >>> import opendp.prelude as dp  # doctest: +SKIP
    >>> dp.enable_features("contrib")  # doctest: +SKIP
    >>> claimed_privacy(dp.m.make_randomized_response_bool(0.75), 1)  # doctest: +SKIP
    (1.0986122886681098, 0.0, 'map(1) = 1.0986122886681098 (MaxDivergence)')
    """
    dp = _opendp()
    measure = str(measurement.output_measure)
    if measure == "MaxDivergence":
        if delta:
            raise ValueError(f"delta must be omitted for a MaxDivergence measurement (pure DP), got {delta!r}")
        eps = float(_privacy_map(measurement, d_in))
        return eps, 0.0, f"map({d_in}) = {eps!r} (MaxDivergence)"
    if measure == "Approximate(MaxDivergence)":
        if delta is not None:
            raise ValueError("delta must be omitted: the privacy map of Approximate(MaxDivergence) gives it")
        eps, d = _privacy_map(measurement, d_in)
        return float(eps), float(d), f"map({d_in}) = ({float(eps)!r}, {float(d)!r}) (Approximate(MaxDivergence))"
    if measure in ("ZeroConcentratedDivergence", "SmoothedMaxDivergence"):
        if not delta:
            raise ValueError(f"delta must be given (> 0) to read epsilon from a {measure} measurement")
        profile_of = measurement if measure == "SmoothedMaxDivergence" else dp.c.make_zCDP_to_approxDP(measurement)
        eps = float(_privacy_map(profile_of, d_in).epsilon(delta))
        how = f"map({d_in}).epsilon({delta!r}) = {eps!r}"
        if measure == "ZeroConcentratedDivergence":
            how = f"rho = map({d_in}) = {float(measurement.map(d_in))!r}, zCDP to (eps, delta): " + how
        return eps, delta, f"{how} ({measure})"
    raise TypeError(f"no (epsilon, delta) reading of the output measure {measure}")


# ------------------------------------------------------------------------------- sampling the measurement
class _Invoker:
    """``mechanism(data, rng, n)`` for :func:`audit_sampler`: n releases of the measurement, batched.

    OpenDP's own generator is used (it takes no seed; ``rng`` is ignored).  Counts the outputs
    drawn and the time spent in OpenDP.
    """

    def __init__(self, measurement, dp, batch: bool):
        self.meas, self.dp = measurement, dp
        self.batch = batch
        self.compositions: dict[int, object] = {}
        self.drawn, self.seconds = 0, 0.0

    def _composition(self, k: int):
        comp = self.compositions.get(k)
        if comp is None:
            try:
                comp = self.dp.c.make_composition([self.meas] * k)
            except self.dp.OpenDPException:  # a measure that does not compose: one call per output
                self.batch = False
                return None
            self.compositions[k] = comp
        return comp

    def __call__(self, data, rng, n: int) -> list:
        t = time.perf_counter()
        out: list = []
        while len(out) < n:
            k = min(BATCH, n - len(out))
            comp = self._composition(k) if self.batch and k > 1 else None
            out.extend(comp(data) if comp is not None else [self.meas(data) for _ in range(k)])
        self.seconds += time.perf_counter() - t
        self.drawn += n
        return out


# ------------------------------------------------------------------------------- documented laws
@checked
@dataclass(frozen=True)
class DocumentedLaw:
    """The output law an OpenDP constructor *documents*, for an exact audit (not read from the binary).

    Built by :func:`geometric_law` and :func:`randomized_response_bool_law`; passed as ``law=`` to
    :func:`audit_measurement`.

    Attributes
    ----------
    constructor : str
        The constructor and parameters whose documented law this is.
    run : callable
        ``run(pairs, epsilon, delta) -> (ExactAuditResult, verdict)``, verdict ``"holds"``,
        ``"violated"`` or ``"undecided"``.
    """

    constructor: str
    run: Callable


def _scale(value, name: str):
    """A noise scale in [MIN_SCALE, MAX_SCALE], returned unchanged (taken as the exact value of the float)."""
    s = _exact_real(value, name)
    if s == 0:
        raise ValueError(f"{name} must be > 0, got {value!r}")
    if not MIN_SCALE <= s <= MAX_SCALE:
        raise ValueError(
            f"{name} must lie in [2**-10, 2**64] (beyond, e^(-1/scale) is not enclosed between rationals usefully),"
            f" got {shown(value)}"
        )
    return value


@checked
def geometric_law(scale: Annotated[Any, Check(_scale, kind="real")], query: Callable | None = None) -> DocumentedLaw:
    """The documented law of ``make_geometric(scale)`` (and of ``make_laplace`` on integers): q(x) + Z.

    OpenDP documents both as the discrete Laplace mechanism [GRS09]: Z on ℤ with
    P(Z = k) ∝ e^(−|k|/scale), the ratio r = e^(−1/scale) (``scale`` taken as the exact value of
    the float).  r is irrational, so the audit encloses it between rationals r_lo < r < r_hi
    (python-flint's ``arb``, 128 bits) and audits both laws exactly
    (:func:`~geoprivate.audit.laws.discrete_laplace_clamped_law`):

    * noise of ratio r_hi > r_lo is that of r_lo plus independent noise (the ratio of their
      characteristic functions, Π (1 − r_lo z)/(1 − r_hi z), has non-negative coefficients),
      so the mechanism at r is a post-processing of the one at r_lo and one at r_hi is a
      post-processing of the one at r: **holds at r_lo proves holds**, **violated at r_hi
      proves violated**.  A claim within the enclosure (a tight one: ε = Δ/scale exactly) is
      decided at δ = 0 by the law's closed form — the largest likelihood ratio of two centres
      Δ apart is e^(Δ/scale), on a tail — compared with ε in rationals; at δ > 0 it is
      ``"undecided"``;
    * the release is clamped to the window [min, max] of the centres q(x) of the pairs: on each
      tail beyond it the likelihood ratio of two centres is constant, so merging a tail into one
      outcome changes no divergence — the audit is of the unclamped mechanism.

    Parameters
    ----------
    scale : float
        The ``scale`` passed to ``make_geometric`` / ``make_laplace``, in [2^-10, 2^64]
        (:data:`MIN_SCALE`, :data:`MAX_SCALE`).
    query : callable, optional
        input -> the integer the noise is added to (a transformation chained before the noise,
        e.g. a clamped sum); default: the input itself.

    Returns
    -------
    DocumentedLaw

    Examples
    --------
    >>> law = geometric_law(2.0)
    >>> result, verdict = law.run([(0, 1)], 0.5, 0.0)  # e^eps at delta = e^(1/2)
    >>> verdict, result.exact, result.violated
    ('holds', True, False)
    >>> geometric_law(2.0).run([(0, 1)], 0.4999, 0.0)[1]
    'violated'
    """
    s = _exact_real(scale, "scale")
    q = query if query is not None else (lambda x: x)
    r_lo, r_hi = _exp_enclosure(-1 / s)

    def run(pairs, epsilon, delta):
        centres = [_int_centre(q(x)) for pair in pairs for x in pair]
        lo, hi = min(centres), max(centres)

        def law_at(r: Fraction):
            return lambda x: discrete_laplace_clamped_law(r, lo, hi, centre=q(x))

        less_noise = exact_audit(law_at(r_lo), pairs, epsilon, delta)
        if not less_noise.violated:
            return less_noise, "holds"
        more_noise = exact_audit(law_at(r_hi), pairs, epsilon, delta)
        if more_noise.violated:
            return more_noise, "violated"
        if Fraction(delta) == 0:  # ε within the enclosure: at δ = 0 the closed form decides
            worst = max(abs(q(a) - q(b)) for a, b in pairs)
            return (more_noise, "holds") if _exact_real(epsilon, "epsilon") >= worst / s else (less_noise, "violated")
        return less_noise, "undecided"

    return DocumentedLaw(f"make_geometric(scale={scale!r}): q(x) + Z, P(Z = k) ∝ exp(-|k|/scale)", run)


def _int_centre(c) -> int:
    if isinstance(c, bool) or not isinstance(c, int):
        raise TypeError(f"query must return an int (the geometric mechanism's centre), got {c!r}")
    return c


def _exp_enclosure(x: Fraction, prec: int = 128) -> tuple[Fraction, Fraction]:
    """Rationals lo < e^x < hi from an ``arb`` ball (x rational, e^x irrational unless x = 0)."""
    with flint.ctx.workprec(prec):
        ball = flint.arb(flint.fmpq(x.numerator, x.denominator)).exp()
        lo, hi = _dyadic(ball.lower()), _dyadic(ball.upper())
    assert lo is not None and hi is not None
    return Fraction(*lo), Fraction(*hi)


@checked
def randomized_response_bool_law(prob: Annotated[float, Interval(ge=0.5, lt=1)]) -> DocumentedLaw:
    """The documented law of ``make_randomized_response_bool(prob)``: the true bit with probability ``prob``.

    ``prob`` is taken as the exact value of the float (OpenDP samples the Bernoulli exactly), so the
    law {x: prob, not x: 1 − prob} is rational and the exact audit is a proof about it
    ([DR14] §3.2; e^ε at δ = 0 is prob/(1 − prob)).

    Parameters
    ----------
    prob : float
        The probability of the true answer, in [1/2, 1).

    Returns
    -------
    DocumentedLaw

    Examples
    --------
    >>> result, verdict = randomized_response_bool_law(0.75).run([(False, True)], 1.0986122886681098, 0.0)
    >>> verdict, result.exp_epsilon_at_delta
    ('holds', Fraction(3, 1))
    """
    p = _exact_real(prob, "prob")

    def law(bit):
        return {bool(bit): p, not bit: 1 - p}

    def run(pairs, epsilon, delta):
        r = exact_audit(law, pairs, epsilon, delta)
        return r, "violated" if r.violated else "holds"

    return DocumentedLaw(f"make_randomized_response_bool(prob={prob!r}): the input with probability prob", run)


# ------------------------------------------------------------------------------- the audit
@checked
@dataclass(frozen=True)
class MeasurementAudit:
    """Outcome of :func:`audit_measurement`.

    Attributes
    ----------
    epsilon, delta : float
        The claim audited, read from the privacy map at ``d_in``.
    d_in : int or float
        The input distance the claim was read at.
    privacy_map : str
        How ε (and δ) were read.
    sampler : SamplerAuditResult or None
        The sampled audit (``sampler=True``): its ``epsilon_lower``, ``flagged`` and ``false_alarm``.
    exact : ExactAuditResult or None
        The exact audit of the law passed (``law=``).
    exact_verdict : str or None
        ``"holds"``, ``"violated"`` or ``"undecided"`` (a documented law whose enclosure did not
        decide); None without ``law``.
    law : str or None
        What law was audited exactly (a documented law names its OpenDP constructor).
    samples_per_second : float or None
        Releases drawn from OpenDP per second of time spent in it (the sampler's cost).
    batched : bool
        Whether the releases were drawn through ``make_composition`` batches.
    """

    epsilon: Annotated[float, Interval(ge=0, le=math.inf)]
    delta: UnitInterval
    d_in: _DIn
    privacy_map: str
    sampler: SamplerAuditResult | None
    exact: ExactAuditResult | None
    exact_verdict: Annotated[str, Choice("holds", "violated", "undecided")] | None
    law: str | None
    samples_per_second: Annotated[float, Interval(gt=0)] | None
    batched: bool

    @property
    def violated(self) -> bool:
        """True when the sampler flagged the claim or the exact audit proved it violated."""
        return bool(self.sampler is not None and self.sampler.flagged) or self.exact_verdict == "violated"

    @property
    def holds(self) -> bool:
        """True when no audit refuted the claim."""
        return not self.violated


def _as_input(measurement, x):
    """An input as OpenDP takes it: a list for a vector domain, a bool for a bool domain."""
    carrier = str(measurement.input_carrier_type)
    if carrier.startswith("Vec"):
        return list(x)
    if carrier == "bool":
        return bool(x)
    return x


def _law(value, name: str):
    """A :class:`DocumentedLaw` or a callable input -> law, returned unchanged."""
    if not isinstance(value, DocumentedLaw) and not callable(value):
        raise TypeError(f"{name} must be a DocumentedLaw or a callable (input -> law), got {type(value).__name__}")
    return value


@checked
def audit_measurement(
    measurement: _Measurement,
    neighbours: Annotated[Any, Joint("a non-empty iterable of pairs or a NeighbourSpace", kind="object")],
    *,
    d_in: _DIn | None = None,
    delta: Delta | None = None,
    sampler: bool = True,
    law: Annotated[Any, Check(_law, kind="callable")] | None = None,
    n_samples: Annotated[int, Interval(ge=1, le=MAX_SAMPLES)] = 10**5,
    false_alarm: FalseAlarm = 1e-6,
    rng: Rng = None,
    batch: bool = True,
    **sampler_options: Any,
) -> MeasurementAudit:
    """Audit an OpenDP ``Measurement`` against the (ε, δ) its own privacy map claims, in one call.

    The claim is the privacy map at ``d_in`` (module docstring); the sampler
    (:func:`~geoprivate.audit.audit_sampler`, StatDP's procedure [DWWZK18]) runs the
    measurement itself, the exact audit (:func:`~geoprivate.audit.exact_audit`) its law.

    Parameters
    ----------
    measurement : opendp.mod.Measurement
        The mechanism, as built with OpenDP (``contrib`` features).
    neighbours : iterable of pairs
        Neighbouring inputs (x0, x1) (tuples become lists for a vector domain), or a
        :class:`~geoprivate.audit.neighbours.NeighbourSpace`.
    d_in : int or float, optional
        The input distance at which to read the claim; default: the largest distance of a pair
        under the measurement's input metric.  Every pair must be within it.
    delta : float, optional
        The δ at which to read ε (zCDP and privacy-profile measures; see :func:`claimed_privacy`).
    sampler : bool, default True
        Run the sampled audit.
    law : DocumentedLaw or callable, optional
        The exact output law: :func:`geometric_law`, :func:`randomized_response_bool_law`, or a
        callable input -> {outcome: Fraction} of your own; audited exactly over the same pairs.
    n_samples : int, default 10**5
        The sampler's test runs per input and pair (its pilot: ``max(1000, n_samples // 10)``).
    false_alarm : float, default 1e-6
        The probability that the sampler flags a measurement that satisfies its claim.
    rng : Generator, int or None
        Seeds the sampler's own choices (OpenDP's noise is not seedable).
    batch : bool, default True
        Draw the releases through ``make_composition`` batches (False: one call per release).
    **sampler_options
        Passed on to :func:`~geoprivate.audit.audit_sampler` (``n_pilot``, ``n_tested``, ...).

    Returns
    -------
    MeasurementAudit
        The claim, the sampler's and the exact audit's results, and the measured sampling cost.

    Raises
    ------
    ImportError
        opendp is not installed (one line: ``pip install 'geoprivate[opendp]'``).
    ValueError
        No pairs, a pair farther apart than ``d_in``, neither audit asked for.

    Examples
    --------
    >>> import opendp.prelude as dp  # doctest: +SKIP
    >>> dp.enable_features("contrib")  # doctest: +SKIP
    >>> meas = dp.m.make_geometric(dp.atom_domain(T=int), dp.absolute_distance(T=int), scale=2.0)  # doctest: +SKIP
    >>> r = audit_measurement(meas, [(0, 1)], law=geometric_law(2.0), n_samples=5000, rng=0)  # doctest: +SKIP
    >>> r.epsilon, r.exact_verdict, r.sampler.flagged  # doctest: +SKIP
    (0.5, 'holds', False)
    """
    dp = _opendp()
    if not sampler and law is None:
        raise ValueError("nothing to audit: pass sampler=True or a law")
    try:
        raw = list(neighbours.pairs() if hasattr(neighbours, "pairs") else neighbours)
    except TypeError:
        raise TypeError(
            f"neighbours must be an iterable of pairs or a NeighbourSpace, got {type(neighbours).__name__}"
        ) from None
    if not raw or any(not isinstance(p, (tuple, list)) or len(p) != 2 for p in raw):
        raise ValueError("neighbours must be a non-empty iterable of pairs (x0, x1)")
    pairs = [(_as_input(measurement, a), _as_input(measurement, b)) for a, b in raw]
    metric = _metric_name(measurement)
    if d_in is None:
        d_in = max(_neighbour_distance(metric, a, b) for a, b in pairs)
    else:
        for a, b in pairs:
            if _known_metric(metric) and _neighbour_distance(metric, a, b) > d_in:
                raise ValueError(f"the pair ({a!r}, {b!r}) is farther apart than d_in={d_in!r} under {metric}")
    eps, d, how = claimed_privacy(measurement, d_in, delta)
    samp, sps, batched = None, None, False
    if sampler:
        invoke = _Invoker(measurement, dp, batch)
        samp = audit_sampler(
            invoke, pairs, eps, d, n_samples=n_samples, false_alarm=false_alarm, rng=rng, **sampler_options
        )
        sps = invoke.drawn / invoke.seconds if invoke.seconds > 0 else None
        batched = invoke.batch
    exact, verdict, what = None, None, None
    if isinstance(law, DocumentedLaw):
        exact, verdict = law.run(pairs, eps, d)
        what = law.constructor + " (the documented law, not read from the binary)"
    elif law is not None:
        exact = exact_audit(law, pairs, eps, d)
        verdict, what = ("violated" if exact.violated else "holds"), "the caller's law"
    return MeasurementAudit(eps, d, d_in, how, samp, exact, verdict, what, sps, batched)


def _neighbour_distance(metric: str, a, b):
    """The distance of a pair of ``neighbours`` (failures named as neighbours)."""
    try:
        return _metric_distance(metric, a, b)
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"neighbours: the pair ({shown(a)}, {shown(b)}) under {metric}: {exc}"[:300]) from None


def _known_metric(metric: str) -> bool:
    return metric in (
        "DiscreteDistance", "AbsoluteDistance", "L1Distance", "L2Distance", "SymmetricDistance",
        "ChangeOneDistance", "HammingDistance", "InsertDeleteDistance",
    )  # fmt: skip
