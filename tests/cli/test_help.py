"""Every command's --help is plain text with a help line for every flag and examples (issue #30 item 7)."""

import argparse
import re

import pytest

from geoprivate.cli import build_parser

#: reStructuredText a terminal would show raw: ``literals`` and :role:`targets`
RST = re.compile(r"``|:(?:mod|func|class|meth|attr|data|obj|exc|ref|doc):`")


def _parsers(parser, prefix=("geoprivate",)):
    yield prefix, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, prefix + (name,))


PARSERS = list(_parsers(build_parser()))


@pytest.mark.parametrize("prefix, parser", PARSERS, ids=[" ".join(p) for p, _ in PARSERS])
def test_every_action_has_plain_help(prefix, parser):
    for action in parser._actions:
        if action.help is argparse.SUPPRESS:
            continue
        name = "/".join(action.option_strings) or action.dest
        assert action.help and action.help.strip(), f"{' '.join(prefix)}: {name} has no help"
        assert not RST.search(action.help), f"{' '.join(prefix)}: {name}'s help has RST markup: {action.help!r}"
    text = parser.format_help()
    assert not RST.search(text), f"{' '.join(prefix)} --help shows reStructuredText"


@pytest.mark.parametrize(
    "prefix, parser",
    [
        (p, q)
        for p, q in PARSERS
        if len(p) >= 2 and not any(isinstance(a, argparse._SubParsersAction) for a in q._actions)
    ],
    ids=lambda v: " ".join(v) if isinstance(v, tuple) else "",
)
def test_every_command_has_examples_in_its_epilog(prefix, parser):
    assert parser.epilog and "examples:" in parser.epilog, f"{' '.join(prefix)} has no examples"
    assert " ".join(prefix[:2]) in parser.epilog


def test_usage_lines_are_not_run_together():
    """The description keeps its line breaks (RawDescriptionHelpFormatter): a bullet starts its own line."""
    everlasting = {" ".join(p): q for p, q in PARSERS}["geoprivate everlasting"]
    assert "\n* private (the default)" in everlasting.format_help()
