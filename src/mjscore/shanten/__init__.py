"""How far a hand is from ready: shanten (standard, seven pairs, thirteen orphans,
knitted) and the useful tiles that bring it closer, one hand or in bulk.

Owns: ``shanten``, ``useful_tiles``; the twins ``_reference`` (plain Python) and
``_kernel`` (compiled, with its tables ``_tables``, ``_vectors.pxd`` and
``_knitted_replacement.pxd``).

May import: ``core``, ``rows``, ``decompose``, and :mod:`mjscore._backend`.
"""
