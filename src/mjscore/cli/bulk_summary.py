"""The summary ``mjscore bulk`` prints after a run: speed, errors, the totals, limit hands."""

from __future__ import annotations

from rich.table import Table

from .bulk_tally import Tally
from .render import console

__all__ = ["print_summary"]


def print_summary(tally: Tally, seconds: float) -> None:
    """Print the run's summary on stdout; ``seconds``: the whole run's time."""
    out = console()

    def rate(time_taken: float) -> str:
        return f"{tally.rows / time_taken:,.0f} hands/s" if time_taken > 0 else "- hands/s"

    out.print(f"Scored {tally.scored:,} of {tally.rows:,} hands under {tally.rules.name} "
              f"in {seconds:.2f} s, reading (or drawing) and writing included ({rate(seconds)}); "
              f"scoring alone {tally.scoring_seconds:.3f} s ({rate(tally.scoring_seconds)})")
    errors = tally.errors()
    out.print("Errors: " + (", ".join(f"{name} {count:,}" for name, count in errors.items()) or "none"))
    stats = tally.distribution()
    if stats:
        table = Table(title="Scores of the hands scored", title_justify="left", show_edge=False)
        for name in stats:
            table.add_column(name, justify="right")
        table.add_row(*(f"{v:,.1f}" if name == "mean" else f"{v:,.0f}" for name, v in stats.items()))
        out.print(table)
        out.print(_histogram(tally.histogram()))
    specials = tally.special_counts()
    if specials:
        table = Table(title="Special hands scored", title_justify="left", show_edge=False)
        table.add_column("special hand")
        table.add_column("hands", justify="right")
        for item_id, name, count in specials:
            table.add_row(f"{name} ({item_id})", f"{count:,}")
        out.print(table)
    else:
        out.print("Special hands scored: none")


def _histogram(bins: list[tuple[int, int, int]], width: int = 40) -> Table:
    table = Table(title="Histogram", title_justify="left", show_edge=False, show_header=False)
    table.add_column("total", justify="right")
    table.add_column("hands", justify="right")
    table.add_column("bar")
    most = max((count for _, _, count in bins), default=0) or 1
    for low, high, count in bins:
        label = f"{low}" if low == high else f"{low}-{high}"
        table.add_row(label, f"{count:,}", "#" * round(width * count / most))
    return table
