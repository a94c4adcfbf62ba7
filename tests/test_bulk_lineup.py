"""Bulk calls line up (issue 29, item 4): ``melds=`` with one meaning in every ``*_many``,
``threads=`` and ``return_status=`` where the work is per row, one input coercion module."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import mjscore
from mjscore import HandStatus, InvalidHandError
from mjscore.rows.codec import meld_bytes

SRC = Path(mjscore.__file__).parent


def _rows(*hands: str) -> tuple[np.ndarray, np.ndarray]:
    parsed = [mjscore.parse(h) for h in hands]
    counts = np.array([h.concealed for h in parsed], dtype=np.uint8)
    melds = np.frombuffer(b"".join(meld_bytes(h.melds) for h in parsed), dtype=np.uint8).reshape(-1, 4).copy()
    return counts, melds


KONG = "123m 456p 789s 11z [5555z]"  # complete with its declared kong


def test_a_declared_kong_is_complete_with_melds_and_not_without(backend: str) -> None:
    counts, melds = _rows(KONG)
    assert mjscore.is_complete_many(counts, melds=melds).tolist() == [True]
    flat = counts.copy()
    flat[0, mjscore.Tile.WHITE] = 4  # the kong's tiles counted as concealed: 15 tiles
    found, status = mjscore.is_complete_many(flat, return_status=True)
    assert found.tolist() == [False] and status.tolist() == [HandStatus.WRONG_SIZE]


def test_melds_count_as_their_tiles(backend: str) -> None:
    # the kong of 1m beside a concealed 1m is five 1m; a pung beside 14 concealed is 17 tiles
    counts, melds = _rows("123m 456p 789s 11z [5555z]", "123m 456p 789s 11z [5555z]", "1122m 3344p 5566s 77z")
    melds[1] = [mjscore.Meld.from_str("1111m").code, 255, 255, 255]
    melds[2] = [mjscore.Meld.from_str("999p").code, 255, 255, 255]
    plain = mjscore.is_complete_many(counts)
    assert plain.tolist() == [True, True, True]  # without melds nothing is checked against them
    for call in (mjscore.is_complete_many, mjscore.shapes_many, mjscore.decomposition_count_many):
        found, status = call(counts, melds=melds, return_status=True)
        assert status.tolist() == [HandStatus.OK, HandStatus.BAD_COUNT, HandStatus.WRONG_SIZE], call.__name__
        assert found.tolist()[0] and not any(found.tolist()[1:]), call.__name__
    bad = melds.copy()
    bad[0, 0] = 250  # no meld
    assert mjscore.is_complete_many(counts, melds=bad, return_status=True)[1][0] == HandStatus.BAD_MELD


def test_shapes_and_counts_with_melds(backend: str) -> None:
    counts, melds = _rows(KONG, "111222333m 55p [999s]")
    assert mjscore.shapes_many(counts, melds=melds).tolist() == [mjscore.Shape.STANDARD] * 2
    assert mjscore.decomposition_count_many(counts, melds=melds).tolist() == [1, 2]


def test_decompose_many_lists_the_melds(backend: str) -> None:
    counts, melds = _rows(KONG, "111222333m 55p [999s]", "123m 456p 789s 11z [5555z]")
    melds[2] = [mjscore.Meld.from_str("1111m").code, 255, 255, 255]  # five 1m: no decompositions
    offsets, groups, status = mjscore.decompose_many(counts, melds=melds)
    assert status.tolist() == [HandStatus.OK, HandStatus.OK, HandStatus.BAD_COUNT]
    assert np.diff(offsets).tolist() == [1, 2, 0]
    read = [sorted(str(mjscore.Group.from_code(int(c))) for c in row) for row in groups]
    assert read[0] == sorted(["123m", "456p", "789s", "11z", "5555z"])
    assert all("999s" in r for r in read[1:])
    plain_offsets, plain_groups, _ = mjscore.decompose_many(counts)
    assert (plain_groups == 0xFF).any()  # without melds the places of the melds stay empty


def test_decompose_many_lists_the_melds_wherever_the_row_puts_them(backend: str) -> None:
    # a meld after a 0xFF pad was dropped (status OK, the kong missing from every
    # decomposition), though every other bulk call reads a row's melds in any place
    counts, melds = _rows(KONG, "111222m 55p [333m] [999s]")
    first_offsets, first_groups, _ = mjscore.decompose_many(counts, melds=melds)
    moved = melds.copy()
    moved[0] = [255, 255, 255, melds[0, 0]]
    moved[1] = [255, melds[1, 0], 255, melds[1, 1]]
    offsets, groups, status = mjscore.decompose_many(counts, melds=moved)
    assert status.tolist() == [HandStatus.OK, HandStatus.OK]
    assert offsets.tolist() == first_offsets.tolist() and groups.tolist() == first_groups.tolist()
    assert not (groups == 0xFF).any()  # the whole hand in each decomposition


def test_every_bulk_call_takes_melds_threads_and_return_status_by_keyword() -> None:
    calls: list[Any] = [mjscore.is_complete_many, mjscore.shapes_many, mjscore.decomposition_count_many,
                        mjscore.waits_many, mjscore.shanten_many, mjscore.score_many]
    for call in calls:
        parameters = inspect.signature(call).parameters
        assert {"melds", "threads", "return_status"} <= set(parameters), call.__name__
        assert parameters["threads"].kind is inspect.Parameter.KEYWORD_ONLY, call.__name__
    for call in (mjscore.decompose_many, mjscore.useful_tiles_many, mjscore.distances_many,
                 mjscore.Scorer.distances_many):
        assert inspect.signature(call).parameters["melds"].kind is inspect.Parameter.KEYWORD_ONLY


def test_useful_tiles_many_takes_its_options_by_keyword(backend: str) -> None:
    counts, melds = _rows("123m 456p 78s 11z [777z]")
    found = mjscore.useful_tiles_many(counts, melds=melds)
    assert [str(t) for t in mjscore.Tile if int(found.mask[0]) >> t & 1] == ["6s", "9s"]
    with pytest.raises(TypeError):
        mjscore.useful_tiles_many(counts, melds)  # type: ignore[misc]


def test_threads_split_the_work_and_agree(backend: str) -> None:
    counts = np.repeat(_rows(KONG)[0], 9000, axis=0)
    melds = np.repeat(_rows(KONG)[1], 9000, axis=0)
    one = mjscore.is_complete_many(counts, melds=melds)
    assert (mjscore.is_complete_many(counts, melds=melds, threads=3) == one).all() and one.all()
    # 0 or None: every core the process may run on (issue 33, threads)
    assert (mjscore.is_complete_many(counts, melds=melds, threads=0) == one).all()
    assert (mjscore.is_complete_many(counts, melds=melds, threads=None) == one).all()
    for wrong in (-1, 1.5, True, "2"):
        with pytest.raises(InvalidHandError, match="threads must be a positive integer, or 0 or None"):
            mjscore.shapes_many(counts, threads=wrong)


def test_one_coercion_module() -> None:
    # the bulk input checks and the row of no melds are written once, in rows/coerce.py
    for name in ("def as_batch", "def meld_batch", "def meld_rows", "def check_threads", "def _joker_batch",
                 "_NO_MELDS = "):
        holders = [p.relative_to(SRC).as_posix() for p in SRC.rglob("*.py") if name in p.read_text()]
        assert holders in ([], ["rows/coerce.py"]), (name, holders)
    from mjscore.rows import coerce

    assert mjscore.rows.codec.meld_batch is coerce.meld_batch


@pytest.mark.parametrize(("jokers", "words"), [(np.array([0, 0]), "expected an (1,) integer array"),
                                               (np.array([1.0]), "must be integers"),
                                               (-1, "0 to 8"), (np.array([256]), "0 to 8")])
def test_one_jokers_column_check(jokers: Any, words: str) -> None:
    counts = np.array([mjscore.parse_tiles("19m19p19s1234567z")], dtype=np.uint8)
    for call in (lambda: mjscore.distances_many(counts, "chinese-classical", jokers=jokers),
                 lambda: mjscore.score_many(counts, "chinese-classical", jokers=jokers)):
        with pytest.raises(InvalidHandError, match=words.replace("(", r"\(").replace(")", r"\)")):
            call()
