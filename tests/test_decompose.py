"""The single-hand API over the kernel: decompositions, shapes, is_complete, waits."""

from __future__ import annotations

import re
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


# --- jokers ------------------------------------------------------------------------

JOKER_HANDS = [
    "123m 456p 789s 11z 5z JJ",
    "123m 456p 79s 99s [777z] J",
    "1122m 3344p 5566s 7z J",
    "19m 19p 19s 123456z JJ",
    "[55Js] 123m 456p 78s 1z J",
    "[4J6s] 123m 456p 789p 1z J",
]


@pytest.mark.parametrize("hand", JOKER_HANDS)
def test_jokers_need_an_eligibility(hand: str) -> None:
    for function in (mjscore.decompositions, mjscore.is_complete):
        with pytest.raises(InvalidHandError, match="joker_use=JOKERS_IN_PUNGS, JOKERS_IN_CHOWS or JOKERS_IN_PAIRS"):
            function(hand)  # type: ignore[operator]
    with pytest.raises(InvalidHandError, match="shapes reads natural hands"):
        mjscore.shapes(hand)


@pytest.mark.parametrize("hand, pungs, chows, pairs", [
    ("123m 456p 789s 11z 5z JJ", True, True, True),      # 5z and two jokers
    ("123m 456p 79s 99s [777z] J", False, True, True),   # 7-J-9
    ("1122m 3344p 5566s 7z J", False, False, True),      # seven pairs
    ("19m 19p 19s 123456z JJ", False, False, True),      # thirteen orphans
    ("123m 456p 789s 111z 5z J", False, False, True),    # the pair 5z-J
    ("[5JJz] 123m 456p 789s 5z J", False, False, False),  # the meld is three 5z: no pair 5z-J
    ("[66Jz] 123m 456p 789s 5z J", False, False, True),
])
def test_is_complete_with_jokers(hand: str, pungs: bool, chows: bool, pairs: bool) -> None:
    assert [mjscore.is_complete(hand, joker_use=use) for use in ("pungs", "chows", "pairs")] == [pungs, chows, pairs]
    assert mjscore.is_complete(hand, joker_use=mjscore.JOKERS_IN_PAIRS) is pairs
    assert mjscore.is_complete(mjscore.parse(hand), joker_use=mjscore.JOKERS_IN_CHOWS) is chows


def test_joker_decompositions_say_what_each_joker_stands_for() -> None:
    found = mjscore.decompositions("123m 456p 78s 99s [777z] J", joker_use=mjscore.JOKERS_IN_CHOWS)
    assert [names(d) for d in found] == [
        ["123m", "456p", "J78s", "[777z]", "99s"],
        ["123m", "456p", "78Js", "[777z]", "99s"],
    ]
    chow = found[0][2]
    assert (chow.kind, chow.first, chow.jokers, chow.joker_tile) == (GroupKind.SEQUENCE, Tile.S6, 1, Tile.S6)
    assert chow.natural_tiles == (Tile.S7, Tile.S8)
    pung, = mjscore.decompositions("123m 456p 789s 11z 5z JJ", joker_use="pungs")
    assert [(str(g), g.jokers, g.joker_tiles) for g in pung if g.jokers] == [("5JJz", 2, (Tile.WHITE,) * 2)]


def test_joker_decompositions_cover_the_hand() -> None:
    # Every decomposition holds the concealed tiles exactly, plus one tile per joker.
    hand = mjscore.parse("2234456m 66s JJ [777z]")
    for use in ("pungs", "chows", "pairs"):
        for decomposition in mjscore.decompositions(hand, joker_use=use):
            found = [g for g in decomposition if not isinstance(g, Meld)]
            assert sum(g.jokers for g in found) == 2
            natural = [0] * 34
            for g in found:
                for t in g.natural_tiles:
                    natural[t] += 1
            assert tuple(natural) == hand.concealed


def test_declared_melds_must_hold_jokers_where_allowed() -> None:
    with pytest.raises(InvalidHandError, match=r"\[4J6s\] holds a joker in a chow, but joker_use=JOKERS_IN_PUNGS"):
        mjscore.is_complete("[4J6s] 123m 456p 789p 1z J", joker_use="pungs")
    with pytest.raises(InvalidHandError, match=r"\(77JJz\) holds a joker in a pung or kong"):
        mjscore.decompositions("(77JJz) 123m 456p 789p 1z 1z", joker_use=mjscore.JokerUse.CHOWS)
    # melds with jokers and a natural concealed part: the melds are kept as declared
    kept, = mjscore.decompositions("(77JJz) 123m 456p 789p 11z", joker_use="pungs")
    assert names(kept) == ["123m", "456p", "789p", "(77JJz)", "11z"]


@pytest.mark.parametrize("value, message", [
    ("kongs", "'pungs', 'chows' or 'pairs'"),
    (0, "at least one kind of group"),
    (8, "flags 1-7"),
    (True, "flags 1-7"),
    (1.5, "expected a JokerUse"),
])
def test_bad_eligibility(value: object, message: str) -> None:
    with pytest.raises(mjscore.RuleSetError, match=message):
        mjscore.is_complete("123m 456p 789s 11z 5z JJ", joker_use=value)  # type: ignore[arg-type]
    with pytest.raises(mjscore.RuleSetError, match=message):
        mjscore.is_complete([2] * 7 + [0] * 27, joker_use=value)  # type: ignore[arg-type]


