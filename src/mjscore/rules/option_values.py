"""A rule set's option values: its ``[options]``, its special hands' own options, its
presets and the options ``load_rules`` is given, merged into one table of flat names.

A hand's own option is known as ``HAND-ID.NAME`` (``jade-hand.allow-melded``). Presets
and overrides may give one hand's options as a table (``{"jade-hand": {"allow-melded":
True}}``), a flat name, or a bare name that sets it for every hand that has it; the
hand's own value outranks the bare name. The options that shape special hands when they
compile (the chow limit and its exception, the prohibition of mixed suits) are read into
:class:`~mjscore.rules.hands.Restrictions` here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..core.errors import RuleSetError
from .hands import VALUE_KEYS, Restrictions, hand_option_defaults, hand_values
from .model import Preset
from .numbers import LIMIT_RANGE, NumberError, bounded

__all__ = ["fail", "expect", "option_values", "flat_keywords", "max_chows", "restrictions", "check_option",
           "preset_limit", "JOKER_WORDS", "LOADER_OPTIONS"]

JOKER_WORDS = ("off", "pungs", "chows", "pairs")
"""The values of the ``joker-use`` option: no jokers, or the groups they may stand in
(cumulative: :data:`~mjscore.core.jokers.JOKERS_IN_PUNGS`, ``_CHOWS``, ``_PAIRS``)."""
TRUE_FALSE = ("roof-off", "max-chows-exception", "no-mixed-suits", "special-required")
"""The options the loader reads that are true or false."""
LOADER_OPTIONS = ("joker-use", "max-chows", "mixed-suits-exceptions", *TRUE_FALSE)
"""Every option the loader reads itself (:func:`check_option` checks each one's value)."""


def fail(path: object, key: str, reason: str) -> RuleSetError:
    """The error for a mistake at ``key`` of the file ``path``."""
    return RuleSetError(f"{path}: {key}: {reason}")


def expect(value: object, kind: type | tuple[type, ...], path: object, key: str) -> Any:
    """``value`` if it is of ``kind``, else the error naming ``key``."""
    # bool is an int: never accept one for the other.
    wanted = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in wanted:
        raise fail(path, key, f"expected {_type_names(wanted)}, got {value!r}")
    if not isinstance(value, wanted):
        raise fail(path, key, f"expected {_type_names(wanted)}, got {value!r}")
    return value


def _type_names(kinds: tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", bool: "true or false", list: "a list",
             dict: "a table", float: "a number"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _strings_value(value: object, path: object, key: str) -> tuple[str, ...]:
    """A list option's value: a list of strings, or one string of names split at commas."""
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise fail(path, key, f"expected a list of strings, got {value!r}")
    return tuple(value)


def _overridden(options: dict[str, object], overrides: Mapping[str, object], path: object,
                where: str, hands: frozenset[str] = frozenset()) -> dict[str, object]:
    """``options`` with ``overrides`` applied, each checked against the default's type
    (a value key of one of ``hands`` against the types a value takes)."""
    options = dict(options)
    for raw_name, value in overrides.items():
        name = raw_name.replace("_", "-")
        if name == "limit":
            continue
        hand, dot, key = name.partition(".")
        if dot and hand in hands and key in VALUE_KEYS:
            kinds: tuple[type, ...] = (int, float, str) if key == "limit" else (int,)
            options[name] = expect(value, kinds, path, f"{where}.{name}")
            continue
        if name not in options:
            if dot and hand not in hands:
                raise fail(path, f"{where}.{hand}", _no_hand(hand, hands))
            if dot:
                own = [k.partition(".")[2] for k in options if k.startswith(f"{hand}.")]
                raise fail(path, f"{where}.{name}", f"the hand {hand!r} has no option {key!r} "
                            f"(its options: {', '.join(own) or 'none'}; its value: {', '.join(VALUE_KEYS)})")
            known = [k for k in options if "." not in k]
            raise fail(path, f"{where}.{name}", f"no such option (known: {', '.join(known) or 'none'}"
                        f"{'; and the options of each special hand' if len(known) < len(options) else ''})")
        default = options[name]
        if isinstance(default, tuple):
            value = _strings_value(value, path, f"{where}.{name}")
        else:
            expect(value, (bool,) if isinstance(default, bool) else (type(default),), path, f"{where}.{name}")
        options[name] = value
    return options


def _no_hand(name: str, hands: frozenset[str]) -> str:
    return f"no special hand {name!r} (the hands: {', '.join(sorted(hands)) or 'none'})"


def _flat(values: Mapping[str, object], options: Mapping[str, object], path: object,
          where: str, hands: frozenset[str] = frozenset()) -> dict[str, object]:
    """Option values as flat names: a hand's table (``{"jade-hand": {"allow-melded": True}}``)
    to ``jade-hand.allow-melded``, and a bare name only hands declare to every hand that has
    it; a hand's own value last, so it outranks the bare name."""
    broad: dict[str, object] = {}
    narrow: dict[str, object] = {}
    for raw_name, value in values.items():
        name = raw_name.replace("_", "-")
        if isinstance(value, Mapping):
            if name not in hands:
                raise fail(path, f"{where}.{name}", _no_hand(name, hands))
            for option, own in value.items():
                narrow[f"{name}.{str(option).replace('_', '-')}"] = own
        elif "." in name:
            narrow[name] = value
        elif name not in options and any(k.endswith(f".{name}") for k in options):
            broad.update({k: value for k in options if k.endswith(f".{name}")})
        else:
            broad[name] = value
    return {**broad, **narrow}


def check_option(name: str, value: object, path: object, key: str, hands: Iterable[str]) -> None:
    """Refuse a value the loader does not take for an option it reads itself (``max-chows``,
    ``joker-use``, ``mixed-suits-exceptions``, :data:`TRUE_FALSE`), the same error for the
    file's default, a preset's value and a keyword's; ``hands``: the special hands' ids.

    :raises RuleSetError: naming ``key``.
    """
    if name == "max-chows":
        if not 0 <= expect(value, int, path, key) <= 4:
            raise fail(path, key, f"a hand has 0 to 4 runs, got {value}")
    elif name == "joker-use":
        if value not in JOKER_WORDS:
            raise fail(path, key, f"expected one of {', '.join(map(repr, JOKER_WORDS))} (where jokers may "
                       f"stand), got {value!r}")
    elif name == "mixed-suits-exceptions":
        for hand in _strings_value(value, path, key):
            if hand not in hands:
                raise fail(path, key, f"no special hand {hand!r}")
    elif name in TRUE_FALSE:
        expect(value, bool, path, key)


def _presets(table: Mapping[str, Any], defaults: dict[str, object], path: object,
             hands: frozenset[str]) -> tuple[tuple[Preset, dict[str, object]], ...]:
    """The file's presets, each with the option values applying it alone gives."""
    presets = []
    for name, entry in expect(table.get("presets", {}), dict, path, "presets").items():
        where = f"presets.{name}"
        values = dict(expect(entry, dict, path, where))
        description = expect(values.pop("description", ""), str, path, f"{where}.description")
        flat = _flat(values, defaults, path, where, hands)
        applied = _overridden(defaults, flat, path, where, hands)  # validates names and types
        _check_preset(table, flat, defaults, applied, path, where, hands)
        presets.append((Preset(name, description, tuple(sorted(flat.items()))), applied))
    return tuple(presets)


def _check_preset(table: Mapping[str, Any], flat: Mapping[str, object], defaults: Mapping[str, object],
                  applied: Mapping[str, object], path: object, where: str, hands: frozenset[str]) -> None:
    """Refuse, when the file loads, the values of one preset that applying it would refuse: of
    the options the loader reads (:func:`check_option`), and the value of each special hand
    whose own options or value it sets (a share of the limit past 2, doubled or not), the
    reasons those checks give, said of the preset's key; and its ``limit``, which it sets as
    ``load_rules(limit=...)`` does (:func:`preset_limit`)."""
    if "limit" in flat:
        limit = flat["limit"]
        try:
            bounded(expect(limit, int, path, f"{where}.limit"), LIMIT_RANGE)
        except NumberError as error:
            raise fail(path, f"{where}.limit", str(error)) from None
    for name in flat:
        if "." not in name and name in applied:  # (not the limit, which _overridden leaves)
            check_option(name, applied[name], path, f"{where}.{name}", hands)
    for hand in sorted({name.partition(".")[0] for name in flat if "." in name}):
        def said_of_the_preset(part: str, reason: str, hand: str = hand) -> RuleSetError:
            return fail(path, f"{where}.{hand}.{part.removeprefix('options.')}", reason)

        for entry in table.get("hands", []):
            if not isinstance(entry, dict) or entry.get("id") != hand:
                continue
            try:
                hand_values(entry, _own(defaults, hand), said_of_the_preset)
            except RuleSetError:
                continue  # the entry's own mistake, which reading it reports under its own key
            hand_values(entry, _own(applied, hand), said_of_the_preset)


def _own(options: Mapping[str, object], hand: str) -> dict[str, object]:
    """A special hand's own options (and value keys) among flat names, by their bare names."""
    return {name[len(hand) + 1:]: value for name, value in options.items() if name.startswith(f"{hand}.")}


def _hand_options(table: Mapping[str, Any], path: object) -> dict[str, bool]:
    """Every hand's own options as ``HAND-ID.NAME``: default (alternatives of one hand
    declare them alike, or one of them alone)."""
    found: dict[str, bool] = {}
    for i, entry in enumerate(expect(table.get("hands", []), list, path, "hands")):
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            continue  # reported when the entry is built
        key = f"hands.{entry['id']}"
        for name, default in hand_option_defaults(entry, path, key).items():
            flat = f"{entry['id']}.{name}"
            if found.get(flat, default) != default:
                raise fail(path, f"{key}.options.{name}", "alternatives of one hand give this option "
                            "different defaults")
            found[flat] = default
    return found


def option_values(table: Mapping[str, Any], overrides: Mapping[str, object], path: object
                  ) -> tuple[dict[str, object], tuple[Preset, ...], str | None,
                             tuple[tuple[str | None, dict[str, object]], ...]]:
    """The effective options, the file's presets, the preset applied (``preset=`` in overrides),
    and the option values of the file alone (None) and of each preset applied alone (its
    name), which the loader checks whatever is applied."""
    defaults: dict[str, object] = {}
    for name, value in expect(table.get("options", {}), dict, path, "options").items():
        if "." in name:
            raise fail(path, f"options.{name}", "a dot names a hand's own option: declare it in "
                        "that hand's options table")
        defaults[name] = (_strings_value(value, path, f"options.{name}") if isinstance(value, list)
                          else expect(value, (bool, int, str), path, f"options.{name}"))
    for own, default in _hand_options(table, path).items():
        if own.partition(".")[2] in defaults:
            raise fail(path, f"options.{own.partition('.')[2]}", "a rule-set option cannot share "
                        f"its name with a hand's own option ({own})")
        defaults[own] = default
    hands = frozenset(e["id"] for e in table.get("hands", []) if isinstance(e, dict) and isinstance(e.get("id"), str))
    with_values = _presets(table, defaults, path, hands)
    presets = tuple(preset for preset, _ in with_values)
    variants = ((None, defaults), *((preset.name, values) for preset, values in with_values))
    overrides = dict(overrides)
    chosen = overrides.pop("preset", None)
    applied = None
    if chosen is not None:
        applied = {p.name.lower(): p for p in presets}.get(str(chosen).lower())
        if applied is None:
            raise fail(path, "presets", f"no preset {chosen!r} "
                        f"(known: {', '.join(p.name for p in presets) or 'none'})")
        defaults = _overridden(defaults, dict(applied.options), path, f"presets.{applied.name}", hands)
    flat = _flat(overrides, defaults, path, "options", hands)
    return (_overridden(defaults, flat, path, "options", hands), presets,
            None if applied is None else applied.name, variants)


def preset_limit(presets: tuple[Preset, ...], applied: str | None) -> int | None:
    """The limit the preset named ``applied`` sets (``limit = 500`` in its table, checked when
    the file loads), or None: the file's own, unless ``load_rules(limit=...)`` gives another."""
    for preset in presets:
        if preset.name == applied:
            limit = dict(preset.options).get("limit")
            return limit if isinstance(limit, int) else None
    return None


def max_chows(table: Mapping[str, Any], options: Mapping[str, object], path: object) -> int | None:
    """The chow limit: the option ``max-chows`` when the file declares one (4: none), else
    the top-level key."""
    where = "options.max-chows" if "max-chows" in options else "max-chows"
    if where == "max-chows" and "max-chows" not in table:
        return None
    value = expect(options["max-chows"] if "max-chows" in options else table["max-chows"], int, path, where)
    check_option("max-chows", value, path, where, ())
    return None if where != "max-chows" and value == 4 else int(value)


def restrictions(table: Mapping[str, Any], options: Mapping[str, object], path: object) -> Restrictions:
    """The options that shape the special hands when they compile (see :mod:`.hands`)."""
    limit = max_chows(table, options, path)
    ids = {e["id"] for e in table.get("hands", []) if isinstance(e, dict) and isinstance(e.get("id"), str)}
    for name, default in (("max-chows-exception", False), ("no-mixed-suits", False),
                          ("mixed-suits-exceptions", ())):
        check_option(name, options.get(name, default), path, f"options.{name}", ids)
    exceptions = _strings_value(options.get("mixed-suits-exceptions", ()), path,
                                "options.mixed-suits-exceptions")
    return Restrictions(4 if limit is None else limit, bool(options.get("max-chows-exception", False)),
                        bool(options.get("no-mixed-suits", False)), frozenset(exceptions))


def flat_keywords(*given: Mapping[str, object]) -> dict[str, object]:
    """Options (a mapping, then the keywords) with one hand's table (``imperial_jade={"no-chows":
    True}``) as flat ``HAND.OPTION`` names and lists as tuples, so they key the cache; checked
    when built.

    :raises RuleSetError: for one option named twice (``_`` and ``-`` are one, and a hand's
        table names ``HAND.OPTION``), which would otherwise keep whichever came last.
    """
    flat: dict[str, object] = {}
    written: dict[str, str] = {}

    def put(name: str, value: object) -> None:
        same = name.replace("_", "-")
        if same in written:
            raise RuleSetError(f"{name!r} is given twice (in the mapping and as a keyword)"
                               if written[same] == name else f"{written[same]!r} and {name!r} name one option")
        written[same] = name
        flat[name] = value

    for options in given:
        for name, value in options.items():
            if isinstance(value, Mapping):
                for option, own in value.items():
                    put(f"{name.replace('_', '-')}.{str(option).replace('_', '-')}", own)
            else:
                put(name, tuple(value) if isinstance(value, list) else value)
    return flat
