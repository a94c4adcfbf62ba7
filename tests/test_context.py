"""WinContext: situations that cannot happen at a table are rejected, the rest are accepted.

Context-only impossibilities are checked on :class:`WinContext` and again through
``mjscore.score``; those that need the hand too (the winning tile is in it, nothing is
exposed on a first-turn win) only through ``mjscore.score``.
"""

from __future__ import annotations

import dataclasses

import pytest

import mjscore
from mjscore import InvalidContextError, InvalidHandError, MjscoreError, Tile, WinContext, score
from mjscore.core.context import CONTEXT_KEYWORDS, Flag

READY = "123m 234p 567p 55s 78s +9s"  # a complete hand, won on the 9s
KONG = "[5555m] 234p 567p 55s 78s +9s"  # the same with an exposed kong


def test_invalid_context_error_is_a_value_error():
    assert issubclass(InvalidContextError, ValueError)
    assert issubclass(InvalidContextError, MjscoreError)
    assert issubclass(InvalidContextError, InvalidHandError)
    assert mjscore.InvalidContextError is InvalidContextError


# --- impossible whatever the hand ---------------------------------------------------------

IMPOSSIBLE = [
    # (context keywords, words of the message)
    pytest.param({"heaven": True, "self_drawn": True, "seat_wind": "S"}, "only the dealer",
                 id="heaven for a non-dealer"),
    pytest.param({"heaven": True, "self_drawn": True, "dealer": False}, "dealer sits East",
                 id="heaven for East said not to deal"),
    pytest.param({"heaven": True, "self_drawn": False}, "self-drawn", id="heaven said not to be self-drawn"),
    pytest.param({"earth": True}, "dealer cannot win with the hand from earth", id="earth for the dealer"),
    pytest.param({"earth": True, "seat_wind": "S", "dealer": True}, "dealer sits East",
                 id="earth for a dealer in the South seat"),
    pytest.param({"heaven": True, "earth": True, "self_drawn": True}, "earth", id="heaven and earth"),
    pytest.param({"robbing_kong": True, "self_drawn": True}, "robbed kong tile is not self-drawn",
                 id="robbing a kong self-drawn"),
    pytest.param({"robbing_kong": True, "last_discard": True}, "robbed kong tile is not a discard",
                 id="robbing a kong on the last discard"),
    pytest.param({"last_tile": True}, "last tile of the wall is self-drawn", id="last tile not self-drawn"),
    pytest.param({"last_discard": True, "self_drawn": True}, "last discard is not self-drawn",
                 id="last discard self-drawn"),
    pytest.param({"last_tile": True, "last_discard": True, "self_drawn": True}, "last discard",
                 id="last tile and last discard"),
    pytest.param({"replacement": "kong", "self_drawn": False}, "replacement",
                 id="a kong's loose tile said not to be self-drawn"),
    pytest.param({"replacement": "bonus", "self_drawn": False}, "replacement",
                 id="a flower's loose tile said not to be self-drawn"),
    pytest.param({"replacement": True, "self_drawn": False}, "replacement",
                 id="replacement=True said not to be self-drawn"),
    pytest.param({"replacement": "kong", "last_tile": True}, "dead wall",
                 id="a loose tile, implied self-drawn, is not the last tile of the wall"),
    pytest.param({"heaven": True, "seat_wind": "S"}, "only the dealer",
                 id="heaven, implied self-drawn, for a non-dealer"),
    pytest.param({"replacement": "kong", "self_drawn": True, "last_tile": True}, "dead wall",
                 id="a loose tile is not the last tile of the wall"),
    pytest.param({"kong_on_kong": True, "self_drawn": True}, "kong on kong",
                 id="kong on kong without a kong replacement"),
    pytest.param({"kong_on_kong": True, "self_drawn": True, "replacement": "bonus"}, "kong on kong",
                 id="kong on kong on a flower's loose tile"),
    pytest.param({"declared_calling": True, "earth": True, "seat_wind": "S"}, "lucky thirteen",
                 id="lucky thirteen with earth"),
    pytest.param({"declared_calling": True, "heaven": True, "self_drawn": True}, "lucky thirteen",
                 id="lucky thirteen with heaven"),
    pytest.param({"heaven": True, "self_drawn": True, "last_tile": True}, "first-turn",
                 id="heaven on the last tile"),
    pytest.param({"earth": True, "seat_wind": "S", "last_discard": True}, "first-turn",
                 id="earth on the last discard"),
    pytest.param({"winner": False, "self_drawn": True}, "did not go out", id="a loser self-drawn"),
    pytest.param({"winner": False, "robbing_kong": True}, "did not go out", id="a loser robbing a kong"),
    pytest.param({"winner": False, "replacement": "kong"}, "did not go out", id="a loser on a loose tile"),
    pytest.param({"winner": False, "declared_calling": True}, "did not go out",
                 id="a loser with the lucky thirteen"),
    # bad values
    pytest.param({"seat_wind": "X"}, "seat_wind must be a wind", id="seat wind 'X'"),
    pytest.param({"seat_wind": 5}, "seat_wind must be a wind", id="seat wind 5 (a tile index, 6m)"),
    pytest.param({"seat_wind": "5z"}, "seat_wind must be a wind", id="seat wind a dragon"),
    pytest.param({"seat_wind": True}, "seat_wind must be a wind", id="seat wind True"),
    pytest.param({"prevailing_wind": "East"}, "prevailing_wind must be a wind", id="prevailing wind 'East'"),
    pytest.param({"prevailing_wind": None}, "prevailing_wind must be a wind", id="prevailing wind None"),
    pytest.param({"self_drawn": 1}, "self_drawn must be True or False", id="self_drawn=1"),
    pytest.param({"heaven": "yes"}, "heaven must be True or False", id="heaven='yes'"),
    pytest.param({"last_tile": None}, "last_tile must be True or False", id="last_tile=None"),
    pytest.param({"winner": 0}, "winner must be True or False", id="winner=0"),
    pytest.param({"dealer": "yes"}, "dealer must be True or False", id="dealer='yes'"),
    pytest.param({"dealer": 1}, "dealer must be True or False", id="dealer=1"),
    pytest.param({"replacement": "flower", "self_drawn": True}, "replacement must be",
                 id="replacement='flower'"),
    pytest.param({"win_tile": "0m"}, "win_tile", id="win_tile '0m'"),
    pytest.param({"win_tile": 34}, "win_tile", id="win_tile index 34"),
]


