"""The compiled fold: ``mjscore.score.fold`` over a rule set's flat tables, in C, and the
facts of a row it folds (``mjscore.score.readings`` computes the same facts in Python).

At import this module fills what the ``.pxd`` declares: the fact bits, from
``mjscore.rules.facts``, so the two twins cannot drift apart on them, and the per-byte
counter tables (the enums of the ``.pxd`` are compile-time copies, checked below; the
helpers that compute a row's facts are inline in the ``.pxd``). :class:`CompiledRules`
flattens a rule set's tables (``mjscore.rules.model.Tables``) and its compiled special
hands once; ``c_fold`` (inline in the ``.pxd``, with ``c_fold_hands`` here) then scores
one reading against them with the GIL released: the items whose conditions its facts
meet, their points and doubles, the special hands it makes, and the limit.
"""

from libc.stdint cimport uint32_t, uint64_t

from mjscore.core._group_codes cimport (G_CHOW, G_CONCEALED_KONG, G_KINDS, G_KNIT, G_KONG, G_PAIR, G_PUNG,
                                   G_SINGLE, NO_GROUP, group_kind, group_tile, meld_tiles)

from ..core import group_codes
from ..core import context
from ..core.context import Flag
from ..core.errors import HandStatus
from ..rules.facts import FACT_BITS, GROUP_COUNTERS, ROW_FACTS, Atom, fact_mask
from ..rules import calling


cdef uint64_t _bit(str name):
    return (<uint64_t>1) << FACT_BITS[name]

