"""A rules reference generated from the rule-set files, so the documentation cannot drift.

:func:`reference_tables` turns a loaded :class:`RuleSet` into plain tables (the
``mjscore rules show`` command renders them); :func:`reference_markdown` writes
them as one Markdown page; :func:`write_reference` writes a page per shipped rule
set, the fact vocabulary (``facts.md``) and an index. Regenerate ``docs/rules``
with ``python -m mjscore.rules.pages docs/rules``.

Entries an option gates off under the loaded options are still listed (read from
the file and its ``extends`` chain), marked with the option value they need.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from . import facts
from ..core.errors import RuleSetError
from .facts import ATOM_CLASSES, FACT_BITS, HAND_FACTS, KIND_NAMES, Atom
from .loader import RULES_DIR, load_rules, merged_file, read_item_rule, read_set_rule, rulesets
from .hands import SpecialHand, Value, read_special_hand
from .model import ItemRule, RuleSet, SetRule

__all__ = ["ReferenceTable", "reference_tables", "reference_markdown", "readings",
           "facts_markdown", "write_reference", "REGENERATE"]

REGENERATE = "python -m mjscore.rules.pages docs/rules"
"""The command that regenerates ``docs/rules`` from a checkout's root."""


@dataclass(frozen=True, slots=True)
class ReferenceTable:
    """One table of a rules reference, as plain strings for any renderer."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


# --- reading the file ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Entry:
    """A set or item as the file declares it, with its gate and whether it applies now."""

    rule: SetRule | ItemRule | SpecialHand
    gate: str
    active: bool


def _raw(rules: RuleSet) -> dict[str, Any]:
    """The rule set's file merged with its ``extends`` chain (empty if it cannot be read)."""
    try:
        return merged_file(Path(rules.path))
    except RuleSetError:
        return {}


def _entries(rules: RuleSet, raw: Mapping[str, Any], section: str) -> list[_Entry]:
    """Every entry of ``section`` in file order: the loaded rule, or the file's if gated off."""
    loaded: dict[str, SetRule | ItemRule | SpecialHand] = {r.id: r for r in getattr(rules, section)}
    declared = [e for e in raw.get(section, []) if isinstance(e, dict) and isinstance(e.get("id"), str)]
    if {e["id"] for e in declared} & loaded.keys() != loaded.keys():
        declared = []  # the file no longer matches what was loaded: show the loaded rules alone
    if not declared:
        return [_Entry(rule, "", True) for rule in loaded.values()]
    build: Any = {"sets": read_set_rule, "items": read_item_rule, "hands": read_special_hand}[section]
    options = dict(rules.options)

    def applies(entry: Mapping[str, Any]) -> bool:
        gate = str(entry.get("option", ""))
        if not gate:
            return True
        name = gate.removeprefix("not ").strip()
        own = f"{entry['id']}.{name}"  # a hand's gate may name one of its own options
        return bool(options.get(own if own in options else name)) != gate.startswith("not ")

    def built(entry: Mapping[str, Any]) -> SetRule | ItemRule | SpecialHand:
        if section != "hands":
            rule: SetRule | ItemRule = build(entry, rules.path, f"{section}.{entry['id']}")
            return rule
        prefix = f"{entry['id']}."  # the hand's own options as loaded
        own = {k[len(prefix):]: v for k, v in options.items() if k.startswith(prefix)}
        return read_special_hand(entry, rules.path, f"hands.{entry['id']}", own)

    # an entry with option-gated alternatives shows each alternative, the one in force active
    return [_Entry(loaded[e["id"]] if applies(e) else built(e), str(e.get("option", "")), applies(e))
            for e in declared]


def readings(rules: RuleSet) -> str:
    """The comment block at the top of the rule set's file: its readings of the rule book.

    :param rules: a loaded rule set.
    :returns: the comment lines without their ``#`` markers ("" when there are none).
    """
    try:
        text = Path(rules.path).read_text(encoding="utf-8")
    except OSError:
        return ""
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line[2:] if line.startswith("# ") else line[1:])
    return "\n".join(lines).strip("\n")


# --- cells ---------------------------------------------------------------------


def _yes(value: bool) -> str:
    return "yes" if value else "no"