@pytest.mark.parametrize(("context", "words"), IMPOSSIBLE)
def test_impossible_context(context, words):
    with pytest.raises(InvalidContextError, match=words):
        WinContext(**context)


@pytest.mark.parametrize(("context", "words"), IMPOSSIBLE)
def test_impossible_context_through_score(context, words):
    hand = READY if context.get("winner", True) else "123m 234p 567p 55s 78s"
    with pytest.raises(InvalidContextError, match=words):
        score(hand, "babcock", **context)


# --- impossible with this hand --------------------------------------------------------------

WITH_THE_HAND = [
    # (hand, context keywords, words of the message)
    pytest.param("123m 234p 567p 55s 789s", {"win_tile": "1z"}, "1z is not among the concealed tiles",
                 id="win tile not in the hand"),
    pytest.param("[555m] 234p 567p 55s 789s", {"win_tile": "5m"}, "not among the concealed tiles",
                 id="win tile only in an exposed meld"),
    pytest.param("123m 234p 567p 55s 789s", {"win_tile": "5s", "robbing_kong": True},
                 "can hold only the robbed one", id="robbing a kong of a tile the hand holds twice"),
    pytest.param("123m 234p 567p 789s 6z +6z", {"robbing_kong": True}, "robbing a kong of 6z",
                 id="robbing a kong to pair a lone tile"),
    pytest.param(READY, {"self_drawn": True, "replacement": "kong"}, "no kong",
                 id="a kong's loose tile with no kong in the hand"),
    pytest.param(KONG, {"self_drawn": True, "replacement": "kong", "kong_on_kong": True}, "two",
                 id="kong on kong with one kong"),
    pytest.param("[123m] 234p 567p 55s 789s", {"heaven": True, "self_drawn": True}, "exposed",
                 id="heaven with an exposed meld"),
    pytest.param("[123m] 234p 567p 55s 78s +9s", {"earth": True, "seat_wind": "S"}, "exposed",
                 id="earth with an exposed meld"),
    pytest.param("123m 234p 567p 55s 789s", {"winner": False}, "has 14 tiles",
                 id="a 14-tile hand with winner=False"),
    pytest.param(READY, {"winner": False}, "no winning tile", id="a hand with a winning tile and winner=False"),
    pytest.param("123m 234p 567p 55s 78s", {"winner": True}, "has 13 tiles",
                 id="a 13-tile hand with winner=True"),
    pytest.param(READY, {"win_tile": "8s"}, "marks 9s as its winning tile",
                 id="win_tile contradicting the hand's +9s"),
    pytest.param(READY, {"foo": True}, "unknown context keyword foo", id="unknown context keyword"),
    pytest.param(READY, {"selfdrawn": True, "seat": "E"}, "unknown context keywords",
                 id="two unknown context keywords"),
    pytest.param(READY, {"seat_wind": "X"}, "seat_wind must be a wind", id="bad wind 'X'"),
    pytest.param(READY, {"prevailing_wind": 5}, "prevailing_wind must be a wind", id="bad wind 5"),
    pytest.param(READY, {"self_drawn": "no"}, "self_drawn must be True or False", id="non-bool flag"),
]


