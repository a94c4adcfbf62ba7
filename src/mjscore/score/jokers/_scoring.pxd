# Scoring a row holding jokers: each substitution D of its jokers scored as the natural
# hand S = natural + D, keeping only the readings of S that hold D's tiles as jokers
# where the rule set lets them stand (_score_reference.score_one_jokers).
from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t

from mjscore.score._fold cimport Best, Tables
from mjscore.score.jokers._substitutions cimport FixedIndex, Subs

# Validate and score one row holding jokers; its status, and the best reading's
# substitution in `best_d` (0xFF pads). `sb`: a buffer the caller keeps across rows.
# `totals_only`: the caller keeps only best.total and best.special (a bulk call), so a
# substitution that can at most tie a plain best with a plain reading is not scored.
cdef int c_score_row_jokers(const uint8_t* c, const uint8_t* m, int win, uint32_t w, int seat,
                            int prevailing, const Tables* r, int jokers, int meld_jokers,
                            const uint8_t* fixed_rows, int n_fixed_rows, const FixedIndex* ix, Subs* sb,
                            int totals_only, Best* best, uint8_t* best_d) noexcept nogil
# The FixedIndex over the arrays joker_fixed_rows() returns third (the caller keeps them).
cdef FixedIndex c_fixed_index(tuple arrays)
