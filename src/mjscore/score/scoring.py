"""Score one hand under a rule set: the best reading, itemised line by line.

The fold is the same for every rule set (the classical *points and doubles*):

1. each group earns its set points and doubles from the rule set's table;
2. each item whose facts hold adds points, doubles or a share of the limit,
   and removes the items it ``excludes``;
3. the ``no-points`` fact is then decided (no set points, and no item points
   but those for going out: items whose ``when`` is just ``winner``), and the
   items that name it are added;
4. ``total = min(points * 2**doubles, limit)``; a limit hand scores
   ``max(that, share * limit)``, so a hand of sets worth more than a fractional
   limit keeps its own score (a player of these books takes the better); a hand
   read only as a special hand earns exactly its share (``special-value``,
   :func:`mjscore.score.fold.scores_exactly`).

Every reading of the hand (each decomposition, each group the winning tile can
complete, the special shapes the rule set allows) is scored this way and the
highest total wins; ties go to the first found.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .._backend import BACKEND, CHOSEN, twin
from ..core.context import CONTEXT_KEYWORDS, FLOWER_SHIFT, WinContext, check_against_hand, forget_contexts, wind_of
from ..core.errors import HandStatus, InvalidContextError, InvalidHandError, NotWinningError, RuleSetError, status_error
from ..rules.facts import Atom
from .best_reading import BestReading
from .fold import ReadingScore, limit_share, score_reading, scores_exactly
from ..core.group import Decomposition, Group, GroupKind, Meld
from ..core.hand import Hand
from .jokers.readings import fits_groups, place_jokers
from ..core.jokers import describe, needed_for
from ..rules.matching import fixed_variants
from ..core.notation import forget_words, parse_hand
from ..rules.payments import Settlement, settle_scores
from .readings import SHAPE_CODES, ScoredGroup, forget_groups, reading_groups
from ..rows.codec import forget_meld_bytes, row_of
from ..rules import RuleSet, load_rules
from ..rules.loader import loaded_by_name
from ..rules.model import STACK, SetRule
from ..core.tile import Tile, format_tiles

__all__ = ["Line", "Score", "JokerPlacement", "ReadingScore", "score", "score_reading", "explain_lines", "settle",
           "clear_caches", "use_html"]


@dataclass(frozen=True, slots=True)
class Line:
    """One scored item of a breakdown."""

    id: str
    name: str
    points: int = 0
    doubles: int = 0
    limit: Fraction | None = None
    count: int = 1
    source: str = ""

    def value(self) -> str:
        """The value as a scorer writes it: ``+4``, ``x2``, ``1/2 limit``."""
        parts = []
        if self.points:
            parts.append(f"+{self.points * self.count}")
        if self.doubles:
            parts.append(f"x{2 ** (self.doubles * self.count)}")
        if self.limit is not None:
            parts.append("limit" if self.limit == 1 else f"{self.limit} limit")
        return " ".join(parts) or "0"


@dataclass(frozen=True, slots=True)
class JokerPlacement:
    """What one joker stood for in the reading that scored, and the group it joined."""

    tile: Tile
    group: str
    """The group in words: ``"pung 5p"``, ``"chow 456p"``, ``"pair 9s"``, ``"single 1z"``,
    with ``" (declared)"`` for a joker inside a declared meld."""

    def __str__(self) -> str:
        kind, _, rest = self.group.partition(" ")
        of = "" if kind == "chow" else "of "
        return f"joker as {self.tile} in the {kind} {of}{rest}"


_KIND_WORDS = {GroupKind.SEQUENCE: "chow", GroupKind.TRIPLET: "pung", GroupKind.QUAD: "kong",
               GroupKind.PAIR: "pair"}


def _group_words(kind: int, first: int, tiles: tuple[int, ...] = ()) -> str:
    if kind == GroupKind.SEQUENCE:
        return f"chow {Group(GroupKind.SEQUENCE, Tile(first))}"
    if len(set(tiles)) > 1:  # a run of singles or a knitted group of a special hand
        return f"singles {format_tiles([tiles.count(t) for t in range(34)])}"
    return f"{_KIND_WORDS.get(GroupKind(kind), 'single') if kind < 4 else 'single'} {Tile(first)}"


@dataclass(frozen=True, slots=True)
class Score:
    """A hand's score under one rule set, with the reading that earned it."""

    total: int
    points: int
    doubles: int
    limit: Fraction | None
    """The share of the limit that applied: a limit hand's share, 1 when the
    score was capped at the limit, ``None`` otherwise."""
    special: str | None
    """The id of the special hand that scored (the one worth most when several did), if any."""
    lines: tuple[Line, ...]
    decomposition: Decomposition | None
    shape: str
    """``standard``, ``seven-pairs``, ``losing``, or the id of the fixed-shape special hand read."""
    rules: str
    hand: Hand = field(repr=False)
    context: WinContext = field(repr=False)
    others: tuple[str, ...] = ()
    """Special hands the reading also made that did not score (the rule set scores only
    the best one: ``special-hands = "best"``)."""
    jokers: tuple[JokerPlacement, ...] = ()
    """What each joker of the hand stood for in this reading (declared melds' too)."""

    def explain(self) -> str:
        """The breakdown as a table a player can check against the rule book."""
        rows = [(line.name + (f" x{line.count}" if line.count > 1 else ""), line.value(), line.source)
                for line in self.lines]
        width = max([len(r[0]) for r in rows] + [4])
        value_width = max([len(r[1]) for r in rows] + [5])
        out = [f"{self.hand}  ({self.rules}, {'won' if self.context.winner else 'did not go out'})"]
        out += [f"  {name:<{width}}  {value:>{value_width}}  {source}" for name, value, source in rows]
        formula = f"{self.points} x 2^{self.doubles}" if self.doubles else f"{self.points}"
        if self.special:
            formula += f"; {'limit' if self.limit is not None else 'special'} hand {self.special}"
        elif self.limit:
            formula += "; capped at the limit"
        out.append(f"  {'total':<{width}}  {self.total:>{value_width}}  ({formula})")
        out += [f"  {placement}" for placement in self.jokers]
        if self.others:
            out.append(f"  also made: {', '.join(self.others)} ({self.special} scored instead: "
                       "it is worth more, or comes first in the rule file at equal value)")
        return "\n".join(out)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return {
            "hand": str(self.hand), "rules": self.rules, "total": self.total,
            "points": self.points, "doubles": self.doubles,
            "limit": None if self.limit is None else str(self.limit),
            "special": self.special, "shape": self.shape, "others": list(self.others),
            "jokers": [{"tile": str(j.tile), "group": j.group} for j in self.jokers],
            "winner": self.context.winner,
            "decomposition": None if self.decomposition is None else [
                {"group": str(g), "meld": isinstance(g, Meld), "concealed": g.concealed}
                for g in self.decomposition],
            "lines": [{"id": l.id, "name": l.name, "points": l.points, "doubles": l.doubles,
                       "limit": None if l.limit is None else str(l.limit), "count": l.count,
                       "source": l.source} for l in self.lines],
        }

    def __str__(self) -> str:
        lines = " + ".join(f"{l.name} {l.value()}" for l in self.lines)
        return f"{lines} = {self.total}"

    def _repr_html_(self) -> str | None:
        """The breakdown as HTML for notebooks (see :mod:`mjscore.display`); None, which a
        notebook takes as "no HTML", while that module is not imported."""
        return None if _html is None else _html(self)


