"""Special hands: the ``[[hands]]`` entries of a rule file, read, checked and compiled.

A special hand is data: its groups in the pattern notation of
:mod:`mjscore.rules.patterns`, its value (points, doubles or a share of the limit,
optionally another value when concealed), and the situation it needs. Every hand
is compiled once, when the rule set loads, into :class:`HandTables`: fixed-shape
variants keyed by their tile counts, and requirement lists for the hands of sets
and of pairs. Both scoring backends read those tables; neither names a hand.

Keys of a ``[[hands]]`` entry:

====================  =======================================================
``id``, ``name``      the slug and the name as the rule book spells it
``aliases``           other names the book gives (searchable, shown)
``groups``            the group tokens of the hand; or ``forms``, a list of
                      such lists (alternatives: any one makes the hand); leave
                      both out for a hand made by the situation alone
``points``,           the value (default 0); ``limit`` is a share of the limit
``doubles``,          (1, "1/2", ...)
``limit``
``if-concealed``      a table of ``points``/``doubles``/``limit`` used instead
                      when the hand has no exposed meld (not empty: leave it
                      out for one value either way)
``concealed``         true: no exposed meld (the winning tile may still be a
                      discard); in a fixed hand, groups marked ``melded`` may
                      still be declared
``when``, ``unless``  hand facts that must hold / must not (the situation)
``win-tile``          the winning tile must be this tile
``tiles``             a class every tile of the hand is in (``"green-s|GD"``)
``requires``          tiles or classes the hand must hold (``["GD"]``)
``max-chows``         at most this many chows in a hand of sets
``exact``             true: the hand scores exactly its share of the limit, even when
                      its own score is higher
``calling``           a hand of a player who did not go out: ids of the rule set's
                      special hands and items; the hand holds when one tile (a
                      kind the player holds fewer than four of) would complete the
                      player's hand into a winning one that makes one of them (BMJA's
                      "calling for"); no ``groups``, and never for the winner
``pairs``             ``"kong-as-two"``: four alike held count as two pairs (in
                      seven pairs, and in the pairs of one token of a fixed
                      hand, ``"5 pair A"``); by default (``"distinct"``) they
                      are pairs of different tiles
``option``            applies only when that boolean option holds (a name the
                      hand declares in ``options`` is the hand's own option)
``options``           the hand's own options and their defaults (a table of
                      true/false, below); the rule set knows each as
                      ``HAND-ID.NAME``
``seven-pairs``       the groups of the hand's seven-pairs version, which its
                      ``allow-seven-pairs`` option adds as another form (checked
                      when the file loads, the option on or off)
``max-chows-exception``  false: the rule set's exception letting limit hands
                      hold more chows than ``max-chows`` does not cover this
                      hand (default true)
``source``            the rule-book line (required)
====================  =======================================================

A hand's own options (:data:`HAND_OPTIONS` says what the loader does with each):

=========================  ==================================================
``allow-melded``           false: the hand is concealed (``concealed = true``);
                           true: melds may be declared
``double-if-concealed``    true: the value doubles when no meld is exposed (a
                           share of the limit times 2, else one more double)
``allow-seven-pairs``      true: the ``seven-pairs`` groups make the hand too
``no-chows``               true: no chows (``max-chows = 0``)
any other name             gates alternatives of the entry (``option = NAME``)
=========================  ==================================================

The rule set's restrictions (:class:`Restrictions`, from its options) apply at compile
time too: its chow limit (a hand worth a share of the limit may exceed it when the
exception is on, unless ``max-chows-exception = false``) and its prohibition of mixed
suits (every variant of one suit, honours allowed, unless the hand is an exception).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.errors import MjscoreError, RuleSetError
from .facts import HAND_FACTS, fact_mask
from ..core.group import GroupKind
from ..core.tile import Tile, as_tile
from .numbers import DOUBLES_RANGE, POINTS_RANGE, NumberError, bounded, limit_share
from .patterns import (FixedVariant, GroupSpec, PatternError,
                       QuantVariant, check_expression, expand_form, parse_group, unmakeable)

__all__ = ["Value", "SpecialHand", "HandTables", "Restrictions", "read_special_hand", "hand_values",
           "compile_hands", "pattern_variants", "hand_option_defaults", "HAND_KEYS", "HAND_OPTIONS", "VALUE_KEYS",
           "MAX_MATCHED", "MAX_FIXED"]

HAND_KEYS = {"id", "name", "aliases", "groups", "forms", "points", "doubles", "limit", "if-concealed",
             "concealed", "when", "unless", "win-tile", "tiles", "requires", "max-chows", "pairs",
             "exact", "option", "options", "seven-pairs", "max-chows-exception", "calling", "source"}
HAND_OPTIONS = {
    "allow-melded": "true: melds may be declared; false: the hand is concealed (the winning "
                    "tile may be a discard)",
    "double-if-concealed": "true: the value doubles when no meld is exposed",
    "allow-seven-pairs": "true: the hand's seven-pairs version makes it too",
    "no-chows": "true: the hand holds no chows",
}
"""The hand options the loader applies itself; other names only gate alternatives."""
VALUE_KEYS = ("limit", "points", "doubles")
"""A hand's value keys; ``HAND-ID.limit`` (and so on) in a rule set's options overrides them
for any hand, options of its own or not, and the value is then the keys overridden alone."""
MAX_MATCHED = 16
"""At most this many special hands count for one reading: the first in the file."""
MAX_FIXED = 64
"""At most this many fixed variants count for one hand's tiles: the first in the file."""


