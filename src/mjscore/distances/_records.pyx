"""Distances of a row without declared melds or jokers, one record per suit.

Such a row reads each target's tables at its needs' full counts, so what a target needs
of a suit is a few numbers that depend on the suit's tiles alone. A record, kept per
suit's tiles (the three suits share records, as their profiles are written relative
to the suit), holds every such number the rule set's targets read: a slot per
distinct (profile, what is read) - the one entry of a target whose needs each lie in
one suit, a whole table where needs span suits, the fixed tiles' count in a suit
without groups. A row then costs four record probes and, per target, a sum of four
slots (``JOIN_SUM``) or a merge of small tables (``JOIN_PAIRS``, ``JOIN_CHOWS``); the
records are filled from the per-suit memo (:class:`SuitMemo`) on first sight.
"""

from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

import numpy as np

cdef enum:
    RECORD_BITS = 17
    RECORD_SLOTS = 1 << RECORD_BITS   # hash slots; at most half used
    EMPTY = 0xFFFFFFFF
    HONOURS_KEY = 1 << 27             # a key's bit for the honours' class of records

cdef enum:                            # what a slot holds
    READ_BARE = 0                     # the fixed tiles missing in a suit without groups
    READ_ONE = 1                      # one entry of a table
    READ_ALL = 2                      # a whole table


