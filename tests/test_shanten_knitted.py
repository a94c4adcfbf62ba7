"""Shanten and useful tiles over the knitted hands (issue 11 item 3: "plus the knitted
shapes your kernel knows when forms asks for them"): seed 001's Knitting ("Any seven
'knitted' pairs in any two suits") and Triple Knitting ("Four 'knitted' Pungs plus a
knitted pair"), checked against a brute force over every complete hand of each form, on
both backends."""

from __future__ import annotations

import importlib
import itertools
from functools import cache

import numpy as np
import pytest

import mjscore
from mjscore import Form
from mjscore.core.errors import InvalidHandError
from mjscore.rows.sample import random_draws

SUIT_PAIRS = ((0, 1), (0, 2), (1, 2))


@cache
def _targets(form: str) -> np.ndarray:
    """Every complete hand of the form (34 counts each, at most four of a tile)."""
    hands = set()
    if form == "knitting":
        for a, b in SUIT_PAIRS:
            for numbers in itertools.combinations_with_replacement(range(9), 7):
                counts = [0] * 34
                for r in numbers:
                    counts[9 * a + r] += 1
                    counts[9 * b + r] += 1
                hands.add(tuple(counts))
    else:
        for numbers in itertools.combinations_with_replacement(range(9), 4):
            for pair_rank, (a, b) in itertools.product(range(9), SUIT_PAIRS):
                counts = [0] * 34
                for r in numbers:
                    for s in range(3):
                        counts[9 * s + r] += 1
                counts[9 * a + pair_rank] += 1
                counts[9 * b + pair_rank] += 1
                hands.add(tuple(counts))
    table = np.array(sorted(hands), dtype=np.int16)
    return table[(table <= 4).all(axis=1)]


def _brute_shanten(counts: np.ndarray, form: str) -> int:
    """The fewest tiles the hand lacks to hold one of the form's complete hands, minus one."""
    lacking = np.maximum(_targets(form) - counts.astype(np.int16), 0).sum(axis=1)
    return int(lacking.min()) - 1


@pytest.fixture(params=["python", "cython"])
def engine(request, monkeypatch):
    """Route mjscore.shanten / shanten_many / useful_tiles through one backend's kernel."""
    shanten_module = importlib.import_module("mjscore.shanten.shanten")  # mjscore.shanten is the function
    useful_module = importlib.import_module("mjscore.shanten.useful_tiles")
    if request.param == "python":
        from mjscore.shanten import _reference as module
    else:
        module = pytest.importorskip("mjscore.shanten._kernel", reason="the compiled kernel is not built")
    monkeypatch.setattr(shanten_module, "engine", module)
    monkeypatch.setattr(useful_module, "engine", module)
    return request.param


@pytest.mark.parametrize(("hand", "form", "expected"), [
    ("1234567m1234567p", "knitting", -1),           # 001: Gertie's Garter, seven knitted pairs
    ("1133557m1133557s", "knitting", -1),           # 001: Knitting, any seven knitted pairs
    ("1234567m123456p", "knitting", 0),             # waiting on 7p
    ("1234567m123456p5z", "knitting", 0),           # 14 tiles: throw 5z and wait on 7p
    ("1234567m1234567p", "triple-knitting", 3),     # pungs 1-4 lack their 1s-4s
    ("11234m11234p1123s", "triple-knitting", -1),   # 001: Triple Knitting, 1-2-3 x3 and 1 again, 44
    ("11234m1123p1123s", "triple-knitting", 0),     # waiting on 4p
])
def test_worked_values(engine, hand, form, expected):
    counts = np.array(mjscore.parse_tiles(hand), dtype=np.uint8)
    assert mjscore.shanten(hand, forms=form) == expected
    assert mjscore.shanten_many(counts.reshape(1, 34), forms=form)[0] == expected
    assert _brute_shanten(counts, form) == expected


def test_equal_a_brute_force_over_every_complete_hand(engine):
    """On random 13- and 14-tile draws, and on draws from one or two suits (where the
    knitted hands are near), each form's shanten is the brute force's."""
    rows = np.concatenate([random_draws(40, seed=31, size=13), random_draws(30, seed=32, size=14),
                           _suited_draws(40, seed=33)])
    for form, bit in (("knitting", Form.KNITTING), ("triple-knitting", Form.TRIPLE_KNITTING)):
        found = mjscore.shanten_many(rows, forms=bit)
        assert found.tolist() == [_brute_shanten(row, form) for row in rows]
    both = mjscore.shanten_many(rows, forms=Form.KNITTED | Form.ALL)
    assert (both == np.minimum(mjscore.shanten_many(rows), mjscore.shanten_many(rows, forms="knitted"))).all()


def _suited_draws(n: int, seed: int) -> np.ndarray:
    """13-tile draws from the number tiles of the three suits."""
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(27), 4)
    return np.array([np.bincount(rng.choice(wall, 13, replace=False), minlength=34) for _ in range(n)],
                    dtype=np.uint8)


def test_useful_tiles_lower_the_knitted_shanten(engine):
    """A useful tile is one whose draw lowers the shanten over the forms asked for."""
    found = mjscore.useful_tiles("1234567m123456p", forms="knitting")
    assert [str(t) for t in found.tiles] == ["7p"] and found.copies == (4,)
    for row in _suited_draws(12, seed=34):
        useful = mjscore.useful_tiles(row, forms="knitted")
        base = min(_brute_shanten(row, "knitting"), _brute_shanten(row, "triple-knitting"))
        assert useful.shanten == base
        lowering = []
        for t in range(27):
            if row[t] < 4:
                row[t] += 1
                if min(_brute_shanten(row, "knitting"), _brute_shanten(row, "triple-knitting")) < base:
                    lowering.append(t)
                row[t] -= 1
        assert [int(t) for t in useful.tiles] == lowering


@pytest.mark.both_backends
def test_backends_agree_on_useful_tiles_per_discard():
    kernel = pytest.importorskip("mjscore.shanten._kernel", reason="the compiled kernel is not built")
    from mjscore.shanten import _reference as reference

    rows = random_draws(12, seed=35, size=14)
    n = len(rows)
    melds = np.full((n, 4), 0xFF, dtype=np.uint8)
    visible = np.zeros((1, 34), dtype=np.uint8)
    outs = []
    for module in (kernel, reference):
        arrays = (np.empty((n, 34), np.int8), np.empty((n, 34), np.uint64), np.empty((n, 34), np.int16),
                  np.empty(n, np.uint8))
        module.discards_many(rows, melds, visible, int(Form.KNITTING), *arrays)
        outs.append(arrays)
    for ours, theirs in zip(*outs):
        assert (ours == theirs).all()


def test_knitted_forms_need_a_concealed_hand_of_13_or_14(engine):
    with pytest.raises(InvalidHandError, match="size"):
        mjscore.shanten("123m456p789s1z [111m]", forms="knitting")
    assert mjscore.shanten("123m456p789s1z [111m]", forms=["knitting", "standard"]) == 0


def test_form_names():
    assert Form.KNITTED == Form.KNITTING | Form.TRIPLE_KNITTING
    assert mjscore.shanten("1234567m1234567p", forms=["triple_knitting", "Knitting"]) == -1
    with pytest.raises(InvalidHandError, match="unknown form 'knitted-pairs'"):
        mjscore.shanten("1234567m1234567p", forms="knitted-pairs")
    with pytest.raises(InvalidHandError, match="not a combination"):
        mjscore.shanten("1234567m1234567p", forms=64)