_html: Callable[[Score], str] | None = None


def use_html(writer: Callable[[Score], str]) -> None:
    """Make ``writer`` (:func:`mjscore.display.score_html`, which calls this when it is
    imported: the display builds on this module, so this module cannot import it) what
    :meth:`Score._repr_html_` returns."""
    global _html
    _html = writer


def _explained(rules: RuleSet) -> tuple[dict[tuple[int, int, int], tuple[SetRule, ...]], tuple[Line, ...]]:
    """Per rule set, once: the set rules of each group cell, and each item's line."""
    cached = rules.caches.lines
    if cached is None:
        cells = {(kind, concealed, atom): tuple(
            r for r in rules.sets if r.matches(GroupKind(kind), bool(concealed), Atom(atom))
            and (r.points or r.doubles)) for kind in range(4) for concealed in (0, 1) for atom in range(7)}
        items = tuple(Line(i.id, i.name, i.points, i.doubles, source=i.source)
                      for i in rules.items)
        cached = rules.caches.lines = (cells, items)
    return cached


def explain_lines(rules: RuleSet, groups: Sequence[ScoredGroup], applied: int, bonus: int = 0) -> tuple[Line, ...]:
    """The breakdown of a reading: a line per scoring group, then a line per item earned (an
    item counted per bonus tile once for each of the ``bonus`` flowers and seasons held)."""
    cells, items = _explained(rules)
    known = rules.caches.group_lines
    lines: list[Line] = []
    for g in groups:
        group_lines = known.get(g)
        if group_lines is None:  # a few thousand kinds of scored group at most
            group_lines = known[g] = tuple(
                Line(rule.id, f"{rule.name}: {g.group}", rule.points, rule.doubles, source=rule.source)
                for rule in cells[(g.kind, int(g.concealed), g.atom)])
        lines += group_lines
    while applied:
        low = applied & -applied
        index = low.bit_length() - 1
        line = items[index]
        lines.append(dataclasses.replace(line, count=bonus) if rules.items[index].per_bonus else line)
        applied ^= low
    return tuple(lines)


def hand_lines(rules: RuleSet, hands: Sequence[int], concealed: bool) -> tuple[Line, ...]:
    """A breakdown line for each special hand that scored, at its value for the concealment."""
    lines = []
    for h in hands:
        hand = rules.hands[h]
        value = hand.value_for(concealed)
        lines.append(Line(hand.id, hand.name, value.points, value.doubles, value.limit, source=hand.source))
    return tuple(lines)


_BREAKDOWNS = 1 << 16
"""Readings written out and kept per rule set (a few hundred bytes each)."""


