"""Special hands, compiled: the contract of ``mjscore.rules.matching`` (read its docstring).

A rule set's :class:`~mjscore.rules.hands.HandTables` become flat C arrays once per
rule set (kept in ``rules.caches``); the functions the ``.pxd`` declares then match
them with the GIL released: requirement lists against the groups of a reading, and
one hash probe for the fixed-shape hands a hand's tiles make.
"""

from libc.stdint cimport int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

from mjscore.core._group_codes cimport G_CONCEALED_KONG, NO_GROUP, group_kind, group_tile
from mjscore.core._bits cimport mj_ctz64
from mjscore.decompose._suits cimport mj_prefetch

import numpy as np


from .facts import ROW_FACTS, fact_mask
from .patterns import PAIRS, PAIRS_KONGS, STANDARD

_FORMS = {STANDARD: FORM_STANDARD, PAIRS: FORM_PAIRS, PAIRS_KONGS: FORM_PAIRS_KONGS}


cdef extern from *:
    """
    #include <string.h>
    /* Eight counts (each below 8) as 24 bits, 3 a count, the first lowest: on a
       little-endian machine the bytes of one word gathered in pairs, fours, then eight
       (no count's bits reach its neighbour's), else one by one. */
    static inline unsigned long long mj_pack8(const unsigned char *c) {
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        unsigned long long x = 0;
        int t;
        for (t = 0; t < 8; t++) x |= (unsigned long long)c[t] << (3 * t);
        return x;
    #else
        unsigned long long x;
        memcpy(&x, c, 8);
        x = (x | (x >> 5)) & 0x003F003F003F003FULL;
        x = (x | (x >> 10)) & 0x00000FFF00000FFFULL;
        return (x | (x >> 20)) & 0xFFFFFFULL;
    #endif
    }
    """
    uint64_t mj_pack8(const uint8_t* c) noexcept nogil


cdef inline void _pack(const uint8_t* counts, uint64_t* key) noexcept nogil:
    """34 counts (each 0-4) as two words, 3 bits a tile: tiles 0-15 in the first,
    16-33 in the second, eight at a time."""
    key[0] = mj_pack8(counts) | mj_pack8(counts + 8) << 24
    key[1] = (mj_pack8(counts + 16) | mj_pack8(counts + 24) << 24 | (<uint64_t>counts[32]) << 48
              | (<uint64_t>counts[33]) << 51)


cdef inline uint32_t _slot(const uint64_t* key, uint32_t n_slots) noexcept nogil:
    cdef uint64_t h = (key[0] * <uint64_t>0x9E3779B97F4A7C15) ^ (key[1] * <uint64_t>0xC2B2AE3D27D4EB4F)
    return <uint32_t>((h ^ (h >> 29)) & (n_slots - 1))


