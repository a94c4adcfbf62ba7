"""The kernel contract (see ``mjscore.decompose._reference``), run once per backend."""

from __future__ import annotations

import itertools
from types import ModuleType

import numpy as np
import pytest

from mjscore.core.group_codes import group_code, group_kind, group_tile
from mjscore.rows.codec import meld_tiles
from mjscore.core.tile import parse_tiles
from mjscore.decompose import _reference as reference

SEQ, TRI, QUAD, PAIR = 0, 1, 2, 3


def counts(text: str) -> tuple[int, ...]:
    return parse_tiles(text)


def mask(text: str) -> int:
    return sum(1 << t for t, c in enumerate(parse_tiles(text)) if c) if text else 0


# --------------------------------------------------------------------------- suits

@pytest.mark.parametrize("suit, key", [
    ([0] * 9, 0), ([1] + [0] * 8, 1), ([0] * 8 + [1], 5**8), ([4] * 9, 5**9 - 1),
    ([3, 1, 1, 1, 1, 1, 1, 1, 3], 3 + sum(5**r for r in range(1, 8)) + 3 * 5**8),
])
def test_suit_key_is_base_5(kernel: ModuleType, suit: list[int], key: int) -> None:
    assert kernel.suit_key(suit) == key


@pytest.mark.parametrize("suit, ways", [
    ("", [()]),
    ("111222333", [((SEQ, 0), (SEQ, 0), (SEQ, 0)), ((TRI, 0), (TRI, 1), (TRI, 2))]),
    ("11123", [((SEQ, 0), (PAIR, 0))]),
    ("1", []),
    ("12", []),
    ("1134", []),
    ("11122233344", [((SEQ, 0), (SEQ, 0), (SEQ, 0), (PAIR, 3)),
                     ((SEQ, 0), (SEQ, 1), (SEQ, 1), (PAIR, 0)),
                     ((TRI, 0), (TRI, 1), (TRI, 2), (PAIR, 3))]),
])
def test_suit_ways(kernel: ModuleType, suit: str, ways: list[tuple[tuple[int, int], ...]]) -> None:
    key = kernel.suit_key(counts(suit + "m" if suit else "")[:9])
    assert kernel.suit_ways(key) == tuple(ways)


def test_suit_ways_never_exceed_four_and_cover_their_counts(kernel: ModuleType) -> None:
    key = kernel.suit_key([4, 4, 4, 2, 0, 0, 0, 0, 0])
    for way in kernel.suit_ways(key):
        held = [0] * 9
        for kind, rank in way:
            for r in ([rank, rank + 1, rank + 2] if kind == SEQ else [rank] * (3 if kind == TRI else 2)):
                held[r] += 1
        assert held == [4, 4, 4, 2, 0, 0, 0, 0, 0]
    # 123 x4 + 44; 111 222 333 123 + 44; 11 + 123 123 234 234
    assert len(kernel.suit_ways(key)) == 3


def _suit_patterns() -> set[tuple[int, ...]]:
    """Every suit made of at most four sets (runs and pungs) and at most one pair, with
    no rank held more than four times: the patterns the compiled kernel's tables hold."""
    patterns = set()
    for n_sets in range(5):
        for sets in itertools.combinations_with_replacement(range(16), n_sets):
            base = [0] * 9
            for g in sets:  # 0-6: a run from rank g, 7-15: a pung of rank g - 7
                for r in ([g, g + 1, g + 2] if g < 7 else [g - 7] * 3):
                    base[r] += 1
            for pair in range(-1, 9):
                suit = list(base)
                if pair >= 0:
                    suit[pair] += 2
                if max(suit) <= 4:
                    patterns.add(tuple(suit))
    return patterns


def test_every_suit_pattern_finds_its_ways_and_no_other_suit_does(kernel: ModuleType) -> None:
    """Each of the 21,743 patterns is found with the reference's ways (the compiled
    kernel keeps them in a perfect hash built at load: a pattern it failed to place would
    not split), and a suit one tile past a pattern (of a hand's 14 tiles at most), which
    splits in no way, finds none."""
    patterns = _suit_patterns()
    assert len(patterns) == 21743
    for suit in patterns:
        assert kernel.suit_ways(kernel.suit_key(suit)) == reference.suit_ways(reference.suit_key(suit)), suit
        if suit[0] < 4 and sum(suit) < 14 and (suit[0] + 1, *suit[1:]) not in patterns:
            assert kernel.suit_ways(kernel.suit_key(suit) + 1) == (), suit


