"""The fixed-seed hand generators: shape, wall limits, determinism, completeness."""

from __future__ import annotations

import numpy as np
import pytest

from mjscore.decompose import _reference
from mjscore.rows.sample import (near_complete_hands, random_complete_hands, random_draws, random_scoring_rows,
                            remove_one_tile)
from sizes import rows as sized

N = 3000
CHECKED = 300  # rows run through the (slow) reference kernel


def _removed(n: int, seed: int) -> np.ndarray:
    return remove_one_tile(random_complete_hands(n, seed=seed, seven_pairs=0.1, orphans=0.05), seed=seed)


# make(n, seed) -> rows, tiles per row, whether every row is complete
GENERATORS = [
    pytest.param(lambda n, s: random_complete_hands(n, s), 14, True, id="complete"),
    pytest.param(lambda n, s: random_complete_hands(n, s, seven_pairs=0.2, orphans=0.1), 14, True,
                 id="complete-mixed"),
    pytest.param(lambda n, s: random_complete_hands(n, s, seven_pairs=1.0), 14, True, id="seven-pairs"),
    pytest.param(lambda n, s: random_complete_hands(n, s, orphans=1.0), 14, True, id="orphans"),
    pytest.param(lambda n, s: random_draws(n, s), 14, False, id="draws"),
    pytest.param(lambda n, s: random_draws(n, s, size=13), 13, False, id="draws-13"),
    pytest.param(_removed, 13, False, id="remove-one"),
    pytest.param(lambda n, s: near_complete_hands(n, s), 14, False, id="near-complete"),
]


@pytest.mark.parametrize(("make", "size", "complete"), GENERATORS)
def test_shape_dtype_and_wall(make, size, complete):
    rows = make(N, 0)
    assert rows.shape == (N, 34)
    assert rows.dtype == np.uint8
    assert rows.flags.c_contiguous
    assert (rows.sum(axis=1) == size).all()
    assert rows.max() <= 4


@pytest.mark.parametrize(("make", "size", "complete"), GENERATORS)
def test_deterministic_per_seed(make, size, complete):
    assert np.array_equal(make(500, 11), make(500, 11))
    assert not np.array_equal(make(500, 11), make(500, 12))


@pytest.mark.parametrize(("make", "size", "complete"), GENERATORS)
def test_prefix_of_zero_rows(make, size, complete):
    assert make(0, 0).shape == (0, 34)


@pytest.mark.parametrize(("make", "size", "complete"),
                         [g for g in GENERATORS if g.values[2]])
def test_complete_per_reference(make, size, complete):
    rows = make(CHECKED, 5)
    bad = [i for i, row in enumerate(rows) if _reference.is_complete_counts(row) != 1]
    assert not bad, f"incomplete rows {bad[:5]}: {rows[bad[:5]].tolist()}"


def test_standard_hands_use_both_set_kinds():
    rows = random_complete_hands(CHECKED, seed=1)
    kinds = {kind for row in rows for d in _reference.decompose(row)[:1] for kind, _ in d}
    assert {_reference.SEQUENCE, _reference.TRIPLET, _reference.PAIR} <= kinds


def test_mix_fractions_are_honoured():
    rows = random_complete_hands(20000, seed=2, seven_pairs=0.25, orphans=0.1)
    pairs = np.isin(rows, (0, 2)).all(axis=1).mean()
    orphans = (rows[:, [0, 8, 9, 17, 18, 26, *range(27, 34)]] >= 1).all(axis=1).mean()
    assert 0.23 < pairs < 0.28  # standard hands are seven distinct pairs far less than 1% of the time
    assert 0.08 < orphans < 0.12


def test_near_complete_is_mostly_not_complete():
    rows = near_complete_hands(CHECKED, seed=4)
    complete = sum(_reference.is_complete_counts(row) == 1 for row in rows)
    assert complete < CHECKED // 10


def test_draws_of_the_whole_wall_hold_every_tile():
    rows = random_draws(3, seed=0, size=136)
    assert (rows == 4).all()


def test_remove_one_tile_takes_a_held_tile_and_keeps_the_input():
    hands = random_complete_hands(2000, seed=6)
    before = hands.copy()
    less = remove_one_tile(hands, seed=6)
    assert np.array_equal(hands, before)
    diff = hands.astype(np.int16) - less
    assert ((diff == 0) | (diff == 1)).all()
    assert (diff.sum(axis=1) == 1).all()