cdef class CompiledPatterns:
    """One rule set's special hands as the C matcher reads them."""

    def __cinit__(self, rules):
        tables = rules.hand_tables
        self.p.quant = NULL
        self.p.items = NULL
        self.p.reqs = NULL
        self.p.fit_block = NULL
        self.p.situational = NULL
        self.p.situational_rows = NULL
        self.p.situational_out = NULL
        self.p.situational_bytes = 0
        self.p.situational_concealed = 0
        self.p.fixed_block = NULL
        self.p.fixed = NULL
        self.p.presence_bits = NULL
        cdef const uint64_t[::1] when = tables.when if len(tables.hands) else np.zeros(1, np.uint64)
        cdef const uint64_t[::1] unless = tables.unless if len(tables.hands) else np.zeros(1, np.uint64)
        cdef const uint8_t[::1] win_tile = tables.win_tile if len(tables.hands) else np.zeros(1, np.uint8)
        cdef const uint8_t[::1] concealed = tables.concealed if len(tables.hands) else np.zeros(1, np.uint8)
        cdef const uint8_t[::1] exact = tables.exact if len(tables.hands) else np.zeros(1, np.uint8)
        cdef const int32_t[::1] values = (tables.values.reshape(-1) if len(tables.hands)
                                           else np.zeros(8, np.int32))
        self.keep = (when, unless, win_tile, concealed, exact, values)
        self.p.n_hands = len(tables.hands)
        self.p.when = &when[0]
        self.p.unless = &unless[0]
        self.p.win_tile = &win_tile[0]
        self.p.concealed = &concealed[0]
        self.p.exact = &exact[0]
        self.p.values = &values[0]
        # sorted by the pungs they need, so a row's filter stops at the first needing more
        variants = sorted(tables.quant, key=lambda v: (_min_threes(v), v.hand))
        labelled = sorted(tables.item_patterns, key=lambda bv: _min_threes(bv[1]))
        items = [v for _, v in labelled]
        n_reqs = sum(len(v.requirements) for v in variants + items)
        self.p.reqs = <Requirement*>malloc(max(n_reqs, 1) * sizeof(Requirement))
        self.p.quant = <Variant*>malloc(max(len(variants), 1) * sizeof(Variant))
        self.p.items = <Variant*>malloc(max(len(items), 1) * sizeof(Variant))
        self.p.fit_block = <uint16_t*>calloc(max(len(variants) + len(items), 1) * 4 * 34, sizeof(uint16_t))
        self.p.situational = <int32_t*>malloc(max(len(tables.situational), 1) * sizeof(int32_t))
        self.p.situational_rows = <Situational*>malloc(max(len(tables.situational), 1) * sizeof(Situational))
        if not (self.p.reqs and self.p.quant and self.p.items and self.p.fit_block and self.p.situational
                and self.p.situational_rows):
            raise MemoryError()
        cdef int r = 0
        r = _fill(&self.p, variants, [v.hand for v in variants], self.p.quant, r, self.p.fit_block)
        r = _fill(&self.p, items, [bit for bit, _ in labelled], self.p.items, r,
                  self.p.fit_block + 4 * 34 * len(variants))
        self.p.n_quant = len(variants)
        self.p.n_items = len(items)
        self.p.quant_loose, self.p.quant_threes, self.p.quant_threes_tiles = _gate(&self.p, self.p.quant,
                                                                                   len(variants))
        self.p.has_pairs = any(v.form != STANDARD for v in variants)
        memset(&self.p.quant_index, 0, sizeof(VariantIndex))
        memset(&self.p.items_index, 0, sizeof(VariantIndex))
        memset(&self.p.both_index, 0, sizeof(VariantIndex))
        self.p.quant_indexed = _index_variants(self.p.reqs, self.p.quant, len(variants), &self.p.quant_index, 0, 0)
        self.p.items_indexed = _index_variants(self.p.reqs, self.p.items, len(items), &self.p.items_index, 0, 0)
        self.p.both_indexed = 0 < len(variants) and 0 < len(items) and len(variants) + len(items) <= 64
        if self.p.both_indexed:
            _index_variants(self.p.reqs, self.p.quant, len(variants), &self.p.both_index, 0, 0)
            _index_variants(self.p.reqs, self.p.items, len(items), &self.p.both_index, len(variants), 1)
        _fill_loose_upto(self.p.quant, len(variants), self.p.quant_loose_upto)
        _fill_loose_upto(self.p.items, len(items), self.p.items_loose_upto)
        self.p.items_loose, self.p.items_threes, self.p.items_threes_tiles = _gate(&self.p, self.p.items,
                                                                                   len(items))
        self.p.situational_gate = _situational_gate([int(tables.when[h]) for h in tables.situational])
        self.p.n_situational = len(tables.situational)
        row_facts = fact_mask(ROW_FACTS)
        for i, h in enumerate(tables.situational):
            self.p.situational[i] = h
            self.p.situational_rows[i].need = int(tables.when[h]) & row_facts
            self.p.situational_rows[i].forbid = int(tables.unless[h]) & row_facts
            self.p.situational_rows[i].hand = h
            self.p.situational_rows[i].concealed = tables.concealed[h]
        if 0 < len(tables.situational) <= 64:
            _fill_situational_bytes(&self.p)
        _fill_fixed(&self.p, tables.fixed)

    def __dealloc__(self):
        free(self.p.reqs)
        free(self.p.fit_block)
        free(self.p.quant)
        free(self.p.items)
        free(self.p.situational)
        free(self.p.situational_rows)
        free(self.p.situational_out)
        free(self.p.fixed_block)
        free(self.p.fixed)
        free(self.p.presence_bits)