cdef class RowRecords:
    """The slots of a rule set's targets, and the records filled so far."""

    def __cinit__(self, Family family, joins, Family parts, part_of):
        """``joins``: per target, its ``JOIN_*`` kind; ``part_of``: (target, suit) -> its
        part in ``parts``, for each busy suit of a ``JOIN_SUM`` target."""
        cdef const DTarget* p
        cdef int i, d, c, kind, mode, index, j
        cdef const DTarget* t
        specs = ([], [])                         # per class: (target, suit, mode, index, length)
        where = ({}, {})                         # per class: slot key -> offset
        sizes = [0, 0]
        offsets = []                             # per target read by records: its four offsets
        for i in range(family.n_targets):
            t = &family.targets[i]
            kind = joins[i]
            if kind > JOIN_CHOWS:
                offsets.append((0, 0, 0, 0))
                continue
            row = []
            for d in range(4):
                c = d == 3
                if t.busy[d] and kind != JOIN_SUM:
                    mode, index, length = READ_ALL, 0, t.n_uses
                    key = (t.profile[d], t.n_uses, t.track_chows, READ_ALL)
                elif t.busy[d]:  # JOIN_SUM: its part's entry at every need's count
                    p = &parts.targets[part_of[i, d]]
                    mode, index, length = READ_ONE, p.n_uses - 1, 1
                    key = (p.profile[d], p.n_uses, READ_ONE)
                else:
                    mode, index, length = READ_BARE, 0, 1
                    key = (READ_BARE, tuple(t.fixed[j] for j in range(suit_base(d), suit_base(d) + suit_width(d))),
                           (t.required >> suit_base(d)) & ((1 << suit_width(d)) - 1))
                if key not in where[c]:
                    where[c][key] = sizes[c]
                    specs[c].append((part_of[i, d] if mode == READ_ONE else i, d, mode, index, length))
                    sizes[c] += length
                row.append(where[c][key])
            offsets.append(tuple(row))
        if max(sizes) >= 1 << 16:
            raise ValueError("the special hands have too many groups to choose for distances")
        self.family = family
        self.parts = parts
        self.size[0], self.size[1] = sizes
        self.n_specs[0], self.n_specs[1] = len(specs[0]), len(specs[1])
        entries = [(parts if s[2] == READ_ONE else family).targets[s[0]].n_uses * (3 if c == 0 else 1)
                   for c in range(2) for s in specs[c] if s[2] != READ_BARE]
        self.memo_entries = sum(entries)
        flat = specs[0] + specs[1]
        sums = [i for i in range(family.n_targets) if joins[i] == JOIN_SUM]
        others = [i for i in range(family.n_targets) if joins[i] in (JOIN_PAIRS, JOIN_CHOWS)]
        self.n_sums, self.n_others = len(sums), len(others)
        self.arrays = (
            np.array([s[:4] for s in flat] or [(0, 0, 0, 0)], dtype=np.int32),
            np.array([offsets[i] for i in sums] or [(0, 0, 0, 0)], dtype=np.uint16),
            np.array([family.targets[i].column for i in sums] or [0], dtype=np.int32),
            np.array([offsets[i] for i in others] or [(0, 0, 0, 0)], dtype=np.uint16),
            np.array(others or [0], dtype=np.int32),
        )
        cdef const int32_t[:, ::1] spec_array = self.arrays[0]
        cdef const uint16_t[:, ::1] sum_array = self.arrays[1]
        cdef const int32_t[::1] sum_columns = self.arrays[2]
        cdef const uint16_t[:, ::1] other_array = self.arrays[3]
        cdef const int32_t[::1] other_targets = self.arrays[4]
        self.specs = &spec_array[0, 0]
        self.sum_offsets = &sum_array[0, 0]
        self.sum_columns = &sum_columns[0]
        self.other_offsets = &other_array[0, 0]
        self.other_targets = &other_targets[0]
        self.capacity = RECORD_SLOTS // 2
        self.pool_size = <uint64_t>self.capacity * max(sizes[0], sizes[1], 1)
        self.keys = <uint32_t*>malloc(RECORD_SLOTS * sizeof(uint32_t))
        self.offsets = <uint64_t*>malloc(RECORD_SLOTS * sizeof(uint64_t))
        self.pool = <int8_t*>malloc(self.pool_size)
        self.clear()

    def __dealloc__(self):
        free(self.keys)
        free(self.offsets)
        free(self.pool)

    cdef void clear(self) noexcept nogil:
        memset(self.keys, 0xFF, RECORD_SLOTS * sizeof(uint32_t))
        self.used = 0
        self.n_records = 0

    cdef const int8_t* record(self, SuitMemo memo, const uint8_t* held, int suit) noexcept nogil:
        """The record of one suit of a row (``held``: its 34 counts), filled on first sight."""
        cdef int i, c = suit == 3, base = suit_base(suit)
        cdef uint32_t key = HONOURS_KEY if c else 0, slot
        for i in range(suit_width(suit)):
            key |= <uint32_t>held[base + i] << (3 * i)
        slot = (key * <uint32_t>0x9E3779B1) >> (32 - RECORD_BITS)
        while self.keys[slot] != EMPTY:
            if self.keys[slot] == key:
                return self.pool + self.offsets[slot]
            slot = (slot + 1) & (RECORD_SLOTS - 1)
        self._fill(memo, held + base, c, self.pool + self.used)
        self.keys[slot] = key
        self.offsets[slot] = self.used
        self.used += self.size[c]
        self.n_records += 1
        return self.pool + self.offsets[slot]

    cdef void _fill(self, SuitMemo memo, const uint8_t* tiles, int c, int8_t* out) noexcept nogil:
        """A record of class ``c`` (0: a suit of numbers, 1: the honours) for the suit's tiles."""
        cdef uint8_t held[34]
        cdef uint8_t caps[34]
        cdef int k, d, width = 7 if c else 9, first = 0 if c == 0 else self.n_specs[0]
        cdef const int32_t* spec
        cdef const DTarget* t
        cdef const int8_t* table
        cdef int offset = 0
        memset(held, 0, 34)
        memset(caps, 4, 34)
        for d in range(3 if c == 0 else 1):  # the tiles in every suit of the class: a slot reads its own
            memcpy(held + suit_base(3 if c else d), tiles, width)
        for k in range(first, first + self.n_specs[c]):
            spec = self.specs + 4 * k
            t = (self.parts.targets if spec[2] == READ_ONE else self.family.targets) + spec[0]
            if spec[2] == READ_BARE:
                out[offset] = <int8_t>bare(t, spec[1], held, caps)
                offset += 1
                continue
            table = memo.table(t, &self.family.ctx, spec[1], held, caps, True, self.family.ctx.work)
            if spec[2] == READ_ONE:
                out[offset] = table[spec[3]]
                offset += 1
            else:
                memcpy(out + offset, table, t.n_uses)
                offset += t.n_uses

    cdef bint full(self) noexcept nogil:
        """Whether a row's four records may not fit (then :meth:`clear` them between rows)."""
        return self.n_records + 4 > self.capacity or \
            self.used + 4 * <uint64_t>(self.size[0] if self.size[0] > self.size[1] else self.size[1]) > self.pool_size

    cdef void distances(self, SuitMemo memo, const uint8_t* held, int8_t* out) noexcept nogil:
        """Lower ``out`` (the row's columns) to the distance of every target the records read."""
        cdef const int8_t* rec[4]
        cdef const uint16_t* o
        cdef const DTarget* t
        cdef int k, v, d
        for d in range(4):
            rec[d] = self.record(memo, held, d)
        for k in range(self.n_sums):
            o = self.sum_offsets + 4 * k
            v = rec[0][o[0]] + rec[1][o[1]] + rec[2][o[2]] + rec[3][o[3]]  # NONE in any: at least NONE
            if v < out[self.sum_columns[k]]:
                out[self.sum_columns[k]] = <int8_t>v
        for k in range(self.n_others):
            t = &self.family.targets[self.other_targets[k]]
            v = self._merged(t, rec, self.other_offsets + 4 * k)
            if v < out[t.column]:
                out[t.column] = <int8_t>v

    cdef int _merged(self, const DTarget* t, const int8_t** rec, const uint16_t* o) noexcept nogil:
        """A target whose needs span suits: its busy suits' tables merged down to two, then
        each entry of one with its complement in the other (at the needs' full counts, the
        chows within their limit); a suit without groups adds its fixed tiles' count."""
        cdef const Ctx* ctx = &self.family.ctx
        cdef const int32_t* triples = ctx.triples + 3 * t.first_triple
        cdef int8_t* buffer = ctx.work + 4 * t.n_uses
        cdef const int8_t* tables[4]
        cdef int d, k = 0, offset = 0, best
        for d in range(4):
            if t.busy[d]:
                tables[k] = rec[d] + o[d]
                k += 1
            else:
                offset += rec[d][o[d]]
        if offset >= NONE:
            return NONE
        while k > 2:  # the last two merged into one
            merge(triples, t.n_triples, tables[k - 2], tables[k - 1], buffer, t.n_uses)
            tables[k - 2] = buffer
            buffer += t.n_uses
            k -= 1
        best = _joined(t, tables, k)
        return best + offset if best + offset < NONE else NONE


