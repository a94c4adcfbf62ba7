"""The rule set that decides a ``calling`` hand: one tile from which of its targets.

A ``calling`` hand (:mod:`mjscore.rules.hands`) holds for a player who did not go out
when one more tile would complete the hand into a winning one that makes one of its
targets, special hands or items of the rule set (BMJA's loser rules: "calling for" a
limit hand, for purity). Both scorers decide it the same way: each tile the player holds
fewer than four of is added, as if drawn from the wall, and the hand is scored under
:func:`calling_rules`, a copy of the rule set in which each target is worth one point
and nothing else scores. The hand is calling when some tile scores above zero: the
winning restrictions (chow limit, special hands required, one suit) are the rule set's
own, so a hand that would not go out there is not calling for anything.
"""

from __future__ import annotations

import dataclasses

from ..core.errors import RuleSetError
from .hands import Value
from .model import BETTER, STACK, ItemRule, RuleSet

__all__ = ["calling_rules", "check_calling", "fixed_tiles"]

_NOTHING = ItemRule(id="calling-nothing", name="(nothing)", when=frozenset({"winner"}), unless=frozenset(),
                    win_tile=None, points=0, doubles=0, excludes=(), source="mjscore.rules.calling")
"""An item worth nothing: a compiled rule set holds at least one."""


def check_calling(rules: RuleSet) -> None:
    """Every id a ``calling`` hand names is a special hand or an item of the rule set, and
    not a ``calling`` hand itself.

    :raises RuleSetError: naming the hand and the id.
    """
    hands = {h.id: h for h in rules.hands}
    items = {i.id for i in rules.items}
    for hand in rules.hands:
        for target in hand.calling:
            if target not in hands and target not in items:
                raise RuleSetError(f"{rules.path}: hands.{hand.id}.calling: no special hand or item "
                                   f"{target!r} in rule set {rules.name}")
            if target in hands and hands[target].calling:
                raise RuleSetError(f"{rules.path}: hands.{hand.id}.calling: {target!r} is itself a "
                                   "calling hand")


def calling_rules(rules: RuleSet, index: int) -> RuleSet:
    """The rule set deciding calling hand ``rules.hands[index]`` (see the module docstring),
    built once and kept in the rule set's caches."""
    kept = rules.caches.calling.get(index)
    if kept is not None:
        return kept
    targets = set(rules.hands[index].calling)
    one = Value(points=1)
    hands = tuple(dataclasses.replace(h, value=one if h.id in targets else Value(), concealed_value=None,
                                      exact=False)
                  for h in rules.hands if not h.calling)
    items = tuple(dataclasses.replace(i, points=1, doubles=0, excludes=(), per_bonus=False)
                  for i in rules.items if i.id in targets) or (_NOTHING,)
    derived = dataclasses.replace(
        rules, sets=(), items=items, hands=hands, losers=False, special_hands=STACK, special_value=BETTER,
        roof_off=False, dealer_streak=0)
    rules.caches.calling[index] = derived
    return derived


def fixed_tiles(derived: RuleSet) -> int:
    """The tiles (a 34-bit mask) the fixed-shape targets of a deciding rule set may hold: a
    tile outside it completes none of them (the compiled scorer tries no other)."""
    worth = {i for i, h in enumerate(derived.hands) if h.value.points}
    mask = 0
    for counts, variants in derived.hand_tables.fixed.items():
        if any(v.hand in worth for v in variants):
            mask |= sum(1 << t for t, n in enumerate(counts) if n)
    return mask
