"""Hand notation: both forms, every feature, canonical output, round trips, errors, fuzz."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjscore.core.errors import InvalidHandError, LongHandError, MjscoreError, NotationError
from mjscore.core.group import GroupKind, Meld
from mjscore.core.hand import Hand
from mjscore.core.notation import (
    _parse_careful, _parse_common, format_hand, parse_bonus, parse_hand, parse_single_tile, western_word,
)
from mjscore.core.tile import Bonus, Tile, parse_tiles

SEQUENCE, TRIPLET, QUAD = GroupKind.SEQUENCE, GroupKind.TRIPLET, GroupKind.QUAD
SEQUENCE_STARTS = [t for t in range(27) if t % 9 < 7]


def hand(tiles: str, *melds: Meld, win: Tile | None = None, bonus=(), jokers: int = 0) -> Hand:
    """A hand built without the notation, to check the parser against."""
    return Hand(parse_tiles(tiles), melds, win, bonus, jokers)


@st.composite
def hands(draw) -> Hand:
    """Any valid hand: up to four melds (some holding jokers), jokers, a winning tile, bonus tiles."""
    left = [4] * 34
    melds = []
    wild = 0
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from([SEQUENCE, TRIPLET, QUAD]))
        if kind is SEQUENCE:
            firsts = [t for t in SEQUENCE_STARTS if min(left[t:t + 3]) > 0]
        else:
            firsts = [t for t in range(34) if left[t] >= kind.size]
        first = draw(st.sampled_from(firsts))
        jokers = draw(st.sampled_from([0, 0, 1] if kind is SEQUENCE else [0, 0, 1, 2, kind.size - 1]))
        jokers = min(jokers, 8 - wild)
        joker_tile = Tile(first + draw(st.integers(0, 2))) if kind is SEQUENCE and jokers else None
        meld = Meld(kind, first, kind is QUAD and draw(st.booleans()), jokers, joker_tile)
        for t in meld.tiles:
            left[t] -= 1
        melds.append(meld)
        wild += jokers
    size = draw(st.sampled_from([13, 14]))
    free = size - 3 * len(melds)
    jokers = draw(st.one_of(st.just(0), st.integers(0, min(8 - wild, free))))
    concealed = [0] * 34
    for _ in range(free - jokers):
        t = draw(st.sampled_from([t for t in range(34) if left[t]]))
        left[t] -= 1
        concealed[t] += 1
    win = None
    if size == 14 and any(concealed) and draw(st.booleans()):
        win = draw(st.sampled_from([t for t in range(34) if concealed[t]]))
    bonus = draw(st.sets(st.sampled_from(Bonus)))
    return Hand(tuple(concealed), tuple(melds), win, tuple(bonus), jokers)


# --- reading ---------------------------------------------------------------------

PUNG_7S = Meld(TRIPLET, Tile.S7)
KONG_EAST = Meld(QUAD, Tile.EAST)
HIDDEN_KONG_9P = Meld(QUAD, Tile.P9, True)
PUNG_RED = Meld(TRIPLET, Tile.RED)
PUNG_5S_J = Meld(TRIPLET, Tile.S5, jokers=1)
KONG_RED_JJ = Meld(QUAD, Tile.RED, True, jokers=2)


def chow_4s(joker: Tile) -> Meld:
    """The exposed chow 4-5-6s whose joker stands for ``joker``."""
    return Meld(SEQUENCE, Tile.S4, jokers=1, joker_tile=joker)


MELDS = (PUNG_7S, KONG_EAST, HIDDEN_KONG_9P)
THIRTEEN = hand("123m456p789s11122z")
WIN_SOUTH = hand("123m456p789s11222z", win=Tile.SOUTH)
BONUS_123 = (Bonus.F1, Bonus.F2, Bonus.Y3)

COMPACT = [
    ("plain", "123m456p789s11122z", THIRTEEN),
    ("split-runs", "1m2m3m 4p5p 6p 789s 111z 22z", THIRTEEN),
    ("any-whitespace", "  123m\t456p\n789s11122z  ", THIRTEEN),
    ("melds-and-kongs", "123m 55z [777s] [1111z] (9999p)", hand("123m55z", *MELDS)),
    ("melds-unspaced", "123m 55z [777s][1111z](9999p)", hand("123m55z", *MELDS)),
    ("exposed-sequence", "[789m] 123p456p789s1z", hand("123p456p789s1z", Meld(SEQUENCE, Tile.M7))),
    ("meld-any-order", "[3m1m2m] 123p456p789s1z", hand("123p456p789s1z", Meld(SEQUENCE, Tile.M1))),
    ("win-added", "123m456p789s1122z +2z", WIN_SOUTH),
    ("win-first", "+2z 123m456p789s1122z", WIN_SOUTH),
    ("win-unspaced", "123m456p789s1122z+2z", WIN_SOUTH),
    ("bonus", "123m456p789s1122z 12f3y", hand("123m456p789s1122z", bonus=BONUS_123)),
    ("bonus-split", "3y 123m456p789s1122z 2f1f", hand("123m456p789s1122z", bonus=BONUS_123)),
    ("jokers", "123m456p789s1z JJJ", hand("123m456p789s1z", jokers=3)),
    ("jokers-inside-words", "123m456p J789s1zJ J", hand("123m456p789s1z", jokers=3)),
    ("meld-before-tiles", "[RD RD RD] 123m456p789s1z +1z", hand("123m456p789s11z", PUNG_RED, win=Tile.EAST)),
    ("joker-pung-in-run", "[5J5s] 123m456p789s1z", hand("123m456p789s1z", PUNG_5S_J)),
    ("joker-pung-after-run", "[55sJ] 123m456p789s1z", hand("123m456p789s1z", PUNG_5S_J)),
    ("joker-pung-words", "[5s J 5s] 123m456p789s1z", hand("123m456p789s1z", PUNG_5S_J)),
    ("joker-pung-first", "[J5s5s] 123m456p789s1z", hand("123m456p789s1z", PUNG_5S_J)),
    ("joker-pung-one-natural", "[5sJJ] 123m456p789s1z", hand("123m456p789s1z", Meld(TRIPLET, Tile.S5, jokers=2))),
    ("joker-kong-concealed", "(7zJJ7z) 123m456p789s1z", hand("123m456p789s1z", KONG_RED_JJ)),
    ("joker-kong-run", "(77JJz) 123m456p789s1z", hand("123m456p789s1z", KONG_RED_JJ)),
    ("joker-chow-middle", "[4J6s] 123m456p789s1z", hand("123m456p789s1z", chow_4s(Tile.S5))),
    ("joker-chow-low", "[J56s] 123m456p789s1z", hand("123m456p789s1z", chow_4s(Tile.S4))),
    ("joker-chow-high", "[4s 5s J] 123m456p789s1z", hand("123m456p789s1z", chow_4s(Tile.S6))),
    ("jokers-in-and-out", "[55Js] 123m456p789s J", hand("123m456p789s", PUNG_5S_J, jokers=1)),
]


@pytest.mark.parametrize(("text", "expected"), [pytest.param(*row[1:], id=row[0]) for row in COMPACT])
def test_compact(text, expected):
    assert parse_hand(text) == expected


WESTERN = [
    ("example", "1C 2C 3C 4D 5D 6D 7B 8B 9B E [RD RD RD] +E", hand("123m456p789s11z", PUNG_RED, win=Tile.EAST)),
    ("any-case", "1c 2c 3c 4d 5d 6d 7b 8b 9b e [rd rD Rd] + e", hand("123m456p789s11z", PUNG_RED, win=Tile.EAST)),
    ("honours", "E E E S S S W W W N N N WD WD", hand("111222333444z55z")),
    (
        "kongs",
        "GD GD GD RD RD 1C 2C 3C (9D 9D 9D 9D) [N N N]",
        hand("123m66677z", HIDDEN_KONG_9P, Meld(TRIPLET, Tile.NORTH)),
    ),
    (
        "bonus-and-joker",
        "1B 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B 9B 9B F1 S4 J",
        hand("1112345678999s", bonus=(Bonus.F1, Bonus.Y4), jokers=1),
    ),
    ("joker-pung", "[5B J 5B] 1C 2C 3C 4D 5D 6D 7B 8B 9B E", hand("123m456p789s1z", PUNG_5S_J)),
    ("joker-kong", "(RD J J RD) 1C 2C 3C 4D 5D 6D 7B 8B 9B E", hand("123m456p789s1z", KONG_RED_JJ)),
    ("joker-chow", "[4b J 6b] 1c 2c 3c 4d 5d 6d 7b 8b 9b e",
     hand("123m456p789s1z", chow_4s(Tile.S5))),
]


@pytest.mark.parametrize(("text", "expected"), [pytest.param(*row[1:], id=row[0]) for row in WESTERN])
def test_western(text, expected):
    assert parse_hand(text) == expected


def test_forms_mix():
    western = parse_hand("1C 2C 3C 4D 5D 6D 7B 8B 9B E [RD RD RD] +E")
    assert parse_hand("123m 4D 5D 6D 789s [rd 7z RD] + 1z 1z") == western
    assert parse_hand("1C 2C 3C 456p 7B 8B 9B 1z [777z] +E") == western


# --- writing ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "mpsz", "western"),
    [
        pytest.param(
            "11122z 789s 456p 123m",
            "123m456p789s11122z",
            "1C 2C 3C 4D 5D 6D 7B 8B 9B E E E S S",
            id="sorted-into-one-run",
        ),
        pytest.param(
            "(9999p) [1111z] 55z [777s] 123m",
            "123m55z [777s] (9999p) [1111z]",
            "1C 2C 3C WD WD [7B 7B 7B] (9D 9D 9D 9D) [E E E E]",
            id="melds-in-canonical-order",
        ),
        pytest.param(
            "123m456p789s1122z +2z",
            "123m456p789s1122z +2z",
            "1C 2C 3C 4D 5D 6D 7B 8B 9B E E S S +S",
            id="win-tile-taken-out",
        ),
        pytest.param(
            "JJJ 4y 3f 1y 123m456p789s1z 1f",
            "123m456p789s1z 13f14y JJJ",
            "1C 2C 3C 4D 5D 6D 7B 8B 9B E F1 F3 S1 S4 J J J",
            id="bonus-then-jokers",
        ),
        pytest.param(
            "J [123m] [123m] [123m] [123m] +1z",
            "[123m] [123m] [123m] [123m] +1z J",
            "[1C 2C 3C] [1C 2C 3C] [1C 2C 3C] [1C 2C 3C] +E J",
            id="only-the-win-tile-concealed",
        ),
        pytest.param(
            "[123m] [123m] [123m] [123m] 2y JJ",
            "[123m] [123m] [123m] [123m] 2y JJ",
            "[1C 2C 3C] [1C 2C 3C] [1C 2C 3C] [1C 2C 3C] S2 J J",
            id="no-concealed-tiles",
        ),
        pytest.param(
            "[J 5s 5s] (7zJJ7z) [4s5sJ] [J23m] 1z +1z",
            "1z [J23m] [45Js] [55Js] (77JJz) +1z",
            "E [J 2C 3C] [4B 5B J] [5B 5B J] (RD RD J J) +E",
            id="jokers-in-melds",
        ),
        pytest.param(
            "[4J6s] [456s] JJ [J56s] 1z 2z +2z",
            "12z [456s] [J56s] [4J6s] +2z JJ",
            "E S [4B 5B 6B] [J 5B 6B] [4B J 6B] +S J J",
            id="fewer-jokers-first",
        ),
    ],
)
def test_canonical_output(text, mpsz, western):
    parsed = parse_hand(text)
    assert str(parsed) == format_hand(parsed) == format_hand(parsed, "mpsz") == mpsz
    assert format_hand(parsed, "western") == parsed.to_western() == western
    assert parse_hand(mpsz) == parse_hand(western) == parsed


def test_format_rejects_unknown_style():
    with pytest.raises(NotationError, match="unknown notation style 'tenhou'"):
        format_hand(parse_hand("123m456p789s1122z"), "tenhou")  # type: ignore[arg-type]


@pytest.mark.parametrize("value", list(Tile) + list(Bonus), ids=str)
def test_western_words_read_back(value):
    word = western_word(value)
    if isinstance(value, Tile):
        assert parse_single_tile(word) is value
        assert parse_single_tile(word.lower()) is value
        assert parse_single_tile(str(value)) is value
    else:
        assert parse_bonus(word) is value
        assert parse_bonus(str(value)) is value


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        pytest.param("", "expected one tile", id="empty"),
        pytest.param("3m 4m", "expected one tile", id="two-words"),
        pytest.param("34m", "a tile is one tile, not 2", id="two-tiles"),
        pytest.param("2y", "not a flower or season", id="bonus"),
        pytest.param("J", "not a joker", id="joker"),
        pytest.param("+3m", "expected one tile", id="punctuation"),
    ],
)
def test_parse_single_tile_rejects(text, fragment):
    with pytest.raises(NotationError) as caught:
        parse_single_tile(text)
    assert fragment in str(caught.value)


@pytest.mark.parametrize("text", ["", "1m", "5f", "1f2f", "J"])
def test_parse_bonus_rejects(text):
    with pytest.raises(NotationError):
        parse_bonus(text)


# --- round trips -----------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(hands())
def test_mpsz_round_trip(h):
    text = str(h)
    assert parse_hand(text) == h
    assert eval(repr(h)) == h
    assert str(parse_hand(text)) == text


@settings(max_examples=300, deadline=None)
@given(hands())
def test_western_round_trip(h):
    western = format_hand(h, "western")
    assert parse_hand(western) == h
    assert parse_hand(re.sub("[A-IK-Z]", lambda m: m.group().lower(), western)) == h  # any case but J


@settings(max_examples=300, deadline=None)
@given(hands().filter(lambda h: h.meld_jokers), st.sampled_from(["mpsz", "western"]))
def test_jokers_in_melds_round_trip(h, style):
    text = format_hand(h, style)
    assert parse_hand(text) == h
    assert format_hand(parse_hand(text), style) == text
    assert parse_hand(text).total_jokers == h.jokers + sum(m.jokers for m in h.melds)


@settings(max_examples=300, deadline=None)
@given(hands(), st.data())
def test_token_order_does_not_matter(h, data):
    tokens = str(h).split()
    shuffled = data.draw(st.permutations(tokens))
    assert parse_hand(" ".join(shuffled)) == h


# --- malformed input -------------------------------------------------------------

MALFORMED = [
    # syntax
    ("8z", NotationError, 0, "no tile 8z"),
    ("123m 1239z", NotationError, 8, "no tile 9z"),
    ("10m", NotationError, 1, "no tile 0m"),
    ("123x", NotationError, 3, "not a suit letter"),
    ("123", NotationError, 0, "have no suit letter"),
    ("123m 456", NotationError, 5, "have no suit letter"),
    ("m", NotationError, 0, "suit letter 'm' without digits"),
    ("123m 456p [777s", NotationError, 10, "unclosed '['"),
    ("123m (9999p", NotationError, 5, "unclosed '('"),
    ("123m ]", NotationError, 5, "']' without a matching '['"),
    ("123m )", NotationError, 5, "')' without a matching '('"),
    ("[777s)", NotationError, 5, "')' does not close '['"),
    ("[]", NotationError, 0, "empty meld"),
    ("( )", NotationError, 0, "empty meld"),
    ("[[777s]]", NotationError, 1, "melds do not nest"),
    ("[777s (9999p)]", NotationError, 6, "melds do not nest"),
    ("123m +", NotationError, 5, "'+' without a tile"),
    ("+ [777s]", NotationError, 0, "'+' without a tile"),
    ("++1m", NotationError, 0, "'+' without a tile"),
    ("+1m +2m", NotationError, 4, "a second winning tile"),
    ("+1m2m", NotationError, 1, "the winning tile is one tile, not 2"),
    ("+1f", NotationError, 1, "not a flower or season"),
    ("+J", NotationError, 1, "not a joker"),
    ("[777s +7s]", NotationError, 6, "goes outside melds"),
    ("123m j", NotationError, 5, "a joker is written J, not j"),
    ("123mj", NotationError, 4, "a joker is written J, not j"),
    ("5f", NotationError, 0, "no bonus tile 5f"),
    ("0y", NotationError, 0, "no bonus tile 0y"),
    ("12f5y", NotationError, 3, "no bonus tile 5y"),
    ("XD", NotationError, 0, "unknown tile 'XD'"),
    ("E S Q", NotationError, 4, "unknown tile 'Q'"),
    ("1B2B", NotationError, 1, "Western tiles are words of their own"),
    ("123m,456p", NotationError, 4, "unexpected ','"),
    ("１２３m", NotationError, 0, "unknown tile"),
    ("1m\x00", NotationError, 2, "unexpected '\\x00'"),
    # semantics
    ("[124m]", InvalidHandError, 0, "124m is not a set"),
    ("[891m]", InvalidHandError, 0, "189m is not a set"),
    ("[1m 1p 1s]", InvalidHandError, 0, "is not a set"),
    ("[55z]", InvalidHandError, 0, "a pair cannot be declared"),
    ("[123z]", InvalidHandError, 0, "winds and dragons form no sequences"),
    ("(999p)", InvalidHandError, 0, "is not a concealed kong"),
    ("123m (1234p)", InvalidHandError, 5, "is not a concealed kong"),
    ("[J 1m 1m] [J]", InvalidHandError, 10, "[J] names no tile: a meld keeps at least one natural tile"),
    ("(JJJJ)", InvalidHandError, 0, "(JJJJ) names no tile"),
    ("[6sJ4s]", InvalidHandError, 0, "a chow with a joker is written lowest tile first"),
    ("[4s J 7s]", InvalidHandError, 0, "4J7s is not a set"),
    ("[8s9sJ]", InvalidHandError, 0, "a joker cannot stand for a tile after 9"),
    ("[J1p2p]", InvalidHandError, 0, "a joker cannot stand for a tile before 1"),
    ("[45JJs]", InvalidHandError, 0, "a chow with one joker in its place"),
    ("[5555Js]", InvalidHandError, 0, "5555Js is not a set"),
    ("123m (55Js)", InvalidHandError, 5, "is not a concealed kong"),
    ("[J J] 123m", InvalidHandError, 0, "[J J] names no tile"),
    ("[55Js] 555s 1234m 456p", InvalidHandError, 8, "5 of 5s counting the jokers that stand for it"),
    ("5J5s 123m", NotationError, 1, "a J inside a run, like [5J5s], places a joker in a meld"),
    ("JJJJJ [5JJs] [6JJs] 1m", InvalidHandError, 16, "9 jokers: a set has at most 8"),
    ("[E J E] [1f J 1m]", InvalidHandError, 9, "flowers and seasons cannot be part of a meld"),
    ("[1f 2f 3f]", InvalidHandError, 1, "flowers and seasons cannot be part of a meld"),
    ("11111m", InvalidHandError, 4, "5 copies of 1m: there are only 4"),
    ("1111m [111m]", InvalidHandError, 6, "5 copies of 1m"),
    ("1m +1m 11m 1m", InvalidHandError, 11, "5 copies of 1m"),
    ("123m456p789s11122z 3z", LongHandError, 19, "the hand has 15 tiles"),
    ("[111m] [222m] [333m] [444m] [555m]", LongHandError, 28, "the hand has 15 tiles"),
    ("", InvalidHandError, 0, "the hand has 0 tiles"),
    ("123m456p789s122z +2z", InvalidHandError, 18, "a winning tile on a hand of 13 tiles"),
    ("JJJJJJJJJ 1m", InvalidHandError, 8, "9 jokers"),
    ("123m456p789s1122z 1f 2f1f", InvalidHandError, 23, "bonus tile 1f twice (first at position 18)"),
]


@pytest.mark.parametrize(
    ("text", "error", "position", "fragment"),
    [pytest.param(*case, id=f"{case[0]!r}-{case[3]}") for case in MALFORMED],
)
def test_malformed(text, error, position, fragment):
    with pytest.raises(error) as caught:
        parse_hand(text)
    message = str(caught.value)
    assert type(caught.value) is error
    assert fragment in message
    assert f"(at position {position} of {text!r})" in message


def test_malformed_cases_are_distinct():
    assert len({case[0] for case in MALFORMED}) == len(MALFORMED) >= 30


def test_long_input_is_quoted_near_the_position():
    text = " " * 500 + "8z"
    with pytest.raises(NotationError) as caught:
        parse_hand(text)
    assert f"at position {len(text) - 2} of a {len(text)}-character input, near" in str(caught.value)


@pytest.mark.parametrize("value", [None, 123, b"123m", ["123m"]], ids=repr)
def test_non_text_is_a_notation_error(value):
    with pytest.raises(NotationError, match="a hand is written as text"):
        parse_hand(value)


# --- fuzz: any text reads or fails with a library error ----------------------------

FUZZ_ALPHABET = "0123456789mpszfyJ[]()+ BCDESWNRGF"
FRAGMENTS = [
    "123m", "456p", "789s", "1122z", "5z", "[777s]", "(9999p)", "[1111z]", "[RD RD RD]", "+3m", "+ E",
    "JJ", "12f3y", "F1", "S4", "RD", "1C", "9D", "E", "[", "]", "(", ")", "+", "j", "0", "8z", "5f", "",
    "[5J5s]", "[4J6s]", "(77JJz)", "[J J 5B]", "[JJ]", "5J", "J6s", "[8s9sJ]",
]
fuzz_texts = st.one_of(
    st.text(alphabet=FUZZ_ALPHABET, max_size=60),
    st.lists(st.sampled_from(FRAGMENTS), max_size=16).map(" ".join),
    st.lists(st.sampled_from(FRAGMENTS), max_size=16).map("".join),
    st.text(),
)


def check_reads_or_fails_cleanly(text: str) -> None:
    """Every text reads, or fails with a position; the quick reader (no positions) never
    accepts what the careful one rejects, nor reads a hand differently."""
    common = _parse_common(text)
    try:
        parsed = _parse_careful(text)
    except MjscoreError as error:
        assert "at position " in str(error)
        assert common is None
        with pytest.raises(type(error)):
            parse_hand(text)
        return
    assert common is None or common == parsed
    assert parse_hand(text) == parsed
    assert parse_hand(str(parsed)) == parsed


@settings(max_examples=1_000, deadline=None)
@given(hands(), st.sampled_from(["mpsz", "western"]))
def test_written_hands_take_the_quick_reader(hand: Hand, style: str) -> None:
    assert _parse_common(format_hand(hand, style)) == hand


@settings(max_examples=2_000, deadline=None)
@given(fuzz_texts)
def test_fuzz(text):
    check_reads_or_fails_cleanly(text)


@pytest.mark.slow
@settings(max_examples=1_000_000, deadline=None)
@given(text=fuzz_texts)
def test_fuzz_slow(text):
    check_reads_or_fails_cleanly(text)