def _value(value: object) -> str:
    """An option value as it is written in TOML."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return f'"{value}"' if isinstance(value, str) else str(value)


def _gate(gate: str, active: bool) -> str:
    """An entry's ``option`` gate as a sentence, ending "(off)" when it does not apply now."""
    if not gate:
        return ""
    negated = gate.startswith("not ")
    name = gate[4:].strip() if negated else gate.strip()
    return f"only when {name} is {'false' if negated else 'true'}" + ("" if active else " (off)")


def _tiles(atoms: frozenset[Atom]) -> str:
    """Atoms as class names covering them exactly, the largest classes taken first."""
    if not atoms:
        return "none"
    left, names = set(atoms), []
    for name, members in sorted(ATOM_CLASSES.items(), key=lambda kv: -len(kv[1])):
        if members <= left:
            names.append(name)
            left -= members
    order = list(ATOM_CLASSES)
    return ", ".join(sorted(names, key=order.index))


def _doubles(doubles: int) -> str:
    if not doubles:
        return ""
    return f"x{2 ** doubles}" + (f" ({doubles} doubles)" if doubles > 1 else "")


def _share(share: Fraction, limit: int) -> str:
    # half up, as the scorer rounds a share of the limit
    total = (2 * limit * share.numerator + share.denominator) // (2 * share.denominator)
    return f"{'limit' if share == 1 else f'{share} limit'} ({total})"


def _facts(names: frozenset[str]) -> str:
    """Fact names in the order :data:`~mjscore.rules.facts.HAND_FACTS` lists them."""
    return ", ".join(sorted(names, key=FACT_BITS.__getitem__))


def _item_value(item: ItemRule | Value, limit: int) -> str:
    share = item.limit if isinstance(item, Value) else None
    parts = [f"+{item.points}" if item.points else "", _doubles(item.doubles),
             _share(share, limit) if share is not None else ""]
    each = " each bonus tile" if isinstance(item, ItemRule) and item.per_bonus else ""
    return (" ".join(p for p in parts if p) or "0") + each


def _table(title: str, columns: Sequence[str], rows: Iterable[Sequence[str]], note: str = "",
           keep: int = 2) -> ReferenceTable:
    """A table without the columns (after the first ``keep``) that are empty in every row."""
    rows = [tuple(r) for r in rows]
    used = [i for i in range(len(columns)) if i < keep or any(r[i] for r in rows)]
    return ReferenceTable(title, tuple(columns[i] for i in used),
                          tuple(tuple(r[i] for i in used) for r in rows), note)


# --- tables --------------------------------------------------------------------


def _overview(rules: RuleSet) -> ReferenceTable:
    shapes = ["standard", *sorted(rules.shapes - {"standard"})]
    rows = [("Title", rules.title), ("Name", rules.name), ("Aliases", ", ".join(rules.aliases)),
            ("Source", rules.source), ("Limit", str(rules.limit)),
            ("Winning shapes", ", ".join(shapes)),
            ("Max chows", "any" if rules.max_chows is None else str(rules.max_chows)),
            ("Losers score", _yes(rules.losers)),
            ("Preset", rules.preset or "none")]
    if rules.claimed_concealed:
        rows.insert(-1, ("Claimed kongs", "keep the hand concealed (scored as exposed kongs)"))
    if rules.dealer_streak:
        rows.insert(-1, ("Dealer's streak", f"{rules.dealer_streak} wins in a row make the dealer-streak fact"))
    if rules.roof_off:
        rows.insert(-1, ("Roof", "off: no cap on totals of points and doubles"))
    return ReferenceTable("Overview", ("Field", "Value"), tuple(rows))


def _options(rules: RuleSet, raw: Mapping[str, Any], entries: Sequence[_Entry]) -> ReferenceTable:
    defaults = raw.get("options", {})
    rows = []
    for name, value in rules.options:
        if "." in name:
            continue  # a hand's own option: in the Special hands table
        gated = [f"{e.rule.id} ({'when false' if e.gate.startswith('not ') else 'when true'})"
                 for e in entries if e.gate.removeprefix("not ").strip() == name]
        rows.append((name, _value(defaults.get(name, value)), _value(value), ", ".join(gated)))
    note = "" if rows else "This rule set has no options."
    if any(e.gate for e in entries):
        note = ("Entries whose Option cell ends in \"(off)\" do not apply under these option "
                "values; they are listed with the rest.")
    if any("." in name for name, _ in rules.options):
        note += (" Special hands have options of their own (the Hand options column), set as "
                 "HAND-ID.NAME or, for every hand that has it, by NAME alone.")
    return ReferenceTable("Options", ("Option", "Default", "Value", "Gates"), tuple(rows), note)


