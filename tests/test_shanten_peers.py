"""Shanten and useful tiles against the ``mahjong`` package and ``xiangting`` (the
benchmark extras; each test skips when its peer is not installed).

Where the definitions coincide - concealed hands of 13 or 14 tiles, the minimum over
standard, seven pairs and thirteen orphans, a tile held four times never counted on -
the answers must be equal on every row: ``mahjong``'s
``Shanten.calculate_shanten(tiles_34)``, ``xiangting``'s replacement number minus one,
and ``xiangting``'s necessary tiles (the tiles that lower the replacement number) as our
useful-tile mask. ``MJSCORE_PEER_ROWS`` (default 100,000) sets the batch size.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

import mjscore
from mjscore.rows.sample import near_complete_hands, random_complete_hands, random_draws, remove_one_tile
from mjscore.core.tile import format_tiles

pytestmark = pytest.mark.peer

ROWS = int(os.environ.get("MJSCORE_PEER_ROWS", "100000"))
DISCARD_ROWS = max(500, ROWS // 50)
SHOWN = 5


def _fourteen(rows: int, seed: int) -> np.ndarray:
    """Random draws (mostly far from ready), near misses, and complete hands of each form."""
    far = rows // 2
    near = rows * 3 // 10
    return np.concatenate([
        random_draws(far, seed=seed),
        near_complete_hands(near, seed=seed + 1),
        random_complete_hands(rows - far - near, seed=seed + 2, seven_pairs=0.2, orphans=0.1),
    ])


@pytest.fixture(scope="module")
def fourteen() -> np.ndarray:
    return _fourteen(ROWS, seed=301)


@pytest.fixture(scope="module")
def thirteen(fourteen: np.ndarray) -> np.ndarray:
    return remove_one_tile(fourteen, seed=302)


def _assert_equal(rows: np.ndarray, ours: np.ndarray, theirs: np.ndarray, what: str) -> None:
    bad = np.flatnonzero(ours != theirs)
    shown = "; ".join(f"{format_tiles(rows[i])}: ours {ours[i]}, {what} {theirs[i]}" for i in bad[:SHOWN])
    assert not len(bad), f"{len(bad)} of {len(rows)} rows differ from {what}: {shown}"


@pytest.mark.parametrize("size", [13, 14])
def test_shanten_equals_mahjong(size: int, thirteen: np.ndarray, fourteen: np.ndarray) -> None:
    shanten_class = pytest.importorskip("mahjong.shanten").Shanten
    rows = thirteen if size == 13 else fourteen
    theirs = np.array([shanten_class.calculate_shanten(row) for row in rows.tolist()])
    ours = mjscore.shanten_many(rows)
    _assert_equal(rows, ours, theirs, "mahjong Shanten.calculate_shanten")
    assert set(ours.tolist()) >= ({-1, 0, 1, 2, 3} if size == 14 else {0, 1, 2, 3})


@pytest.mark.parametrize("form", ["standard", "seven-pairs", "thirteen-orphans"])
def test_each_form_equals_mahjong(form: str, thirteen: np.ndarray) -> None:
    shanten_class = pytest.importorskip("mahjong.shanten").Shanten
    rows = thirteen[: max(2000, ROWS // 10)]
    method = {"standard": shanten_class.calculate_shanten_for_regular_hand,
              "seven-pairs": shanten_class.calculate_shanten_for_chiitoitsu_hand,
              "thirteen-orphans": shanten_class.calculate_shanten_for_kokushi_hand}[form]
    theirs = np.array([method(row) for row in rows.tolist()])
    _assert_equal(rows, mjscore.shanten_many(rows, forms=form), theirs, f"mahjong ({form})")


@pytest.mark.parametrize("size", [13, 14])
def test_shanten_equals_xiangting(size: int, thirteen: np.ndarray, fourteen: np.ndarray) -> None:
    xiangting = pytest.importorskip("xiangting")
    rows = thirteen if size == 13 else fourteen
    four = xiangting.PlayerCount.FOUR
    theirs = np.array([xiangting.calculate_replacement_number(row, four) - 1 for row in rows.tolist()])
    _assert_equal(rows, mjscore.shanten_many(rows), theirs, "xiangting replacement number - 1")


def test_useful_tiles_equal_xiangting_necessary_tiles(thirteen: np.ndarray) -> None:
    xiangting = pytest.importorskip("xiangting")
    four = xiangting.PlayerCount.FOUR
    theirs = [xiangting.calculate_necessary_tiles(row, four) for row in thirteen.tolist()]
    found = mjscore.useful_tiles_many(thirteen)
    _assert_equal(thirteen, found.shanten, np.array([rn - 1 for rn, _ in theirs]), "xiangting (shanten)")
    _assert_equal(thirteen, found.mask, np.array([mask for _, mask in theirs], dtype=np.uint64),
                  "xiangting necessary tiles")


def test_per_discard_equals_xiangting_after_each_discard(fourteen: np.ndarray) -> None:
    xiangting = pytest.importorskip("xiangting")
    four = xiangting.PlayerCount.FOUR
    rows = fourteen[:: max(1, len(fourteen) // DISCARD_ROWS)]
    found = mjscore.useful_tiles_many(rows)
    assert found.per_discard and (found.status == 0).all()
    for i, row in enumerate(rows.tolist()):
        for d in range(34):
            if not row[d]:
                assert found.shanten[i, d] == 127
                continue
            row[d] -= 1
            rn, mask = xiangting.calculate_necessary_tiles(row, four)
            row[d] += 1
            assert (found.shanten[i, d], int(found.mask[i, d])) == (rn - 1, mask), (format_tiles(rows[i]), d)