@dataclass(frozen=True, slots=True)
class Value:
    """What a special hand is worth: points, doubles and a share of the limit."""

    points: int = 0
    doubles: int = 0
    limit: Fraction | None = None

    def __str__(self) -> str:
        parts = []
        if self.limit is not None:
            parts.append("limit" if self.limit == 1 else f"{self.limit} limit")
        if self.doubles:
            parts.append(f"{self.doubles} double{'s' * (self.doubles != 1)}")
        if self.points:
            parts.append(f"{self.points} points")
        return ", ".join(parts) or "no value"


@dataclass(frozen=True, slots=True)
class SpecialHand:
    """One special hand of a rule set, as read from its file."""

    id: str
    name: str
    aliases: tuple[str, ...]
    forms: tuple[tuple[GroupSpec, ...], ...]
    value: Value
    concealed_value: Value | None
    concealed: bool
    when: frozenset[str]
    unless: frozenset[str]
    win_tile: Tile | None
    tiles: str | None
    requires: tuple[str, ...]
    max_chows: int | None
    kong_as_two: bool
    source: str
    exact: bool = False
    """It scores exactly its share of the limit (not the better of that and its own score)."""
    options: tuple[tuple[str, bool], ...] = ()
    """The hand's own options with their effective values, in the file's order."""
    one_suit: bool = False
    """Every variant keeps to one suit (the rule set prohibits mixed suits; not an exception)."""
    as_fixed: bool = False
    """Its sets are matched on its tiles (it may exceed the rule set's chow limit)."""
    calling: tuple[str, ...] = ()
    """For a hand that did not go out: the special hands and items one tile would make
    (the ``calling`` key); the rule set checks the ids."""

    def value_for(self, concealed: bool) -> Value:
        """The value of the hand made concealed or not."""
        return self.concealed_value if concealed and self.concealed_value else self.value

    @property
    def pattern(self) -> str:
        """The groups as written, forms separated by ``or``."""
        return " or ".join("; ".join(g.text for g in form) for form in self.forms) or "(the situation alone)"


def _value(table: Mapping[str, Any], where: str, fail: Callable[[str, str], RuleSetError]) -> Value:
    numbers = {}
    for key, bounds in (("points", POINTS_RANGE), ("doubles", DOUBLES_RANGE)):
        number = table.get(key, 0)
        if isinstance(number, bool) or not isinstance(number, int):
            raise fail(f"{where}{key}", f"expected an integer, got {number!r}")
        try:
            numbers[key] = bounded(number, bounds)
        except NumberError as error:
            raise fail(f"{where}{key}", str(error)) from None
    share = None
    if "limit" in table:
        raw = table["limit"]
        if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
            raise fail(f"{where}limit", f"expected a number or fraction like \"1/2\", got {raw!r}")
        try:
            share = limit_share(raw)
        except NumberError as error:
            raise fail(f"{where}limit", str(error)) from None
    return Value(numbers["points"], numbers["doubles"], share)


@dataclass(frozen=True, slots=True)
class Restrictions:
    """The rule set's winning restrictions that shape its special hands at compile time."""

    max_chows: int = 4
    """At most this many chows in a hand (4: no limit)."""
    chow_exception: bool = False
    """A hand worth a share of the limit may hold more chows than ``max_chows``."""
    one_suit: bool = False
    """Mixed suits are prohibited: every hand keeps to one suit, honours allowed..."""
    exceptions: frozenset[str] = frozenset()
    """...but the hands with these ids."""


