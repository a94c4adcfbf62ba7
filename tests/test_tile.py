"""Tiles: the 34-index order, suits and ranks, tile classes against the seeds, mpsz text."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjscore.core.errors import InvalidHandError, MjscoreError, NotationError
from mjscore.core.tile import (
    ASSOCIATED_DRAGON,
    N_KINDS,
    TILE_CLASSES,
    Bonus,
    Suit,
    Tile,
    TileClass,
    as_tile,
    format_tiles,
    parse_tile,
    parse_tiles,
)


def tiles(text: str) -> frozenset[Tile]:
    """The set of tile kinds in mpsz text: an independent way to write the expected sets."""
    return frozenset(Tile(t) for t, c in enumerate(parse_tiles(text)) if c)


# --- the 34-index order ------------------------------------------------------


@pytest.mark.parametrize(
    ("tile", "index", "suit", "rank", "text"),
    [
        pytest.param(Tile.M1, 0, Suit.CHARACTERS, 1, "1m", id="1m"),
        pytest.param(Tile.M9, 8, Suit.CHARACTERS, 9, "9m", id="9m"),
        pytest.param(Tile.P1, 9, Suit.DOTS, 1, "1p", id="1p"),
        pytest.param(Tile.P5, 13, Suit.DOTS, 5, "5p", id="5p"),
        pytest.param(Tile.S1, 18, Suit.BAMBOO, 1, "1s", id="1s"),
        pytest.param(Tile.S9, 26, Suit.BAMBOO, 9, "9s", id="9s"),
        pytest.param(Tile.EAST, 27, Suit.HONOURS, 1, "1z", id="east"),
        pytest.param(Tile.NORTH, 30, Suit.HONOURS, 4, "4z", id="north"),
        pytest.param(Tile.WHITE, 31, Suit.HONOURS, 5, "5z", id="white"),
        pytest.param(Tile.GREEN, 32, Suit.HONOURS, 6, "6z", id="green"),
        pytest.param(Tile.RED, 33, Suit.HONOURS, 7, "7z", id="red"),
    ],
)
def test_tile_index_suit_rank_str(tile, index, suit, rank, text):
    assert tile == index
    assert tile.suit is suit
    assert tile.rank == rank
    assert str(tile) == text
    assert Tile.from_str(text) is tile


def test_tiles_are_34_in_order():
    assert len(Tile) == N_KINDS == 34
    assert [int(t) for t in Tile] == list(range(34))
    assert sorted(Tile, key=lambda t: (t.suit, t.rank)) == list(Tile)


@pytest.mark.parametrize(
    ("text", "tile"),
    [
        pytest.param("3C", Tile.M3, id="characters"),
        pytest.param("3d", Tile.P3, id="dots-lowercase"),
        pytest.param("3B", Tile.S3, id="bamboo"),
        pytest.param("E", Tile.EAST, id="east"),
        pytest.param("n", Tile.NORTH, id="north-lowercase"),
        pytest.param("WD", Tile.WHITE, id="white-dragon"),
        pytest.param("Gd", Tile.GREEN, id="green-dragon"),
        pytest.param("RD", Tile.RED, id="red-dragon"),
        pytest.param(" 7z ", Tile.RED, id="surrounding-space"),
    ],
)
def test_from_str_western(text, tile):
    assert Tile.from_str(text) is tile
    assert parse_tile(text) is tile


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("", id="empty"),
        pytest.param("8z", id="8z"),
        pytest.param("0m", id="zero"),
        pytest.param("11m", id="two-tiles"),
        pytest.param("1f", id="flower"),
        pytest.param("J", id="joker"),
        pytest.param("3m 4m", id="two-words"),
        pytest.param("[3m]", id="bracket"),
        pytest.param("XD", id="unknown"),
    ],
)
def test_from_str_rejects(text):
    with pytest.raises(NotationError):
        Tile.from_str(text)


def test_honour_and_terminal_flags():
    assert [t for t in Tile if t.is_honour] == list(Tile)[27:]
    assert {t for t in Tile if t.is_terminal} == tiles("19m19p19s")


# --- tile classes against the seeds -------------------------------------------

SEED_CLASSES = {
    # seed 002: "Terminals are 1 and 9. Simples are 2-8. Honors are Winds and Dragons."
    TileClass.TERMINAL: tiles("19m19p19s"),
    TileClass.SIMPLE: tiles("2345678m2345678p2345678s"),
    TileClass.HONOUR: tiles("1234567z"),
    TileClass.WIND: tiles("1234z"),
    TileClass.DRAGON: tiles("567z"),
    TileClass.ORPHAN: tiles("19m19p19s1234567z"),
    # seed 001: "the Bams suit is comprised of "green" tiles (2, 3, 4, 6, 8)", All Green adds the green dragon
    TileClass.GREEN: tiles("23468s6z"),
    # seed 001: "and "red" tiles (1, 5, 7, and 9)"
    TileClass.RED_BAMBOO: tiles("1579s"),
}


@pytest.mark.parametrize("tile_class", list(TileClass), ids=lambda c: c.value)
def test_tile_class_matches_seed(tile_class):
    assert TILE_CLASSES[tile_class] == SEED_CLASSES[tile_class]


def test_every_tile_class_is_defined():
    assert set(TILE_CLASSES) == set(TileClass) == set(SEED_CLASSES)


def test_simples_terminals_honours_partition_the_tiles():
    parts = [TILE_CLASSES[TileClass.SIMPLE], TILE_CLASSES[TileClass.TERMINAL], TILE_CLASSES[TileClass.HONOUR]]
    assert sum(len(p) for p in parts) == 34
    assert frozenset().union(*parts) == frozenset(Tile)


@pytest.mark.parametrize(
    ("suit", "dragon"),
    [
        # seed 001: "The Red Dragon is associated with the Craks ... the Green Dragon is associated
        # with the Bams, and the White Dragon is associated with the Dots."
        pytest.param(Suit.CHARACTERS, Tile.RED, id="characters-red"),
        pytest.param(Suit.DOTS, Tile.WHITE, id="dots-white"),
        pytest.param(Suit.BAMBOO, Tile.GREEN, id="bamboo-green"),
    ],
)
def test_associated_dragon(suit, dragon):
    assert ASSOCIATED_DRAGON[suit] is dragon


# --- bonus tiles --------------------------------------------------------------


@pytest.mark.parametrize(
    ("bonus", "is_flower", "number", "text"),
    [
        pytest.param(Bonus.F1, True, 1, "1f", id="F1"),
        pytest.param(Bonus.F4, True, 4, "4f", id="F4"),
        pytest.param(Bonus.Y1, False, 1, "1y", id="Y1"),
        pytest.param(Bonus.Y4, False, 4, "4y", id="Y4"),
    ],
)
def test_bonus(bonus, is_flower, number, text):
    assert bonus.is_flower is is_flower
    assert bonus.number == number
    assert str(bonus) == text


def test_bonus_tiles_are_eight():
    assert [str(b) for b in Bonus] == ["1f", "2f", "3f", "4f", "1y", "2y", "3y", "4y"]


# --- as_tile ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "tile"),
    [
        pytest.param(Tile.S5, Tile.S5, id="tile"),
        pytest.param(22, Tile.S5, id="index"),
        pytest.param("5s", Tile.S5, id="mpsz"),
        pytest.param("5b", Tile.S5, id="western"),
    ],
)
def test_as_tile(value, tile):
    assert as_tile(value) is tile


@pytest.mark.parametrize(
    ("value", "error", "fragment"),
    [
        pytest.param(34, InvalidHandError, "tile indices are 0-33", id="index-34"),
        pytest.param(-1, InvalidHandError, "tile indices are 0-33", id="negative"),
        pytest.param(True, InvalidHandError, "is not a tile", id="bool"),
        pytest.param(Bonus.F1, InvalidHandError, "is not a tile", id="bonus"),
        pytest.param(2.0, InvalidHandError, "is not a tile", id="float"),
        pytest.param("9z", NotationError, "no tile 9z", id="text"),
    ],
)
def test_as_tile_rejects(value, error, fragment):
    with pytest.raises(error, match=fragment):
        as_tile(value)


# --- parse_tiles / format_tiles -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "nonzero", "canonical"),
    [
        pytest.param("123m", {0: 1, 1: 1, 2: 1}, "123m", id="run"),
        pytest.param("3m21m", {0: 1, 1: 1, 2: 1}, "123m", id="unsorted-split"),
        pytest.param("1111z", {27: 4}, "1111z", id="four-alike"),
        pytest.param("9s1p7z", {26: 1, 9: 1, 33: 1}, "1p9s7z", id="suit-order"),
        pytest.param("", {}, "", id="empty"),
    ],
)
def test_parse_and_format_tiles(text, nonzero, canonical):
    counts = parse_tiles(text)
    assert len(counts) == 34
    assert {t: c for t, c in enumerate(counts) if c} == nonzero
    assert format_tiles(counts) == canonical


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        pytest.param("8z", "no tile 8z at position 0", id="8z"),
        pytest.param("10m", "no tile 0m at position 1", id="zero"),
        pytest.param("12x", "unexpected '12x' at position 0", id="unknown-letter"),
        pytest.param("123m 4p", "unexpected ' ' at position 4", id="space"),
        pytest.param("123", "unexpected '123' at position 0", id="no-suit"),
        pytest.param("11111m", "5 copies of 1m", id="fifth-copy"),
    ],
)
def test_parse_tiles_rejects(text, fragment):
    with pytest.raises(NotationError, match=fragment):
        parse_tiles(text)


@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_format_tiles_round_trip(counts):
    assert parse_tiles(format_tiles(counts)) == tuple(counts)


def test_errors_are_value_errors():
    assert issubclass(NotationError, MjscoreError)
    assert issubclass(NotationError, ValueError)
