"""``mjscore rules show`` reads at 80 columns: wide sections as blocks, never a word per line
(issue 30 item 11)."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

from rich.cells import cell_len  # noqa: E402
from rich.console import Console  # noqa: E402

import mjscore  # noqa: E402
from mjscore.cli import layout  # noqa: E402
from mjscore.rules.pages import reference_tables  # noqa: E402

Run = Callable[..., tuple[int, str, str]]

_BOX = str.maketrans({c: " " for c in "│┃━╇┡┩─┼┏┓┗┛┳┻╋"})


def _show(run: Run, monkeypatch: pytest.MonkeyPatch, name: str, width: int) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    code, out, err = run("rules", "show", name)
    assert code == 0 and err == ""
    return out


def _lone_words(out: str) -> list[str]:
    """The lines that hold one word once the table rules are taken away."""
    words = [line.translate(_BOX).split() for line in out.splitlines()]
    return [found[0] for found in words if len(found) == 1]


def _section(out: str, title: str) -> list[str]:
    """The lines of one section of ``rules show``: from its title to the blank line after it."""
    lines = out.splitlines()
    start = lines.index(title)
    end = lines.index("", start)
    return lines[start + 1:end]


@pytest.mark.parametrize("name", mjscore.rulesets())
def test_rules_show_at_80_columns_has_no_word_alone_on_a_line(run: Run, monkeypatch: pytest.MonkeyPatch,
                                                              name: str) -> None:
    """At 80 and 200 columns no line is wider than the width, and no line holds a lone word
    that belongs to a longer cell (what squeezing Doubles into five columns printed: ``of``,
    ``suit,``, ``Double`` ...); only the section titles and one-word cells stand alone."""
    rules = mjscore.load_rules(name)
    tables = reference_tables(rules)
    titles = {table.title for table in tables}
    ids = {entry.id for entry in (*rules.sets, *rules.items, *rules.hands)}
    # a list of ids (a calling hand's) may put one id on a line: each is a whole name
    in_longer_cells = {word for table in tables for row in table.rows for cell in row
                       if len(cell.split()) > 1 for word in cell.split() if word.rstrip(",") not in ids}
    for width in (80, 200):
        out = _show(run, monkeypatch, name, width)
        assert max(cell_len(line) for line in out.splitlines()) <= width
        stranded = [word for word in _lone_words(out) if word not in titles and word in in_longer_cells]
        assert not stranded, f"{width} columns: words alone on a line: {stranded}"


@pytest.mark.parametrize("name", mjscore.rulesets())
def test_rules_show_at_80_columns_prints_doubles_and_points_as_blocks(run: Run, monkeypatch: pytest.MonkeyPatch,
                                                                      name: str) -> None:
    """The wide sections are one block per row at 80 columns (an ``Id: ...`` heading and a
    ``Name  ...`` line each), and every set, item, special hand, option (a hand's own
    options are listed under its hand) and preset is named whole on a line at 80 and 200
    columns."""
    rules = mjscore.load_rules(name)
    out = _show(run, monkeypatch, name, 80)
    for title in ("Doubles", "Points and bonuses"):
        section = _section(out, title)
        assert not any("┃" in line for line in section), f"{title} printed as a table"
        headings = [line for line in section if line.startswith("Id: ")]
        assert len(headings) == len(next(t for t in reference_tables(rules) if t.title == title).rows)
    names = ([s.name for s in rules.sets] + [i.name for i in rules.items] + [h.name for h in rules.hands]
             + [option for option, _ in rules.options if "." not in option] + [p.name for p in rules.presets])
    assert names
    for width in (80, 200):
        lines = _show(run, monkeypatch, name, width).splitlines()
        missing = [n for n in names if not any(n in line for line in lines)]
        if width == 200:  # a squeezed 200-column table may wrap a long name inside its cell
            words = {word for line in lines for word in line.translate(_BOX).split()}
            missing = [n for n in missing if not set(n.split()) <= words]
        assert not missing, f"{width} columns: {missing}"


def test_a_column_of_prose_is_not_squeezed_below_readable_width() -> None:
    """Five columns whose longest words fit 80 side by side, but whose prose would get 8 to
    12 cells a column, print as blocks; the same table at 200 columns prints as a table."""
    columns = ("id", "name", "when", "value", "source")
    rows = [("one-suit-with-honours", "One suit with honours", "one-suit-with-honours", "x2",
             "004 Doubles: Hand all of one suit, except for any number of Winds, or Red, Green, "
             "or White Dragons | Double total score")]

    def printed(width: int) -> str:
        with open(os.devnull, "w", encoding="utf-8") as devnull:
            console = Console(width=width, record=True, file=devnull, color_system=None)
            layout.print_table(console, columns, rows, title="T")
        return console.export_text()

    narrow = printed(80)
    assert "┃" not in narrow and "id: one-suit-with-honours" in narrow.splitlines()
    assert any(line.split() == ["name", "One", "suit", "with", "honours"] for line in narrow.splitlines())
    wide = printed(200)
    assert "┃" in wide and "One suit with honours" in wide


def test_wrapping_leaves_no_word_alone_and_keeps_name_equals_value_whole() -> None:
    wrap_words = layout.wrap_words
    assert wrap_words("aaaa bbbb cccc dddd", 14) == "aaaa bbbb\ncccc dddd"  # not "... cccc" over "dddd"
    assert wrap_words("a-long-name = true, other = false", 16) == "a-long-name = true,\nother = false"
    assert wrap_words("one two", 3) == "one\ntwo"  # two words that cannot share a line
    assert wrap_words("first line\nsecond", 40) == "first line\nsecond"  # a paragraph per line
