"""The row codec (``mjscore.rows.codec``): meld bytes, sentinels, context words, hands to rows and back."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import mjscore
from mjscore import InvalidContextError, InvalidHandError, Meld, Tile, WinContext
from mjscore.core.context import CONTEXT_KEYWORDS, FLAG_KEYWORDS, REPLACEMENT_FLAGS, Flag
from mjscore.core.group import GroupKind
from mjscore.core.group_codes import PAIR, group_code
from mjscore.rows.codec import (CHOW, CONCEALED_KONG, KONG, MELDS_PER_ROW, NO_MELD, PUNG, REPLACEMENT_WORDS,
                          REPLACEMENTS, ROW_KEYWORDS, UNKNOWN_TILE, context_of_row, hand_arrays,
                          hand_of_row, meld_byte, meld_bytes, meld_codes, meld_of, meld_tiles,
                          replacement_code, row_of, row_sizes)
from mjscore.rows.sample import random_scoring_rows


def _every_meld() -> list[Meld]:
    chows = [Meld(GroupKind.SEQUENCE, Tile(t)) for t in range(27) if t % 9 <= 6]
    alike = [Meld(kind, tile) for kind in (GroupKind.TRIPLET, GroupKind.QUAD) for tile in Tile]
    return chows + alike + [Meld(GroupKind.QUAD, tile, concealed=True) for tile in Tile]


EVERY_MELD = _every_meld()


def test_every_meld_has_its_own_byte_and_reads_back() -> None:
    codes = [meld_byte(meld) for meld in EVERY_MELD]
    assert len(set(codes)) == len(EVERY_MELD) == 21 + 34 * 3
    assert NO_MELD not in codes
    for meld, code in zip(EVERY_MELD, codes):
        assert meld_of(code) == meld
        assert meld_tiles(code) == meld.tiles


def test_the_kinds_are_the_documented_bytes() -> None:
    assert meld_byte(Meld.from_str("789s")) == group_code(CHOW, Tile.S7)
    assert meld_byte(Meld.from_str("777z")) == group_code(PUNG, Tile.RED)
    assert meld_byte(Meld.from_str("1111z")) == group_code(KONG, Tile.EAST)
    assert meld_byte(Meld.from_str("9999p", concealed=True)) == group_code(CONCEALED_KONG, Tile.P9)
    assert (CHOW, PUNG, KONG, CONCEALED_KONG, NO_MELD, MELDS_PER_ROW) == (0, 1, 2, 6, 0xFF, 4)
    assert meld_tiles(group_code(PAIR, Tile.RED)) is None  # a pair is a group, but no meld


def test_bytes_that_are_no_meld_are_refused() -> None:
    known = {meld_byte(meld) for meld in EVERY_MELD}
    for code in set(range(256)) - known:
        assert meld_tiles(code) is None, code
        with pytest.raises(InvalidHandError):
            meld_of(code)


def test_meld_bytes_pad_with_no_meld() -> None:
    assert meld_bytes(()) == bytes([NO_MELD] * 4)
    melds = (Meld.from_str("123m"), Meld.from_str("5555s", concealed=True))
    assert meld_bytes(melds) == bytes([meld_byte(melds[0]), meld_byte(melds[1]), NO_MELD, NO_MELD])


def test_meld_codes_is_meld_byte_over_arrays() -> None:
    kinds = np.array([CHOW if m.kind is GroupKind.SEQUENCE else CONCEALED_KONG if m.concealed
                      else PUNG if m.kind is GroupKind.TRIPLET else KONG for m in EVERY_MELD])
    tiles = np.array([int(m.first) for m in EVERY_MELD])
    codes = meld_codes(kinds, tiles)
    assert codes.dtype == np.uint8
    assert codes.tolist() == [meld_byte(m) for m in EVERY_MELD]


def test_row_sizes_count_a_meld_as_three() -> None:
    rows = random_scoring_rows(200, seed=4)
    assert row_sizes(rows.counts, rows.melds).tolist() == [14] * 200
    assert row_sizes(rows.counts, None).tolist() == (14 - 3 * (rows.melds != 0xFF).sum(axis=1)).tolist()


@pytest.mark.parametrize(("value", "code"), [
    (None, 0), (False, 0), (True, 1), (0, 0), (1, 1), (2, 2), (np.int64(2), 2), ("kong", 1), ("bonus", 2),
    (" Kong ", 1), ("BONUS", 2), ("none", 0), ("true", 1), ("false", 0),
])
def test_replacement_code_reads_every_form(value: object, code: int) -> None:
    assert replacement_code(value) == code


@pytest.mark.parametrize("value", ["flower", 3, -1, 1.0, "", [1]], ids=repr)
def test_replacement_code_refuses_the_rest(value: object) -> None:
    with pytest.raises(InvalidContextError, match="replacement must be None, 'kong' or 'bonus'"):
        replacement_code(value)


def test_replacement_codes_are_the_contexts_words() -> None:
    assert REPLACEMENTS == (None, "kong", "bonus")
    assert REPLACEMENT_WORDS.tolist() == [REPLACEMENT_FLAGS[r] for r in REPLACEMENTS]
    for code, replacement in enumerate(REPLACEMENTS):
        context = WinContext(replacement=replacement, self_drawn=True, kong_on_kong=False)
        assert context.flags & int(Flag.KONG_REPLACEMENT | Flag.BONUS_REPLACEMENT) == REPLACEMENT_WORDS[code]


def test_row_keywords_are_the_contexts_but_the_bonus_tiles() -> None:
    assert set(ROW_KEYWORDS) == set(CONTEXT_KEYWORDS) - {"flowers", "seasons"}
    assert len(ROW_KEYWORDS) == len(set(ROW_KEYWORDS))
    assert set(FLAG_KEYWORDS) <= set(ROW_KEYWORDS)


CONTEXTS = [
    {"win_tile": "1z"},
    {"win_tile": "1z", "self_drawn": True, "seat_wind": "S", "prevailing_wind": "W"},
    {"win_tile": "5p", "self_drawn": True, "replacement": "kong"},
    {"win_tile": "5p", "self_drawn": True, "replacement": "bonus"},
    {"win_tile": "9s", "last_discard": True, "seat_wind": "N"},
    {"win_tile": "1z", "heaven": True},
    {"win_tile": "1z", "earth": True, "seat_wind": "W"},
    {"declared_calling": True},
    {"winner": False, "seat_wind": "S", "prevailing_wind": "S"},
]


@pytest.mark.parametrize("keywords", CONTEXTS, ids=repr)
def test_a_context_reads_back_from_its_row(keywords: dict[str, object]) -> None:
    context = WinContext(**keywords)  # type: ignore[arg-type]
    hand = mjscore.parse("123m 456p 789s 1z [5555s] +1z" if context.winner else "123m 456p 789s 1z [5555s]")
    counts, melds, win_tile, flags, seat, prevailing = row_of(hand, context)
    assert counts == bytes(hand.concealed) and melds == meld_bytes(hand.melds)
    assert win_tile == (UNKNOWN_TILE if context.win_tile is None else context.win_tile)
    assert (flags, seat, prevailing) == (context.flags, context.seat_wind, context.prevailing_wind)
    assert context_of_row(win_tile, flags, seat, prevailing) == context
    assert hand_of_row(counts, melds) == dataclasses.replace(hand, win_tile=None)


def test_hand_arrays_are_the_rows_of_each_hand() -> None:
    texts = ["123m 456p 789s 1z [777z] +1z", "123m 456p 789s 1z [777z]", "11m 22m 33m (4444p) [555s] 6z +6z"]
    hands = [mjscore.parse(text) for text in texts]
    arrays = hand_arrays(hands)
    for i, hand in enumerate(hands):
        assert bytes(arrays.counts[i]) == bytes(hand.concealed)
        assert bytes(arrays.melds[i]) == meld_bytes(hand.melds)
        assert arrays.win_tile[i] == (UNKNOWN_TILE if hand.win_tile is None else hand.win_tile)
        assert arrays.sizes[i] == hand.size
    assert arrays.melds.flags.writeable
    empty = hand_arrays([])
    assert empty.counts.shape == (0, 34) and empty.melds.shape == (0, 4)


@pytest.mark.parametrize("rules", ["babcock", "chinese-classical"])
def test_a_bulk_row_read_back_is_the_same_row_and_scores_the_same(rules: str) -> None:
    sample = random_scoring_rows(60, seed=11)
    columns = sample.context()
    totals, _, status = mjscore.score_many(sample.counts, rules, melds=sample.melds,
                                           return_status=True, **columns)
    assert not status.any()
    for i in range(60):
        keywords = {name: column[i].item() for name, column in columns.items()}
        hand, context = hand_of_row(sample.counts[i], sample.melds[i]), WinContext(**keywords)
        counts, melds, win_tile, flags, seat, prevailing = row_of(hand, context)
        assert counts == sample.counts[i].tobytes()
        assert sorted(melds) == sorted(sample.melds[i].tolist())  # the hand keeps its own meld order
        assert context_of_row(win_tile, flags, seat, prevailing) == context
        assert mjscore.score(hand, rules, **keywords).total == totals[i]
