"""Read rule-set TOML files into validated :class:`RuleSet` objects.

The format (every key, with the shipped files as examples):

===================  =========================================================
``name``             the slug ``load_rules`` finds it by (required); a file that
                     ``extends`` another and gives none is named by its file name
                     (``house.toml``: ``house``), never by its base's. A file's name
                     and aliases are its own: a shipped rule set's name or alias is
                     an error (its Scores would pass for the shipped rule set's)
``title``            a readable name; ``aliases``: other names it answers to
``source``           the rule book it implements
``extends``          a base: a shipped name or a path relative to this file;
                     keys here override it, ``sets``/``items``/``hands``
                     replace the base's entries with the same id, ``remove``
                     drops ids
``limit``            the limit (maximum score); a preset's ``limit`` or
                     ``load_rules(..., limit=...)`` sets another
``shapes``           winning shapes besides ``standard``: ``seven-pairs``
                     (special hands make their own shapes win)
``losers``           whether hands that did not go out score (default true)
``max-chows``        a winning restriction: at most this many runs (omit: any);
                     an option of this name (0-4, 4: any) decides instead
``[options]``        option names and default values (bool, int, string or a
                     list of strings). Open-ended by design: any name declares
                     an option of the file's own, which ``option`` gates name,
                     presets and ``load_rules`` set and :meth:`RuleSet.option`
                     reads, so a name no gate uses is not refused. Names that
                     could set nothing are refused there (a load error naming the file,
                     the key and what to write instead), since they would
                     declare an option that sets nothing: a top-level key of
                     this table (``limit``, ``losers``, ``claimed-kongs``,
                     ``dealer-streak``, ``special-hands``, ``special-value``,
                     ``shapes``, ...; it goes at the top of the file, and the
                     limit also in a preset or ``load_rules(..., limit=...)``),
                     save ``max-chows`` and ``special-required``, which are
                     options too; and a name with underscores whose hyphenated
                     form is such a key, an option the loader reads or one the
                     file or its bases declare (``roof_off``: write
                     ``roof-off``), or any other name with underscores (no
                     preset or keyword could set it: they read ``_`` as
                     ``-``). The option ``joker-use`` (``"off"``,
                     ``"pungs"``, ``"chows"``, ``"pairs"``) says where jokers may
                     stand (:mod:`mjscore.core.jokers`; ``load_rules(...,
                     joker_use=...)``); the key ``jokers``, its name before
                     0.1.1, still loads with a DeprecationWarning until 0.2,
                     since ``jokers`` means a count of jokers everywhere else;
                     the loader also reads
                     ``max-chows-exception`` (true: a hand worth a share of the
                     limit may hold more runs than ``max-chows``),
                     ``no-mixed-suits`` (true: every hand keeps to one suit,
                     honours allowed, or to honours; a special hand in
                     ``mixed-suits-exceptions``, a list of ids, need not)
hand options         a ``[[hands]]`` entry's own ``options`` (:mod:`.hands`); the
                     rule set knows each as ``HAND-ID.NAME``. Presets and
                     ``load_rules`` set them for one hand (``{"jade-hand":
                     {"allow-melded": true}}`` or ``"jade-hand.allow-melded"``)
                     or, by the bare name, for every hand that has it;
                     ``HAND-ID.limit`` (``points``, ``doubles``) sets any
                     hand's value
``[[sets]]``         points/doubles per group: ``kind`` (chow, pung, kong,
                     pair, or a list), ``tiles`` (atoms or classes from
                     :mod:`mjscore.rules.facts`), ``concealed`` (omit for both)
``[[items]]``        hand items: ``when``/``unless`` (hand facts), optional
                     ``win-tile`` (a tile, or a class of tiles such as
                     ``terminal-or-honour``), ``pattern`` (groups, as for
                     hands) and ``holds`` (groups held at least, every player:
                     ``["2 pung/kong dragon", "pair dragon"]``), then
                     ``points`` or ``doubles``, ``excludes`` (item
                     ids); ``per = "bonus-tile"``: counted once for each flower
                     and season the player holds
``claimed-kongs``    ``"exposed"`` (default: a claimed kong, ``{5555p}``, is an
                     exposed kong) or ``"concealed"`` (it scores as an exposed
                     kong but keeps the hand concealed and counts among the
                     concealed pungs: the classical leagues' reading; a special
                     hand that must be concealed, of sets or fixed-shape, is made
                     with it, save a group marked ``concealed`` in the pattern)
``dealer-streak``    the dealer's wins in a row (this one counted) that make the
                     ``dealer-streak`` fact (0, the default: never)
``roof-off``         an option (true/false in ``[options]``): no cap on a total
                     of points and doubles (limit hands keep their share)
``[[hands]]``        special hands in the pattern notation, worth points,
                     doubles or a share of the limit (:mod:`.hands`)
``special-hands``    ``"best"`` (default) or ``"stack"``: how several special
                     hands of one reading score (:data:`.model.STACK`)
``special-value``    ``"share"`` (default) or ``"better"``: what a reading made
                     only of a special hand worth a share of the limit earns:
                     exactly that share, or the better of it and the reading's
                     own score (:data:`.model.SHARE`)
``special-required`` true: only readings that make a special hand go out; an
                     option of this name in ``[options]`` (true/false) decides
                     instead, so presets and ``load_rules(...,
                     special_required=True)`` can set it
``option``           on a set, item or hand: applies only when that boolean option
                     is true (``"not NAME"``: when false); alternatives of one
                     entry (one id) each have one, which exclude each other
``[presets.NAME]``   a named set of option values, with an optional
                     ``description``; ``load_rules(name, preset=NAME)``
                     applies it before any keyword option (in a preset and in
                     the keywords, a hand's own value outranks a bare name);
                     a preset's ``limit`` sets the limit as the keyword
                     ``limit=`` does (which outranks it); every preset's values
                     are checked when the file loads, with the errors applying
                     it would give, and so is what its values keep of the
                     entries with an ``option`` gate (one alternative of an
                     entry at most, 1 to 64 items, a calling hand's targets,
                     set values in range): the file fails to load naming the
                     preset (``presets.NAME: items.ID: ...``)
``[payments]``       the payment scheme (:mod:`mjscore.rules.payments`)
===================  =========================================================

Every set, item and hand has an ``id`` and a ``source`` (the rule-book line it
implements). Numbers stay in the ranges the scorer represents exactly
(:data:`LIMIT_RANGE`, :data:`POINTS_RANGE`, :data:`DOUBLES_RANGE`, limit shares
above 0 and at most 2 with a denominator up to :data:`MAX_SHARE_DENOMINATOR`).
Any mistake raises :class:`RuleSetError` naming the file, the key and the reason.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import tomllib
import warnings
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from ..core.errors import MjscoreError, RuleSetError
from .facts import ATOM_CLASSES, GROUP_COUNTERS, HAND_FACTS, KIND_NAMES, PATTERN_FACT_BITS, Atom
from ..core.group import GroupKind
from ..core.jokers import JokerUse, joker_use
from .payments import PaymentRules
from ..core.tile import Tile, as_tile
from .hands import SpecialHand, read_special_hand
from .numbers import DOUBLES_RANGE, LIMIT_RANGE, MAX_SHARE_DENOMINATOR, POINTS_RANGE, NumberError, bounded
from .model import BEST, BETTER, SHARE, SPECIAL_SHAPES, STACK, ItemRule, RuleSet, SetRule
from .option_values import (JOKER_WORDS, LOADER_OPTIONS, check_option, expect as _expect, fail as _fail,
                            flat_keywords, max_chows, option_values, preset_limit, restrictions)
from .patterns import STANDARD, GroupSpec, PatternError, check_form, parse_group, unmakeable
from .tile_expressions import class_mask
from .calling import check_calling
from ..core.context import MAX_STREAK

__all__ = ["load_rules", "rulesets", "RULES_DIR", "LIMIT_RANGE", "POINTS_RANGE", "DOUBLES_RANGE",
           "MAX_SHARE_DENOMINATOR", "merged_file", "read_set_rule", "read_item_rule"]

RULES_DIR = Path(__file__).resolve().parent
"""Where the shipped rule files live."""

SHAPES = frozenset({"standard", *SPECIAL_SHAPES})
_TOP_KEYS = {"name", "title", "aliases", "source", "extends", "limit", "shapes", "losers", "max-chows",
             "options", "presets", "special-hands", "special-value", "special-required",
             "claimed-kongs", "dealer-streak", "sets", "items", "hands", "remove", "payments"}
ENTRY_SECTIONS = ("sets", "items", "hands")
"""The sections of entries with ids, which an extending file replaces or removes by id."""
_SET_KEYS = {"id", "name", "kind", "tiles", "concealed", "points", "doubles", "source", "option"}
_ITEM_KEYS = {"id", "name", "when", "unless", "win-tile", "per", "points", "doubles", "limit",
              "excludes", "source", "option", "pattern", "holds"}
PER_WORDS = ("bonus-tile",)
"""What an item may count once each of (``per``): the flowers and seasons held."""


def _bounded(value: object, bounds: tuple[int, int], path: object, key: str) -> int:
    """An integer within ``bounds`` (inclusive), the range the scorer represents."""
    try:
        return bounded(_expect(value, int, path, key), bounds)
    except NumberError as error:
        raise _fail(path, key, str(error)) from None


def _strings(value: object, path: object, key: str) -> list[str]:
    items = [value] if isinstance(value, str) else _expect(value, list, path, key)
    for i, item in enumerate(items):
        _expect(item, str, path, f"{key}[{i}]")
    return list(items)


def _unknown(table: Mapping[str, object], allowed: set[str], path: object, where: str) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise _fail(path, f"{where}{extra[0]}", f"unknown key (expected one of {', '.join(sorted(allowed))})")


def _read(path: Path) -> dict[str, Any]:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise RuleSetError(f"{path}: cannot read the rule file: {error.strerror or error}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise _fail(path, f"line {line}", f"not UTF-8 text (byte 0x{data[error.start]:02x}); "
                    "save the rule file as UTF-8") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RuleSetError(f"{path}: not valid TOML: {error}") from None


_OPTION_KEYS = frozenset({"max-chows", "special-required"})
"""Top-level keys that an option of the same name in ``[options]`` decides instead."""
_NOT_OPTIONS = frozenset(_TOP_KEYS - _OPTION_KEYS)
"""The loader's own top-level keys, which set nothing under ``[options]`` (a load error there)."""