def _written_out(hand: Hand, tiles: tuple[int, ...], ctx: WinContext, rules: RuleSet, shape: str,
                 best: BestReading, has_groups: bool, jokers: bool
                 ) -> tuple[Decomposition | None, tuple[Line, ...], tuple[JokerPlacement, ...]]:
    """The reading the scorer chose for ``hand`` (``best``), written out (:func:`_breakdown`),
    with its jokers standing for ``tiles`` where it holds some: the natural hand they make
    is read, and each joker placed in its group (:func:`joker_placements`)."""
    if not jokers:
        return (*_breakdown(hand, ctx, rules, shape, best, has_groups), ())
    read = hand
    if tiles:
        counts = list(hand.concealed)
        for t in tiles:
            counts[t] += 1
        read = Hand(tuple(counts), hand.melds)
    order, lines = _breakdown(read, ctx, rules, shape, best, has_groups)
    if not ctx.winner:
        return order, lines, ()
    order, placements = joker_placements(hand, read, rules, order, best.decomposition if shape == "special" else -1)
    return order, lines, placements


def _breakdown(read: Hand, ctx: WinContext, rules: RuleSet, shape: str, best: BestReading,
               has_groups: bool) -> tuple[Decomposition | None, tuple[Line, ...]]:
    """The reading the scorer chose (``best``), written out: its groups in order (standard,
    losing and seven-pairs readings) and the breakdown lines of its groups and items."""
    groups = reading_groups(read, ctx, shape, best.groups, best.group) if has_groups else ()
    order = (tuple(sorted([g.group for g in groups], key=_GROUP_ORDER))
             if shape in _ORDERED_SHAPES and groups else None)
    return order, explain_lines(rules, groups, best.applied, len(ctx.flowers) + len(ctx.seasons))


_GROUP_ORDER = operator.attrgetter("kind", "first", "concealed")
"""How a reading's groups are listed in :attr:`Score.decomposition`."""
_ORDERED_SHAPES = frozenset(("standard", "losing", "seven-pairs"))


def call_context(hand: Hand, size: int, context: dict[str, Any]) -> WinContext:
    """The context of a :func:`score` call on ``hand`` (of ``size`` tiles) with the keywords
    ``context``, which this completes in place: ``winner`` by the size, the winning tile and
    the bonus tiles the hand shows.

    :raises InvalidContextError: for a context that cannot happen, or a winning tile other
        than the one the hand marks.
    """
    context.setdefault("winner", size >= 14)
    if hand.win_tile is not None:
        if context.get("win_tile") not in (None, hand.win_tile, str(hand.win_tile)):
            raise InvalidContextError(
                f"win_tile={context['win_tile']!r} but the hand marks {hand.win_tile} as its winning tile")
        context["win_tile"] = hand.win_tile
    for name, is_flower in (("flowers", True), ("seasons", False)) if hand.bonus else ():
        numbers = [b.number for b in hand.bonus if b.is_flower == is_flower]
        if numbers and name not in context:
            context[name] = tuple(numbers)  # the hand shows them
    return WinContext.from_keywords(**context)


def sized_context(hand: Hand, context: dict[str, Any]) -> WinContext:
    """:func:`call_context`, refusing a hand whose size the context contradicts (one that
    went out holds 14 tiles, one that did not at most 13; a kong counting 3).

    :raises InvalidContextError: as :func:`call_context`, or for that size.
    """
    size = hand.size
    ctx = call_context(hand, size, context)
    if size != 14 if ctx.winner else size > 13:
        raise InvalidContextError(f"{hand} has {size} tiles; a hand that "
                                  + ("went out has 14" if ctx.winner else "did not go out has at most 13")
                                  + " (a kong counting 3)")
    return ctx


def write_out(hand: Hand, ctx: WinContext, rules: RuleSet, best: BestReading
              ) -> tuple[Decomposition | None, tuple[Line, ...], tuple[JokerPlacement, ...]]:
    """The breakdown of the reading the scorer chose (``best``) for a hand without jokers
    (:func:`_written_out`): what the compiled :func:`score` keeps per reading."""
    return _written_out(hand, (), ctx, rules, SHAPE_CODES[best.shape], best,
                        bool(best.points or best.applied), False)


