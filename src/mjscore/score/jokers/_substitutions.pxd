# The substitutions D of a row's jokers: every D making the hand complete, found (one or
# two jokers) from the wait table where a joker could stand at all (the natural standard
# waits; for two, part by part: each suit, each honour), or (more) from the kernel's
# joker decompositions; the fixed-shape hands its missing tiles fit (FixedIndex).
# (joker_readings.substitutions is the reference.)
from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t

from mjscore.score.jokers._bound cimport RowBound

ctypedef struct Subs:
    # the substitutions D of one row, 8 bytes each (sorted tiles, 0xFF pads), and the
    # kernel's joker decompositions (three jokers or more), in buffers a bulk call
    # keeps across rows (grown with realloc, freed at its end)
    uint8_t* d
    int n
    int capacity
    int failed
    uint8_t* rows
    int rows_capacity
    RowBound bound          # the bounds' shared part (_score_bound), kept across rows

cdef enum:
    BUCKET_BITS = 16        # 65,537 starts (256 kB) over the keys of the FixedIndex

ctypedef struct FixedIndex:
    # the fixed variants by their tiles, so a row with one or two jokers visits only those
    # it can make: a multiset's key is the sum of its tiles' random 64-bit weights, so a
    # variant less j of its tiles has the key of the held tiles when they are all but D
    const uint64_t* weight          # per tile
    const uint32_t* less_keys[2]    # [j - 1]: the keys of the variants less j tiles (the
                                    # top 32 bits), sorted
    const int32_t* less_variant[2]  # ... the variant of each
    int n_less[2]
    const uint64_t* less_bits[2]    # ... a bit per key (its top 64 - less_shift bits)
    int less_shift[2]
    const int32_t* less_start[2]    # ... where the keys of each top BUCKET_BITS bits start (one
                                    # more at the end): a lookup searches a few cache lines

# Append one substitution (`n` sorted tiles); 1 if out of memory.
cdef int c_push_d(Subs* sb, const uint8_t* d, int n) noexcept nogil
# The tiles a joker could stand for at all (`present`: the natural tiles' kinds,
# `held_four`: the kinds held four times with the melds').
cdef uint64_t c_near(uint64_t present, uint64_t held_four, int use) noexcept nogil
# Every D of one or two tiles completing `s` in sets and a pair where jokers may stand
# under `use` (`held`: with the melds' tiles; `at_least[k]`: the kinds `s` holds k times
# or more, k = 1-4, and [0] those `held` holds three times or more), ascending; 1 if out
# of memory.
cdef int c_complete_subs(Subs* sb, const uint8_t* s, const uint8_t* held, const uint8_t* caps, int use,
                         int jokers, const uint64_t* at_least) noexcept nogil
# Every D of the kernel's joker decompositions, unsorted; 1 if out of memory.
cdef int c_decomposition_subs(Subs* sb, const uint8_t* natural, int jokers, int use,
                              const uint8_t* caps) noexcept nogil
# The key of the held tiles (`presence`: their kinds) in `ix`, its bitset word fetched
# ahead for `jokers`.
cdef uint64_t c_fixed_key(const FixedIndex* ix, const uint8_t* held, uint64_t presence,
                          int jokers) noexcept nogil
# The substitutions completing a fixed-shape hand (`key`: c_fixed_key's); 1 if out of memory.
cdef int c_add_fixed_subs(const uint8_t* fixed_rows, int n_rows, const FixedIndex* ix, const uint8_t* held,
                          uint64_t key, int jokers, int use, Subs* sb) noexcept nogil
# Sort the substitutions and drop repeats.
cdef void c_sort_subs(Subs* sb) noexcept nogil