@pytest.mark.parametrize(("hand", "context", "words"), WITH_THE_HAND)
def test_impossible_with_the_hand(hand, context, words):
    with pytest.raises(InvalidContextError, match=words):
        score(hand, "babcock", **context)


def test_unknown_keyword_lists_the_known_ones():
    with pytest.raises(InvalidContextError) as info:
        WinContext.from_keywords(selfdrawn=True)
    for name in CONTEXT_KEYWORDS:
        assert name in str(info.value)


# Situations that need the hand (or the tile) to be rejected.
HAND_DEPENDENT = [
    pytest.param("(5555m) 123m 234p 55s 78s +9s", {"heaven": True, "self_drawn": True},
                 id="heaven with a concealed kong"),
    pytest.param("123m 234p 567p 55s 78s", {"win_tile": "8s"},
                 id="a winning tile for a hand that did not go out"),
]


@pytest.mark.parametrize(("hand", "context"), HAND_DEPENDENT)
def test_impossible_with_this_hand(hand, context):
    with pytest.raises(InvalidContextError):
        score(hand, "babcock", **context)


def test_heaven_on_a_kongs_loose_tile():
    # 004: "When East picks up his first fourteen tiles prior to the beginning of play"
    with pytest.raises(InvalidContextError):
        WinContext(heaven=True, self_drawn=True, replacement="kong")


# --- valid contexts -------------------------------------------------------------------------

def test_defaults():
    context = WinContext()
    assert context.win_tile is None
    assert context.self_drawn is False
    assert context.seat_wind is Tile.EAST and context.prevailing_wind is Tile.EAST
    assert context.dealer is True  # derived: the East seat deals
    assert context.winner is True
    assert context.replacement is None
    assert not any(getattr(context, name) for name in (
        "last_tile", "last_discard", "robbing_kong", "kong_on_kong", "heaven", "earth", "declared_calling"))


@pytest.mark.parametrize(("seat", "dealer"), [("E", True), ("S", False), ("W", False), ("N", False)])
def test_dealer_derived_from_seat_wind(seat, dealer):
    assert WinContext(seat_wind=seat).dealer is dealer


def test_explicit_dealer_must_sit_east():
    # 004: "Only East may win in this way": the dealer is East in these rule books.
    assert WinContext(seat_wind="E", dealer=True).dealer is True
    assert WinContext(seat_wind="S", dealer=False).dealer is False
    with pytest.raises(InvalidContextError, match="dealer sits East"):
        WinContext(seat_wind="E", dealer=False)


@pytest.mark.parametrize("value", ["S", "s", Tile.SOUTH, "2z", int(Tile.SOUTH)],
                         ids=["'S'", "'s'", "Tile.SOUTH", "'2z'", "28"])
def test_wind_forms(value):
    context = WinContext(seat_wind=value, prevailing_wind=value)
    assert context.seat_wind is Tile.SOUTH and context.prevailing_wind is Tile.SOUTH


