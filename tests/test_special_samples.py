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


_PAIRS_HANDS = '''extends = "babcock"
name = "pairs-of-characters"

[[hands]]
id = "simple-character-pairs"
name = "Simple character pairs"
groups = ["7 pair m"]
tiles = "simple-m"
limit = 1
source = "test: seven pairs of 2m-8m, each tile once"

[[hands]]
id = "character-pairs"
name = "Character pairs"
groups = ["7 pair m"]
limit = 1
source = "test: seven pairs of characters"
'''


def test_a_hand_of_seven_pairs_on_seven_tiles_is_drawn_and_scores(tmp_path) -> None:
    """"7 pair m" with tiles = "simple-m" has one way (22334455667788m); the sampler drew
    the seven pairs freely and refused a tile drawn twice, which seven draws avoid one
    time in 163, so it gave up ("could not draw a way ... in 200 tries"). Every row drawn
    scores as the hand it was drawn for."""
    path = tmp_path / "pairs.toml"
    path.write_text(_PAIRS_HANDS, encoding="utf-8")
    rules = mjscore.load_rules(path)
    counts, melds, drawn = random_special_hands(rules, 60, seed=4)
    assert (melds == 0xFF).all()
    ids = [rules.hands[h].id for h in drawn]
    assert set(ids) == {"simple-character-pairs", "character-pairs"}
    simple = mjscore.parse_tiles("22334455667788m")
    for row, hand_id in zip(counts, ids):
        if hand_id == "simple-character-pairs":
            assert list(row) == list(simple)
        hand = mjscore.Hand(tuple(int(c) for c in row))
        result = mjscore.score(hand, rules, win_tile=int(row.nonzero()[0][0]), self_drawn=True)
        assert hand_id in {result.special, *result.others}, (hand, result.special, result.others)
    assert len({bytes(row) for row in counts}) > 2  # the hand of any characters varies
    table, columns = mjscore.distances_many(counts, rules, melds=melds)
    assert (table[np.arange(len(ids)), [columns.index(i) for i in ids]] == 0).all()