def score(hand: Hand | str, rules: str | RuleSet = "babcock", **context: Any) -> Score:
    """Score a hand under a rule set, trying every reading and keeping the best.

    ``context`` keywords are those of :class:`~mjscore.core.context.WinContext`
    (``win_tile``, ``self_drawn``, ``seat_wind``, ``prevailing_wind``, ``dealer``,
    ``last_tile``, ``last_discard``, ``robbing_kong``, ``replacement``,
    ``kong_on_kong``, ``heaven``, ``earth``, ``declared_calling``, ``winner``,
    ``dealer_streak``, ``flowers``, ``seasons``; the last two default to the bonus
    tiles the hand shows). A hand of 13 tiles or fewer (a kong counting 3) is scored
    as one that did not go out (``winner=False``): a player's sets as shown, scored
    by the rule set's rules for every hand. The search runs in the backend's scorer (the same one ``score_many`` uses);
    the breakdown is then written out for the reading it chose.

    >>> score("123m 456p 789s 11z [555z]", "babcock", win_tile="1z").total  # (20+2+4+2) x2
    56

    :raises NotationError: text that cannot be read, or a hand that is neither a Hand nor text.
    :raises NotWinningError: a hand said to have gone out that the rule set does not accept.
    :raises InvalidContextError: a context that cannot happen with this hand.
    """
    parsed = hand if isinstance(hand, Hand) else parse_hand(hand)  # which names what is not text
    ruleset = load_rules(rules)
    ctx = sized_context(parsed, context)
    if parsed.bonus:  # the scorers check the rest of check_against_hand: BAD_CONTEXT below
        check_against_hand(ctx, parsed)
    tiles: tuple[int, ...] = ()  # with jokers, the tiles they stood for
    jokers = parsed.jokers or parsed.melds and parsed.meld_jokers
    row = row_of(parsed, ctx)
    best: BestReading
    if jokers:
        check_jokers(parsed, ruleset)
        best, tiles = twin("score").score_one_jokers(*row, ruleset, parsed.jokers, parsed.meld_jokers)
    else:
        best = twin("score").score_one(*row, ruleset)
    status, total, special, points, doubles = best.status, best.total, best.special, best.points, best.doubles
    if status == HandStatus.NOT_WINNING:
        raise NotWinningError(f"{parsed} is not a winning hand under {ruleset.name}")
    if status == HandStatus.BAD_CONTEXT:
        check_against_hand(ctx, parsed)  # which says why
    if status == HandStatus.WRONG_SIZE:  # Hand takes no tiles: a loser's bonus tiles alone, not nothing
        raise status_error(status, size=parsed.size,
                           sizes="13, 14 with the winning tile, fewer for a hand that did not go out, "
                                 "or none but bonus tiles (flowers or seasons)")
    if status:  # anything else the scorer checks was checked above
        raise status_error(status)
    shape = SHAPE_CODES[best.shape]
    # The reading the kernel chose is written out once per rule set: a search scores the
    # same hands in the same seats again and again. With jokers, the key adds the tiles
    # they stood for and the melds holding some (which the meld bytes do not show).
    key: tuple[object, ...] = (*row[:2], ctx.self_drawn, *row[4:], best.shape, best.decomposition, best.group,
                               best.applied, bool(points), row[3] >> FLOWER_SHIFT)
    if jokers:
        key += (ctx.winner, tuple(tiles), parsed.melds if parsed.meld_jokers else ())
    memo = ruleset.caches.breakdowns
    found = memo.get(key)
    if found is None:
        if len(memo) >= _BREAKDOWNS:
            memo.clear()
        found = memo[key] = _written_out(parsed, tiles, ctx, ruleset, shape, best,
                                         bool(points or best.applied or tiles), bool(jokers))
    order, lines, placements = found
    matched = best.matched
    if not matched:  # the common case: no special hand
        return Score(total=total, points=points, doubles=doubles,
                     limit=limit_share(ruleset, points, doubles, None)[1],
                     special=None, lines=lines, decomposition=order, shape=shape,
                     rules=ruleset.name, hand=parsed, context=ctx, jokers=placements)
    hands = ruleset.hands
    concealed = all(m.concealed or ruleset.claimed_concealed and m.claimed for m in parsed.melds)
    scored = matched if ruleset.special_hands == STACK else (special,)
    share = max((s for s in (hands[h].value_for(concealed).limit for h in scored) if s is not None),
                default=None)
    _, share = limit_share(ruleset, points, doubles, share, scores_exactly(ruleset, shape, special))
    return Score(total=total, points=points, doubles=doubles, limit=share, special=hands[special].id,
                 lines=lines + hand_lines(ruleset, scored, concealed), decomposition=order,
                 shape=hands[best.decomposition].id if shape == "special" else shape,
                 rules=ruleset.name, hand=parsed, context=ctx,
                 others=tuple(hands[h].id for h in matched if h not in scored), jokers=placements)


python_score = score
""":func:`score` defined in Python: the call of the reference backend, and of the
compiled one for every call its compiled :func:`score` does not answer itself."""


def compiled_score(careful: Callable[..., Score]) -> Callable[..., Score]:
    """:func:`score` as one compiled call (the compiled twin's ``score_function``): the
    common call (an exact Hand or text, no jokers or bonus tiles, a shipped rule set's name
    or a RuleSet, no special hand) answered in C while the backend seam routes ``score()``
    to the compiled twin, every other call passed to ``careful`` (:data:`python_score`;
    a test passes one that counts). Its signature, docstring and errors are
    :data:`python_score`'s."""
    compiled = twin("score", "cython").score_function(
        careful, inspect.signature(python_score).parameters["rules"].default, chosen=CHOSEN,
        score_type=Score, hand_type=Hand, meld_type=Meld, ruleset_type=RuleSet, by_name=loaded_by_name(), parse=parse_hand, call_context=call_context,
        write_out=write_out, shape_codes=SHAPE_CODES)
    return functools.update_wrapper(compiled, python_score)


if not TYPE_CHECKING and BACKEND == "cython":
    # Calling a Python function and making the Score through its dataclass __init__ cost
    # more than scoring the hand.
    score = compiled_score(python_score)


def check_jokers(hand: Hand, rules: RuleSet) -> None:
    """That the rule set uses jokers, and lets those of the hand's declared melds stand there.

    :raises NotWinningError: otherwise, saying why.
    """
    use = rules.jokers
    if use is None:
        raise NotWinningError(
            f"{hand} holds jokers, which {rules.name} does not use (its option joker-use is \"off\"; "
            f"load_rules({rules.name!r}, joker_use=\"pungs\") lets them stand in pungs and kongs)")
    for meld in hand.melds:
        if meld.jokers and not needed_for(meld.kind) & use:
            raise NotWinningError(
                f"{hand}: the declared {_KIND_WORDS[meld.kind]} {meld} holds a joker, but "
                f"{rules.name} lets jokers stand only in {describe(use)}")