cdef int _joined(const DTarget* t, const int8_t** tables, int k) noexcept nogil:
    """The fewest missing over one table (``k`` 1) or two (each entry with its complement)
    at the needs' full counts and at most the chows' limit; no table: none missing when
    the target has no needs."""
    cdef int x, c, y, best = NONE
    cdef int needs = t.stride[t.n_needs] if t.track_chows else t.n_uses  # uses vectors of the needs alone
    cdef int chows = t.max_chows if t.track_chows else 0
    cdef int full = needs - 1  # every need at its count
    cdef const int8_t* a = tables[0]
    cdef const int8_t* b = tables[1]
    if k == 0:
        return 0 if full == 0 else NONE
    if k == 1:
        for c in range(chows + 1):
            if a[full + c * needs] < best:
                best = a[full + c * needs]
        return best
    if not chows:  # (a sum holding NONE is at least NONE: it never lowers best)
        for x in range(t.n_uses):
            if a[x] + b[full - x] < best:
                best = a[x] + b[full - x]
        return best
    for x in range(t.n_uses):
        if a[x] == NONE:
            continue
        c = x // needs
        y = full - x % needs
        while c <= chows:  # the chows of both within the limit
            if a[x] + b[y] < best:
                best = a[x] + b[y]
            c += 1
            y += needs
    return best
