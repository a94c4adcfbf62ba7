"""Text the commands print: the console, tiles as glyphs, groups in mpsz, errors."""

from __future__ import annotations

from collections.abc import Sequence

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core.group import Group, Meld
from ..core.hand import Hand
from ..core.tile import JOKER_GLYPH, Tile

__all__ = ["console", "print_labelled", "glyphs", "group_text", "group_glyphs", "hand_glyphs", "fail"]


def console(stderr: bool = False) -> Console:
    """A console that prints text as given (no markup, emoji codes, highlighting or wrapping).

    Colour and width follow the terminal; off a terminal rich writes plain text,
    80 columns wide unless ``COLUMNS`` says otherwise.
    """
    return Console(stderr=stderr, markup=False, emoji=False, highlight=False, soft_wrap=True)


def print_labelled(out: Console, label: str, text: str, *, width: int = 9, bold: bool = False) -> None:
    """``label`` padded to ``width`` and two spaces, then ``text`` wrapped between words
    under itself (a hanging indent), so a long line still reads at 80 columns."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(width=width, no_wrap=True)
    grid.add_column(overflow="fold")
    style = "bold" if bold else ""
    grid.add_row(Text(label, style=style), Text(text, style=style))
    out.print(grid)


def glyphs(tiles: Sequence[Tile]) -> str:
    """Tiles as their Unicode glyphs, side by side."""
    return "".join(tile.glyph for tile in tiles)


def group_text(group: Group) -> str:
    """A group in mpsz, exposed melds in ``[]``, concealed kongs in ``()``, claimed kongs in ``{}``."""
    if isinstance(group, Meld):
        return f"{group.brackets[0]}{group}{group.brackets[1]}"
    return str(group)


def group_glyphs(group: Group) -> str:
    """A group in Unicode tiles, bracketed as :func:`group_text` brackets it."""
    text = glyphs(group.tiles)
    if isinstance(group, Meld):
        return f"{group.brackets[0]}{text}{group.brackets[1]}"
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
