"""Waits under a rule set (issue 31, item 5): ``mjscore.waits(hand, rules=...)`` lists the
tiles on which the hand goes out under the rule set, as the scorer decides it; without
``rules`` it is the shape-based answer."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import mjscore
from mjscore import (InvalidContextError, InvalidHandError, NotationError, RuleSetError, Shape, Tile,
                     load_rules)

Run = Callable[..., tuple[int, str, str]]


def _names(found: dict[Tile, object]) -> list[str]:
    return [str(t) for t in found]


@pytest.fixture
def one_chow(tmp_path: Path) -> Path:
    """Babcock's rules with at most one chow in a winning hand (``max-chows = 1``: the limit
    001 notes for the Jade Hand, "Some players require this hand to contain no more than
    one Chow", here on every hand, as the coming ``bmja`` rule set will have it)."""
    path = tmp_path / "one_chow.toml"
    path.write_text('name = "one-chow"\naliases = []\nextends = "babcock"\nmax-chows = 1\n', encoding="utf-8")
    return path


# --- special hands -------------------------------------------------------------------------------


SNAKE = "123456789m 1123z"
"""One tile from 001's Wriggly Snake ("1-9 in one suit plus NEWS plus any Wind (making for
one paired Wind)"): it has E twice, S and W, and lacks N; no standard shape is near."""


def test_a_hand_one_tile_from_a_special_hand_waits_on_that_tile(backend: str) -> None:
    assert mjscore.waits(SNAKE) == {}  # no shape: the shape-based answer has no wait
    assert mjscore.waits(SNAKE, rules="babcock") == {}  # Babcock has no Wriggly Snake
    western = mjscore.waits(SNAKE, rules="western")
    assert _names(western) == ["4z"]
    assert western[Tile.NORTH] == ()  # no shape the kernel knows: the value is empty
    assert mjscore.score(f"{SNAKE} +4z", "western").special == "wriggly-snake"


def test_every_wind_completes_the_snake_when_each_is_held_once(backend: str) -> None:
    # "plus any Wind": E, S, W or N pairs; a dragon makes 001's Five Odd Honors
    # ("1-9 in one suit plus any five different Honors") instead
    assert _names(mjscore.waits("123456789m 1234z", rules="western")) == [
        "1z", "2z", "3z", "4z", "5z", "6z", "7z"]


# --- refused shapes ------------------------------------------------------------------------------


TWO_CHOWS = "123m 456p 111s 2z 555z"
"""Two chows, two pungs and a single East: it goes out only on 2z, with two chows."""


def test_a_chow_limit_drops_a_wait_that_needs_two_chows(backend: str, one_chow: Path) -> None:
    assert _names(mjscore.waits(TWO_CHOWS)) == ["2z"]
    assert _names(mjscore.waits(TWO_CHOWS, rules="babcock")) == ["2z"]
    assert mjscore.waits(TWO_CHOWS, rules=one_chow) == {}
    # one chow is within the limit
    assert _names(mjscore.waits("123m 444p 111s 2z 555z", rules=one_chow)) == ["2z"]


def test_the_chow_limit_keeps_a_tile_that_goes_out_with_one_chow(backend: str, one_chow: Path) -> None:
    hand = "8889m 345p 888s 222z"
    # 7m: 789m and the pair 88m, with 345p two chows; 9m: 888m and the pair 99m, one chow
    assert _names(mjscore.waits(hand)) == ["7m", "9m"]
    assert _names(mjscore.waits(hand, rules="babcock")) == ["7m", "9m"]
    assert _names(mjscore.waits(hand, rules=one_chow)) == ["9m"]


def test_a_chow_limit_drops_the_placements_it_refuses(backend: str, one_chow: Path) -> None:
    hand = "111222333m 5p 777s"  # 1-3m read as three pungs or as three chows
    both = mjscore.waits(hand)[Tile.P5]
    assert sorted(" ".join(map(str, p.decomposition or ())) for p in both) == [
        "111m 222m 333m 777s 55p", "123m 123m 123m 777s 55p"]
    kept = mjscore.waits(hand, rules=one_chow)[Tile.P5]
    assert [" ".join(map(str, p.decomposition or ())) for p in kept] == ["111m 222m 333m 777s 55p"]
    assert mjscore.waits(hand, rules="babcock")[Tile.P5] == both


