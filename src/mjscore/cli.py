"""The ``mjscore`` command: score one hand, a file of hands or random ones; rule sets; waits.

Commands (``mjscore COMMAND --help`` for every option)::

    mjscore score "123m 456p 789s 1z [777z] +1z" --seat S --wind E
    mjscore bulk hands.txt -o scores.csv --rules chinese-classical
    mjscore bulk --sample 100000 --seed 7
    mjscore rules list | rules show babcock | rules check my-rules.toml
    mjscore waits "1112345678999m" --self-drawn

It needs the ``cli`` extra (click and rich): ``pip install "mjscore[cli]"``.
Exit codes: 0 success; 1 a hand that cannot be scored, some bad rows in ``bulk``,
or a broken rule file in ``rules check``; 2 a usage error (bad option, unknown rule
set, unreadable input file).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from . import cli_bulk
from .context import WinContext
from .decompose import Placement, waits
from .errors import MjscoreError, RuleSetError
from .group import Group, Meld
from .hand import Hand
from .notation import parse_hand
from .payments import Settlement
from .rules import RuleSet, load_rules, rulesets
from .rules.reference import reference_tables
from .scoring import Score, score, settle
from .tile import JOKER_GLYPH, Tile

try:  # the optional [cli] extra; main() explains what to install when it is missing
    import click
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text
except ImportError:  # pragma: no cover - checked again, and reported, by main()
    pass

if TYPE_CHECKING:
    from rich.console import JustifyMethod
    from rich.progress import Task

__all__ = ["main"]

INSTALL_HINT = 'mjscore: the command line needs click and rich: pip install "mjscore[cli]"'

F = TypeVar("F", bound=Callable[..., Any])

SEATS = ("E", "S", "W", "N")
"""Seat winds in player order: player 0 sits East (and deals), 1 South, ..."""

_SITUATION_FLAGS = (
    ("self_drawn", "won on a tile drawn from the wall, not on a discard"),
    ("last_tile", "won on the last tile of the wall (self-drawn)"),
    ("last_discard", "won on the last discard of the hand"),
    ("robbing_kong", "won on a tile robbed from another player's kong"),
    ("kong_on_kong", "won on the loose tile of a second kong declared in a row"),
    ("heaven", "the dealer's dealt hand was complete (hand from heaven)"),
    ("earth", "won on the dealer's first discard (hand from earth)"),
    ("declared_calling", "declared calling after the first discard (lucky thirteen)"),
)
"""The on/off context keywords of :class:`~mjscore.WinContext`, one ``--flag`` each."""

_SITUATION_KEYS = ("seat_wind", "prevailing_wind", "dealer", "replacement", "flowers", "seasons",
                   *(key for key, _ in _SITUATION_FLAGS))


# --- output helpers ------------------------------------------------------------------------------


def _console(stderr: bool = False) -> Console:
    """A console that prints text as given (no markup, emoji codes, highlighting or wrapping).

    Colour and width follow the terminal; off a terminal rich writes plain text,
    80 columns wide unless ``COLUMNS`` says otherwise.
    """
    return Console(stderr=stderr, markup=False, emoji=False, highlight=False, soft_wrap=True)


def _columns(table: Table, *columns: tuple[str, JustifyMethod]) -> None:
    for header, justify in columns:
        table.add_column(header, justify=justify)


def _glyphs(tiles: Sequence[Tile]) -> str:
    return "".join(tile.glyph for tile in tiles)


def _group_text(group: Group) -> str:
    """A group in mpsz, exposed melds in ``[]``, concealed kongs in ``()``."""
    if isinstance(group, Meld):
        return f"({group})" if group.concealed else f"[{group}]"
    return str(group)


def _group_glyphs(group: Group) -> str:
    glyphs = _glyphs(group.tiles)
    if isinstance(group, Meld):
        return f"({glyphs})" if group.concealed else f"[{glyphs}]"
    return glyphs


def hand_glyphs(hand: Hand) -> str:
    """The hand in Unicode tiles, laid out as its mpsz text: held, melds, ``+`` winning tile, bonus."""
    parts = [_glyphs(hand.held_tiles) + JOKER_GLYPH * hand.jokers]
    parts += [_group_glyphs(meld) for meld in hand.melds]
    if hand.win_tile is not None:
        parts.append("+" + hand.win_tile.glyph)
    if hand.bonus:
        parts.append("".join(b.glyph for b in hand.bonus))
    return " ".join(p for p in parts if p)


def _fail(message: object) -> int:
    """Print an error on stderr; the exit code 1."""
    click.echo(f"mjscore: {message}", err=True)
    return 1


# --- options shared by several commands ----------------------------------------------------------


def _apply(options: Sequence[Callable[[F], F]], function: F) -> F:
    for option in reversed(options):
        function = option(function)
    return function


def rules_options(function: F) -> F:
    """``--rules``, ``--preset`` and ``--option NAME=VALUE``: which rule set, with which options."""
    return _apply([
        click.option("--rules", "rules_name", default="babcock", show_default=True, metavar="NAME",
                     help=f"Rule set: a shipped name or alias ({', '.join(rulesets())}) "
                          "or a .toml rule file."),
        click.option("--preset", metavar="P", help="Apply one of the rule set's presets "
                                                   "(see `mjscore rules show`)."),
        click.option("--option", "rule_options", multiple=True, metavar="NAME=VALUE",
                     callback=_rule_options,
                     help="Set a rule-set option (repeatable); VALUE is true/false, an integer or text."),
    ], function)


def _rule_options(ctx: click.Context, param: click.Parameter, values: Sequence[str]) -> dict[str, object]:
    """``NAME=VALUE`` strings as load_rules keywords: true/false as booleans, digits as integers."""
    options: dict[str, object] = {}
    for text in values:
        name, equals, raw = text.partition("=")
        if not equals or not name.strip():
            raise click.BadParameter(f"expected NAME=VALUE, got {text!r}", ctx, param)
        value: object = raw.strip()
        if raw.strip().lower() in ("true", "false"):
            value = raw.strip().lower() == "true"
        elif raw.strip().lstrip("-").isdigit():
            value = int(raw)
        options[name.strip()] = value
    return options


def _load_rules(rules_name: str, preset: str | None, rule_options: dict[str, object]) -> RuleSet:
    """The rule set the options name.

    :raises click.BadParameter: an unknown rule set, preset or option (exit 2).
    """
    keywords = dict(rule_options)
    if preset is not None:
        keywords["preset"] = preset
    try:
        return load_rules(rules_name, **keywords)
    except RuleSetError as error:
        raise click.BadParameter(str(error), param_hint="--rules/--preset/--option") from None


def situation_options(function: F) -> F:
    """One option per context keyword of :class:`~mjscore.WinContext` but the winning tile."""
    wind = click.Choice(SEATS, case_sensitive=False)
    return _apply([
        click.option("--seat", "seat_wind", type=wind, default="E", show_default=True,
                     help="The player's seat wind (East is the dealer)."),
        click.option("--wind", "prevailing_wind", type=wind, default="E", show_default=True,
                     help="The prevailing wind (of the round)."),
        click.option("--dealer/--no-dealer", default=None,
                     help="Whether the player is the dealer (default: when seated East)."),
        *(click.option(f"--{key.replace('_', '-')}", key, is_flag=True, help=help_text[0].upper()
                       + help_text[1:] + ".") for key, help_text in _SITUATION_FLAGS),
        click.option("--replacement", type=click.Choice(["kong", "bonus"]),
                     help="Won on a loose (replacement) tile drawn after a kong or a flower/season."),
        click.option("--flowers", callback=_bonus_numbers, metavar="1,2,..",
                     help="The player's flowers, numbered 1-4 (default: those the hand shows)."),
        click.option("--seasons", callback=_bonus_numbers, metavar="1,2,..",
                     help="The player's seasons, numbered 1-4 (default: those the hand shows)."),
    ], function)


def _bonus_numbers(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    try:
        return tuple(int(part) for part in value.replace(",", " ").split())
    except ValueError:
        raise click.BadParameter(f"expected numbers 1-4 separated by commas, got {value!r}",
                                 ctx, param) from None


def _situation(options: dict[str, Any]) -> dict[str, Any]:
    """The situation options as score() keywords (unset flowers and seasons left to the hand)."""
    context = {key: options.pop(key) for key in _SITUATION_KEYS}
    return {key: value for key, value in context.items()
            if not (key in ("flowers", "seasons") and value is None)}


# --- score ---------------------------------------------------------------------------------------


def _discarder(context: WinContext, discarder: str | None) -> int | None:
    """The player who discarded the winning tile: None for a self-drawn win or a hand that lost.

    Without ``--discarder`` a discard comes from the player before the winner.

    :raises click.BadParameter: a discarder on a self-drawn win or a lost hand, or the winner discarding.
    """
    if not context.winner or context.self_drawn:
        if discarder is not None:
            why = "a self-drawn win" if context.winner else "a hand that did not go out"
            raise click.BadParameter(f"{why} has no discarder", param_hint="--discarder")
        return None
    winner = int(context.seat_wind) - Tile.EAST
    if discarder is None:
        return (winner - 1) % 4
    paying = SEATS.index(discarder.upper())
    if paying == winner:
        raise click.BadParameter(f"the winner ({discarder}) cannot discard the winning tile",
                                 param_hint="--discarder")
    return paying


def _settlement(result: Score, rules: RuleSet, discarder: int | None) -> Settlement | None:
    """The payments when this hand went out and the other three hold nothing (None if it lost)."""
    if not result.context.winner:
        return None
    winner = int(result.context.seat_wind) - Tile.EAST
    players: list[Score | int] = [0, 0, 0, 0]
    players[winner] = result
    return settle(players, winner=winner, dealer=0, discarder=discarder, rules=rules)


def _situation_text(context: WinContext, discarder: int | None) -> str:
    flags = [key.replace("_", " ") for key, _ in _SITUATION_FLAGS if getattr(context, key)]
    if context.replacement:
        flags.append(f"{context.replacement} replacement tile")
    if context.winner:
        how = "won" + (f" on {context.win_tile}" if context.win_tile is not None else "")
        how += "" if discarder is None else f", discarded by {_player(discarder)}"
    else:
        how = "did not go out"
    parts = [how, f"seat {context.seat_wind.name.title()}",
             f"prevailing {context.prevailing_wind.name.title()}", "dealer" if context.dealer else "",
             *flags, *(f"{name} {','.join(map(str, getattr(context, name)))}"
                       for name in ("flowers", "seasons") if getattr(context, name))]
    return "; ".join(p for p in parts if p)


def formula(result: Score, rules: RuleSet) -> str:
    """How the total was reached: ``28 x 2^1``, with the limit hand or the cap."""
    text = f"{result.points} x 2^{result.doubles}" if result.doubles else f"{result.points}"
    if result.special:
        share = "" if result.limit in (None, 1) else f"{result.limit} of "
        text += f"; limit hand {result.special} ({share}the limit {rules.limit})"
    elif result.limit:
        text += f"; capped at the limit {rules.limit}"
    return text


def _breakdown(result: Score) -> Table:
    table = Table(title="Breakdown", title_justify="left", show_edge=False)
    table.add_column("item")
    table.add_column("value", justify="right")
    table.add_column("source")
    for line in result.lines:
        table.add_row(line.name + (f" x{line.count}" if line.count > 1 else ""), line.value(), line.source)
    return table


def _payments(settlement: Settlement) -> Table:
    table = Table(title="Payments (the other players hold 0)", title_justify="left", show_edge=False)
    _columns(table, ("payer", "left"), ("payee", "left"), ("amount", "right"), ("reason", "left"))
    for t in settlement.transfers:
        table.add_row(_player(t.payer), _player(t.payee), str(t.amount), t.reason)
    return table


def _player(index: int) -> str:
    return f"{SEATS[index]} (player {index})"


def _print_score(result: Score, rules: RuleSet, discarder: int | None,
                 settlement: Settlement | None) -> None:
    console = _console()
    hand = result.hand
    console.print(f"Hand       {hand_glyphs(hand)}")
    console.print(f"           {hand}    ({hand.to_western()})")
    preset = f", preset {rules.preset}" if rules.preset else ""
    console.print(f"Rules      {rules.name} ({rules.title}{preset})")
    console.print(f"Situation  {_situation_text(result.context, discarder)}")
    reading = result.shape
    if result.decomposition:
        groups = result.decomposition
        reading += ": " + " ".join(_group_text(g) for g in groups)
        reading += "    " + " ".join(_group_glyphs(g) for g in groups)
    console.print(f"Reading    {reading}")
    console.print()
    console.print(_breakdown(result))
    console.print()
    console.print(Text(f"Total      {result.total}  = {formula(result, rules)}", style="bold"))
    if settlement is not None:
        console.print()
        console.print(_payments(settlement))
        console.print("Net        " + ", ".join(f"{_player(p)} {n:+d}" for p, n in enumerate(settlement.net)))


def _score_command() -> click.Command:
    @click.command("score")
    @click.argument("hand")
    @rules_options
    @click.option("--win", "win_tile", metavar="TILE",
                  help="The winning tile (3m, RD, ...), if the hand does not mark it with +X.")
    @situation_options
    @click.option("--loser", is_flag=True, help="The hand did not go out (13 tiles; default for 13).")
    @click.option("--discarder", type=click.Choice(SEATS, case_sensitive=False),
                  help="Seat of the player whose discard won (default: the player before the winner).")
    @click.option("--json", "as_json", is_flag=True,
                  help='Print only JSON: {"score": ..., "payments": ...}.')
    def score_command(hand: str, rules_name: str, preset: str | None, rule_options: dict[str, object],
                      win_tile: str | None, loser: bool, discarder: str | None, as_json: bool,
                      **options: Any) -> int:
        """Score one hand and settle the payments.

        HAND is in mpsz ("123m 456p 789s 1z [777z] +1z") or Western notation; +X
        adds the winning tile. The winner sits at its seat (E S W N are players
        0-3, East deals); the other three players hold nothing.
        """
        rules = _load_rules(rules_name, preset, rule_options)
        context = _situation(options)
        if win_tile is not None:
            context["win_tile"] = win_tile
        if loser:
            context["winner"] = False
        try:
            result = score(parse_hand(hand), rules, **context)
        except MjscoreError as error:
            return _fail(error)
        paying = _discarder(result.context, discarder)
        settlement = _settlement(result, rules, paying)
        if as_json:
            click.echo(json.dumps({"score": result.to_dict(),
                                   "payments": None if settlement is None else settlement.to_dict()},
                                  indent=2, ensure_ascii=False))
        else:
            _print_score(result, rules, paying, settlement)
        return 0

    return score_command


# --- bulk ----------------------------------------------------------------------------------------

ERRORS_SHOWN = 20
"""Bad rows reported one by one on stderr; the rest are counted."""


def _bulk_command() -> click.Command:
    @click.command("bulk")
    @click.argument("input_path", metavar="[INPUT]", required=False,
                    type=click.Path(exists=True, dir_okay=False, path_type=Path))
    @click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
                  help="Write one result per row: .csv, .jsonl, .parquet (needs pyarrow) or .npy.")
    @rules_options
    @click.option("--sample", type=click.IntRange(min=0), metavar="N",
                  help="Score N random winning hands (mjscore.sample.random_scoring_rows) instead of INPUT.")
    @click.option("--seed", type=int, help="Seed of --sample (default: 0).")
    @click.option("--threads", type=click.IntRange(min=1), default=1, show_default=True,
                  help="Threads scoring each chunk.")
    @click.option("--chunk-size", type=click.IntRange(min=1), default=65536, show_default=True,
                  help="Rows read and scored at a time.")
    @click.option("-q", "--quiet", is_flag=True, help="No progress bar and no summary; bad rows still go to stderr.")
    def bulk_command(input_path: Path | None, output: Path | None, rules_name: str, preset: str | None,
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
          .npz    arrays "counts", optional "melds" ((N, 4) meld bytes) and
                  context arrays named as score_many's keywords
        Context keys: win_tile, seat_wind, prevailing_wind, dealer, replacement,
        self_drawn, last_tile, last_discard, robbing_kong, kong_on_kong, heaven,
        earth, declared_calling, winner (default: the hand holds 14 tiles).

        A row that cannot be read is reported with its line number and the run
        goes on. Output columns: line (text input) or row (array input, from 0),
        total, special (limit hand id), status (HandStatus name; BAD_NOTATION for
        a row that cannot be read); .npy output is a structured array with special
        as an item index (-1 none) and status as a HandStatus code (6 BAD_NOTATION).
        Exit 1 when any row is bad.
        """
        if (input_path is None) == (sample is None):
            raise click.UsageError("give either INPUT or --sample N")
        if seed is not None and sample is None:
            raise click.UsageError("--seed goes with --sample")
        rules = _load_rules(rules_name, preset, rule_options)
        start = time.perf_counter()  # --sample's rows are made here: they count too
        try:
            source = (cli_bulk.open_input(input_path, chunk_size) if input_path is not None
                      else cli_bulk.sample_source(sample or 0, seed or 0, chunk_size))
            writer = None if output is None else cli_bulk.open_writer(output, source.label, rules)
        except cli_bulk.BulkFileError as error:
            raise click.UsageError(str(error)) from None
        tally = cli_bulk.Tally(rules)
        try:
            _run_batches(source, rules, threads, writer, tally, show_progress=not quiet)
        except cli_bulk.BulkFileError as error:
            raise click.UsageError(str(error)) from None
        finally:
            if writer is not None:
                writer.close()
        if not quiet:
            _print_summary(tally, time.perf_counter() - start)
        return 1 if tally.bad else 0

    return bulk_command


