"""The bibliography: every work the code and the documentation cite, in one table.

Docstrings, documentation, JSON output and the report cite a work by its key and, for
the four implemented papers, a statement number: ``[NNSY23] Claim D.9``,
``[Yan25] Algorithm 2``.  This module is the one source of those keys;
``docs/references.bib`` is generated from it (:func:`to_bibtex`, checked by the tests),
and the documentation's reference page lists it.

The four papers the toolkit implements are :data:`PAPER_KEYS` (claim-id prefix → key).
Where a paper states a result of another work, the citation is taken from that paper's
own reference list.

Examples
--------
>>> cite("NNSY23", "Claim D.9")
'[NNSY23] Claim D.9'
>>> cite(PAPER_KEYS["vc1"])
'[Yan25]'
>>> REFERENCES["BSU17"].year
2017
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from geoprivate._validation import Check, Interval, checked

__all__ = ["Reference", "REFERENCES", "PAPER_KEYS", "cite", "full_citation", "to_bibtex"]


def _names(value, name: str) -> tuple:
    """Authors: a tuple of non-empty strings."""
    if not isinstance(value, tuple) or not value or not all(isinstance(a, str) and a.strip() for a in value):
        raise TypeError(f"{name} must be a non-empty tuple of names (str), got {value!r}")
    return value


class UnknownCitation(KeyError, ValueError):
    """A citation key that is not in :data:`REFERENCES` (a ``KeyError`` and a ``ValueError``)."""


@checked
@dataclass(frozen=True)
class Reference:
    """One bibliographic entry.

    Attributes
    ----------
    key : str
        The citation key used in docstrings as ``[key]``.
    authors : tuple of str
        Full names, in the order of the publication.
    title : str
        The title as published.
    venue : str
        Journal, proceedings or "Manuscript"/"arXiv preprint".
    year : int
        Year of the cited version.
    arxiv : str or None
        arXiv identifier, where known.
    pages : str or None
        Page range or article details, where known.
    entry_type : str
        BibTeX entry type: ``"article"``, ``"inproceedings"``, ``"book"`` or ``"misc"``.
    """

    key: str
    authors: Annotated[tuple[str, ...], Check(_names)]
    title: str
    venue: str
    year: Annotated[int, Interval(ge=1000, le=9999)]
    arxiv: str | None = None
    pages: str | None = None
    entry_type: Literal["article", "inproceedings", "book", "misc"] = "inproceedings"


def _r(key, authors, title, venue, year, arxiv=None, pages=None, entry_type="inproceedings"):
    return key, Reference(key, tuple(authors), title, venue, year, arxiv, pages, entry_type)


#: key -> :class:`Reference`.  The first four entries are the papers the toolkit implements.
REFERENCES: dict[str, Reference] = dict(
    [
        # --- the four implemented papers
        _r(
            "Yan26",
            ["Chao Yan"],
            "Private Prediction via Shrinkage",
            "Manuscript",
            2026,
            arxiv="2602.05219",
            entry_type="misc",
        ),
        _r(
            "NNSY23",
            ["Moni Naor", "Kobbi Nissim", "Uri Stemmer", "Chao Yan"],
            "Private Everlasting Prediction",
            "Advances in Neural Information Processing Systems 36 (NeurIPS 2023)",
            2023,
            arxiv="2305.09579",
            pages="54785--54804",
        ),
        _r(
            "BF26",
            ["Mark Bun", "William Fang"],
            "Privately Learning Decision Lists and a Differentially Private Winnow",
            "arXiv preprint",
            2026,
            arxiv="2602.07370",
            entry_type="misc",
        ),
        _r(
            "Yan25",
            ["Chao Yan"],
            "An Õptimal Differentially Private PAC Learner for Concept Classes with VC Dimension 1",
            "arXiv preprint",
            2025,
            arxiv="2505.06581",
            entry_type="misc",
        ),
        # --- differential privacy: mechanisms and composition
        _r(
            "DMNS06",
            ["Cynthia Dwork", "Frank McSherry", "Kobbi Nissim", "Adam Smith"],
            "Calibrating Noise to Sensitivity in Private Data Analysis",
            "Theory of Cryptography Conference (TCC)",
            2006,
            pages="265--284",
        ),
        _r(
            "MT07",
            ["Frank McSherry", "Kunal Talwar"],
            "Mechanism Design via Differential Privacy",
            "IEEE Symposium on Foundations of Computer Science (FOCS)",
            2007,
            pages="94--103",
        ),
        _r(
            "DRV10",
            ["Cynthia Dwork", "Guy N. Rothblum", "Salil P. Vadhan"],
            "Boosting and Differential Privacy",
            "IEEE Symposium on Foundations of Computer Science (FOCS)",
            2010,
            pages="51--60",
        ),
        _r(
            "KOV15",
            ["Peter Kairouz", "Sewoong Oh", "Pramod Viswanath"],
            "The Composition Theorem for Differential Privacy",
            "International Conference on Machine Learning (ICML)",
            2015,
            arxiv="1311.0776",
            pages="1376--1385",
        ),
        _r(
            "MV16",
            ["Jack Murtagh", "Salil Vadhan"],
            "The Complexity of Computing the Optimal Composition of Differential Privacy",
            "Theory of Cryptography Conference (TCC)",
            2016,
            arxiv="1507.03113",
        ),
        _r(
            "KJH20",
            ["Antti Koskela", "Joonas Jälkö", "Antti Honkela"],
            "Computing Tight Differential Privacy Guarantees Using FFT",
            "International Conference on Artificial Intelligence and Statistics (AISTATS)",
            2020,
            arxiv="1906.03049",
        ),
        _r(
            "DGKKM22",
            ["Vadym Doroshenko", "Badih Ghazi", "Pritish Kamath", "Ravi Kumar", "Pasin Manurangsi"],
            "Connect the Dots: Tighter Discrete Approximations of Privacy Loss Distributions",
            "Proceedings on Privacy Enhancing Technologies (PoPETs)",
            2022,
            arxiv="2207.04380",
            entry_type="article",
        ),
        _r(
            "DR14",
            ["Cynthia Dwork", "Aaron Roth"],
            "The Algorithmic Foundations of Differential Privacy",
            "Foundations and Trends in Theoretical Computer Science 9(3-4)",
            2014,
            pages="211--407",
            entry_type="article",
        ),
        _r(
            "GRS09",
            ["Arpita Ghosh", "Tim Roughgarden", "Mukund Sundararajan"],
            "Universally Utility-Maximizing Privacy Mechanisms",
            "ACM Symposium on Theory of Computing (STOC)",
            2009,
            arxiv="0811.2841",
            pages="351--360",
        ),
        _r(
            "BSU17",
            ["Mark Bun", "Thomas Steinke", "Jonathan Ullman"],
            "Make Up Your Mind: The Price of Online Queries in Differential Privacy",
            "ACM-SIAM Symposium on Discrete Algorithms (SODA)",
            2017,
            arxiv="1604.04618",
            pages="1306--1325",
        ),
        _r(
            "LSL17",
            ["Min Lyu", "Dong Su", "Ninghui Li"],
            "Understanding the Sparse Vector Technique for Differential Privacy",
            "Proceedings of the VLDB Endowment 10(6)",
            2017,
            arxiv="1603.01699",
            pages="637--648",
            entry_type="article",
        ),
        _r(
            "Mir12",
            ["Ilya Mironov"],
            "On Significance of the Least Significant Bits for Differential Privacy",
            "ACM Conference on Computer and Communications Security (CCS)",
            2012,
            pages="650--661",
        ),
        _r(
            "CKS20",
            ["Clément L. Canonne", "Gautam Kamath", "Thomas Steinke"],
            "The Discrete Gaussian for Differential Privacy",
            "Advances in Neural Information Processing Systems 33 (NeurIPS 2020)",
            2020,
            arxiv="2004.00010",
        ),
        # --- private learning and prediction
        _r(
            "KLNRS11",
            ["Shiva Prasad Kasiviswanathan", "Homin K. Lee", "Kobbi Nissim", "Sofya Raskhodnikova", "Adam Smith"],
            "What Can We Learn Privately?",
            "SIAM Journal on Computing 40(3)",
            2011,
            pages="793--826",
            entry_type="article",
        ),
        _r(
            "BNS13",
            ["Amos Beimel", "Kobbi Nissim", "Uri Stemmer"],
            "Characterizing the Sample Complexity of Private Learners",
            "Innovations in Theoretical Computer Science (ITCS)",
            2013,
            pages="97--110",
        ),
        _r(
            "BNS21",
            ["Amos Beimel", "Kobbi Nissim", "Uri Stemmer"],
            "Learning Privately with Labeled and Unlabeled Examples",
            "Algorithmica 83(1)",
            2021,
            pages="177--215",
            entry_type="article",
        ),
        _r(
            "BNSV15",
            ["Mark Bun", "Kobbi Nissim", "Uri Stemmer", "Salil P. Vadhan"],
            "Differentially Private Release and Learning of Threshold Functions",
            "IEEE Symposium on Foundations of Computer Science (FOCS)",
            2015,
            arxiv="1504.07553",
            pages="634--649",
        ),
        _r(
            "DF18",
            ["Cynthia Dwork", "Vitaly Feldman"],
            "Privacy-preserving Prediction",
            "Conference on Learning Theory (COLT), PMLR 75",
            2018,
            pages="1693--1702",
        ),
        _r(
            "KLMNS20",
            ["Haim Kaplan", "Katrina Ligett", "Yishay Mansour", "Moni Naor", "Uri Stemmer"],
            "Privately Learning Thresholds: Closing the Exponential Gap",
            "Conference on Learning Theory (COLT), PMLR 125",
            2020,
            arxiv="1911.10137",
            pages="2263--2285",
        ),
        _r(
            "KMST20",
            ["Haim Kaplan", "Yishay Mansour", "Uri Stemmer", "Eliad Tsfadia"],
            "Private Learning of Halfspaces: Simplifying the Construction and Reducing the Sample Complexity",
            "Advances in Neural Information Processing Systems 33 (NeurIPS 2020)",
            2020,
            pages="13976--13985",
        ),
        _r(
            "CLNSS23",
            ["Edith Cohen", "Xin Lyu", "Jelani Nelson", "Tamás Sarlós", "Uri Stemmer"],
            "Optimal Differentially Private Learning of Thresholds and Quasi-Concave Optimization",
            "ACM Symposium on Theory of Computing (STOC)",
            2023,
            arxiv="2211.06387",
            pages="472--482",
        ),
        _r(
            "Ste24",
            ["Uri Stemmer"],
            "Private Truly-Everlasting Robust-Prediction",
            "International Conference on Machine Learning (ICML), PMLR 235",
            2024,
            arxiv="2401.04311",
        ),
        # --- classical learning theory, geometry and exact arithmetic
        _r(
            "Cov65",
            ["Thomas M. Cover"],
            "Geometrical and Statistical Properties of Systems of Linear Inequalities with Applications in "
            "Pattern Recognition",
            "IEEE Transactions on Electronic Computers EC-14(3)",
            1965,
            pages="326--334",
            entry_type="article",
        ),
        _r(
            "Riv87",
            ["Ronald L. Rivest"],
            "Learning Decision Lists",
            "Machine Learning 2(3)",
            1987,
            pages="229--246",
            entry_type="article",
        ),
        _r(
            "Lit88",
            ["Nick Littlestone"],
            "Learning Quickly When Irrelevant Attributes Abound: A New Linear-Threshold Algorithm",
            "Machine Learning 2(4)",
            1988,
            pages="285--318",
            entry_type="article",
        ),
        _r(
            "Edm67",
            ["Jack Edmonds"],
            "Systems of Distinct Representatives and Linear Algebra",
            "Journal of Research of the National Bureau of Standards 71B(4)",
            1967,
            pages="241--245",
            entry_type="article",
        ),
        _r(
            "Bar68",
            ["Erwin H. Bareiss"],
            "Sylvester's Identity and Multistep Integer-Preserving Gaussian Elimination",
            "Mathematics of Computation 22(103)",
            1968,
            pages="565--578",
            entry_type="article",
        ),
        _r(
            "Bla77",
            ["Robert G. Bland"],
            "New Finite Pivoting Rules for the Simplex Method",
            "Mathematics of Operations Research 2(2)",
            1977,
            pages="103--107",
            entry_type="article",
        ),
        _r(
            "DOW55",
            ["George B. Dantzig", "Alex Orden", "Philip Wolfe"],
            "The Generalized Simplex Method for Minimizing a Linear Form under Linear Inequality Restraints",
            "Pacific Journal of Mathematics 5(2)",
            1955,
            pages="183--195",
            entry_type="article",
        ),
        _r(
            "DB16",
            ["Steven Diamond", "Stephen Boyd"],
            "CVXPY: A Python-Embedded Modeling Language for Convex Optimization",
            "Journal of Machine Learning Research 17(83)",
            2016,
            pages="1--5",
            entry_type="article",
        ),
        _r(
            "DWWZK18",
            ["Zeyu Ding", "Yuxin Wang", "Guanhong Wang", "Danfeng Zhang", "Daniel Kifer"],
            "Detecting Violations of Differential Privacy",
            "Proceedings of the 2018 ACM SIGSAC Conference on Computer and Communications Security (CCS)",
            2018,
            arxiv="1805.10277",
            pages="475--489",
        ),
    ]
)

#: claim-id prefix (the short paper name used in claim ids) -> key of the implemented paper
PAPER_KEYS: dict[str, str] = {"shrinkage": "Yan26", "everlasting": "NNSY23", "winnow": "BF26", "vc1": "Yan25"}


def _entry(key: str) -> Reference:
    if not isinstance(key, str):
        raise TypeError(f"key must be a str, got {type(key).__name__}")
    try:
        return REFERENCES[key]
    except KeyError:
        raise UnknownCitation(f"key: unknown citation key {key!r}; known: {', '.join(REFERENCES)}") from None


@checked
def cite(key: str, statement: str | None = None) -> str:
    """The in-text citation ``[key]`` or ``[key] statement``.

    Parameters
    ----------
    key : str
        A key of :data:`REFERENCES`.
    statement : str, optional
        The statement cited, as the paper labels it (``"Claim 13"``, ``"Lemma 4.2"``).

    Returns
    -------
    str
        ``"[key]"`` or ``"[key] statement"``.

    Raises
    ------
    KeyError
        If ``key`` is not in the bibliography.
    """
    ref = _entry(key)
    return f"[{ref.key}]" if not statement else f"[{ref.key}] {statement}"


def _authors_text(authors: tuple[str, ...]) -> str:
    if len(authors) <= 2:
        return " and ".join(authors)
    return ", ".join(authors[:-1]) + ", and " + authors[-1]


@checked
def full_citation(key: str) -> str:
    """The full reference as one line of text (authors. title. venue, year. arXiv id).

    Parameters
    ----------
    key : str
        A key of :data:`REFERENCES`.

    Returns
    -------
    str
        E.g. ``"Chao Yan. Private Prediction via Shrinkage. Manuscript, 2026. arXiv:2602.05219."``
    """
    r = _entry(key)
    title = r.title if r.title[-1] in "?!" else r.title + "."
    text = f"{_authors_text(r.authors)}. {title} {r.venue}, {r.year}"
    if r.pages:
        text += f", pp. {r.pages.replace('--', '–')}"
    text += "."
    if r.arxiv:
        text += f" arXiv:{r.arxiv}."
    return text


def _bibtex_entry(r: Reference) -> str:
    venue_field = {"article": "journal", "inproceedings": "booktitle"}.get(r.entry_type, "howpublished")
    fields = [
        ("author", " and ".join(r.authors)),
        ("title", "{" + r.title + "}"),
        (venue_field, r.venue),
        ("year", str(r.year)),
    ]
    if r.pages:
        fields.append(("pages", r.pages))
    if r.arxiv:
        fields += [("eprint", r.arxiv), ("archiveprefix", "arXiv")]
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
    return f"@{r.entry_type}{{{r.key},\n{body}\n}}\n"


def to_bibtex() -> str:
    """The whole bibliography as BibTeX (the content of ``docs/references.bib``).

    Returns
    -------
    str
        One entry per key of :data:`REFERENCES`, in table order.
    """
    head = "% Generated from geoprivate/_papers.py by geoprivate._papers.to_bibtex(); do not edit by hand.\n\n"
    return head + "\n".join(_bibtex_entry(r) for r in REFERENCES.values())


if __name__ == "__main__":  # pragma: no cover - regenerate docs/references.bib
    import pathlib

    out = pathlib.Path(__file__).resolve().parents[1] / "docs" / "references.bib"
    out.write_text(to_bibtex(), encoding="utf-8")
    print(out)
