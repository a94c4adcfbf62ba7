"""Shanten and useful tiles (issue 11 items 3, 4): worked examples, sizes, forms, melds,
bad input, and the two backends against each other on random hands."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import mjscore
from mjscore import Form, HandStatus, InvalidHandError, NotWinningError, parse_tiles
from mjscore.core.group_codes import PAIR, group_code
from mjscore.rows.codec import CHOW, CONCEALED_KONG, KONG, NO_MELD, PUNG, meld_codes
from mjscore.rows.sample import near_complete_hands, random_complete_hands, random_draws, random_scoring_rows, \
    remove_one_tile

shanten_module = importlib.import_module("mjscore.shanten.shanten")
useful_module = importlib.import_module("mjscore.shanten.useful_tiles")
reference = importlib.import_module("mjscore.shanten._reference")
NO_VALUE = reference.NO_VALUE


def _compiled() -> ModuleType | None:
    try:
        return importlib.import_module("mjscore.shanten._kernel")
    except ImportError:
        return None


@pytest.fixture(params=["python", "cython"])
def engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """Route the public shanten and useful-tile calls through one backend."""
    module = reference if request.param == "python" else _compiled()
    if module is None:
        pytest.skip("mjscore.shanten._kernel is not built")
    monkeypatch.setattr(shanten_module, "engine", module)
    monkeypatch.setattr(useful_module, "engine", module)
    if module is reference:  # the compiled mjscore.shanten counts the common hands itself
        monkeypatch.setattr(mjscore, "shanten", shanten_module.python_shanten)
    return module


def _counts(text: str) -> list[int]:
    return list(parse_tiles(text))


# --- worked examples -------------------------------------------------------------------------

@pytest.mark.parametrize(("tiles", "forms", "expected"), [
    ("123m456p789s11222z", Form.ALL, -1),        # complete
    ("123m456p789s1122z", Form.ALL, 0),          # ready on 1z or 2z
    ("1112345678999m", Form.ALL, 0),              # nine gates shape, 13 tiles
    ("123m456p789s12z34z", Form.ALL, 2),         # a set and a pair from four single honours
    ("19m19p19s1234567z", Form.ALL, 0),           # thirteen orphans, ready on thirteen tiles
    ("19m19p19s1234567z", Form.STANDARD, 8),      # no partial sets at all
    ("19m19p19s1234567z", "seven-pairs", 6),
    ("1122m3344p5566s7z", Form.ALL, 0),           # seven pairs ready
    ("1122m3344p5566s7z", "standard", 3),
    ("1111m123p456p789p", Form.ALL, 1),           # the pair would need a fifth 1m
    ("88m88889999p999s", Form.ALL, 0),            # ready on 7p only: 8p is held four times
    ("11112222333344m", Form.ALL, -1),            # four chows... or pairs: complete either way
    ("11223344556677z", Form.ALL, -1),            # seven pairs of honours
    ("11223344556677z", "standard", 3),
    ("123m456p789s11223z", Form.ALL, 0),          # 14 tiles: discard 3z and it is ready
    ("147m258p369s1234z5z", Form.ALL, 6),         # knitted tiles are not a form here
])
def test_worked_examples(engine: ModuleType, tiles: str, forms: Any, expected: int) -> None:
    assert mjscore.shanten(_counts(tiles), forms=forms) == expected


@pytest.mark.parametrize(("counts", "expected"), [
    ({0: 2}, -1),            # a pair: the other sets declared
    ({0: 1}, 0),             # one tile waits on its pair
    ({0: 3, 9: 1}, 0),       # a pung and a single
    ({0: 1, 9: 1, 18: 1, 27: 1}, 2),  # a pair and a set from four singles
    ({0: 1, 1: 1, 9: 1, 10: 1, 20: 1, 21: 1, 30: 1, 31: 1}, 2),  # 8 tiles: three partial sets, no pair
])
def test_fewer_than_thirteen_tiles_count_the_rest_as_declared(engine: ModuleType, counts: dict[int, int],
                                                              expected: int) -> None:
    row = [0] * 34
    for tile, count in counts.items():
        row[tile] = count
    assert mjscore.shanten(row) == expected


def test_declared_melds_reduce_the_sets_needed(engine: ModuleType) -> None:
    assert mjscore.shanten("123m 456p 789s 1z [777z]") == 0
    assert mjscore.shanten("123m 456p 789s 1z [777z] +1z") == -1
    assert mjscore.shanten("12m 456p 789s 1z 3z [777z]") == 1
    assert mjscore.shanten("1z [123m] [456p] [789s] [7777z]") == 0
    with pytest.raises(InvalidHandError, match="seven pairs"):
        mjscore.shanten("123m 456p 789s 1z [777z]", forms="seven-pairs")


def test_a_hand_counts_as_a_hand_its_text_and_its_counts(engine: ModuleType) -> None:
    text = "123m456p789s1122z"
    hand = mjscore.parse(text)
    values = {mjscore.shanten(text), mjscore.shanten(hand), mjscore.shanten(list(hand.concealed)),
              mjscore.shanten(tuple(hand.concealed)), mjscore.shanten(np.array(hand.concealed, dtype=np.uint8)),
              mjscore.shanten(np.array(hand.concealed, dtype=np.int64))}
    assert values == {0}


def test_the_common_calls_and_their_near_misses_read_alike(engine: ModuleType) -> None:
    """The kernel reads a list, a tuple, a NumPy uint8 row and a Hand without melds in
    place; the forms just outside (NumPy ints in a list, a strided or a wider row, a
    Hand with a meld) go the careful way: every one gives the same shanten."""
    hand = mjscore.parse("1223m456p79s1125z")
    counts = list(hand.concealed)
    expected = int(mjscore.shanten_many(np.array([counts], dtype=np.uint8))[0])
    assert expected > 0  # not ready: the kernel has sets to count
    assert engine.shanten_call(counts, 7) == expected
    assert engine.shanten_call(np.array(counts, dtype=np.uint8), 7) == expected
    assert engine.shanten_call(hand, 7) == expected
    table = np.ascontiguousarray(np.array([counts, counts], dtype=np.uint8).T)  # a column: strided
    outside = [[np.int64(c) for c in counts], table[:, 0], np.array(counts, dtype=np.int8),
               tuple(counts) + (0,)]
    assert all(engine.shanten_call(form, 7) == reference.NOT_READ for form in outside)
    assert {mjscore.shanten(form) for form in outside[:3]} == {expected}
    assert engine.shanten_call(mjscore.parse("123m456p789s1z [555z]"), 7) == reference.NOT_READ
    assert mjscore.shanten(mjscore.parse("123m456p789s1z [555z]")) == 0


def _outcome(call: Any) -> tuple[str, Any]:
    try:
        return "value", call()
    except Exception as error:  # the error's kind and words are the outcome
        return type(error).__name__, str(error)


_COUNTS = list(parse_tiles("1223m456p79s1125z"))
_STRIDED = np.ascontiguousarray(np.array([_COUNTS, _COUNTS], dtype=np.uint8).T)[:, 0]


@pytest.mark.both_backends
@pytest.mark.parametrize("hand", [
    _COUNTS, tuple(_COUNTS), np.array(_COUNTS, dtype=np.uint8), mjscore.parse("1223m456p79s1125z"),
    [1] * 12 + [0] * 22,                                  # a size shanten refuses
    [5] + _COUNTS[1:], np.array([5] + _COUNTS[1:], dtype=np.uint8),  # above 4
    [-1] + _COUNTS[1:], [0.0] + _COUNTS[1:], [2 ** 70] + _COUNTS[1:], [True] + _COUNTS[1:],
    [np.int64(c) for c in _COUNTS], [np.uint8(c) for c in _COUNTS],
    _COUNTS[:33], _COUNTS + [0], [],
    np.array(_COUNTS, dtype=np.int64), np.array(_COUNTS, dtype=np.int8), np.array(_COUNTS, dtype=np.float64),
    np.array([9] + _COUNTS[1:], dtype=np.int16), _STRIDED, np.array([_COUNTS], dtype=np.uint8),
    np.array(_COUNTS + [0], dtype=np.uint8)[1:],
    mjscore.parse("123m456p789s1z [555z]"), mjscore.Hand(concealed=tuple(parse_tiles("123m456p789s112z")), jokers=1),
    "1223m456p79s1125z", "123m456p789s1122q", b"\x01" * 34, bytearray(34), 42, None,
], ids=lambda hand: type(hand).__name__)
@pytest.mark.parametrize("forms", [None, Form.ALL, 7, "standard", Form.KNITTED, 64])
def test_the_compiled_call_answers_as_the_python_one(hand: Any, forms: Any) -> None:
    """``mjscore.shanten``, one compiled call under the compiled backend, gives every
    hand the answer or the error of its Python definition on the reference."""
    if _compiled() is None:
        pytest.skip("mjscore.shanten._kernel is not built")
    keywords = {} if forms is None else {"forms": forms}
    ours = _outcome(lambda: mjscore.shanten(hand, **keywords))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(shanten_module, "engine", reference)
        theirs = _outcome(lambda: shanten_module.python_shanten(hand, **keywords))
    assert ours == theirs


def test_the_compiled_call_looks_like_the_python_one() -> None:
    import inspect

    python = shanten_module.python_shanten
    assert mjscore.shanten is shanten_module.shanten
    assert inspect.signature(mjscore.shanten) == inspect.signature(python)
    assert (mjscore.shanten.__doc__, mjscore.shanten.__name__, mjscore.shanten.__module__) == \
        (python.__doc__, python.__name__, python.__module__)
    assert mjscore.shanten(hand=_COUNTS, forms=Form.ALL) == python(_COUNTS)


def test_forms_accept_names_flags_and_several(engine: ModuleType) -> None:
    hand = _counts("19m19p19s1234567z")
    assert mjscore.shanten(hand, forms=["standard", "seven-pairs"]) == 6
    assert mjscore.shanten(hand, forms=Form.STANDARD | Form.THIRTEEN_ORPHANS) == 0
    assert mjscore.shanten(hand, forms="Thirteen Orphans") == 0
    assert mjscore.shanten(hand, forms="all") == 0
    with pytest.raises(InvalidHandError, match="unknown form"):
        mjscore.shanten(hand, forms="knitted-pairs")
    with pytest.raises(InvalidHandError, match="at least one"):
        mjscore.shanten(hand, forms=[])
    with pytest.raises(InvalidHandError, match="forms"):
        mjscore.shanten(hand, forms=3.5)  # type: ignore[arg-type]
    assert mjscore.shanten(hand, forms=2) == 6
    with pytest.raises(InvalidHandError, match="combination"):
        mjscore.shanten(hand, forms=64)


# --- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "error", "message"), [
    ([1] * 12 + [0] * 22, InvalidHandError, "size"),        # 12 tiles: a multiple of three
    ([4] * 3 + [3] + [0] * 30, InvalidHandError, "size"),   # 15 tiles
    ([5] + [1] * 12 + [0] * 21, InvalidHandError, "more than 4"),
    ([1] * 33, InvalidHandError, "34 tile counts"),
    ([-1] + [1] * 33, InvalidHandError, r"negative count \(-1\) of 1m"),
    (np.ones(34, dtype=np.float64), InvalidHandError, "dtype"),
    (np.array([9] + [0] * 33), InvalidHandError, "outside 0-4"),
    (42, InvalidHandError, "34 tile counts"),
    ("123m456p789s1122q", mjscore.NotationError, "q"),
])
def test_bad_hands_raise_a_clear_error(engine: ModuleType, hand: Any, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        mjscore.shanten(hand)


def test_jokers_are_refused() -> None:
    hand = mjscore.Hand(concealed=tuple(parse_tiles("123m456p789s112z")), jokers=1)
    with pytest.raises(NotWinningError, match="jokers"):
        mjscore.shanten(hand)


def test_bad_rows_get_a_status_and_the_rest_are_computed(engine: ModuleType) -> None:
    good = _counts("123m456p789s1122z")
    rows = np.array([good, [5] + good[1:], [1] * 12 + [0] * 22, good, _counts("1z") + [0] * 0], dtype=np.uint8)
    melds = np.full((5, 4), NO_MELD, dtype=np.uint8)
    melds[3, 0] = group_code(PAIR, 5)  # a pair: no meld
    rows[4] = 0
    rows[4, 27] = 1
    melds[4, 0] = group_code(PUNG, 27)  # a fourth and fifth 1z: 1 concealed + 3 in a pung is fine
    melds[4, 1] = group_code(PUNG, 27)  # ... a second pung of 1z is not
    out, status = mjscore.shanten_many(rows, melds, return_status=True)
    assert status.tolist() == [HandStatus.OK, HandStatus.BAD_COUNT, HandStatus.WRONG_SIZE, HandStatus.BAD_MELD,
                               HandStatus.BAD_COUNT]
    assert out.tolist() == [0, NO_VALUE, NO_VALUE, NO_VALUE, NO_VALUE]
    assert out.dtype == np.int8
    assert mjscore.shanten_many(rows[:1]).tolist() == [0]


def test_rows_with_melds_must_make_13_or_14(engine: ModuleType) -> None:
    rows = np.zeros((2, 34), dtype=np.uint8)
    rows[0, 27] = 2  # 2 concealed + one meld = 5 tiles
    rows[1, 27] = 1
    melds = np.full((2, 4), NO_MELD, dtype=np.uint8)
    melds[:, 0] = group_code(PUNG, 31)
    melds[1, 1:] = [group_code(CHOW, 0), group_code(KONG, 9), group_code(CONCEALED_KONG, 18)]
    out, status = mjscore.shanten_many(rows, melds, return_status=True)
    assert status.tolist() == [HandStatus.WRONG_SIZE, HandStatus.OK]
    assert out[1] == 0


def test_bulk_arguments_are_checked() -> None:
    with pytest.raises(InvalidHandError, match="34"):
        mjscore.shanten_many(np.zeros((2, 33), dtype=np.uint8))
    with pytest.raises(InvalidHandError, match="melds"):
        mjscore.shanten_many(np.zeros((2, 34), dtype=np.uint8), melds=np.zeros((2, 3), dtype=np.uint8))
    with pytest.raises(InvalidHandError, match="threads"):
        mjscore.shanten_many(np.zeros((2, 34), dtype=np.uint8), threads=-1)


def test_threads_give_the_same_answers(engine: ModuleType) -> None:
    rows = random_draws(9000 if engine is not reference else 300, seed=8, size=13)
    assert (mjscore.shanten_many(rows, threads=3) == mjscore.shanten_many(rows)).all()
    if engine is not reference:
        for size in (13, 14):
            rows = random_draws(9000, seed=size, size=size)
            one, three = mjscore.useful_tiles_many(rows), mjscore.useful_tiles_many(rows, threads=3)
            assert (one.mask == three.mask).all() and (one.remaining == three.remaining).all()
            assert (one.shanten == three.shanten).all() and one.per_discard == (size == 14)


# --- useful tiles ----------------------------------------------------------------------------

def test_useful_tiles_of_a_ready_hand_are_its_waits_with_copies_left(engine: ModuleType) -> None:
    found = mjscore.useful_tiles("123m456p789s1122z")
    assert (found.shanten, found.tiles, found.copies, found.remaining) == \
        (0, (mjscore.Tile.EAST, mjscore.Tile.SOUTH), (2, 2), 4)
    seen = mjscore.useful_tiles("123m456p789s1122z", visible=_counts("1z2z2z"))
    assert (seen.tiles, seen.copies) == ((mjscore.Tile.EAST, mjscore.Tile.SOUTH), (1, 0))


def test_a_tile_whose_copies_are_all_in_hand_and_melds_is_not_useful(engine: ModuleType) -> None:
    # 34555p11z + chow 567p: 5p would complete, but its fourth copy is in the meld
    hand = mjscore.parse("34555p 11z [567p] [777z]")
    assert [str(t) for t in mjscore.useful_tiles(hand).tiles] == ["2p", "1z"]
    assert [str(t) for t in mjscore.useful_tiles("88m88889999p999s").tiles] == ["7p"]


def test_visible_copies_never_go_below_zero(engine: ModuleType) -> None:
    found = mjscore.useful_tiles("123m456p789s1122z", visible=[4] * 34)
    assert found.tiles == (mjscore.Tile.EAST, mjscore.Tile.SOUTH) and found.copies == (0, 0)
    with pytest.raises(InvalidHandError, match="visible"):
        mjscore.useful_tiles("123m456p789s1122z", visible=[5] * 34)
    with pytest.raises(InvalidHandError, match="visible"):
        mjscore.useful_tiles("123m456p789s1122z", visible=[1] * 30)


def test_fourteen_tiles_are_read_per_discard(engine: ModuleType) -> None:
    text = "123m456p789s11223z"
    found = mjscore.useful_tiles(text)
    assert found.shanten == 0 and found.tiles == ()
    options = dict(found.discards)
    assert sorted(options) == [t for t in mjscore.Tile if parse_tiles(text)[t]]
    assert options[mjscore.Tile.WEST] == mjscore.useful_tiles("123m456p789s1122z")
    # a discarded tile counts as seen: the 1m thrown leaves 3 to draw
    assert dict(zip(options[mjscore.Tile.M1].tiles, options[mjscore.Tile.M1].copies))[mjscore.Tile.M1] == 3
    for discard, after in options.items():
        counts = list(parse_tiles(text))
        counts[discard] -= 1
        assert after.shanten == mjscore.shanten(counts)


def test_useful_tiles_many_layouts(engine: ModuleType) -> None:
    rows13 = np.array([_counts("123m456p789s1122z"), [5] + [0] * 33], dtype=np.uint8)
    found = mjscore.useful_tiles_many(rows13)
    assert not found.per_discard and found.copies is not None
    assert found.shanten.tolist() == [0, NO_VALUE] and found.status.tolist() == [0, HandStatus.BAD_COUNT]
    assert found.mask.tolist() == [(1 << 27) | (1 << 28), 0] and found.remaining.tolist() == [4, 0]
    rows14 = np.array([_counts("123m456p789s11223z"), _counts("123m456p789s1122z")], dtype=np.uint8)
    per = mjscore.useful_tiles_many(rows14)
    assert per.per_discard and per.copies is None and per.shanten.shape == (2, 34)
    assert per.status.tolist() == [0, HandStatus.WRONG_SIZE]
    assert per.shanten[0, 29] == 0 and per.shanten[0, 4] == NO_VALUE and per.remaining[0, 29] == 4
    assert (per.shanten[1] == NO_VALUE).all()
    forced = mjscore.useful_tiles_many(rows14, per_discard=False)
    assert forced.status.tolist() == [HandStatus.WRONG_SIZE, 0]


# --- the definitions hold together ------------------------------------------------------------

def _plus_each_tile(row: np.ndarray) -> np.ndarray:
    plus = np.repeat(row[None, :], 34, axis=0)
    plus[np.arange(34), np.arange(34)] += 1
    return plus


def test_a_useful_tile_is_exactly_a_draw_that_lowers_the_shanten(engine: ModuleType) -> None:
    rows = np.concatenate([remove_one_tile(near_complete_hands(40, seed=3), seed=4), random_draws(20, seed=5, size=13),
                           remove_one_tile(random_complete_hands(20, seed=6, seven_pairs=0.3, orphans=0.2), seed=7)])
    found = mjscore.useful_tiles_many(rows, visible=random_draws(1, seed=9, size=20)[0] // 2)
    for row, mask, shanten in zip(rows, found.mask.tolist(), found.shanten.tolist()):
        after = mjscore.shanten_many(_plus_each_tile(row), return_status=True)
        lowers = {t for t in range(34) if after[1][t] == 0 and after[0][t] < shanten and row[t] < 4}
        assert {t for t in range(34) if mask >> t & 1} == lowers


def test_ready_hands_have_their_waits_as_useful_tiles(engine: ModuleType) -> None:
    rows = remove_one_tile(random_complete_hands(150, seed=11, seven_pairs=0.2, orphans=0.1), seed=12)
    rows = np.concatenate([rows, remove_one_tile(near_complete_hands(150, seed=13), seed=14)])
    found = mjscore.useful_tiles_many(rows)
    waits = mjscore.waits_many(rows)
    assert ((found.shanten == 0) == (waits != 0)).all()
    assert (found.mask[found.shanten == 0] == waits[found.shanten == 0]).all()


@pytest.mark.both_backends
def test_the_kernel_tables_equal_the_reference_definition() -> None:
    kernel = _compiled()
    if kernel is None:
        pytest.skip("mjscore.shanten._kernel is not built")
    rng = np.random.default_rng(21)
    for _ in range(150):
        suit = tuple(int(c) for c in rng.integers(0, 5, 9))
        while sum(suit) > 14:
            suit = tuple(max(0, c - 1) for c in suit)
        assert kernel.suit_replacements(suit) == reference.suit_replacements(suit)
        honours = suit[:7]
        assert kernel.suit_replacements(honours, True) == reference.suit_replacements(honours, True)


def _random_rows(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Rows of every accepted size, with and without melds, and a few bad ones."""
    small = np.concatenate([random_draws(15, seed=seed + k, size=size) for k, size in enumerate((1, 2, 4, 5, 7, 8, 10, 11))])
    scoring = random_scoring_rows(60, seed=seed + 20)
    with_melds = np.concatenate([scoring.counts, remove_one_tile(scoring.counts, seed=seed + 21)])
    plain = np.concatenate([random_draws(60, seed=seed + 30), random_draws(60, seed=seed + 31, size=13),
                            near_complete_hands(60, seed=seed + 32),
                            remove_one_tile(random_complete_hands(60, seed=seed + 33, seven_pairs=0.3, orphans=0.2))])
    counts = np.concatenate([small, with_melds, plain, random_draws(10, seed=seed + 40, size=12)])
    melds = np.full((len(counts), 4), NO_MELD, dtype=np.uint8)
    melds[len(small):len(small) + len(with_melds)] = np.concatenate([scoring.melds, scoring.melds])
    return counts, melds


