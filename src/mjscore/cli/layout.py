"""Tables laid out for the console's width without breaking a word.

A cell wraps between words, never inside one: every column is at least as wide
as its longest word (an id, a rule-set name a user must type, a number). A table
whose columns cannot all be that wide at once (many columns at 80) is printed
instead as one block per row: the first cell as a heading, then a ``column  value``
line per other cell.
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

__all__ = ["print_table", "fit_widths"]

_PADDING = 2
"""Cells are padded by a space on each side."""
_RULE = 1
"""The line between two columns."""


def _longest_word(text: str) -> int:
    return max((cell_len(word) for word in text.split()), default=0)


def _longest_line(text: str) -> int:
    return max((cell_len(line) for line in text.splitlines()), default=0)


def fit_widths(headers: Sequence[str], rows: Sequence[Sequence[str]], width: int) -> list[int] | None:
    """Column widths (without padding) for a table ``width`` cells wide, or None when its
    longest words do not fit side by side.

    Each column starts as wide as its longest line; while the table is too wide, the
    widest column still wider than its longest word gives up a cell.
    """
    columns = list(zip(headers, *rows))
    least = [max(_longest_word(cell) for cell in column) for column in columns]
    widths = [max(1, *(_longest_line(cell) for cell in column)) for column in columns]
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
            table.add_row(*row)
        out.print(table)
    if note:
        out.print(Text(note), soft_wrap=False)


def _print_records(out: Console, headers: Sequence[str], rows: Sequence[Sequence[str]],
                   title: str | None) -> None:
    if title:
        out.print(Text(title, style="table.title"))
    label_width = max(cell_len(header) for header in headers[1:]) if len(headers) > 1 else 0
    for row in rows:
        out.print(Text(f"{headers[0]}: {row[0]}", style="bold"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=label_width, no_wrap=True)
        grid.add_column(overflow="fold")
        for header, cell in zip(headers[1:], row[1:]):
            if cell.strip():
                grid.add_row(header, cell)
        out.print(Padding(grid, (0, 0, 0, 2)))
