"""Rule files the tests write: a special hand's ``[[hands]]`` entry, and a file of such
entries extending a shipped rule set (shared by ``test_claimed_kongs`` and
``test_distances``, whose rule sets of concealed hands holding a kong no shipped file has)."""

from __future__ import annotations

import json
from pathlib import Path

import mjscore


def limit_hand(hand_id: str, name: str, groups: list[str], concealed: bool, what: str) -> str:
    """One ``[[hands]]`` entry of a rule file, worth the limit (``concealed``: the hand must be;
    ``what``: what it tests, its ``source``)."""
    return "\n".join(["[[hands]]", f'id = "{hand_id}"', f'name = "{name}"', f"groups = {json.dumps(groups)}",
                      *(["concealed = true"] if concealed else []), "limit = 1", f'source = "test: {what}"', ""])


def extending_rules(directory: Path, base: str, name: str, body: str) -> mjscore.RuleSet:
    """The rule set of ``body`` (``[[hands]]`` entries, ...) over the shipped rule set ``base``,
    written as ``directory/NAME.toml`` named ``name``, loaded."""
    path = directory / f"{name}.toml"
    path.write_text(f'extends = "{base}"\nname = "{name}"\n{body}', encoding="utf-8")
    return mjscore.load_rules(path)
