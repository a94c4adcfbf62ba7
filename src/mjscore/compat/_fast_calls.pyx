"""``is_agari`` and ``divide_hand`` of :mod:`mjscore.compat.mahjong`, compiled.

Both are called once per hand from Python, and the library answers most calls in a
few microseconds, so what decides the speed is the cost of the call itself: reading
the 34 counts, and building the library's nested lists. Here both happen in C on the
usual input (a list of 34 ints, with or without a list of melds); anything else (other
sequences, counts outside 0-4, sizes the kernel refuses, melds that are not among the
tiles) is handed to the Python reference (:mod:`mjscore.compat._agari`,
:mod:`mjscore.compat._divider`), which gives the library's answer or error. The two
agree on every input (tests/test_compat_mahjong.py runs on both backends).
"""

from libc.stdint cimport uint8_t

from cpython.ref cimport PyObject

from mjscore.decompose._kernel cimport c_decompose, c_is_complete, c_require_tables
from mjscore.core._group_codes cimport G_CHOW, G_KONG, G_PAIR, G_PUNG, NO_GROUP, group_kind, group_tile

from mjscore.compat._agari import is_agari as _reference_is_agari
from mjscore.compat._divider import divide_hand as _reference_divide_hand

cdef extern from "Python.h":
    bint PyLong_CheckExact(PyObject*)
    long PyLong_AsLongAndOverflow(PyObject*, int*)
    Py_ssize_t PyList_GET_SIZE(object)
    PyObject* PyList_GET_ITEM(object, Py_ssize_t)

cdef enum:
    # The library's block types, in its sort order: a block's key is tile * 4 + type.
    QUAD = 0
    TRIPLET = 1
    PAIR = 2
    SEQUENCE = 3
    MAX_DIVISIONS = 64   # c_decompose's most for 14 tiles (the kernel's contract)
    MAX_BLOCKS = 7       # seven pairs

cdef int TYPE_OF_KIND[4]  # a decomposition's group kind (chow, pung, pair) as the library's type
TYPE_OF_KIND[G_CHOW] = SEQUENCE; TYPE_OF_KIND[G_PUNG] = TRIPLET; TYPE_OF_KIND[G_KONG] = QUAD
TYPE_OF_KIND[G_PAIR] = PAIR
cdef int ORPHAN_SUIT_TILES[6]
ORPHAN_SUIT_TILES[:] = [0, 8, 9, 17, 18, 26]

_MELD_TYPES = {"chi": SEQUENCE, "pon": TRIPLET, "kan": QUAD, "shouminkan": QUAD}


# CPython keeps one object for each small int, in one array: an int 0-4 from a list is
# almost always one of them, told by its address alone (the usual way reads any other).
cdef size_t SMALL_INTS = 0     # the address of 0, when 0-4 lie evenly a power of two apart
cdef int SMALL_SHIFT = -1      # log2 of that distance; -1: the usual way only
_stride = id(1) - id(0)
if _stride > 0 and _stride & (_stride - 1) == 0 and all(id(v) - id(0) == v * _stride for v in range(5)):
    SMALL_INTS, SMALL_SHIFT = id(0), _stride.bit_length() - 1


cdef inline int _small_int(PyObject* item, long most) noexcept:
    """The item as an int in 0..``most``, or -1 for anything else (another type, a big int)."""
    cdef int overflow = 0
    cdef long value
    cdef size_t offset = <size_t>item - SMALL_INTS
    if SMALL_SHIFT >= 0 and offset <= (<size_t>4 << SMALL_SHIFT) and offset & ((<size_t>1 << SMALL_SHIFT) - 1) == 0:
        value = <long>(offset >> SMALL_SHIFT)
        return <int>value if value <= most else -1
    if not PyLong_CheckExact(item):
        return -1
    value = PyLong_AsLongAndOverflow(item, &overflow)
    if overflow or value < 0 or value > most:
        return -1
    return <int>value


cdef int _read_counts(object tiles, uint8_t* counts, int end) noexcept:
    """Counts ``0..end-1`` of a list of 34 into ``counts``; their sum, or -1 if one is no count."""
    cdef int t, value, total = 0
    for t in range(end):
        value = _small_int(PyList_GET_ITEM(tiles, t), 4)
        if value < 0:
            return -1
        counts[t] = <uint8_t>value
        total += value
    return total


cdef int _agari(object tiles) noexcept:
    """``is_agari`` of a list of 34: 1 or 0, or -1 to ask the reference.

    The honours come first, in the library's order of checks: an honour held once
    leaves only thirteen orphans (most random draws end here, as in the library), and
    a fourth honour nothing."""
    cdef uint8_t counts[34]
    cdef int t, value, product = 1, held = 0, total
    for t in range(27, 34):
        value = _small_int(PyList_GET_ITEM(tiles, t), 4)
        if value < 0:
            return -1
        counts[t] = <uint8_t>value
        held |= 1 << value
        product *= value
    if held >= 0x10:
        return 0
    if held & 2:
        if held & 1:
            return 0
        for t in range(6):
            value = _small_int(PyList_GET_ITEM(tiles, ORPHAN_SUIT_TILES[t]), 4)
            if value < 0:
                return -1
            product *= value
        return product == 2
    total = _read_counts(tiles, counts, 27)
    if total < 0:
        return -1
    for t in range(27, 34):
        total += counts[t]
    if total > 14:
        return -1
    if total % 3 != 2:
        return 0
    return c_is_complete(counts)


def is_agari(tiles_34, open_sets_34=None):
    """True if ``tiles_34`` (34 counts), less the tiles of ``open_sets_34`` (each a set's
    3 or 4 tile indices), are complete; any number of tiles, sets implied."""
    cdef int found
    if not open_sets_34 and type(tiles_34) is list and PyList_GET_SIZE(tiles_34) == 34:
        c_require_tables()
        found = _agari(tiles_34)
        if found >= 0:
            return found == 1
    return _reference_is_agari(tiles_34, open_sets_34)


