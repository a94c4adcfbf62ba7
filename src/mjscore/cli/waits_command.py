"""``mjscore waits``: the tiles on which a 13-tile hand goes out under a rule set, and what
winning on each scores."""

from __future__ import annotations

from typing import Any

import click

from ..decompose.decompose import Placement
from ..decompose.decompose import waits as shape_waits
from ..core.errors import MjscoreError
from ..core.hand import Hand
from ..core.notation import parse_hand
from ..score.scoring import score
from ..score.waits import rule_waits
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
    """The tiles on which a 13-tile HAND goes out under the rule set, how each completes it,
    and what winning on it scores.

    Won on a discard unless --self-drawn. The rule set's special hands count, and the
    hands it refuses (a chow limit, special hands required) do not.
    """
    rules = load_rule_set(rules_name, preset, rule_options)
    context = situation(options)
    try:
        waiting = parse_hand(hand)
        found = rule_waits(waiting, rules, **context)
        shaped = shape_waits(waiting, rules.joker_use if waiting.total_jokers else None)
    except MjscoreError as error:
        return fail(error)
    out = console()
    print_labelled(out, "Hand", f"{hand_glyphs(waiting)}    {waiting}", width=5)
    refused = " ".join(str(tile) for tile in shaped if tile not in found)
    if refused:
        refused = f"Completing its shape but not going out under {rules.name}: {refused}."
    if not found:
        out.print("No winning tile: the hand is not ready." if not refused else f"No winning tile. {refused}")
        return 0
    rows = []
    for tile, placements in found.items():
        try:
            result = score(_won_on(waiting, tile), rules, **context)
            total, special = str(result.total), result.special or ""
        except MjscoreError as error:
            total, special = "-", str(error)
        readings = dict.fromkeys(_placement_text(p) for p in placements)  # once each, in order
        if not readings:  # it completes no shape the kernel knows: only the special hand
            names = [h.name for h in rules.hands if h.id == special]
            readings = {f"special hand: {names[0]}" if names else "a special hand": None}
        rows.append((f"{tile.glyph} {tile}", "\n".join(readings),
                     total, special))
    how = "self-drawn" if context["self_drawn"] else "on a discard"
    print_table(out, ("tile", "completes", "score", "limit hand"), rows, title=f"Waits ({rules.name}, {how})",
                justify=("left", "left", "right"))
    if refused:
        out.print(refused)
    return 0