# ------------------------------------------------------------------ decompositions

@pytest.mark.parametrize("hand, expected", [
    ("123m456p789s11122z", [[(SEQ, 0), (SEQ, 12), (SEQ, 24), (TRI, 27), (PAIR, 28)]]),
    ("111222333m44455p", [[(SEQ, 0), (SEQ, 0), (SEQ, 0), (TRI, 12), (PAIR, 13)],
                          [(TRI, 0), (TRI, 1), (TRI, 2), (TRI, 12), (PAIR, 13)]]),
    ("11m", [[(PAIR, 0)]]),
    ("55z", [[(PAIR, 31)]]),
    ("12355m", [[(SEQ, 0), (PAIR, 4)]]),
    ("1122m3344p5566s77z", []),                  # seven pairs is not a standard shape
    ("19m19p19s12345677z", []),
    ("123m456p789s1112z", []),                   # 14 tiles, no pair of honours
])
def test_decompose(kernel: ModuleType, hand: str, expected: list[list[tuple[int, int]]]) -> None:
    assert kernel.decompose(counts(hand)) == tuple(tuple(d) for d in expected)


def test_decompose_finds_every_split_of_a_pure_suit(kernel: ModuleType) -> None:
    # 1112345678999m + 9m: the only split is 11 123 456 789 999 (groups sorted by kind).
    assert kernel.decompose(counts("11123456789999m")) == (
        ((SEQ, 0), (SEQ, 3), (SEQ, 6), (TRI, 8), (PAIR, 0)),)
    # 11122233344455m: several splits, each listed once, in sorted order.
    found = kernel.decompose(counts("11122233344455m"))
    assert len(found) == len(set(found)) >= 3 and tuple(sorted(found)) == found


# ------------------------------------------------------------------------ shapes

STANDARD, SEVEN_PAIRS, PAIRS_WITH_QUADS, ORPHANS, KNITTING, TRIPLE_KNITTING = 1, 2, 4, 8, 16, 32


@pytest.mark.parametrize("hand, flags", [
    ("123m456p789s11122z", STANDARD),
    ("1122m3344p5566s77z", SEVEN_PAIRS | PAIRS_WITH_QUADS),
    ("112233m445566p77z", STANDARD | SEVEN_PAIRS | PAIRS_WITH_QUADS),
    # seed 001 All Pair Terminals: "Kong is counted as two pairs if fully concealed"
    ("1111m99m1199p1199s", PAIRS_WITH_QUADS),
    ("19m19p19s12345677z", ORPHANS),            # thirteen orphans
    ("19m19p19s1234566z", 0),                   # near miss: 13 tiles
    ("119m19p19s1234566z", 0),                  # near miss: two pairs, no red dragon
    # seed 001 Knitting: "Any seven knitted pairs in any two suits"
    ("1234567m1234567p", KNITTING),             # also Gertie's Garter
    ("1134579m1134579s", KNITTING),
    ("1234567m1234568p", 0),                    # near miss: 7 against 8
    ("123456m123456p11z", STANDARD),            # near miss for knitting: honours
    # seed 001 Triple Knitting: "Four knitted Pungs plus a knitted pair"
    ("1234m1234p1234s5m5p", TRIPLE_KNITTING),
    ("1139m1139p1139s7p7s", TRIPLE_KNITTING),
    ("1234m1234p1234s5m6p", 0),                 # near miss: the pair's numbers differ
    ("1234m1234p1236s5m5p", 0),                 # near miss: a broken triplet
])
def test_shapes(kernel: ModuleType, hand: str, flags: int) -> None:
    assert kernel.shapes(counts(hand)) == flags


# ------------------------------------------------------------------------- waits

