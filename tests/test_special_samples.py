"""Random special hands (mjscore.distances.samples): every row holds the hand it was drawn for."""

from __future__ import annotations

import numpy as np
import pytest

import mjscore
from mjscore.distances.samples import random_special_hands


def test_every_row_holds_its_hand_whole_and_every_hand_is_drawn() -> None:
    rules = mjscore.load_rules("chinese-classical")
    counts, melds, drawn = random_special_hands(rules, 600, seed=3)
    table, ids = mjscore.distances_many(counts, rules, melds=melds)
    columns = [ids.index(rules.hands[h].id) for h in drawn]
    assert (table[np.arange(len(drawn)), columns] == 0).all()
    assert {rules.hands[h].id for h in drawn} == set(ids)
    sizes = counts.sum(axis=1) + 3 * (melds != 0xFF).sum(axis=1)
    assert (sizes == 14).all() and counts.max() <= 4


def test_the_same_seed_draws_the_same_rows() -> None:
    first = random_special_hands("chinese-classical", 50, seed=8)
    second = random_special_hands("chinese-classical", 50, seed=8)
    assert all((a == b).all() for a, b in zip(first, second))
    assert random_special_hands("chinese-classical", 0)[0].shape == (0, 34)


def test_a_rule_set_without_hands_of_tiles_or_a_negative_n_is_refused() -> None:
    with pytest.raises(ValueError, match="no special hand made of tiles"):
        random_special_hands("babcock", 5)
    with pytest.raises(ValueError, match="at least 0"):
        random_special_hands("chinese-classical", -1)
