"""The examples in the installed package's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["mjscore", "mjscore.errors", "mjscore.tile", "mjscore.group", "mjscore.hand", "mjscore.bulk_scoring",
           "mjscore.payments", "mjscore.scoring", "mjscore.rules",
           "mjscore.notation", "mjscore.decompose", "mjscore.bulk", "mjscore.sample", "mjscore.special_samples",
           "mjscore.distances", "mjscore.near_misses", "mjscore.shanten", "mjscore.useful_tiles"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
    if name in ("mjscore", "mjscore.decompose", "mjscore.bulk", "mjscore.tile"):
        assert tried > 0
