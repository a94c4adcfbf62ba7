"""Cases of a rule set's per-rule tests: a row naming the rule's ``source``, and the check
of the Score it expects (shared by ``test_rules_dmjl`` and ``test_rules_bmja``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import mjscore


def case_maker(rules_name: str) -> Callable[..., Any]:
    """``case(rule_id, what, hand, total, has=(), lacks=(), special=None, **context)``: one
    row, its id quoting the source of the rule ``rule_id`` of rule set ``rules_name``."""
    loaded = mjscore.load_rules(rules_name)
    source = {rule.id: rule.source for rule in (*loaded.sets, *loaded.items, *loaded.hands)}

    def case(rule_id: str, what: str, hand: str, total: int, has: Any = (), lacks: Any = (),
             special: str | None = None, **context: Any) -> Any:
        """One row: the hand, its context, and the Score expected (the id quotes the rule's source)."""
        return pytest.param(rule_id, hand, context, total, set(has), set(lacks), special,
                            id=f"{source[rule_id]} :: {what}")

    return case


def check(s: mjscore.Score, total: int, has: set[str], lacks: set[str], special: str | None) -> None:
    """The Score has this total and special hand, earns every id of ``has`` and none of ``lacks``."""
    ids = {line.id for line in s.lines}
    assert s.total == total, s.explain()
    assert has <= ids, s.explain()
    assert not lacks & ids, s.explain()
    assert s.special == special, s.explain()
