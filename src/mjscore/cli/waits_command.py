"""``mjscore waits``: the tiles a 13-tile hand waits on, and what winning on each scores."""

from __future__ import annotations

from typing import Any

import click

from ..decompose.decompose import Placement, waits
from ..core.errors import MjscoreError
from ..core.hand import Hand
from ..core.notation import parse_hand
from ..score.scoring import score
from ..core.tile import Tile
from .layout import print_table
from .options import load_rule_set, rules_options, situation, situation_options
from .render import console, fail, group_text, hand_glyphs, print_labelled

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
    print_labelled(out, "Hand", f"{hand_glyphs(waiting)}    {waiting}", width=5)
    if not found:
        out.print("No winning tile: the hand is not ready.")
        return 0
    rows = []
    for tile, placements in found.items():
        try:
            result = score(_won_on(waiting, tile), rules, **context)
            total, special = str(result.total), result.special or ""
        except MjscoreError as error:
            total, special = "-", str(error)
        readings = dict.fromkeys(_placement_text(p) for p in placements)  # once each, in order
        rows.append((f"{tile.glyph} {tile}", "\n".join(readings),
                     total, special))
    how = "self-drawn" if context["self_drawn"] else "on a discard"
    print_table(out, ("tile", "completes", "score", "limit hand"), rows, title=f"Waits ({rules.name}, {how})",
                justify=("left", "left", "right"))
    return 0
