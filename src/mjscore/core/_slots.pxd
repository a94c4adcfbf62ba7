# A slotted class's fields read in place: where an instance keeps a field is found once,
# at import, from the field's member descriptor; a kernel then reads the field with one
# load instead of an attribute look-up (which costs as much as a small kernel call).
from cpython.object cimport PyObject, PyTypeObject

cdef extern from "structmember.h":
    ctypedef struct PyMemberDef:
        int type
        Py_ssize_t offset

cdef extern from "Python.h":
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member
    PyTypeObject PyMemberDescr_Type

cdef extern from *:
    """
    /* The field kept at `offset` of `obj` (borrowed; NULL when the slot is empty). */
    static inline PyObject *mj_slot(PyObject *obj, Py_ssize_t offset) {
        return *(PyObject **)((char *)obj + offset);
    }
    """
    PyObject* slot_field "mj_slot" (object obj, Py_ssize_t offset) noexcept


cdef inline Py_ssize_t slot_offset(type cls, str name) except -1:
    """Where instances of ``cls`` (a slotted class) keep the attribute ``name``: its member
    descriptor's offset, found along the class's bases as attribute look-up finds it."""
    for base in cls.__mro__:
        descriptor = base.__dict__.get(name)
        if descriptor is not None:
            # 16 is structmember.h's T_OBJECT_EX (Py_T_OBJECT_EX): an object slot.
            if type(descriptor) is not <object><PyObject*>&PyMemberDescr_Type \
                    or (<PyMemberDescrObject*><PyObject*>descriptor).d_member.type != 16:
                raise TypeError(f"{cls.__name__}.{name} is not a slot")
            return (<PyMemberDescrObject*><PyObject*>descriptor).d_member.offset
    raise TypeError(f"{cls.__name__} has no attribute {name}")
