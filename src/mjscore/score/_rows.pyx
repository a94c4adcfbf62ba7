"""Reading a bulk row: its checks, its melds, a hand that did not go out, and the
scoring of a row without jokers (``_score_reference.score_one``): the row checked,
then every reading of it folded (``_score_readings``)."""

from libc.stdint cimport int16_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

from mjscore.score._fold cimport Best, Tables, _add_sets, c_fold
from mjscore.core._group_codes cimport G_CHOW, G_KONG, G_PAIR, G_PUNG, NO_GROUP
from mjscore.rules._pattern_kernel cimport MAX_HANDS_MATCHED
from mjscore.score._facts cimport (A_ROW_WIND, ANY_TILE, F_CONCEALED_HAND, MELD_INFO, NO_TILE, S_BAD_CONTEXT,
                                   S_BAD_COUNT, S_BAD_MELD, S_OK, S_WRONG_SIZE, SHAPE_LOSING, W_DECLARED,
                                   W_EARTH, W_HEAVEN, W_KONG_ON_KONG, W_KONG_REPLACEMENT, W_ROBBING, W_WINNER,
                                   Group, MeldInfo, _atom, _context_facts, _tile_facts)
from mjscore.score._readings cimport c_score_readings


cdef int _read_melds(const uint8_t* m, const uint8_t* c, uint8_t* held, Group* melds,
                     int* n_melds, int* exposed, int seat, int prevailing) noexcept nogil:
    """Validate the meld bytes and add their tiles to ``held``; a status."""
    cdef int k, t
    cdef const MeldInfo* info
    cdef Group* g
    n_melds[0] = 0
    exposed[0] = 0
    memcpy(held, c, 34)
    for k in range(4):
        if m[k] == NO_GROUP:
            continue
        info = &MELD_INFO[m[k]]
        if info.n == 0:
            return S_BAD_MELD
        t = info.tile
        if info.kind == G_CHOW:
            held[t] += 1
            held[t + 1] += 1
            held[t + 2] += 1
        else:
            held[t] += info.n
        g = &melds[n_melds[0]]
        g.kind = info.kind
        g.tile = t
        g.concealed = info.concealed
        g.atom = _atom(info.kind, t, seat, prevailing) if info.atom == A_ROW_WIND else info.atom
        exposed[0] |= not info.concealed
        n_melds[0] += 1
    return S_OK


cdef inline int _melds_over4(const uint8_t* held, const Group* melds, int n_melds) noexcept nogil:
    """Whether a tile of a meld is held more than four times (the concealed counts being
    at most four, no other can be)."""
    cdef int k, t, over = 0
    for k in range(n_melds):
        t = melds[k].tile
        over |= held[t] > 4
        if melds[k].kind == G_CHOW:
            over |= (held[t + 1] > 4) | (held[t + 2] > 4)
    return over


cdef int c_check_row(const uint8_t* c, const uint8_t* m, int win, uint32_t w, int seat,
                           int prevailing, int jokers, uint8_t* held, Group* melds, int* n_melds,
                           int* exposed, int* total) noexcept nogil:
    """The row's checks (``_score_reference.row_status``), ``jokers`` held concealed counted
    as tiles; fills ``held`` (the melds' tiles added), the melds and the tile total."""
    cdef int k, status, kongs, winner = (w & W_WINNER) != 0
    if mj_any_above4(c):
        return S_BAD_COUNT
    total[0] = mj_sum34(c)
    status = _read_melds(m, c, held, melds, n_melds, exposed, seat, prevailing)
    if status:
        return status
    kongs = 0
    for k in range(n_melds[0]):
        kongs += melds[k].kind == G_KONG
    if _melds_over4(held, melds, n_melds[0]):
        return S_BAD_COUNT
    if total[0] + jokers + 3 * n_melds[0] != (14 if winner else 13):
        return S_WRONG_SIZE
    if not winner and win != ANY_TILE:
        return S_BAD_CONTEXT
    if winner and win != ANY_TILE:
        if win >= 34 or c[win] == 0:
            return S_BAD_CONTEXT
        if w & W_ROBBING and held[win] != 1:
            return S_BAD_CONTEXT
    if winner and ((w & W_KONG_REPLACEMENT and kongs == 0) or (w & W_KONG_ON_KONG and kongs < 2)):
        return S_BAD_CONTEXT
    if (n_melds[0] and w & (W_HEAVEN | W_EARTH)) or (exposed[0] and w & W_DECLARED):
        return S_BAD_CONTEXT
    return S_OK


cdef int c_score_row(const uint8_t* c, const uint8_t* m, int win, uint32_t w, int seat,
                    int prevailing, const Tables* r, Best* best) noexcept nogil:
    """Validate and score one row (``_score_reference.score_many``); its status."""
    cdef uint8_t held[34]
    cdef Group melds[4]
    cdef int n_melds, exposed, status, total
    cdef uint64_t base, presence
    best.found = 0
    best.total = 0
    best.special = -1
    best.n_matched = 0
    status = c_check_row(c, m, win, w, seat, prevailing, 0, held, melds, &n_melds, &exposed, &total)
    if status:
        return status
    presence = mj_presence34(held)
    base = _context_facts(w) | _tile_facts(presence) | (0 if exposed else F_CONCEALED_HAND) | r.no_jokers
    if not w & W_WINNER:
        return c_score_losing(c, w, seat, prevailing, r, melds, n_melds, base, best)
    return c_score_readings(c, m, win, w, seat, prevailing, r, held, presence, melds, n_melds,
                           exposed, total, base, NULL, best)


cdef int c_score_losing(const uint8_t* c, uint32_t w, int seat, int prevailing, const Tables* r,
                       const Group* melds, int n_melds, uint64_t base, Best* best) noexcept nogil:
    """A hand that did not go out: its melds, concealed pungs and pairs."""
    cdef Group groups[9]
    cdef int t, n_groups
    cdef int64_t set_points, set_doubles
    cdef int16_t made[MAX_HANDS_MATCHED]
    if not r.losers:  # a zero score, read as a losing hand with no groups
        best.found = 1
        best.points = 0
        best.doubles = 0
        best.applied = 0
        best.best_reading[0] = NO_TILE
        best.best_reading[1] = SHAPE_LOSING
        best.best_reading[2] = -1
        best.best_reading[3] = -1
        memset(best.best_groups, NO_GROUP, 5)
        return S_OK
    memcpy(groups, melds, n_melds * sizeof(Group))
    n_groups = n_melds
    for t in range(34):
        if c[t] >= 2:
            groups[n_groups].kind = G_PUNG if c[t] >= 3 else G_PAIR
            groups[n_groups].tile = t
            groups[n_groups].concealed = 1
            groups[n_groups].atom = _atom(groups[n_groups].kind, t, seat, prevailing)
            n_groups += 1
    best.reading[0] = NO_TILE
    best.reading[1] = SHAPE_LOSING
    best.reading[2] = -1
    best.reading[3] = -1
    memset(best.groups, NO_GROUP, 5)
    set_points = set_doubles = 0
    _add_sets(r, groups, n_groups, &set_points, &set_doubles)
    c_fold(r, set_points, set_doubles, base, NO_TILE, made, 0, best)
    return S_OK
