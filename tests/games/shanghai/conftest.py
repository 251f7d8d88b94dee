"""Helpers for the Shanghai tests: stacked deals in a few words."""

from __future__ import annotations

import pytest

from cardtable import load_variant


@pytest.fixture(scope="session")
def classic():
    return load_variant("shanghai-classic")
