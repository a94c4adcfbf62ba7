"""One answer for a joker hand, whichever way it is scored (issue 30 item 3).

``score()`` and ``score_many`` go through the same scorer; ``score()`` then writes the
reading out, placing each joker in its group. Both must give the same total and
special hand for every hand holding jokers, under every switch and every shipped
rule set, on both backends (the ``backend`` fixture); a hand ``score()`` refuses is a
bad-status row of ``score_many``, and the reverse.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjscore import MjscoreError, load_rules, score, score_many
from mjscore.core.hand import Hand
from mjscore.core.tile import Tile
from mjscore.distances.samples import random_special_hands
from mjscore.rows.codec import NO_MELD, meld_of
from mjscore.rows.sample import random_complete_hands

SHIPPED = ("babcock", "chinese-classical", "western", "american")
SWITCHES = ("pungs", "chows", "pairs")


def test_two_equal_chows_each_take_a_joker(backend: str) -> None:
    """The issue's hand: the jokers stand for 4m in two chows 234m, which are equal
    groups (once one shared object, so both jokers went into one chow and the
    breakdown raised); score() now scores what score_many does."""
    rules = load_rules("western", joker_use="chows")
    result = score("JJ 1111m 2222m 3333m", rules, self_drawn=True)
    counts = np.array([[4, 4, 4] + [0] * 31], dtype=np.uint8)
    totals, special = score_many(counts, rules, jokers=2, self_drawn=True)
    assert result.total == int(totals[0]) == 176
    assert result.special is None and int(special[0]) == -1
    assert [str(g) for g in result.decomposition or ()] == ["123m", "123m", "23Jm", "23Jm", "11m"]
    assert [g.jokers for g in result.decomposition or ()] == [0, 0, 1, 1, 0]
    assert [str(j) for j in result.jokers] == ["joker as 4m in the chow 234m"] * 2


@functools.cache
def _special_hands(rules: str) -> tuple[np.ndarray, np.ndarray]:
    """Special hands of the rule set to draw from (drawing is slow: drawn once)."""
    try:
        drawn, melds, _ = random_special_hands(rules, 200, seed=30)
    except ValueError:  # a rule set with no special hand of tiles
        return np.zeros((0, 34), np.uint8), np.zeros((0, 4), np.uint8)
    return drawn, melds


def _joker_row(rules: str, seed: int, source: int, jokers: int, spoil: bool
               ) -> tuple[list[int], list[int], int, int]:
    """A row (counts, meld bytes, winning tile, jokers) holding ``jokers`` (at most)
    fewer natural tiles than a complete hand of ``source`` (0 standard, 1 seven pairs or orphans, 2 a special
    hand of the rule set), one more tile swapped for a random one when ``spoil``."""
    rng = np.random.default_rng(seed)
    melds = [NO_MELD] * 4
    if source == 2:
        drawn, drawn_melds = _special_hands(rules)
        if len(drawn):
            k = seed % len(drawn)
            counts, melds = drawn[k].astype(int).tolist(), drawn_melds[k].astype(int).tolist()
        else:
            source = 0
    if source < 2:
        counts = random_complete_hands(1, seed, seven_pairs=0.6 * source, orphans=0.4 * source)[0]
        counts = counts.astype(int).tolist()
    win = int(rng.choice(np.flatnonzero(counts)))
    spare = [t for t in range(34) for _ in range(counts[t] - (t == win))]
    jokers = min(jokers, len(spare) - spoil)  # melds may hold all but two tiles
    chosen = rng.choice(len(spare), size=jokers + spoil, replace=False)
    for k in chosen[:jokers]:
        counts[spare[k]] -= 1
    if spoil:
        counts[spare[chosen[-1]]] -= 1
        counts[int(rng.integers(34))] += 1  # may make five of a kind: a bad row both ways
    return counts, melds, win, jokers


@pytest.mark.parametrize("switch", SWITCHES)
@pytest.mark.parametrize("rules", SHIPPED)
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), source=st.integers(0, 2), jokers=st.integers(1, 3),
       spoil=st.booleans(), self_drawn=st.booleans())
def test_score_and_score_many_agree_on_joker_hands(backend: str, rules: str, switch: str, seed: int,
                                                  source: int, jokers: int, spoil: bool,
                                                  self_drawn: bool) -> None:
    ruleset = load_rules(rules, joker_use=switch)
    counts, melds, win, jokers = _joker_row(rules, seed, source, jokers, spoil)
    totals, special, status = score_many(np.array([counts], dtype=np.uint8), ruleset,
                                         melds=np.array([melds], dtype=np.uint8), win_tile=win,
                                         jokers=jokers, self_drawn=self_drawn, return_status=True)
    try:
        hand = Hand(tuple(counts), tuple(meld_of(c) for c in melds if c != NO_MELD), jokers=jokers)
        result = score(hand, ruleset, win_tile=Tile(win), self_drawn=self_drawn)
    except MjscoreError as refused:
        assert status[0] != 0, f"score() refused what score_many scored {totals[0]}: {refused}"
        return
    assert status[0] == 0, f"score_many marked status {status[0]} what score() scored {result.total}"
    assert result.total == int(totals[0])
    assert result.special == (None if special[0] < 0 else ruleset.hands[int(special[0])].id)
