"""Other libraries' mechanisms audited: the sampler's lower bound on ε beside the ε the library claims.

Each row is one OpenDP mechanism audited by :func:`geoprivate.audit.audit_measurement`: the claimed
(ε, δ) read from the measurement's own privacy map at the pairs' input distance, the sampler's
Clopper–Pearson lower bound on ε (false-alarm rate 10⁻⁶, all pairs together) and its verdict, and,
where OpenDP documents a discrete law (``make_geometric``, ``make_randomized_response_bool``), the exact
audit's ε at δ from that *documented* law (not read from the binary).  The rows: Laplace, the
geometric (discrete Laplace) mechanism, randomized response, a Gaussian under zCDP read at δ = 10⁻⁶,
a clamped sum and a count (both with geometric noise, on datasets under the symmetric distance), and a
positive control — a Laplace measurement whose privacy map claims a quarter of its loss (what a scale 4x
too small for the stated ε looks like), which the sampler must flag.  The cost of sampling through
OpenDP (releases per second, batched with ``make_composition``) is in each row.

diffprivlib: 0.6.6 (the latest release) does not import with scikit-learn >= 1.9
(``sklearn.tree._tree`` no longer exports ``DOUBLE``): its row says so and is skipped while that holds.
Without opendp (``pip install 'geoprivate[opendp]'``) the OpenDP rows are skipped with one line each.

Run: ``python benchmarks/bench_peers_audit.py`` (10⁵ runs per input: minutes), ``--quick`` (1 000 runs:
seconds, a smoke test), ``--save`` writes ``benchmarks/results/bench_peers_audit.json``, which
``docs/gen_numbers.py`` renders into ``docs/audit_peers.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout

from geoprivate.audit.opendp import audit_measurement, geometric_law, randomized_response_bool_law  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "bench_peers_audit.json"
COLUMNS = ("library", "mechanism", "claimed (ε, δ)", "sampler: ε ≥", "flagged", "exact ε at δ", "releases/s")


def _clamped_sum(data) -> int:
    return sum(min(max(x, 0), 3) for x in data)


def opendp_cases(dp):
    """(name, measurement, pairs, options) of the OpenDP rows."""
    ints = dp.atom_domain(T=int), dp.absolute_distance(T=int)
    reals = dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float)
    datasets = dp.vector_domain(dp.atom_domain(T=int)), dp.symmetric_distance()
    laplace = dp.m.make_laplace(*reals, scale=1.0)
    dp.enable_features("honest-but-curious")
    control = dp.m.make_user_measurement(
        *reals, dp.max_divergence(), function=lambda x: laplace(x), privacy_map=lambda d: laplace.map(d) / 4, TO=float
    )
    return [
        ("make_laplace(scale=1)", laplace, [(0.0, 1.0)], {}),
        ("make_geometric(scale=1)", dp.m.make_geometric(*ints, scale=1.0), [(0, 1)], {"law": geometric_law(1.0)}),
        (
            "make_randomized_response_bool(0.75)",
            dp.m.make_randomized_response_bool(0.75),
            [(False, True)],
            {"law": randomized_response_bool_law(0.75)},
        ),
        (
            "make_gaussian(scale=1), zCDP at δ = 1e-6",
            dp.m.make_gaussian(*reals, scale=1.0),
            [(0.0, 1.0)],
            {"delta": 1e-6},
        ),
        (
            "clamp(0, 3) >> sum >> geometric(scale=2)",
            datasets >> dp.t.then_clamp((0, 3)) >> dp.t.then_sum() >> dp.m.then_geometric(scale=2.0),
            [((1, 2), (1, 2, 3)), ((0,), (0, 3))],
            {"law": geometric_law(2.0, query=_clamped_sum)},
        ),
        (
            "count >> geometric(scale=1)",
            datasets >> dp.t.then_count() >> dp.m.then_geometric(scale=1.0),
            [((1, 2), (1, 2, 3))],
            {"law": geometric_law(1.0, query=len)},
        ),
        # a Python callback per release (about 6x slower): a tenth of the runs flags it by a wide margin
        ("control: Laplace(scale=1), map claims ε/4", control, [(0.0, 1.0)], {"runs": 0.1}),
    ]


def _fmt(x: float) -> str:
    return "∞" if math.isinf(x) else f"{x:.3f}"


def opendp_row(name: str, meas, pairs, options: dict, n_samples: int, seed: int) -> dict:
    """One audit as a row (strict-JSON values); ``options["runs"]`` scales ``n_samples`` for this row."""
    t = time.perf_counter()
    options = dict(options)
    n_samples = max(1000, round(n_samples * options.pop("runs", 1.0)))
    r = audit_measurement(meas, pairs, n_samples=n_samples, rng=seed, **options)
    exact = None
    if r.exact is not None:
        exact = f"{_fmt(r.exact.epsilon_at_delta)} ({r.exact_verdict})"
    return {
        "library": "OpenDP",
        "mechanism": name,
        "epsilon": r.epsilon,
        "delta": r.delta,
        "epsilon_lower": round(r.sampler.epsilon_lower, 4),
        "flagged": r.sampler.flagged,
        "exact": exact,
        "releases_per_second": round(r.samples_per_second or 0.0),
        "batched": r.batched,
        "n_samples": n_samples,
        "false_alarm": r.sampler.false_alarm,
        "seconds": round(time.perf_counter() - t, 1),
    }


def skipped(library: str, reason: str) -> dict:
    return {"library": library, "mechanism": "(all)", "skipped": reason}


def diffprivlib_reason() -> str | None:
    """None when diffprivlib imports (its rows would run), else the one-line reason it is skipped.

    Its latest release, 0.6.6, imports ``DOUBLE`` from ``sklearn.tree._tree``, which scikit-learn 1.9 removed
    (checked in a throwaway venv: ``ImportError: cannot import name 'DOUBLE'``).
    """
    try:
        import diffprivlib  # noqa: F401
    except ImportError as exc:
        try:
            import sklearn

            new_sklearn = tuple(int(v) for v in sklearn.__version__.split(".")[:2]) >= (1, 9)
        except (ImportError, ValueError):
            new_sklearn = False
        if "DOUBLE" in str(exc) or new_sklearn:
            return "diffprivlib 0.6.6 does not import with scikit-learn >= 1.9: rows skipped"
        return "diffprivlib is not installed: rows skipped"
    return None


def run(n_samples: int, seed: int) -> list[dict]:
    """Every row: the OpenDP mechanisms (or one skipped row), then diffprivlib's."""
    rows = []
    try:
        import opendp.prelude as dp

        dp.enable_features("contrib")
    except ImportError:
        rows.append(skipped("OpenDP", "opendp is not installed (pip install 'geoprivate[opendp]'): rows skipped"))
    else:
        for name, meas, pairs, options in opendp_cases(dp):
            rows.append(opendp_row(name, meas, pairs, options, n_samples, seed))
            print(line(rows[-1]), flush=True)
    reason = diffprivlib_reason()
    # diffprivlib importing would need its own adapter (mechanism.randomise, .epsilon): none while it cannot
    rows.append(skipped("diffprivlib", reason or "diffprivlib imports, but no adapter is written yet: rows skipped"))
    return rows


