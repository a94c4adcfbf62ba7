"""Hand: construction, normalisation, validation messages, properties, reprs."""

import numpy as np
import pytest

from mjscore.core.errors import InvalidHandError, LongHandError, NotationError, NotWinningError
from mjscore.core.group import GroupKind, Meld
import mjscore
from mjscore.core.hand import Hand
from mjscore.core.notation import parse_hand
from mjscore.core.tile import Bonus, Tile, parse_tiles

PUNG_RED = Meld(GroupKind.TRIPLET, Tile.RED)
KONG_9P = Meld(GroupKind.QUAD, Tile.P9, True)
CHOW_1M = Meld(GroupKind.SEQUENCE, Tile.M1)


def counts(text: str) -> tuple[int, ...]:
    return parse_tiles(text)


def with_count(base: tuple[int, ...], tile: Tile, count: int) -> tuple[int, ...]:
    return base[:tile] + (count,) + base[tile + 1:]


# --- construction and normalisation -------------------------------------------


def test_normalises_lists_ints_and_order():
    hand = Hand(
        list(counts("456p789s1z1z")),
        [KONG_9P, CHOW_1M],
        27,
        [Bonus.Y3, 0, "2f"],
        0,
    )
    assert hand.concealed == counts("456p789s11z")
    assert type(hand.concealed) is tuple
    assert hand.melds == (CHOW_1M, KONG_9P)  # canonical order: sequences before quads
    assert hand.win_tile is Tile.EAST
    assert hand.bonus == (Bonus.F1, Bonus.F2, Bonus.Y3)
    assert all(type(b) is Bonus for b in hand.bonus)


def test_equal_whatever_the_input_order():
    a = Hand(counts("123m456p789s11z"), (PUNG_RED,), bonus=(Bonus.F2, Bonus.F1))
    b = Hand(list(counts("123m456p789s11z")), [PUNG_RED], bonus=[Bonus.F1, Bonus.F2])
    assert a == b and hash(a) == hash(b)


@pytest.mark.parametrize(
    ("win", "tile"),
    [
        pytest.param(Tile.EAST, Tile.EAST, id="tile"),
        pytest.param(27, Tile.EAST, id="index"),
        pytest.param("1z", Tile.EAST, id="mpsz"),
        pytest.param("e", Tile.EAST, id="western"),
    ],
)
def test_win_tile_forms(win, tile):
    assert Hand(counts("123m456p789s11z"), (PUNG_RED,), win).win_tile is tile


def test_frozen():
    hand = Hand.from_str("123m456p789s1122z +2z")
    with pytest.raises(AttributeError):
        hand.jokers = 1  # type: ignore[misc]


# --- validation ----------------------------------------------------------------

