# The kernel's C API for other engines, by its public name:
# `from mjscore._kernel cimport c_is_complete`.
#
# The functions are declared, documented and defined in mjscore/decompose/_kernel.pxd
# (the decompositions' folder, where the kernel lives); this file only re-exports them,
# so an engine built against it fetches them from mjscore.decompose._kernel's C API.
from mjscore.decompose._kernel cimport (
    c_decompose, c_decompose_jokers, c_decomposition_count, c_is_complete, c_is_complete_jokers,
    c_other_wait, c_require_tables, c_shapes, c_shapes_jokers, c_waits, c_waits_jokers,
)