def _presets(rules: RuleSet) -> ReferenceTable:
    rows = [(p.name, p.description, ", ".join(f"{k} = {_value(v)}" for k, v in p.options))
            for p in rules.presets]
    return ReferenceTable("Presets", ("Preset", "Description", "Options"), tuple(rows),
                          f"Applied: {rules.preset}." if rules.preset else "")


def _sets(entries: Sequence[_Entry]) -> ReferenceTable:
    rows = []
    for entry in entries:
        rule = entry.rule
        assert isinstance(rule, SetRule)
        kinds = ", ".join(name for name, kind in KIND_NAMES.items() if kind in rule.kinds)
        concealed = {None: "either", True: "concealed", False: "exposed"}[rule.concealed]
        rows.append((rule.id, rule.name, kinds, concealed, _tiles(rule.atoms),
                     f"+{rule.points}" if rule.points else "", _doubles(rule.doubles),
                     _gate(entry.gate, entry.active), rule.source))
    return _table("Sets", ("Id", "Name", "Kind", "Concealment", "Tiles", "Points", "Doubles",
                           "Option", "Source"), rows,
                  "Each group of the winning reading earns every set row that matches it.")


_ITEM_TABLES = (
    ("Points and bonuses", "Points added for the hand, before doubling."),
    ("Doubles", "Each double multiplies the hand's total points by 2."),
)


def _items(rules: RuleSet, entries: Sequence[_Entry]) -> list[ReferenceTable]:
    groups: list[list[tuple[str, ...]]] = [[], []]
    for entry in entries:
        item = entry.rule
        assert isinstance(item, ItemRule)
        groups[1 if item.doubles else 0].append((
            item.id, item.name, _facts(item.when), _facts(item.unless),
            str(item.win_tile) if item.win_tile is not None else item.win_class,
            "; ".join(g.text for g in item.pattern) or "; ".join(f"at least {c}" for c in item.holds_text),
            _item_value(item, rules.limit),
            ", ".join(item.excludes), _gate(entry.gate, entry.active), item.source))
    columns = ("Id", "Name", "When", "Unless", "Win tile", "Pattern", "Value", "Excludes", "Option",
               "Source")
    return [_table(title, columns, rows, note) for (title, note), rows in zip(_ITEM_TABLES, groups)
            if rows]


def _pattern(hand: SpecialHand) -> str:
    """The groups as written, and the hand-wide conditions that narrow them (a reader
    would otherwise see two gated alternatives with one pattern)."""
    conditions = []
    if hand.max_chows is not None:
        conditions.append("no chows" if hand.max_chows == 0 else
                          f"at most {hand.max_chows} chow{'s' * (hand.max_chows != 1)}")
    if hand.kong_as_two:
        conditions.append("four alike count as two pairs")
    if hand.tiles:
        conditions.append(f"every tile {hand.tiles}")
    if hand.requires:
        conditions.append(f"holds {', '.join(hand.requires)}")
    if hand.one_suit:
        conditions.append("one suit: mixed suits prohibited")
    if hand.calling:
        return f"a player who did not go out, calling for: {', '.join(hand.calling)}"
    return hand.pattern + "".join(f" ({c})" for c in conditions)


def _hands(rules: RuleSet, entries: Sequence[_Entry]) -> ReferenceTable:
    rows = []
    for entry in entries:
        hand = entry.rule
        assert isinstance(hand, SpecialHand)
        concealed = _item_value(hand.concealed_value, rules.limit) if hand.concealed_value else ""
        rows.append((hand.id, hand.name, ", ".join(hand.aliases), _pattern(hand),
                     "concealed" if hand.concealed else "", _facts(hand.when), _facts(hand.unless),
                     "" if hand.win_tile is None else str(hand.win_tile),
                     _item_value(hand.value, rules.limit), concealed,
                     ", ".join(f"{name} = {_value(value)}" for name, value in hand.options),
                     _gate(entry.gate, entry.active), hand.source))
    how = ("every special hand a reading makes scores" if rules.special_hands == "stack"
           else "only the special hand worth most scores (the first in this table at equal value)")
    value = ("A hand read only as a special hand (no four sets and a pair) earns exactly its share "
             "of the limit; read as sets too, the better of the sets' own total and its value "
             "(special-value = \"share\")." if rules.special_value == "share" else
             "A hand worth a share of the limit scores the better of its own total and that share "
             "(special-value = \"better\").")
    return _table("Special hands", ("Id", "Name", "Aliases", "Pattern", "Concealment", "When", "Unless",
                                    "Win tile", "Value", "If concealed", "Hand options", "Option",
                                    "Source"), rows,
                  f"Patterns in the notation of docs/rule-files.md; {how}. {value} A share of the "
                  "limit is rounded half up.")