FULL = counts("123m456p789s11z")  # 11 tiles: 14 with one meld


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        pytest.param(dict(concealed=(0,) * 33), "must be 34 counts, one per tile kind, not 33", id="33-counts"),
        pytest.param(dict(concealed=(1,) * 35), "must be 34 counts", id="35-counts"),
        pytest.param(dict(concealed="123m"), "integer counts", id="text-counts"),
        pytest.param(dict(concealed=[1.0] * 34), "integer counts", id="float-counts"),
        pytest.param(dict(concealed=with_count(FULL, Tile.M1, -1)), "a negative count (-1) of 1m", id="negative-count"),
        pytest.param(dict(concealed=with_count(FULL, Tile.M3, 5)), "5 copies of 3m: there are only 4", id="fifth-copy"),
        # a list or tuple is read as bytes first: a count no byte holds takes the careful way
        pytest.param(dict(concealed=list(with_count(FULL, Tile.M3, 300))), "300 copies of 3m", id="300-copies"),
        pytest.param(dict(concealed=np.array(with_count(FULL, Tile.M3, 5))), "5 copies of 3m", id="fifth-copy-ndarray"),
        pytest.param(
            dict(concealed=counts("7z123m456p789s11z"), melds=(Meld(GroupKind.QUAD, Tile.RED),)),
            "5 copies of 7z: there are only 4",
            id="fifth-copy-with-meld",
        ),
        pytest.param(
            dict(concealed=counts("123m456p789s111z"), melds=(PUNG_RED,)),
            "the hand has 15 tiles; a hand has 13 tiles, or 14 with the winning tile (fewer only for a hand "
            "that did not go out, none but its bonus tiles), a kong counting as 3",
            id="15-tiles",
        ),
        pytest.param(dict(concealed=FULL, jokers=4), "the hand has 15 tiles", id="jokers-count"),
        pytest.param(
            dict(concealed=counts("123m456p789s1z"), melds=(PUNG_RED,), win_tile=Tile.EAST),
            "a winning tile (1z) on a hand of 13 tiles",
            id="win-on-13",
        ),
        pytest.param(
            dict(concealed=FULL, melds=(PUNG_RED,), win_tile=Tile.RED),
            "the winning tile 7z is not among the concealed tiles",
            id="win-not-concealed",
        ),
        pytest.param(dict(concealed=FULL, melds=(PUNG_RED,), win_tile=34), "tile indices are 0-33", id="win-index"),
        pytest.param(
            dict(concealed=FULL, melds=(PUNG_RED,), bonus=(Bonus.F1, Bonus.F1)),
            "bonus tile 1f appears twice",
            id="duplicate-bonus",
        ),
        pytest.param(dict(concealed=FULL, melds=(PUNG_RED,), bonus=(8,)), "8 is not a flower or season", id="bonus-8"),
        pytest.param(
            dict(concealed=FULL, melds=(PUNG_RED,), bonus=(Tile.M1,)), "is not a flower or season", id="bonus-tile"
        ),
        pytest.param(dict(concealed=FULL, melds=(PUNG_RED,), bonus=3), "must be a sequence", id="bonus-int"),
        pytest.param(dict(concealed=counts("123m456p"), jokers=9), "9 jokers: a set has 0 to 8", id="nine-jokers"),
        pytest.param(dict(concealed=FULL, jokers=-1), "-1 jokers", id="negative-jokers"),
        pytest.param(dict(concealed=FULL, jokers=1.5), "jokers must be an integer", id="float-jokers"),
        pytest.param(
            dict(concealed=FULL, melds=(Meld(GroupKind.TRIPLET, Tile.RED).first,)), "is not a Meld", id="meld-not-meld"
        ),
        pytest.param(dict(concealed=FULL, melds=5), "melds must be a sequence of Meld", id="melds-int"),
        pytest.param(
            dict(concealed=counts("55s123m456p789p"), melds=(Meld(GroupKind.TRIPLET, Tile.S5, jokers=2),)),
            "5 of 5s counting the jokers of [5JJs]: at most 4 of a kind, jokers included",
            id="fifth-copy-counting-jokers",
        ),
        pytest.param(
            dict(concealed=counts("2p"), jokers=3,
                 melds=tuple(Meld(GroupKind.TRIPLET, Tile(t), jokers=2) for t in (0, 1, 2))
                 + (Meld(GroupKind.QUAD, Tile.RED),)),
            "9 jokers (3 concealed, 6 in melds): a set has 8",
            id="nine-jokers-counting-melds",
        ),
    ],
)
def test_rejects(kwargs, fragment):
    with pytest.raises(InvalidHandError) as caught:
        Hand(**kwargs)
    assert fragment in str(caught.value)


def test_a_hand_longer_than_14_tiles_makes_no_mah_jongg():
    """Issue 31: "a longer hand scores 0": more than 14 tiles (a kong counting 3) raise
    LongHandError, a NotWinningError, which is how a hand that cannot go out is told;
    the near miss, a winning tile on 13 tiles, is an InvalidHandError alone."""
    with pytest.raises(LongHandError, match="the hand has 15 tiles"):
        Hand(counts("123m456p789s111z"), (PUNG_RED,))
    assert issubclass(LongHandError, NotWinningError) and issubclass(LongHandError, InvalidHandError)
    with pytest.raises(InvalidHandError) as caught:
        Hand(counts("123m456p789s1z"), (PUNG_RED,), win_tile=Tile.EAST)
    assert not isinstance(caught.value, NotWinningError)


def test_bad_bonus_text_is_a_notation_error():
    with pytest.raises(NotationError, match="no bonus tile 5f"):
        Hand(FULL, (PUNG_RED,), bonus=("5f",))


# --- properties ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "size", "is_concealed", "is_complete_size"),
    [
        pytest.param("123m456p789s1122z +2z", 14, True, True, id="concealed-14"),
        pytest.param("123m456p789s1223z", 13, True, False, id="concealed-13"),
        pytest.param("123m456p789s1z [777z]", 13, False, False, id="exposed-13"),
        pytest.param("123m456p11z (9999s) [777z]", 14, False, True, id="kong-counts-3"),
        pytest.param("123m789m456p11z (9999s)", 14, True, True, id="concealed-kong-stays-concealed"),
        pytest.param("[1111m] [2222m] [3333m] [4444m] 55z", 14, False, True, id="four-kongs"),
        pytest.param("123m456p789s1z JJJJ", 14, True, True, id="jokers-count"),
    ],
)
def test_size_and_concealment(text, size, is_concealed, is_complete_size):
    hand = Hand.from_str(text)
    assert hand.size == size
    assert hand.is_concealed is is_concealed
    assert hand.is_complete_size is is_complete_size


def test_counts_include_melds_kongs_as_four():
    hand = Hand.from_str("123m 5z [777s] (9999p) [1111z] +5z")
    assert hand.counts == counts("123m9999p777s111155z")
    assert hand.concealed == counts("123m55z")
    assert sum(hand.counts) == 16 and hand.size == 14