def _fail_in(path: object, key: str) -> Callable[[str, str], RuleSetError]:
    def fail(part: str, reason: str) -> RuleSetError:
        return RuleSetError(f"{path}: {key}{'.' + part if part else ''}: {reason}")
    return fail


def hand_option_defaults(entry: Mapping[str, Any], path: object, key: str) -> dict[str, bool]:
    """The hand's own options (its ``options`` table) with their defaults.

    :raises RuleSetError: for a table that is not names with true/false.
    """
    table = entry.get("options", {})
    fail = _fail_in(path, key)
    if not isinstance(table, dict):
        raise fail("options", f"expected a table of option names and true/false, got {table!r}")
    for name, value in table.items():
        if not isinstance(value, bool):
            raise fail(f"options.{name}", f"a hand's option is true or false, got {value!r}")
        if "." in name or not name or name in VALUE_KEYS:
            raise fail(f"options.{name}", f"an option name has no dots and is none of {', '.join(VALUE_KEYS)}")
    return dict(table)


def _doubled(value: Value, fail: Callable[[str, str], RuleSetError]) -> Value:
    """The value doubled: a share of the limit times 2, else one more double."""
    if value.limit is None:
        return Value(value.points, value.doubles + 1, None)
    try:
        return Value(value.points, value.doubles, limit_share(str(value.limit * 2)))
    except NumberError as error:
        raise fail("options.double-if-concealed", f"doubles the limit share {value.limit}: {error}") from None


def hand_values(entry: Mapping[str, Any], options: Mapping[str, object],
                fail: Callable[[str, str], RuleSetError]) -> tuple[Value, Value | None]:
    """What one ``[[hands]]`` entry is worth, and when concealed (None: the same), under its
    own ``options`` (:data:`VALUE_KEYS` among them replace its value keys): the values
    :func:`read_special_hand` reads, without compiling the hand (a preset's are checked so).

    :raises RuleSetError: for a value out of range, or an ``if-concealed`` that is no table
        of values.
    """
    overrides = {k: options[k] for k in VALUE_KEYS if k in options}
    if overrides:
        entry = {**{k: v for k, v in entry.items() if k not in VALUE_KEYS}, **overrides}
    value = _value(entry, "", fail)
    concealed_value = None
    if "if-concealed" in entry:
        table = entry["if-concealed"]
        if not isinstance(table, dict) or set(table) - {"points", "doubles", "limit"}:
            raise fail("if-concealed", f"expected a table of points, doubles and limit, got {table!r}")
        if not table:  # (each key defaults to 0: the concealed hand would be worth nothing)
            raise fail("if-concealed", "an empty table makes the hand worth nothing when concealed: give "
                       "its points, doubles or limit when concealed (if-concealed = { limit = 1 }), or "
                       "leave if-concealed out for the same value either way")
        concealed_value = _value(table, "if-concealed.", fail)
    if options.get("double-if-concealed"):
        concealed_value = _doubled(value, fail)
    return value, concealed_value


