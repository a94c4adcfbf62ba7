"""Groups and melds: construction, validation, text, kernel codes, order."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjscore.core.errors import InvalidHandError, NotationError
from mjscore.core.group import Decomposition, Group, GroupKind, Meld
from mjscore.core import group_codes
from mjscore.core.group_codes import CHOW, CONCEALED_KONG, KONG, PUNG, SINGLE, group_code
from mjscore.core.tile import Tile

SEQUENCE_STARTS = [t for t in Tile if t < 27 and t % 9 < 7]


def groups():
    """Every valid group: a sequence from 1-7 of a suit, or any tile alike."""
    alike = [GroupKind.TRIPLET, GroupKind.QUAD, GroupKind.PAIR]
    return st.one_of(
        st.builds(Group, st.just(GroupKind.SEQUENCE), st.sampled_from(SEQUENCE_STARTS)),
        st.builds(Group, st.sampled_from(alike), st.sampled_from(Tile)),
    )


@pytest.mark.parametrize(
    ("group", "tiles", "size", "text"),
    [
        pytest.param(Group(GroupKind.SEQUENCE, Tile.M1), "1m 2m 3m", 3, "123m", id="sequence"),
        pytest.param(Group(GroupKind.SEQUENCE, Tile.S7), "7s 8s 9s", 3, "789s", id="sequence-789"),
        pytest.param(Group(GroupKind.TRIPLET, Tile.S7), "7s 7s 7s", 3, "777s", id="triplet"),
        pytest.param(Group(GroupKind.QUAD, Tile.EAST), "1z 1z 1z 1z", 4, "1111z", id="quad"),
        pytest.param(Group(GroupKind.PAIR, Tile.WHITE), "5z 5z", 2, "55z", id="pair"),
    ],
)
def test_group_tiles_size_str(group, tiles, size, text):
    assert group.tiles == tuple(Tile.from_str(t) for t in tiles.split())
    assert group.size == size == group.kind.size
    assert str(group) == text
    assert Group.from_str(text) == group
    assert group.concealed is True


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        pytest.param((1, 24), Group(GroupKind.TRIPLET, Tile.S7), id="ints"),
        pytest.param((GroupKind.PAIR, "7z"), Group(GroupKind.PAIR, Tile.RED), id="tile-text"),
        pytest.param((0, "3C", 0), Group(GroupKind.SEQUENCE, Tile.M3, False), id="western-and-int-flag"),
    ],
)
def test_group_normalises(args, expected):
    group = Group(*args)
    assert group == expected
    assert type(group.kind) is GroupKind and type(group.first) is Tile and type(group.concealed) is bool


SEQUENCE, TRIPLET, QUAD, PAIR = GroupKind
NOT_A_SET = "is not a set"
NOT_A_CODE = "is not a group code"
ONLY_KONGS = "only a kong can be declared concealed"

REJECTS = [
    ("wrap-8m", lambda: Group(SEQUENCE, Tile.M8), InvalidHandError, "no sequence starts at 8m"),
    ("wrap-9p", lambda: Group(SEQUENCE, Tile.P9), InvalidHandError, "1-2-3 up to 7-8-9"),
    ("honour-sequence", lambda: Group(SEQUENCE, Tile.EAST), InvalidHandError, "winds and dragons form no sequences"),
    ("bad-kind", lambda: Group(7, Tile.M1), InvalidHandError, "is not a group kind"),
    ("bad-tile", lambda: Group(PAIR, 34), InvalidHandError, "tile indices are 0-33"),
    ("bad-tile-text", lambda: Group(PAIR, "0m"), NotationError, "no tile 0m"),
    ("from-str-not-a-set", lambda: Group.from_str("124m"), InvalidHandError, "124m is not a set"),
    ("from-str-two-suits", lambda: Group.from_str("1m1p"), InvalidHandError, NOT_A_SET),
    ("from-str-five", lambda: Group.from_str("11111z"), NotationError, "5 copies"),
    ("from-str-empty", lambda: Group.from_str(""), InvalidHandError, "no tiles is not a set"),
    ("dragon-run", lambda: Group.from_str("567z"), InvalidHandError, "no sequence starts at 5z"),
    ("wrap-text", lambda: Group.from_str("891m"), InvalidHandError, NOT_A_SET),
    ("from-tiles-wrap", lambda: Group.from_tiles([Tile.M8, Tile.M9, Tile.P1]), InvalidHandError, NOT_A_SET),
    ("pad-code", lambda: Group.from_code(0xFF), InvalidHandError, NOT_A_CODE),
    ("single-code", lambda: Group.from_code(group_code(SINGLE, 0)), InvalidHandError, NOT_A_CODE),
    ("past-the-kinds", lambda: Group.from_code(7 * 34), InvalidHandError, NOT_A_CODE),
    ("negative-code", lambda: Group.from_code(-1), InvalidHandError, NOT_A_CODE),
    ("exposed-concealed-kong", lambda: Group.from_code(group_code(CONCEALED_KONG, 0), concealed=False),
     InvalidHandError, "is a concealed kong, not an exposed one"),
    ("concealed-exposed-kong", lambda: Meld.from_code(group_code(KONG, 0), concealed=True),
     InvalidHandError, "is an exposed kong, not a concealed one"),
    ("code-too-big", lambda: Group.from_code(256), InvalidHandError, NOT_A_CODE),
    ("meld-pair", lambda: Meld(PAIR, Tile.WHITE), InvalidHandError, "a pair cannot be declared"),
    ("concealed-triplet", lambda: Meld(TRIPLET, Tile.S7, True), InvalidHandError, ONLY_KONGS),
    ("concealed-sequence", lambda: Meld(SEQUENCE, Tile.M1, True), InvalidHandError, ONLY_KONGS),
    ("meld-wrap", lambda: Meld(SEQUENCE, Tile.S8), InvalidHandError, "no sequence starts at 8s"),
]


@pytest.mark.parametrize(("make", "error", "fragment"), [pytest.param(*row[1:], id=row[0]) for row in REJECTS])
def test_group_rejects(make, error, fragment):
    with pytest.raises(error) as caught:
        make()
    assert fragment in str(caught.value)


@pytest.mark.parametrize(
    ("code", "group"),
    [
        pytest.param(0, Group(GroupKind.SEQUENCE, Tile.M1), id="sequence-1m"),
        pytest.param(34 + 33, Group(GroupKind.TRIPLET, Tile.RED), id="triplet-red"),
        pytest.param(2 * 34 + 17, Group(GroupKind.QUAD, Tile.P9, concealed=False), id="exposed-quad-9p"),
        pytest.param(6 * 34 + 17, Group(GroupKind.QUAD, Tile.P9), id="concealed-quad-9p"),
        pytest.param(3 * 34 + 27, Group(GroupKind.PAIR, Tile.EAST), id="pair-east"),
    ],
)
def test_group_code(code, group):
    assert group.code == code
    assert Group.from_code(code) == group
    if group.kind is not GroupKind.QUAD:  # a kong's byte says whether it is concealed
        assert Group.from_code(code, concealed=False) == Group(group.kind, group.first, False)


def test_group_kinds_are_the_code_kinds():
    """One vocabulary: GroupKind's values are the group byte's kinds (mjscore.core.group_codes)."""
    assert [int(k) for k in GroupKind] == [CHOW, PUNG, KONG, group_codes.PAIR]
    kinds = {CHOW, PUNG, KONG, group_codes.PAIR, SINGLE, group_codes.KNIT, CONCEALED_KONG}
    assert kinds == set(range(group_codes.GROUP_KINDS))
    assert max(group_code(kind, 33) for kind in kinds) < 0xFF  # no byte is two things, nor padding


@given(groups())
def test_group_code_round_trip(group):
    assert Group.from_code(group.code) == group
    assert 0 <= group.code < 0xFF
    assert group.code // 34 == (CONCEALED_KONG if group.kind is GroupKind.QUAD and group.concealed else group.kind)


@given(groups(), st.booleans())
def test_group_repr_and_str_round_trip(group, concealed):
    group = Group(group.kind, group.first, concealed)
    assert eval(repr(group)) == group
    assert Group.from_str(str(group), concealed) == group
    assert Group.from_tiles(reversed(group.tiles), concealed) == group


@pytest.mark.parametrize(
    ("meld", "text", "concealed"),
    [
        pytest.param(Meld(GroupKind.TRIPLET, Tile.S7), "777s", False, id="exposed-triplet"),
        pytest.param(Meld(GroupKind.SEQUENCE, Tile.P4), "456p", False, id="exposed-sequence"),
        pytest.param(Meld(GroupKind.QUAD, Tile.EAST), "1111z", False, id="exposed-kong"),
        pytest.param(Meld(GroupKind.QUAD, Tile.P9, True), "9999p", True, id="concealed-kong"),
    ],
)
def test_meld(meld, text, concealed):
    assert isinstance(meld, Group)
    assert meld.concealed is concealed
    assert str(meld) == text
    assert Meld.from_str(text, concealed) == meld
    assert eval(repr(meld)) == meld


def test_meld_defaults_to_exposed_and_differs_from_group():
    meld = Meld.from_str("777s")
    assert meld.concealed is False
    assert repr(meld) == "Meld.from_str('777s')"
    assert repr(Meld.from_str("1111z", concealed=True)) == "Meld.from_str('1111z', concealed=True)"
    assert meld != Group.from_str("777s", concealed=False)  # a declared meld is not a found group
    assert Meld.from_code(group_code(PUNG, 24)) == meld
    assert Meld.from_code(group_code(CONCEALED_KONG, 24)) == Meld.from_str("7777s", concealed=True)


def test_groups_are_frozen_and_hashable():
    group = Group.from_str("123m")
    with pytest.raises(AttributeError):
        group.first = Tile.M2  # type: ignore[misc]
    assert len({group, Group.from_str("123m"), Group.from_str("123m", concealed=False)}) == 2


def test_sort_order_is_kind_first_concealed():
    texts = ["55z", "1111z", "777s", "123m", "789s", "111m"]
    found = sorted(Group.from_str(t) for t in texts)
    assert [str(g) for g in found] == ["123m", "789s", "111m", "777s", "1111z", "55z"]
    exposed, concealed = Group.from_str("777s", False), Group.from_str("777s")
    assert exposed < concealed and concealed > exposed and exposed <= concealed
    assert sorted([concealed, exposed]) == [exposed, concealed]
    decomposition: Decomposition = tuple(found)
    assert decomposition == tuple(sorted(decomposition, key=lambda g: g.sort_key))


def test_group_kind_values_are_the_kernel_encoding():
    assert [(k.name, int(k)) for k in GroupKind] == [("SEQUENCE", 0), ("TRIPLET", 1), ("QUAD", 2), ("PAIR", 3)]


# --- jokers ------------------------------------------------------------------------


@st.composite
def joker_groups(draw):
    """Every valid group holding jokers: a chow with one, a pair, pung or kong keeping a natural tile."""
    kind = draw(st.sampled_from(GroupKind))
    if kind is GroupKind.SEQUENCE:
        first = draw(st.sampled_from(SEQUENCE_STARTS))
        return Group(kind, first, draw(st.booleans()), 1, Tile(first + draw(st.integers(0, 2))))
    return Group(kind, draw(st.sampled_from(Tile)), draw(st.booleans()), draw(st.integers(1, kind.size - 1)))


@pytest.mark.parametrize(
    ("slots", "group", "text"),
    [
        pytest.param("5s 5s J", Group(TRIPLET, Tile.S5, jokers=1), "55Js", id="pung-one-joker"),
        pytest.param("J 5s 5s", Group(TRIPLET, Tile.S5, jokers=1), "55Js", id="pung-joker-first"),
        pytest.param("5s J J", Group(TRIPLET, Tile.S5, jokers=2), "5JJs", id="one-natural-is-a-pung"),
        pytest.param("7z J J 7z", Group(QUAD, Tile.RED, jokers=2), "77JJz", id="kong"),
        pytest.param("E J", Group(PAIR, Tile.EAST, jokers=1), "1Jz", id="pair"),
        pytest.param("4s J 6s", Group(SEQUENCE, Tile.S4, jokers=1, joker_tile=Tile.S5), "4J6s", id="chow-middle"),
        pytest.param("J 5s 6s", Group(SEQUENCE, Tile.S4, jokers=1, joker_tile=Tile.S4), "J56s", id="chow-low"),
        pytest.param("7m 8m J", Group(SEQUENCE, Tile.M7, jokers=1, joker_tile=Tile.M9), "78Jm", id="chow-high"),
        pytest.param("3p 1p 2p", Group(SEQUENCE, Tile.P1), "123p", id="no-jokers-any-order"),
    ],
)
def test_from_slots(slots, group, text):
    made = Group.from_slots([None if w == "J" else w for w in slots.split()])
    assert made == group
    assert str(made) == text
    assert Group.from_str(text) == group
    assert made.jokers == slots.split().count("J")


def test_joker_tiles_natural_tiles_and_slots():
    chow = Group.from_str("4J6s")
    assert chow.tiles == (Tile.S4, Tile.S5, Tile.S6)
    assert chow.natural_tiles == (Tile.S4, Tile.S6)
    assert chow.joker_tiles == (Tile.S5,)
    assert chow.slots == (Tile.S4, None, Tile.S6)
    kong = Meld.from_str("7JJJz", concealed=True)
    assert (kong.kind, kong.jokers, kong.joker_tile) == (QUAD, 3, Tile.RED)
    assert kong.natural_tiles == (Tile.RED,) and kong.joker_tiles == (Tile.RED,) * 3
    assert kong.slots == (Tile.RED, None, None, None)
    plain = Group.from_str("777s")
    assert plain.jokers == 0 and plain.joker_tile is None and plain.joker_tiles == ()
    assert plain.natural_tiles == plain.tiles == plain.slots


def test_joker_groups_sort_after_natural_ones_and_by_joker_tile():
    texts = ["4J6s", "456s", "J56s", "45Js"]
    assert [str(g) for g in sorted(Group.from_str(t) for t in texts)] == ["456s", "J56s", "4J6s", "45Js"]
    assert Group.from_str("55Js") != Group.from_str("555s")
    assert Group.from_str("55Js").code == Group.from_str("555s").code  # the byte has no jokers


@given(joker_groups())
def test_joker_group_round_trips(group):
    assert eval(repr(group)) == group
    assert Group.from_str(str(group), group.concealed) == group
    assert Group.from_slots(group.slots, group.concealed) == group
    assert len(group.natural_tiles) + group.jokers == group.size
    assert sorted(group.natural_tiles + group.joker_tiles) == list(group.tiles)


JOKER_REJECTS = [
    ("only-jokers", lambda: Group.from_slots([None, None, None]), "names no tile: a group keeps at least one natural tile"),
    ("chow-two-jokers", lambda: Group(SEQUENCE, Tile.S4, jokers=2, joker_tile=Tile.S5), "a chow holds one joker"),
    ("chow-without-joker-tile", lambda: Group(SEQUENCE, Tile.S4, jokers=1), "must say which tile it stands for"),
    ("joker-tile-outside", lambda: Group(SEQUENCE, Tile.S4, jokers=1, joker_tile=Tile.S7), "has no 7s for its joker"),
    ("pung-joker-tile-other", lambda: Group(TRIPLET, Tile.S4, jokers=1, joker_tile=Tile.S5), "has no 5s"),
    ("all-jokers", lambda: Group(TRIPLET, Tile.S4, jokers=3), "cannot be 3 jokers: a group keeps at least one natural"),
    ("pair-of-jokers", lambda: Group(PAIR, Tile.EAST, jokers=2), "cannot be 2 jokers"),
    ("negative", lambda: Group(TRIPLET, Tile.S4, jokers=-1), "cannot hold -1 jokers"),
    ("float", lambda: Group(TRIPLET, Tile.S4, jokers=1.0), "jokers must be an integer count"),
    ("joker-tile-without-jokers", lambda: Group(TRIPLET, Tile.S4, joker_tile=Tile.S4), "has no jokers, so no joker_tile"),
    ("chow-out-of-order", lambda: Group.from_slots(["6s", None, "4s"]), "written lowest tile first"),
    ("chow-two-suits", lambda: Group.from_slots(["4s", None, "6p"]), "4s J 6p is not a set"),
    ("honour-chow", lambda: Group.from_slots(["1z", None, "3z"]), "is not a set"),
    ("past-nine", lambda: Group.from_slots(["8m", "9m", None]), "cannot stand for a tile after 9"),
    ("before-one", lambda: Group.from_slots([None, "1m", "2m"]), "cannot stand for a tile before 1"),
    ("five-slots", lambda: Group.from_slots(["5s"] * 4 + [None]), "a set with jokers is a pung or kong"),
    ("one-joker-alone", lambda: Group.from_slots(["5s", None, None, None, None]), "is not a set"),
    ("meld-pair-with-joker", lambda: Meld.from_str("5Js"), "a pair cannot be declared"),
    ("concealed-pung-with-joker", lambda: Meld.from_str("55Js", concealed=True), ONLY_KONGS),
]


@pytest.mark.parametrize(("make", "fragment"), [pytest.param(*row[1:], id=row[0]) for row in JOKER_REJECTS])
def test_joker_group_rejects(make, fragment):
    with pytest.raises(InvalidHandError) as caught:
        make()
    assert fragment in str(caught.value)


@pytest.mark.parametrize("text", ["5J5", "JJs", "5Jx", "4J6s 1m"])
def test_joker_group_text_rejects(text):
    with pytest.raises((NotationError, InvalidHandError)):
        Group.from_str(text)
