"""The docs say what is true of the shipped rule sets: presets, aliases, jokers, mixed suits."""

from __future__ import annotations

from pathlib import Path

import pytest

import mjscore

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
RULE_FILES = ROOT / "docs" / "rule-files.md"

pytestmark = pytest.mark.skipif(not README.exists() or not RULE_FILES.exists(), reason="docs not beside the tests")


def _flat(path: Path) -> str:
    return " ".join(path.read_text(encoding="utf-8").split())


@pytest.mark.parametrize("name", mjscore.rulesets())
def test_the_readme_lists_every_alias_and_preset_of_each_shipped_rule_set(name: str) -> None:
    rules = mjscore.load_rules(name)
    row = next(line for line in README.read_text(encoding="utf-8").splitlines() if line.startswith(f"| `{name}` "))
    for alias in rules.aliases:
        assert f"`{alias}`" in row
    text = _flat(README)
    for preset in rules.presets:
        assert f"`{preset.name}`" in text
    assert "no shipped rule set has any yet" not in text


def test_rule_files_doc_does_not_predate_four_shipped_rule_sets() -> None:
    text = _flat(RULE_FILES)
    assert "Both shipped files" not in text
    assert "as the two shipped rule sets do" not in text
    assert "not yet built" not in text
    stacking = [n for n in mjscore.rulesets() if mjscore.load_rules(n).special_hands == "stack"]
    assert all(f"`{n}`" in text for n in stacking)
