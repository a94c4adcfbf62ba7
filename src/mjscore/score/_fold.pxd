# The compiled fold (mjscore.score.fold): a rule set's tables as flat C arrays, and the
# scoring of one reading against them, kept if it beats the best so far.
from libc.stdint cimport INT64_MAX, int16_t, int32_t, int64_t, uint8_t, uint64_t

from mjscore.rules._pattern_kernel cimport MAX_HANDS_MATCHED, Patterns
from mjscore.score._facts cimport Group

ctypedef struct Tables:
    const int32_t* set_points     # [kind][concealed][atom], 4 x 2 x 7
    const int32_t* set_doubles
    const uint64_t* when
    const uint64_t* unless
    const uint8_t* item_tile
    const int32_t* points
    const int32_t* doubles
    const uint64_t* excludes
    const uint8_t* late
    const uint8_t* base
    int n_items
    int64_t limit
    int shapes
    int losers
    int stack              # special-hands = "stack": every special hand made scores
    int required           # special-required: only readings making a special hand win
    uint64_t plain_needs   # facts a reading making no special hand needs one of (0: none)
    const Patterns* pat
    int max_chows          # 4 when the rule set sets no limit
    uint64_t used          # every fact some item names: the others need not be computed
    uint64_t late_items    # items that need the no-points fact
    uint64_t late_gate     # a late item can match only if the facts hold one of these
    int any_excludes
    int jokers             # where jokers may stand (mjscore.core.jokers.JokerUse); 0: no jokers
    uint64_t no_jokers     # the no-jokers fact for a hand without jokers (0 when jokers are off)
    # Item matching by table lookup, one table per byte of the fact word: the items
    # whose `when` facts within that byte are all present and whose `unless` facts
    # within it are all absent. AND over the 8 bytes gives the matching items.
    uint64_t allowed[8][256]
    uint64_t tile_allowed[256]   # items whose win-tile condition holds for this tile

cdef inline bint _plain_wins(const Tables* r, uint64_t facts) noexcept nogil:
    """Whether a reading that makes no special hand goes out: not when special hands are
    required, and under the prohibition of mixed suits only in one suit or in honours."""
    return not r.required and (r.plain_needs == 0 or (facts & r.plain_needs) != 0)


ctypedef struct Best:
    int64_t total
    int special
    int found
    int64_t points
    int64_t doubles
    uint64_t applied
    # the reading being folded (set by the caller) and the best one's
    int reading[4]        # win tile, shape (readings.SHAPE_CODES), decomposition, group
    int best_reading[4]
    uint8_t groups[5]     # and a standard one's concealed groups (group bytes), NO_GROUP padded
    uint8_t best_groups[5]
    int n_matched         # the special hands the best reading made
    int16_t matched[MAX_HANDS_MATCHED]

cdef class CompiledRules:
    cdef Tables r
    cdef object arrays      # the arrays the pointers point into

# The rule set's CompiledRules, built on first use and kept in rules.caches.
cdef CompiledRules compiled_rules(rules)

# Score one reading (mjscore.score.fold.score_reading) whose groups earn `set_points` and
# `set_doubles` and which makes the special `hands`, and keep it if it beats `best`.
cdef void c_fold(const Tables* r, int64_t set_points, int64_t set_doubles, uint64_t facts, int win,
                 const int16_t* hands, int n_hands, Best* best) noexcept nogil


cdef inline int _cell_of(int kind, int concealed, int atom) noexcept nogil:
    """A group's index in the set tables (kind x concealed x atom)."""
    return (kind * 2 + concealed) * 7 + atom


cdef inline int _cell(const Group* g) noexcept nogil:
    return _cell_of(g.kind, g.concealed, g.atom)


cdef inline int64_t _capped_total(const Tables* r, int64_t points, int64_t doubles) noexcept nogil:
    """``points << doubles`` within the rule set's limit (step 5 of mjscore.score.fold, before
    a special hand's share): not above the limit, nor overflowing on the way."""
    if points <= 0:
        return points
    if doubles >= 62 or points > (INT64_MAX >> doubles):
        return r.limit
    return min(points << doubles, r.limit)


cdef inline void _add_sets(const Tables* r, const Group* g, int n, int64_t* points,
                           int64_t* doubles) noexcept nogil:
    """Add the set points and doubles of ``n`` groups."""
    cdef int i, cell
    for i in range(n):
        cell = _cell(&g[i])
        points[0] += r.set_points[cell]
        doubles[0] += r.set_doubles[cell]
