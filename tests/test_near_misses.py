"""Near misses (issue 8 item 6): the nearest special hands, the tiles they lack, the reasons.

Each case names the chinese-classical hand (seed 002/003) it is near to.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

import mjscore
from mjscore.core.errors import InvalidHandError

RULES = "chinese-classical"


def _with(text: str, tiles: tuple[mjscore.Tile, ...]) -> list[int]:
    counts = list(mjscore.parse_tiles(text))
    for t in tiles:
        counts[t] += 1
    return counts


def test_one_tile_short_names_the_tile_and_the_tile_completes_it() -> None:
    # 002 Limit Hands: Nine Gates, 1112345678999 in one suit plus any tile of it
    best = mjscore.near_misses("1112345678999m", RULES, k=1)[0]
    assert (best.id, best.tiles_away) == ("nine-gates", 1)
    assert best.reason == "one tile short of Nine Gates: needs any of 1m–9m"
    table, ids = mjscore.distances_many([_with("1112345678999m", best.missing)], RULES)
    assert table[0, ids.index("nine-gates")] == 0


@pytest.mark.parametrize("complete", ["11122233344455z", "222444666888s33s", "19m19p19s1234567z1m",
                                      "1112345678999m5m", "1123456789m1234z"])
def test_the_missing_tile_of_a_hand_one_short_completes_it(complete: str) -> None:
    """Each special hand of 002/003 held whole, less any one tile: its near miss names a
    tile that makes it whole again (distance 0)."""
    whole = list(mjscore.parse_tiles(complete))
    for removed in {t for t in range(34) if whole[t]}:
        counts = list(whole)
        counts[removed] -= 1
        hand = mjscore.Hand(concealed=tuple(counts))
        near = mjscore.near_misses(hand, RULES, k=1)[0]
        assert near.tiles_away == 1 and len(near.missing) == 1
        table, ids = mjscore.distances_many([_with(str(hand), near.missing)], RULES)
        assert table[0, ids.index(near.id)] == 0, (complete, removed)


def test_nearest_first_and_k_of_them() -> None:
    near = mjscore.near_misses("19m19p19s1234567z", RULES, k=4)
    assert [n.id for n in near][0] == "thirteen-orphans"  # 003 #14: one tile short
    assert len(near) == 4
    assert [n.tiles_away for n in near] == sorted(n.tiles_away for n in near)


def test_would_be_the_hand_if_concealed() -> None:
    # 002 Nine Gates is concealed: the same tiles with an exposed pung of 9s are ruled out
    near = mjscore.near_misses("1112345678m 9m [999m]", RULES, k=3)
    gates = next(n for n in near if n.id == "nine-gates")
    assert gates.tiles_away is None
    assert gates.reason == "would be Nine Gates if concealed"
    assert mjscore.distances("1112345678m 9m [999m]", RULES)["nine-gates"] is None


def test_holding_the_tiles_but_not_the_situation() -> None:
    # 003 #11 Buried Treasure: four concealed pungs, all drawn from the wall
    near = mjscore.near_misses("222444666888s33s", RULES, k=3, win_tile="3s")
    treasure = next(n for n in near if n.id == "buried-treasure")
    assert treasure.tiles_away == 0
    assert "does not make it here" in treasure.reason and "self drawn" in treasure.reason
    drawn = mjscore.near_misses("222444666888s33s", RULES, k=3, win_tile="3s", self_drawn=True)
    assert next(n for n in drawn if n.id == "buried-treasure").reason.startswith("made: the hand is")


def test_a_hand_the_scorer_makes_is_said_to_be_made() -> None:
    # 003 #7 Big Four Winds
    near = mjscore.near_misses("11122233344455z", RULES, k=3, win_tile="5z")
    winds = next(n for n in near if n.id == "big-four-winds")
    assert winds.tiles_away == 0 and winds.reason.startswith("made: the hand is Big Four Winds")


def test_explain_names_the_other_special_hands_the_reading_also_made() -> None:
    # 002 All Green, all pungs, self-drawn: also 003 #11 Buried Treasure
    result = mjscore.score("222444666888s33s", RULES, win_tile="3s", self_drawn=True)
    made = {line.id for line in result.lines} | set(result.others)
    assert {"all-green", "buried-treasure"} <= made


@pytest.mark.parametrize("k", [0, -1, True, 1.5])
def test_k_must_be_a_positive_integer(k: object) -> None:
    with pytest.raises(InvalidHandError, match="at least one"):
        mjscore.near_misses("1112345678999m", RULES, k=k)  # type: ignore[arg-type]


def test_a_rule_set_without_hands_of_tiles_has_no_near_misses() -> None:
    assert mjscore.near_misses("1112345678999m", "babcock") == []


def test_to_dict_carries_the_tiles_as_text() -> None:
    near = mjscore.near_misses("1112345678999m", RULES, k=1)[0]
    data = near.to_dict()
    assert data["id"] == "nine-gates" and data["tiles_away"] == 1
    assert data["missing"] == [str(t) for t in near.missing] and data["reason"] == near.reason


def test_the_score_command_prints_near_misses(run: Callable[..., tuple[int, str, str]]) -> None:
    code, out, _ = run("score", "1112345678999m", "--rules", RULES, "--near")
    assert code == 0 and "Near misses" in out and "one tile short of Nine Gates" in out
    code, out, _ = run("score", "1112345678999m", "--rules", RULES, "--near", "2", "--json")
    document = json.loads(out)
    assert [n["id"] for n in document["near_misses"]][0] == "nine-gates"
    assert len(document["near_misses"]) == 2


@pytest.mark.parametrize("complete", ["11122233344455z", "222444666888s33s", "19m19p19s1234567z1m",
                                      "1112345678999m5m"])
def test_with_a_joker_the_missing_tiles_are_those_still_to_draw(complete: str) -> None:
    """A special hand of 002/003 held whole, one tile a joker and another removed: the
    near miss lacks one tile (the joker stands in for the other) and drawing it makes
    the hand (distance 0, the joker kept)."""
    rules = mjscore.load_rules(RULES, joker_use="pairs")
    whole = list(mjscore.parse_tiles(complete))
    tiles = sorted({t for t in range(34) if whole[t]})
    for wild, removed in zip(tiles, tiles[1:] + tiles[:1]):
        counts = list(whole)
        counts[wild] -= 1
        counts[removed] -= 1
        hand = mjscore.Hand(concealed=tuple(counts), jokers=1)
        away = mjscore.distances(hand, rules)
        near = next(n for n in mjscore.near_misses(hand, rules, k=len(away)) if away[n.id] == 1)
        assert near.tiles_away == 1 and len(near.missing) == 1, (complete, wild, removed)
        drawn = list(counts)
        drawn[near.missing[0]] += 1
        assert mjscore.distances(mjscore.Hand(concealed=tuple(drawn), jokers=1), rules)[near.id] == 0


def test_near_misses_with_jokers_need_a_rule_set_that_uses_them() -> None:
    hand = mjscore.Hand(concealed=tuple(mjscore.parse_tiles("19m19p19s123456z")), jokers=1)
    assert mjscore.near_misses(hand, mjscore.load_rules(RULES, joker_use="pairs"), k=1)[0].tiles_away == 1
    with pytest.raises(mjscore.core.errors.NotWinningError, match="does not use"):
        mjscore.near_misses(hand, RULES)


@pytest.mark.parametrize("context", [{"bogus": 1}, {"win_tile": "7z"}, {"seat_wind": "Q"}])
@pytest.mark.parametrize("hand", ["1112345678999m5m", "1112345678999m", "123m456p789s1z22z5p"])
def test_a_context_score_refuses_is_refused(hand: str, context: dict[str, object]) -> None:
    """``context``: "the keywords of mjscore.score"; a keyword or value score() refuses was
    swallowed (the hand then read as not winning), or never looked at when no special
    hand was complete. A 13-tile hand has no winning tile to check; the rest is."""
    size = mjscore.parse(hand).size
    if size == 13 and "win_tile" in context:
        context = {**context, "winner": True}  # a 13-tile hand that went out: refused by size
    with pytest.raises(mjscore.InvalidContextError):
        mjscore.score(hand, "chinese-classical", **context)
    with pytest.raises(mjscore.InvalidContextError):
        mjscore.near_misses(hand, "chinese-classical", k=1, **context)
