# Every reading of a complete row, folded: each standard decomposition with each group
# the winning tile may have completed, seven pairs, and the special hands the patterns
# match (mjscore.score.readings); with a JokerFilter, only the readings that keep a
# substitution's jokers where they may stand (mjscore.score.jokers.readings).
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from mjscore.score._fold cimport Best, Tables
from mjscore.score._facts cimport Group
from mjscore.score.jokers._placement cimport JokerFilter

# Every reading of a complete row (`c` its concealed counts, `held` with the melds'),
# folded into `best`; S_OK if one was found, else S_NOT_WINNING. With `jf`, `c` is the
# natural hand S a hand with jokers stands for, and only the readings `jf` allows count.
cdef int c_score_readings(const uint8_t* c, const uint8_t* m, int win, uint32_t w, int seat,
                          int prevailing, const Tables* r, const uint8_t* held, uint64_t presence,
                          const Group* melds, int n_melds, int exposed, int total, uint64_t base,
                          const JokerFilter* jf, Best* best) noexcept nogil