def test_waits_with_jokers() -> None:
    waits = mjscore.waits("123m 456p 789p 11z 6s J", joker_use="chows")
    assert [str(t) for t in waits] == ["4s", "5s", "6s", "7s", "8s"]
    # 5s with 6s and the joker: 4-5-6 (the joker the 4) or 5-6-7 (the joker the 7)
    assert sorted((p.role.value, str(p.group)) for p in waits[Tile.S5]) == [
        ("middle", "J56s"), ("two-sided", "56Js")]
    assert sorted((p.role.value, str(p.group)) for p in waits[Tile.S6]) == [("pair", "66s"), ("triplet", "66Js")]
    assert [str(t) for t in mjscore.waits("123m 456p 789p 11z 6s J", joker_use="pungs")] == ["6s"]
    pairs = mjscore.waits("1122m 3344p 556s 7z J", joker_use="pairs")
    assert [str(t) for t in pairs] == ["6s", "7z"]
    assert [(p.shape, str(p.group), p.group.jokers) for p in pairs[Tile.RED]] == [
        (Shape.SEVEN_PAIRS, "77z", 0)]


def test_waits_count_meld_jokers_towards_four_of_a_kind() -> None:
    # 5z and a joker wait on any tile that pairs... but the meld stands for three 5z
    assert Tile.WHITE not in mjscore.waits("[5JJz] 123m 456p 789s J", joker_use="pairs")
    assert Tile.WHITE in mjscore.waits("[6JJz] 123m 456p 789s J", joker_use="pairs")


@pytest.mark.parametrize("hand", ["123m456p789s11122z", "111222333m 456p 99s", "1122m3344p5566s77z",
                                  "123m 11z [456p] [789s] [222z]", "19m19p19s12345677z"])
def test_hands_without_jokers_answer_the_same_with_any_eligibility(hand: str) -> None:
    for use in ("pungs", "chows", "pairs"):
        assert mjscore.decompositions(hand, joker_use=use) == mjscore.decompositions(hand)
        assert mjscore.is_complete(hand, joker_use=use) == mjscore.is_complete(hand)
    waiting = mjscore.parse(hand)
    tile = next(t for t in Tile if waiting.concealed[t])
    waiting = mjscore.Hand(tuple(c - (t == tile) for t, c in enumerate(waiting.concealed)), waiting.melds)
    assert mjscore.waits(waiting, joker_use="pairs") == mjscore.waits(waiting)


# --- the edges of the arguments (issue 12 item 4), on both backends -------------------------------

@pytest.fixture
def on_kernel(kernel, monkeypatch: pytest.MonkeyPatch):
    """is_complete through one backend's kernel."""
    from mjscore import _backend

    monkeypatch.setattr(_backend, "kernel", kernel)
    return kernel


def _counts_with(index: int, value: int) -> list[int]:
    counts = [0] * 34
    counts[index] = value
    return counts


@pytest.mark.parametrize("value, message", [
    ([-1] + [0] * 33, "a negative count (-1) of 1m: tile counts are 0 to 4"),
    (_counts_with(5, -2), "a negative count (-2) of 6m"),
    (tuple(_counts_with(33, -1)), "a negative count (-1) of 7z"),
    (np.array(_counts_with(9, -1), np.int8), "a negative count (-1) of 1p"),
    (np.array(_counts_with(9, -3), np.int64), "a negative count (-3) of 1p"),
], ids=["list", "list 6m", "tuple", "int8 array", "int64 array"])
def test_is_complete_says_a_count_is_negative(on_kernel, value: object, message: str) -> None:
    with pytest.raises(InvalidHandError, match=re.escape(message)):
        mjscore.is_complete(value)


@pytest.mark.parametrize("value, message", [
    (np.zeros(34), "tile counts must be integers (ideally uint8), got dtype float64"),
    (np.array(mjscore.parse_tiles("123m456p789s11122z"), np.float32), "got dtype float32"),
    (np.array(["1"] * 34), "got dtype <U1"),
    ([1.5] + [0] * 33, "tile counts must be integers, got 1.5 (float)"),
    ([0] * 33 + [2.0], "got 2.0 (float)"),
], ids=["float64 array", "float32 array of a complete hand", "text array", "a float in a list",
        "a whole float in a list"])
def test_is_complete_names_a_non_integer_dtype(on_kernel, value: object, message: str) -> None:
    with pytest.raises(InvalidHandError, match=re.escape(message)):
        mjscore.is_complete(value)


def test_integer_counts_of_any_width_still_work_on_both_backends(on_kernel) -> None:
    assert mjscore.is_complete(np.array(mjscore.parse_tiles("123m456p789s11122z"), np.int64)) is True
    assert mjscore.is_complete(np.array(mjscore.parse_tiles("123m456p789s11123z"), np.int16)) is False
    with pytest.raises(InvalidHandError, match="more than 4"):
        mjscore.is_complete(np.array(_counts_with(0, 5), np.int64))


@pytest.mark.parametrize("call", [mjscore.shapes, mjscore.decompositions, mjscore.waits])
@pytest.mark.parametrize("given", [list(mjscore.parse_tiles("1112345678999m")), None, {}])
def test_what_is_no_hand_raises_the_package_error(call, given) -> None:
    """Fuzzed inputs (2026-12-07): these calls raised a bare TypeError for 34 counts,
    None or a dict, outside the package's one family of errors."""
    with pytest.raises(mjscore.InvalidHandError, match="expected a Hand or its notation"):
        call(given)


def test_is_complete_takes_bytes_of_counts_beside_jokers() -> None:
    counts = bytes(mjscore.parse_tiles("1112345678999m"))
    assert mjscore.is_complete(counts, jokers=1, joker_use="pungs")
    assert mjscore.is_complete(list(counts), jokers=1, joker_use="pungs")