REQUIRED_MIX = "1122334455667m"
"""Waits on 1m and 4m with plain hands of sets only, and on 7m with 001's Clean Pairs
("Seven pairs in one suit (Winds or Dragons allowed)")."""


def test_special_hands_required_keeps_only_special_hand_waits(backend: str) -> None:
    # 001: "some players require special hands - that is to say, a normal legal hand of
    # chows and Pungs and a pair does not qualify for a win" (western's preset `required`)
    required = load_rules("western", preset="required")
    assert _names(mjscore.waits(REQUIRED_MIX, rules="western")) == ["1m", "4m", "7m"]
    assert _names(mjscore.waits(REQUIRED_MIX, rules=required)) == ["7m"]
    assert mjscore.waits(TWO_CHOWS, rules=required) == {}
    assert _names(mjscore.waits(SNAKE, rules=required)) == ["4z"]
    # 7m's hands of sets are refused too: only its Clean Pairs reading is left
    assert len(mjscore.waits(REQUIRED_MIX, rules="western")[Tile.M7]) == 4
    assert [p.shape for p in mjscore.waits(REQUIRED_MIX, rules=required)[Tile.M7]] == [Shape.SEVEN_PAIRS]


# --- seven pairs ---------------------------------------------------------------------------------


PAIRS = "1122m 3344p 5566s 7z"


def test_seven_pairs_wait_only_where_the_rule_set_takes_seven_pairs(backend: str) -> None:
    assert _names(mjscore.waits(PAIRS)) == ["7z"]
    # Babcock's rules (004) and the Chinese chart (002) know no hand of seven pairs
    assert mjscore.waits(PAIRS, rules="babcock") == {}
    assert mjscore.waits(PAIRS, rules="chinese-classical") == {}
    # 001's Dirty Pairs: "Seven pairs of anything"
    found = mjscore.waits(PAIRS, rules="western")
    assert _names(found) == ["7z"]
    assert [p.shape for p in found[Tile.RED]] == [Shape.SEVEN_PAIRS]


# --- the situation -------------------------------------------------------------------------------


@pytest.fixture
def cc_required(tmp_path: Path) -> Path:
    path = tmp_path / "cc_required.toml"
    path.write_text('name = "cc-required"\naliases = []\nextends = "chinese-classical"\n'
                    "special-required = true\n", encoding="utf-8")
    return path


def test_a_wait_that_needs_a_self_drawn_tile(backend: str, cc_required: Path) -> None:
    # 002's 4 Concealed Triplets: "all triplets hidden, pair may include discarded tile".
    # Waiting on two pairs, a discard makes an exposed pung; only a drawn tile keeps all four hidden.
    hand = "111m 222p 333s 44z 55z"
    assert mjscore.waits(hand, rules=cc_required, self_drawn=False) == {}
    assert _names(mjscore.waits(hand, rules=cc_required, self_drawn=True)) == ["4z", "5z"]
    assert _names(mjscore.waits(hand, rules=cc_required)) == ["4z", "5z"]  # either way
    # the pair may be completed by a discard
    assert _names(mjscore.waits("111m 222p 333s 444z 5z", rules=cc_required, self_drawn=False)) == ["5z"]


def test_a_claimed_kong_keeps_a_hand_concealed_where_the_rule_set_says_so(backend: str, tmp_path: Path) -> None:
    # A claimed kong ({1111m}: a concealed pung completed by a discard) under claimed-kongs =
    # "concealed" (dmjl's and bmja's reading) keeps the hand concealed: with special hands
    # required, a hand of this file's own that needs a concealed hand goes out on its pair;
    # the same kong exposed does not
    path = tmp_path / "claimed_concealed.toml"
    path.write_text('name = "claimed-concealed"\naliases = []\nextends = "babcock"\n'
                    'special-required = true\nclaimed-kongs = "concealed"\n\n[[hands]]\n'
                    'id = "concealed-pungs"\nname = "Concealed pungs"\n'
                    'groups = ["4 pung/kong any", "pair any"]\nwhen = ["concealed-hand"]\nlimit = 1\n'
                    'source = "this test\'s own hand"\n', encoding="utf-8")
    hand = "{1111m} 222p 555s 555z 6z"
    assert _names(mjscore.waits(hand, rules=path, self_drawn=True)) == ["6z"]
    assert mjscore.waits(hand.replace("{1111m}", "[1111m]"), rules=path, self_drawn=True) == {}


