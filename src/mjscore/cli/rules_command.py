"""``mjscore rules``: list the shipped rule sets, show one in full, check a rule file."""

from __future__ import annotations

from pathlib import Path

import click
from rich.table import Table

from ..errors import RuleSetError
from ..rules import load_rules, rulesets
from ..rules.reference import reference_tables
from .options import load_rule_set
from .render import console, fail

__all__ = ["group"]


@click.group("rules")
def group() -> None:
    """The rule sets: list them, show one in full, check a rule file."""


@group.command("list")
def list_command() -> int:
    """The shipped rule sets."""
    table = Table(show_edge=False)
    for column in ("name", "title", "aliases", "source", "limit", "presets"):
        table.add_column(column, justify="right" if column == "limit" else "left")
    for name in rulesets():
        rules = load_rules(name)
        table.add_row(rules.name, rules.title, ", ".join(rules.aliases), rules.source,
                      str(rules.limit), ", ".join(p.name for p in rules.presets) or "-")
    console().print(table)
    return 0


@group.command("show")
@click.argument("name")
@click.option("--preset", metavar="P", help="Show the rule set with this preset applied.")
def show_command(name: str, preset: str | None) -> int:
    """Every option, preset, set, item and limit hand of a rule set (NAME: shipped name or file)."""
    rules = load_rule_set(name, preset, {})
    out = console()
    for reference in reference_tables(rules):
        table = Table(title=reference.title, title_justify="left", caption=reference.note or None,
                      caption_justify="left", show_edge=False)
        for column in reference.columns:
            table.add_column(column, overflow="fold")  # ids and numbers are never cut short
        for row in reference.rows:
            table.add_row(*row)
        out.print(table)
        out.print()
    return 0


@group.command("check")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def check_command(file: Path) -> int:
    """Load a rule file and report OK, or the file, key and reason of its first mistake."""
    try:
        rules = load_rules(file)
    except RuleSetError as error:
        return fail(error)
    presets = ", ".join(p.name for p in rules.presets) or "none"
    console().print(f"OK: {file}: {rules.name} ({rules.title}): limit {rules.limit}, "
                    f"{len(rules.sets)} set rules, {len(rules.items)} items "
                    f"({sum(i.limit is not None for i in rules.items)} limit hands), "
                    f"{len(rules.options)} options, presets: {presets}; payments: {rules.payments.scheme}")
    return 0
