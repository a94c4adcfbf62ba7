"""``mjscore discard``: the chance to win and the expected score of every discard of a hand."""

from __future__ import annotations

import click

from ..core.errors import MjscoreError
from ..core.notation import parse_hand
from ..core.tile import parse_tiles
from ..search.search import MAX_TURNS, discard_values
from .layout import print_table
from .options import SEATS, load_rule_set, rules_options
from .render import console, fail, hand_glyphs, print_labelled

__all__ = ["command"]


@click.command("discard")
@click.argument("hand")
@rules_options
@click.option("--turns", type=click.IntRange(1, MAX_TURNS), default=12, show_default=True,
              help="Turns (draws) the search looks ahead.")
@click.option("--visible", default=None, metavar="TILES",
              help="Tiles seen elsewhere (discards, others' melds) in mpsz, e.g. 1122z5m: they leave the wall.")
@click.option("--objective", type=click.Choice(["score", "win"]), default="score", show_default=True,
              help="Discard for the best expected score, or the best chance to win.")
@click.option("--extra", type=click.IntRange(0, 4), default=0, show_default=True,
              help="Tiles the search may step back from the best discard.")
@click.option("--change-wait/--keep-wait", default=False, show_default=True,
              help="Whether a ready hand may change to a different wait.")
@click.option("--seat", "seat_wind", type=click.Choice(SEATS, case_sensitive=False), default="E",
              show_default=True, help="The player's seat wind.")
@click.option("--wind", "prevailing_wind", type=click.Choice(SEATS, case_sensitive=False), default="E",
              show_default=True, help="The prevailing wind (of the round).")
def command(hand: str, rules_name: str, preset: str | None, rule_options: dict[str, object], turns: int,
            visible: str | None, objective: str, extra: int, change_wait: bool, seat_wind: str,
            prevailing_wind: str) -> int:
    """Every discard of a 14-tile HAND (or a 13-tile HAND as it stands): its shanten, its
    useful tiles with the copies left, and its chance to win and expected score within
    --turns turns.

    The model: draws from the unseen tiles, self-drawn wins only, the best discard
    after every draw (see mjscore.discard_values).
    """
    rules = load_rule_set(rules_name, preset, rule_options)
    try:
        parsed = parse_hand(hand)
        seen = parse_tiles(visible) if visible else None
        found = discard_values(parsed, rules, turns=turns, visible=seen, objective=objective,  # type: ignore[arg-type]
                               extra=extra, change_wait=change_wait, seat_wind=seat_wind,
                               prevailing_wind=prevailing_wind)
    except MjscoreError as error:
        return fail(error)
    out = console()
    print_labelled(out, "Hand", f"{hand_glyphs(parsed)}    {parsed}", width=5)
    rows = []
    for row in found:
        tile = "as is" if row.tile is None else f"{row.tile.glyph} {row.tile}"
        useful = " ".join(f"{t}×{c}" for t, c in zip(row.useful, row.copies))
        rows.append((tile, str(row.shanten), f"{useful} ({row.remaining})" if useful else "-",
                     f"{row.win[-1]:.1%}", f"{row.expected[-1]:.1f}"))
    best = "expected score" if objective == "score" else "chance to win"
    print_table(out, ("discard", "shanten", "useful tiles (copies left)", "win", "expected"), rows,
                title=f"Discards ({found.rules}, {turns} turns, best {best} first)",
                justify=("left", "right", "left", "right", "right"))
    return 0