def test_robbing_a_kong_takes_only_a_tile_the_hand_does_not_hold(backend: str) -> None:
    hand = "123m 456p 789s 1z [777z]"  # waits on its single 1z
    assert _names(mjscore.waits(hand, rules="babcock")) == ["1z"]
    assert mjscore.waits(hand, rules="babcock", robbing_kong=True) == {}
    assert _names(mjscore.waits("123m 456p 78s 11z [777z]", rules="babcock", robbing_kong=True)) == ["6s", "9s"]


def test_a_situation_the_hand_rules_out_raises(backend: str) -> None:
    with pytest.raises(InvalidContextError, match="declares no kong"):
        mjscore.waits("123m 456p 789s 1z [777z]", rules="babcock", replacement="kong")
    with pytest.raises(InvalidContextError, match="nothing exposed"):
        mjscore.waits("123m 456p 789s 1z [777z]", rules="babcock", heaven=True)
    with pytest.raises(InvalidContextError, match="robbed kong tile is not self-drawn"):
        mjscore.waits("123m 456p 789s 1z [777z]", rules="babcock", robbing_kong=True, self_drawn=True)


# --- jokers --------------------------------------------------------------------------------------


JOKER = "123m 456p 789s 11z 5z J"


def test_a_hand_with_a_joker_waits_where_the_rule_set_lets_it_stand(backend: str) -> None:
    pungs = load_rules("babcock", joker_use="pungs")
    pairs = load_rules("babcock", joker_use="pairs")
    # in pungs: 5z makes 55Jz with the pair 11z; 1z would leave the joker in a pair with 5z
    assert _names(mjscore.waits(JOKER, rules=pungs)) == ["5z"]
    assert _names(mjscore.waits(JOKER, rules=pairs)) == ["1z", "5z"]
    assert mjscore.waits(JOKER, rules=pairs) == mjscore.waits(JOKER, joker_use="pairs")
    # a joker inside a declared meld (the rows cannot carry it: score() reads each tile)
    assert _names(mjscore.waits("123m 456p 78s 11z [5J5z]", rules=pungs)) == ["6s", "9s"]
    with pytest.raises(InvalidHandError, match="only in pungs and kongs"):
        mjscore.waits("123m 456p 789s 1z [1J3s]", rules=pungs)
    assert _names(mjscore.waits("123m 456p 789s 1z [1J3s]", rules=load_rules("babcock", joker_use="chows"))) == ["1z"]


def test_a_drawn_joker_is_no_wait(backend: str) -> None:
    # the winning tile is a natural tile (docs/rule-files.md, "Jokers"): the keys are tiles
    found = mjscore.waits(JOKER, rules=load_rules("babcock", joker_use="pairs"))
    assert found and all(isinstance(tile, Tile) for tile in found)


def test_a_hand_with_jokers_under_a_rule_set_without_them_raises(backend: str) -> None:
    with pytest.raises(InvalidHandError, match="does not use"):
        mjscore.waits(JOKER, rules="babcock")
    with pytest.raises(RuleSetError, match="joker_use="):
        mjscore.waits(JOKER, joker_use="chows", rules=load_rules("babcock", joker_use="pungs"))


# --- agreement with the scorer --------------------------------------------------------------------


def _key(groups: object) -> list[tuple[int, int, bool]]:
    return sorted((int(g.kind), int(g.first), isinstance(g, mjscore.Meld)) for g in groups)  # type: ignore[attr-defined]


def _ready_hands(rules: str) -> list[list[int]]:
    """Complete hands (random sets and a pair, and the rule set's special hands) less one
    tile: the first or the last they hold, in turn."""
    rows = [list(map(int, row)) for row in mjscore.rows.sample.random_complete_hands(24, seed=31)]
    if rules != "babcock":  # its limit hands are situations, not tiles
        from mjscore.distances.samples import random_special_hands

        counts, melds, _ = random_special_hands(rules, 16, seed=31)
        rows += [list(map(int, row)) for row, declared in zip(counts, melds) if (declared == 0xFF).all()]
    for number, counts in enumerate(rows):
        held = [t for t in range(34) if counts[t]]
        counts[held[0] if number % 2 else held[-1]] -= 1
    return rows


