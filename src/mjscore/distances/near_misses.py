"""The special hands a hand comes closest to, with the tiles it lacks and why, in words.

:func:`near_misses` ranks the special hands of a rule set by their distance from a
hand (:mod:`mjscore.distances`) and says, for the nearest few, what stands between:

* ``"one tile short of Nine Gates: needs 5m"`` (a nearest way's missing tiles), or
  ``"one tile short of Nine Gates: needs any of 1m–9m"`` when any of several tiles
  completes a 13-tile hand;
* ``"would be Nine Gates if concealed"`` (only the exposed melds rule it out; such a
  near miss has no ``tiles_away``: it is None);
* ``"has the tiles of Buried Treasure; needs self-drawn"`` (only the situation);
* ``"made: the hand is Big Four Winds"`` (when a complete hand scores it in the
  context given).

A hand's jokers count as in :mod:`mjscore.distances`: the tiles missing are those
still to draw once the jokers stand where they may, so they exclude what jokers fill.

>>> import mjscore
>>> best = mjscore.near_misses("1112345678999m", "chinese-classical", k=1)[0]
>>> best.id, best.tiles_away, best.reason
('nine-gates', 1, 'one tile short of Nine Gates: needs any of 1m–9m')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ._jokers_reference import JOKER_SHIFT
from ._reference import UNREACHABLE, best_way
from .distances import check_row, claimed_row, distances_many, hand_row
from ..core.context import check_against_hand
from ..core.errors import InvalidHandError, NotWinningError
from ..core.hand import Hand
from ..core.notation import parse_hand
from ..rules import RuleSet, load_rules
from .targets import distance_targets
from ..rules.hands import SpecialHand
from ..score.scoring import score, sized_context
from ..core.tile import N_KINDS, Tile

__all__ = ["NearMiss", "near_misses"]

_ONE = ("one", "two", "three", "four", "five", "six")
_TILES = tuple(Tile)
_TEXT = tuple(str(t) for t in Tile)  # (building tiles and their text through the enum is slow)


@dataclass(frozen=True, slots=True)
class NearMiss:
    """One special hand and how far a hand is from it."""

    id: str
    name: str
    tiles_away: int | None
    """Tiles the hand lacks; None when its declared melds rule the special hand out (the
    hand cannot reach it whatever it draws: :attr:`reason` says how far it would be)."""
    missing: tuple[Tile, ...]
    """The tiles a nearest way lacks, once the jokers stand where they may (with the melds
    laid open when they rule the hand out)."""
    reason: str
    """What stands between, in words a player reads."""

    def __str__(self) -> str:
        return f"{self.name} ({self.id}): {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        """The near miss as plain data (tiles as text, ``tiles_away`` None when unreachable)."""
        return {"id": self.id, "name": self.name, "tiles_away": self.tiles_away,
                "missing": [str(t) for t in self.missing], "reason": self.reason}


def _needs(hand: SpecialHand) -> str:
    """The situation a special hand needs, in words ("" when none)."""
    words = [fact.replace("-", " ") for fact in sorted(hand.when)]
    words += [f"not {fact.replace('-', ' ')}" for fact in sorted(hand.unless)]
    if hand.win_tile is not None:
        words.append(f"winning on {hand.win_tile}")
    return ", ".join(words)


def _tiles_text(tiles: Sequence[Tile]) -> str:
    return " ".join(_TEXT[t] for t in tiles)


def _missing(rules: RuleSet, hand_index: int, held: Sequence[int], melds: Sequence[int],
             jokers: int, away: int, claimed: int = 0) -> tuple[Tile, ...]:
    """The tiles a nearest way of the hand lacks with its jokers placed (one such way, in
    tile order); ``away`` is its distance, so the first target at it is a nearest one
    (``claimed``: bit ``k`` marks the ``k``-th meld a claimed kong)."""
    by_hand = rules.caches.targets_by_hand
    if by_hand is None:
        by_hand = {}
        for target in distance_targets(rules.hands, rules.claimed_concealed)[1]:
            by_hand.setdefault(target.hand, []).append(target)
        rules.caches.targets_by_hand = by_hand
    targets = by_hand[hand_index]
    best: tuple[int, tuple[int, ...]] = (UNREACHABLE, ())
    for target in targets:
        found = best_way(target, held, melds, jokers, rules.jokers, away, claimed)
        if found[0] < best[0]:
            best = found
        if best[0] <= away:
            break
    natural = (1 << JOKER_SHIFT) - 1
    return tuple(_TILES[t] for t, entry in enumerate(best[1]) if entry & natural > held[t]
                 for _ in range((entry & natural) - held[t]))


def _completing(parsed: Hand, ruleset: RuleSet, counts: Any, melds: Any, jokers: Any,
                claimed: Any = None) -> dict[str, list[Tile]]:
    """By special-hand id, the tiles that complete a 13-tile hand one tile short of it
    (each drawn tile tried: one batch of 34 rows)."""
    rows = np.repeat(counts, N_KINDS, axis=0).astype(np.int64)
    rows[np.arange(N_KINDS), np.arange(N_KINDS)] += 1
    table, ids, status = distances_many(np.minimum(rows, 5), ruleset, melds=np.repeat(melds, N_KINDS, axis=0),
                                        jokers=np.repeat(jokers, N_KINDS), return_status=True,
                                        claimed=None if claimed is None else np.repeat(claimed, N_KINDS))
    return {hand_id: [_TILES[t] for t in range(N_KINDS) if status[t] == 0 and table[t, c] == 0]
            for c, hand_id in enumerate(ids)}


def _any_of(tiles: Sequence[Tile]) -> str:
    """Tiles as a player says them: runs of three or more in one suit as ``1m–9m``."""
    parts: list[str] = []
    run: list[Tile] = []
    for tile in [*tiles, None]:
        if tile is not None and run and tile == run[-1] + 1 and tile < Tile.EAST and tile // 9 == run[0] // 9:
            run.append(tile)
            continue
        if len(run) >= 3:
            parts.append(f"{_TEXT[run[0]]}–{_TEXT[run[-1]]}")
        else:
            parts.extend(_TEXT[t] for t in run)
        run = [] if tile is None else [tile]
    return ", ".join(parts)


def _reason(special: SpecialHand, away: int, missing: Sequence[Tile], made: bool, complete: bool,
            laid_open: bool, completing: Sequence[Tile] = ()) -> str:
    name = special.name
    if away == 0 and laid_open:
        return f"would be {name} if concealed"
    count = _ONE[away - 1] if 0 < away <= len(_ONE) else str(away)
    plural = "tile" if away == 1 else "tiles"
    if laid_open:
        return (f"{count} {plural} short of {name} if it were concealed (needs {_tiles_text(missing)}; "
                "its exposed melds rule it out)")
    if away == 0:
        if made:
            return f"made: the hand is {name}"
        needs = _needs(special)
        return (f"has the tiles of {name}, but does not make it here" + (f" (needs {needs})" if needs else "")
                if complete else f"has the tiles of {name}" + (f"; needs {needs}" if needs else ""))
    if len(completing) > 1:
        return f"{count} {plural} short of {name}: needs any of {_any_of(completing)}"
    return f"{count} {plural} short of {name}: needs {_tiles_text(missing)}"


def near_misses(hand: Hand | str, rules: str | RuleSet = "babcock", k: int = 3, **context: Any) -> list[NearMiss]:
    """The ``k`` special hands of the rule set nearest to ``hand``, nearest first (file
    order breaks ties), each with its distance, the tiles it lacks and a reason.

    For a 13-tile hand one tile short, the reason names every tile that completes it
    (``"needs any of 1m–9m"``); ``missing`` holds one nearest way's tiles.

    A hand whose exposed melds rule a special hand out is ranked by its distance with
    the melds laid open, just after the hands at that distance it can still make.
    ``context`` (the keywords of :func:`mjscore.score`) tells whether a complete hand
    makes a special hand it holds the tiles of; without it the hand is scored as
    discarded on, with the default winds.

    :raises InvalidHandError: for ``k`` below 1, or a hand not of 13 or 14 tiles.
    :raises NotWinningError: for a hand holding jokers under a rule set without them.
    """
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise InvalidHandError(f"k={k!r}: ask for at least one near miss")
    parsed = parse_hand(hand) if isinstance(hand, str) else hand
    ruleset = load_rules(rules)
    if isinstance(parsed, Hand):  # a context score() would refuse is refused here, scored or not
        ctx = sized_context(parsed, dict(context))
        if ctx.winner:
            check_against_hand(ctx, parsed)
    counts, melds, jokers = hand_row(parsed)
    claimed = claimed_row(parsed)
    away, ids, status = distances_many(counts, ruleset, melds=melds, jokers=jokers, claimed=claimed,
                                       return_status=True)
    check_row(parsed, ruleset, int(status[0]), "near misses")
    open_counts = [list(parsed.counts)]
    open_away = distances_many(open_counts, ruleset, jokers=jokers)[0][0] if parsed.melds else away[0]
    made: set[str] = set()
    scored = False
    if parsed.size == 14 and (away[0] == 0).any():
        try:
            result = score(parsed, ruleset, **context)
        except NotWinningError:  # not complete, or not in this context: it makes no hand
            pass
        else:
            scored = result.context.winner
            made = {line.id for line in result.lines} | set(result.others)
    index = {h.id: i for i, h in enumerate(ruleset.hands)}
    ranked = sorted(range(len(ids)), key=lambda c: (int(away[0][c]) if away[0][c] != UNREACHABLE
                                                    else int(open_away[c]) + 0.5, c))
    out = []
    completing: dict[str, list[Tile]] = {}
    if parsed.size == 13 and any(away[0][c] == 1 for c in ranked[:k]):
        completing = _completing(parsed, ruleset, counts, melds, jokers, claimed)
    held = list(parsed.concealed)
    codes = [int(c) for c in melds[0] if c != 0xFF]
    for column in ranked[:k]:
        special = ruleset.hands[index[ids[column]]]
        laid_open = away[0][column] == UNREACHABLE
        distance = int(open_away[column] if laid_open else away[0][column])
        if distance == UNREACHABLE:
            break
        way_held, way_melds = (open_counts[0], []) if laid_open else (held, codes)
        missing = _missing(ruleset, index[special.id], way_held, way_melds, parsed.jokers, distance,
                           0 if laid_open or claimed is None else int(claimed[0]))
        out.append(NearMiss(special.id, special.name, None if laid_open else distance, missing,
                            _reason(special, distance, missing, special.id in made, scored, laid_open,
                                    completing.get(special.id, ()) if distance == 1 and not laid_open else ())))
    return out
