# The waits of a hand with one or two jokers standing in pungs alone (jokers="pungs"), from
# its parts (_score_pung_parts) instead of the joker tables: c_waits_jokers_upto's answer
# for that use, a few times faster (the single-wait fact of a joker row, _score_placement).
from libc.stdint cimport uint8_t, uint64_t

# The tiles t below their caps with `before` plus t complete, `jokers` (1 or 2) standing in
# pungs within `caps`; stops once `most` are found (0: never).
cdef uint64_t c_pung_waits_upto(const uint8_t* before, int jokers, const uint8_t* caps, int most) noexcept nogil