def _run_batches(source: cli_bulk.Source, rules: RuleSet, threads: int,
                 writer: cli_bulk.Writer | None, tally: cli_bulk.Tally, show_progress: bool) -> None:
    """Score every batch, write and count its results, report its bad rows."""
    err = _console(stderr=True)
    with _progress(err, source.total, enabled=show_progress and err.is_terminal) as advance:
        for batch in source.batches:
            started = time.perf_counter()
            results = cli_bulk.score_batch(batch, rules, threads)
            tally.scoring_seconds += time.perf_counter() - started
            if writer is not None:
                writer.write(results)
            shown = tally.bad
            tally.add(results)
            for number, status, message in _take(cli_bulk.problems(results), ERRORS_SHOWN - shown):
                click.echo(f"{source.label} {number}: {status}: {message}", err=True)
            advance(len(batch))
    if tally.bad > ERRORS_SHOWN:
        click.echo(f"... and {tally.bad - ERRORS_SHOWN:,} more bad rows", err=True)


def _take(items: Iterator[tuple[int, str, str]], k: int) -> list[tuple[int, str, str]]:
    return [item for _, item in zip(range(max(k, 0)), items)]


@contextmanager
def _progress(console: Console, total: int | None, enabled: bool) -> Iterator[Callable[[int], None]]:
    """A rich progress bar with hands/s, or nothing; yields ``advance(rows)``."""
    if not enabled:
        yield lambda rows: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TimeElapsedColumn

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            return Text(f"{task.speed or 0:,.0f} hands/s")

    with Progress("scoring", BarColumn(), MofNCompleteColumn(), Rate(), TimeElapsedColumn(),
                  console=console, transient=True) as progress:
        task = progress.add_task("scoring", total=total)
        yield lambda rows: progress.advance(task, rows)