def _shown(value: object) -> str:
    """A value as a rule file writes it (``true``, ``"best"``, ``["a", "b"]``; ``...`` for a table)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return f"[{', '.join(_shown(v) for v in value)}]"
    return str(value) if isinstance(value, (int, float)) else "..."


def _where_a_key_goes(key: str, value: object, spelled: str) -> str:
    """Why the top-level key ``key``, written ``spelled = value`` under ``[options]``, sets
    nothing there, and where to write it instead."""
    if key == "limit":
        shown = value if isinstance(value, int) and not isinstance(value, bool) else 500
        return (f"the limit is not an option, so '{spelled} = {_shown(value)}' under [options] would change "
                f"nothing: write 'limit = {shown}' at the top of the file, above the first [table] line, for "
                f"this rule set's limit, or under a preset ('[presets.NAME]' then 'limit = {shown}') for the "
                f"limit of those who choose that preset; from Python, load_rules(..., limit={shown}) sets it too")
    if key == "options":
        return ("[options] holds the options themselves, so an 'options' inside it would change nothing: "
                "write each option as 'name = value' directly under the [options] line")
    if key in ENTRY_SECTIONS:
        return (f"'{key}' is a section of the rule file, not an option, so '{spelled}' under [options] would "
                f"change nothing: write each entry as a [[{key}]] table of its own (see docs/rule-files.md)")
    if key in ("presets", "payments"):
        table = "[presets.NAME]" if key == "presets" else "[payments]"
        return (f"'{key}' is a table of the rule file, not an option, so '{spelled}' under [options] would "
                f"change nothing: write it as its own {table} table (see docs/rule-files.md)")
    return (f"'{key}' is a key of the rule file itself, not an option, so '{spelled} = {_shown(value)}' under "
            f"[options] would change nothing: write '{key} = {_shown(value)}' at the top of the file, above "
            "the first [table] line")


def _misplaced_options(raw: Mapping[str, Any], path: Path, inherited: Mapping[str, Any]) -> None:
    """Refuse the ``[options]`` names of the file that would declare an option setting nothing:
    one of the loader's top-level keys (:data:`_NOT_OPTIONS`: ``limit``, ``losers``,
    ``claimed-kongs``, ...), which belongs at the top of the file; and any name written with
    underscores, which no preset or keyword could set (they read ``_`` as ``-``), its message
    naming what the hyphenated form is: such a key, an option the loader reads (``roof_off``
    for ``roof-off``), or an option this file or its bases (``inherited``: the base's
    ``[options]``) declare. Any other name is the file's own option. Checked in each file of
    an ``extends`` chain, so the message names the file that says it."""
    options = raw.get("options")
    if not isinstance(options, dict):
        return  # (reported when the options are read)
    declared = {*LOADER_OPTIONS, *inherited, *options}
    for name, value in options.items():
        if not isinstance(name, str):
            continue
        if name in _NOT_OPTIONS:
            raise _fail(path, f"options.{name}", _where_a_key_goes(name, value, name))
        hyphens = name.replace("_", "-")
        if hyphens == name:
            continue
        if hyphens in declared:
            what = "an option the loader reads" if hyphens in LOADER_OPTIONS else "an option this rule set declares"
            raise _fail(path, f"options.{name}", f"'{name}' would declare a new option of its own, which sets "
                        f"nothing, while '{hyphens}' (with hyphens, as rule-file names are written) is {what}: "
                        f"write '{hyphens} = {_shown(value)}' instead")
        if hyphens in _NOT_OPTIONS:
            raise _fail(path, f"options.{name}", f"'{name}' is written with underscores, but rule-file names use "
                        f"hyphens ('{hyphens}'), and {_where_a_key_goes(hyphens, value, name)}")
        raise _fail(path, f"options.{name}", f"'{name}' is written with underscores, which no preset or keyword "
                    f"could set (both read '_' as '-'): write '{hyphens} = {_shown(value)}', as rule-file names "
                    "are written")


def _unique_ids(raw: Mapping[str, Any], path: Path) -> None:
    """No id twice in one section of one file (merging an ``extends`` chain would keep only the
    last), except alternatives of one entry that all carry an ``option`` gate (the loaded rule
    set then checks that exactly one applies)."""
    for section in ENTRY_SECTIONS:
        gated: dict[str, bool] = {}
        for entry in _expect(raw.get(section, []), list, path, section):
            entry_id = entry.get("id") if isinstance(entry, dict) else None
            if isinstance(entry_id, str):  # a missing id is reported when the entry is built
                if entry_id in gated and not (gated[entry_id] and "option" in entry):
                    raise _fail(path, f"{section}.{entry_id}", "duplicate id (alternatives of one "
                                "entry each need an option gate)")
                gated[entry_id] = "option" in entry


def merged_file(path: Path, seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    """The file's table with its ``extends`` chain folded in.

    :raises RuleSetError: for a file that cannot be read, or a chain that loops.
    """
    path = path.resolve()  # (a loop through "../" names one file two ways)
    if path in seen:
        raise _fail(path, "extends", "the chain of bases loops back to this file")
    raw = _read(path)
    if not isinstance(raw, dict):
        raise _fail(path, "(top)", "expected a table")
    _unknown(raw, _TOP_KEYS, path, "")
    _unique_ids(raw, path)
    raw = _old_joker_key(raw, path)
    if "extends" not in raw:
        _misplaced_options(raw, path, {})
        if "remove" in raw:
            raise _fail(path, "remove", "only a file that extends another removes its entries")
        return {**raw, "_path": path, "_chain": (path,)}
    base_name = _expect(raw["extends"], str, path, "extends")
    base_path = _find(base_name, relative_to=path.parent)
    if base_path is None:
        raise _fail(path, "extends", f"no rule set or file named {base_name!r}")
    base = merged_file(base_path, (*seen, path))
    _misplaced_options(raw, path, base.get("options", {}))
    merged = {**base, **{k: v for k, v in raw.items() if k not in (*ENTRY_SECTIONS, "options", "presets")}}
    for table in ("options", "presets"):
        merged[table] = {**base.get(table, {}), **raw.get(table, {})}
    for section in ENTRY_SECTIONS:
        # an id here replaces every base entry with that id (all its gated alternatives)
        mine = [_expect(e, dict, path, section) for e in _expect(raw.get(section, []), list, path, section)]
        replaced = {e.get("id") for e in mine}
        merged[section] = [e for e in base.get(section, []) if isinstance(e, dict)
                           and e.get("id") not in replaced] + mine
    removals = _strings(raw.get("remove", []), path, "remove")
    for i, removed in enumerate(removals):
        if removed in removals[:i]:
            raise _fail(path, "remove", f"{removed!r} is named twice")
        before = sum(len(merged[section]) for section in ENTRY_SECTIONS)
        for section in ENTRY_SECTIONS:
            merged[section] = [e for e in merged[section] if e.get("id") != removed]
        if sum(len(merged[section]) for section in ENTRY_SECTIONS) == before:
            raise _fail(path, "remove", f"the base has no set, item or hand {removed!r}")
    merged.pop("remove", None)
    if "name" not in raw:  # not the base's: the file would pass for it
        merged["name"] = _own_name(path)
    if "aliases" not in raw:  # nor the base's other names
        merged.pop("aliases", None)
    merged["_path"] = path
    merged["_chain"] = (*base["_chain"], path)
    return merged


def _own_name(path: Path) -> str:
    """The name of an extending file that gives none: its file's, ``house.toml`` is ``house``.

    :raises RuleSetError: when that is a shipped rule set's name or alias, which the file's
        rule set would pass for.
    """
    shipped = _shipped().get(path.stem.lower())
    if shipped is not None:
        raise _fail(path, "name", f"an extending rule file needs its own name: its file name "
                    f"{path.stem!r} names the shipped rule set {_read(shipped)['name']!r}, which this "
                    "file's is not (write name = \"...\" at the top of the file)")
    return path.stem


def _check_own_names(table: dict[str, Any], name: str, path: Path) -> None:
    """Refuse a rule file (not a shipped one) whose ``name`` or an alias is a shipped rule
    set's: its rule set, and every Score scored under it, would pass for the shipped one
    (``Score.rules`` and ``settle`` know a rule set by its name).

    :raises RuleSetError: naming the key, the shipped rule set and what to write instead.
    """
    aliases = table.get("aliases", [])
    for key, claimed in [("name", name), *(("aliases", a) for a in aliases if isinstance(a, str))]:
        shipped = _shipped().get(claimed.lower())
        if shipped is not None and shipped != path:
            raise _fail(path, key, f"{claimed!r} names the shipped rule set {_read(shipped)['name']!r}, which "
                        "this file's rule set would pass for (a Score scored under it, settle): give the "
                        "file a name of its own (name = \"house-babcock\", say)")


def _old_joker_key(raw: dict[str, Any], path: Path) -> dict[str, Any]:
    """The file's table with the old option key ``jokers`` of its ``[options]`` and presets
    read as ``joker-use`` (a :class:`DeprecationWarning`; files written before 0.1.1 load)."""
    tables = [("options", raw.get("options"))]
    tables += [(f"presets.{name}", preset) for name, preset in (raw.get("presets") or {}).items()
               if isinstance(preset, dict)] if isinstance(raw.get("presets"), dict) else []
    if not any(isinstance(table, dict) and "jokers" in table for _, table in tables):
        return raw
    out = dict(raw)
    for where, table in tables:
        if not isinstance(table, dict) or "jokers" not in table:
            continue
        renamed = _old_joker_option(table, f"{path}: {where}")
        if where == "options":
            out["options"] = renamed
        else:
            out["presets"] = {**out["presets"], where.partition(".")[2]: renamed}
    return out


def _gate(entry: Mapping[str, object], options: Mapping[str, object], path: object, key: str) -> bool:
    """Whether an entry with an ``option`` gate applies under these option values (a hand's
    gate may name one of its own options)."""
    if "option" not in entry:
        return True
    gate = _expect(entry["option"], str, path, f"{key}.option")
    negated = gate.startswith("not ")
    name = gate[4:].strip() if negated else gate
    if key.startswith("hands.") and f"{entry.get('id')}.{name}" in options:
        name = f"{entry.get('id')}.{name}"
    if name not in options:
        raise _fail(path, f"{key}.option", f"no option named {name!r} in [options]")
    if not isinstance(options[name], bool):
        raise _fail(path, f"{key}.option", f"option {name!r} is not true/false")
    return options[name] is not negated


def read_set_rule(entry: Mapping[str, Any], path: object, key: str) -> SetRule:
    """One ``[[sets]]`` entry of the file ``path`` (``key`` names it in messages).

    :raises RuleSetError: naming the file, the key and the reason.
    """
    _unknown(entry, _SET_KEYS, path, f"{key}.")
    kinds = set()
    for name in _strings(entry.get("kind", []), path, f"{key}.kind"):
        if name not in KIND_NAMES:
            raise _fail(path, f"{key}.kind", f"unknown kind {name!r} (chow, pung, kong, pair)")
        kinds.add(KIND_NAMES[name])
    if not kinds:
        raise _fail(path, f"{key}.kind", "missing")
    atoms: set[Atom] = set()
    for name in _strings(entry.get("tiles", "any"), path, f"{key}.tiles"):
        if name not in ATOM_CLASSES:
            raise _fail(path, f"{key}.tiles", f"unknown tile class {name!r} "
                        f"(one of {', '.join(ATOM_CLASSES)})")
        atoms |= ATOM_CLASSES[name]
    concealed = entry.get("concealed")
    if concealed is not None:
        _expect(concealed, bool, path, f"{key}.concealed")
    return SetRule(
        id=entry["id"], name=_expect(entry.get("name", entry["id"]), str, path, f"{key}.name"),
        kinds=frozenset(GroupKind(k) for k in kinds), atoms=frozenset(atoms), concealed=concealed,
        points=_bounded(entry.get("points", 0), POINTS_RANGE, path, f"{key}.points"),
        doubles=_bounded(entry.get("doubles", 0), DOUBLES_RANGE, path, f"{key}.doubles"),
        source=_expect(entry.get("source"), str, path, f"{key}.source"),
    )


def _check_group_sums(sets: list[SetRule], error: Callable[[str, str], RuleSetError], under: str = "") -> None:
    """Every kind of group earns points and doubles in range from all the set rules matching it
    (``under``: the options these are, as the message says them)."""
    for kind in GroupKind:
        for concealed in (False, True):
            for atom in Atom:
                matching = [rule for rule in sets if rule.matches(kind, concealed, atom)]
                for what, bounds in (("points", POINTS_RANGE), ("doubles", DOUBLES_RANGE)):
                    total = sum(getattr(rule, what) for rule in matching)
                    if total > bounds[1]:
                        raise error("sets", f"{under}{', '.join(r.id for r in matching)} together give "
                                    f"one group {total} {what}; at most {bounds[1]} "
                                    "(the range the scorer represents)")


class _Entry(NamedTuple):
    """A set, item or hand of the file, read, whether its option gate keeps it or not."""

    section: str
    id: str
    table: Mapping[str, Any]
    key: str
    rule: Any


def _check_kept(entries: list[_Entry], kept: tuple[bool, ...], path: object, preset: str | None) -> None:
    """Refuse what one set of option values keeps of the entries (``kept``: whether each one's
    option gate passes) when it makes no rule set: two alternatives of one entry, set rules
    giving one group more than the scorer represents, other than 1 to 64 items or more items
    with a pattern or holds than fact bits, a calling hand whose target the gates leave out.
    ``preset``: the preset (applied alone) whose values these are, which the error names
    instead of the entry (None: the file's own, or the options asked for)."""
    def error(key: str, reason: str) -> RuleSetError:
        return _fail(path, key, reason) if preset is None else _fail(path, f"presets.{preset}", f"{key}: {reason}")

    under = "under these options" if preset is None else "under this preset"
    active: dict[tuple[str, str], _Entry] = {}
    for entry in itertools.compress(entries, kept):
        other = active.setdefault((entry.section, entry.id), entry)
        if other is not entry:
            raise error(entry.key, f"two alternatives of this entry apply {under} (their option gates, "
                        f"{other.table['option']!r} and {entry.table['option']!r}, must exclude each other)")
    _check_group_sums([e.rule for e in active.values() if e.section == "sets"], error,
                      "" if preset is None else f"{under}, ")
    items = [e.rule for e in active.values() if e.section == "items"]
    got = "" if preset is None else f" {under}"
    if not 1 <= len(items) <= 64:  # the scorer keeps the items earned in a 64-bit mask
        raise error("items", f"from 1 to 64 items apply (the range the scorer represents), got {len(items)}{got}")
    own_bits = sum(bool(i.pattern) + bool(i.holds) for i in items)
    if own_bits > len(PATTERN_FACT_BITS):  # each takes a bit of the 64-bit fact word
        raise error("items", f"at most {len(PATTERN_FACT_BITS)} items with a pattern or holds "
                    f"(each is a fact of its own in the scorer's fact word), got {own_bits}{got}")
    gates: dict[str, list[str]] = {}  # the gates of the hands and items left out, by id
    for entry, keeps in zip(entries, kept):
        if entry.section != "sets" and not keeps and (entry.section, entry.id) not in active:
            gates.setdefault(entry.id, []).append(repr(entry.table["option"]))
    for entry in active.values():
        if entry.section == "hands":
            for target in entry.rule.calling:
                if target in gates and ("hands", target) not in active and ("items", target) not in active:
                    raise error(f"{entry.key}.calling", f"{target!r} does not apply {under} (its option gate "
                                f"{' and '.join(gates[target])} leaves it out), so this hand cannot call for it: "
                                f"give this hand the same option gate, or leave {target!r} out of calling")


def read_item_rule(entry: Mapping[str, Any], path: object, key: str) -> ItemRule:
    """One ``[[items]]`` entry of the file ``path`` (``key`` names it in messages).

    :raises RuleSetError: naming the file, the key and the reason.
    """
    _unknown(entry, _ITEM_KEYS, path, f"{key}.")
    facts = {}
    for part in ("when", "unless"):
        names = _strings(entry.get(part, []), path, f"{key}.{part}")
        for name in names:
            if name not in HAND_FACTS:
                raise _fail(path, f"{key}.{part}", f"unknown fact {name!r} (see mjscore.rules.facts)")
        facts[part] = frozenset(names)
    both = sorted(facts["when"] & facts["unless"])
    if both:
        raise _fail(path, f"{key}.unless", f"{both[0]!r} is also in when: no hand can meet both")
    win_tile: Tile | None = None
    win_tiles, text = 0, ""
    if "win-tile" in entry:
        text = _expect(entry["win-tile"], str, path, f"{key}.win-tile")
        try:
            win_tile = as_tile(text)
        except MjscoreError:
            try:  # a class of tiles (terminal-or-honour, simple, green, 19m, ...)
                win_tiles = class_mask(text, {}, {})
            except PatternError as error:
                raise _fail(path, f"{key}.win-tile", f"{text!r} is no tile or class of tiles: {error}") from None
    per = entry.get("per")
    if per is not None and per not in PER_WORDS:
        raise _fail(path, f"{key}.per", f"expected one of {', '.join(map(repr, PER_WORDS))} (the item "
                    f"counts once for each), got {per!r}")
    if "limit" in entry:
        raise _fail(path, f"{key}.limit", "a share of the limit is the value of a special hand: "
                    "write this item as a [[hands]] entry (see docs/rule-files.md)")
    pattern: tuple[GroupSpec, ...] = ()
    if "pattern" in entry:
        tokens = _strings(entry["pattern"], path, f"{key}.pattern")
        try:
            pattern = tuple(parse_group(token) for token in tokens)
            marked = next((g for g in pattern if g.win), None)
            if marked is not None:  # (an item's pattern has no place for it)
                raise PatternError(f"{marked.text!r}: an item's pattern takes no 'win' mark; say which "
                                   "tile wins with win-tile")
            if check_form(pattern) != STANDARD:
                raise PatternError("an item's pattern is four sets and a pair (write other shapes "
                                   "as [[hands]])")
            why = unmakeable(pattern, win_tile=win_tile)
        except PatternError as error:
            raise _fail(path, f"{key}.pattern", str(error)) from None
        if why is not None:  # a pattern no 14 tiles make would silently never apply
            part, reason = why
            raise _fail(path, f"{key}.{'pattern' if part == 'groups' else part}", reason)
    holds_text = tuple(_strings(entry.get("holds", []), path, f"{key}.holds"))
    return ItemRule(
        id=entry["id"], name=_expect(entry.get("name", entry["id"]), str, path, f"{key}.name"),
        when=facts["when"], unless=facts["unless"], win_tile=win_tile,
        holds=_holds(holds_text, path, f"{key}.holds"), holds_text=holds_text,
        points=_bounded(entry.get("points", 0), POINTS_RANGE, path, f"{key}.points"),
        doubles=_bounded(entry.get("doubles", 0), DOUBLES_RANGE, path, f"{key}.doubles"),
        excludes=tuple(_strings(entry.get("excludes", []), path, f"{key}.excludes")),
        source=_expect(entry.get("source"), str, path, f"{key}.source"), pattern=pattern,
        win_tiles=win_tiles, win_class=text if win_tiles else "", per_bonus=per == "bonus-tile",
    )


def _holds(clauses: tuple[str, ...], path: object, key: str) -> tuple[tuple[int, int], ...]:
    """An item's ``holds`` clauses as (counter, fewest groups) pairs (facts.GROUP_COUNTERS).

    :raises RuleSetError: for a clause that does not read, counts groups no counter keeps, or
        asks for more groups than a hand holds: over four sets, or more pungs, kongs and pairs
        of a class than it has tiles (no two of one reading are of one tile).
    """
    counted: dict[int, int] = {}
    written: dict[tuple[frozenset[GroupKind], str], list[str]] = {}  # the clauses of each counter
    for clause in clauses:
        try:
            group = parse_group(clause)
        except PatternError as error:
            raise _fail(path, key, f"{clause!r}: {error}") from None
        counts = (frozenset(GroupKind(k) for k in group.kinds), group.tiles.strip())
        counter = GROUP_COUNTERS.get(counts)
        if counter is None or group.concealed or group.melded or group.win:
            raise _fail(path, key, f"{clause!r}: a hand's groups can be counted as chow any, pung/kong "
                        "any, kong any, pung/kong dragon, pung/kong wind, pair dragon or pair wind "
                        "(with a count in front: \"2 pung/kong dragon\")")
        counted[counter] = counted.get(counter, 0) + group.count
        written.setdefault(counts, []).append(clause)
        if counted[counter] > 4:
            raise _fail(path, key, f"{clause!r}: no hand holds more than four groups of one counted kind, "
                        "so this item could never apply")
        _holdable(written, counted, path, key)
    return tuple(sorted(counted.items()))


def _holdable(written: Mapping[tuple[frozenset[GroupKind], str], list[str]], counted: Mapping[int, int],
              path: object, key: str) -> None:
    """Raise when the ``holds`` clauses so far ask for more than one reading holds: more pungs,
    kongs and pairs of a class than its tiles (a reading's pungs, kongs and pairs are each of
    another tile: two of one would be five of it or more, and a loser's four alike are one
    pung), or more than four sets (the pungs of dragons and of winds are among those of any tile,
    the kongs among the pungs)."""
    def fewest(counts: tuple[frozenset[GroupKind], str]) -> int:
        return counted.get(GROUP_COUNTERS[counts], 0)

    sets: dict[str, int] = {}  # per class: the sets of its tiles asked for (kongs among pungs/kongs)
    for tiles in dict.fromkeys(tiles for _, tiles in GROUP_COUNTERS):
        own = [counts for counts in written if counts[1] == tiles and GroupKind.SEQUENCE not in counts[0]]
        sets[tiles] = max((fewest(c) for c in own if GroupKind.PAIR not in c[0]), default=0)
        needed = sets[tiles] + sum(fewest(c) for c in own if GroupKind.PAIR in c[0])
        kinds = class_mask(tiles, {}, {}).bit_count()
        if needed > kinds:
            named = ", ".join(repr(clause) for c in own for clause in written[c])
            raise _fail(path, key, f"{named}: {needed} groups of {tiles}s, each of another kind (no two "
                        f"pungs, kongs or pairs of a hand are of one tile), but there are {kinds} kinds of "
                        f"{tiles}, so this item could never apply")
    chows = (frozenset({GroupKind.SEQUENCE}), "any")
    needed = fewest(chows) + max(sets["any"], sum(n for tiles, n in sets.items() if tiles != "any"))
    if needed > 4:  # (the classes but any, dragons and winds, hold no tile in common)
        named = ", ".join(repr(clause) for c in written if GroupKind.PAIR not in c[0] for clause in written[c])
        raise _fail(path, key, f"{named}: {needed} sets, but a hand holds at most four, so this item could "
                    "never apply")


def _jokers(options: Mapping[str, object], path: object) -> JokerUse | None:
    """Where the ``joker-use`` option lets jokers stand; None when it is off or absent."""
    value = options.get("joker-use", "off")
    check_option("joker-use", value, path, "options.joker-use", ())
    return None if value == "off" else joker_use(str(value))


def _old_joker_option(given: Mapping[str, object], where: str) -> dict[str, object]:
    """``given`` with the old option name ``jokers`` (where jokers may stand) as ``joker-use``,
    with a :class:`DeprecationWarning`; and a :class:`JokerUse` as its word."""
    out = dict(given)
    if "jokers" in out:
        warnings.warn(f"{where}: the option 'jokers' is now 'joker-use' (joker_use= as a keyword); "
                      "'jokers' is a count of jokers elsewhere in mjscore. The old name goes in 0.2",
                      DeprecationWarning, stacklevel=3)
        if "joker-use" in out or "joker_use" in out:
            raise RuleSetError(f"{where}: 'jokers' and 'joker-use' name one option")
        out["joker-use"] = out.pop("jokers")
    for name in ("joker-use", "joker_use"):
        value = out.get(name)
        if isinstance(value, JokerUse):
            words = {joker_use(word): word for word in JOKER_WORDS[1:]}
            if value not in words:
                raise RuleSetError(f"{where}: {name}={value!r}: a rule set takes the switches "
                                   "'pungs', 'chows' or 'pairs' (JOKERS_IN_PUNGS, _CHOWS, _PAIRS)")
            out[name] = words[value]
    return out


def _check_variants(entries: list[_Entry], variants: tuple[tuple[str | None, dict[str, object]], ...],
                    kept: tuple[bool, ...], path: object) -> None:
    """Check what the options asked for keep of the entries (``kept``), and what the file's own
    options and each preset applied alone keep (``variants``, from :func:`option_values`), as
    load_rules(..., preset=NAME) would: a file loads only where every preset does, unless the
    file's own options fail alike (their own error, which options that mend it still pass).
    Each selection of entries is checked once; the gates are a pass over the entries."""
    checked: dict[tuple[bool, ...], RuleSetError | None] = {}

    def check(values_of: str | None, selection: tuple[bool, ...]) -> RuleSetError | None:
        if selection not in checked:
            try:
                _check_kept(entries, selection, path, values_of)
                checked[selection] = None
            except RuleSetError as error:
                checked[selection] = error
        return checked[selection]

    def keeps(values: Mapping[str, object]) -> tuple[bool, ...]:
        return tuple(_gate(e.table, values, path, e.key) for e in entries)

    (_, own), *of_presets = variants
    if check(None, keeps(own)) is None:
        for values_of, values in of_presets:
            failed = check(values_of, keeps(values))
            if failed is not None:
                raise failed
    failed = check(None, kept)
    if failed is not None:
        raise failed


def _special_required(table: Mapping[str, Any], options: Mapping[str, object], path: object) -> bool:
    """"Special hands required": the option of that name when the file declares one (so a
    preset or a keyword can turn it on, as 001 describes both ways of play), else the
    top-level key (default false)."""
    top = _expect(table.get("special-required", False), bool, path, "special-required")
    if "special-required" not in options:
        return bool(top)
    check_option("special-required", options["special-required"], path, "options.special-required", ())
    return bool(options["special-required"])


def _build(table: dict[str, Any], overrides: Mapping[str, object]) -> RuleSet:
    path = table["_path"]
    name = _expect(table.get("name"), str, path, "name")
    _check_own_names(table, name, path)
    options, presets, preset, variants = option_values(table, overrides, path)
    # the keyword limit=, else the preset's, else the file's
    limit = _bounded(overrides["limit"] if "limit" in overrides else preset_limit(presets, preset)
                     or table.get("limit"), LIMIT_RANGE, path, "limit")
    shapes = set(_strings(table.get("shapes", []), path, "shapes")) | {"standard"}
    if shapes - SHAPES:
        raise _fail(path, "shapes", f"unknown shape {sorted(shapes - SHAPES)[0]!r} "
                    f"(one of {', '.join(sorted(SHAPES))}; special shapes such as thirteen orphans "
                    "are [[hands]] entries)")
    special_hands = _expect(table.get("special-hands", BEST), str, path, "special-hands")
    if special_hands not in (STACK, BEST):
        raise _fail(path, "special-hands", f"expected {STACK!r} or {BEST!r}, got {special_hands!r}")
    special_value = _expect(table.get("special-value", SHARE), str, path, "special-value")
    if special_value not in (SHARE, BETTER):
        raise _fail(path, "special-value", f"expected {SHARE!r} (a special hand read alone earns exactly "
                    f"its share of the limit) or {BETTER!r} (the better of that and its own score), "
                    f"got {special_value!r}")
    entries: list[_Entry] = []  # every set, item and hand, gated out or not
    ids: set[str] = set()
    alternatives: dict[str, set[str]] = {}  # ids with option-gated alternatives, per section
    compile_with = restrictions(table, options, path)

    def build_hand(entry: Mapping[str, Any], path: object, key: str) -> SpecialHand:
        prefix = f"{entry.get('id')}."
        own = {k[len(prefix):]: v for k, v in options.items() if k.startswith(prefix)}
        return read_special_hand(entry, path, key, own, compile_with)

    sections: tuple[tuple[str, Any], ...] = (
        ("sets", read_set_rule), ("items", read_item_rule), ("hands", build_hand))
    for section, build in sections:
        for i, entry in enumerate(_expect(table.get(section, []), list, path, section)):
            key = f"{section}[{i}]"
            _expect(entry, dict, path, key)
            entry_id = _expect(entry.get("id"), str, path, f"{key}.id")
            key = f"{section}.{entry_id}"
            if entry_id in ids and entry_id not in alternatives.get(section, set()):
                raise _fail(path, key, "duplicate id")
            if entry_id in ids and "option" not in entry:
                raise _fail(path, key, "duplicate id (alternatives of one entry each need an option gate)")
            ids.add(entry_id)
            if "option" in entry:
                alternatives.setdefault(section, set()).add(entry_id)
            entries.append(_Entry(section, entry_id, entry, key, build(entry, path, key)))
    kept = tuple(_gate(e.table, options, path, e.key) for e in entries)  # (whether each applies)
    sets: list[SetRule] = [e.rule for e, k in zip(entries, kept) if k and e.section == "sets"]
    items: list[ItemRule] = [e.rule for e, k in zip(entries, kept) if k and e.section == "items"]
    hands: list[SpecialHand] = [e.rule for e, k in zip(entries, kept) if k and e.section == "hands"]
    item_ids = {item.id for item in items}
    every_item = {entry.get("id") for entry in table.get("items", [])}  # (gated out or not)
    for item in items:
        for other in item.excludes:
            if other not in every_item:
                raise _fail(path, f"items.{item.id}.excludes", f"{other!r} is a set or special hand, not an "
                            "item" if other in ids else f"no item {other!r}")
    # an option may have gated out an item another one excludes
    items = [dataclasses.replace(i, excludes=tuple(x for x in i.excludes if x in item_ids))
             for i in items]
    payments = PaymentRules.from_table(
        _expect(table.get("payments", {"scheme": "classical"}), dict, path, "payments"), str(path))
    _check_variants(entries, variants, kept, path)
    claimed = _expect(table.get("claimed-kongs", "exposed"), str, path, "claimed-kongs")
    if claimed not in ("exposed", "concealed"):
        raise _fail(path, "claimed-kongs", f"expected \"exposed\" (a claimed kong counts as any exposed "
                    f"kong) or \"concealed\" (it keeps the hand concealed), got {claimed!r}")
    check_option("roof-off", options.get("roof-off", False), path, "options.roof-off", ())
    roof_off = bool(options.get("roof-off", False))
    ruleset = RuleSet(
        name=name, title=_expect(table.get("title", name), str, path, "title"),
        aliases=tuple(_strings(table.get("aliases", []), path, "aliases")),
        source=_expect(table.get("source", ""), str, path, "source"),
        limit=limit, shapes=frozenset(shapes),
        losers=_expect(table.get("losers", True), bool, path, "losers"),
        max_chows=max_chows(table, options, path), sets=tuple(sets), items=tuple(items),
        options=tuple(sorted(options.items())), payments=payments, path=str(path),
        presets=presets, preset=preset, hands=tuple(hands), special_hands=special_hands,
        special_value=special_value, special_required=_special_required(table, options, path),
        plain_one_suit=compile_with.one_suit, roof_off=roof_off, claimed_concealed=claimed == "concealed",
        dealer_streak=_bounded(table.get("dealer-streak", 0), (0, MAX_STREAK), path, "dealer-streak"),
        jokers=_jokers(options, path),
    )
    check_calling(ruleset)
    return ruleset


def _shipped() -> dict[str, Path]:
    """Every shipped rule set's name and aliases, lower-cased, to its file."""
    return _shipped_files()[0]


@cache
def _shipped_files() -> tuple[dict[str, Path], dict[Path, str]]:
    """:func:`_shipped`, and each shipped file's rule-set name: read once, as every load
    names the rule set it reads (for its messages) through them."""
    found: dict[str, Path] = {}
    names: dict[Path, str] = {}
    for path in sorted(RULES_DIR.glob("*.toml")):
        table = _read(path)
        if isinstance(table.get("name"), str):
            names[path] = table["name"]
        for key in [table.get("name"), *table.get("aliases", [])]:
            if isinstance(key, str):
                found[key.lower()] = path
    return found, names


def _find(name: str, relative_to: Path | None = None) -> Path | None:
    shipped = _shipped().get(name.lower())
    if shipped is not None:
        return shipped
    candidate = Path(name) if relative_to is None else relative_to / name
    return candidate if candidate.suffix == ".toml" and candidate.is_file() else None


def rulesets() -> tuple[str, ...]:
    """The names of the shipped rule sets."""
    return tuple(sorted(set(_shipped_files()[1].values())))


_LOADED: dict[tuple[Path, tuple[tuple[str, str, object], ...]], tuple[RuleSet, tuple[tuple[Path, object], ...]]] = {}
"""Rule sets built from files, by file and options, with the state of each file of their
``extends`` chain when read: a file edited since is read again."""


def _stamp(path: Path) -> object:
    try:
        state = path.stat()
    except OSError:
        return None
    return state.st_mtime_ns, state.st_size


def _load_cached(path: Path, overrides: tuple[tuple[str, str, object], ...]) -> RuleSet:
    found = _LOADED.get((path, overrides))
    if found is not None and all(_stamp(file) == stamp for file, stamp in found[1]):
        return found[0]
    merged = merged_file(path)
    stamps = tuple((file, _stamp(file)) for file in merged["_chain"])
    rules = _build(merged, {name: value for name, _, value in overrides})
    _LOADED[path, overrides] = (rules, stamps)
    return rules


def load_rules(name_or_path: str | Path | RuleSet, options: Mapping[str, object] | None = None,
               **keywords: object) -> RuleSet:
    """A rule set by shipped name or alias (``"babcock"``, ``"CC"``) or from a TOML file.

    Keyword options override the file's ``[options]`` (``own_wind_exposed=True``);
    ``preset=NAME`` applies one of its ``[presets]`` first; ``limit=`` overrides its limit (a preset's too).
    ``options`` is the same as a mapping, where a special hand's id maps to a table of its
    own options (``{"imperial-jade": {"no-chows": True}}``); a bare hand option name
    (``allow_melded=True``) sets it for every hand that has it, and a hand's own value
    outranks it.

    :raises RuleSetError: for an unknown name, options that are not a mapping or name one
        option twice (``lucky_thirteen_exact`` is ``lucky-thirteen-exact``), or a file with
        any mistake. A shipped rule set is named in the message as ``rule set NAME``, the
        name a user types, not by its file's path.
    """
    if options is not None and not isinstance(options, Mapping):
        raise RuleSetError(f"{_named(name_or_path)}: options: expected a mapping of option names to "
                           f"values, got {type(options).__name__}")
    if not options and not keywords:  # the common calls of the scoring functions: no options
        if type(name_or_path) is RuleSet:
            return name_or_path
        if type(name_or_path) is str and name_or_path in _BY_NAME:
            return _BY_NAME[name_or_path]
    options = _old_joker_option(options or {}, _named(name_or_path))
    keywords = _old_joker_option(keywords, _named(name_or_path))
    try:
        options = flat_keywords(options, keywords)
    except RuleSetError as error:
        raise RuleSetError(f"{_named(name_or_path)}: options: {error}") from None
    if isinstance(name_or_path, RuleSet):
        if not options:
            return name_or_path
        if name_or_path.preset is not None:
            options = {"preset": name_or_path.preset, **options}
        name_or_path = Path(name_or_path.path)
    if not options and isinstance(name_or_path, str) and name_or_path in _BY_NAME:
        return _BY_NAME[name_or_path]  # the common call: a shipped name, no options
    path = _find(str(name_or_path))
    if path is None:
        known = ", ".join(rulesets())
        raise RuleSetError(f"no rule set or .toml file {str(name_or_path)!r} (shipped: {known})")
    try:
        # The value's type is part of the key: 1 == True, but only one of them is valid.
        key = tuple(sorted((name, type(value).__name__, value) for name, value in options.items()))
        hash(key)
    except TypeError:
        raise RuleSetError(f"{_named(name_or_path)}: options: values must be true/false, integers, "
                           "strings or lists of strings") from None
    try:
        rules = _load_cached(path.resolve(), key)
    except RuleSetError as error:
        raise RuleSetError(_without_shipped_paths(str(error))) from None
    if not options and isinstance(name_or_path, str) and path.parent == RULES_DIR:
        _BY_NAME[name_or_path] = rules
    return rules


_BY_NAME: dict[str, RuleSet] = {}
"""Shipped rule sets by the name they were asked for (no options)."""


def loaded_by_name() -> dict[str, RuleSet]:
    """The shipped rule sets loaded so far, by the name they were asked for without options:
    what :func:`load_rules` returns for that name without loading anything. The loader's own
    dict, which only grows: the compiled ``mjscore.score`` reads it in place."""
    return _BY_NAME


def _named(name_or_path: str | Path | RuleSet) -> str:
    """How a message names the rule set asked for."""
    if isinstance(name_or_path, RuleSet):
        return _without_shipped_paths(name_or_path.path)
    path = _shipped().get(str(name_or_path).lower())
    return str(name_or_path) if path is None else _without_shipped_paths(str(path))


def _without_shipped_paths(message: str) -> str:
    """``message`` with each shipped rule file's path (somewhere in site-packages) replaced
    by ``rule set NAME``, the name a user types, as the command line says it."""
    for path, name in _shipped_files()[1].items():
        message = message.replace(str(path), f"rule set {name}")
    return message