cdef int _honour_pungs_may(const Requirement* reqs, const Variant* v, uint64_t honours) noexcept:
    """Whether a row holding three times or more the honours ``honours`` (and any suited
    tiles) passes _candidate's tests of ``v``'s pungs as far as honours decide them: a
    requirement of pungs of honours alone needs ``count`` of them, one with no more tiles
    than groups every one of its honours."""
    cdef const Requirement* req
    cdef int j
    for j in range(v.n):
        req = &reqs[v.first + j]
        if req.copies != 3:
            continue
        if not req.tiles & ~M_HONOURS:
            if mj_popcount64(req.tiles & honours) < req.count:
                return 0
        elif req.count >= mj_popcount64(req.tiles) and req.tiles & M_HONOURS & ~honours:
            return 0
    return 1


cdef int _index_variants(const Requirement* reqs, const Variant* variants, int n, VariantIndex* index,
                         int offset, int any_form):
    """Add to ``index`` (zeroed first by the caller) the first ``64 - offset`` of the ``n``
    variants (sorted by ``min_threes``), variant v at bit ``offset + v``; with ``any_form``
    listed under every set of forms (item patterns: read for any form). Whether it holds
    them all (``c_candidates_bound`` reads only such an index)."""
    cdef int v, t, b, value, k
    cdef uint64_t both, bit
    cdef uint64_t allowing[34]  # per tile, the variants allowing it
    cdef int n_all = n
    memset(allowing, 0, sizeof(allowing))
    if n == 0:
        return 0
    n = min(n, 64 - offset)
    for v in range(n):
        bit = (<uint64_t>1) << (offset + v)
        for t in range(34):
            if variants[v].allowed >> t & 1:
                allowing[t] |= bit
        for k in range(8):
            if variants[v].min_threes <= k:
                index.upto[k] |= bit
        for k in range(variants[v].max_kinds + 1):
            index.kinds_upto[k] |= bit
        for k in range(8):  # (k: a set of forms, bit f for form f)
            if any_form or k >> variants[v].form & 1:
                index.of_forms[k] |= bit
        for k in range(variants[v].kong_groups, 5):
            index.kongs_upto[k] |= bit
        for value in range(128):
            if _honour_pungs_may(reqs, &variants[v], (<uint64_t>value) << 27):
                index.honour_threes[value] |= bit
    for b in range(5):
        for value in range(256):
            both = (~(<uint64_t>0) >> (64 - n)) << offset
            for t in range(8):
                if value >> t & 1 and 8 * b + t < 34:
                    both &= allowing[8 * b + t]
            index.by_byte[b][value] |= both
    return n == n_all


cdef void _fill_loose_upto(const Variant* variants, int n, uint64_t* loose_upto) noexcept:
    """``Patterns.quant_loose_upto`` (or items_) of the ``n`` variants."""
    cdef int v, k
    memset(loose_upto, 0, 24 * sizeof(uint64_t))
    for v in range(n):
        for k in range(min(variants[v].min_threes, 7), 8):
            loose_upto[8 * variants[v].form + k] |= variants[v].allowed


cdef tuple _gate(const Patterns* p, const Variant* variants, int n):
    """The tiles the variants needing no pung may use, the fewest pungs the rest need, and
    every tile those pungs may hold."""
    cdef int i
    cdef uint64_t loose = 0, tiles = 0
    cdef int threes = 99
    for i in range(n):
        if variants[i].min_threes == 0:
            loose |= variants[i].allowed
        else:
            threes = min(threes, variants[i].min_threes)
            tiles |= variants[i].threes_tiles
    return loose, threes, tiles


