"""The ``mjscore`` command: one hand's shapes, decompositions, waits and score."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import (
    BACKEND, MjscoreError, Shape, decompositions, load_rules, parse, rulesets, score, shapes, waits,
)
from .group import Group, Meld
from .hand import Hand

EXAMPLE = "111222333m 456p 9s"
"""The built-in example: a 13-tile hand waiting on 9s, which completes it two ways."""


def _group(group: Group) -> str:
    if isinstance(group, Meld):
        return f"({group})" if group.concealed else f"[{group}]"
    return str(group)


def _show(hand: Hand, rules: str, out: list[str]) -> None:
    out.append(f"hand     {hand}    ({hand.to_western()})")
    if hand.size == 14:
        found_shapes = shapes(hand)
        out.append("shapes   " + (" ".join(str(s.name) for s in Shape if s in found_shapes) or "none"))
        for number, decomposition in enumerate(decompositions(hand), 1):
            out.append(f"  {number}. " + " ".join(_group(g) for g in decomposition))
        out.append(score(hand, rules).explain())
        return
    found = waits(hand)
    out.append(f"waits    {' '.join(str(t) for t in found) or 'none'}")
    for tile, placements in found.items():
        for placement in placements:
            where = " ".join(_group(g) for g in placement.decomposition or ())
            out.append(f"  {tile}: {placement.role.value:<9} {placement.shape.name:<17} {where}")
    for tile in found:
        complete = parse(f"{hand} +{tile}")
        try:
            out.append(f"{rules}: won on {tile} (discard) scores {score(complete, rules).total}")
        except MjscoreError as error:  # e.g. a shape this rule set does not accept
            out.append(f"{rules}: won on {tile}: {error}")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mjscore`` console script; returns the exit code."""
    parser = argparse.ArgumentParser(prog="mjscore", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    show = commands.add_parser("show", help="a hand's shapes and decompositions (14 tiles) "
                                            "or its waits (13 tiles)")
    show.add_argument("hand", nargs="?", default=EXAMPLE,
                      help=f"hand in mpsz or Western notation (default: {EXAMPLE!r})")
    show.add_argument("--rules", default="babcock",
                      help=f"the rule set to score with, by name or alias, or a rule file "
                           f"(shipped: {', '.join(rulesets())}; default: babcock)")
    args = parser.parse_args(argv)
    out = [f"mjscore ({BACKEND} kernel)"]
    try:
        load_rules(args.rules)
        _show(parse(args.hand), args.rules, out)
    except MjscoreError as error:
        print(f"mjscore: {error}", file=sys.stderr)
        return 1
    print("\n".join(out))
    return 0
