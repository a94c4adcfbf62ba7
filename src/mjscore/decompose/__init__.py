"""The kernel's answers for hands: standard decompositions, shapes (seven pairs,
thirteen orphans, knitted), completeness and waits, with or without jokers; one hand
(``decompose``) or an ``(n, 34)`` batch (``bulk``).

Owns: the public calls (``decompose``, ``bulk``), their readable specification
``_reference`` and its compiled twin ``_kernel`` (``_kernel.pxd`` is the C API other
engines ``cimport``), built from ``_suits`` (per-suit tables), ``_shapes`` (shapes and
decompositions of 34 counts) and ``_joker_table`` / ``_jokers_kernel`` (the same with
jokers).

May import: ``core``, ``rows``, and :mod:`mjscore._backend` (the backend seam).
"""