cdef void _fill_situational_bytes(Patterns* p) except *:
    """The byte tables of the situational hands' row filter (Patterns.situational_out)."""
    cdef int k, j, b, value
    cdef uint64_t read = 0, need, forbid
    for k in range(p.n_situational):
        read |= p.situational_rows[k].need | p.situational_rows[k].forbid
        if p.situational_rows[k].concealed:
            p.situational_concealed |= (<uint64_t>1) << k
    bytes_read = [b for b in range(8) if (read >> (8 * b)) & 0xFF]
    p.situational_out = <uint64_t*>calloc(max(len(bytes_read), 1) * 256, sizeof(uint64_t))
    if p.situational_out == NULL:
        raise MemoryError()
    p.situational_bytes = len(bytes_read)
    for j, b in enumerate(bytes_read):
        p.situational_byte[j] = b
        for value in range(256):
            for k in range(p.n_situational):
                need = (p.situational_rows[k].need >> (8 * b)) & 0xFF
                forbid = (p.situational_rows[k].forbid >> (8 * b)) & 0xFF
                if value & need != need or value & forbid:
                    p.situational_out[256 * j + value] |= (<uint64_t>1) << k


_COMMON_ROW_FACTS = fact_mask(("winner", "self-drawn", "discard", "dealer", "concealed-hand", "no-jokers"))


def _situational_gate(whens):
    """Row facts at least one of which a row needs for any situational hand to apply: per
    hand, the row facts it needs that most rows lack (all it needs if it needs only common
    ones, every bit if it needs none), so most rows skip the per-hand filter."""
    gate = 0
    row_facts = fact_mask(ROW_FACTS)
    for when in whens:
        need = when & row_facts
        if not need:
            return (1 << 64) - 1
        gate |= need & ~_COMMON_ROW_FACTS or need
    return gate


def _min_threes(variant):
    """Tiles a row must hold three times (or more) for the variant: its pung/kong groups."""
    return sum(req.count for req in variant.requirements if req.copies == 3 and variant.form != PAIRS_KONGS)


def _max_kinds(variant):
    """The most kinds a hand filling the variant holds: its groups fill every requirement
    (``c_fits``), a chow holding three kinds and any other group one."""
    return min(34, sum(req.count * (3 if req.masks[0] else 1) for req in variant.requirements))


cdef int _fill(Patterns* p, list variants, list labels, Variant* out, int r, uint16_t* fit) except -1:
    """Copy variants and their requirements (from ``p.reqs[r]`` on), each variant's fit
    table at ``fit + 4 * 34 * i`` (zeroed); the next free requirement."""
    cdef int i, j, k, t
    for i, v in enumerate(variants):
        out[i].fit = fit + 4 * 34 * i
        out[i].open_reqs = 0
        for j, req in enumerate(v.requirements[:16]):  # (c_fits takes no variant of more)
            out[i].open_reqs |= (not req.concealed) << j
            for k in range(4):
                for t in range(34):
                    if req.masks[k] >> t & 1:
                        fit[4 * 34 * i + 34 * k + t] |= 1 << j
        out[i].hand = labels[i]
        out[i].form = _FORMS[v.form]
        out[i].max_chows = v.max_chows
        out[i].first = r
        out[i].n = len(v.requirements)
        out[i].allowed = v.allowed
        out[i].required = v.required
        out[i].min_threes = _min_threes(v)
        out[i].max_kinds = _max_kinds(v)
        out[i].threes_tiles = 0
        out[i].kong_groups = 0
        for j, req in enumerate(v.requirements):
            for k in range(4):
                p.reqs[r].masks[k] = req.masks[k]
            p.reqs[r].count = req.count
            p.reqs[r].concealed = req.concealed
            p.reqs[r].tiles = req.tiles
            # four alike may make two pairs: then pairs need not be of different tiles
            p.reqs[r].copies = 0 if v.form == PAIRS_KONGS else req.copies
            if p.reqs[r].copies == 3:
                out[i].threes_tiles |= req.tiles
            if not (req.masks[0] | req.masks[1] | req.masks[3]):
                out[i].kong_groups += req.count
            r += 1
    return r

