"""``mjscore waits``: the tiles a 13-tile hand waits on, and what winning on each scores."""

from __future__ import annotations

from typing import Any

import click
from rich.table import Table

from ..decompose import Placement, waits
from ..errors import MjscoreError
from ..hand import Hand
from ..notation import parse_hand
from ..scoring import score
from ..tile import Tile
from .options import load_rule_set, rules_options, situation, situation_options
from .render import add_columns, console, fail, group_text, hand_glyphs

__all__ = ["command"]


def _placement_text(placement: Placement) -> str:
    shape = (placement.shape.name or "").lower().replace("_", " ")
    group = f" {group_text(placement.group)}" if placement.group is not None else ""
    return f"{placement.role.value}{group} ({shape})"


def _won_on(hand: Hand, tile: Tile) -> Hand:
    counts = list(hand.concealed)
    counts[tile] += 1
    return Hand(tuple(counts), hand.melds, win_tile=tile, bonus=hand.bonus, jokers=hand.jokers)


@click.command("waits")
@click.argument("hand")
@rules_options
@situation_options
def command(hand: str, rules_name: str, preset: str | None, rule_options: dict[str, object],
            **options: Any) -> int:
    """The tiles a 13-tile HAND waits on, how each completes it, and what winning on it scores.

    Scored as won on a discard unless --self-drawn.
    """
    rules = load_rule_set(rules_name, preset, rule_options)
    context = situation(options)
    try:
        waiting = parse_hand(hand)
        found = waits(waiting)
    except MjscoreError as error:
        return fail(error)
    out = console()
    out.print(f"Hand   {hand_glyphs(waiting)}    {waiting}")
    if not found:
        out.print("No winning tile: the hand is not ready.")
        return 0
    table = Table(title=f"Waits ({rules.name}, {'self-drawn' if context['self_drawn'] else 'on a discard'})",
                  title_justify="left", show_edge=False)
    add_columns(table, ("tile", "left"), ("completes", "left"), ("score", "right"), ("limit hand", "left"))
    for tile, placements in found.items():
        try:
            result = score(_won_on(waiting, tile), rules, **context)
            total, special = str(result.total), result.special or ""
        except MjscoreError as error:
            total, special = "-", str(error)
        table.add_row(f"{tile.glyph} {tile}", "\n".join(_placement_text(p) for p in placements),
                      total, special)
    out.print(table)
    return 0
