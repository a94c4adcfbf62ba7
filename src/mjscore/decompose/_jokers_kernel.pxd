# The kernel's functions of counts with jokers. Their contracts are in _kernel.pxd,
# which offers them to other engines; the kernel's own modules cimport them from here.
from libc.stdint cimport uint8_t, uint64_t

cdef int c_is_complete_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps) noexcept nogil
cdef int c_shapes_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps) noexcept nogil
cdef uint64_t c_waits_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps) noexcept nogil
# c_waits_jokers, stopping once `most` waits are found (0: never): enough to tell one wait.
cdef uint64_t c_waits_jokers_upto(const uint8_t* counts, int jokers, int use, const uint8_t* caps,
                                  int most) noexcept nogil
cdef int c_decompose_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps,
                            uint8_t* out, int capacity) noexcept nogil

# How many suits the cache for three jokers or more holds; emptying it (the caller
# holds _shapes.g_lock and no other thread is in the kernel).
cdef int c_joker_cache_filled() noexcept nogil
cdef void c_clear_joker_cache() noexcept nogil
