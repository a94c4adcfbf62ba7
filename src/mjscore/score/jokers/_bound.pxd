# The most one substitution D of a row's jokers can score, from the counts of its natural
# hand S alone, so the joker scorer scores the promising substitutions first and skips
# those that cannot beat the best found (_score_jokers). A bound, never an estimate: a
# substitution that may make a special hand or read as pairs is bounded by what those
# hands score (c_hand_most).
from libc.stdint cimport INT64_MAX, INT64_MIN, int32_t, int64_t, uint8_t, uint32_t, uint64_t

from mjscore.score._fold cimport Tables
from mjscore.score._facts cimport Group

cdef enum:
    MAX_FIXED_SUBS = 16     # the fixed-shape substitutions of a row remembered one by one

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
    # the items' sums for the last facts asked, with and without the single wait
    # (the substitutions of a row mostly share them)
    uint64_t last_facts[2]
    uint64_t last_maybe[2]
    int64_t last_points[2]
    int64_t last_doubles[2]

# The most a reading making special hand `h` can score: the limit (its points and doubles
# are capped there) or the larger of its shares of the limit, exposed and concealed.
cdef inline int64_t c_hand_most(const Tables* r, int h) noexcept nogil:
    cdef const int32_t* v = &r.pat.values[8 * h]
    cdef int64_t most = r.limit
    cdef int k
    for k in range(0, 8, 4):
        if v[k + 2] > 0 and v[k + 3] > 0:  # (the share _fold._finish gives)
            most = max(most, (2 * r.limit * v[k + 2] + v[k + 3]) // (2 * v[k + 3]))
    return most

# The row's shared part; `melds` its declared melds, `exposed` whether one is exposed.
# `b` holds the previous row's (or zeros).
cdef void c_row_bound(RowBound* b, const Tables* r, uint32_t w, int win, int seat, int prevailing,
                      const Group* melds, int n_melds, int exposed) noexcept nogil
# The most a reading of S making no special hand can score (INT64_MIN: no such reading
# goes out), in `bound[1]`, and in `bound[0]` the same when the single-wait fact is known
# not to hold: `at_least[k]` the kinds S holds k times or more concealed (k = 1-4),
# `facts` the row facts of S (context and tiles).
cdef void c_plain_bound(RowBound* b, const uint64_t* at_least, uint64_t facts, int64_t* bound) noexcept nogil