def _print_summary(tally: cli_bulk.Tally, seconds: float) -> None:
    console = _console()

    def rate(time_taken: float) -> str:
        return f"{tally.rows / time_taken:,.0f} hands/s" if time_taken > 0 else "- hands/s"

    console.print(f"Scored {tally.scored:,} of {tally.rows:,} hands under {tally.rules.name} "
                  f"in {seconds:.2f} s, reading (or drawing) and writing included ({rate(seconds)}); "
                  f"scoring alone {tally.scoring_seconds:.3f} s ({rate(tally.scoring_seconds)})")
    errors = tally.errors()
    console.print("Errors: " + (", ".join(f"{name} {count:,}" for name, count in errors.items()) or "none"))
    stats = tally.distribution()
    if stats:
        table = Table(title="Scores of the hands scored", title_justify="left", show_edge=False)
        for name in stats:
            table.add_column(name, justify="right")
        table.add_row(*(f"{v:,.1f}" if name == "mean" else f"{v:,.0f}" for name, v in stats.items()))
        console.print(table)
        console.print(_histogram(tally.histogram()))
    specials = tally.top_specials()
    if specials:
        table = Table(title="Most frequent limit hands", title_justify="left", show_edge=False)
        table.add_column("limit hand")
        table.add_column("hands", justify="right")
        for item_id, name, count in specials:
            table.add_row(f"{name} ({item_id})", f"{count:,}")
        console.print(table)
    else:
        console.print("Limit hands: none")


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


