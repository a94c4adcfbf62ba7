"""The replacement numbers of seed 001's knitted hands, for the shanten kernel: inline
functions, compiled into each module that cimports them (see ``_shanten_reference``,
``_knitting`` and ``_triple_knitting``, for the definitions)."""

from libc.stdint cimport uint8_t

cdef enum:
    KNITTING = 8           # the Form bits (mjscore.shanten.Form)
    TRIPLE_KNITTING = 16
    KNITTED = 24
    NO_KNITTED_FORM = 127  # the shanten kernel's NO_VALUE


cdef inline int _suit_of_pair(int pair, int which) noexcept nogil:
    """The suits of knitted pair ``pair`` (0-2): (m, p), (m, s), (p, s)."""
    if which == 0:
        return 0 if pair < 2 else 1
    return 1 if pair == 0 else 2


cdef inline int _knitting(const uint8_t* c) noexcept nogil:
    """Seven knitted pairs in two suits: per two suits, the seven largest gains, counted
    by value (a gain is 0, 1 or 2)."""
    cdef int pair, r, k, g, take, left, matched, best = 14
    cdef int hist[3]
    cdef const uint8_t* a
    cdef const uint8_t* b
    for pair in range(3):
        a = c + 9 * _suit_of_pair(pair, 0)
        b = c + 9 * _suit_of_pair(pair, 1)
        hist[0] = hist[1] = hist[2] = 0
        for r in range(9):
            for k in range(4):
                hist[(a[r] > k) + (b[r] > k)] += 1
        left, matched = 7, 0
        for g in range(2, 0, -1):
            take = hist[g] if hist[g] < left else left
            matched += take * g
            left -= take
        best = 14 - matched if 14 - matched < best else best
    return best


cdef inline int _triple_knitting(const uint8_t* c) noexcept nogil:
    """Four knitted pungs and a knitted pair: per pair (number and two suits), the four
    largest pung gains, counted by value (0 to 3)."""
    cdef int pair_rank, pair, r, k, s, g, take, left, matched, best = 14
    cdef int hist[4]
    cdef int extra[3]
    for pair_rank in range(9):
        for pair in range(3):
            hist[0] = hist[1] = hist[2] = hist[3] = 0
            matched = 0
            for r in range(9):
                for s in range(3):
                    extra[s] = r == pair_rank and (s == _suit_of_pair(pair, 0) or s == _suit_of_pair(pair, 1))
                    if extra[s] and c[9 * s + r]:
                        matched += 1  # the pair's tile, held
                for k in range(4 - (r == pair_rank)):
                    hist[(c[r] > k + extra[0]) + (c[9 + r] > k + extra[1]) + (c[18 + r] > k + extra[2])] += 1
            left = 4
            for g in range(3, 0, -1):
                take = hist[g] if hist[g] < left else left
                matched += take * g
                left -= take
            best = 14 - matched if 14 - matched < best else best
    return best


cdef inline int c_knitted(const uint8_t* c, int forms) noexcept nogil:
    """The replacement number over the knitted forms asked for (NO_KNITTED_FORM for none)."""
    cdef int best = NO_KNITTED_FORM, v
    if forms & KNITTING:
        best = _knitting(c)
    if forms & TRIPLE_KNITTING:
        v = _triple_knitting(c)
        best = v if v < best else best
    return best
