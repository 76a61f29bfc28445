"""Test configuration: hypothesis is derandomised under CI (CI=true) so that a CI run is
reproducible; locally it explores new examples every run."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