def read_special_hand(entry: Mapping[str, Any], path: object, key: str,
              options: Mapping[str, object] | None = None,
              restrictions: Restrictions = Restrictions()) -> SpecialHand:
    """A checked :class:`SpecialHand` from one ``[[hands]]`` table, its own ``options``
    given (the entry's defaults for any left out; :data:`VALUE_KEYS` among them replace
    its value) and the rule set's ``restrictions`` applied.

    :raises RuleSetError: naming the file, the hand, the group and the reason.
    """
    fail = _fail_in(path, key)
    options = dict(options or {})
    value_overrides = {k: options.pop(k) for k in VALUE_KEYS if k in options}
    if value_overrides:
        entry = {**{k: v for k, v in entry.items() if k not in VALUE_KEYS}, **value_overrides}

    extra = sorted(set(entry) - HAND_KEYS)
    if extra:
        raise fail(extra[0], f"unknown key (expected one of {', '.join(sorted(HAND_KEYS))})")
    own: dict[str, bool] = {**hand_option_defaults(entry, path, key),
                            **{k: bool(v) for k, v in options.items()}}

    def strings(name: str) -> list[str]:
        value = entry.get(name, [])
        values = [value] if isinstance(value, str) else value
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise fail(name, f"expected a list of strings, got {value!r}")
        return list(values)

    def text(name: str, default: str | None = None) -> str:
        value = entry.get(name, default)
        if not isinstance(value, str):
            raise fail(name, f"expected a string, got {value!r}")
        return value

    if "groups" in entry and "forms" in entry:
        raise fail("forms", "give groups (one form) or forms (alternatives), not both")
    raw_forms: list[Any] = [entry["groups"]] if "groups" in entry else entry.get("forms", [])
    if not isinstance(raw_forms, list) or "forms" in entry and not raw_forms:
        raise fail("forms", f"expected a list of group lists, got {raw_forms!r}")
    if ("seven-pairs" in entry) != ("allow-seven-pairs" in own):
        raise fail("seven-pairs", "a hand with a seven-pairs version declares the option "
                   "allow-seven-pairs, and the option needs the seven-pairs groups")
    labels = ["groups" if "groups" in entry else f"forms[{f}]" for f in range(len(raw_forms))]
    if "seven-pairs" in entry:  # read and checked whether its option is on or off
        raw_forms, labels = [*raw_forms, entry["seven-pairs"]], [*labels, "seven-pairs"]
    forms = []
    for f, raw in enumerate(raw_forms):
        where = labels[f]
        if not isinstance(raw, list) or not raw or not all(isinstance(g, str) for g in raw):
            raise fail(where, f"expected a list of group tokens like \"pung 1A\", got {raw!r}")
        groups = []
        for i, token in enumerate(raw):
            try:
                groups.append(parse_group(token))
            except PatternError as error:
                raise fail(f"{where}[{i}]", f"{token!r}: {error}") from None
        forms.append(tuple(groups))
    unused = () if own.get("allow-seven-pairs") or "seven-pairs" not in entry else (forms.pop(),)
    facts = {}
    for part in ("when", "unless"):
        names = strings(part)
        for name in names:
            if name not in HAND_FACTS:
                raise fail(part, f"unknown fact {name!r} (see mjscore.rules.facts)")
        facts[part] = frozenset(names)
    both = sorted(facts["when"] & facts["unless"])
    if both:
        raise fail("unless", f"{both[0]!r} is also in when: no hand can meet both")
    win_tile = None
    if "win-tile" in entry:
        try:
            win_tile = as_tile(text("win-tile"))
        except MjscoreError as error:
            raise fail("win-tile", str(error)) from None
    calling = tuple(strings("calling"))
    if "calling" in entry and (not calling or "groups" in entry or "forms" in entry or "win-tile" in entry):
        raise fail("calling", "a hand calling for others names one or more ids, and no groups, forms "
                   "or win-tile: it is read from the tiles of a player who did not go out")
    if calling and "winner" in facts["when"]:
        raise fail("when", "a hand calling for others is never the winner's")
    for option, other in (("double-if-concealed", "if-concealed"), ("allow-melded", "concealed"),
                          ("no-chows", "max-chows")):
        if option in own and other in entry:
            raise fail(other, f"decided by the hand's option {option} (leave {other} out)")
    value, concealed_value = hand_values(entry, own, fail)
    max_chows = 0 if own.get("no-chows") else entry.get("max-chows")
    if max_chows is not None and (isinstance(max_chows, bool) or not isinstance(max_chows, int)
                                  or not 0 <= max_chows <= 4):
        raise fail("max-chows", f"a hand has 0 to 4 chows, got {max_chows!r}")
    pairs = text("pairs", "distinct")
    if pairs not in ("distinct", "kong-as-two"):
        raise fail("pairs", f"expected \"distinct\" or \"kong-as-two\", got {pairs!r}")
    concealed, exact = entry.get("concealed", False), entry.get("exact", False)
    if "allow-melded" in own:
        concealed = not own["allow-melded"]
    exempt = entry.get("max-chows-exception", True)
    for name, flag in (("concealed", concealed), ("exact", exact), ("max-chows-exception", exempt)):
        if not isinstance(flag, bool):
            raise fail(name, f"expected true or false, got {flag!r}")
    if exact and "limit" not in entry:
        raise fail("exact", "only a hand worth a share of the limit (limit = ...) can score it exactly")
    # The rule set's chow limit: a limit hand under the exception keeps its own (and is matched
    # on its tiles, since decompositions over the limit are dropped); any other takes the lower.
    own_chows = 4 if max_chows is None else max_chows
    exempt = exempt and restrictions.chow_exception and value.limit is not None
    as_fixed = exempt and restrictions.max_chows < own_chows and any(
        GroupKind.SEQUENCE in g.kinds for form in forms for g in form)
    if not exempt and restrictions.max_chows < own_chows:
        max_chows = restrictions.max_chows
    one_suit = restrictions.one_suit and text("id") not in restrictions.exceptions
    tiles = entry.get("tiles") if "tiles" not in entry else text("tiles")
    if one_suit and tiles is None and forms and all("A" in g.variables[0] for form in forms for g in form
                                                    if g.variables[0]) \
            and all(any(g.variables[0] for g in form) for form in forms):
        # every form names suit A: "one suit" is then a class every tile is in, which the
        # distances and the sampler read too (they do not read one_suit)
        tiles = "A|honour"
    hand = SpecialHand(
        id=text("id"), name=text("name", text("id")), aliases=tuple(strings("aliases")),
        forms=tuple(forms), value=value, concealed_value=concealed_value,
        concealed=concealed, when=facts["when"], unless=facts["unless"], win_tile=win_tile,
        tiles=tiles, requires=tuple(strings("requires")), max_chows=max_chows,
        kong_as_two=pairs == "kong-as-two", source=text("source"), exact=exact,
        options=tuple(own.items()), one_suit=one_suit, as_fixed=as_fixed, calling=calling)
    # expand once now, so every mistake shows at load: the seven-pairs version too while its
    # option is off (a preset or a keyword turns it on)
    checked = (*hand.forms, *unused)
    for f, form in enumerate(checked):
        where = labels[f]
        written = entry.get("tiles")  # (as written: not the one suit the rule set may impose)
        for part, expressions in (("tiles", [written] if written else []), ("requires", hand.requires)):
            for expression in expressions:  # (said of their own key, not of the groups)
                try:
                    check_expression(expression, form)
                except PatternError as error:
                    raise fail(part, f"{error}{f' (in {where})' if len(checked) > 1 else ''}") from None
        for g in form:
            if g.melded and not any(s.fixed_only for s in form):
                raise fail(where, f"{g.text!r}: 'melded' marks a group of a fixed hand (with singles or "
                           "knitted groups); in a hand of sets, set concealed = false instead")
            if g.win and not any(s.fixed_only for s in form):  # (its variants have no place for it)
                raise fail(where, f"{g.text!r}: 'win' marks a group of a fixed hand (with singles or "
                           "knitted groups); in a hand of sets, say which tile wins with win-tile")
            if g.win and g.kinds == (GroupKind.QUAD,):
                raise fail(where, f"{g.text!r}: a kong is declared before the winning tile, which "
                           "never completes it")
        try:
            if f < len(hand.forms):  # (compiled under the rule set's restrictions, when in use)
                pattern_variants(hand, 0, form)
            # as the file writes the hand: the rule set's restrictions (a chow limit, one
            # suit) may leave it unmade under some options, which is the options' choice
            why = unmakeable(form, entry.get("tiles"), hand.requires, own_chows, hand.kong_as_two,
                             hand.concealed, win_tile=hand.win_tile)
        except PatternError as error:
            raise fail(where, str(error)) from None
        if why is not None:  # a form no 14 tiles make would silently never score
            part, reason = why
            raise fail(where if part == "groups" else part, reason)
    return hand


