"""Which special hands a reading makes: the compiled patterns matched plainly.

This is the reference for the kernel's matcher: the same compiled tables
(:class:`mjscore.rules.hands.HandTables`), read one variant at a time.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.group import Meld
from ..core.group_codes import KONG
from ..rows.codec import meld_byte
from .hands import MAX_FIXED, HandTables
from .patterns import PAIRS, PAIRS_KONGS, STANDARD, FixedVariant, QuantVariant, match_requirements
from ..core.tile import Tile

__all__ = ["presence", "conditions_hold", "quantified_hands", "item_pattern_facts", "fixed_variants",
           "pairs_form"]

def presence(counts: Sequence[int]) -> int:
    """The 34-bit mask of the kinds held."""
    return sum(1 << t for t in range(34) if counts[t])


def conditions_hold(tables: HandTables, hand: int, facts: int, win_tile: Tile | None,
                    concealed_hand: bool) -> bool:
    """Whether a hand's situation (``when``, ``unless``, ``win-tile``) and concealment hold."""
    when, unless = int(tables.when[hand]), int(tables.unless[hand])
    tile = int(tables.win_tile[hand])
    return (facts & when == when and not facts & unless
            and (tile == 255 or tile == win_tile)
            and (concealed_hand or not tables.concealed[hand]))


def _fits(variant: QuantVariant, held: int, groups: Sequence[tuple[int, int, bool]]) -> bool:
    if held & ~variant.allowed or variant.required & ~held:
        return False
    chows = sum(kind == 0 for kind, _, _ in groups)
    return chows <= variant.max_chows and match_requirements(variant.requirements, groups)


def quantified_hands(tables: HandTables, form: str, held: int,
                     groups: Sequence[tuple[int, int, bool]]) -> list[int]:
    """The hands (indices, in file order) one of whose ``form`` variants the groups fill;
    ``form`` is ``standard``, or ``pairs``/``pairs-kong-as-two`` for a reading of pairs."""
    forms = {STANDARD} if form == STANDARD else {PAIRS_KONGS} if form == PAIRS_KONGS else {PAIRS, PAIRS_KONGS}
    found: list[int] = []
    for variant in tables.quant:
        if variant.form in forms and (not found or found[-1] != variant.hand) and _fits(variant, held, groups):
            found.append(variant.hand)
    return sorted(set(found))


def item_pattern_facts(tables: HandTables, held: int, groups: Sequence[tuple[int, int, bool]]) -> int:
    """The fact bits of the items whose patterns a standard reading makes."""
    facts = 0
    for bit, variant in tables.item_patterns:
        if not facts >> bit & 1 and _fits(variant, held, groups):
            facts |= 1 << bit
    return facts


def pairs_form(counts: Sequence[int]) -> str | None:
    """How 14 concealed tiles read as seven pairs: ``pairs`` (distinct), ``pairs-kong-as-two``
    (some four alike), or None."""
    if sum(counts) != 14 or any(c not in (0, 2, 4) for c in counts):
        return None
    return PAIRS_KONGS if 4 in counts else PAIRS


def fixed_variants(tables: HandTables, counts: Sequence[int], melds: Sequence[Meld],
                   claimed_concealed: bool = False) -> list[FixedVariant]:
    """The fixed variants the whole hand's tiles make, with its declared melds among the
    groups that may be declared (a concealed kong may stand for any kong of the grouping);
    at most :data:`~mjscore.rules.hands.MAX_FIXED`, in hand order.

    ``claimed_concealed``: the rule set's claimed kongs keep a hand concealed
    (``claimed-kongs = "concealed"``), so a claimed kong (``{5555p}``) stands for a kong of
    the grouping as a concealed kong does, in a concealed hand too, but not for a kong
    marked ``concealed`` (:attr:`~mjscore.rules.patterns.FixedVariant.held_kongs`), as in
    a hand of sets; otherwise it is any exposed kong."""
    found: list[FixedVariant] = []
    for variant in tables.fixed.get(tuple(counts), ()):
        free = list(variant.melds)
        kongs = [tiles[0] for kind, tiles, _ in variant.groups if kind == KONG]
        ok = True
        for meld in melds:
            code = meld_byte(meld)
            hidden = meld.concealed or (claimed_concealed and meld.claimed and meld.first not in variant.held_kongs)
            if hidden and meld.first in kongs:
                kongs.remove(meld.first)
            elif code in free:
                free.remove(code)
            else:
                ok = False
                break
        if ok and len(found) < MAX_FIXED:
            found.append(variant)
    return found
