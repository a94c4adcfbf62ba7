"""The rules reference in docs/rules is generated from the rule files and current; the guide holds.

Regenerate the reference with ``python -m mjscore.rules.pages docs/rules``.
"""

from __future__ import annotations

import doctest
import re
import tomllib
from pathlib import Path

import pytest

import mjscore
from mjscore.rules.facts import ATOM_CLASSES, HAND_FACTS, KIND_NAMES, Atom
from mjscore.rules import RULES_DIR
from mjscore.rules.pages import (
    REGENERATE, ReferenceTable, facts_markdown, main, readings, reference_markdown,
    reference_tables, write_reference,
)

DOCS = Path(__file__).resolve().parents[1] / "docs"
REFERENCE = DOCS / "rules"
GUIDE = DOCS / "rule-files.md"
needs_docs = pytest.mark.skipif(not REFERENCE.is_dir(), reason="docs/ not beside the tests")
needs_guide = pytest.mark.skipif(not GUIDE.is_file(), reason="docs/rule-files.md not beside the tests")

HOUSE = """\
# A test file: one preset, one gated item.
name = "test-house"
extends = "babcock"

[options]
jade = false

[presets.green]
description = "All Green counts"
jade = true

[[hands]]
id = "all-green"
name = "All Green"
groups = ["4 set green-s|GD", "pair green-s|GD"]
limit = "1/2"
option = "jade"
source = "Test: All Green | half the limit"
"""


def _table(rules: mjscore.RuleSet, title: str) -> ReferenceTable:
    return {t.title: t for t in reference_tables(rules)}[title]


def _cells(table: ReferenceTable, row_id: str) -> dict[str, str]:
    """The row whose first cell is ``row_id``, by column name."""
    return next(dict(zip(table.columns, row)) for row in table.rows if row[0] == row_id)


@needs_docs
def test_reference_is_current(tmp_path: Path) -> None:
    written = write_reference(tmp_path)
    fresh = {p.name: p.read_bytes() for p in written}
    committed = {p.name: p.read_bytes() for p in REFERENCE.iterdir() if p.is_file()}
    hint = f"docs/rules is out of date: run `{REGENERATE}` from the repository root"
    assert sorted(fresh) == sorted(committed), hint
    stale = [name for name in fresh if fresh[name] != committed[name]]
    assert not stale, f"{hint} ({', '.join(stale)} differ)"


@needs_docs
@pytest.mark.parametrize("name", mjscore.rulesets())
def test_every_entry_and_reading_is_on_its_page(name: str) -> None:
    rules = mjscore.load_rules(name)
    page = (REFERENCE / f"{name}.md").read_text(encoding="utf-8")
    raw = tomllib.loads(Path(rules.path).read_text(encoding="utf-8"))
    entries = raw.get("sets", []) + raw.get("items", []) + raw.get("hands", [])  # gated-off too
    assert entries
    for entry in entries:
        assert f"| {entry['id']} |" in page, entry["id"]
        assert entry["source"].replace("|", "\\|") in page, entry["source"]
    notes = readings(rules)
    assert notes.count("\n") > 3
    assert notes in page  # verbatim
    assert f"src/mjscore/rules/{Path(rules.path).name}" in page and "do not edit" in page
    assert str(RULES_DIR) not in page  # no absolute paths: the pages are the same on any machine


def test_gated_off_entries_are_listed() -> None:
    rules = mjscore.load_rules("babcock")
    assert "own-wind-pung-exposed" not in {s.id for s in rules.sets}
    row = _cells(_table(rules, "Sets"), "own-wind-pung-exposed")
    assert row["Option"] == "only when own-wind-exposed-doubles is true (off)"
    options = _cells(_table(rules, "Options"), "only-place-by-role")
    assert options["Gates"] == "only-place (when false), only-place-by-role (when true)"


def test_options_and_limit_show_in_tables() -> None:
    default, by_role = mjscore.load_rules("babcock"), mjscore.load_rules("babcock", only_place_by_role=True)
    assert _cells(_table(default, "Points and bonuses"), "only-place")["Option"].endswith("false")
    assert _cells(_table(by_role, "Points and bonuses"), "only-place")["Option"].endswith("(off)")
    assert _cells(_table(by_role, "Options"), "only-place-by-role")["Value"] == "true"
    assert _cells(_table(by_role, "Options"), "only-place-by-role")["Default"] == "false"
    bigger = mjscore.load_rules("babcock", limit=1000)
    assert _cells(_table(bigger, "Overview"), "Limit")["Value"] == "1000"
    assert _cells(_table(bigger, "Special hands"), "earth")["Value"] == "1/2 limit (500)"
    assert _cells(_table(default, "Special hands"), "lucky-thirteen")["Value"] == "1/3 limit (100)"


