"""Options several commands share: which rule set (``--rules``, ``--preset``, ``--option``)
and the situation of a win (``--seat``, ``--self-drawn``, ...)."""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from ..core.context import FLAG_KEYWORDS
from ..core.errors import RuleSetError
from ..rules import RULES_DIR, RuleSet, load_rules, rulesets

__all__ = ["SEATS", "SITUATION_FLAGS", "rules_options", "rule_set_options", "load_rule_set", "without_shipped_paths",
           "situation_options", "situation"]

F = TypeVar("F", bound=Callable[..., Any])

SEATS = ("E", "S", "W", "N")
"""Seat winds in player order: player 0 sits East (and deals), 1 South, ..."""

_FLAG_HELP = {
    "self_drawn": "won on a tile drawn from the wall, not on a discard",
    "last_tile": "won on the last tile of the wall (self-drawn)",
    "last_discard": "won on the last discard of the hand",
    "robbing_kong": "won on a tile robbed from another player's kong",
    "kong_on_kong": "won on the loose tile of a second kong declared in a row",
    "heaven": "the dealer's dealt hand was complete (hand from heaven)",
    "earth": "won on the dealer's first discard (hand from earth)",
    "declared_calling": "declared calling (Babcock's lucky thirteen; the classical original call)",
}

SITUATION_FLAGS = tuple((key, _FLAG_HELP[key]) for key in FLAG_KEYWORDS if key != "winner")
"""The on/off context keywords of :class:`~mjscore.WinContext` (:data:`mjscore.core.context.FLAG_KEYWORDS`),
one ``--flag`` each, with its help; ``winner`` is the hand's size (14 tiles went out)."""

_SITUATION_KEYS = ("seat_wind", "prevailing_wind", "dealer", "replacement", "flowers", "seasons", "dealer_streak",
                   *(key for key, _ in SITUATION_FLAGS))


def _apply(options: Sequence[Callable[[F], F]], function: F) -> F:
    for option in reversed(options):
        function = option(function)
    return function


def rules_options(function: F) -> F:
    """``--rules``, ``--preset`` and ``--option NAME=VALUE``: which rule set, with which options."""
    return _apply([
        click.option("--rules", "rules_name", default="babcock", show_default=True, metavar="NAME",
                     help=f"Rule set: a shipped name or alias ({', '.join(rulesets())}) "
                          "or a .toml rule file."),
        rule_set_options,
    ], function)


def rule_set_options(function: F) -> F:
    """``--preset`` and ``--option NAME=VALUE``: the options of a rule set named elsewhere."""
    return _apply([
        click.option("--preset", metavar="P", help="Apply one of the rule set's presets, for rule "
                                                   "files that define them (see `mjscore rules show`)."),
        click.option("--option", "rule_options", multiple=True, metavar="NAME=VALUE",
                     callback=_rule_options,
                     help="Set a rule-set option (repeatable; `mjscore rules show` lists them); "
                          "VALUE is true/false, an integer or text."),
    ], function)


def _rule_options(ctx: click.Context, param: click.Parameter, values: Sequence[str]) -> dict[str, object]:
    """``NAME=VALUE`` strings as load_rules keywords: true/false as booleans, digits as integers."""
    options: dict[str, object] = {}
    for text in values:
        name, equals, raw = text.partition("=")
        if not equals or not name.strip():
            raise click.BadParameter(f"expected NAME=VALUE, got {text!r}", ctx, param)
        value: object = raw.strip()
        if raw.strip().lower() in ("true", "false"):
            value = raw.strip().lower() == "true"
        elif re.fullmatch(r"-?[0-9]+", raw.strip(), re.ASCII):  # (str.isdigit takes "²" and "--5")
            value = int(raw)
        options[name.strip()] = value
    return options


def load_rule_set(rules_name: str, preset: str | None, rule_options: dict[str, object]) -> RuleSet:
    """The rule set the options name.

    :raises click.BadParameter: an unknown rule set, preset or option (exit 2).
    """
    keywords = dict(rule_options)
    if preset is not None:
        keywords["preset"] = preset
    try:
        return load_rules(rules_name, keywords)
    except RuleSetError as error:
        raise click.BadParameter(without_shipped_paths(str(error)),
                                 param_hint="--rules/--preset/--option") from None


@functools.cache
def _shipped_files() -> dict[str, str]:
    return {str(load_rules(name).path): name for name in rulesets()}


def without_shipped_paths(message: str) -> str:
    """``message`` with the path of each shipped rule file (somewhere in site-packages)
    replaced by its rule set's name, the name a user types."""
    for path, name in _shipped_files().items():
        message = message.replace(path, f"rule set {name}")
    return message.replace(str(RULES_DIR) + os.sep, "")


def situation_options(function: F) -> F:
    """One option per context keyword of :class:`~mjscore.WinContext` but the winning tile."""
    wind = click.Choice(SEATS, case_sensitive=False)
    return _apply([
        click.option("--seat", "seat_wind", type=wind, default="E", show_default=True,
                     help="The player's seat wind (East is the dealer)."),
        click.option("--wind", "prevailing_wind", type=wind, default="E", show_default=True,
                     help="The prevailing wind (of the round)."),
        click.option("--dealer/--no-dealer", default=None,
                     help="Whether the player is the dealer (default: when seated East)."),
        *(click.option(f"--{key.replace('_', '-')}", key, is_flag=True, help=help_text[0].upper()
                       + help_text[1:] + ".") for key, help_text in SITUATION_FLAGS),
        click.option("--replacement", type=click.Choice(["kong", "bonus"]),
                     help="Won on a loose (replacement) tile drawn after a kong or a flower/season."),
        click.option("--flowers", callback=_bonus_numbers, metavar="1,2,..",
                     help="The player's flowers, numbered 1-4 (default: those the hand shows)."),
        click.option("--seasons", callback=_bonus_numbers, metavar="1,2,..",
                     help="The player's seasons, numbered 1-4 (default: those the hand shows)."),
        click.option("--dealer-streak", "dealer_streak", type=click.IntRange(min=0), default=0,
                     metavar="N", help="The dealer's wins in a row, this deal counted (dmjl: 9 is a limit)."),
    ], function)


def _bonus_numbers(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    try:
        numbers = tuple(int(part) for part in value.replace(",", " ").split())
    except ValueError:
        raise click.BadParameter(f"expected numbers 1-4 separated by commas, got {value!r}",
                                 ctx, param) from None
    wrong = [n for n in numbers if not 1 <= n <= 4]
    if wrong:
        raise click.BadParameter(f"{param.name} are numbered 1-4, got {wrong[0]}", ctx, param)
    return numbers


def situation(options: dict[str, Any]) -> dict[str, Any]:
    """Take the situation options out of ``options`` as score() keywords (unset flowers and
    seasons left to the hand)."""
    context = {key: options.pop(key) for key in _SITUATION_KEYS}
    # --self-drawn has no --no- form, so off means not said: heaven, the wall's last tile and
    # a loose tile imply it.
    if context["heaven"] or context["last_tile"] or context["replacement"] is not None:
        context["self_drawn"] = True
    return {key: value for key, value in context.items()
            if not (key in ("flowers", "seasons") and value is None)}
