"""Cross-checks against the widely used riichi libraries on the same random hands.

Complete means the same thing in all of them: a standard shape, seven distinct
pairs, or thirteen orphans; a tile whose four copies the hand already holds is
never a wait. The peers:

* ``mahjong`` (``Agari.is_agari``; waits as a 34-tile loop over it, skipping
  tiles held four times) - required for this module;
* ``riichienv`` (``calculate_shanten(ids136) == -1``) - skipped if missing;
* ``xiangting`` (``calculate_necessary_tiles``) - skipped if missing.

On xiangting and four-held tiles: its replacement number (shanten + 1) already
treats a tile held four times as unobtainable. A 13-tile hand whose only
completing tile is held four times (``1111m123p456p789p``) gets replacement
number 2, not 1, and for a tenpai hand the necessary-tiles mask leaves such
tiles out (``88m88889999p999s`` waits on 7p only, though a fifth 8p would fit).
That is exactly our rule, so the comparison is strict in both directions: our
mask is non-zero iff xiangting says tenpai, and then the masks are equal. A
naive loop over ``is_agari`` *without* the four-held check would differ from
both on such hands; the table below pins them.

``MJSCORE_PEER_ROWS`` (default 100,000) sets the size of the completeness batch.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

import numpy as np
import pytest

import mjscore
from mjscore.rows.sample import near_complete_hands, random_complete_hands, random_draws, remove_one_tile
from mjscore.core.tile import format_tiles, parse_tiles

Agari = pytest.importorskip("mahjong.agari").Agari

pytestmark = pytest.mark.peer

ROWS = int(os.environ.get("MJSCORE_PEER_ROWS", "100000"))
WAIT_ROWS = max(2000, ROWS // 20)
SHOWN = 5  # mismatching rows quoted in a failure message


def _mixed_batch(rows: int) -> np.ndarray:
    """Complete hands (with seven pairs and orphans), near misses and random draws."""
    complete = rows * 4 // 10
    near = rows * 3 // 10
    return np.concatenate([
        random_complete_hands(complete, seed=101, seven_pairs=0.1, orphans=0.05),
        near_complete_hands(near, seed=102),
        random_draws(rows - complete - near, seed=103),
    ])


def _wait_batch(rows: int) -> np.ndarray:
    """13-tile rows: tenpai ones from complete hands, mostly 1-shanten ones from near misses."""
    half = rows // 2
    return np.concatenate([
        remove_one_tile(random_complete_hands(half, seed=201, seven_pairs=0.1, orphans=0.05), seed=202),
        remove_one_tile(near_complete_hands(rows - half, seed=203), seed=204),
    ])


@pytest.fixture(scope="module")
def mixed() -> np.ndarray:
    return _mixed_batch(ROWS)


@pytest.fixture(scope="module")
def thirteen() -> np.ndarray:
    return _wait_batch(WAIT_ROWS)


def _ids136(counts: Sequence[int]) -> list[int]:
    return [t * 4 + k for t in range(34) for k in range(counts[t])]


def _tiles(mask: int) -> str:
    return format_tiles([(int(mask) >> t) & 1 for t in range(34)]) or "-"


def _agari_waits(counts: Sequence[int], agari: Agari) -> int:
    trial, mask = list(counts), 0
    for t in range(34):
        if trial[t] < 4:
            trial[t] += 1
            if agari.is_agari(trial):
                mask |= 1 << t
            trial[t] -= 1
    return mask


def _assert_rows_agree(rows: np.ndarray, ours: np.ndarray, theirs: np.ndarray, peer: str,
                       show: Callable[[object], str] = str) -> None:
    bad = np.flatnonzero(ours != theirs)
    if bad.size:
        lines = [f"row {i} {format_tiles(rows[i])}: mjscore {show(ours[i])}, {peer} {show(theirs[i])}"
                 for i in bad[:SHOWN]]
        pytest.fail(f"{bad.size} of {len(rows)} rows differ from {peer}:\n" + "\n".join(lines))


def test_batch_mixes_complete_and_incomplete(mixed):
    share = mjscore.is_complete_many(mixed).mean()
    assert 0.39 < share < 0.5  # 40% complete by construction, plus the near misses that stay complete


def test_is_complete_matches_mahjong_agari(mixed):
    agari = Agari()
    theirs = np.array([agari.is_agari(row) for row in mixed.tolist()], dtype=bool)
    _assert_rows_agree(mixed, mjscore.is_complete_many(mixed), theirs, "mahjong Agari.is_agari")


def test_waits_match_mahjong_agari_loop(thirteen):
    agari = Agari()
    theirs = np.array([_agari_waits(row, agari) for row in thirteen.tolist()], dtype=np.uint64)
    ours = mjscore.waits_many(thirteen)
    assert ours.dtype == np.uint64
    _assert_rows_agree(thirteen, ours, theirs, "a loop over mahjong Agari.is_agari", _tiles)


def test_is_complete_matches_riichienv_shanten(mixed):
    riichienv = pytest.importorskip("riichienv")
    theirs = np.array([riichienv.calculate_shanten(_ids136(row)) == -1 for row in mixed.tolist()])
    _assert_rows_agree(mixed, mjscore.is_complete_many(mixed), theirs, "riichienv calculate_shanten == -1")


def _xiangting(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    xiangting = pytest.importorskip("xiangting")
    found = [xiangting.calculate_necessary_tiles(row, xiangting.PlayerCount.FOUR) for row in rows.tolist()]
    return (np.array([rn for rn, _ in found], dtype=np.int64),
            np.array([mask for _, mask in found], dtype=np.uint64))


def test_waits_match_xiangting_necessary_tiles(thirteen):
    replacement, necessary = _xiangting(thirteen)
    ours = mjscore.waits_many(thirteen)
    tenpai = replacement == 1
    assert 0.3 < tenpai.mean() < 0.9  # both kinds of row are present
    # Replacement number 1 (tenpai) exactly when we find a wait ...
    _assert_rows_agree(thirteen, ours != 0, tenpai, "xiangting replacement number == 1")
    # ... and on those rows the wait masks are the same.
    rows = np.flatnonzero(tenpai)
    _assert_rows_agree(thirteen[rows], ours[rows], necessary[rows], "xiangting necessary tiles", _tiles)


# Hands where four-held tiles, quads among pairs or unusual shapes could split the peers.
# (hand, complete?) for 14 tiles; (hand, our waits) for 13.
EDGE_COMPLETE = [
    pytest.param("1111m22p33p44p55p66p", False, id="quad-is-not-two-of-seven-pairs"),
    pytest.param("11m22p33p44p55p66p77p", True, id="seven-pairs"),
    pytest.param("11223344556677m", True, id="seven-pairs-also-standard"),
    pytest.param("19m19p19s1234567z1z", True, id="thirteen-orphans"),
    pytest.param("19m19p19s123456z77z", True, id="thirteen-orphans-dragon-pair"),
    pytest.param("1111m2222m3333m44m", True, id="three-quads-as-sequences"),
    pytest.param("11119999m1111z22z", False, id="quads-unusable"),
    pytest.param("11122233388899m", True, id="nine-gates-like"),
]
EDGE_WAITS = [
    pytest.param("1111m123p456p789p", "", id="only-wait-held-four-times"),
    pytest.param("88m88889999p999s", "7p", id="one-of-two-waits-held-four-times"),
    pytest.param("1111m2m456p789p11s", "3m", id="quad-plus-edge"),
    pytest.param("1111222233334m", "45m", id="quads-in-one-suit"),
    pytest.param("19m19p19s1234567z", "19m19p19s1234567z", id="thirteen-sided"),
    pytest.param("1111m22p33p44p55p6p", "", id="quad-among-pairs"),
    pytest.param("1112345678999m", "123456789m", id="nine-gates"),
]


def _row(text: str) -> np.ndarray:
    return np.array([parse_tiles(text)], dtype=np.uint8)


@pytest.mark.parametrize(("hand", "complete"), EDGE_COMPLETE)
def test_edge_complete(hand, complete):
    row = _row(hand)
    assert bool(mjscore.is_complete_many(row)[0]) is complete
    assert Agari().is_agari(row[0].tolist()) is complete
    riichienv = pytest.importorskip("riichienv")
    assert (riichienv.calculate_shanten(_ids136(row[0].tolist())) == -1) is complete


@pytest.mark.parametrize(("hand", "waits"), EDGE_WAITS)
def test_edge_waits(hand, waits):
    row = _row(hand)
    expected = sum(1 << t for t, c in enumerate(parse_tiles(waits)) if c)
    assert int(mjscore.waits_many(row)[0]) == expected
    assert _agari_waits(row[0].tolist(), Agari()) == expected
    replacement, necessary = _xiangting(row)
    assert (int(replacement[0]) == 1) is bool(expected)
    if expected:
        assert int(necessary[0]) == expected