cdef int _fill_fixed(Patterns* p, dict fixed) except -1:
    """The fixed variants by packed counts, in an open-addressing table of FixedSlots,
    and the filter of their kinds-held masks."""
    cdef uint32_t n_slots = 1, slot, n_words = 2  # (two at least: a shift by 64 is undefined)
    cdef uint64_t key[2]
    cdef uint8_t counts[34]
    cdef int e = 0, i, k
    cdef FixedSlot* s
    if not fixed:
        p.n_slots = 0
        return 0
    n_entries = sum(len(v) for v in fixed.values())
    if n_entries >= 1 << 32 or max(len(v) for v in fixed.values()) >= 1 << 16:
        raise ValueError("more than 65,535 fixed-shape variants of one count vector: the kernel reads no more")
    presences = {sum(1 << t for t in range(34) if tiles[t]) for tiles in fixed}
    # 16 bits a mask, two set per mask in one word: about one row in seventy of those no
    # fixed variant holds passes (one in sixteen with one bit a mask)
    p.presence_bits_shift = 63
    while 64 * n_words < 16 * len(presences):
        n_words <<= 1
        p.presence_bits_shift -= 1
    p.presence_bits = <uint64_t*>calloc(n_words, sizeof(uint64_t))
    if not p.presence_bits:
        raise MemoryError()
    for presence in presences:
        p.presence_bits[_presence_word(presence, p.presence_bits_shift)] |= _presence_pair(presence)
    while 2 * n_slots < 3 * len(fixed):  # at most two thirds full
        n_slots <<= 1
    p.n_slots = n_slots
    p.fixed_block = calloc(n_slots + 1, sizeof(FixedSlot))  # (+1: room to align to 32 bytes)
    p.fixed = <Fixed*>malloc(n_entries * sizeof(Fixed))
    if not (p.fixed_block and p.fixed):
        raise MemoryError()
    p.fixed_slots = <FixedSlot*>((<size_t>p.fixed_block + 31) & ~(<size_t>31))
    for tiles, variants in fixed.items():
        for i in range(34):
            counts[i] = tiles[i]
        _pack(counts, key)
        slot = _slot(key, n_slots)
        while p.fixed_slots[slot].count:
            slot = (slot + 1) & (n_slots - 1)
        s = &p.fixed_slots[slot]
        s.key[0] = key[0]
        s.key[1] = key[1]
        s.first = e
        s.count = len(variants)
        s.hand = variants[0].hand
        s.win_tiles = variants[0].win_tiles
        for v in variants:
            p.fixed[e].hand = v.hand
            p.fixed[e].win_tiles = v.win_tiles
            melds = list(v.melds)[:4] + [0xFF] * 4
            kongs = [g[1][0] for g in v.groups if g[0] == 2][:4] + [0xFF] * 4
            p.fixed[e].held_kongs = 0
            for k in range(4):
                p.fixed[e].melds[k] = melds[k]
                p.fixed[e].kongs[k] = kongs[k]
                if kongs[k] in v.held_kongs:
                    p.fixed[e].held_kongs |= 1 << k
            e += 1
    return 0


cdef CompiledPatterns compiled_patterns(rules):
    """The rule set's compiled patterns, built on first use and kept with it."""
    compiled = rules.caches.pattern_kernel
    if compiled is None:
        compiled = rules.caches.pattern_kernel = CompiledPatterns(rules)
    return <CompiledPatterns>compiled


cdef int _place(const uint32_t* match, int* left, int i, int n) noexcept nogil:
    """Backtracking: give group ``i`` and the rest a requirement each, among those it may
    fill (``match[i]``, bit j: requirement j), in order, while one has room (``left``)."""
    cdef uint32_t m = match[i]
    cdef int j
    if i == n:
        return 1  # (as many groups as the requirements count: every one is filled)
    while m:
        j = mj_ctz64(m)
        m &= m - 1
        if left[j]:
            left[j] -= 1
            if _place(match, left, i + 1, n):
                return 1
            left[j] += 1
    return 0


