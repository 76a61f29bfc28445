"""docs/guide/audit.md's example of an exact audit runs and prints what its comment says."""

import contextlib
import io
import re

from tests import ROOT

PAGE = ROOT / "docs" / "guide" / "audit.md"


def test_guide_exact_audit_example_prints_its_comment():
    (block,) = [b for b in re.findall(r"```python\n(.*?)```", PAGE.read_text(), flags=re.S) if "exact_audit(" in b]
    expected = block.rsplit("# ", 1)[1].strip()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, str(PAGE), "exec"), {})
    assert out.getvalue().strip() == expected


def test_guide_names_both_auditors_the_spaces_and_the_laws():
    text = PAGE.read_text()
    for name in ("exact_audit", "audit_sampler", "dataset_neighbours", "query_vector_neighbours",
                 "discrete_laplace_pmf", "audit_measurement"):  # fmt: skip
        assert f"`{name}" in text, name
