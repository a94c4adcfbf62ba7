"""``mjscore score``: one hand's reading, breakdown, total and payments."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console

from ..core.context import WinContext
from ..core.errors import MjscoreError
from ..distances.near_misses import NearMiss, near_misses
from ..core.notation import parse_hand
from ..rules.payments import Settlement
from ..rules import RuleSet
from ..score.scoring import Score, score, settle
from ..core.tile import Tile
from .layout import print_table
from .options import SEATS, SITUATION_FLAGS, load_rule_set, rules_options, situation, situation_options
from .render import console, fail, group_glyphs, group_text, hand_glyphs, print_labelled

__all__ = ["command", "formula"]


def _discarder(context: WinContext, discarder: str | None) -> int | None:
    """The player who discarded the winning tile: None for a self-drawn win or a hand that lost.

    Without ``--discarder`` a discard comes from the player before the winner.

    :raises click.BadParameter: a discarder on a self-drawn win or a lost hand, or the winner discarding.
    """
    if not context.winner or context.self_drawn:
        if discarder is not None:
            why = "a self-drawn win" if context.winner else "a hand that did not go out"
            raise click.BadParameter(f"{why} has no discarder", param_hint="--discarder")
        return None
    winner = int(context.seat_wind) - Tile.EAST
    if discarder is None:
        return (winner - 1) % 4
    paying = SEATS.index(discarder.upper())
    if paying == winner:
        raise click.BadParameter(f"the winner ({discarder}) cannot discard the winning tile",
                                 param_hint="--discarder")
    return paying


def _settlement(result: Score, rules: RuleSet, discarder: int | None) -> Settlement | None:
    """The payments when this hand went out and the other three hold nothing (None if it lost)."""
    if not result.context.winner:
        return None
    winner = int(result.context.seat_wind) - Tile.EAST
    players: list[Score | int] = [0, 0, 0, 0]
    players[winner] = result
    return settle(players, winner=winner, dealer=0, discarder=discarder, rules=rules)


def _player(index: int) -> str:
    return f"{SEATS[index]} (player {index})"


def _situation_text(context: WinContext, discarder: int | None) -> str:
    flags = [key.replace("_", " ") for key, _ in SITUATION_FLAGS if getattr(context, key)]
    if context.replacement:
        flags.append(f"{context.replacement} replacement tile")
    if context.winner:
        how = "won" + (f" on {context.win_tile}" if context.win_tile is not None else "")
        how += "" if discarder is None else f", discarded by {_player(discarder)}"
    else:
        how = "did not go out"
    parts = [how, f"seat {context.seat_wind.name.title()}",
             f"prevailing {context.prevailing_wind.name.title()}", "dealer" if context.dealer else "",
             *flags, *(f"{name} {','.join(map(str, getattr(context, name)))}"
                       for name in ("flowers", "seasons") if getattr(context, name))]
    return "; ".join(p for p in parts if p)


def formula(result: Score, rules: RuleSet) -> str:
    """How the total was reached: ``28 x 2^1``; for a limit hand the share of the limit it
    scored (``the limit: limit hand heaven``); for a capped score, the limit it was capped at."""
    computed = f"{result.points} x 2^{result.doubles}" if result.doubles else f"{result.points}"
    own = result.points * 2 ** result.doubles
    if result.special and result.limit is not None and result.total != own:
        share = "the limit" if result.limit == 1 else f"{result.limit} of the limit {rules.limit}"
        return f"{share}: limit hand {result.special}"
    if result.special:  # a special hand scored its own points (more than its share of the limit)
        kind = "limit" if result.limit is not None else "special"
        return f"{computed}; {kind} hand {result.special}"
    if result.limit:
        return f"the limit ({computed} = {own:,}, capped)"
    return computed


def _print_breakdown(out: Console, result: Score) -> None:
    rows = [(line.name + (f" x{line.count}" if line.count > 1 else ""), line.value(), line.source)
            for line in result.lines]
    print_table(out, ("item", "value", "source"), rows, title="Breakdown", justify=("left", "right"))


def _print_payments(out: Console, settlement: Settlement) -> None:
    rows = [(_player(t.payer), _player(t.payee), str(t.amount), t.reason) for t in settlement.transfers]
    print_table(out, ("payer", "payee", "amount", "reason"), rows,
                title="Payments (the other players hold 0)", justify=("left", "left", "right"))


def _print_score(result: Score, rules: RuleSet, discarder: int | None,
                 settlement: Settlement | None) -> None:
    out = console()
    hand = result.hand
    print_labelled(out, "Hand", hand_glyphs(hand))
    print_labelled(out, "", f"{hand}    ({hand.to_western()})")
    preset = f", preset {rules.preset}" if rules.preset else ""
    print_labelled(out, "Rules", f"{rules.name} ({rules.title}{preset})")
    print_labelled(out, "Situation", _situation_text(result.context, discarder))
    reading = result.shape
    if result.decomposition:
        groups = result.decomposition
        reading += ": " + " ".join(group_text(g) for g in groups)
        reading += "    " + " ".join(group_glyphs(g) for g in groups)
    print_labelled(out, "Reading", reading)
    out.print()
    _print_breakdown(out, result)
    out.print()
    print_labelled(out, "Total", f"{result.total}  = {formula(result, rules)}", bold=True)
    if settlement is not None:
        out.print()
        _print_payments(out, settlement)
        print_labelled(out, "Net", ", ".join(f"{_player(p)} {n:+d}" for p, n in enumerate(settlement.net)))


def _print_near(out: Console, near: list[NearMiss]) -> None:
    rows = [(n.name, "-" if n.tiles_away is None else str(n.tiles_away), n.reason) for n in near]
    print_table(out, ("special hand", "away", "why"), rows or [("(none with tiles)", "", "")],
                title="Near misses", justify=("left", "right"))


@click.command("score")
@click.argument("hand")
@rules_options
@click.option("--win", "win_tile", metavar="TILE",
              help="The winning tile (3m, RD, ...), if the hand does not mark it with +X.")
@situation_options
@click.option("--loser", is_flag=True, help="The hand did not go out (13 tiles; default for 13).")
@click.option("--discarder", type=click.Choice(SEATS, case_sensitive=False),
              help="Seat of the player whose discard won (default: the player before the winner).")
@click.option("--near", "near_count", type=click.IntRange(min=1), is_flag=False, flag_value=3,
              default=None, metavar="[K]",
              help="Also show the K special hands the hand comes closest to (default 3), "
                   "the tiles each lacks and why.")
@click.option("--json", "as_json", is_flag=True,
              help='Print only JSON: {"score": ..., "payments": ...} (and "near_misses" with --near; '
                   'a hand that does not score: "score" null, the error on stderr).')
def command(hand: str, rules_name: str, preset: str | None, rule_options: dict[str, object],
            win_tile: str | None, loser: bool, discarder: str | None, near_count: int | None,
            as_json: bool, **options: Any) -> int:
    """Score one hand and settle the payments.

    HAND is in mpsz ("123m 456p 789s 1z [777z] +1z") or Western notation; +X
    adds the winning tile. The winner sits at its seat (E S W N are players
    0-3, East deals); the other three players hold nothing.
    """
    rules = load_rule_set(rules_name, preset, rule_options)
    context = situation(options)
    if win_tile is not None:
        context["win_tile"] = win_tile
    if loser:
        context["winner"] = False
    near: list[NearMiss] | None = None
    try:
        parsed = parse_hand(hand)
        near = None if near_count is None else near_misses(parsed, rules, near_count, **context)
        result = score(parsed, rules, **context)
    except MjscoreError as error:
        if near and as_json:  # the hand reads but does not score: how near it is still helps
            click.echo(json.dumps({"score": None, "payments": None, "near_misses": [n.to_dict() for n in near]},
                                  indent=2, ensure_ascii=False))
        elif near:
            _print_near(console(), near)
        return fail(error)
    paying = _discarder(result.context, discarder)
    settlement = _settlement(result, rules, paying)
    if as_json:
        document: dict[str, Any] = {"score": result.to_dict(),
                                    "payments": None if settlement is None else settlement.to_dict()}
        if near is not None:
            document["near_misses"] = [n.to_dict() for n in near]
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        _print_score(result, rules, paying, settlement)
        if near is not None:
            console().print()
            _print_near(console(), near)
    return 0