cdef int c_fits(const Patterns* p, const Variant* v, uint64_t held, const uint8_t* kinds,
                const uint8_t* firsts, const uint8_t* concealed, int n) noexcept nogil:
    cdef int left[16]
    cdef uint32_t match[16]     # per group, the requirements it may fill (bit j)
    cdef uint32_t m, shared = 0
    cdef int i, j, total = 0, chows = 0
    cdef const Requirement* reqs = &p.reqs[v.first]
    if held & ~v.allowed or v.required & ~held or v.n > 16 or n > 16:
        return 0
    for j in range(v.n):
        left[j] = reqs[j].count
        total += left[j]
    if total != n:
        return 0
    for i in range(n):
        chows += kinds[i] == 0
        m = v.fit[34 * kinds[i] + firsts[i]] & (0xFFFF if concealed[i] else v.open_reqs)
        if not m:
            return 0  # a group no requirement takes (most candidates that fail, at once)
        match[i] = m
        shared |= m & (m - 1)
    if chows > v.max_chows:
        return 0
    if not shared:  # each group may fill one requirement: the counts decide
        for i in range(n):
            j = mj_ctz64(match[i])
            left[j] -= 1
            if left[j] < 0:
                return 0
        return 1
    return _place(match, left, 0, n)


cdef void c_fixed_prefetch(const Patterns* p, const uint8_t* held_counts) noexcept nogil:
    cdef uint64_t key[2]
    _pack(held_counts, key)
    mj_prefetch(&p.fixed_slots[_slot(key, p.n_slots)])


cdef int c_fixed_lookup(const Patterns* p, const uint8_t* held_counts, const uint8_t* melds,
                        uint32_t claimed, FixedHit* out) noexcept nogil:
    cdef uint64_t key[2]
    cdef uint32_t slot, declared
    cdef int e, k, j, first, found = 0, ok, code, n, hidden, stands
    cdef uint8_t free_melds[4]
    cdef uint8_t kongs[4]
    cdef const FixedSlot* s
    _pack(held_counts, key)
    slot = _slot(key, p.n_slots)
    s = &p.fixed_slots[slot]
    while s.key[0] != key[0] or s.key[1] != key[1]:
        if not s.count:
            return 0
        slot = (slot + 1) & (p.n_slots - 1)
        s = &p.fixed_slots[slot]
    memcpy(&declared, melds, 4)
    if s.count == 1 and declared == <uint32_t>0xFFFFFFFF:  # one variant, no meld to match: the slot's
        out[0].entry = <int32_t>s.first
        out[0].hand = s.hand
        out[0].win_tiles = s.win_tiles
        return 1
    first = <int>s.first
    for e in range(first, first + <int>s.count):
        for k in range(4):
            free_melds[k] = p.fixed[e].melds[k]
            kongs[k] = p.fixed[e].kongs[k]
        ok = 1
        n = 0  # the melds read so far (bit n of ``claimed``: this one)
        for k in range(4):
            code = melds[k]
            if code == NO_GROUP:
                continue
            hidden = group_kind(code) == G_CONCEALED_KONG
            stands = (claimed >> n) & 1  # a claimed kong: a kong of the grouping not marked concealed
            n += 1
            ok = 0
            for j in range(4):
                if (hidden or stands and not (p.fixed[e].held_kongs >> j) & 1) and kongs[j] == group_tile(code):
                    kongs[j] = 0xFE
                    ok = 1
                    break
                if not hidden and free_melds[j] == code:
                    free_melds[j] = 0xFE
                    ok = 1
                    break
            if not ok:
                break
        if ok and found < MAX_FIXED:
            out[found].entry = e
            out[found].hand = p.fixed[e].hand
            out[found].win_tiles = p.fixed[e].win_tiles
            found += 1
    return found