def pattern_variants(hand: SpecialHand, index: int, form: tuple[GroupSpec, ...]
                     ) -> tuple[list[QuantVariant], list[FixedVariant]]:
    """The compiled variants of one form of a hand (``index``: the hand's place in the rule set)."""
    return expand_form(index, form, *_variant_options(hand))


def _variant_options(hand: SpecialHand) -> tuple[Any, ...]:
    """The options of a hand that :func:`expand_form` reads, after the form."""
    return (hand.tiles, hand.requires, 4 if hand.max_chows is None else hand.max_chows, hand.kong_as_two,
            hand.concealed, hand.one_suit, hand.as_fixed)


@dataclass(frozen=True, slots=True)
class HandTables:
    """A rule set's special hands compiled for matching, shared by both backends.

    ``quant`` holds the standard and pairs variants in hand order; ``fixed`` maps the
    34 counts of a whole hand (melds included, a kong as four) to its fixed variants;
    ``situational`` lists the hands made by the situation alone. The arrays are the
    same data flattened for the kernel (see ``_score_kernel``).
    """

    hands: tuple[SpecialHand, ...]
    quant: tuple[QuantVariant, ...]
    fixed: dict[tuple[int, ...], tuple[FixedVariant, ...]]
    situational: tuple[int, ...]
    item_patterns: tuple[tuple[int, QuantVariant], ...]
    """For items with a ``pattern``: (fact bit, variant); a reading the variant matches holds that fact."""
    when: npt.NDArray[np.uint64] = field(repr=False)
    unless: npt.NDArray[np.uint64] = field(repr=False)
    win_tile: npt.NDArray[np.uint8] = field(repr=False)
    concealed: npt.NDArray[np.uint8] = field(repr=False)
    exact: npt.NDArray[np.uint8] = field(repr=False)
    values: npt.NDArray[np.int32] = field(repr=False)
    """Per hand: points, doubles, limit numerator, limit denominator; exposed then concealed."""
    runless: npt.NDArray[np.uint8] = field(repr=False)
    """Per hand: 1 when no form holds a chow or singles (seven pairs, knitted hands): a
    reading only of it holds the ``no-chows`` fact."""