def joker_placements(hand: Hand, read: Hand, rules: RuleSet, order: Decomposition | None,
                     special: int) -> tuple[Decomposition | None, tuple[JokerPlacement, ...]]:
    """The decomposition with each joker in its group, and what each joker stood for: the
    natural hand ``read`` is ``hand`` with its concealed jokers substituted; ``special``
    is the fixed-shape hand read (-1: the groups of ``order``)."""
    tiles = [t for t in range(34) for _ in range(read.concealed[t] - hand.concealed[t])]
    assert rules.jokers is not None  # check_jokers passed
    declared = tuple(JokerPlacement(t, f"{_group_words(m.kind, m.first)} (declared)")
                     for m in hand.melds for t in m.joker_tiles)
    if order is not None:
        concealed = [g for g in order if not isinstance(g, Meld)]
        shapes = [(int(g.kind), tuple(int(t) for t in g.tiles)) for g in concealed]
    else:
        variants = [v for v in fixed_variants(rules.hand_tables, read.counts, read.melds, rules.claimed_concealed)
                    if v.hand == special]
        fitting = [v for v in variants if fits_groups(tiles, v.groups, rules.jokers)]
        shapes = [(kind, held) for kind, held, _ in (fitting or variants)[0].groups] if variants else []
    placed = place_jokers(tiles, shapes, rules.jokers)
    placements = tuple(JokerPlacement(Tile(t), _group_words(shapes[g][0], shapes[g][1][0], shapes[g][1]))
                       for t, g in placed)
    if order is not None:
        lifted = list(order)
        # by position: equal groups (two chows 234m) may be one shared object
        index = [i for i, g in enumerate(order) if not isinstance(g, Meld)]
        for t, g in placed:
            i = index[g]
            old = lifted[i]
            lifted[i] = Group(old.kind, old.first, old.concealed, old.jokers + 1, Tile(t))
        order = tuple(sorted(lifted, key=_GROUP_ORDER))
    return order, placements + declared


def clear_caches(*rule_sets: str | RuleSet) -> None:
    """Forget what single calls keep between calls (contexts by keywords, scored
    groups, notation words and melds, meld bytes, and the breakdowns and their lines of
    these rule sets), so the next :func:`score` runs cold; the results never depend on them."""
    forget_contexts()
    forget_groups()
    forget_words()
    forget_meld_bytes()
    if BACKEND == "cython":
        twin("score", "cython").forget_calls()
    for rules in rule_sets:
        caches = load_rules(rules).caches
        caches.group_lines.clear()
        caches.breakdowns.clear()


_SEATS = ("E", "S", "W", "N")
_SEAT_NAMES = ("East", "South", "West", "North")


def _seat_index(value: object) -> int | None:
    """A player's or the dealer's number 0-3 as settle reads it (None for anything else:
    settle_scores names what is wrong with it)."""
    try:
        index = None if isinstance(value, bool) else operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None
    return index if index is not None and 0 <= index < 4 else None


def _seat_of(player: int, east: int) -> Tile:
    """The seat wind of ``player`` when player ``east`` is the dealer (East)."""
    return Tile(Tile.EAST + (player - east) % 4)


def _check_winner(players: Sequence[Score | int | Hand | str], winner: int, east: int,
                  winner_context: dict[str, Any], discarder: object) -> None:
    """Refuse a winner's seat wind other than the one its place gives (player ``east`` is
    East, the next South, ...), given as ``seat_wind`` or in the winner's Score, a winner's
    Score of a hand that did not go out, a winner's Score scored self-drawn when a
    discarder is given, and one scored on a discard when none is (``discarder=None``)."""
    seat = _seat_of(winner, east)
    where = (f"player {winner}, the winner, sits {_SEAT_NAMES[seat - Tile.EAST]} when player {east} "
             f"is the dealer (East)")
    if "seat_wind" in winner_context:
        given = wind_of(winner_context["seat_wind"], "seat_wind")
        if given != seat:
            raise InvalidContextError(
                f"seat_wind={winner_context['seat_wind']!r} does not fit the seats: {where}; settle seats "
                f"every player from dealer, so leave seat_wind out (or give {_SEATS[seat - Tile.EAST]!r})")
    player = players[winner]
    if isinstance(player, Score):
        if not player.context.winner:
            raise NotWinningError(
                f"player {winner} is the winner, but the Score given for them is of a hand that did not go "
                f"out ({player.hand}): give the Score of the winning hand, or the hand itself to score here")
        if player.context.seat_wind != seat:
            raise InvalidContextError(
                f"the winner's Score was scored in the {_SEAT_NAMES[player.context.seat_wind - Tile.EAST]} "
                f"seat, but {where}: score the hand with seat_wind={_SEATS[seat - Tile.EAST]!r}, or give the "
                "hand itself to score here")
        if player.context.self_drawn and discarder is not None:
            raise InvalidContextError(
                f"the winner's Score was scored self-drawn, but player {discarder} discarded the winning tile "
                f"(discarder={discarder!r}): give discarder=None for a self-drawn win, or score the hand "
                "without self_drawn=True")
        if not player.context.self_drawn and discarder is None and "self_drawn" not in winner_context:
            # (a self_drawn given is checked against the Score's own, naming the keyword)
            raise InvalidContextError(
                "the winner's Score was scored on a discard (not self-drawn), but discarder=None settles a "
                "self-drawn win: give the player who discarded the winning tile as discarder, or score the "
                "hand with self_drawn=True")


