"""34 counts read without a Python object per count: the single-hand calls' input.

A list or tuple of ints is read against the int objects 0-4, which CPython keeps
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

from cpython.object cimport PyObject
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


cdef inline bint _small_counts(PyObject** items, uint8_t* counts) noexcept:
    """34 items that are each one of the int objects 0-4 into ``counts``: True; False if
    one is not, or where those five objects do not lie evenly spaced in memory (CPython
    keeps them in one array; this is checked on every call)."""
    # An item's offset from the int 0, shifted, is its value: no branch per item, where
    # comparing it with each int would mispredict on most (a hand's counts fall in no
    # pattern a predictor learns).
    cdef object zero = 0, one = 1, two = 2, three = 3, four = 4
    cdef size_t base = <size_t><PyObject*>zero
    cdef size_t step = <size_t><PyObject*>one - base
    cdef size_t offset, bad = 0
    cdef int shift = 0
    cdef Py_ssize_t t
    while shift < 16 and (<size_t>1 << shift) < step:
        shift += 1
    if ((<size_t>1 << shift) != step or <size_t><PyObject*>two != base + 2 * step
            or <size_t><PyObject*>three != base + 3 * step or <size_t><PyObject*>four != base + 4 * step):
        return False
    for t in range(34):
        offset = <size_t>items[t] - base
        bad |= (offset > 4 * step) | (offset & (step - 1))
        counts[t] = <uint8_t>(offset >> shift)
    return not bad


cdef inline bint counts_of_sequence(object seq, uint8_t* counts, long most) except -1:
    """A list or tuple of 34 ints from 0 to ``most`` into ``counts``: True, or False for
    anything else (the caller reads it the careful way)."""
    cdef Py_ssize_t t
    cdef int v
    cdef PyObject** items
    if type(seq) is not list and type(seq) is not tuple:
        return False
    if len(seq) != 34:
        return False
    items = PySequence_Fast_ITEMS(seq)
    if most >= 4 and _small_counts(items, counts):
        return True
    for t in range(34):
        v = count_of(items[t], most)
        if v < 0:
            return False
        counts[t] = <uint8_t>v
    return True
