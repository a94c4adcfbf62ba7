"""What the rule-book tests share: the seed texts, when present, and the special hand a hand scores."""

from __future__ import annotations

import os
from pathlib import Path

import mjscore
from mjscore import NotWinningError, score

SEED_PLACES = tuple(Path(place) for place in (os.environ.get("MJSCORE_SEEDS"),
                                               Path(__file__).resolve().parents[2] / "shared" / "seeds")
                    if place)
"""Where the rule books may sit: where ``MJSCORE_SEEDS`` says, or beside the checkout
(``../shared/seeds``)."""


def seed_text(name: str) -> str | None:
    """The text of seed file ``name``, or None when no copy is at hand (a bare clone)."""
    for folder in SEED_PLACES:
        if (folder / name).is_file():
            return (folder / name).read_text(encoding="utf-8")
    return None


def special(hand: str, rules: mjscore.RuleSet | str, **context: object) -> str | None:
    """The special hand that scored (self-drawn unless told), or None; "not winning" when
    the hand does not go out."""
    try:
        return score(hand, rules, **{"self_drawn": True, **context}).special
    except NotWinningError:
        return "not winning"
