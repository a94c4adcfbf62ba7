# The substitutions D of a row's jokers: every D making the hand complete, found (one or
# two jokers) from the wait table where a joker could stand at all (the natural standard
# waits; for two, part by part: each suit, each honour), or (more) from the kernel's
# joker decompositions; the fixed-shape hands its missing tiles fit (FixedIndex)
# (mjscore.score.jokers.readings.substitutions is the reference). And the most one D can
# score, from the counts of its natural hand S alone: a bound, never an estimate (a D
# that may make a special hand or read as pairs is bounded by what those hands score,
# c_hand_most), so the joker scorer (_scoring) skips those that cannot beat the best.
from libc.stdint cimport INT64_MAX, INT64_MIN, int32_t, int64_t, uint8_t, uint32_t, uint64_t

from mjscore.score._fold cimport Tables
from mjscore.score._fold cimport Group

cdef enum:
    MAX_FIXED_SUBS = 16     # the fixed-shape substitutions of a row remembered one by one
    ITEM_MEMO_BITS = 6
    ITEM_MEMO = 64          # 2**ITEM_MEMO_BITS entries, direct-mapped

ctypedef struct ItemSumsMemo:
    uint64_t facts
    uint64_t maybe
    int64_t points[2]       # [1]: with maybe; [0]: with maybe less the single wait
    int64_t doubles[2]
    uint64_t generation     # the RowBound's when filled (0: never)

ctypedef struct RowBound:
    # what every substitution of one row shares; kept across rows (in the caller's Subs,
    # zeroed before the first), so the parts that depend only on the rule set and the
    # winds are worked out again only when they change
    const Tables* r
    uint64_t context        # the context facts and the concealment (every reading holds them)
    uint64_t maybe          # the facts a reading may or may not hold (refined per S)
    int64_t meld_points     # the declared melds' set points and doubles (every reading has them)
    int64_t meld_doubles
    int64_t chow_points     # the most a concealed chow can earn (with its atom, either way)
    int64_t chow_doubles
    int64_t pung_points[34] # by tile: the most a pung earns, concealed or exposed (at
    int64_t pung_doubles[34] # least a chow's)
    int64_t pair_points[34]
    int64_t pair_doubles[34]
    uint64_t bare_pairs     # the tiles whose pair earns nothing
    int sets                # concealed sets of a standard reading (4 less the melds)
    int win                 # the winning tile (ANY_TILE: every concealed kind is tried)
    int seat
    int prevailing
    int items_ok            # the doubles are >= 0 (else no bound)
    int64_t special_most    # the most any reading scores (c_hand_most over the hands)
    int tile_items          # some item names a winning tile (its sums then depend on it)
    int bonus               # the row's flowers and seasons (items counted per bonus tile)
    # the items' sums by the facts asked and those perhaps held, across the rows of a
    # bulk call: a few dozen pairs recur, where a sum is a loop over every item whose
    # branches mispredict. Remembered while the rule set, the winds, the winning tile (if
    # an item names one) and the bonus tiles stay; a new generation forgets them all.
    ItemSumsMemo memo[ITEM_MEMO]
    uint64_t generation

# The most a reading making special hand `h` can score: the limit (its points and doubles
# are capped there) or the larger of its shares of the limit, exposed and concealed.
cdef inline int64_t c_hand_most(const Tables* r, int h) noexcept nogil:
    cdef const int32_t* v = &r.pat.values[8 * h]
    cdef int64_t most = r.cap
    cdef int k
    for k in range(0, 8, 4):
        if v[k + 2] > 0 and v[k + 3] > 0:  # (the share _fold._finish gives)
            most = max(most, (2 * r.limit * v[k + 2] + v[k + 3]) // (2 * v[k + 3]))
    return most

# The row's shared part; `melds` its declared melds, `context` the facts of its situation
# and concealment. `b` holds the previous row's (or zeros).
cdef void c_row_bound(RowBound* b, const Tables* r, uint32_t w, int win, int seat, int prevailing,
                      const Group* melds, int n_melds, uint64_t context) noexcept nogil
# The most a reading of S making no special hand can score (INT64_MIN: no such reading
# goes out), in `bound[1]`, and in `bound[0]` the same when the single-wait fact is known
# not to hold: `at_least[k]` the kinds S holds k times or more concealed (k = 1-4),
# `facts` the row facts of S (context and tiles).
cdef void c_plain_bound(RowBound* b, const uint64_t* at_least, uint64_t facts, int64_t* bound) noexcept nogil


from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t


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
    const uint64_t* weight          # per tile: its word's multiplier (weight[8j] for word j)
                                    # shifted to its byte
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
# The key of the held tiles in `ix`, its bitset word fetched ahead for `jokers`.
cdef uint64_t c_fixed_key(const FixedIndex* ix, const uint8_t* held, int jokers) noexcept nogil
# The substitutions completing a fixed-shape hand (`key`: c_fixed_key's); 1 if out of memory.
cdef int c_add_fixed_subs(const uint8_t* fixed_rows, int n_rows, const FixedIndex* ix, const uint8_t* held,
                          uint64_t key, int jokers, int use, Subs* sb) noexcept nogil
# Sort the substitutions and drop repeats.
cdef void c_sort_subs(Subs* sb) noexcept nogil
