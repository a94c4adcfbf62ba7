# Building distance targets in C (see _distance_build.pyx).
from mjscore.distances._types cimport (KNIT_AND_PAIR, KNIT_ONE, KNIT_PROGRAMME, MAX_KNIT_MOVES, MAX_KNIT_STATES,
                                      MAX_NEEDS, MAX_USES, DTarget, suit_base, suit_width)


cdef int fill_target(DTarget* t, target, int column, built) except -1
