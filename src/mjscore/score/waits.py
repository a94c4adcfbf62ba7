"""Waits under a rule set: the tiles on which a 13-tile hand goes out, asked of the scorer.

:func:`waits` is :func:`mjscore.waits`: without ``rules=`` it is the shape-based answer of
:func:`mjscore.decompose.decompose.waits`; with ``rules=`` it adds each tile with a copy
left to the hand and scores the 14-tile hands in one :func:`~mjscore.score.bulk_scoring.score_many`
call, keeping the tiles whose hand goes out. So the rule set's special hands, its chow
limit, ``special-required``, ``no-mixed-suits``, its shapes and its jokers all count, as
they do when the hand is scored.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

import numpy as np

from ..core.context import CLAIMED_SHIFT, WinContext, check_against_hand
from ..core.errors import HandStatus, InvalidContextError, InvalidHandError, NotWinningError, RuleSetError, status_error
from ..core.hand import Hand
from ..core.jokers import joker_use as as_joker_use
from ..core.jokers import name_of, old_joker_use
from ..core.notation import parse_hand
from ..core.tile import Tile
from ..core.group import Group, Meld
from ..decompose.decompose import Eligibility, Placement, Shape
from ..decompose.decompose import waits as shape_waits
from ..rows.codec import claimed_bits, hand_of_row, meld_bytes
from ..rules import RuleSet, load_rules
from .bulk_scoring import score_many
from .jokers.readings import Substitution, substitutions
from .readings import readings
from .scoring import check_jokers, score

__all__ = ["waits", "rule_waits"]


def waits(hand: Hand | str, joker_use: Eligibility = None, *, jokers: Any = None,
          rules: str | RuleSet | None = None, **context: Any) -> dict[Tile, tuple[Placement, ...]]:
    """Every tile on which a 13-tile hand goes out, with each way it can be placed.

    Without ``rules`` this is the shape-based answer: the tiles that complete a standard
    hand, seven distinct pairs or thirteen orphans (see
    :func:`mjscore.decompose.decompose.waits`, whose ``joker_use=`` and ``jokers=`` it
    takes). With ``rules`` (a rule set's name, a path or a :class:`~mjscore.rules.RuleSet`)
    it is :func:`rule_waits`: the tiles on which the hand goes out under that rule set,
    in the situation the ``context`` keywords describe.

    >>> snake = "123456789m 1123z"  # Wriggly Snake (001) but for the North wind
    >>> [str(t) for t in waits(snake)], [str(t) for t in waits(snake, rules="western")]
    ([], ['4z'])

    :param joker_use: without ``rules``, where jokers may stand; with it, the rule set
        says so (this may only repeat it).
    :param rules: None for the shape-based answer, else the rule set to go out under.
    :param context: with ``rules``, :func:`mjscore.score`'s context keywords but
        ``win_tile`` and ``winner`` (see :func:`rule_waits`).
    :raises InvalidContextError: for context keywords without ``rules=``; the other
        errors are those of the call it makes.
    """
    joker_use, jokers = old_joker_use(joker_use, jokers)
    if rules is None:
        if context:
            raise InvalidContextError(
                f"waits takes context keywords ({', '.join(sorted(context))}) only with rules=: "
                "without a rule set the waits are the tiles that complete the hand's shape")
        return shape_waits(hand, joker_use, jokers=jokers)
    if jokers is not None:
        raise InvalidHandError(f"jokers={jokers!r} is a count of jokers, given only with 34 tile counts; "
                               "a hand carries its own (J in its notation)")
    return rule_waits(hand, rules, joker_use=joker_use, **context)


def rule_waits(hand: Hand | str, rules: str | RuleSet, *, joker_use: Eligibility = None,
               **context: Any) -> dict[Tile, tuple[Placement, ...]]:
    """Every tile on which a 13-tile hand goes out under ``rules``, in tile order.

    A tile counts when the hand with it added, won on it, scores under the rule set
    (:func:`mjscore.score` would not raise :class:`~mjscore.NotWinningError`): its
    special hands count (a hand one tile from Wriggly Snake waits on that tile), and
    the shapes it refuses do not (a reading with more chows than ``max-chows``, a plain
    hand of sets under ``special-required``, seven pairs where the rule set does not
    take them).

    The situation: ``context`` takes :func:`mjscore.score`'s keywords but ``win_tile``
    (each tile is tried as the winning tile) and ``winner`` (a wait is a tile the hand
    goes out on). Without ``self_drawn`` a tile counts when the hand goes out on it
    either self-drawn or on a discard (a situation that is self-drawn by definition,
    such as ``replacement="kong"``, is tried self-drawn only); ``self_drawn=True`` or
    ``False`` asks for that one. A tile the situation rules out counts for nothing: with
    ``robbing_kong=True``, a tile the hand holds (the robbed tile is the only one of its
    kind). A situation the hand itself rules out (a kong's loose tile without a kong)
    raises.

    The value of each tile: the ways it completes the hand that go out under the rule
    set, as :class:`~mjscore.decompose.decompose.Placement` objects of the shape-based
    answer kept when the scorer's reading generator accepts their reading in one of the
    situations (a decomposition with more chows than ``max-chows`` is left out, and so
    is every plain reading under ``special-required``); seven pairs is kept where the
    rule set reads the hand as pairs, thirteen orphans where the tile makes one of its
    fixed-shape special hands. A tile that goes out only as a fixed-shape special hand
    (a knitted hand, Wriggly Snake), which no placement describes, has an empty tuple.
    Which reading scores best, and which special hand, is :func:`mjscore.score`'s
    answer (``mjscore waits`` shows it).

    Jokers: the rule set says where they stand (its ``joker-use``); ``joker_use=`` may be
    given only when it says the same. A hand holding jokers under a rule set that uses
    none raises. The waits are natural tiles: a drawn joker is never one, since the
    winning tile is a natural tile in mjscore's reading of jokers (``docs/rule-files.md``,
    "Jokers"); a hand holding a joker waits on the tiles its jokers let it go out on.

    >>> hand = "111222333m 5p 777s"  # three pungs or three chows of 1-3m, waiting for the pair
    >>> [" ".join(map(str, p.decomposition)) for p in rule_waits(hand, "babcock")[Tile.P5]]
    ['123m 123m 123m 777s 55p', '111m 222m 333m 777s 55p']
    >>> mix = "1122334455667m"  # 1m and 4m make only hands of sets; 7m also Clean Pairs (001)
    >>> required = load_rules("western", preset="required")  # "special hands required"
    >>> [str(t) for t in rule_waits(mix, "western")], [str(t) for t in rule_waits(mix, required)]
    (['1m', '4m', '7m'], ['7m'])
    >>> [p.shape.name for p in rule_waits(mix, required)[Tile.M7]]  # its sets do not go out
    ['SEVEN_PAIRS']

    :raises NotationError: text that cannot be read as a hand.
    :raises InvalidHandError: a hand that does not have 13 tiles, or holds jokers the rule
        set does not use or lets stand where it may not.
    :raises InvalidContextError: a context keyword that is unknown, ``win_tile`` or
        ``winner``, or a situation that cannot happen with this hand.
    :raises RuleSetError: an unknown rule set, or ``joker_use=`` other than the rule set's.
    """
    parsed = hand if isinstance(hand, Hand) else parse_hand(hand)
    ruleset = load_rules(rules)
    if parsed.size != 13:
        raise InvalidHandError(f"waits needs a 13-tile hand (a kong counting as 3); {parsed} has {parsed.size}")
    if joker_use is not None and as_joker_use(joker_use) != ruleset.joker_use:
        said = "uses no jokers" if ruleset.joker_use is None else f"lets them stand as {name_of(ruleset.joker_use)}"
        raise RuleSetError(
            f"joker_use={joker_use!r}, but {ruleset.name} {said}: with rules= the rule set says where jokers "
            f"stand (load_rules({ruleset.name!r}, joker_use=...) changes it)")
    if parsed.total_jokers:
        try:
            check_jokers(parsed, ruleset)
        except NotWinningError as error:
            raise InvalidHandError(f"no waits: {error}") from None
    for name in ("win_tile", "winner"):
        if name in context:
            raise InvalidContextError(
                f"waits takes no {name}=: each tile is tried as the winning tile of a hand that goes out")
    situations = _situations(context)
    for situation in situations:
        check_against_hand(situation, parsed)
    held = parsed.counts
    tiles = [t for t in range(34) if held[t] < 4]
    won = _winning_tiles(parsed, ruleset, tiles, situations, context)
    shapes = shape_waits(parsed, ruleset.joker_use if parsed.total_jokers else None)
    return {Tile(t): _kept(shapes.get(Tile(t), ()), _readings(parsed, t, ruleset, situations)) for t in won}


def _situations(context: dict[str, Any]) -> list[WinContext]:
    """The contexts to try: the one the keywords give, or without ``self_drawn`` both
    the self-drawn one and the one on a discard, where each can happen."""
    if "self_drawn" in context:
        return [WinContext.from_keywords(**context)]
    found = []
    for drawn in (True, False):
        try:
            found.append(WinContext.from_keywords(**context, self_drawn=drawn))
        except InvalidContextError:
            continue
    if not found:
        WinContext.from_keywords(**context)  # raises, saying why the situation cannot happen
        raise AssertionError("a context that can happen is self-drawn or on a discard")  # pragma: no cover
    return found


def _winning_tiles(hand: Hand, rules: RuleSet, tiles: list[int], situations: list[WinContext],
                   context: dict[str, Any]) -> list[int]:
    """The tiles of ``tiles`` on which ``hand`` goes out in one of ``situations``."""
    if hand.meld_jokers:  # a row's meld bytes cannot carry a joker: score() reads the hand
        return [t for t in tiles if any(_goes_out(hand, t, rules, s, context) for s in situations)]
    n = len(tiles) * len(situations)
    counts = np.tile(np.array(hand.concealed, dtype=np.uint8), (n, 1))
    win = np.array(tiles * len(situations), dtype=np.uint8)
    counts[np.arange(n), win] += 1
    drawn = np.repeat([s.self_drawn for s in situations], len(tiles))
    first = situations[0]
    melds = np.frombuffer(meld_bytes(hand.melds), dtype=np.uint8)
    flags = {name: getattr(first, name) for name in (
        "last_tile", "last_discard", "robbing_kong", "kong_on_kong", "heaven", "earth", "declared_calling")}
    _, _, status = score_many(
        counts, rules, melds=np.tile(melds, (n, 1)), win_tile=win, self_drawn=drawn,
        seat_wind=int(first.seat_wind), prevailing_wind=int(first.prevailing_wind), dealer=first.dealer,
        replacement=first.replacement, jokers=hand.jokers or None, return_status=True,
        claimed=claimed_bits(hand.melds) >> CLAIMED_SHIFT if hand.melds else None, **flags)
    for code in set(status.tolist()) - {HandStatus.OK, HandStatus.NOT_WINNING, HandStatus.BAD_CONTEXT}:
        raise status_error(code)  # the hand and its situation were checked: none is expected
    out = (status == HandStatus.OK).reshape(len(situations), len(tiles)).any(axis=0)
    return [t for t, goes in zip(tiles, out.tolist()) if goes]


def _goes_out(hand: Hand, tile: int, rules: RuleSet, situation: WinContext, context: dict[str, Any]) -> bool:
    counts = list(hand.concealed)
    counts[tile] += 1
    won = Hand(tuple(counts), hand.melds, bonus=hand.bonus, jokers=hand.jokers)
    try:
        score(won, rules, **{**context, "self_drawn": situation.self_drawn, "win_tile": Tile(tile)})
    except (NotWinningError, InvalidContextError):  # a tile the situation rules out (robbing a kong)
        return False
    return True


_Key = tuple[object, ...]


def _groups_key(groups: Iterable[Group]) -> tuple[tuple[int, int, bool], ...]:
    """A decomposition by its groups' kinds and tiles (jokers aside), declared melds marked."""
    return tuple(sorted((int(g.kind), int(g.first), isinstance(g, Meld)) for g in groups))


def _readings(hand: Hand, tile: int, rules: RuleSet, situations: list[WinContext]) -> set[_Key]:
    """The readings of ``hand`` won on ``tile`` that go out under ``rules`` in one of
    ``situations``, as the scorer's reading generator gives them (the specification the
    compiled scorer follows): a standard reading by its winning group and its groups,
    seven pairs and a fixed-shape special hand by their shape alone."""
    counts = list(hand.concealed)
    counts[tile] += 1
    codes = list(meld_bytes(hand.melds))[:len(hand.melds)]
    read: list[tuple[Hand, Substitution | None]]
    if not hand.jokers:
        read = [(Hand(tuple(counts), hand.melds), None)]
    else:  # every natural hand the jokers can stand for, as the scorer tries them
        assert rules.jokers is not None  # check_jokers passed
        natural = hand_of_row(counts, codes)
        caps = [4 - held + own for held, own in zip(natural.counts, counts)]
        claimed = claimed_bits(hand.melds)
        read = [(hand_of_row(sub.counts, codes, claimed), sub) for sub in substitutions(
            counts, hand.jokers, rules.jokers, caps, rules.hand_tables.fixed, natural.counts, not codes)]
    found: set[_Key] = set()
    for situation in situations:
        context = dataclasses.replace(situation, win_tile=Tile(tile))
        for whole, substitution in read:
            for reading in readings(whole, context, rules, substitution):
                if reading.shape == "standard" and reading.win_group is not None:
                    group = reading.win_group
                    found.add((int(group.kind), int(group.first), _groups_key(g.group for g in reading.groups)))
                else:
                    found.add((reading.shape,))
    return found


def _kept(placements: tuple[Placement, ...], accepted: set[_Key]) -> tuple[Placement, ...]:
    """The placements whose reading goes out (see :func:`_readings`)."""
    kept = []
    for placement in placements:
        if placement.shape == Shape.STANDARD:
            assert placement.group is not None and placement.decomposition is not None
            key: _Key = (int(placement.group.kind), int(placement.group.first),
                         _groups_key(placement.decomposition))
        else:
            key = ("seven-pairs",) if placement.shape == Shape.SEVEN_PAIRS else ("special",)
        if key in accepted:
            kept.append(placement)
    return tuple(kept)