@pytest.mark.parametrize("hand, waits", [
    ("1112345678999m", "123456789m"),           # nine gates: all nine
    ("19m19p19s1234567z", "19m19p19s1234567z"),  # thirteen orphans, thirteen-sided
    ("19m19p19s1234566z", "7z"),
    ("1122m3344p5566s7z", "7z"),                # seven pairs, single wait
    ("123m456p789s1122z", "12z"),               # two pairs: either becomes the pung
    ("123m456p789s123z", ""),                   # no wait
    ("1111m345p678p999s", ""),                  # the fifth 1m does not exist
    ("1m", "1m"),
    ("23m", ""),                                # two tiles is not a waiting size
    ("1233m", "3m"),
    ("2345m", "25m"),
    ("1113m", "23m"),
])
def test_waits(kernel: ModuleType, hand: str, waits: str) -> None:
    assert kernel.waits(counts(hand)) == mask(waits)


# -------------------------------------------------------------- single is_complete

@pytest.mark.parametrize("value, expected", [
    (list(counts("123m456p789s11122z")), 1),
    (tuple(counts("123m456p789s11122z")), 1),
    (bytes(counts("123m456p789s11122z")), 1),
    (np.array(counts("123m456p789s11122z"), dtype=np.uint8), 1),
    (np.array(counts("123m456p789s11122z"), dtype=np.int64), 1),
    (np.array(counts("123m456p789s11122z"), dtype=np.int8), 1),
    (bytearray(counts("1122m3344p5566s77z")), 1),
    (list(counts("19m19p19s12345677z")), 1),
    (list(counts("1234567m1234567p")), 0),     # knitting is not "complete" without a rule set
    (list(counts("123m456p789s11123z")), 0),
    (list(counts("123m11z")), 1),               # melds declared elsewhere
    ([True] * 2 + [0] * 32, 0),
    ([5] + [0] * 33, -1),
    ([-1] + [0] * 33, -1),
    ([10**30] + [0] * 33, -1),
    (list(counts("123m456p789s1112z")) + [0], -4),
    ([0] * 33, -4),
    (list(counts("123m456p789s1122z")), -2),    # 13 tiles
    ([1.0] * 34, -4),
    (["1"] * 34, -4),
    ("1" * 34, -4),
    (None, -4),
    (42, -4),
    (np.zeros((2, 34), dtype=np.uint8), -4),
    (np.array(counts("123m456p789s11122z"), dtype=np.uint8)[::1].repeat(2)[::2], 1),  # strided
])
def test_is_complete_counts(kernel: ModuleType, value: object, expected: int) -> None:
    assert kernel.is_complete_counts(value) == expected


# -------------------------------------------------------------------------- bulk

def _batch(*hands: str) -> np.ndarray:
    return np.array([counts(h) for h in hands], dtype=np.uint8)


def test_bulk_functions_mark_bad_rows_and_compute_the_rest(kernel: ModuleType) -> None:
    batch = _batch("123m456p789s11122z", "123m456p789s1122z", "1122m3344p5566s77z", "11m")
    batch = np.vstack([batch, np.full((1, 34), 7, dtype=np.uint8)])
    out = np.zeros(5, np.uint8)
    status = np.full(5, 9, np.uint8)
    kernel.is_complete_many(batch, out, status)
    assert out.tolist() == [1, 0, 1, 1, 0]
    assert status.tolist() == [0, 2, 0, 0, 1]

    shape = np.zeros(5, np.uint8)
    kernel.shapes_many(batch, shape, status)
    assert shape.tolist() == [STANDARD, 0, SEVEN_PAIRS | PAIRS_WITH_QUADS, STANDARD, 0]

    number = np.zeros(5, np.int32)
    kernel.decomposition_count_many(batch, number, status)
    assert number.tolist() == [1, 0, 0, 1, 0]

    waits = np.zeros(5, np.uint64)
    kernel.waits_many(batch, waits, status)
    assert status.tolist() == [2, 0, 2, 2, 1]
    assert waits.tolist() == [0, mask("12z"), 0, 0, 0]


