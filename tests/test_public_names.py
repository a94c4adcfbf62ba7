"""The public names keep working whatever folder their module moved to (issue 29 item 1).

``DESIGN.md``'s "Public API" table is the contract other programs rely on; the
package's folders (``core/``, ``decompose/``, ``score/``, ...) are not. So the names
are checked where users reach them: on ``mjscore`` itself, in ``mjscore.rules`` and
in the drop-in ``mjscore.compat.mahjong``. The C API (``from mjscore._kernel cimport
...``) is checked by ``test_cimport.py``.
"""

from __future__ import annotations

import types

import pytest

import mjscore

DESIGN_NAMES = (
    "parse", "score", "Score", "decompositions", "is_complete", "waits", "is_complete_many",
    "score_many", "rulesets", "load_rules", "settle", "BACKEND", "Scorer", "shanten",
    "shanten_many", "useful_tiles", "useful_tiles_many", "distances", "distances_many",
    "near_misses",
)
"""The names of DESIGN.md's public API table that live on the package."""


@pytest.mark.parametrize("name", DESIGN_NAMES)
def test_each_name_of_the_design_is_on_the_package(name: str) -> None:
    assert name in mjscore.__all__
    value = getattr(mjscore, name)
    assert not isinstance(value, types.ModuleType), f"mjscore.{name} is a module, not the documented call"


def test_every_name_the_package_exports_is_there() -> None:
    missing = [name for name in mjscore.__all__ if not hasattr(mjscore, name)]
    assert not missing


def test_the_rules_package_keeps_its_names() -> None:
    from mjscore.rules import RULES_DIR, RuleSet, load_rules, rulesets

    assert load_rules is mjscore.load_rules and rulesets is mjscore.rulesets
    assert isinstance(load_rules("babcock"), RuleSet)
    assert (RULES_DIR / "babcock.toml").is_file()


def test_the_drop_in_module_keeps_its_names() -> None:
    from mjscore.compat.mahjong import Agari, HandDivider, Shanten

    counts = list(mjscore.parse("123m 456p 789s 111z 55z").counts)
    assert Agari().is_agari(counts) is True
    assert Shanten().calculate_shanten(counts) == Shanten.AGARI_STATE
    assert HandDivider().divide_hand(counts)


def test_the_sample_module_is_still_reached_from_the_package() -> None:
    counts = mjscore.sample.random_complete_hands(8, seed=1)
    assert counts.shape == (8, 34) and mjscore.is_complete_many(counts).all()
