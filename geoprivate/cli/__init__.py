"""Command line: ``geoprivate <command>``, one module of this package per command.

A command module defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int`` (the exit code); :func:`build_parser` discovers every public
module of this package, so adding a command is adding a file.  Argument types with
ranges live in :mod:`geoprivate.cli._args`.

Exit codes: 0 success, 1 a finding under ``--strict`` (``verify``), 2 bad arguments or
a crash (see each command's docstring).  Errors are one line on stderr, never a
traceback, unless ``--debug`` is given (before or after the command name).  Warnings
(e.g. a :class:`~geoprivate.privacy.warnings.PrivacyWarning` for parameters outside a
theorem) are counted while the command runs and printed at its end on stderr, one line
per distinct cause with its count (``geoprivate: PrivacyWarning ×744: …``;
:func:`~geoprivate.privacy.warnings.counted_warnings`), never in the middle of a progress
bar or of ``--json`` output.  A closed output pipe (``geoprivate ... | head``) ends the
command quietly (exit 0); a standard output that cannot be written (``> /dev/full``, a
closed descriptor) is one error line and exit 2, and nothing is printed after it.
``geoprivate --version`` prints the version.
"""

from geoprivate.cli._main import build_parser, main

__all__ = ["main", "build_parser"]
