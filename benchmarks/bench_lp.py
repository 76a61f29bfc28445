"""Benchmark solvers.lp on 50 x 5 and 200 x 10 systems, side by side with plain baselines.

Run: ``python3 benchmarks/bench_lp.py [--n 200] [--seed 0]``

Compares, on the same systems in the same run:

* ``float``   — a bare HiGHS solve through highspy (model built from the float arrays,
  status and solution read back, nothing verified): the float proposal alone;
* ``exact``   — :func:`solvers.lp.feasible_point` (HiGHS proposal + exact repair and
  exact check of the point / Farkas certificate);
* ``cvxpy``   — rebuilding the cvxpy problem per call (:func:`solvers.formulations.feasibility_problem`
  when present, else ``Minimize(0)`` s.t. ``A x <= b``; solver HiGHS): the readable way;
* ``fallback`` — the exact fallback (the fraction-free revised simplex) alone (a subsample), for scale.

Times are CPU time of this process by default (``--clock wall`` for wall time).
Printed: time per call and the ratios exact/float (aim: <= 1.5 for the feasible point and
the Farkas certificate on 50 x 5 and 200 x 10) and cvxpy/exact.  Feasible and infeasible
systems are planted, so every verdict is also checked, and every answer is re-checked by the
exact checkers (outside the timed region).
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # run from a checkout

from geoprivate.cli._args import progress  # noqa: E402 (stderr, terminals only)
from solvers import lp  # noqa: E402
from solvers.lp._simplex import _feasible_exact
from solvers.lp._system import _prepare


def planted(rng, m=50, d=5, feasible=True, integer=False):
    A = rng.normal(size=(m, d))
    x0 = rng.normal(size=d)
    b = A @ x0 + rng.exponential(size=m)
    if integer:
        A = np.round(A * 10)
        b = np.round(b * 10) + 10
    if not feasible:  # add the row -y^T A x <= -y^T b - 1, y >= 0: a planted contradiction
        y = rng.exponential(size=m) * (rng.random(m) < 0.2)
        y[0] = 1.0
        A = np.vstack([A, -(y @ A)])
        b = np.concatenate([b, [-(y @ b) - 1.0]])
    return A, b


def bare_highs(A, b, c=None, A_eq=None, b_eq=None):
    """Float HiGHS solve of max c^T x s.t. A x <= b (and A_eq x = b_eq; c=None: feasibility), nothing verified."""
    import highspy

    m_ub = A.shape[0]
    if A_eq is not None:
        A, b = np.vstack([A, A_eq]), np.concatenate([b, b_eq])
    m, d = A.shape
    inf = highspy.kHighsInf
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("presolve", "off")
    model = highspy.HighsLp()
    model.num_col_, model.num_row_ = d, m
    model.col_cost_ = np.zeros(d) if c is None else -np.asarray(c, dtype=float)
    model.col_lower_ = np.full(d, -inf)
    model.col_upper_ = np.full(d, inf)
    model.row_lower_ = np.concatenate([np.full(m_ub, -inf), np.asarray(b[m_ub:], dtype=float)])
    model.row_upper_ = np.asarray(b, dtype=float)
    mat = model.a_matrix_
    mat.format_ = highspy.MatrixFormat.kRowwise
    mat.num_col_, mat.num_row_ = d, m
    mat.start_ = np.arange(0, m * d + 1, d, dtype=np.int32)
    mat.index_ = np.tile(np.arange(d, dtype=np.int32), m)
    mat.value_ = np.ascontiguousarray(A, dtype=float).ravel()
    h.passModel(model)
    h.run()
    return h.getModelStatus() == highspy.HighsModelStatus.kOptimal, list(h.getSolution().col_value)


def bare_highs_slack(A, b):
    """Float HiGHS solve of the max-slack LP: max t s.t. A x + t <= b, t <= 1."""
    m, d = A.shape
    A2 = np.vstack([np.hstack([A, np.ones((m, 1))]), np.eye(1, d + 1, d)])
    b2 = np.concatenate([b, [1.0]])
    return bare_highs(A2, b2, np.eye(1, d + 1, d).ravel())


def cvxpy_rebuild(A, b):
    import cvxpy as cp

    try:
        from solvers.formulations import feasibility_problem
    except ImportError:  # an older checkout: the obvious inline formulation
        x = cp.Variable(A.shape[1])
        prob = cp.Problem(cp.Minimize(0), [A @ x <= b])
    else:
        prob = feasibility_problem(A, b)
    prob.solve(solver=cp.HIGHS)
    return prob.status == cp.OPTIMAL


CLOCK = time.process_time  # CPU time of this process: robust to other load on a shared machine (--clock wall)


def timeit(fn, problems, repeat=1):
    best = float("inf")
    out = None
    for _ in range(repeat):
        t0 = CLOCK()
        out = [fn(A, b) for A, b in problems]
        best = min(best, CLOCK() - t0)
    return best / len(problems), out


def paired(fn_a, fn_b, problems, repeat=3):
    """Time two solvers interleaved problem by problem (robust to load drifting on a shared
    machine); per-call times from the best of ``repeat`` passes, and the outputs of ``fn_b``."""
    best_a = best_b = float("inf")
    out = None
    for _ in range(repeat):
        ta = tb = 0.0
        res = []
        for A, b in problems:
            t0 = CLOCK()
            fn_a(A, b)
            t1 = CLOCK()
            res.append(fn_b(A, b))
            tb += CLOCK() - t1
            ta += t1 - t0
        best_a, best_b = min(best_a, ta), min(best_b, tb)
        out = res
    return best_a / len(problems), best_b / len(problems), out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=200, help="systems per kind (default 200)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--clock",
        choices=["cpu", "wall"],
        default="cpu",
        help="cpu: process time (default, robust to a loaded machine); wall: perf_counter",
    )
    ap.add_argument("--quick", action="store_true", help="smoke run: tiny sizes, seconds (not timing)")
    args = ap.parse_args(argv)
    if args.quick:
        args.n = 4
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    rng = np.random.default_rng(args.seed)
    try:
        import cvxpy  # noqa: F401

        have_cvxpy = True
    except ImportError:  # pragma: no cover
        have_cvxpy = False

    print(f"feasible_point, {args.n} systems per row (seed {args.seed}); 'infeasible' = a Farkas certificate")
    print(
        f"{'size':<8}{'kind':<22}{'float ms':>10}{'exact ms':>10}{'cvxpy ms':>10}{'exact/float':>13}{'cvxpy/exact':>13}"
    )
    for m, d in progress([(50, 5)] if args.quick else [(50, 5), (200, 10)], desc="LP sizes"):
        for label, feas, integer in [
            ("float, feasible", True, False),
            ("float, infeasible", False, False),
            ("integer, feasible", True, True),
            ("integer, infeasible", False, True),
        ]:
            probs = [planted(rng, m=m, d=d, feasible=feas, integer=integer) for _ in range(args.n)]
            out_f = [bare_highs(A, b) for A, b in probs]
            t_float, t_exact, out_e = paired(bare_highs, lp.feasible_point, probs)
            for (A, b), r in zip(probs, out_e, strict=True):
                assert r.feasible == feas
                assert (
                    lp.is_feasible_point(A, b, None, None, r.point)
                    if r.feasible
                    else lp.is_farkas_certificate(A, b, None, None, r.certificate)
                )
            assert all(f == feas for f, _ in out_f)
            methods = sorted({r.method for r in out_e})
            if have_cvxpy:
                sub = probs[: max(20, args.n // 8)]
                t_cvx, out_c = timeit(cvxpy_rebuild, sub)
                assert all(c == feas for c in out_c)
                cvx = f"{t_cvx * 1e3:>10.3f}"
                ratio_c = f"{t_cvx / t_exact:>13.1f}"
            else:
                cvx, ratio_c = f"{'n/a':>10}", f"{'n/a':>13}"
            print(
                f"{f'{m}x{d}':<8}{label:<22}{t_float * 1e3:>10.3f}{t_exact * 1e3:>10.3f}{cvx}"
                f"{t_exact / t_float:>13.2f}{ratio_c}   paths: {', '.join(methods)}"
            )

    # near-degenerate systems: feasible regions ~1e-9 wide, rows scaled over 12 decades
    hard = []
    for _ in range(args.n // 2):
        m, d = 50, 5
        A = rng.normal(size=(m, d)) * 10.0 ** rng.integers(-6, 7, size=(m, 1))
        b = A @ rng.normal(size=d) + rng.exponential(size=m) * 1e-9
        hard.append((A, b))
    t_fh, t_eh, out_h = paired(bare_highs, lp.feasible_point, hard, repeat=1)
    assert all(
        r.feasible and lp.is_feasible_point(A, b, None, None, r.point) for (A, b), r in zip(hard, out_h, strict=True)
    )
    tiers = {}
    for r in out_h:
        tiers[r.method] = tiers.get(r.method, 0) + 1
    print(
        f"near-degenerate 50x5 (region ~1e-9 wide): float {t_fh * 1e3:.3f} ms, exact {t_eh * 1e3:.3f} ms,"
        f" exact/float = {t_eh / t_fh:.2f}; tiers {tiers}"
    )

    # the exact fallback on its own (what the float path saves)
    sub = [planted(rng, feasible=k % 2 == 0) for k in range(10)]
    t_fb, out = timeit(lambda A, b: _feasible_exact(_prepare(A, b, None, None)), sub)
    t_ex, _ = timeit(lp.feasible_point, sub, repeat=3)
    assert [r.feasible for r in out] == [k % 2 == 0 for k in range(10)]
    print(f"exact simplex fallback alone: {t_fb * 1e3:.1f} ms per system = {t_fb / t_ex:.0f}x feasible_point")

    # strict (max-slack) and maximize, each against the bare float solve of the same LP
    probs = [planted(rng) for _ in range(args.n // 2)]
    t_fs, t_strict, out_s = paired(bare_highs_slack, lambda A, b: lp.feasible_point(A, b, strict=True), probs)
    assert all(r.feasible and r.slack > 0 for r in out_s)
    c = rng.normal(size=5)
    t_fm, t_max, out_m = paired(lambda A, b: bare_highs(A, b, c), lambda A, b: lp.maximize(c, A, b), probs)
    assert all(lp.is_optimize_certificate(c, A, b, None, None, r) for (A, b), r in zip(probs, out_m, strict=True))
    print(
        f"strict=True (max slack): float {t_fs * 1e3:.3f} ms, exact {t_strict * 1e3:.3f} ms,"
        f" exact/float = {t_strict / t_fs:.2f}"
    )
    print(
        f"maximize (random c):     float {t_fm * 1e3:.3f} ms, exact {t_max * 1e3:.3f} ms,"
        f" exact/float = {t_max / t_fm:.2f}; statuses {sorted({r.status for r in out_m})}"
    )


if __name__ == "__main__":
    from geoprivate.privacy.warnings import counted_warnings

    with counted_warnings(report_to=sys.stderr):  # one line per warning cause, with its count, at the end
        main()
