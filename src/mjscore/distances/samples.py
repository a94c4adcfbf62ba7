"""Fixed-seed random special hands of a rule set, as scoring rows (counts and melds).

:func:`random_special_hands` draws rows that hold a special hand of the rule set
whole: a hand chosen uniformly among those with tiles (hands made by the
situation alone are left out), one of its forms and bindings uniformly, then a
random group for each group it still needs, each drawn uniformly among the groups
that still fit beside those drawn before it: at most four of a tile, and groups on
different tiles where the hand's groups must differ (the pairs of seven pairs, several
singles of a class). A draw the hand's other limits refuse (its chows, a tile it
requires) is drawn again. Kongs are declared as concealed kongs (a row's concealed
tiles stay 14, a kong counting three). Use it to mix special
hands into benchmark and sample workloads (:func:`mjscore.rows.sample.random_complete_hands`
draws hands of sets).

>>> import mjscore
>>> counts, melds, hands = random_special_hands("chinese-classical", 3, seed=1)
>>> counts.shape, melds.shape, (counts.sum(axis=1, dtype=int) + 3 * (melds != 0xFF).sum(axis=1)).tolist()
((3, 34), (3, 4), [14, 14, 14])
>>> all(mjscore.distances_many(counts, "chinese-classical", melds=melds)[0].min(axis=1) == 0)
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..core.group_codes import CHOW, CONCEALED_KONG, KONG, PAIR, group_code
from ..rows.codec import MELDS_PER_ROW, NO_MELD
from ..rules import RuleSet, load_rules
from .targets import N_GROUP_KINDS, Target, distance_targets

__all__ = ["random_special_hands"]

_TRIES = 200


def _atoms(target: Target) -> list[list[tuple[int, int]]]:
    """Per need, the groups (kind, first tile) a draw picks from: a kong only where the
    need allows nothing else, so pungs keep the rows at 14 tiles."""
    out = []
    for need in target.needs:
        atoms = [(kind, t) for kind in range(N_GROUP_KINDS) for t in range(34) if need.masks[kind] >> t & 1]
        out.append([a for a in atoms if a[0] != KONG] or atoms)
    return out


_PUTS = (0, 3, 4, 2, 1)  # tiles a group of each kind puts on its first tile (a chow: one on each of three)


def _fits(kind: int, t: int, counts: list[int], meld_tiles: list[int], distinct_pairs: bool) -> bool:
    """Whether a group (kind, first tile) fits beside the groups drawn: at most four of a
    tile, concealed and declared, and no four alike in a hand of distinct pairs."""
    if kind == CHOW:
        return all(counts[x] + meld_tiles[x] < 4 for x in (t, t + 1, t + 2))
    after = counts[t] + meld_tiles[t] + _PUTS[kind]
    return after <= 4 and not (distinct_pairs and kind == PAIR and after == 4)


def _draw(target: Target, atoms: list[list[tuple[int, int]]], rng: np.random.Generator
          ) -> tuple[list[int], list[int]] | None:
    """One random way of making a target: concealed counts and concealed-kong meld bytes;
    None for a draw its chow limit, required tiles or four melds refuse.

    Each group is drawn among those that fit beside the groups before it (:func:`_fits`;
    a need of distinct groups leaves out the tiles it has used). Drawing every group
    freely and refusing the draw afterwards gave up on hands with little room: "7 pair m"
    with ``tiles = "simple-m"`` must take each of its seven tiles once, which seven free
    draws do one time in 163, so 200 tries failed for about one row in three."""
    if target.enumerated:
        variant = target.enumerated[int(rng.integers(len(target.enumerated)))]
        kongs = [tiles[0] for kind, tiles, _ in variant.groups if kind == KONG]
        counts = list(variant.counts)
        for t in kongs:
            counts[t] -= 4
        return counts, [group_code(CONCEALED_KONG, t) for t in kongs]
    counts = list(target.fixed)
    meld_tiles = [0] * 34
    melds: list[int] = []
    chows = 0
    for need, plain in zip(target.needs, atoms):
        used: set[int] = set()
        for _ in range(need.count):
            # (where every group fits, this is the list drawn from before, and the same draw)
            fitting = [(kind, t) for kind, t in plain if (not need.distinct or t not in used)
                       and _fits(kind, t, counts, meld_tiles, target.distinct_pairs)]
            if not fitting:
                return None
            kind, t = fitting[int(rng.integers(len(fitting)))]
            used.add(t)
            chows += kind == CHOW
            if kind == CHOW:
                for x in (t, t + 1, t + 2):
                    counts[x] += 1
            elif kind == KONG:
                melds.append(group_code(CONCEALED_KONG, t))
                meld_tiles[t] += 4
            else:
                counts[t] += _PUTS[kind]
    if chows > target.max_chows or len(melds) > 4:
        return None
    if any(not counts[t] + meld_tiles[t] for t in range(34) if target.required >> t & 1):
        return None
    return counts, melds


def random_special_hands(rules: str | RuleSet, n: int, seed: int = 0
                         ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.int16]]:
    """``n`` rows each holding a special hand of the rule set (see the module docstring).

    :returns: ``(n, 34)`` concealed counts, ``(n, 4)`` meld bytes (concealed kongs, 0xFF
        after them) and the index in ``rules.hands`` of the hand each row was drawn for.
    :raises ValueError: for a negative ``n``, or a rule set with no special hand of tiles.
    """
    if n < 0:
        raise ValueError(f"n must be at least 0, got {n}")
    ruleset = load_rules(rules)
    reachable, targets = distance_targets(ruleset.hands)
    if not reachable:
        raise ValueError(f"{ruleset.name} has no special hand made of tiles to draw")
    by_hand = {hand: [(t, _atoms(t)) for t in targets if t.hand == hand] for hand in reachable}
    rng = np.random.default_rng(seed)
    counts = np.zeros((n, 34), dtype=np.uint8)
    melds = np.full((n, MELDS_PER_ROW), NO_MELD, dtype=np.uint8)
    drawn = np.empty(n, dtype=np.int16)
    for row in range(n):
        hand = reachable[int(rng.integers(len(reachable)))]
        options = by_hand[hand]
        for _ in range(_TRIES):  # the same hand again: every hand as likely as any other
            way = _draw(*options[int(rng.integers(len(options)))], rng)
            if way is not None:
                break
        else:
            raise ValueError(f"could not draw a way of making {ruleset.hands[hand].id} ({ruleset.name}) "
                             f"in {_TRIES} tries")
        counts[row] = way[0]
        melds[row, :len(way[1])] = way[1]
        drawn[row] = hand
    return counts, melds, drawn
