"""The README's Python examples run and hold."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import mjscore

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.mark.skipif(not README.exists(), reason="README not beside the tests")
@pytest.mark.skipif(mjscore.BACKEND != "cython", reason=(
    "the README's examples score batches of 100,000 rows (minutes on the reference): the "
    "compiled run checks them, and the backends agree on every call they make"))
def test_readme_examples() -> None:
    failures, tried = doctest.testfile(str(README), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried > 5 and failures == 0