def _payments(rules: RuleSet) -> ReferenceTable:
    pay = rules.payments
    rows: list[tuple[str, str]] = [("scheme", pay.scheme)]
    if pay.chart is None:
        rows += [("dealer-double", _yes(pay.dealer_double)), ("losers-settle", _yes(pay.losers_settle))]
        note = ("Every loser pays the winner the winner's score; with dealer-double the dealer "
                "pays and receives double; with losers-settle the losers pay each other the "
                "differences of their scores.")
    else:
        for situation in ("dealer-self-drawn", "dealer-discard", "non-dealer-self-drawn",
                          "non-dealer-discard"):
            payers = getattr(pay.chart, situation.replace("-", "_"))
            rows.append((situation, ", ".join(f"{role} pays {getattr(payers, role)}x"
                                              for role in ("discarder", "dealer", "each")
                                              if getattr(payers, role) is not None)))
        note = ("Multiples of the winner's score; a loser pays by the most specific role that "
                "applies to him (discarder, then dealer, then each).")
    return ReferenceTable("Payments", ("Setting", "Value"), tuple(rows), note)


def reference_tables(rules: RuleSet) -> tuple[ReferenceTable, ...]:
    """The rule set as tables: overview, options, presets, sets, hand items, payments.

    Values are the loaded ones (a preset, options or a ``limit=`` override show);
    entries an option gates off are listed too, their Option cell ending "(off)".

    :param rules: a loaded rule set (:func:`mjscore.load_rules`).
    :returns: the tables in order; Presets only when the file has presets, and an
        item table only when it has rows.
    """
    raw = _raw(rules)
    sets, items = _entries(rules, raw, "sets"), _entries(rules, raw, "items")
    hands = _entries(rules, raw, "hands")
    tables = [_overview(rules), _options(rules, raw, [*sets, *items, *hands])]
    if rules.presets:
        tables.append(_presets(rules))
    tables.append(_sets(sets))
    tables += _items(rules, items)
    if hands:
        tables.append(_hands(rules, hands))
    tables.append(_payments(rules))
    return tuple(tables)


# --- markdown ------------------------------------------------------------------


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _markdown_table(table: ReferenceTable, level: str = "##") -> list[str]:
    out = [f"{level} {table.title}", ""]
    if table.rows:
        out.append("| " + " | ".join(map(_cell, table.columns)) + " |")
        out.append("|" + "|".join("---" for _ in table.columns) + "|")
        out += ["| " + " | ".join(map(_cell, row)) + " |" for row in table.rows]
        out.append("")
    if table.note:
        out += [table.note, ""]
    return out


def _banner(rules: RuleSet) -> str:
    """Where the page came from (never an absolute path), and not to edit it."""
    path = Path(rules.path)
    if path.parent == RULES_DIR:
        return f"> Generated from src/mjscore/rules/{path.name} by `{REGENERATE}`; do not edit."
    return f"> Generated from {path.name} by mjscore.rules.pages; edit the rule file instead."


def reference_markdown(rules: RuleSet) -> str:
    """The rule set's reference page: its tables and readings as GitHub Markdown.

    :param rules: a loaded rule set.
    :returns: the page, ending in a newline; the same rule set always gives the same text.
    """
    out = [f"# {rules.title}", "", _banner(rules), ""]
    tables = reference_tables(rules)
    out += _markdown_table(tables[0])
    notes = readings(rules)
    if notes:
        out += ["## Readings", "", "The comment at the top of the rule file, verbatim: how it "
                "reads its sources.", "", notes, ""]
    for table in tables[1:]:
        out += _markdown_table(table)
    out.append("Facts and tile classes: [facts.md](facts.md).")
    return "\n".join(out) + "\n"


def _atom_docs() -> dict[str, str]:
    """Each atom's meaning, from the table in :mod:`mjscore.rules.facts`' docstring."""
    docs: dict[str, str] = {}
    name = ""
    for line in (facts.__doc__ or "").splitlines():
        if line.startswith("``") and "``" in line[2:]:
            name, _, text = line[2:].partition("``")
            docs[name] = text.strip()
        elif name and line.startswith(" ") and line.strip():
            docs[name] += " " + line.strip()
        else:
            name = ""
    return {atom: text.replace("``", "`") for atom, text in docs.items()}