@pytest.mark.both_backends
@pytest.mark.parametrize("forms", [Form.ALL, Form.STANDARD, Form.SEVEN_PAIRS | Form.THIRTEEN_ORPHANS])
def test_the_backends_agree_on_random_hands(forms: Form) -> None:
    kernel = _compiled()
    if kernel is None:
        pytest.skip("mjscore.shanten._kernel is not built")
    counts, melds = _random_rows(seed=int(forms) * 100)
    visible = random_draws(len(counts), seed=77, size=20) // 2
    results = []
    for module in (reference, kernel):
        n = len(counts)
        out, status = np.empty(n, np.int8), np.empty(n, np.uint8)
        module.shanten_many(counts, melds, int(forms), out, status)
        useful = (np.empty(n, np.int8), np.empty(n, np.uint64), np.empty((n, 34), np.uint8), np.empty(n, np.uint8))
        module.useful_many(counts, melds, visible, int(forms), *useful)
        per = (np.empty((n, 34), np.int8), np.empty((n, 34), np.uint64), np.empty((n, 34), np.int16),
               np.empty(n, np.uint8))
        module.discards_many(counts, melds, visible, int(forms), *per)
        results.append((out, status, *useful, *per))
    for ours, theirs in zip(*results):
        assert (ours == theirs).all()
    out, status = results[0][:2]
    assert (status == HandStatus.OK).sum() > len(counts) // 2 and (status == HandStatus.WRONG_SIZE).any()
    assert len(set(out[status == 0].tolist())) > 3


