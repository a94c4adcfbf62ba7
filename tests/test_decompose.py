"""The single-hand API over the kernel: decompositions, shapes, is_complete, waits."""

from __future__ import annotations

import numpy as np
import pytest

import mjscore
from mjscore import Group, GroupKind, InvalidHandError, Meld, Shape, Tile, WaitRole


def names(decomposition: tuple[Group, ...]) -> list[str]:
    return [("[" if isinstance(g, Meld) and not g.concealed else "(" if isinstance(g, Meld) else "")
             + str(g) + ("]" if isinstance(g, Meld) and not g.concealed else ")" if isinstance(g, Meld) else "")
             for g in decomposition]


def test_decompositions_list_every_split_and_keep_declared_melds() -> None:
    found = mjscore.decompositions("111222333m 55z (9999s)")
    assert [names(d) for d in found] == [
        ["123m", "123m", "123m", "(9999s)", "55z"],
        ["111m", "222m", "333m", "(9999s)", "55z"],
    ]
    exposed, = mjscore.decompositions("123m 55z [456p] [789s] [2222z]")
    assert names(exposed) == ["123m", "[456p]", "[789s]", "[2222z]", "55z"]
    assert [(g.kind, g.concealed) for g in exposed if isinstance(g, Meld)] == [
        (GroupKind.SEQUENCE, False), (GroupKind.SEQUENCE, False), (GroupKind.QUAD, False)]


def test_decompositions_of_a_hand_that_does_not_split() -> None:
    assert mjscore.decompositions("1122m3344p5566s77z") == ()


@pytest.mark.parametrize("hand, shape", [
    ("123m456p789s11122z", Shape.STANDARD),
    ("1122m3344p5566s77z", Shape.SEVEN_PAIRS | Shape.PAIRS_WITH_QUADS),
    ("1111m3344p5566s77z", Shape.PAIRS_WITH_QUADS),
    ("19m19p19s12345677z", Shape.THIRTEEN_ORPHANS),
    ("1234567m1234567s", Shape.KNITTING),
    ("1234m1234p1234s5m5p", Shape.TRIPLE_KNITTING),
    ("123m456p789s11123z", Shape(0)),
    ("123m 11z [456p] [789s] [222z]", Shape.STANDARD),
])
def test_shapes(hand: str, shape: Shape) -> None:
    assert mjscore.shapes(hand) == shape


@pytest.mark.parametrize("value, expected", [
    ("123m456p789s11122z", True),
    ("123m456p789s11123z", False),
    ("1122m3344p5566s77z", True),
    ("1111m3344p5566s77z", False),          # pairs must be distinct without a rule set
    ("19m19p19s12345677z", True),
    ("1234567m1234567s", False),            # knitting needs a rule set that allows it
    ("123m 11z [456p] [789s] [222z]", True),
    (mjscore.parse("123m 11z [456p] [789s] [222z]"), True),
    (list(mjscore.parse_tiles("123m456p789s11122z")), True),
    (np.array(mjscore.parse_tiles("123m11z"), np.uint8), True),
])
def test_is_complete(value: object, expected: bool) -> None:
    assert mjscore.is_complete(value) is expected


@pytest.mark.parametrize("value, error, message", [
    ("123m456p789s1122z", InvalidHandError, "14-tile"),
    ([5] + [0] * 33, InvalidHandError, "more than 4"),
    ([1] * 13 + [0] * 21, InvalidHandError, "13 tiles"),
    ([0] * 33, InvalidHandError, "34 tile counts"),
    (3.5, InvalidHandError, "34 tile counts"),
    ("123m456p789s111z JJ", InvalidHandError, "jokers"),
    ("123m456p789s11122x", mjscore.NotationError, "position"),
])
def test_is_complete_rejects_bad_input(value: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        mjscore.is_complete(value)


@pytest.mark.parametrize("function", [mjscore.decompositions, mjscore.shapes])
def test_fourteen_tile_functions_reject_waiting_hands(function: object) -> None:
    with pytest.raises(InvalidHandError, match="14-tile"):
        function("123m456p789s1122z")  # type: ignore[operator]


def roles(hand: str) -> dict[str, list[tuple[str, str]]]:
    return {str(t): sorted((p.role.value, str(p.group)) for p in placements)
            for t, placements in mjscore.waits(hand).items()}


@pytest.mark.parametrize("hand, expected", [
    # the pair: a single tile waiting for its match
    ("123m456p789s111z5z", {"5z": [("pair", "55z")]}),
    # two pairs, either becomes the triplet
    ("123m456p789s1155z", {"1z": [("triplet", "111z")], "5z": [("triplet", "555z")]}),
    # two-sided 4-5 waits on 3 and 6
    ("45m456p789s11122z", {"3m": [("two-sided", "345m")], "6m": [("two-sided", "456m")]}),
    # edge: the 3 of 1-2, the 7 of 8-9
    ("12m456p789s11122z", {"3m": [("edge", "123m")]}),
    ("89m456p789s11122z", {"7m": [("edge", "789m")]}),
    # middle of a run
    ("46m456p789s11122z", {"5m": [("middle", "456m")]}),
    # seven pairs wait
    ("1122m3344p5566s7z", {"7z": [("pair", "77z")]}),
])
def test_wait_roles(hand: str, expected: dict[str, list[tuple[str, str]]]) -> None:
    assert roles(hand) == expected


def test_a_tile_can_play_several_roles() -> None:
    # 1123m: 1m makes 11 + 123 (the pair, or the run's end); 4m makes 11 + 234.
    assert roles("1123m 456p 789s [777z]") == {
        "1m": [("pair", "11m"), ("two-sided", "123m")],
        "4m": [("two-sided", "234m")],
    }


def test_placements_carry_the_completed_decomposition() -> None:
    placement, = mjscore.waits("12m456p789s11122z")[Tile.M3]
    assert placement.shape is Shape.STANDARD
    assert placement.decomposition == mjscore.decompositions("123m456p789s11122z")[0]


def test_thirteen_orphans_waits() -> None:
    thirteen_sided = mjscore.waits("19m19p19s1234567z")
    assert len(thirteen_sided) == 13
    assert {p.role for ps in thirteen_sided.values() for p in ps} == {WaitRole.PAIR}
    single = mjscore.waits("19m19p19s1234566z")
    assert list(single) == [Tile.RED]
    assert [(p.shape, p.role, p.group) for p in single[Tile.RED]] == [
        (Shape.THIRTEEN_ORPHANS, WaitRole.SINGLE, None)]


def test_tiles_held_four_times_counting_melds_are_not_waits() -> None:
    # 23m waits on 1m and 4m, but all four 1m are in the kong.
    assert list(mjscore.waits("(1111m) 23m 456p 789s 11z")) == [Tile.M4]
    assert mjscore.waits("1111m345p678p999s") == {}


def test_waits_rejects_complete_hands() -> None:
    with pytest.raises(InvalidHandError, match="13-tile"):
        mjscore.waits("123m456p789s11122z")
