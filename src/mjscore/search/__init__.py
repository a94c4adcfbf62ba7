"""The search: the chance to win and the expected score of every discard, by a dynamic
program over a one-player model (draws from the unseen tiles, self-draw wins only).

Owns: ``facts`` (what the search asks of a hand: its distance to a winning hand and
its value when it wins, under a rule set and a context), ``search`` (``discard_values``,
``discard_values_many``, the result types); the twins ``_reference`` (plain Python,
the specification) and ``_kernel`` (compiled: the graph of hands built and the dynamic
program run over it in C, without the GIL).

May import: every folder below it (``core``, ``rows``, ``decompose``, ``rules``,
``shanten``, ``score``, ``distances``), and :mod:`mjscore._backend`.
"""
