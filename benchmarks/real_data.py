"""[BF26] on real data (no download): decision lists and Winnow on scikit-learn's bundled sets.

Data sets (shipped inside scikit-learn, nothing is fetched):

* ``breast_cancer`` — 569 tumours, 30 positive real features, label 1 = benign.
* ``digits`` — 1797 8x8 images, 64 pixels with values 0..16, label 1 = digit in {0, …, 4}.

Binarisation (data-independent: fixed before looking at any data, so it costs no privacy):

* breast_cancer: x_j ≥ 2^k for k = −8, …, 12 (a fixed log-scale grid; every feature is
  positive, so the grid covers its range whatever the data), 30 × 21 = 630 Boolean features;
* digits: pixel ≥ 1, pixel ≥ 8, pixel ≥ 15 (the pixel scale 0..16 is fixed by the format),
  64 × 3 = 192 Boolean features.

F = these features and their negations (literals).  Methods, on a random 80/20 split per seed:

* DP-GreedyCover (Alg. 3.1) in theorem mode, (ε, δ = 1e-5)-DP w.r.t. add/remove (Lemma A.1);
* non-private greedy Rivest (``rivest(..., allow_errors=True)``: the data are not realisable);
* scikit-learn's logistic regression on the same Boolean features (non-private reference);
* DP-Winnow (Alg. 4.2), one pass over the training stream (each person once), in practical
  mode calibrated to pure ε by basic composition: K = 20 updates, m = 10 samples,
  ε̂ = ε/(2K), η = ε/(2·4mK) (4η per sample, see learners.winnow), L = 3/ε̂; the test error
  is that of the final released w̃.  Points are z = (b, −b, 1, −1) with b = 2·bit − 1 (the
  non-negative map of §4.3 plus a bias coordinate);
* non-private Winnow on the same stream (η = 0.5), final weights on the test set.

The labels are not a decision list / a large-margin halfspace of these features, so none of
the paper's accuracy theorems applies: this is the practical comparison a user asks for.

Run: ``python benchmarks/real_data.py [--seeds 5] [--out benchmarks/out/real_data.png]`` (a few minutes;
needs scikit-learn and matplotlib).  Prints a table of mean test error (± std over seeds).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from geoprivate.cli._args import progress  # noqa: E402 (stderr, terminals only)
from geoprivate.learners.decision_lists import dp_greedy_cover, rivest  # noqa: E402
from geoprivate.learners.winnow import DPWinnowParameters, dp_winnow, winnow  # noqa: E402

EPSILONS = (0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 1000.0)
DELTA = 1e-5


def load(name: str):
    """(Boolean features (n, p) uint8, labels (n,) uint8) by the fixed rules of the docstring."""
    from sklearn import datasets

    if name == "breast_cancer":
        b = datasets.load_breast_cancer()
        grid = 2.0 ** np.arange(-8, 13)
        B = (b.data[:, :, None] >= grid[None, None, :]).reshape(b.data.shape[0], -1)
        return B.astype(np.uint8), b.target.astype(np.uint8)
    if name == "digits":
        b = datasets.load_digits()
        B = (b.data[:, :, None] >= np.array([1, 8, 15])[None, None, :]).reshape(b.data.shape[0], -1)
        return B.astype(np.uint8), (b.target <= 4).astype(np.uint8)
    raise ValueError(f"name: expected 'breast_cancer' or 'digits', got {name!r}")


def literals_matrix(B):
    return np.hstack([B, 1 - B]).astype(np.uint8)


def winnow_points(B):
    s = 2 * B.astype(np.int8) - 1
    one = np.ones((B.shape[0], 1), dtype=np.int8)
    return np.hstack([s, -s, one, -one]).astype(np.int8)


def winnow_parameters(T, d, epsilon, K=20, m=10):
    eps_hat = epsilon / (2 * K)
    eta = epsilon / (2 * 4 * m * K)
    return DPWinnowParameters(T, d, 0.1, eps_hat, eta, 3.0 / eps_hat, m, K, 0.05, 0.5, "practical")


def one_split(B, y, seed, epsilons):
    from sklearn.linear_model import LogisticRegression

    rng = np.random.default_rng(seed)
    idx = rng.permutation(len(y))
    cut = int(0.8 * len(y))
    tr, te = idx[:cut], idx[cut:]
    P = literals_matrix(B)
    row = {}
    row["Rivest (greedy, non-private)"] = float(
        (rivest(P[tr], y[tr], allow_errors=True).predict(P[te]) != y[te]).mean()
    )
    lr = LogisticRegression(max_iter=2000).fit(B[tr], y[tr])
    row["logistic regression (non-private)"] = float((lr.predict(B[te]) != y[te]).mean())
    Z = winnow_points(B)
    ys = 2 * y.astype(np.int8) - 1
    wr = winnow(Z[tr], ys[tr], eta=0.5)
    row["Winnow (non-private)"] = float((np.sign(Z[te] @ wr.weights) != ys[te]).mean())
    for eps in epsilons:
        h = dp_greedy_cover(P[tr], y[tr], epsilon=eps, delta=DELTA, rng=rng).hypothesis
        row[("DP-GreedyCover", eps)] = float((h.predict(P[te]) != y[te]).mean())
        r = dp_winnow(Z[tr], ys[tr], winnow_parameters(len(tr), Z.shape[1], eps), rng)
        counts = np.array(r.transcript[-1][1] if r.transcript[-1][1] is not None else r.final_weights)
        row[("DP-Winnow", eps)] = float((np.sign(Z[te].astype(np.int64) @ counts) != ys[te]).mean())
    return row


def run(names=("breast_cancer", "digits"), seeds=5, epsilons=EPSILONS):
    results = {}
    for name in progress(names, desc="data sets"):
        B, y = load(name)
        rows = [one_split(B, y, s, epsilons) for s in range(seeds)]
        results[name] = {
            k: (float(np.mean([r[k] for r in rows])), float(np.std([r[k] for r in rows]))) for k in rows[0]
        }
    return results


def table(results, epsilons=EPSILONS) -> str:
    lines = []
    for name, res in results.items():
        lines.append(f"\n{name}: test error, mean ± std over seeds")
        lines.append("| method | " + " | ".join(f"ε={e:g}" for e in epsilons) + " |")
        lines.append("|---|" + "---|" * len(epsilons))
        for m in ("DP-GreedyCover", "DP-Winnow"):
            lines.append(
                f"| {m} | " + " | ".join(f"{res[(m, e)][0]:.3f}±{res[(m, e)][1]:.3f}" for e in epsilons) + " |"
            )
        for k, (mu, sd) in res.items():
            if isinstance(k, str):
                lines.append(f"| {k} | " + " | ".join([f"{mu:.3f}±{sd:.3f}"] * 1) + " (any ε) |")
    return "\n".join(lines)


def plot(results, path, epsilons=EPSILONS):
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(5.0 * len(results), 3.8))
    for i, (name, res) in enumerate(results.items()):
        ax = fig.add_subplot(1, len(results), i + 1)
        for m, color in (("DP-GreedyCover", "#2563eb"), ("DP-Winnow", "#dc2626")):
            mu = np.array([res[(m, e)][0] for e in epsilons])
            sd = np.array([res[(m, e)][1] for e in epsilons])
            ax.errorbar(epsilons, mu, yerr=sd, marker="o", color=color, label=m, capsize=3)
        for (k, (mu, _)), ls in zip(
            [(k, v) for k, v in res.items() if isinstance(k, str)], ("--", ":", "-."), strict=True
        ):
            ax.axhline(mu, color="0.3", ls=ls, lw=1, label=k)
        ax.set_xscale("log")
        ax.set_xlabel("ε (δ = 1e-5 for DP-GreedyCover, pure for DP-Winnow)")
        ax.set_ylabel("test error")
        ax.set_title(name)
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument(
        "--out",
        default=str(Path(__file__).resolve().parent / "out" / "real_data.png"),
        help="where to write the plot (default: benchmarks/out/real_data.png, git-ignored)",
    )
    ap.add_argument("--datasets", nargs="+", default=["breast_cancer", "digits"])
    ap.add_argument("--quick", action="store_true", help="smoke run: tiny sizes, seconds (not timing)")
    args = ap.parse_args(argv)
    epsilons = (1.0, 100.0) if args.quick else EPSILONS
    if args.quick:
        args.seeds, args.datasets = 1, ["breast_cancer"]
    res = run(tuple(args.datasets), args.seeds, epsilons)
    print(table(res, epsilons))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    plot(res, args.out, epsilons)
    print(f"\nplot written to {args.out}")
    return res


if __name__ == "__main__":
    from geoprivate.privacy.warnings import counted_warnings

    with counted_warnings(report_to=sys.stderr):  # one line per warning cause, with its count, at the end
        main()