cdef struct Divisions:
    int n
    int size[MAX_DIVISIONS + 1]
    int keys[MAX_DIVISIONS + 1][MAX_BLOCKS]


cdef inline void _sort_keys(int* keys, int n) noexcept:
    cdef int i, j, key
    for i in range(1, n):
        key = keys[i]
        j = i - 1
        while j >= 0 and keys[j] > key:
            keys[j + 1] = keys[j]
            j -= 1
        keys[j + 1] = key


cdef int _before(Divisions* d, int a, int b) noexcept:
    """Whether division ``a`` sorts before ``b``, as Python compares their lists."""
    cdef int i
    for i in range(min(d.size[a], d.size[b])):
        if d.keys[a][i] != d.keys[b][i]:
            return d.keys[a][i] < d.keys[b][i]
    return d.size[a] < d.size[b]


cdef void _add_standard(Divisions* d, const uint8_t* concealed, const int* melded, int n_melded) noexcept:
    """The concealed counts' decompositions that make five blocks with the melds, keys sorted."""
    cdef uint8_t out[5 * MAX_DIVISIONS]
    cdef int n = c_decompose(concealed, out), i, j, k, code
    for i in range(n):
        k = 0
        for j in range(5):
            code = out[5 * i + j]
            if code != NO_GROUP:
                d.keys[d.n][k] = group_tile(code) * 4 + TYPE_OF_KIND[group_kind(code)]
                k += 1
        if k + n_melded != 5:
            continue
        for j in range(n_melded):
            d.keys[d.n][k + j] = melded[j]
        d.size[d.n] = 5
        _sort_keys(d.keys[d.n], 5)
        d.n += 1


cdef list _output(Divisions* d):
    """The divisions as the library's lists (a block is its tile indices), in its order."""
    cdef int order[MAX_DIVISIONS + 1]
    cdef int i, j, k, t, ty
    cdef list division, result = []
    for i in range(d.n):  # insertion sort of the division indices
        j = i - 1
        while j >= 0 and _before(d, i, order[j]):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = i
    for i in range(d.n):
        k = order[i]
        division = []
        for j in range(d.size[k]):
            t, ty = d.keys[k][j] >> 2, d.keys[k][j] & 3
            if ty == SEQUENCE:
                division.append([t, t + 1, t + 2])
            elif ty == TRIPLET:
                division.append([t, t, t])
            elif ty == PAIR:
                division.append([t, t])
            else:
                division.append([t, t, t, t])
        result.append(division)
    return result


cdef object _divide_concealed(const uint8_t* counts, int total):
    """``divide_hand`` of a hand without melds, or None to ask the reference."""
    cdef Divisions d
    cdef int t, pairs = 0, others = 0
    if total > 14 or total % 3 != 2:
        return None
    if not c_is_complete(counts):
        return []
    d.n = 0
    _add_standard(&d, counts, NULL, 0)
    for t in range(34):
        if counts[t] == 2:
            pairs += 1
        elif counts[t] != 0:
            others += 1
    if pairs == 7 and others == 0:
        d.size[d.n] = 0
        for t in range(34):
            if counts[t] == 2:
                d.keys[d.n][d.size[d.n]] = t * 4 + PAIR
                d.size[d.n] += 1
        d.n += 1
    return _output(&d)


cdef object _divide_melded(uint8_t* counts, int total, object melds):
    """``divide_hand`` with declared melds, or None to ask the reference."""
    cdef Divisions d
    cdef int melded[4]
    cdef int n_melded = 0, pairs = 0, ty, first, t, size
    cdef object meld, kind, tiles
    if type(melds) is not list and type(melds) is not tuple or len(melds) > 4:
        return None
    for meld in melds:
        kind = _MELD_TYPES.get(meld.type)
        tiles = meld.tiles_34
        if kind is None or type(tiles) is not list or PyList_GET_SIZE(tiles) == 0:
            return None
        first = _small_int(PyList_GET_ITEM(tiles, 0), 33)
        ty = kind
        if first < 0 or (ty == SEQUENCE and (first > 24 or first % 9 > 6)):
            return None
        size = 3 if ty != QUAD else 4
        for t in range(size):
            counts[first + t if ty == SEQUENCE else first] -= 1
            if counts[first + t if ty == SEQUENCE else first] > 4:  # wrapped below zero
                return None
        total -= size
        melded[n_melded] = first * 4 + ty
        n_melded += 1
    if total > 14 or total % 3 != 2:
        return None
    if not c_is_complete(counts):
        # The library drops honours it cannot read as pungs and one pair, which can
        # leave a division: such hands go the reference's way.
        for t in range(27, 34):
            if counts[t] == 1 or counts[t] == 4:
                return None
            pairs += counts[t] == 2
        return [] if pairs <= 1 else None
    d.n = 0
    _add_standard(&d, counts, melded, n_melded)
    return _output(&d)


def divide_hand(tiles_34, melds=None):
    """The divisions of ``tiles_34`` (34 counts, the melds' tiles included): each a
    sorted list of blocks (a block is its tile indices), in the library's order;
    ``[]`` if there is none."""
    cdef uint8_t counts[34]
    cdef int total
    cdef object found = None
    if type(tiles_34) is list and PyList_GET_SIZE(tiles_34) == 34:
        c_require_tables()
        total = _read_counts(tiles_34, counts, 34)
        if total >= 0:
            found = _divide_concealed(counts, total) if not melds else _divide_melded(counts, total, melds)
            if found is not None:
                return found
    return _reference_divide_hand(tiles_34, melds)
