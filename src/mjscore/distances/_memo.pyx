"""The per-suit memo of distance tables: one suit's table for a target, keyed by (the
target's profile in that suit, the suit's counts of the tiles the profile may hold).
A profile is written relative to its suit's first tile, so the same groups in another
suit share tables; a table keeps one entry per uses vector of its target."""

from libc.stdlib cimport free, malloc
from libc.string cimport memset

import numpy as np

from mjscore.distances._tables cimport suit_table, suit_table_jokers
from mjscore.distances._types cimport POOL_ENTRIES, suit_base, suit_width

cdef enum:
    CACHE_BITS = 20
    CACHE_SIZE = 1 << CACHE_BITS


cdef class SuitMemo:
    """The memo, and the moves (every target's, flat) its tables are built from."""

    def __cinit__(self, moves):
        self.keys = <uint64_t*>malloc(CACHE_SIZE * sizeof(uint64_t))
        self.offsets = <uint32_t*>malloc(CACHE_SIZE * sizeof(uint32_t))
        self.pool = <int8_t*>malloc(POOL_ENTRIES)
        columns = list(zip(*moves)) or [(0,), (0,), (0,), (0,), (0,)]
        self.arrays = (np.array(columns[0], dtype=np.int32), np.array(columns[1], dtype=np.uint64),
                       np.array(columns[2], dtype=np.uint8), np.array(columns[3], dtype=np.uint8),
                       np.array(columns[4], dtype=np.uint8))
        cdef const int32_t[::1] move_index = self.arrays[0]
        cdef const uint64_t[::1] move_packed = self.arrays[1]
        cdef const uint8_t[::1] move_put = self.arrays[2]
        cdef const uint8_t[::1] move_chows = self.arrays[3]
        cdef const uint8_t[::1] move_cap = self.arrays[4]
        self.move_index = &move_index[0]
        self.move_packed = &move_packed[0]
        self.move_put = &move_put[0]
        self.move_chows = &move_chows[0]
        self.move_cap = &move_cap[0]
        self.clear()

    def __dealloc__(self):
        free(self.keys)
        free(self.offsets)
        free(self.pool)

    cdef void clear(self) noexcept nogil:
        memset(self.keys, 0xFF, CACHE_SIZE * sizeof(uint64_t))
        self.used = 0
        self.n_cached = 0

    cdef bint full(self, uint32_t entries) noexcept nogil:
        """Whether a row adding up to ``entries`` bytes of tables may overflow the memo."""
        return self.n_cached > CACHE_SIZE // 2 or self.used + entries > POOL_ENTRIES

    cdef void compute(self, const DTarget* t, const Ctx* ctx, int suit, const uint8_t* held, const uint8_t* caps,
                      int8_t* out) noexcept nogil:
        """One suit's table, built (``held`` and ``caps``: the suit's own counts)."""
        if t.jokers:
            suit_table_jokers(t, suit, held, caps, t.moves, self.move_index, self.move_packed, self.move_put,
                              self.move_chows, self.move_cap, ctx.packed_of + t.packed_first, out, ctx.cur,
                              ctx.nxt, ctx.live, ctx.next_live)
        else:
            suit_table(t, suit, held, caps, t.moves, self.move_index, self.move_packed, self.move_put,
                       self.move_chows, ctx.packed_of + t.packed_first, out, ctx.cur, ctx.nxt, ctx.live,
                       ctx.next_live)

    cdef const int8_t* table(self, const DTarget* t, const Ctx* ctx, int suit, const uint8_t* held,
                             const uint8_t* caps, bint memo, int8_t* out) noexcept nogil:
        """One suit's table (``held``, ``caps``: the row's 34), from the memo when ``memo``
        (the suit holds no declared meld), else built into ``out``."""
        cdef int i, base = suit_base(suit)
        cdef uint64_t key = <uint64_t>t.profile[suit] << 27, h
        cdef uint32_t slot
        if not memo:
            self.compute(t, ctx, suit, held + base, caps + base, out)
            return out
        for i in range(suit_width(suit)):
            key |= <uint64_t>held[base + i] << (3 * i)
        key &= <uint64_t>t.support[suit] | (<uint64_t>-1 << 27)  # the other tiles change nothing
        h = key * <uint64_t>0x9E3779B97F4A7C15
        slot = <uint32_t>(h >> (64 - CACHE_BITS))
        while self.keys[slot] != <uint64_t>-1:
            if self.keys[slot] == key:
                return self.pool + self.offsets[slot]
            slot = (slot + 1) & (CACHE_SIZE - 1)
        self.compute(t, ctx, suit, held + base, caps + base, self.pool + self.used)
        self.keys[slot] = key
        self.offsets[slot] = self.used
        self.used += t.n_uses
        self.n_cached += 1
        return self.pool + self.offsets[slot]