# --- rules ---------------------------------------------------------------------------------------


def _rules_group() -> click.Group:
    @click.group("rules")
    def rules_group() -> None:
        """The rule sets: list them, show one in full, check a rule file."""

    @rules_group.command("list")
    def list_command() -> int:
        """The shipped rule sets."""
        table = Table(show_edge=False)
        for column in ("name", "title", "aliases", "source", "limit", "presets"):
            table.add_column(column, justify="right" if column == "limit" else "left")
        for name in rulesets():
            rules = load_rules(name)
            table.add_row(rules.name, rules.title, ", ".join(rules.aliases), rules.source,
                          str(rules.limit), ", ".join(p.name for p in rules.presets) or "-")
        _console().print(table)
        return 0

    @rules_group.command("show")
    @click.argument("name")
    @click.option("--preset", metavar="P", help="Show the rule set with this preset applied.")
    def show_command(name: str, preset: str | None) -> int:
        """Every option, preset, set, item and limit hand of a rule set (NAME: shipped name or file)."""
        rules = _load_rules(name, preset, {})
        console = _console()
        for reference in reference_tables(rules):
            table = Table(title=reference.title, title_justify="left", caption=reference.note or None,
                          caption_justify="left", show_edge=False)
            for column in reference.columns:
                table.add_column(column, overflow="fold")  # ids and numbers are never cut short
            for row in reference.rows:
                table.add_row(*row)
            console.print(table)
            console.print()
        return 0

    @rules_group.command("check")
    @click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
    def check_command(file: Path) -> int:
        """Load a rule file and report OK, or the file, key and reason of its first mistake."""
        try:
            rules = load_rules(file)
        except RuleSetError as error:
            return _fail(error)
        presets = ", ".join(p.name for p in rules.presets) or "none"
        _console().print(f"OK: {file}: {rules.name} ({rules.title}): limit {rules.limit}, "
                         f"{len(rules.sets)} set rules, {len(rules.items)} items "
                         f"({sum(i.limit is not None for i in rules.items)} limit hands), "
                         f"{len(rules.options)} options, presets: {presets}; payments: {rules.payments.scheme}")
        return 0

    return rules_group


