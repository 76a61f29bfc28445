"""Exact oracles for private learning theory — no differential privacy in here.

``solvers`` works on plain data: 0/1 matrices (concepts x points), point arrays,
constraint arrays and rationals.  Every oracle that claims a fact returns something
that can be checked (a witness set, a feasible point, a certificate).  This package
never imports :mod:`geoprivate`.
"""

__all__ = ["combinatorics", "generators", "lp", "affine", "halfspaces", "depth", "vc1", "formulations"]
