"""Tables laid out for the console's width without breaking a word.

A cell wraps between words, never inside one: every column is at least as wide
as its longest word (an id, a rule-set name a user must type, a number), and a
column of prose squeezed narrower than its longest line keeps at least
``READABLE`` cells, so that it still reads as prose and not as a word per line.
A table whose columns cannot all be that wide at once (many columns at 80) is
printed instead as one block per row: the first cell as a heading, then a
``column  value`` line per other cell, the value wrapped under itself.

Wherever text wraps (a cell, a block's value, a note), no line of a longer text
is left holding a single word when a slightly narrower fill, of the same number
of lines or one more, avoids it (``wrap_words``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import JustifyMethod

__all__ = ["print_table", "fit_widths", "wrap_words", "READABLE"]

_PADDING = 2
"""Cells are padded by a space on each side."""
_RULE = 1
"""The line between two columns."""
READABLE = 20
"""The fewest cells a column narrower than its longest line is given (unless its longest
word needs more): at 20, a cell of prose holds three or four words a line."""


def _words(text: str) -> list[str]:
    """The units a line may break between: the words of ``text``, with an ``=`` kept
    together with the words either side (``name = value`` reads as one)."""
    units: list[str] = []
    glue = False
    for word in text.split():
        if units and (glue or word == "="):
            units[-1] += " " + word
        else:
            units.append(word)
        glue = word == "="
    return units


def _longest_word(text: str) -> int:
    return max((cell_len(word) for word in _words(text)), default=0)


def _longest_line(text: str) -> int:
    return max((cell_len(line) for line in text.splitlines()), default=0)


def fit_widths(headers: Sequence[str], rows: Sequence[Sequence[str]], width: int) -> list[int] | None:
    """Column widths (without padding) for a table ``width`` cells wide, or None when its
    columns do not fit side by side at their least readable widths.

    A column's least width is its longest word, and at least ``READABLE`` cells when its
    longest line is longer than that. Each column starts as wide as its longest line;
    while the table is too wide, the widest column still wider than its least width
    gives up a cell.
    """
    columns = list(zip(headers, *rows))
    widths = [max(1, *(_longest_line(cell) for cell in column)) for column in columns]
    least = [max(min(READABLE, longest), *(_longest_word(cell) for cell in column))
             for column, longest in zip(columns, widths)]
    room = width - len(columns) * _PADDING - (len(columns) - 1) * _RULE
    if sum(least) > room:
        return None
    for _ in range(sum(widths) - room):
        widest = max((i for i in range(len(widths)) if widths[i] > least[i]), key=widths.__getitem__)
        widths[widest] -= 1
    return widths


def print_table(out: Console, headers: Sequence[str], rows: Sequence[Sequence[str]], *,
                title: str | None = None, note: str | None = None,
                justify: Sequence[JustifyMethod] = ()) -> None:
    """Print a table of plain strings laid out for ``out.width`` (see the module docstring).

    :param justify: per column (default: left).
    :param note: printed under the table, wrapped between words.
    """
    widths = fit_widths(headers, rows, out.width)
    if widths is None:
        _print_records(out, headers, rows, title)
    else:
        table = Table(title=title, title_justify="left", show_edge=False)
        for i, (header, column_width) in enumerate(zip(headers, widths)):
            table.add_column(header, justify=justify[i] if i < len(justify) else "left",
                             width=column_width, overflow="fold")
        for row in rows:
            table.add_row(*(wrap_words(cell, column_width) for cell, column_width in zip(row, widths)))
        out.print(table)
    if note:
        out.print(Text(wrap_words(note, out.width)), soft_wrap=False)


def _lines_of(words: Sequence[str], width: int) -> list[list[str]]:
    """Words filled greedily into lines at most ``width`` cells wide (a longer word alone)."""
    lines: list[list[str]] = []
    used = 0
    for word in words:
        if lines and used + 1 + cell_len(word) <= width:
            lines[-1].append(word)
            used += 1 + cell_len(word)
        else:
            lines.append([word])
            used = cell_len(word)
    return lines


def wrap_words(text: str, width: int) -> str:
    """``text`` wrapped between words into lines at most ``width`` cells wide, each of its
    lines a paragraph of its own.

    Lines break only between the units of ``_words`` (``name = value`` stays whole).
    Where the greedy fill leaves a line of a single word in a paragraph of several
    lines, the paragraph is filled a little narrower (down to two thirds of ``width``),
    taking the first fill with no such line and the same number of lines, else one
    line more: ``why ... | 2`` over ``points`` becomes ``why ...`` over ``| 2 points``.
    """
    wrapped: list[str] = []
    for paragraph in text.splitlines() or [""]:
        words = _words(paragraph)
        lines = _lines_of(words, width)
        if len(lines) > 1 and any(_lone(line) for line in lines):
            lines = _without_lone_words(words, width, lines)
        wrapped.extend(" ".join(line) for line in lines)
    return "\n".join(wrapped)


def _lone(line: Sequence[str]) -> bool:
    return len(line) == 1 and " " not in line[0]


def _without_lone_words(words: Sequence[str], width: int, lines: list[list[str]]) -> list[list[str]]:
    for extra in (0, 1):
        for narrower in range(width - 1, max(1, width * 2 // 3) - 1, -1):
            tried = _lines_of(words, narrower)
            if len(tried) > len(lines) + extra:
                break
            if not any(_lone(line) for line in tried):
                return tried
    return lines


def _print_records(out: Console, headers: Sequence[str], rows: Sequence[Sequence[str]],
                   title: str | None) -> None:
    if title:
        out.print(Text(title, style="table.title"))
    label_width = max(cell_len(header) for header in headers[1:]) if len(headers) > 1 else 0
    # The indent (2) and the gap after the label (2) come off the value's width.
    value_width = max(1, out.width - label_width - 4)
    for row in rows:
        out.print(Text(wrap_words(f"{headers[0]}: {row[0]}", out.width), style="bold"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=label_width, no_wrap=True)
        grid.add_column(width=value_width, overflow="fold")
        for header, cell in zip(headers[1:], row[1:]):
            if cell.strip():
                grid.add_row(header, wrap_words(cell, value_width))
        out.print(Padding(grid, (0, 0, 0, 2)))