def test_with_win_tile():
    hand = Hand.from_str("123m456p789s11222z")
    won = hand.with_win_tile("2z")
    assert won.win_tile is Tile.SOUTH and won.concealed == hand.concealed
    assert won.with_win_tile(None) == hand
    assert hand.with_win_tile(Tile.M1) == Hand.from_str("23m456p789s11222z +1m")
    with pytest.raises(InvalidHandError, match="not among the concealed tiles"):
        hand.with_win_tile(Tile.M9)
    with pytest.raises(InvalidHandError, match="on a hand of 13 tiles"):
        Hand.from_str("123m456p789s1122z").with_win_tile(Tile.M1)


# --- text -----------------------------------------------------------------------

REPR_CASES = [
    pytest.param("123m456p789s11122z", id="plain"),
    pytest.param("123m456p789s1122z +2z", id="win"),
    pytest.param("123m55z [777s] (9999p) [1111z]", id="melds"),
    pytest.param("123m456p789s1z [777z] +1z 12f4y", id="bonus"),
    pytest.param("123m456p789s1z +1z JJJ", id="jokers"),
    pytest.param("1z [J23m] [45Js] [55Js] (77JJz) +1z", id="jokers-in-melds"),
    pytest.param("[123m] [123m] [123m] [123m] JJ", id="no-concealed-tiles"),
]


@pytest.mark.parametrize("text", REPR_CASES)
def test_repr_round_trip(text):
    hand = Hand.from_str(text)
    assert repr(hand) == f"Hand.from_str({str(hand)!r})"
    assert eval(repr(hand)) == hand
    assert str(hand) == text  # the cases are written canonically
    assert Hand.from_str(hand.to_western()) == hand


def test_repr_matches_style_guide_example():
    assert repr(Hand.from_str("123m456p789s11122z")) == "Hand.from_str('123m456p789s11122z')"


def test_to_western():
    hand = Hand.from_str("1C 2C 3C 4D 5D 6D 7B 8B 9B E [RD RD RD] +E")
    assert hand.to_western() == "1C 2C 3C 4D 5D 6D 7B 8B 9B E [RD RD RD] +E"
    assert hand.format("western") == hand.to_western()
    assert str(hand) == "123m456p789s1z [777z] +1z"


def test_jokers_concealed_in_melds_and_in_all() -> None:
    hand = Hand.from_str("123m 45p 7z J [5J5s] (1JJ1z) +7z")
    assert (hand.jokers, hand.meld_jokers, hand.total_jokers) == (1, 3, 4)
    assert hand.size == 14
    # A meld's jokers count as the tile they stand for; concealed jokers are not counted.
    assert hand.counts[Tile.S5] == 3 and hand.counts[Tile.EAST] == 4
    assert sum(hand.counts) == 7 + 3 + 4
    assert Hand.from_str("123m456p789s11z [777z]").meld_jokers == 0


def test_melds_with_jokers_sort_canonically() -> None:
    chows = [Meld.from_str(t) for t in ("4J6s", "456s", "J56s")]
    a = Hand(counts("111z22z"), chows, win_tile="2z")
    b = Hand(counts("111z22z"), list(reversed(chows)), win_tile="2z")
    assert a == b and [str(m) for m in a.melds] == ["456s", "J56s", "4J6s"]


def test_held_is_the_concealed_tiles_before_the_winning_tile() -> None:
    won = Hand.from_str("123m 456p 789s 1z [555z] +1z")
    assert won.held == parse_tiles("123m456p789s1z")
    assert won.held_tiles == (Tile.M1, Tile.M2, Tile.M3, Tile.P4, Tile.P5, Tile.P6,
                              Tile.S7, Tile.S8, Tile.S9, Tile.EAST)
    waiting = Hand.from_str("123m 456p 789s 11z 45m")
    assert waiting.held == waiting.concealed  # no winning tile marked


@pytest.mark.parametrize("text", ["123m456p789s1z J [777z]", "123m456p789s11z [77Jz]"])
def test_the_bulk_reader_refuses_jokers_in_melds_too(text: str) -> None:
    from mjscore.score.bulk_scoring import read_hand
    from mjscore.core.errors import HandStatus

    status, message = read_hand(text)
    assert status == HandStatus.NOT_WINNING and "holds jokers" in message


def test_a_hand_of_bonus_tiles_alone_is_a_hand_and_no_text_is_none():
    """Issue 31 item 3 (a loser's hand as shown, "any hand of up to 13 tiles"): a player who
    did not go out may hold bonus tiles alone; Kajongg scores 'fe' as 4 under DMJL. A Hand
    of no tiles is a value like any other; what scores it asks for its bonus tiles."""
    hand = Hand((0,) * 34, bonus=("1f",))
    assert sum(hand.concealed) == 0 and hand.bonus == (Bonus.F1,)
    assert parse_hand("1f") == hand and eval(repr(hand)) == hand
    empty = Hand((0,) * 34)
    assert eval(repr(empty)) == empty
    with pytest.raises(InvalidHandError, match="the hand has 0 tiles"):
        parse_hand("")  # a text of nothing is no hand
    with pytest.raises(InvalidHandError, match="none but bonus tiles"):
        mjscore.score(empty, "dmjl", winner=False)
    assert mjscore.score(hand, "dmjl", winner=False).total == 4
