"""The compiled scorer's facts: the fact bits, the codes shared with Python, and the
facts of a row's situation, tiles and sets (``mjscore.score.readings`` computes the same).

This module fills what the ``.pxd`` declares, at import: the fact bits, from
``mjscore.rules.facts``, so the two twins cannot drift apart on them, and the per-byte
counter tables. The enums of the ``.pxd`` are compile-time copies, checked below.
The helpers that compute a row's facts are inline in the ``.pxd``.
"""

from libc.stdint cimport uint32_t, uint64_t

from mjscore.core._group_codes cimport (G_CHOW, G_CONCEALED_KONG, G_KINDS, G_KNIT, G_KONG, G_PAIR, G_PUNG,
                                   G_SINGLE, NO_GROUP, group_kind, group_tile, meld_tiles)

from ..core import group_codes
from ..core.context import Flag
from ..core.errors import HandStatus
from ..rules.facts import FACT_BITS, ROW_FACTS, Atom, fact_mask


cdef uint64_t _bit(str name):
    return (<uint64_t>1) << FACT_BITS[name]

F_WINNER, F_SELF_DRAWN, F_DISCARD = _bit("winner"), _bit("self-drawn"), _bit("discard")
F_REPLACEMENT, F_KONG_REPLACEMENT = _bit("replacement"), _bit("kong-replacement")
F_BONUS_REPLACEMENT, F_KONG_ON_KONG = _bit("bonus-replacement"), _bit("kong-on-kong")
F_ROBBING, F_LAST_TILE = _bit("robbing-kong"), _bit("last-tile")
F_LAST_DISCARD, F_HEAVEN, F_EARTH = _bit("last-discard"), _bit("heaven"), _bit("earth")
F_DECLARED, F_DEALER = _bit("declared-calling"), _bit("dealer")
F_ONE_CHANCE, F_SINGLE_WAIT = _bit("one-chance"), _bit("single-wait")
F_PUNG_WAIT, F_NO_SET_POINTS = _bit("pung-wait"), _bit("no-set-points")
F_CONCEALED_HAND, F_STANDARD = _bit("concealed-hand"), _bit("standard")
F_NO_CHOWS, F_ONE_CHOW, F_NO_KONGS = _bit("no-chows"), _bit("one-chow"), _bit("no-kongs")
F_FOUR_KONGS, F_FOUR_TRIPLETS = _bit("four-kongs"), _bit("four-triplets")
F_THREE_CONCEALED = _bit("three-concealed-triplets")
F_FOUR_CONCEALED = _bit("four-concealed-triplets")
F_CONSECUTIVE = _bit("three-consecutive-chows")
F_SUIT_HONOURS, F_ONE_SUIT = _bit("one-suit-with-honours"), _bit("one-suit-only")
F_ALL_HONOURS, F_ALL_SIMPLES = _bit("all-honours"), _bit("all-simples")
F_ALL_TERMINALS, F_TERMINALS_HONOURS = _bit("all-terminals"), _bit("all-terminals-honours")
F_EACH_SET, F_NO_POINTS = _bit("terminal-or-honour-each-set"), _bit("no-points")
F_NO_JOKERS = _bit("no-jokers")
BASE_FACTS = fact_mask(ROW_FACTS)

if ([W_SELF_DRAWN, W_DEALER, W_LAST_TILE, W_LAST_DISCARD, W_ROBBING, W_KONG_REPLACEMENT,
     W_BONUS_REPLACEMENT, W_KONG_ON_KONG, W_HEAVEN, W_EARTH, W_DECLARED, W_WINNER]
        != [int(f) for f in Flag]
        or [G_CHOW, G_PUNG, G_KONG, G_PAIR, G_SINGLE, G_KNIT, G_CONCEALED_KONG, G_KINDS, NO_GROUP]
        != [group_codes.CHOW, group_codes.PUNG, group_codes.KONG, group_codes.PAIR, group_codes.SINGLE,
            group_codes.KNIT, group_codes.CONCEALED_KONG, group_codes.GROUP_KINDS, group_codes.NO_GROUP]
        or [A_SIMPLE, A_TERMINAL, A_DRAGON, A_SEAT, A_PREVAILING, A_DOUBLE, A_OTHER] != [int(a) for a in Atom]
        or [S_OK, S_BAD_COUNT, S_WRONG_SIZE, S_NOT_WINNING, S_BAD_MELD, S_BAD_CONTEXT,
            S_BAD_NOTATION] != [int(h) for h in HandStatus]
        or max(int(f) for f in Flag) >= CONTEXT_WORDS):
    raise ImportError("mjscore.score._facts is out of step with mjscore's enums: rebuild it")


