"""What the rule-book tests share: the seed texts, when present, and the special hand a hand scores."""

from __future__ import annotations

from pathlib import Path

import mjscore
from mjscore import NotWinningError, score

SEED_PLACES = (Path(__file__).resolve().parents[2] / "shared" / "seeds", Path("/work/shared/seeds"))
"""Where the rule books may sit: beside the checkout, or in the workplace's shared folder."""


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
