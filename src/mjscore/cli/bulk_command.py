"""``mjscore bulk``: score a file of hands or ``--sample N`` random ones, batch by batch."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.text import Text

from ..rules import RuleSet
from .bulk_batches import ERRORS_SHOWN, BulkFileError, OutputWriteError, problems, score_batch
from .bulk_input import Source, open_input, sample_source
from .bulk_output import StagedWriter, open_writer
from .bulk_summary import print_summary
from .bulk_tally import Tally
from .options import load_rule_set, rules_options
from .render import console

if TYPE_CHECKING:
    from rich.progress import Task

__all__ = ["command", "EXIT_WRITE_FAILED", "EXIT_INTERRUPTED"]


@click.command("bulk")
@click.argument("input_path", metavar="[INPUT]", required=False,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write one result per row: .csv, .jsonl, .parquet (needs pyarrow) or .npy.")
@rules_options
@click.option("--sample", type=click.IntRange(min=0), metavar="N",
              help="Score N random winning hands (mjscore.rows.sample.random_scoring_rows) instead of INPUT; "
                   "under a rule set with special hands of tiles, one in ten is one of them.")
@click.option("--seed", type=int, help="Seed of --sample (default: 0).")
@click.option("--threads", type=click.IntRange(min=0), default=1, show_default=True,
              help="Threads scoring each chunk (0: every core).")
@click.option("--chunk-size", type=click.IntRange(min=1), default=65536, show_default=True,
              help="Rows read and scored at a time.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar and no summary; bad rows still go to stderr.")
def command(input_path: Path | None, output: Path | None, rules_name: str, preset: str | None,
            rule_options: dict[str, object], sample: int | None, seed: int | None,
            threads: int, chunk_size: int, quiet: bool) -> int:
    """Score many hands: a file of them, or --sample N random ones.

    \b
    INPUT by extension:
      .txt    one hand per line (blank lines and # comments skipped)
      .jsonl  one object per line: "hand" plus optional context keys
      .csv    a "hand" column plus optional context columns
      .npy    (N, 34) concealed tile counts; the winning tile is unknown,
              so every tile held is tried and the best reading kept
      .npz    arrays "counts", optional "melds" ((N, 4) meld bytes), "jokers"
              (jokers held concealed), "bonus" (flowers and seasons shown, a
              byte), "claimed" (claimed kongs, a bit per meld) and context
              arrays named as score_many's keywords
    Context keys: win_tile, seat_wind, prevailing_wind, dealer, replacement,
    dealer_streak, self_drawn, last_tile, last_discard, robbing_kong,
    kong_on_kong, heaven, earth, declared_calling, winner (default: the hand
    holds 14 tiles).

    Jokers (J in a hand) are scored where the rule set lets them stand: a
    shipped book plays without them unless given --option joker-use=pungs,
    chows or pairs (NOT_WINNING otherwise, as mjscore score says); a hand
    with a joker in a declared meld is BAD_MELD (a row cannot carry it: score
    it with mjscore score).

    A row that cannot be read (bad notation, bad JSON, a line that is not
    UTF-8) is reported with its line number and the run goes on. Output
    columns: line (text input) or row (array input, from 0), total, special
    (special hand id), status (HandStatus name; BAD_NOTATION for a row that
    cannot be read); .npy output is a structured array with special as an
    index into the rule set's special hands (-1 none) and status as a
    HandStatus code (6 BAD_NOTATION).

    \b
    OUTPUT is written to a temporary file beside it and renamed onto its
    name when the run completes: an interrupted or failed run leaves no
    OUTPUT, or the old one as it was. OUTPUT may not be INPUT.

    \b
    Exit codes: 0 every row scored; 1 some rows bad; 2 a usage error (a
    bad option, a file that cannot be read or created, OUTPUT the same
    file as INPUT); 3 OUTPUT failed while being written (a full disk, a
    write error); 130 interrupted (Ctrl-C).
    """
    if (input_path is None) == (sample is None):
        raise click.UsageError("give either INPUT or --sample N")
    if seed is not None and sample is None:
        raise click.UsageError("--seed goes with --sample")
    if input_path is not None and output is not None and _same_file(input_path, output):
        raise click.UsageError(f"the output {output} is the input file: write the results to another file")
    rules = load_rule_set(rules_name, preset, rule_options)
    start = time.perf_counter()  # --sample's rows are made here: they count too
    try:  # the input is opened and its first line read before the output is created
        source = (open_input(input_path, chunk_size, rules) if input_path is not None
                  else sample_source(sample or 0, seed or 0, chunk_size, rules))
        writer = None if output is None else open_writer(output, source.label, rules)
    except BulkFileError as error:
        raise click.UsageError(str(error)) from None
    tally = Tally(rules)
    try:
        _run_batches(source, rules, threads, writer, tally, show_progress=not quiet)
        if writer is not None:
            writer.close()
    except BaseException as error:
        if writer is not None:
            writer.discard()
        if isinstance(error, KeyboardInterrupt):
            kept = "" if output is None else f"; {output} {_left_as(output)}"
            click.echo(f"mjscore bulk: interrupted after {tally.rows:,} rows{kept}", err=True)
            return EXIT_INTERRUPTED
        if isinstance(error, OutputWriteError):
            click.echo(f"mjscore bulk: {error}", err=True)
            return EXIT_WRITE_FAILED
        if isinstance(error, BulkFileError):
            raise click.UsageError(str(error)) from None
        raise
    if not quiet:
        print_summary(tally, time.perf_counter() - start)
    return 1 if tally.bad else 0


EXIT_WRITE_FAILED = 3
"""``mjscore bulk``'s exit code when the output failed while being written."""
EXIT_INTERRUPTED = 130
"""The exit code of a run stopped by SIGINT (Ctrl-C), as shells report it (128 + 2)."""


def _same_file(input_path: Path, output: Path) -> bool:
    """Whether ``output`` names ``input_path``: the same path once resolved, or the same
    file reached another way (a hard link)."""
    if input_path.resolve() == output.resolve():
        return True
    try:
        return os.path.samefile(input_path, output)
    except OSError:  # no output file yet
        return False


def _left_as(output: Path) -> str:
    return "was left as it was" if output.exists() else "was not written"


def _run_batches(source: Source, rules: RuleSet, threads: int,
                 writer: StagedWriter | None, tally: Tally, show_progress: bool) -> None:
    """Score every batch, write and count its results, report its bad rows."""
    err = console(stderr=True)
    with _progress(err, source.total, enabled=show_progress and err.is_terminal) as advance:
        for batch in source.batches:
            started = time.perf_counter()
            results = score_batch(batch, rules, threads)
            tally.scoring_seconds += time.perf_counter() - started
            if writer is not None:
                writer.write(results)
            shown = tally.bad
            tally.add(results)
            for number, status, message in _take(problems(results), ERRORS_SHOWN - shown):
                click.echo(f"{source.label} {number}: {status}: {message}", err=True)
            advance(len(batch))
    if tally.bad > ERRORS_SHOWN:
        click.echo(f"... and {tally.bad - ERRORS_SHOWN:,} more bad rows", err=True)


def _take(items: Iterator[tuple[int, str, str]], k: int) -> list[tuple[int, str, str]]:
    return [item for _, item in zip(range(max(k, 0)), items)]


@contextmanager
def _progress(err: Console, total: int | None, enabled: bool) -> Iterator[Callable[[int], None]]:
    """A rich progress bar with hands/s, or nothing; yields ``advance(rows)``."""
    if not enabled:
        yield lambda rows: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TimeElapsedColumn

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            return Text(f"{task.speed or 0:,.0f} hands/s")

    with Progress("scoring", BarColumn(), MofNCompleteColumn(), Rate(), TimeElapsedColumn(),
                  console=err, transient=True) as progress:
        task = progress.add_task("scoring", total=total)
        yield lambda rows: progress.advance(task, rows)