def _check_self_drawn(winner_context: dict[str, Any], discarder: object) -> None:
    """Refuse a winner's ``self_drawn`` that the discarder contradicts: settle scores the
    winner self-drawn exactly when no discarder is given."""
    if winner_context.get("self_drawn") is None:
        return
    given = winner_context["self_drawn"]
    if not isinstance(given, bool):  # (as score says it)
        raise InvalidContextError(f"self_drawn must be True or False, not {given!r}")
    if given and discarder is not None:
        raise InvalidContextError(
            f"self_drawn=True, but player {discarder} discarded the winning tile (discarder={discarder!r}): a "
            "self-drawn win has no discarder, so give discarder=None (or leave self_drawn out: settle reads "
            "it from the discarder)")
    if not given and discarder is None:
        raise InvalidContextError(
            "self_drawn=False, but discarder=None settles a self-drawn win: give the player who discarded the "
            "winning tile as discarder (or leave self_drawn out: settle reads it from the discarder)")


_OWN_PARAMETERS = ("dealer", "winner", "prevailing_wind")
"""Context keywords that are settle's own parameters (so never among the winner's keywords)."""
_CHECKED_FOR_A_TOTAL = ("seat_wind", "self_drawn")
"""The winner's keywords settle checks against the deal itself (the seats, the discarder),
so they are checked for a winner given as a total too."""


def _shown(name: str, value: object) -> str:
    """A context value of a Score as a keyword would give it (``'S'``, ``'9s'``, ``[1, 2]``)."""
    if name in ("seat_wind", "prevailing_wind") and isinstance(value, Tile):
        return repr(_SEATS[value - Tile.EAST])
    if name == "win_tile" and value is not None:
        return repr(str(value))
    if isinstance(value, tuple):
        return repr(list(value))
    return repr(value)


def _check_winner_keywords(players: Sequence[Score | int | Hand | str], winner: int | None,
                           seat: Tile | None, winner_context: dict[str, Any], discarder: object,
                           prevailing_wind: str | None) -> None:
    """Refuse the winner's keywords (``winner_context``) settle would drop without a word: a name
    that is no context keyword; any of them when nobody won; for a winner given as a total, any
    but ``seat_wind`` and ``self_drawn`` (checked against the seats and the discarder), since a
    total is paid as it is; for a winner's Score, one that says otherwise than the Score's own
    context (``seat``: the winner's seat, None when the dealer is no seat, which settle_scores
    refuses). ``winner``: the winner's place (None: nobody won)."""
    unknown = sorted(set(winner_context) - set(CONTEXT_KEYWORDS))
    if unknown:
        known = ", ".join(k for k in CONTEXT_KEYWORDS if k not in _OWN_PARAMETERS)
        raise InvalidContextError(f"settle takes no keyword {', '.join(unknown)}: the winner's context "
                                  f"keywords are {known}")
    if not winner_context:
        return
    if winner is None:
        given = ", ".join(f"{name}={value!r}" for name, value in winner_context.items())
        raise InvalidContextError(
            f"nobody won (winner=None), so {given} describes no winning hand: leave the winner's keywords out "
            "of a drawn deal")
    player = players[winner]
    if isinstance(player, (Hand, str)):
        return  # scored here with them
    if not isinstance(player, Score):  # a total (settle_scores refuses what is no number)
        ignored = [name for name in winner_context if name not in _CHECKED_FOR_A_TOTAL]
        if ignored:
            raise InvalidContextError(
                f"the winner (player {winner}) is given as a total ({player!r}), which settle pays as it is: "
                f"{', '.join(f'{n}={winner_context[n]!r}' for n in ignored)} would be ignored for a total. "
                "Score the hand with them and give its Score (or the hand itself, to score here), or leave "
                "them out")
        return
    if seat is None:
        return
    # the context settle scores a winning hand with, which the Score must have been scored with
    asked = WinContext.from_keywords(**{"seat_wind": seat, **winner_context, "self_drawn": discarder is None,
                                        "prevailing_wind": player.context.prevailing_wind
                                        if prevailing_wind is None else prevailing_wind, "winner": True})
    for name in winner_context:
        had = getattr(player.context, name)
        if getattr(asked, name) != had:
            raise InvalidContextError(
                f"{name}={winner_context[name]!r}, but the winner's Score was scored with {name}="
                f"{_shown(name, had)}: settle pays the Score as it was scored, so score the hand with "
                f"{name}={winner_context[name]!r} (or give the hand itself, to score here), or leave "
                f"{name} out")


