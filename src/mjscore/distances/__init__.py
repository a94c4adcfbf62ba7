"""How far a hand is from each special hand of a rule set, and the near misses said
in words.

Owns: ``targets`` (a rule set's special hands as distance targets), ``distances``
(``distances``, ``distances_many``), ``near_misses``, ``samples`` (random special
hands of a rule set, as scoring rows); the twins ``_reference`` (with
``_jokers_reference``) and ``_kernel`` (compiled: the entry points, a row against a
target, the per-suit records; with ``_tables``, one suit's distance table, its memo
and knitted targets; ``_targets``, building targets in C and their families; and
``_types.pxd``, the C types they share).

May import: every folder below it (``core``, ``rows``, ``decompose``, ``rules``,
``score``), and :mod:`mjscore._backend`.
"""
