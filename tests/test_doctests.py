"""The examples in the installed package's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["mjscore", "mjscore.core.errors", "mjscore.core.tile", "mjscore.core.group", "mjscore.core.hand", "mjscore.score.bulk_scoring",
           "mjscore.rules.payments", "mjscore.score.scoring", "mjscore.rules",
           "mjscore.core.notation", "mjscore.decompose.decompose", "mjscore.decompose.bulk", "mjscore.rows.sample", "mjscore.distances.samples",
           "mjscore.distances.distances", "mjscore.distances.near_misses", "mjscore.shanten.shanten", "mjscore.shanten.useful_tiles", "mjscore.score.waits"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
    if name in ("mjscore", "mjscore.decompose.decompose", "mjscore.decompose.bulk", "mjscore.core.tile", "mjscore.score.waits"):
        assert tried > 0