def _settling_rules(players: Sequence[Score | int | Hand | str], rules: str | RuleSet | None) -> RuleSet:
    """The rule set a deal is settled under: ``rules``, or (None) the one the Scores given were
    scored under (each Score's ``rules``, its rule set's name), babcock when no Score is given.

    :raises InvalidContextError: for Scores scored under different rule sets, ``rules`` other
        than the Scores' (by name), or, left out, the Scores' rule set when settle cannot load
        it by its name (a rule file's: give it as ``rules``).
    """
    scored: dict[str, int] = {}  # each rule set's name, to the first player whose Score says it
    for index, player in enumerate(players):
        if isinstance(player, Score):
            scored.setdefault(player.rules, index)
    if len(scored) > 1:
        (first, i), (other, j) = list(scored.items())[:2]
        raise InvalidContextError(
            f"player {i}'s Score was scored under {first} and player {j}'s under {other}: a deal is settled "
            "under one rule set, so score every hand under the same one (or give the hands themselves, to "
            "score here)")
    if rules is None:
        if not scored:
            return load_rules("babcock")
        name, index = next(iter(scored.items()))
        try:
            return load_rules(name)
        except RuleSetError:
            raise InvalidContextError(
                f"player {index}'s Score was scored under {name}, which settle cannot find by its name (a rule "
                f"file's rule set): give it as rules= (the RuleSet the hands were scored with, or its file's "
                "path), so the deal is paid under its payment scheme") from None
    ruleset = load_rules(rules)
    given = rules if isinstance(rules, str) else ruleset.name  # (as a user would write it)
    for name, index in scored.items():
        if name != ruleset.name:
            raise InvalidContextError(
                f"rules={given!r} settles under {ruleset.name}, but "
                f"player {index}'s Score was scored under {name}: a Score is paid under the rule set it was "
                f"scored under, so leave rules out (settle then takes the Scores' own), give rules={name!r}, "
                f"or score the hands under {ruleset.name}")
    return ruleset


def _deal_wind(players: Sequence[Score | int | Hand | str], prevailing_wind: str | None) -> str:
    """The prevailing wind hands scored here take: ``prevailing_wind``, or (None) the one every
    Score given was scored with, East when no Score is given (the Scores agree, or
    :func:`_check_prevailing_wind` has refused them)."""
    if prevailing_wind is not None:
        return prevailing_wind
    for player in players:
        if isinstance(player, Score):
            return _SEATS[player.context.prevailing_wind - Tile.EAST]
    return "E"


def _check_prevailing_wind(players: Sequence[Score | int | Hand | str], prevailing_wind: str | None) -> None:
    """Refuse a ``prevailing_wind`` given with a Score scored under another one (the prevailing
    wind is the whole deal's), one given when every player is a total (nothing is scored
    here, so it would be ignored), and, left out, Scores scored with different ones."""
    if prevailing_wind is None:
        scored = [(index, player.context.prevailing_wind) for index, player in enumerate(players)
                  if isinstance(player, Score)]
        for index, wind in scored[1:]:
            if wind != scored[0][1]:
                raise InvalidContextError(
                    f"player {scored[0][0]}'s Score was scored with prevailing_wind="
                    f"{_shown('prevailing_wind', scored[0][1])} and player {index}'s with prevailing_wind="
                    f"{_shown('prevailing_wind', wind)}: the prevailing wind is the whole deal's, so score "
                    "every hand with the same one (settle's prevailing_wind then checks it)")
        return
    wind = wind_of(prevailing_wind, "prevailing_wind")
    for index, player in enumerate(players):
        if isinstance(player, Score) and player.context.prevailing_wind != wind:
            raise InvalidContextError(
                f"prevailing_wind={prevailing_wind!r}, but player {index}'s Score was scored with prevailing_wind="
                f"{_shown('prevailing_wind', player.context.prevailing_wind)}: the prevailing wind is the whole "
                "deal's, so score every hand with the same one, or leave prevailing_wind out")
    if not any(isinstance(player, (Score, Hand, str)) for player in players):
        raise InvalidContextError(
            f"prevailing_wind={prevailing_wind!r} would be ignored: every player is given as a total, and a "
            "total is paid as it is (leave prevailing_wind out, or give the hands to score here)")


def _check_losers(players: Sequence[Score | int | Hand | str], winner: int | None, east: int | None) -> None:
    """Refuse a loser's Score (every player's when nobody won) of a hand that went out, or
    scored in another seat than the one its place gives (when ``east``, the dealer, is a seat)."""
    for index, player in enumerate(players):
        if index == winner or not isinstance(player, Score):
            continue
        if player.context.winner:
            who = "nobody won: winner=None" if winner is None else f"player {winner} is the winner"
            raise InvalidContextError(
                f"player {index} did not go out ({who}), but the Score given for them is of a hand that went "
                f"out ({player.hand}): give the Score of the hand they held when the deal ended (13 tiles, "
                "or winner=False), or that hand itself to score here")
        seat = None if east is None else _seat_of(index, east)
        if seat is not None and player.context.seat_wind != seat:
            raise InvalidContextError(
                f"player {index}'s Score was scored in the {_SEAT_NAMES[player.context.seat_wind - Tile.EAST]} "
                f"seat, but player {index} sits {_SEAT_NAMES[seat - Tile.EAST]} when player {east} is the dealer "
                f"(East): score the hand with seat_wind={_SEATS[seat - Tile.EAST]!r}, or give the hand itself "
                "to score here")


