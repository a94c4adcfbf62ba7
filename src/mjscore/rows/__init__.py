"""How hands become the arrays the kernels read: the row codec (meld bytes, sentinels,
context words, jokers) and fixed-seed random rows for tests and benchmarks.

Owns: ``codec`` (the row codec), ``coerce`` (the checks of every bulk call's input: counts,
meld bytes, joker columns, threads), ``sample`` (random hands as ``(n, 34)`` counts).

May import: ``core``.
"""
