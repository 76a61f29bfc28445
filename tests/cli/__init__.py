"""Tests of geoprivate.cli: the commands, their flags, streams, exit codes and JSON."""
