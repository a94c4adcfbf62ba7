"""Which ``calling`` hands a player who did not go out holds: the reference.

A calling hand holds when some tile, added to the player's hand as if drawn from the
wall, makes it a winning hand worth points under the rule set that decides it
(:func:`mjscore.rules.calling.calling_rules`: each target worth one point, nothing
else), and its own ``when``/``unless`` facts hold for the player's hand. The compiled
scorer decides the same in C (``score/_rows.pyx``).
"""

from __future__ import annotations

from ..core.context import WinContext
from ..core.hand import Hand
from ..core.tile import Tile
from ..rules.calling import calling_rules
from ..rules.model import RuleSet
from .fold import score_reading
from .readings import readings

__all__ = ["calling_hands"]


def calling_hands(hand: Hand, context: WinContext, rules: RuleSet, facts: int) -> tuple[int, ...]:
    """The calling hands (indices into ``rules.hands``, in file order) of ``hand``, a hand
    that did not go out in ``context``, whose losing reading holds ``facts``. Its natural
    tiles are read (a joker held completes nothing here)."""
    if hand.size != 13:
        return ()
    tables = rules.hand_tables
    made = []
    for index in rules.calling:
        when, unless = int(tables.when[index]), int(tables.unless[index])
        if facts & when != when or facts & unless:
            continue
        if any(_completes(hand, Tile(t), context, calling_rules(rules, index))
               for t in range(34) if hand.counts[t] < 4):
            made.append(index)
    return tuple(made)


def _completes(hand: Hand, tile: Tile, context: WinContext, derived: RuleSet) -> bool:
    """Whether ``tile``, drawn from the wall, makes ``hand`` a winning hand worth points
    under ``derived``."""
    counts = list(hand.concealed)
    counts[tile] += 1
    whole = Hand(tuple(counts), hand.melds)
    drawn = WinContext(win_tile=tile, self_drawn=True, seat_wind=context.seat_wind,
                       prevailing_wind=context.prevailing_wind, dealer=context.dealer,
                       flowers=context.flowers, seasons=context.seasons)
    return any(score_reading(derived, reading).total > 0 for reading in readings(whole, drawn, derived))