@pytest.mark.parametrize("rules", ["babcock", "chinese-classical", "western", "american"])
def test_each_wait_goes_out_and_keeps_the_reading_that_scores(backend: str, rules: str) -> None:
    """Over ready hands, on a discard: a tile is a wait exactly when score() takes the
    completed hand, and a standard reading that scores is among the tile's placements."""
    checked = 0
    for counts in _ready_hands(rules):
        hand = mjscore.format_tiles(counts)
        found = mjscore.waits(hand, rules=rules, self_drawn=False)
        for tile in (Tile(t) for t in range(34) if counts[t] < 4):
            try:
                scored = mjscore.score(f"{hand} +{tile}", rules, self_drawn=False)
            except mjscore.NotWinningError:
                assert tile not in found, (hand, str(tile))
                continue
            assert tile in found, (hand, str(tile))
            checked += 1
            if scored.shape == "standard":
                assert _key(scored.decomposition) in [_key(p.decomposition) for p in found[tile]
                                                      if p.shape == Shape.STANDARD], (hand, str(tile))
    assert checked >= 24


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("call, error, message", [
    (lambda: mjscore.waits("123m 456p 789s 11z 5z", rules="babcock"), InvalidHandError, "needs a 13-tile hand"),
    (lambda: mjscore.waits("123m 456p 789s 11z 55z +5z", rules="babcock"), InvalidHandError, "13-tile"),
    (lambda: mjscore.waits("123m 456x", rules="babcock"), NotationError, "not a suit letter"),
    (lambda: mjscore.waits(SNAKE, rules="no-such-rules"), RuleSetError, "no-such-rules"),
    (lambda: mjscore.waits(SNAKE, rules="western", win_tile="4z"), InvalidContextError, "win_tile"),
    (lambda: mjscore.waits(SNAKE, rules="western", winner=False), InvalidContextError, "winner"),
    (lambda: mjscore.waits(SNAKE, rules="western", seat_wind="X"), InvalidContextError, "seat_wind"),
    (lambda: mjscore.waits(SNAKE, rules="western", moon=True), InvalidContextError, "moon"),
    (lambda: mjscore.waits(SNAKE, self_drawn=True), InvalidContextError, "only with rules="),
    (lambda: mjscore.waits(SNAKE, rules="western", self_drawn=1), InvalidContextError, "True or False"),
    (lambda: mjscore.waits(SNAKE, rules="western", dealer=True, seat_wind="S"), InvalidContextError,
     "dealer sits East"),
    (lambda: mjscore.waits(13, rules="western"), NotationError, "written as text"),
], ids=["size", "complete", "notation", "rules", "win_tile", "winner", "wind", "keyword", "context-without-rules",
        "flag", "dealer", "not-text"])
def test_bad_input_raises_the_package_errors(call: Callable[[], object], error: type[Exception],
                                             message: str) -> None:
    with pytest.raises(error, match=message) as raised:
        call()
    assert isinstance(raised.value, mjscore.MjscoreError)


# --- the command ---------------------------------------------------------------------------------


def test_the_command_lists_the_rule_sets_waits_at_80_columns(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("click")
    cell_len = pytest.importorskip("rich.cells").cell_len

    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = run("waits", "123456789m 1234z", "--rules", "western")
    assert code == 0 and err == ""
    assert max(cell_len(line) for line in out.splitlines()) <= 80
    rows = [line for line in out.splitlines() if "special hand" in line]
    assert len(rows) == 7  # the four winds and the three dragons
    assert sum("Wriggly Snake" in row and "wriggly-snake" in row for row in rows) == 4
    assert sum("Five Odd Honors" in row for row in rows) == 3
    total = mjscore.score("123456789m 1234z +4z", "western").total
    assert f" {total} " in rows[3]


def test_the_command_names_the_tiles_the_rule_set_refuses(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run("waits", REQUIRED_MIX, "--rules", "western", "--preset", "required")
    assert code == 0
    assert "🀍 7m" in out and "🀇 1m" not in out and "🀊 4m" not in out
    assert "not going out under western: 1m 4m." in out
    code, out, _ = run("waits", TWO_CHOWS, "--rules", "western", "--preset", "required")
    assert code == 0 and "No winning tile" in out and "2z" in out.splitlines()[-1]
