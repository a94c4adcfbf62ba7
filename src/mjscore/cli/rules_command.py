"""``mjscore rules``: list the shipped rule sets, show one in full, check a rule file."""

from __future__ import annotations

from pathlib import Path

import click

from ..core.errors import RuleSetError
from ..rules import load_rules, rulesets
from ..rules.pages import reference_tables
from .layout import print_table
from .options import load_rule_set, rule_set_options
from .render import console, fail

__all__ = ["group"]


@click.group("rules")
def group() -> None:
    """The rule sets: list them, show one in full, check a rule file."""


@group.command("list")
def list_command() -> int:
    """The shipped rule sets (NAME is what --rules and `rules show` take)."""
    rows = []
    for name in rulesets():
        rules = load_rules(name)
        rows.append((rules.name, rules.title, ", ".join(rules.aliases), rules.source,
                     str(rules.limit), ", ".join(p.name for p in rules.presets) or "-"))
    print_table(console(), ("name", "title", "aliases", "source", "limit", "presets"), rows,
                justify=("left", "left", "left", "left", "right"))
    return 0


@group.command("show")
@click.argument("name")
@rule_set_options
def show_command(name: str, preset: str | None, rule_options: dict[str, object]) -> int:
    """Every option, preset, set, item and limit hand of a rule set (NAME: shipped name or
    file), with the options and preset given applied.

    Each table fits the terminal's width; one whose columns would be squeezed below
    a readable width (Doubles, Points and bonuses at 80 columns) is printed as a block
    per row.
    """
    rules = load_rule_set(name, preset, rule_options)
    out = console()
    for reference in reference_tables(rules):
        print_table(out, reference.columns, reference.rows, title=reference.title, note=reference.note)
        out.print()
    return 0


def _shipped(name: str) -> bool:
    """Whether ``name`` is a shipped rule set's name or alias (``CC``), as ``--rules`` reads it."""
    try:
        load_rules(name)
    except RuleSetError:
        return False
    return True


@group.command("check")
@click.argument("file")
def check_command(file: str) -> int:
    """Load a rule file (or a shipped rule set by name) and report OK, or the file, key
    and reason of its first mistake (exit 1; a FILE that does not exist exits 2)."""
    if not Path(file).is_file() and not _shipped(file):
        raise click.BadParameter(f"{file!r} is neither a rule file nor a shipped rule set "
                                 f"({', '.join(rulesets())})", param_hint="FILE")
    try:
        rules = load_rules(Path(file) if Path(file).is_file() else file)
    except RuleSetError as error:
        return fail(error)
    presets = ", ".join(p.name for p in rules.presets) or "none"
    console().print(f"OK: {file}: {rules.name} ({rules.title}): limit {rules.limit}, "
                    f"{len(rules.sets)} set rules, {len(rules.items)} items, "
                    f"{len(rules.hands)} special hands, "
                    f"{len(rules.options)} options, presets: {presets}; payments: {rules.payments.scheme}")
    return 0
