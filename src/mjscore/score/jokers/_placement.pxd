# Where a substitution's jokers stand: placing the tiles D of a row's jokers as jokers in
# the groups of a decomposition of S = natural + D (or of a fixed variant), which
# readings keep them where the rule set lets them stand, and the single-wait fact of a
# row with jokers (mjscore.core.jokers, mjscore.score.jokers.readings). With jokers in
# pungs alone (jokers="pungs") the waits come from the hand's parts (_pung_parts.pxd)
# instead of the joker tables: c_waits_jokers_upto's answer for that use, a few times
# faster.
from libc.stdint cimport uint8_t, uint64_t

# The tiles t below their caps with `before` plus t complete, `jokers` (1 or 2) standing in
# pungs within `caps`; stops once `most` are found (0: never).
cdef uint64_t c_pung_waits_upto(const uint8_t* before, int jokers, const uint8_t* caps, int most) noexcept nogil


from libc.stdint cimport int16_t, int32_t, uint8_t, uint64_t

from mjscore.rules._pattern_kernel cimport FixedHit

cdef enum:
    FIXED_ROW = 176         # a fixed variant: counts[34], n_groups, kinds[14], firsts[14], pad,
    FIXED_MASKS = 64        # then from byte 64 each group's tiles as a 64-bit mask (a run of singles holds several)
    USE_PUNGS = 1
    USE_CHOWS = 2
    USE_PAIRS = 4

ctypedef struct JokerFilter:
    const uint8_t* natural      # the natural concealed counts
    const uint8_t* caps         # the most of each tile they may stand for with the jokers
    const uint8_t* d            # the substitution's tiles D, sorted
    int pairs                   # a reading of S as pairs keeps its jokers in pairs
    int singles                 # the rule set scores a single wait
    uint64_t others             # one joker, in any group: the tiles x making a complete
                                # natural + x (each proves a wait besides the winning tile)
    uint64_t* single_known      # the row's winning tiles whose single wait is known ...
    uint64_t* single            # ... and those only one kind could have been
    const uint8_t* fixed_rows   # per fixed entry of the patterns, its FIXED_ROW bytes
    int may_fixed               # S may make a fixed-shape hand (else none is looked for)
    int totals_only             # a bulk call keeps only the total and the special hand:
                                # a reading without decompositions to prove a second wait
                                # folds both ways first, and searches the waits only if
                                # the two differ there
    int jokers
    int use
    const int16_t* quant        # the variants some D of the row may fill (c_candidates_bound),
    int n_quant                 # -1: not narrowed (every variant is filtered per D)
    const int16_t* items
    int n_items

# How many jokers a group of `kind` (a group code's kind) may hold under `use`
# (joker_readings.group_allows): a chow one, a pung two, a kong three, a pair or a single
# one, a knitted group none.
cdef inline int c_room(int kind, int use) noexcept nogil:
    if kind == 0:
        return 1 if use & USE_CHOWS else 0
    if kind == 1 or kind == 2:
        return kind + 1 if use & USE_PUNGS else 0
    if kind == 3 or kind == 4:
        return 1 if use & USE_PAIRS else 0
    return 0

# Whether D's `n` tiles fit groups of the fixed variant `row` (FIXED_ROW bytes) where
# jokers may stand under `use` (joker_readings.fits_groups).
cdef int c_fits_fixed(const uint8_t* row, const uint8_t* tiles, int n, int use) noexcept nogil
# Keep the fixed entries whose groups hold the substitution's jokers; how many.
cdef int c_fixed_allowed(const JokerFilter* jf, FixedHit* fixed, int n) noexcept nogil
# F_SINGLE_WAIT if only the winning tile `wt` could have completed the row with its
# jokers, else 0; worked out once per row and winning tile (kept in jf).
cdef uint64_t c_joker_single(const JokerFilter* jf, int wt, const uint8_t* found, int n_dec) noexcept nogil
# Whether D's tiles can stand as jokers in this decomposition of S (five codes, 0xFF
# pads); if so, per code, the tiles its group holds naturally in some placement.
cdef int c_decomposition_allowed(const JokerFilter* jf, const uint8_t* codes,
                                 uint64_t* natural_tiles) noexcept nogil