def cells(row: dict) -> list[str]:
    if "skipped" in row:
        return [row["library"], row["mechanism"], "—", "—", "—", "—", row["skipped"]]
    claim = f"({row['epsilon']:.4g}, {row['delta']:.0e})" if row["delta"] else f"({row['epsilon']:.4g}, 0)"
    return [
        row["library"],
        row["mechanism"],
        claim,
        f"{row['epsilon_lower']:.3f}",
        "yes" if row["flagged"] else "no",
        row["exact"] or "—",
        f"{row['releases_per_second']:,}".replace(",", " "),
    ]


def line(row: dict) -> str:
    return "  ".join(cells(row))


def markdown(rows: list[dict]) -> str:
    """The rows as the Markdown table of ``docs/audit_peers.md`` (rendered by ``docs/gen_numbers.py``)."""
    out = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    out += ["| " + " | ".join(c.replace("|", "\\|") for c in cells(r)) + " |" for r in rows]
    return "\n".join(out)


def main(argv=None) -> list[dict]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="1 000 runs per input (a smoke test, seconds)")
    ap.add_argument("--n-samples", type=int, default=100_000, help="the sampler's test runs per input and pair")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", action="store_true", help="write benchmarks/results/bench_peers_audit.json")
    ap.add_argument("--markdown", action="store_true", help="print the Markdown table")
    args = ap.parse_args(argv)
    if args.save and args.quick:
        ap.error("--save records a full run; --quick shrinks every instance")
    n = 1000 if args.quick else args.n_samples
    rows = run(n, args.seed)
    for r in rows:
        if "skipped" in r:
            print(line(r))
    if args.markdown:
        print(markdown(rows))
    if args.save:
        RESULTS.parent.mkdir(exist_ok=True)
        RESULTS.write_text(json.dumps({"n_samples": n, "rows": rows}, indent=1, allow_nan=False) + "\n")
    return rows


if __name__ == "__main__":
    main()