cdef uint32_t _counters(int kind, int tile, int concealed):
    cdef int rank = tile % 9
    cdef int simple = tile < 27 and (0 < rank < 6 if kind == G_CHOW else 0 < rank < 8)
    cdef uint32_t out = simple << C_SIMPLES
    if kind == G_CHOW:
        return out | 1 << C_CHOWS
    if kind == G_PAIR:
        return out
    return out | 1 << C_TRIPLETS | (kind == G_KONG) << C_KONGS | concealed << C_CONCEALED


def _fill_counters():
    """Fill the byte tables; a byte that is no group counts nothing."""
    cdef int code, tile, kind
    for code in range(256):
        kind, tile = group_kind(code), group_tile(code)
        FOUND_COUNTERS[code] = MELD_COUNTERS[code] = RUN_BITS[code] = 0
        if kind == G_CHOW:
            if tile < 27 and tile % 9 <= 6:
                FOUND_COUNTERS[code] = MELD_COUNTERS[code] = _counters(G_CHOW, tile, 0)
                if tile % 3 == 0:  # rank 1, 4 or 7
                    RUN_BITS[code] = 1 << (3 * (tile // 9) + tile % 9 // 3)
        elif kind == G_PUNG:  # concealed when found, exposed when declared
            FOUND_COUNTERS[code] = _counters(G_PUNG, tile, 1)
            MELD_COUNTERS[code] = _counters(G_PUNG, tile, 0)
        elif kind == G_PAIR:
            FOUND_COUNTERS[code] = _counters(G_PAIR, tile, 1)
        elif kind == G_KONG or kind == G_CONCEALED_KONG:
            MELD_COUNTERS[code] = _counters(G_KONG, tile, kind == G_CONCEALED_KONG)


_fill_counters()


def _fill_found():
    """Fill the decomposition bytes' kinds, atoms and tiles held."""
    cdef unsigned int code, kind, tile
    for code in range(256):
        kind, tile = group_kind(code), group_tile(code)
        FOUND_KIND[code] = FOUND_TILE[code] = FOUND_ATOM[code] = 0
        FOUND_HOLDS[code] = 0
        if kind != G_CHOW and kind != G_PUNG and kind != G_PAIR:
            continue  # a decomposition holds no other groups
        if kind == G_CHOW and (tile >= 27 or tile % 9 > 6):
            continue
        FOUND_KIND[code] = kind
        FOUND_TILE[code] = tile
        FOUND_ATOM[code] = A_ROW_WIND if 27 <= tile <= 30 else _atom(kind, tile, 0, 0)
        FOUND_HOLDS[code] = (<uint64_t>(7 if kind == G_CHOW else 1)) << tile


_fill_found()


def _fill_melds():
    """Fill the meld bytes' melds, from the same reading of a byte as meld_tiles."""
    cdef int code, n, kind
    cdef int tiles[4]
    for code in range(256):
        n = meld_tiles(code, tiles)
        MELD_INFO[code].n = n
        if n == 0:
            continue
        kind = G_KONG if group_kind(code) == G_CONCEALED_KONG else group_kind(code)
        MELD_INFO[code].kind = kind
        MELD_INFO[code].tile = tiles[0]
        MELD_INFO[code].concealed = group_kind(code) == G_CONCEALED_KONG
        MELD_INFO[code].atom = A_ROW_WIND if 27 <= tiles[0] <= 30 else _atom(kind, tiles[0], 0, 0)


_fill_melds()


cdef uint64_t _word_facts(uint32_t w):
    """The facts of the context word ``w`` (``mjscore.core.context.Flag`` bits)."""
    cdef uint64_t facts = 0
    if w & W_WINNER:
        facts |= F_WINNER | (F_SELF_DRAWN if w & W_SELF_DRAWN else F_DISCARD)
    if w & (W_KONG_REPLACEMENT | W_BONUS_REPLACEMENT):
        facts |= F_REPLACEMENT
    if w & W_KONG_REPLACEMENT: facts |= F_KONG_REPLACEMENT
    if w & W_BONUS_REPLACEMENT: facts |= F_BONUS_REPLACEMENT
    if w & W_KONG_ON_KONG: facts |= F_KONG_ON_KONG
    if w & W_ROBBING: facts |= F_ROBBING
    if w & W_LAST_TILE: facts |= F_LAST_TILE
    if w & W_LAST_DISCARD: facts |= F_LAST_DISCARD
    if w & W_HEAVEN: facts |= F_HEAVEN
    if w & W_EARTH: facts |= F_EARTH
    if w & W_DECLARED: facts |= F_DECLARED
    if w & W_DEALER: facts |= F_DEALER
    return facts


def _fill_context_facts():
    cdef uint32_t w
    for w in range(CONTEXT_WORDS):
        CONTEXT_FACTS[w] = _word_facts(w)


_fill_context_facts()
