# The compiled entry points' own declarations: a row against a target and the per-suit
# records of plain rows (see _kernel.pyx). Merging two suits' tables is inline here, as
# the per-row loops call it for every target whose needs span suits.
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset
from cpython.pythread cimport PyThread_type_lock

from mjscore.core._group_codes cimport G_CONCEALED_KONG, G_KONG, NO_GROUP, group_code, group_kind, group_tile, meld_tiles
from mjscore.distances._tables cimport SuitMemo
from mjscore.distances._targets cimport Family
from mjscore.distances._types cimport (JOIN_CHOWS, JOIN_PAIRS, JOIN_SUM, MAX_GROUPS, MAX_JOKERS, MAX_NEEDS, NONE, Ctx,
                                      DTarget, Row, fits, suit_base, suit_width)


cdef int bare(const DTarget* t, int suit, const uint8_t* held, const uint8_t* caps) noexcept nogil
cdef uint8_t row_status(const uint8_t* counts, const uint8_t* melds, int jokers, int use, int claimed,
                        uint8_t* meld_counts, uint8_t* codes, int* n_melds) noexcept nogil
cdef int flow(const uint8_t* caps, const uint64_t* masks, int n, const int* lacking, int jokers) noexcept nogil
cdef int assign(const DTarget* t, const uint8_t* melds, int n_melds, int claimed,
                int (*lefts)[MAX_NEEDS]) noexcept nogil
cdef int enumerated(const DTarget* t, const uint8_t* held, const uint8_t* melds, int n_melds, int claimed,
                    const uint8_t* meld_counts, const uint8_t* variants, const uint8_t* variant_caps,
                    const uint64_t* variant_masks) noexcept nogil

cdef enum:
    VARIANT_BYTES = 51   # an enumerated way: 34 counts, 8 meld bytes, 8 kong tiles, and a byte
                         # of the kongs a claimed kong may stand for (bit j: the j-th kong tile)


cdef inline void merge(const int32_t* triples, int n_triples, const int8_t* a, const int8_t* b, int8_t* out,
                        int n_uses) noexcept nogil:
    """``out[c]``: fewest missing over ``a[x] + b[y]`` with ``x + y = c`` (the triples list
    every such sum within the target's counts). A sum holding NONE is at least NONE, so
    it never lowers an entry: no test for it."""
    cdef int k, value
    cdef const int32_t* triple = triples
    memset(out, NONE, n_uses)
    for k in range(n_triples):
        value = a[triple[0]] + b[triple[1]]
        if value < out[triple[2]]:
            out[triple[2]] = <int8_t>value
        triple += 3


cdef inline const int8_t* pair(const int32_t* triples, int n_triples, const int8_t* a, const int8_t* b,
                               int8_t* out, int n_uses) noexcept nogil:
    """Two suits' tables merged; NULL stands for a table of one entry at no groups, whose
    number the caller adds."""
    if a == NULL:
        return b
    if b == NULL:
        return a
    merge(triples, n_triples, a, b, out, n_uses)
    return out


cdef class RowRecords:
    cdef Family family
    cdef Family parts             # the targets' suit parts (``READ_ONE`` slots read their tables)
    cdef int size[2]              # bytes of a record: of a suit of numbers, of the honours
    cdef int n_specs[2]
    cdef const int32_t* specs     # per slot: target, suit, what it reads, the entry read
    cdef int n_sums
    cdef const uint16_t* sum_offsets    # per JOIN_SUM target, its slot in each suit's record
    cdef const int32_t* sum_columns
    cdef int n_others
    cdef const uint16_t* other_offsets  # per JOIN_PAIRS or JOIN_CHOWS target, its slots
    cdef const int32_t* other_targets
    cdef readonly uint32_t memo_entries  # the most one row's records add to the memo (bytes)
    cdef object arrays
    cdef uint32_t* keys
    cdef uint64_t* offsets
    cdef int8_t* pool
    cdef uint64_t used
    cdef uint64_t pool_size
    cdef int n_records
    cdef int capacity

    cdef void clear(self) noexcept nogil
    cdef bint full(self) noexcept nogil
    cdef const int8_t* record(self, SuitMemo memo, const uint8_t* held, int suit) noexcept nogil
    cdef void _fill(self, SuitMemo memo, const uint8_t* tiles, int c, int8_t* out) noexcept nogil
    cdef void distances(self, SuitMemo memo, const uint8_t* held, const int8_t* floor, int limit,
                        int8_t* out) noexcept nogil
    cdef int _merged(self, const DTarget* t, const int8_t** rec, const uint16_t* o) noexcept nogil


# A rule set's distance targets in C (see _kernel.pyx); other compiled modules ask a row's
# nearest special hand through ``nearest``.
cdef class CompiledDistances:
    cdef Family family            # the targets of rows without jokers
    cdef Family parts             # the suits' parts of targets whose needs each lie in one suit
    cdef DTarget* targets
    cdef int n_targets
    cdef readonly int n_columns
    cdef int use                  # where jokers may stand (JokerUse bits; 0: the rule set has none)
    cdef SuitMemo memo
    cdef RowRecords records
    cdef int32_t* unrecorded      # the targets records do not read (knitted, concrete ways)
    cdef int n_unrecorded
    cdef uint8_t* variants        # enumerated ways, VARIANT_BYTES each (see there)
    cdef uint8_t* variant_caps    # per way, MAX_GROUPS groups that may hold jokers: capacity (0: none)
    cdef uint64_t* variant_masks  # and tiles
    cdef object arrays            # the numpy arrays below point into
    cdef object py_targets
    cdef object built             # the profiles (for joker families' keys)
    cdef const uint8_t* knit_put  # per knit move, the tiles it puts on a number in each suit (3)
    cdef const uint16_t* knit_numbers  # per knit move, the numbers it may take
    cdef const int16_t* knit_next # per knit state: how many moves stay within the counts, then (move, state after) each
    cdef object joker_families    # per number of jokers (1-8): a Family, built on first use
    cdef DTarget* joker_targets[MAX_JOKERS + 1]
    cdef Ctx joker_ctx[MAX_JOKERS + 1]
    cdef uint32_t joker_entries[MAX_JOKERS + 1]
    cdef PyThread_type_lock lock  # held while a call reads or fills the memo and records

    cdef int nearest(self, const uint8_t* counts, const uint8_t* melds, int claimed, const int8_t* floor,
                     int limit, int8_t* out) noexcept nogil
    cdef int _row(self, const uint8_t* counts, const uint8_t* melds, int wild, int claimed, const int8_t* floor,
                  int limit, int8_t* out) noexcept nogil
    cdef int _target(self, const DTarget* t, const Ctx* ctx, const Row* row) noexcept nogil
    cdef int _separable(self, const DTarget* t, const Ctx* ctx, const uint8_t* held, const uint8_t* caps,
                        const bint* touched, int (*lefts)[MAX_NEEDS], int n_left) noexcept nogil