def _concealment() -> str:
    """The paragraph of :mod:`mjscore.rules.facts`' docstring saying when a group is concealed."""
    for paragraph in (facts.__doc__ or "").split("\n\n"):
        if paragraph.startswith("A group counts as concealed"):
            return " ".join(paragraph.split())
    return ""


def _facts_used(rules: RuleSet) -> set[str]:
    """Every hand fact the rule set's items and special hands name, gated off or not."""
    raw = _raw(rules)
    return {fact for entry in [*_entries(rules, raw, "items"), *_entries(rules, raw, "hands")]
            if isinstance(entry.rule, (ItemRule, SpecialHand))
            for fact in entry.rule.when | entry.rule.unless}


def facts_markdown(rule_sets: Sequence[RuleSet] = ()) -> str:
    """The fact vocabulary of :mod:`mjscore.rules.facts` as a Markdown page.

    :param rule_sets: rule sets whose items' and special hands' use of each fact is listed.
    :returns: the page: group kinds, tile atoms and classes, hand facts.
    """
    atom_docs = _atom_docs()
    atoms = [a.name.lower().replace("_", "-") for a in Atom]
    classes = [(name, ", ".join(a.name.lower().replace("_", "-") for a in sorted(members)))
               for name, members in ATOM_CLASSES.items() if len(members) > 1]
    named = [(r.name, _facts_used(r)) for r in rule_sets]
    used = {fact: ", ".join(name for name, names in named if fact in names) for fact in HAND_FACTS}
    tables = [
        ReferenceTable("Group kinds", ("Kind",), tuple((name,) for name in KIND_NAMES),
                       f"A set rule's `kind`: one of these, or a list of them. {_concealment()}"),
        ReferenceTable("Tile atoms", ("Atom", "Meaning"),
                       tuple((name, atom_docs.get(name, "")) for name in atoms),
                       "Each group has exactly one atom."),
        ReferenceTable("Tile classes", ("Class", "Atoms"), tuple(classes),
                       "A set rule's `tiles`: atoms or classes (or a list of them)."),
        ReferenceTable("Hand facts", ("Fact", "Meaning", "Used by"),
                       tuple((f, text, used[f]) for f, text in HAND_FACTS.items()),
                       "An item's or a special hand's `when` facts must all hold and its "
                       "`unless` facts must not."),
    ]
    out = ["# Facts", "", f"> Generated from src/mjscore/rules/facts.py by `{REGENERATE}`; do not edit.", "",
           "The vocabulary rule files score: every set rule names group kinds and tile "
           "atoms, every item names hand facts.", ""]
    for table in tables:
        out += _markdown_table(table)
    return "\n".join(out).rstrip("\n") + "\n"


def write_reference(directory: Path) -> list[Path]:
    """Write a page per shipped rule set, ``facts.md`` and an index ``README.md``.

    :param directory: the folder to write to (created if missing); other files in it are left.
    :returns: the paths written, sorted.
    """
    directory.mkdir(parents=True, exist_ok=True)
    shipped = [load_rules(name) for name in rulesets()]
    pages = {f"{r.name}.md": reference_markdown(r) for r in shipped}
    pages["facts.md"] = facts_markdown(shipped)
    index = ["# Rule sets", "", f"> Generated by `{REGENERATE}`; do not edit.", "",
             "| Rule set | Name | Source |", "|---|---|---|"]
    index += [f"| [{_cell(r.title)}]({r.name}.md) | {r.name} | {_cell(r.source)} |" for r in shipped]
    index += ["", "The facts, tile atoms and classes items and sets are written in: "
              "[facts.md](facts.md). Writing your own rule file: [../rule-files.md](../rule-files.md).", ""]
    pages["README.md"] = "\n".join(index)
    written = []
    for name, text in sorted(pages.items()):
        path = directory / name
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m mjscore.rules.pages DIR``: regenerate the reference in DIR.

    :param argv: the arguments (default: the command line).
    :returns: the exit status.
    """
    parser = argparse.ArgumentParser(prog="python -m mjscore.rules.pages", description=__doc__)
    parser.add_argument("directory", type=Path, help="where to write the pages (docs/rules)")
    for path in write_reference(parser.parse_args(argv).directory):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