def compile_hands(hands: tuple[SpecialHand, ...],
                  item_patterns: tuple[tuple[int, tuple[GroupSpec, ...]], ...] = ()) -> HandTables:
    """Compile every hand's forms (see the module docstring)."""
    keys = [_form_key(hand) for hand in hands]
    while keys and keys[-1][1] and not keys[-1][0]:
        keys.pop()  # calling hands last (they make no variant): those deciding them share the compile
    quant, fixed, situational = _compiled_forms(tuple(keys))
    items = []
    for bit, groups in item_patterns:
        q, _ = expand_form(-1, groups)
        items += [(bit, v) for v in q]
    values = np.zeros((len(hands), 8), dtype=np.int32)
    for i, hand in enumerate(hands):
        for j, value in enumerate((hand.value, hand.value_for(True))):
            share = value.limit or Fraction(0)
            values[i, 4 * j: 4 * j + 4] = (value.points, value.doubles, share.numerator, share.denominator)
    return HandTables(
        hands=hands, quant=quant, fixed=fixed, situational=situational, item_patterns=tuple(items),
        when=np.array([fact_mask(h.when) for h in hands], dtype=np.uint64),
        unless=np.array([fact_mask(h.unless) for h in hands], dtype=np.uint64),
        win_tile=np.array([255 if h.win_tile is None else h.win_tile for h in hands], dtype=np.uint8),
        concealed=np.array([h.concealed and not _declares_melded(h) for h in hands], dtype=np.uint8),
        exact=np.array([h.exact for h in hands], dtype=np.uint8),
        values=values, runless=np.array([_runless(h) for h in hands], dtype=np.uint8))


def _form_key(hand: SpecialHand) -> tuple[Any, ...]:
    """What of a hand its variants depend on: its forms, whether it is a ``calling`` hand
    and :func:`_variant_options`; not its value."""
    return hand.forms, bool(hand.calling), _variant_options(hand)


@functools.lru_cache(maxsize=16)
def _compiled_forms(keys: tuple[tuple[Any, ...], ...]) -> tuple[
        tuple[QuantVariant, ...], dict[tuple[int, ...], tuple[FixedVariant, ...]], tuple[int, ...]]:
    """:func:`compile_hands`' variants of hands whose :func:`_form_key` are ``keys``: the
    quant variants, the fixed ones by counts, the situational hands. Kept, read-only, for
    the rule sets that differ only in their values, or in ``calling`` hands after all
    others: a rule set with such hands (BMJA) and the three rule sets deciding them
    share one compile, some 100,000 fixed variants."""
    quant: list[QuantVariant] = []
    fixed: dict[tuple[int, ...], list[FixedVariant]] = {}
    situational = []
    for index, (forms, calling, options) in enumerate(keys):
        if not forms and not calling:
            situational.append(index)
        for form in forms:
            q, f = expand_form(index, form, *options)
            quant += q
            for variant in f:
                fixed.setdefault(variant.counts, []).append(variant)
    return tuple(quant), {k: tuple(v) for k, v in fixed.items()}, tuple(situational)


def _declares_melded(hand: SpecialHand) -> bool:
    """Whether a concealed hand's every form is fixed with a group marked ``melded``: its
    variants then say which melds it may declare (those groups alone), and the hand's
    own test of a concealed hand, which any exposed meld fails, would refuse them."""
    return bool(hand.forms) and all(any(g.fixed_only for g in form) and any(g.melded for g in form)
                                    for form in hand.forms)


def _runless(hand: SpecialHand) -> bool:
    """Whether no form of the hand holds a chow or singles (a run of them, or odd tiles)."""
    return bool(hand.forms) and not any(GroupKind.SEQUENCE in g.kinds or g.word in ("single", "singles")
                                        for form in hand.forms for g in form)
