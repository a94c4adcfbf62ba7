"""Text the commands print: the console, tiles as glyphs, groups in mpsz, table columns, errors."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.table import Table

from ..group import Group, Meld
from ..hand import Hand
from ..tile import JOKER_GLYPH, Tile

if TYPE_CHECKING:
    from rich.console import JustifyMethod

__all__ = ["console", "add_columns", "glyphs", "group_text", "group_glyphs", "hand_glyphs", "fail"]


def console(stderr: bool = False) -> Console:
    """A console that prints text as given (no markup, emoji codes, highlighting or wrapping).

    Colour and width follow the terminal; off a terminal rich writes plain text,
    80 columns wide unless ``COLUMNS`` says otherwise.
    """
    return Console(stderr=stderr, markup=False, emoji=False, highlight=False, soft_wrap=True)


def add_columns(table: Table, *columns: tuple[str, JustifyMethod]) -> None:
    """Add columns given as ``(header, justify)``."""
    for header, justify in columns:
        table.add_column(header, justify=justify)


def glyphs(tiles: Sequence[Tile]) -> str:
    """Tiles as their Unicode glyphs, side by side."""
    return "".join(tile.glyph for tile in tiles)


def group_text(group: Group) -> str:
    """A group in mpsz, exposed melds in ``[]``, concealed kongs in ``()``."""
    if isinstance(group, Meld):
        return f"({group})" if group.concealed else f"[{group}]"
    return str(group)


def group_glyphs(group: Group) -> str:
    """A group in Unicode tiles, bracketed as :func:`group_text` brackets it."""
    text = glyphs(group.tiles)
    if isinstance(group, Meld):
        return f"({text})" if group.concealed else f"[{text}]"
    return text


def hand_glyphs(hand: Hand) -> str:
    """The hand in Unicode tiles, laid out as its mpsz text: held, melds, ``+`` winning tile, bonus."""
    parts = [glyphs(hand.held_tiles) + JOKER_GLYPH * hand.jokers]
    parts += [group_glyphs(meld) for meld in hand.melds]
    if hand.win_tile is not None:
        parts.append("+" + hand.win_tile.glyph)
    if hand.bonus:
        parts.append("".join(b.glyph for b in hand.bonus))
    return " ".join(p for p in parts if p)


def fail(message: object) -> int:
    """Print an error on stderr; the exit code 1."""
    click.echo(f"mjscore: {message}", err=True)
    return 1