def test_one_hand_matches_its_bulk_row(engine: ModuleType) -> None:
    scoring = random_scoring_rows(30, seed=41)
    counts = remove_one_tile(scoring.counts, seed=42)
    bulk = mjscore.shanten_many(counts, scoring.melds)
    for row, codes, value in zip(counts, scoring.melds, bulk.tolist()):
        hand = mjscore.rows.codec.hand_of_row(row, codes)
        assert mjscore.shanten(hand) == value
    assert (meld_codes([PUNG], [27]) == [group_code(PUNG, 27)]).all()


def test_bad_counts_name_the_problem_and_bytes_are_counts(backend) -> None:
    """Fuzzed inputs (2026-12-07): bytes of 34 counts were refused as "expected 34 tile
    counts, got 34 values"; a negative count was "expected a Hand, ... 34 tile counts"."""
    counts = mjscore.parse_tiles("1112345678999m5m")
    assert mjscore.shanten(bytes(counts)) == mjscore.shanten(bytearray(counts)) == mjscore.shanten(counts) == -1
    with pytest.raises(InvalidHandError, match=r"negative count \(-1\) of 1m"):
        mjscore.shanten([-1] + list(counts[1:]))
    with pytest.raises(InvalidHandError, match="outside 0-4"):
        mjscore.shanten([256] + list(counts[1:]))
    with pytest.raises(InvalidHandError, match="expected 34 tile counts, got 33"):
        mjscore.shanten(bytes(counts[:33]))
    with pytest.raises(InvalidHandError, match="per_discard"):
        mjscore.useful_tiles_many(np.array([counts[:]], dtype=np.uint8), per_discard="no")