# --- waits ---------------------------------------------------------------------------------------


def _placement_text(placement: Placement) -> str:
    shape = (placement.shape.name or "").lower().replace("_", " ")
    group = f" {_group_text(placement.group)}" if placement.group is not None else ""
    return f"{placement.role.value}{group} ({shape})"


def _won_on(hand: Hand, tile: Tile) -> Hand:
    counts = list(hand.concealed)
    counts[tile] += 1
    return Hand(tuple(counts), hand.melds, win_tile=tile, bonus=hand.bonus, jokers=hand.jokers)


def _waits_command() -> click.Command:
    @click.command("waits")
    @click.argument("hand")
    @rules_options
    @situation_options
    def waits_command(hand: str, rules_name: str, preset: str | None, rule_options: dict[str, object],
                      **options: Any) -> int:
        """The tiles a 13-tile HAND waits on, how each completes it, and what winning on it scores.

        Scored as won on a discard unless --self-drawn.
        """
        rules = _load_rules(rules_name, preset, rule_options)
        context = _situation(options)
        try:
            waiting = parse_hand(hand)
            found = waits(waiting)
        except MjscoreError as error:
            return _fail(error)
        console = _console()
        console.print(f"Hand   {hand_glyphs(waiting)}    {waiting}")
        if not found:
            console.print("No winning tile: the hand is not ready.")
            return 0
        table = Table(title=f"Waits ({rules.name}, {'self-drawn' if context['self_drawn'] else 'on a discard'})",
                      title_justify="left", show_edge=False)
        _columns(table, ("tile", "left"), ("completes", "left"), ("score", "right"), ("limit hand", "left"))
        for tile, placements in found.items():
            try:
                result = score(_won_on(waiting, tile), rules, **context)
                total, special = str(result.total), result.special or ""
            except MjscoreError as error:
                total, special = "-", str(error)
            table.add_row(f"{tile.glyph} {tile}", "\n".join(_placement_text(p) for p in placements),
                          total, special)
        console.print(table)
        return 0

    return waits_command


# --- the entry point -----------------------------------------------------------------------------


def _app() -> click.Group:
    from . import __version__

    @click.group("mjscore", context_settings={"help_option_names": ["-h", "--help"]})
    @click.version_option(__version__, message="%(prog)s %(version)s")
    def app() -> None:
        """Score Mahjong hands under classical and Western rule books."""

    for command in (_score_command(), _bulk_command(), _rules_group(), _waits_command()):
        app.add_command(command)
    return app


def _extra_missing() -> bool:
    try:
        import click  # noqa: F401
        import rich  # noqa: F401
    except ImportError:
        return True
    return False


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mjscore`` console script; returns the exit code.

    :param argv: the arguments after the program name (default: ``sys.argv[1:]``).
    :returns: 0 success, 1 a hand or rows that cannot be scored (or a broken rule
        file for ``rules check``), 2 a usage error or a missing ``cli`` extra.
    """
    if _extra_missing():
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    try:
        result = _app().main(args=list(sys.argv[1:] if argv is None else argv), prog_name="mjscore",
                             standalone_mode=False)
    except click.ClickException as error:
        error.show()
        return error.exit_code
    except click.Abort:
        click.echo("Aborted!", err=True)
        return 1
    return result if isinstance(result, int) else 0