@pytest.mark.parametrize("value", ["E", "e", "S", "s", "W", "w", "N", "n", Tile.WEST, Tile.NORTH])
def test_score_accepts_wind_forms(value):
    s = score(READY, "babcock", seat_wind=value, prevailing_wind=value)
    assert s.context.seat_wind in (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)


def test_score_reads_winds_the_same_in_every_form():
    # 222z concealed is the South player's own wind: (20 + 8) x2 = 56, whichever way South is written
    totals = {score("222z 234p 567p 55s 78s +9s", "babcock", seat_wind=w).total
              for w in ("S", "s", Tile.SOUTH, "2z")}
    assert totals == {56}


@pytest.mark.parametrize(("value", "stored"), [(True, "kong"), (False, None), ("kong", "kong"),
                                               ("bonus", "bonus"), (None, None)])
def test_replacement_forms(value, stored):
    context = WinContext(replacement=value, self_drawn=value not in (False, None))
    assert context.replacement == stored


@pytest.mark.parametrize("value", ["9s", Tile.S9, int(Tile.S9)], ids=["'9s'", "Tile.S9", "26"])
def test_win_tile_forms(value):
    assert WinContext(win_tile=value).win_tile is Tile.S9
    assert score(READY, "babcock", win_tile=value).context.win_tile is Tile.S9


POSSIBLE = [
    pytest.param({}, id="a plain discard"),
    pytest.param({"self_drawn": True}, id="self-drawn"),
    pytest.param({"self_drawn": True, "last_tile": True}, id="last tile"),
    pytest.param({"last_discard": True}, id="last discard"),
    pytest.param({"robbing_kong": True}, id="robbing a kong"),
    pytest.param({"self_drawn": True, "replacement": "bonus"}, id="a flower's loose tile"),
    pytest.param({"heaven": True, "self_drawn": True}, id="heaven for East"),
    pytest.param({"heaven": True}, id="heaven for East, self-drawn implied"),
    pytest.param({"replacement": "bonus"}, id="a flower's loose tile, self-drawn implied"),
    pytest.param({"earth": True, "seat_wind": "S"}, id="earth for South"),
    pytest.param({"earth": True, "seat_wind": "N", "self_drawn": True}, id="earth self-drawn (002's reading)"),
    pytest.param({"declared_calling": True, "seat_wind": "W"}, id="lucky thirteen for West"),
    pytest.param({"declared_calling": True, "self_drawn": True, "last_tile": True}, id="lucky thirteen on the last tile"),
    pytest.param({"seat_wind": "N", "prevailing_wind": "S"}, id="North in the South round"),
]


@pytest.mark.parametrize("context", POSSIBLE)
def test_possible_context(context):
    built = WinContext(**context)
    assert WinContext.from_keywords(**context) == built
    s = score(READY, "babcock", **context)
    assert dataclasses.replace(s.context, win_tile=None) == built


@pytest.mark.parametrize("context", [
    pytest.param({"self_drawn": True, "replacement": "kong"}, id="a kong's loose tile"),
    pytest.param({"self_drawn": True, "replacement": True}, id="replacement=True"),
    pytest.param({"self_drawn": True, "replacement": "kong", "kong_on_kong": True}, id="kong on kong"),
])
def test_possible_kong_contexts(context):
    s = score("[5555m] (8888p) 234p 55s 78s +9s", "babcock", **context)
    assert s.context.replacement == "kong"


def test_losing_context():
    s = score("123m 234p 567p 55s 78s", "babcock")
    assert s.context.winner is False
    assert score("123m 234p 567p 55s 78s", "babcock", winner=False).context == s.context


def test_context_is_frozen():
    context = WinContext()
    with pytest.raises(dataclasses.FrozenInstanceError):
        context.heaven = True  # type: ignore[misc]


def test_context_keywords_are_the_fields():
    # every field a caller sets; `flags` is derived from them
    assert set(CONTEXT_KEYWORDS) == {f.name for f in dataclasses.fields(WinContext) if f.init}
    assert "flags" not in CONTEXT_KEYWORDS
    assert {"win_tile", "self_drawn", "seat_wind", "prevailing_wind", "dealer"} <= set(CONTEXT_KEYWORDS)