def test_remove_one_tile_weights_tiles_not_kinds():
    hands = np.zeros((20000, 34), dtype=np.uint8)
    hands[:, 0], hands[:, 1] = 3, 1
    share_of_first = (remove_one_tile(hands, seed=0)[:, 0] == 2).mean()
    assert 0.73 < share_of_first < 0.77


@pytest.mark.parametrize(("call", "message"), [
    pytest.param(lambda: random_complete_hands(-1), "n must be", id="negative-n"),
    pytest.param(lambda: random_complete_hands(5, seven_pairs=1.5), "fraction", id="fraction-above-1"),
    pytest.param(lambda: random_complete_hands(5, seven_pairs=0.6, orphans=0.6), "at most 1", id="fractions-sum"),
    pytest.param(lambda: random_draws(5, size=137), "size", id="draw-too-many"),
    pytest.param(lambda: remove_one_tile(np.zeros((2, 34), np.uint8)), "no tile",
                 id="remove-from-empty"),
    pytest.param(lambda: remove_one_tile(np.zeros((2, 33), np.uint8)), "shape", id="remove-bad-shape"),
    pytest.param(lambda: remove_one_tile(np.full((2, 34), 5)), "between 0 and 4", id="remove-bad-count"),
    pytest.param(lambda: remove_one_tile(np.full((2, 34), 1.0)), "integers", id="remove-float-counts"),
])
def test_bad_arguments(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_scoring_rows_come_in_blocks_each_from_its_own_stream(monkeypatch):
    from mjscore.rows import sample

    monkeypatch.setattr(sample, "SCORING_BLOCK", 400)
    blocks = list(sample.scoring_row_blocks(1000, seed=6))
    assert [len(block.counts) for block in blocks] == [400, 400, 200]
    whole = sample.random_scoring_rows(1000, seed=6)
    for joined, column in zip((np.concatenate(parts) for parts in zip(*blocks)), whole):
        assert np.array_equal(joined, column)
    first = sample.random_scoring_rows(400, seed=6)  # up to a block: default_rng(seed) alone
    assert all(np.array_equal(a, b) for a, b in zip(first, blocks[0]))
    assert not np.array_equal(blocks[0].counts[:200], blocks[1].counts[:200])
    assert (whole.counts.sum(axis=1) + 3 * (whole.melds != 0xFF).sum(axis=1) == 14).all()
    assert list(sample.scoring_row_blocks(0, seed=6)) == []


def test_scoring_rows_draw_first_turn_and_calling_hands_only_where_they_can_happen():
    rows = random_scoring_rows(100_000, seed=3)
    undeclared = (rows.melds == 0xFF).all(axis=1)
    east = rows.seat_wind == 27
    heaven, earth, calling = rows.heaven, rows.earth, rows.declared_calling
    assert (undeclared[heaven | earth | calling]).all()
    assert east[heaven].all() and rows.self_drawn[heaven].all()
    assert not east[earth].any() and not rows.self_drawn[earth].any()
    assert not (heaven & earth).any() and not (calling & (heaven | earth)).any()
    # two in a thousand of the undeclared rows each: a few in 100,000, never none
    assert 10 <= (heaven | earth).sum() <= 80 and 10 <= calling.sum() <= 80 and heaven.any()
    assert list(rows.context()) == ["win_tile", "self_drawn", "seat_wind", "prevailing_wind",
                                    "heaven", "earth", "declared_calling"]


@pytest.mark.parametrize("rules", ["babcock", "chinese-classical"])
def test_scoring_rows_situations_score_as_limit_hands(rules):
    import mjscore

    rows = random_scoring_rows(20_000, seed=4)
    assert rows.heaven.any() and rows.earth.any() and rows.declared_calling.any()
    # the rows with a situation, and as many of the others as the backend scores quickly
    kept = rows.heaven | rows.earth | rows.declared_calling
    kept[:sized(20_000)] = True
    rows = rows._make(column[kept] for column in rows)
    totals, special, status = mjscore.score_many(rows.counts, rules, melds=rows.melds,
                                                 return_status=True, **rows.context())
    assert not status.any()  # every drawn situation is one that can happen
    limit = mjscore.load_rules(rules).limit
    assert (totals[rows.heaven] == limit).all() and (special[rows.heaven | rows.earth] >= 0).all()
    if rules == "babcock":  # the lucky thirteen: a third of the limit at least
        assert (totals[rows.declared_calling] >= limit // 3).all()
        assert (special[rows.declared_calling] >= 0).all()