def settle(players: Sequence[Score | int | Hand | str], *, winner: int | None, dealer: int = 0,
           discarder: int | None = None, rules: str | RuleSet | None = None,
           prevailing_wind: str | None = None, **winner_context: Any) -> Settlement:
    """What each of the four players pays or receives for one deal, summing to zero.

    ``players`` are the four hands in seat order (player ``dealer`` is East, the
    next South, ...), given as hands to score here, or as scores already made
    (or their totals). The winner's hand is scored as won on a discard from
    ``discarder``, or self-drawn when ``discarder`` is None, so ``self_drawn``, if
    given, must say the same; ``winner_context`` adds the rest of its situation
    (``win_tile``, ``last_tile``, ...). Every hand scored here gets the seat wind of
    its place, so ``seat_wind``, if given, must be the winner's (player ``dealer +
    1`` is South, ...); so must the seat of each :class:`Score` given be its
    player's. The winner's Score must be of a hand that went out, self-drawn exactly
    when no discarder is given (a Score won on a discard settled with
    ``discarder=None`` would be paid as self-drawn), a loser's of a hand that did
    not. The rule set's payment scheme then settles the scores.

    The deal is settled under one rule set: ``rules``, or, left out (None), the one
    the Scores given were scored under (each Score's ``rules`` names it; babcock
    when no Score is given, and the hands scored here are scored under it too).
    Scores scored under different rule sets, and ``rules`` other than the Scores'
    (compared by name), are errors, since a Score would be paid under another
    rule set's payment scheme; a Score of a rule file's rule set, which settle
    cannot load by its name, needs that rule set given as ``rules``.

    Nothing given is dropped without a word. A Score is paid as it was scored, so
    each winner's keyword given with the winner's Score must say what the Score was
    scored with (``win_tile="9s"`` for a Score won on 9s). ``prevailing_wind`` is
    the whole deal's: one given must be each Score's; left out, every Score must
    have been scored with the same one, which the hands scored here then take
    (East when no Score is given). A total is paid as it is: with the winner's total only
    ``seat_wind`` and ``self_drawn`` may be given, checked against the seats and the
    discarder as ever; any other keyword would be ignored, and is an error, as is
    ``prevailing_wind`` when every player is a total, and any winner's keyword when
    nobody won.

    >>> settle([0, 36, 0, 0], winner=1, dealer=0, discarder=None, rules="babcock").net
    (-72, 144, -36, -36)

    :raises InvalidHandError: for a wrong number of players or bad roles.
    :raises InvalidContextError: for a ``seat_wind``, or a Score's seat wind, other
        than its player's seat; a ``self_drawn`` the discarder contradicts (True with a
        discarder, False without one), or a winner's Score scored self-drawn with a
        discarder, or on a discard without one; Scores scored under different rule
        sets, or under another than ``rules``, or, with ``rules`` left out, under a
        rule set settle cannot load by name; Scores scored with different prevailing
        winds; a loser's Score of a hand that went out; a winner's keyword that is
        no context keyword, that a winner's Score was scored otherwise with, that a
        winner's total would ignore (any but ``seat_wind`` and ``self_drawn``), or
        given when nobody won; a ``prevailing_wind`` other than a Score's, or given
        with four totals; and a winner's situation that cannot happen (as
        :func:`score` raises).
    :raises NotWinningError: for a winner's Score of a hand that did not go out (and, as
        :func:`score` raises, for a winner's hand that does not win).
    """
    if len(players) != 4:
        raise InvalidHandError(f"settle needs the four players' hands or scores, got {len(players)}")
    ruleset = _settling_rules(players, rules)
    try:  # (a dealer that is no seat number is refused by settle_scores, below)
        east = None if isinstance(dealer, bool) else operator.index(dealer)
    except TypeError:
        east = None
    winning = _seat_index(winner)
    seated = _seat_index(east)
    if winning is not None:
        _check_self_drawn(winner_context, discarder)
        if seated is not None:
            _check_winner(players, winning, seated, winner_context, discarder)
    _check_prevailing_wind(players, prevailing_wind)
    if winning is not None or winner is None:  # (else settle_scores refuses the winner)
        _check_winner_keywords(players, winning, None if winning is None or seated is None
                               else _seat_of(winning, seated), winner_context, discarder, prevailing_wind)
        _check_losers(players, winning, seated)
    totals = []
    for index, player in enumerate(players):
        if isinstance(player, Score):
            totals.append(player.total)
        elif isinstance(player, (Hand, str)):
            seat = _SEATS[(index - east) % 4] if east is not None else "E"
            keywords: dict[str, Any] = {"seat_wind": seat, "prevailing_wind": _deal_wind(players, prevailing_wind)}
            if index == winner:
                keywords.update(winner_context, self_drawn=discarder is None, winner=True)
            else:
                keywords["winner"] = False
            totals.append(score(player, ruleset, **keywords).total)
        else:
            totals.append(player)
    return settle_scores(totals, winner=winner, dealer=dealer, discarder=discarder,
                         rules=ruleset.payments)