def test_preset_shows_in_tables(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(HOUSE, encoding="utf-8")
    plain, green = mjscore.load_rules(path), mjscore.load_rules(path, preset="green")
    assert _cells(_table(plain, "Overview"), "Preset")["Value"] == "none"
    assert _cells(_table(green, "Overview"), "Preset")["Value"] == "green"
    assert _table(green, "Presets").rows == (("green", "All Green counts", "jade = true"),)
    assert _cells(_table(plain, "Options"), "jade")["Value"] == "false"
    assert _cells(_table(green, "Options"), "jade")["Value"] == "true"
    assert _cells(_table(plain, "Special hands"), "all-green")["Option"] == "only when jade is true (off)"
    assert _cells(_table(green, "Special hands"), "all-green")["Option"] == "only when jade is true"
    page = reference_markdown(green)
    assert "A test file: one preset, one gated item." in page
    assert str(tmp_path) not in page and "house.toml" in page


def test_tables_in_order_and_rectangular() -> None:
    for name in mjscore.rulesets():
        tables = reference_tables(mjscore.load_rules(name))
        titles = [t.title for t in tables]
        assert titles[:2] == ["Overview", "Options"] and titles[-1] == "Payments"
        assert ("Presets" in titles) == bool(mjscore.load_rules(name).presets)  # western has two
        assert {"Sets", "Points and bonuses", "Doubles", "Special hands"} <= set(titles)
        for table in tables:
            assert all(len(row) == len(table.columns) for row in table.rows), table.title
    chart = _table(mjscore.load_rules("chinese-classical"), "Payments")
    assert _cells(chart, "non-dealer-self-drawn")["Value"] == "dealer pays 2x, each pays 1x"
    assert _cells(_table(mjscore.load_rules("babcock"), "Payments"), "scheme")["Value"] == "classical"


def test_markdown_escapes_pipes() -> None:
    page = reference_markdown(mjscore.load_rules("babcock"))
    row = next(line for line in page.splitlines() if line.startswith("| mah-jongg |"))
    assert "(for winning the hand) \\| 20 points |" in row
    assert len(re.findall(r"(?<!\\)\|", row)) == 7  # six columns: no stray separator


def test_facts_page_documents_every_fact() -> None:
    page = facts_markdown([mjscore.load_rules(n) for n in mjscore.rulesets()])
    for fact, meaning in HAND_FACTS.items():
        assert f"| {fact} | {meaning} |" in page
    for atom in Atom:
        name = atom.name.lower().replace("_", "-")
        row = next(line for line in page.splitlines() if line.startswith(f"| {name} |"))
        assert len(row) > len(name) + 12, f"no meaning for atom {name} (facts.py docstring table)"
    for name in [*ATOM_CLASSES, *KIND_NAMES]:
        assert f"| {name} |" in page
    assert "A group counts as concealed" in page
    assert f"| declared-calling | {HAND_FACTS['declared-calling']} | babcock |" in page
    assert f"| one-chance | {HAND_FACTS['one-chance']} | american, babcock, chinese-classical, western |" in page


def test_command_writes_the_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "out")]) == 0
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == sorted(["README.md", "facts.md", *(f"{n}.md" for n in mjscore.rulesets())])
    assert "babcock.md" in capsys.readouterr().out
    assert (tmp_path / "out" / "babcock.md").read_text(encoding="utf-8") == \
        reference_markdown(mjscore.load_rules("babcock"))


@needs_guide
def test_guide_examples_load_and_score(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(r"(?:<!-- file: (\S+) -->\n)?```toml\n(.*?)```", text, flags=re.DOTALL)
    files = [name for name, _ in blocks if name]
    assert "house.toml" in files and len(blocks) > len(files)
    for i, (name, body) in enumerate(blocks):
        if name:
            (tmp_path / name).write_text(body, encoding="utf-8")
        else:  # a fragment: it must load on top of a shipped file
            fragment = tmp_path / f"fragment{i}.toml"
            fragment.write_text(f'name = "fragment-{i}"\nextends = "babcock"\n{body}', encoding="utf-8")
            mjscore.load_rules(fragment)
    monkeypatch.chdir(tmp_path)
    failures, tried = doctest.testfile(str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 15 and failures == 0