cdef inline int _row_ok(const Patterns* p, int h, uint64_t base, uint64_t base_bits,
                        int concealed_hand) noexcept nogil:
    return ((base & p.when[h] & base_bits) == (p.when[h] & base_bits)
            and not (base & p.unless[h] & base_bits)
            and (concealed_hand or not p.concealed[h]))


cdef int c_row_conditions(const Patterns* p, int h, uint64_t base, uint64_t base_bits,
                          int concealed_hand) noexcept nogil:
    return _row_ok(p, h, base, base_bits, concealed_hand)


cdef inline int _candidate(const Patterns* p, const Variant* v, int is_item, uint64_t threes,
                           uint64_t twos, uint64_t base, uint64_t base_bits,
                           int concealed_hand) noexcept nogil:
    """Whether a row whose kinds ``v`` allows (held 3+ and 2+ times, its facts) may fill ``v``."""
    cdef int j
    cdef uint64_t mask
    cdef const Requirement* req
    if not is_item and not _row_ok(p, v.hand, base, base_bits, concealed_hand):
        return 0
    for j in range(v.n):
        req = &p.reqs[v.first + j]
        if not req.copies:
            continue
        mask = (threes if req.copies == 3 else twos) & req.tiles
        if not mask or req.count > 1 and mj_popcount64(mask) < req.count:
            return 0
    return 1


cdef inline int _held_may_fill(const Patterns* p, const Variant* v, int is_item, uint64_t presence,
                               uint64_t threes, uint64_t twos, uint64_t base, uint64_t base_bits,
                               int concealed_hand) noexcept nogil:
    """Whether a row whose kinds ``v`` allows (and no more of them than its groups hold)
    may fill ``v``: it holds the kinds ``v`` requires, as many pungs as ``v`` needs among
    its kinds held three times or more, then ``_candidate``. ``_candidates`` and
    ``_indexed_candidates`` ask it of each variant they have not ruled out."""
    cdef uint64_t mask
    if v.required & ~presence:
        return 0
    if v.min_threes:  # its pungs and kongs are of different kinds, all in threes_tiles
        mask = threes & v.threes_tiles
        if not mask or (v.min_threes > 1 and mj_popcount64(mask) < v.min_threes):
            return 0
    return _candidate(p, v, is_item, threes, twos, base, base_bits, concealed_hand)


cdef inline int _candidates(const Patterns* p, const Variant* variants, const int16_t* among, int start,
                            int n, int is_item, const uint8_t* held, uint64_t presence, uint64_t threes,
                            uint64_t base, uint64_t base_bits, int concealed_hand, int found,
                            int16_t* out) noexcept nogil:
    """The candidates among variants ``start`` to ``n`` (of ``among``, or of all), written
    into ``out`` after the ``found`` there; the count, or -1 past MAX_CANDIDATES."""
    cdef uint64_t twos = 0
    cdef int k, v, counted = 0, n_threes = mj_popcount64(threes), n_kinds = mj_popcount64(presence)
    for k in range(start, n):
        v = among[k] if among != NULL else k
        if variants[v].min_threes > n_threes:  # and so do all the rest (sorted)
            break
        if presence & ~variants[v].allowed or n_kinds > variants[v].max_kinds:
            continue
        if not counted:  # the kinds held twice, once per row
            twos = mj_at_least34(held, 2)
            counted = 1
        if _held_may_fill(p, &variants[v], is_item, presence, threes, twos, base, base_bits, concealed_hand):
            if found == MAX_CANDIDATES:
                return -1
            out[found] = v
            found += 1
    return found


