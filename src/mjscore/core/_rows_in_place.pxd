"""34 counts read without a Python object per count: the single-hand calls' input.

A list or tuple of ints is read against the int objects 0-7, which CPython keeps
one of each, in one array (any other item, or another interpreter, takes the general
conversion); a NumPy row is read in place, without the buffer protocol.

The buffer protocol costs more per call (a format string, a view to fill and release)
than scoring or counting the shanten of a row. NumPy's C ABI fixes the head of an
array object (``PyArrayObject_fields``: extensions built against any NumPy read these
fields through its inline accessors, so their layout cannot move), and every uint8 array
NumPy makes shares one dtype object: an exact ``ndarray`` of that dtype, one dimension
of ``n`` and a stride of one byte is read from its data pointer, in a few instructions,
with no NumPy headers at build time. Anything else gets NULL, and the caller reads it
the careful way.
"""

from cpython.object cimport PyObject, Py_SIZE
from cpython.sequence cimport PySequence_Fast_ITEMS
from libc.stdint cimport uint8_t

cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object, int*) except? -1

cdef extern from *:
    """
    typedef struct {
        PyObject_HEAD
        char *data;
        int nd;
        Py_ssize_t *dimensions;
        Py_ssize_t *strides;
        PyObject *base;
        PyObject *descr;
    } mj_ndarray_head;
    """
    ctypedef struct mj_ndarray_head:
        char* data
        int nd
        Py_ssize_t* dimensions
        Py_ssize_t* strides
        PyObject* descr


cdef inline const uint8_t* uint8_row(object obj, Py_ssize_t n, object ndarray, object uint8) noexcept:
    """The data of ``obj`` if it is exactly an ``ndarray`` (the type given) of dtype
    ``uint8`` (the dtype object given), one dimension of ``n``, stride 1; else NULL."""
    cdef mj_ndarray_head* a
    if type(obj) is not ndarray:
        return NULL
    a = <mj_ndarray_head*>obj
    if a.descr != <PyObject*>uint8 or a.nd != 1 or a.dimensions[0] != n or a.strides[0] != 1:
        return NULL
    return <const uint8_t*>a.data


cdef inline int count_of(PyObject* item, long most) except -2:
    """An int from 0 to ``most`` (at most 255): its value, or -1 for anything else."""
    # Compared by address, without a reference: counting the references of the few
    # int objects every count shares would cost more than reading them.
    cdef int overflow
    cdef long v
    if <object>item is 0:
        return 0
    if <object>item is 1:
        return 1
    if <object>item is 2:
        return 2
    if <object>item is 3:
        return 3
    if <object>item is 4:
        return 4 if most >= 4 else -1
    if type(<object>item) is not int:
        return -1
    v = PyLong_AsLongAndOverflow(<object>item, &overflow)
    return <int>v if not overflow and 0 <= v <= most else -1


cdef extern from *:
    """
    /* The int objects 0-7 as CPython lays them out: one array of PyLongObject. */
    #define MJ_INT_STEP ((size_t)sizeof(PyLongObject))
    #define MJ_INT_SHIFT (MJ_INT_STEP == 32 ? 5 : MJ_INT_STEP == 64 ? 6 : MJ_INT_STEP == 16 ? 4 : 0)
    /* Each item's offset from the int 0, rotated right by the step's bits: the int's
       value for one of the ints 0-7 laid out from `base` (its low bits, zero for them,
       land at the top and make any other address huge) into `counts`; the values OR-ed
       (above 7: an item was none of them). Unrolled: the loop's own count and branch
       would cost half as much again as the five instructions an item takes. */
    static inline size_t mj_small_ints(PyObject *const *items, unsigned char *counts, size_t base) {
        size_t seen = 0;
        int t;
    #if defined(__clang__)
        _Pragma("clang loop unroll(full)")
    #elif defined(__GNUC__)
        _Pragma("GCC unroll 34")
    #endif
        for (t = 0; t < 34; t++) {
            size_t offset = (size_t)items[t] - base;
            size_t v = (offset >> MJ_INT_SHIFT) | (offset << ((8 * sizeof(size_t) - MJ_INT_SHIFT) % (8 * sizeof(size_t))));
            counts[t] = (unsigned char)v;
            seen |= v;
        }
        return seen;
    }
    /* Whether a count is above `most` (a loop the compiler does sixteen bytes at a time). */
    static inline int mj_any_above(const unsigned char *counts, unsigned char most) {
        int t, above = 0;
        for (t = 0; t < 34; t++) above |= counts[t] > most;
        return above;
    }
    """
    size_t MJ_INT_STEP
    int MJ_INT_SHIFT
    size_t mj_small_ints(PyObject** items, uint8_t* counts, size_t base) noexcept
    bint mj_any_above(const uint8_t* counts, uint8_t most) noexcept


cdef inline bint _small_counts(PyObject** items, uint8_t* counts, long most) noexcept:
    """34 items that are each one of the int objects 0 to ``most`` (at most 7) into
    ``counts``: True; False if one is not, or where the ints 0-7 do not lie one
    ``PyLongObject`` apart in memory (CPython keeps them in one array; this is checked
    on every call, on the first, second and last of them: an array between)."""
    # An item's offset from the int 0, shifted, is its value: no branch per item, where
    # comparing it with each int would mispredict on most (a hand's counts fall in no
    # pattern a predictor learns), and the step a constant, so the loop has no variable
    # shift to carry.
    cdef object zero = 0, one = 1, seven = 7
    cdef size_t base = <size_t><PyObject*>zero
    if (MJ_INT_SHIFT == 0 or <size_t><PyObject*>one != base + MJ_INT_STEP
            or <size_t><PyObject*>seven != base + 7 * MJ_INT_STEP):
        return False
    cdef size_t seen = mj_small_ints(items, counts, base)
    if seen <= <size_t>most:  # each count at most their OR
        return True
    return seen <= 7 and not mj_any_above(counts, <uint8_t>most)


cdef inline bint counts_of_sequence(object seq, uint8_t* counts, long most) except -1:
    """A list or tuple of 34 ints from 0 to ``most`` into ``counts``: True, or False for
    anything else (the caller reads it the careful way)."""
    cdef Py_ssize_t t
    cdef int v
    cdef PyObject** items
    if type(seq) is not list and type(seq) is not tuple:
        return False
    if Py_SIZE(seq) != 34:  # a list's or a tuple's length, without a call
        return False
    items = PySequence_Fast_ITEMS(seq)
    if _small_counts(items, counts, most):
        return True
    for t in range(34):
        v = count_of(items[t], most)
        if v < 0:
            return False
        counts[t] = <uint8_t>v
    return True