# The fact bits are compile-time constants (_fold.pxd): checked against the vocabulary.
_FACT_CONSTANTS = {
    "winner": F_WINNER,
    "self-drawn": F_SELF_DRAWN,
    "discard": F_DISCARD,
    "replacement": F_REPLACEMENT,
    "kong-replacement": F_KONG_REPLACEMENT,
    "bonus-replacement": F_BONUS_REPLACEMENT,
    "kong-on-kong": F_KONG_ON_KONG,
    "robbing-kong": F_ROBBING,
    "last-tile": F_LAST_TILE,
    "last-discard": F_LAST_DISCARD,
    "heaven": F_HEAVEN,
    "earth": F_EARTH,
    "declared-calling": F_DECLARED,
    "dealer": F_DEALER,
    "one-chance": F_ONE_CHANCE,
    "single-wait": F_SINGLE_WAIT,
    "pung-wait": F_PUNG_WAIT,
    "no-set-points": F_NO_SET_POINTS,
    "concealed-hand": F_CONCEALED_HAND,
    "standard": F_STANDARD,
    "no-chows": F_NO_CHOWS,
    "one-chow": F_ONE_CHOW,
    "no-kongs": F_NO_KONGS,
    "four-kongs": F_FOUR_KONGS,
    "four-triplets": F_FOUR_TRIPLETS,
    "three-concealed-triplets": F_THREE_CONCEALED,
    "four-concealed-triplets": F_FOUR_CONCEALED,
    "three-consecutive-chows": F_CONSECUTIVE,
    "one-suit-with-honours": F_SUIT_HONOURS,
    "one-suit-only": F_ONE_SUIT,
    "all-honours": F_ALL_HONOURS,
    "all-simples": F_ALL_SIMPLES,
    "all-terminals": F_ALL_TERMINALS,
    "all-terminals-honours": F_TERMINALS_HONOURS,
    "terminal-or-honour-each-set": F_EACH_SET,
    "no-points": F_NO_POINTS,
    "no-jokers": F_NO_JOKERS,
    "original-call": F_ORIGINAL_CALL,
    "dealer-streak": F_DEALER_STREAK,
    "own-flower": F_OWN_FLOWER,
    "own-season": F_OWN_SEASON,
    "all-flowers": F_ALL_FLOWERS,
    "all-seasons": F_ALL_SEASONS,
    "pair-wait": F_PAIR_WAIT,
    "concealed-sets": F_CONCEALED_SETS,
    "fourth-tile": F_FOURTH_TILE,
}
for _name, _value in _FACT_CONSTANTS.items():
    if _value != _bit(_name):
        raise ImportError(f"mjscore.score._fold: fact {_name!r} is bit {FACT_BITS[_name]}, not the constant's")
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
        or max(int(f) for f in Flag) >= CONTEXT_WORDS
        or [FLOWER_SHIFT, SEASON_SHIFT, CLAIMED_SHIFT, STREAK_SHIFT]
        != [context.FLOWER_SHIFT, context.SEASON_SHIFT, context.CLAIMED_SHIFT, context.STREAK_SHIFT]
        or [GATE_WORDS, PROFILES, KINDS_PROFILES, KONG_COUNTS, MANY_SETS, SET_COUNTS]
        != [calling.GATE_WORDS, calling.PROFILES, calling.KINDS_PROFILES, calling.KONG_COUNTS, calling.MANY_SETS,
            calling.SET_COUNTS]
        or sorted(GROUP_COUNTERS.values()) != [C_CHOWS // 3, C_TRIPLETS // 3, C_KONGS // 3, C_DRAGONS // 3,
                                               C_WINDS // 3, C_DRAGON_PAIRS // 3, C_WIND_PAIRS // 3]):
    raise ImportError("mjscore.score._fold is out of step with mjscore's enums: rebuild it")


cdef uint32_t _counters(int kind, int tile, int concealed):
    cdef int rank = tile % 9
    cdef int simple = tile < 27 and (0 < rank < 6 if kind == G_CHOW else 0 < rank < 8)
    cdef int dragon = tile >= 31, wind = 27 <= tile <= 30
    cdef uint32_t out = simple << C_SIMPLES
    if kind == G_CHOW:
        return out | 1 << C_CHOWS
    if kind == G_PAIR:
        return out | dragon << C_DRAGON_PAIRS | wind << C_WIND_PAIRS
    return (out | 1 << C_TRIPLETS | (kind == G_KONG) << C_KONGS | concealed << C_CONCEALED
            | dragon << C_DRAGONS | wind << C_WINDS)


def _fill_counters():
    """Fill the byte tables; a byte that is no group counts nothing."""
    cdef int code, tile, kind
    for code in range(256):
        kind, tile = group_kind(code), group_tile(code)
        FOUND_COUNTERS[code] = MELD_COUNTERS[code] = RUN_COUNTS[code] = 0
        if kind == G_CHOW:
            if tile < 27 and tile % 9 <= 6:
                FOUND_COUNTERS[code] = MELD_COUNTERS[code] = _counters(G_CHOW, tile, 0)
                if tile % 3 == 0:  # rank 1, 4 or 7
                    RUN_COUNTS[code] = 1 << 3 * (3 * (tile // 9) + tile % 9 // 3)
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
if sizeof(FoundSums) != 16:  # (read 16 bytes an entry: _rows.mj_add_found)
    raise ImportError("mjscore.score._fold: FoundSums is not 16 bytes on this compiler")


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


cdef uint64_t _profile_facts(int profile) noexcept:
    """The tile-class facts of a hand whose kinds have this _kinds_profile (all-honours,
    one-suit, all-simples and the like: what the profile alone decides)."""
    cdef int n_suits = (profile & 1) + (profile >> 1 & 1) + (profile >> 2 & 1)
    cdef int honours = profile >> 3 & 1, simples = profile >> 4 & 1, terminals = profile >> 5 & 1
    cdef uint64_t facts = 0
    if n_suits == 1:
        facts |= F_SUIT_HONOURS if honours else F_ONE_SUIT
    if n_suits == 0:
        facts |= F_ALL_HONOURS
    if not honours and not terminals:
        facts |= F_ALL_SIMPLES
    if not honours and not simples:
        facts |= F_ALL_TERMINALS
    if not simples:
        facts |= F_TERMINALS_HONOURS
    return facts


def _fill_fact_tables():
    cdef uint32_t w
    cdef int profile, suit, ranks
    for suit in range(3):
        for ranks in range(512):
            SUIT_PROFILE[suit][ranks] = ((ranks != 0) << suit | (ranks & 0x0FE != 0) << 4
                                         | (ranks & 0x101 != 0) << 5)
    for w in range(CONTEXT_WORDS):
        CONTEXT_FACTS[w] = _word_facts(w)
    for profile in range(64):
        TILE_FACTS[profile] = _profile_facts(profile)


_fill_fact_tables()


from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from libc.stdlib cimport free, malloc

from mjscore.rules._pattern_kernel cimport CompiledPatterns, compiled_patterns

import numpy as np

from ..rules.calling import calling_gates, calling_rules, gates_by_profile, near_presences
from .fold import MAX_TOTAL


cdef uint64_t ALL34 = ((<uint64_t>1) << 34) - 1   # every tile: an item that accepts any winning tile


cdef void _build_lookup(Tables* r) noexcept nogil:
    cdef int b, v, i, t
    cdef uint64_t when_byte, unless_byte
    for b in range(8):
        for v in range(256):
            r.allowed[b][v] = 0
            for i in range(r.n_items):
                when_byte = (r.when[i] >> (8 * b)) & 0xFF
                unless_byte = (r.unless[i] >> (8 * b)) & 0xFF
                if (v & when_byte) == when_byte and not (v & unless_byte):
                    r.allowed[b][v] |= (<uint64_t>1) << i
    r.item_bytes = (r.n_items + 7) // 8
    for b in range(8):
        for v in range(256):
            r.sums_by_byte[b][v].points = r.sums_by_byte[b][v].doubles = 0
            r.excludes_by_byte[b][v] = 0
            for i in range(8):
                if v >> i & 1 and 8 * b + i < r.n_items:
                    r.sums_by_byte[b][v].points += r.points[8 * b + i]
                    r.sums_by_byte[b][v].doubles += r.doubles[8 * b + i]
                    r.excludes_by_byte[b][v] |= r.excludes[8 * b + i]
    r.few_excluders = 0
    for i in range(r.n_items):
        if r.excludes[i]:
            if r.few_excluders == FEW_EXCLUDERS:
                r.few_excluders = 0  # too many: the tables
                break
            r.excluder[r.few_excluders] = i
            r.excluded_by[r.few_excluders] = r.excludes[i]
            r.few_excluders += 1
    for t in range(256):  # a tile past 33 (no winning tile) meets only "any tile"
        r.tile_allowed[t] = 0
        for i in range(r.n_items):
            if r.item_tiles[i] == ALL34 or t < 34 and (r.item_tiles[i] >> t) & 1:
                r.tile_allowed[t] |= (<uint64_t>1) << i


cdef void c_fold_hands(const Tables* r, int64_t points, int64_t doubles, uint64_t applied, uint64_t facts,
                       const int16_t* hands, int n_hands, Best* best) noexcept nogil:
    cdef int k, h, concealed, alone, special = -1
    cdef int64_t num = 0, den = 1
    cdef const int32_t* value
    # a special hand's value: exposed, or concealed (values[8 h + 4 .. 8 h + 7])
    concealed = 4 if facts & F_CONCEALED_HAND else 0
    # a reading of no ordinary sets earns exactly its share (mjscore.score.fold.scores_exactly)
    alone = r.share_alone and (best.reading[1] == SHAPE_SPECIAL
                               or best.reading[1] == SHAPE_PAIRS and not r.shapes & 1)
    if r.stack:
        for k in range(n_hands):
            h = hands[k]
            value = &r.pat.values[8 * h + concealed]
            points += value[0]
            doubles += value[1]
            if value[2] and (special < 0 or num == 0 or <int64_t>value[2] * den > num * value[3]):
                special, num, den = h, value[2], value[3]
        _finish(r, points, doubles, applied, special if special >= 0 else hands[0], num, den,
                special >= 0 and (alone or r.pat.exact[special]), hands, n_hands, best)
    else:
        for k in range(n_hands):
            h = hands[k]
            value = &r.pat.values[8 * h + concealed]
            _finish(r, points + value[0], doubles + value[1], applied, h, value[2], value[3],
                    value[2] != 0 and (alone or r.pat.exact[h]), hands, n_hands, best)


cdef class CompiledRules:
    """A rule set's tables as the C fold reads them; built once per RuleSet and kept.

    Holds the NumPy arrays it points into, so the pointers stay valid.
    """

    def __cinit__(self, rules):
        tables = rules.tables
        cdef const int32_t[::1] set_points = tables.set_points.reshape(-1)
        cdef const int32_t[::1] set_doubles = tables.set_doubles.reshape(-1)
        cdef const uint64_t[::1] when = tables.when
        cdef const uint64_t[::1] unless = tables.unless
        cdef const uint64_t[::1] item_tiles = tables.win_tiles
        cdef const uint8_t[::1] per_bonus = tables.per_bonus
        cdef const int32_t[::1] points = tables.points
        cdef const int32_t[::1] doubles = tables.doubles
        cdef const uint64_t[::1] excludes = tables.excludes
        cdef const uint8_t[::1] late = tables.late
        cdef const uint8_t[::1] base = tables.base
        cdef int i, atom, kind, own, count
        cdef CompiledPatterns patterns = compiled_patterns(rules)
        cdef CompiledRules deciding
        calling = []  # each calling hand's deciding rule set, compiled, and its gates
        for index in rules.calling:
            calling.append((index, compiled_rules(calling_rules(rules, index)), calling_gates(rules, index),
                            near_presences(rules, index)))
        cdef const int32_t[::1] calling_hands = np.array([c[0] for c in calling] or [0], dtype=np.int32)
        gate_rows = np.zeros((max(len(calling), 1), GATE_ROW), dtype=np.uint64)
        for i, (_, _, gates, near) in enumerate(calling):
            if len(gates) > MAX_CALLING_GATES:
                raise ValueError(f"a calling hand with more than {MAX_CALLING_GATES} gates")
            gate_rows[i, :PROFILES] = gates_by_profile(gates, near)
            gate_rows[i, PROFILES:PROFILES + GATE_WORDS * len(gates)] = np.array(gates, dtype=np.uint64).reshape(-1)
        cdef const uint64_t[::1] calling_gate_words = gate_rows.reshape(-1)
        if len(calling) > 64:
            raise ValueError("a rule set with more than 64 calling hands")
        cdef const uint64_t[::1] by_profile = sum(
            (gate_rows[i, :PROFILES] != 0).astype(np.uint64) << np.uint64(i) for i in range(len(calling))
        ) if calling else np.zeros(PROFILES, np.uint64)
        near = np.concatenate([c[3] for c in calling]) if calling else np.zeros(1, np.uint64)
        cdef const uint64_t[::1] near_words = near
        cdef const int64_t[::1] near_starts = np.cumsum([0] + [len(c[3]) for c in calling], dtype=np.int64)
        self.calling_tables = <const void**>malloc(max(len(calling), 1) * sizeof(void*))
        if self.calling_tables == NULL:
            raise MemoryError()
        for i in range(len(calling)):
            deciding = calling[i][1]
            self.calling_tables[i] = <const void*>&deciding.r
        cdef const uint64_t[::1] holds_bit = np.array([1 << bit for bit, _ in tables.holds] or [0], np.uint64)
        cdef const uint32_t[::1] holds_need = np.array(
            [sum(fewest << 3 * counter for counter, fewest in clauses) for _, clauses in tables.holds] or [0],
            np.uint32)
        self.r.n_holds = len(tables.holds)
        self.r.holds_bit = &holds_bit[0]
        self.r.holds_need = &holds_need[0]
        self.arrays = (set_points, set_doubles, when, unless, item_tiles, per_bonus, points, doubles,
                       excludes, late, base, patterns, calling, calling_hands, calling_gate_words,
                       near_words, near_starts, holds_bit, holds_need, by_profile)
        self.r.calling_gates = &calling_gate_words[0]
        self.r.calling_by_profile = &by_profile[0]
        self.r.calling_conditional = sum(1 << i for i, index in enumerate(rules.calling)
                                         if rules.hands[index].when or rules.hands[index].unless)
        self.r.calling_near = &near_words[0]
        self.r.calling_near_starts = &near_starts[0]
        cdef const uint8_t[::1] runless = rules.hand_tables.runless if len(rules.hands) else np.zeros(1, np.uint8)
        self.arrays += (runless,)
        self.r.runless = &runless[0]
        self.r.n_calling = len(calling)
        self.r.calling = &calling_hands[0]
        self.r.calling_tables = self.calling_tables
        self.r.n_items = when.shape[0]
        if self.r.n_items == 0:
            raise ValueError("a rule set with no items cannot be compiled")
        self.r.set_points = &set_points[0]
        self.r.set_doubles = &set_doubles[0]
        self.r.when = &when[0]
        self.r.unless = &unless[0]
        self.r.item_tiles = &item_tiles[0]
        self.r.points = &points[0]
        self.r.doubles = &doubles[0]
        self.r.excludes = &excludes[0]
        self.r.late = &late[0]
        self.r.base = &base[0]
        self.r.limit = rules.limit
        self.r.cap = MAX_TOTAL if rules.roof_off else rules.limit
        self.r.claimed_concealed = rules.claimed_concealed
        self.r.streak = rules.dealer_streak
        self.r.roof_off = rules.roof_off
        self.r.per_bonus = 0
        self.r.shapes = tables.shapes
        self.r.losers = rules.losers
        self.r.stack = rules.special_hands == "stack"
        self.r.share_alone = rules.special_value == "share"
        self.r.required = rules.special_required
        self.r.plain_needs = (F_ONE_SUIT | F_SUIT_HONOURS | F_ALL_HONOURS) if rules.plain_one_suit else 0
        self.r.pat = &patterns.p
        self.r.max_chows = 4 if rules.max_chows is None else rules.max_chows
        self.r.jokers = 0 if rules.jokers is None else int(rules.jokers)
        self.r.no_jokers = 0 if rules.jokers is None else F_NO_JOKERS
        self.r.used = 0
        self.r.late_items = 0
        self.r.any_excludes = 0
        self.r.late_gate = 0
        for i in range(self.r.n_items):
            self.r.used |= when[i] | unless[i]
            self.r.late_items |= (<uint64_t>late[i]) << i
            if late[i]:  # needing none of the late facts, it may match whatever the facts
                self.r.late_gate |= when[i] & (F_NO_POINTS | F_NO_SET_POINTS) or ~(<uint64_t>0)
            self.r.any_excludes |= excludes[i] != 0
            self.r.scoring_items |= (<uint64_t>(points[i] != 0 and not base[i])) << i
            self.r.per_bonus |= (<uint64_t>per_bonus[i]) << i
        for i in range(patterns.p.n_hands):  # facts a special hand's situation names
            self.r.used |= patterns.p.when[i] | patterns.p.unless[i]
        self.r.items[1] = ((<uint64_t>1) << self.r.n_items) - 1 if self.r.n_items < 64 else ~(<uint64_t>0)
        self.r.items[0] = self.r.items[1] & ~self.r.per_bonus
        _build_lookup(&self.r)
        for i in range(256):
            memset(&self.r.found[i], 0, sizeof(FoundSums))
            if FOUND_HOLDS[i]:
                atom = A_OTHER if FOUND_ATOM[i] == A_ROW_WIND else FOUND_ATOM[i]
                self.r.found[i].counters = FOUND_COUNTERS[i]
                self.r.found[i].runs = RUN_COUNTS[i]
                self.r.found[i].points = set_points[_cell_of(FOUND_KIND[i], 1, atom)]
                self.r.found[i].doubles = set_doubles[_cell_of(FOUND_KIND[i], 1, atom)]
        for own, atom in ((WIND_SEAT, A_SEAT), (WIND_PREVAILING, A_PREVAILING), (WIND_BOTH, A_DOUBLE)):
            for count in range(8):
                self.r.wind_points[own][count] = self.r.wind_doubles[own][count] = 0
                if count == 2 or count == 3:
                    kind = G_PAIR if count == 2 else G_PUNG
                    self.r.wind_points[own][count] = (set_points[_cell_of(kind, 1, atom)]
                                                      - set_points[_cell_of(kind, 1, A_OTHER)])
                    self.r.wind_doubles[own][count] = (set_doubles[_cell_of(kind, 1, atom)]
                                                       - set_doubles[_cell_of(kind, 1, A_OTHER)])


    def __dealloc__(self):
        free(self.calling_tables)


cdef CompiledRules compiled_rules(rules):
    compiled = rules.caches.score_kernel
    if compiled is None:
        compiled = rules.caches.score_kernel = CompiledRules(rules)
    return <CompiledRules>compiled