cdef inline int _indexed_candidates(const Patterns* p, const Variant* variants, uint64_t left, int n,
                                    int is_item, const uint8_t* held, uint64_t presence, uint64_t threes,
                                    uint64_t base, uint64_t base_bits, int concealed_hand,
                                    int16_t* out) noexcept nogil:
    """``_candidates`` over every variant of a table: of its first 64 those of ``left``
    (c_index_left's: found by table, so a row tests only those, most rows none, instead of
    each variant's masks in turn); the rest (sorted by pungs needed, so most rows need
    none of them) are tried in turn after. The same variants, in order, less indexed ones
    c_index_left rules out."""
    cdef uint64_t twos = mj_at_least34(held, 2) if left else 0
    cdef int v, found = 0
    while left:
        v = mj_ctz64(left)
        left &= left - 1
        if _held_may_fill(p, &variants[v], is_item, presence, threes, twos, base, base_bits, concealed_hand):
            out[found] = v  # at most 64: within MAX_CANDIDATES
            found += 1
    if n > 64:
        return _candidates(p, variants, NULL, 64, n, is_item, held, presence, threes, base, base_bits,
                           concealed_hand, found, out)
    return found


cdef int c_candidates(const Patterns* p, const Variant* variants, const int16_t* among, int n,
                      int is_item, const uint8_t* held, uint64_t presence, uint64_t threes,
                      uint64_t base, uint64_t base_bits, int concealed_hand,
                      int16_t* out) noexcept nogil:
    # a joker row's `among` through the loop (its own copy, so the one over every variant
    # reads no index list); a whole table goes through c_table_candidates' index
    return _candidates(p, variants, among, 0, n, is_item, held, presence, threes, base, base_bits,
                       concealed_hand, 0, out)


cdef int c_table_candidates(const Patterns* p, int is_item, uint64_t left, const uint8_t* held,
                            uint64_t presence, uint64_t threes, uint64_t base, uint64_t base_bits,
                            int concealed_hand, int16_t* out) noexcept nogil:
    cdef const Variant* variants = p.items if is_item else p.quant
    cdef int n = p.n_items if is_item else p.n_quant
    if n == 0:
        return 0
    return _indexed_candidates(p, variants, left, n, is_item, held, presence, threes, base, base_bits,
                               concealed_hand, out)


cdef int c_candidates_bound(const Patterns* p, const Variant* variants, int n, const VariantIndex* index,
                            int kongs, uint64_t presence, uint64_t may_hold, uint64_t threes, uint64_t twos,
                            int16_t* out) noexcept nogil:
    cdef int v = -1, found = 0, n_threes = mj_popcount64(threes)
    cdef uint64_t left = 0
    if index != NULL:
        # the index's variants for the fewest kinds and the most pungs any row holds (each
        # of its tests passes more variants for fewer kinds or more pungs): most rows of
        # sets with jokers get none
        left = c_index_left(index, ALL_FORMS, kongs, presence, threes)
    while True:  # the next variant: of those, or of all
        if index != NULL:
            if not left:
                break
            v = mj_ctz64(left)
            left &= left - 1
        else:
            v += 1
            if v == n:
                break
        if variants[v].min_threes > n_threes:
            break
        if (presence & ~variants[v].allowed or variants[v].required & ~may_hold
                or variants[v].kong_groups > kongs):
            continue
        if _candidate(p, &variants[v], 1, threes, twos, 0, 0, 0):  # conditions left to each row
            if found == MAX_CANDIDATES:
                return -1
            out[found] = v
            found += 1
    return found


cdef int c_conditions(const Patterns* p, int h, uint64_t facts, int win, int concealed_hand) noexcept nogil:
    return ((facts & p.when[h]) == p.when[h] and not (facts & p.unless[h])
            and (p.win_tile[h] == 255 or p.win_tile[h] == win)
            and (concealed_hand or not p.concealed[h]))


cdef int c_add_hand(int16_t* hands, int n, int h) noexcept nogil:
    cdef int i = n, j
    for j in range(n):
        if hands[j] == h:
            return n
    if n == MAX_HANDS_MATCHED:
        if h > hands[n - 1]:
            return n
        i = n - 1  # a hand earlier in the file displaces the last
    else:
        n += 1
    while i > 0 and hands[i - 1] > h:
        hands[i] = hands[i - 1]
        i -= 1
    hands[i] = h
    return n
