"""mjscore.compat.mahjong against the ``mahjong`` package, per call on the same hands (issue 11 item 6).

Each group times one Python call per hand, ours and the library's, on the same
``COMPAT_HANDS`` hands given as lists of 34 counts (the library's usual input), in the
same run:

* ``compat:is_agari[W]``, ``compat:is_agari[R]`` - ``Agari.is_agari`` on complete
  hands and on random 14-tile draws;
* ``compat:calculate_shanten[R13]``, ``compat:calculate_shanten[T]`` -
  ``Shanten.calculate_shanten`` on random 13-tile draws and on ready hands;
* ``compat:divide_hand[W]`` - ``HandDivider.divide_hand`` on complete hands;
  ``compat:divide_hand[melds]`` - on complete hands with one to four sets declared
  (``Meld`` objects; the library's for the library, ours for ours).

The library memoises its division of a concealed part (``lru_cache(maxsize=128)``);
the hands here are distinct and cycled in order, so it misses, as on the hands of a
real game. Our side is ``mjscore-cython`` or ``mjscore-python`` (the backend in use).

The targets (ours at least 10x the library in each group) are in ``conftest.TARGETS``;
the summary's "hands/s by operation" lines show both sides of every group. On the compiled
backend ``is_agari`` and ``divide_hand`` are a few C calls (:mod:`mjscore.compat._fast_calls`):
the library turns most random draws (``is_agari[R]``) down after a few bit operations in
about 0.5 us, so what is measured there is mostly the cost of a call from Python; and
``divide_hand`` builds the library's fresh nested lists in C.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import mjscore
from mjscore._backend import kernel
from mjscore.compat import mahjong as compat
from mjscore.rows.sample import random_draws, remove_one_tile

COMPAT_HANDS = 2_000
"""Hands per group (the library takes about 5-60 us a call)."""
OURS = f"mjscore-{mjscore.BACKEND}"


@pytest.fixture(scope="module")
def hands(corpus: Any) -> dict[str, list[list[int]]]:
    n = COMPAT_HANDS
    return {"W": corpus.W[:n].tolist(), "R": corpus.R[:n].tolist(), "T": corpus.T[:n].tolist(),
            "R13": remove_one_tile(random_draws(n, seed=71), seed=72).tolist()}


def _melded(rows: list[list[int]], seed: int) -> list[tuple[list[int], list[tuple[str, list[int]]]]]:
    """Complete hands with 1-4 of their sets declared (chi, pon, or kan with the fourth tile added)."""
    rng = random.Random(seed)
    found = []
    for row in rows:
        row = list(row)
        groups = kernel.decompose(row)
        if not groups:
            continue  # seven pairs or thirteen orphans
        melds = []
        sets = [g for g in groups[0] if g[0] != 3]
        for kind, t in rng.sample(sets, rng.randint(1, len(sets))):
            if kind == 0:
                melds.append((compat.Meld.CHI, [t, t + 1, t + 2]))
            elif row[t] < 4 and rng.random() < 0.3:
                row[t] += 1
                melds.append((compat.Meld.KAN, [t] * 4))
            else:
                melds.append((compat.Meld.PON, [t] * 3))
        found.append((row, melds))
    return found


def _meld_objects(meld_class: Any, melds: list[tuple[str, list[int]]]) -> list[Any]:
    return [meld_class(meld_type=kind, tiles=[t * 4 + tiles[:i].count(t) for i, t in enumerate(tiles)])
            for kind, tiles in melds]


def _library() -> Any:
    pytest.importorskip("mahjong")
    from mahjong.agari import Agari
    from mahjong.hand_calculating.divider import HandDivider
    from mahjong.meld import Meld
    from mahjong.shanten import Shanten

    return type("Library", (), {"Agari": Agari, "Shanten": Shanten, "HandDivider": HandDivider, "Meld": Meld})


SIDES = ["mahjong", "mjscore"]


def _side(side: str, library: Any) -> Any:
    """The classes one side calls: the library's, or ours (named by the backend in use)."""
    return library if side == "mahjong" else compat


def _name(side: str) -> str:
    return "mahjong" if side == "mahjong" else OURS


@pytest.mark.parametrize("workload", ["W", "R"])
@pytest.mark.parametrize("side", SIDES)
def test_is_agari(measure: Any, hands: dict[str, list[list[int]]], workload: str, side: str) -> None:
    rows = hands[workload]
    library = _library()
    is_agari = _side(side, library).Agari.is_agari
    found = measure(f"compat:is_agari[{workload}]", _name(side), len(rows), lambda: [is_agari(h) for h in rows])
    assert found == [library.Agari.is_agari(h) for h in rows] and all(found) == (workload == "W")


@pytest.mark.parametrize("workload", ["R13", "T"])
@pytest.mark.parametrize("side", SIDES)
def test_calculate_shanten(measure: Any, hands: dict[str, list[list[int]]], workload: str, side: str) -> None:
    rows = hands[workload]
    library = _library()
    calculate_shanten = _side(side, library).Shanten.calculate_shanten
    found = measure(f"compat:calculate_shanten[{workload}]", _name(side), len(rows),
                    lambda: [calculate_shanten(h) for h in rows])
    assert found == [library.Shanten.calculate_shanten(h) for h in rows]
    assert (max(found) == 0) == (workload == "T")


@pytest.mark.parametrize("side", SIDES)
def test_divide_hand(measure: Any, hands: dict[str, list[list[int]]], side: str) -> None:
    rows = hands["W"]
    library = _library()
    divide_hand = _side(side, library).HandDivider.divide_hand
    found = measure("compat:divide_hand[W]", _name(side), len(rows), lambda: [divide_hand(h) for h in rows])
    assert found == [library.HandDivider.divide_hand(h) for h in rows] and all(found)


@pytest.mark.parametrize("side", SIDES)
def test_divide_hand_melds(measure: Any, hands: dict[str, list[list[int]]], side: str) -> None:
    library = _library()
    classes = _side(side, library)
    cases = [(tiles, _meld_objects(classes.Meld, melds)) for tiles, melds in _melded(hands["W"], seed=73)]
    divide_hand = classes.HandDivider.divide_hand
    found = measure("compat:divide_hand[melds]", _name(side), len(cases),
                    lambda: [divide_hand(t, m) for t, m in cases])
    assert found == [library.HandDivider.divide_hand(t, m) for t, m in cases] and all(found)