def test_decompose_many_flattens_every_row(kernel: ModuleType) -> None:
    batch = _batch("111222333m44455p", "123m456p789s1122z", "123m11z", "1122m3344p5566s77z")
    offsets, groups, status = kernel.decompose_many(batch)
    assert offsets.tolist() == [0, 2, 2, 3, 3]
    assert status.tolist() == [0, 2, 0, 0]
    assert groups.dtype == np.uint8 and groups.shape == (3, 5)
    assert groups[2].tolist() == [group_code(SEQ, 0), group_code(PAIR, 27), 0xFF, 0xFF, 0xFF]
    first = [tuple((group_kind(b), group_tile(b)) for b in row if b != 0xFF) for row in groups[:2].tolist()]
    assert tuple(first) == kernel.decompose(counts("111222333m44455p"))


def test_empty_batch(kernel: ModuleType) -> None:
    batch = np.zeros((0, 34), np.uint8)
    out, status = np.zeros(0, np.uint8), np.zeros(0, np.uint8)
    kernel.is_complete_many(batch, out, status)
    offsets, groups, status = kernel.decompose_many(batch)
    assert offsets.tolist() == [0] and groups.shape == (0, 5) and status.shape == (0,)


def test_cache_can_be_cleared_and_refills(kernel: ModuleType) -> None:
    kernel.clear_cache()
    assert kernel.cache_info()["suit_patterns"] == 0
    assert kernel.is_complete_counts(list(counts("123m456p789s11122z"))) == 1
    assert kernel.decompose(counts("111222333m44455p"))
    assert kernel.cache_info()["suit_patterns"] > 0


# ------------------------------------------------------------- the compiled single wait

def _held(counts: np.ndarray, melds: np.ndarray) -> np.ndarray:
    held = counts.astype(int)
    for code in melds[melds != 0xFF]:
        for tile in meld_tiles(int(code)):
            held[tile] += 1
    return held


def test_other_wait_agrees_with_the_full_wait_table() -> None:
    """``c_other_wait`` (the scorer's shortcut for hands with melds) against ``waits``:
    another kind, shown fewer than 4 times with the melds, completes the hand less the
    removed tile."""
    kernel = pytest.importorskip("mjscore.decompose._kernel")
    from mjscore.rows.sample import random_scoring_rows

    rows = random_scoring_rows(3000, seed=5, meld_share=0.5)
    checked = agreed_other = 0
    for counts, melds in zip(rows.counts, rows.melds):
        if not kernel.decompose(counts.tolist()):
            continue
        held = _held(counts, melds)
        for removed in np.flatnonzero(counts):
            before = counts.astype(int)
            before[removed] -= 1
            waits = kernel.waits(before.tolist())
            others = [t for t in range(34) if waits >> t & 1 and t != removed and held[t] < 4]
            assert kernel.other_wait(counts.tolist(), int(removed), held.tolist()) == bool(others), \
                (counts.tolist(), int(removed), others)
            checked += 1
            agreed_other += bool(others)
    assert checked > 10_000 and 0 < agreed_other < checked  # both answers were exercised


@pytest.mark.parametrize(("hand", "removed", "other"), [
    ("123m456p789s555m11z", "5m", True),   # less 5m: pairs of 5m and 1z, either pungs
    ("123m456p789s55m111z", "1z", True),   # the same from the honour side
    ("123m456p789s345m11z", "4m", False),  # 35m waits on the middle 4m alone
    ("123m456p789s345m11z", "3m", True),   # 45m waits on 3m and 6m
    ("123m456p789s789m11z", "7m", False),  # 89m waits on the edge 7m alone
    ("123m456p789s234s11z", "1z", False),  # a lone honour pairs only with itself
])
def test_other_wait_examples(hand: str, removed: str, other: bool) -> None:
    kernel = pytest.importorskip("mjscore.decompose._kernel")
    counts = parse_tiles(hand)
    tile = parse_tiles(removed).index(1)
    assert kernel.other_wait(counts, tile, counts) == other


def test_other_wait_rejects_a_tile_not_held() -> None:
    kernel = pytest.importorskip("mjscore.decompose._kernel")
    with pytest.raises(ValueError, match="removed"):
        kernel.other_wait(parse_tiles("123m456p789s345m11z"), 30, parse_tiles("123m456p789s345m11z"))
