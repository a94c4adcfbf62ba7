"""How far a hand is from each special hand of a rule set, and the near misses said
in words.

Owns: ``targets`` (a rule set's special hands as distance targets), ``distances``
(``distances``, ``distances_many``), ``near_misses``, ``samples`` (random special
hands of a rule set, as scoring rows); the twins ``_reference`` (with
``_jokers_reference``) and ``_kernel`` (compiled, with ``_build``, ``_family``,
``_tables``, ``_memo``, ``_knits``, ``_records``, ``_rows`` and ``_types.pxd``).

May import: every folder below it (``core``, ``rows``, ``decompose``, ``rules``,
``score``), and :mod:`mjscore._backend`.
"""
