"""The README's Python examples run and hold."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.mark.skipif(not README.exists(), reason="README not beside the tests")
def test_readme_examples() -> None:
    failures, tried = doctest.testfile(str(README), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried > 5 and failures == 0
