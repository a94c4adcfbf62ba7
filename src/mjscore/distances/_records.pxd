# Distances of a row without declared melds or jokers, one record per suit (see _distance_records.pyx).
from libc.stdint cimport int8_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t

from mjscore.distances._family cimport Family
from mjscore.distances._memo cimport SuitMemo
from mjscore.distances._rows cimport bare, merge
from mjscore.distances._types cimport JOIN_CHOWS, JOIN_PAIRS, JOIN_SUM, NONE, Ctx, DTarget, suit_base, suit_width


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
    cdef void distances(self, SuitMemo memo, const uint8_t* held, int8_t* out) noexcept nogil
    cdef int _merged(self, const DTarget* t, const int8_t** rec, const uint16_t* o) noexcept nogil