# --- flowers and seasons (context keywords; no shipped rule set scores them) ----------------

def test_flowers_and_seasons_come_from_the_hand():
    scored = score("123m 456p 789s 11z [555z] 12f 3y", "babcock", win_tile="1z")
    assert (scored.context.flowers, scored.context.seasons) == ((1, 2), (3,))
    plain = score("123m 456p 789s 11z [555z]", "babcock", win_tile="1z")
    assert scored.total == plain.total  # Babcock's chapter 4 has no bonus-tile score


@pytest.mark.parametrize("keywords, words", [
    ({"flowers": [5]}, "numbered 1-4"),
    ({"flowers": [1, 1]}, "held once"),
    ({"seasons": "1"}, "numbered 1-4"),
    ({"seasons": [True]}, "numbered 1-4"),
])
def test_bad_flowers_and_seasons(keywords, words):
    with pytest.raises(InvalidContextError, match=words):
        WinContext(**keywords)


def test_flowers_must_match_the_hand():
    with pytest.raises(InvalidContextError, match="shows"):
        score("123m 456p 789s 11z [555z] 12f", "babcock", win_tile="1z", flowers=[3])


# --- situations that are self-drawn by definition (issue 12 item 5) --------------------------

@pytest.mark.parametrize("situation", [{"heaven": True}, {"replacement": "kong"}, {"replacement": "bonus"},
                                       {"replacement": True}], ids=repr)
def test_heaven_and_a_loose_tile_imply_self_drawn(situation):
    implied = WinContext(**situation)
    assert implied.self_drawn is True
    assert implied == WinContext(**situation, self_drawn=True)
    assert WinContext.from_keywords(**situation) == implied
    assert implied.flags & Flag.SELF_DRAWN


@pytest.mark.parametrize("situation", [{}, {"earth": True, "seat_wind": "S"}, {"robbing_kong": True},
                                       {"last_discard": True}, {"replacement": None}, {"replacement": False},
                                       {"heaven": False}, {"declared_calling": True, "seat_wind": "W"}],
                         ids=repr)
def test_nothing_else_implies_self_drawn(situation):
    assert WinContext(**situation).self_drawn is False


def test_last_tile_still_needs_self_drawn_said():
    # not in issue 12's list: the last tile of the wall could be a drawn tile or (by some
    # books) the last discard, so the caller says which
    with pytest.raises(InvalidContextError, match="last tile of the wall is self-drawn"):
        WinContext(last_tile=True)


@pytest.mark.parametrize(("hand", "situation"), [
    ("123m 456p 789s 111z 2z +2z", {"heaven": True}),
    (KONG, {"replacement": "kong"}),
    (KONG, {"replacement": True}),
    ("[5555m] [2222z] 234p 55s 78s +9s", {"replacement": "kong", "kong_on_kong": True}),
    (READY, {"replacement": "bonus"}),
], ids=["heaven", "kong's loose tile", "replacement=True", "kong on kong", "flower's loose tile"])
def test_score_implies_self_drawn(hand, situation):
    implied = score(hand, "babcock", **situation)
    said = score(hand, "babcock", **situation, self_drawn=True)
    assert implied.context.self_drawn is True
    assert implied.total == said.total and implied.lines == said.lines
    assert "self-drawn" in {line.id for line in implied.lines}


@pytest.mark.parametrize("situation", [{"heaven": True}, {"replacement": "kong"}], ids=repr)
def test_an_explicit_false_still_contradicts(situation):
    hand = KONG if "replacement" in situation else READY
    with pytest.raises(InvalidContextError, match="self-drawn"):
        score(hand, "babcock", **situation, self_drawn=False)


@pytest.mark.parametrize(("hand", "option", "situation"), [
    ("123m 456p 789s 111z 2z +2z", ("--heaven",), {"heaven": True}),
    (KONG, ("--replacement", "kong"), {"replacement": "kong"}),
], ids=["--heaven", "--replacement kong"])
def test_the_command_implies_self_drawn(run, hand, option, situation):
    import json

    code, out, err = run("score", hand, *option, "--json")
    assert code == 0, err
    assert json.loads(out)["score"]["total"] == score(hand, "babcock", **situation, self_drawn=True).total
