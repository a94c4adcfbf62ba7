"""Scoring: one hand itemised (``scoring.score``), bulk rows (``bulk_scoring.score_many``),
the readings of a hand and the fold that scores one reading through a rule set's tables.

Owns: ``scoring`` (``score``, ``Score``, ``settle``), ``bulk_scoring`` (``score_many``),
``readings``, ``fold``, ``waits`` (``mjscore.waits``: with ``rules=``, the tiles on which a
hand goes out, asked of ``score_many``); the engine twins ``_reference`` (plain Python, the
specification) and ``_kernel`` (compiled: the entry points, built on ``_fold``, the
facts of a row and the fold of a reading, and ``_rows``, a row checked, read and
folded); ``jokers/`` for everything about hands holding jokers.

May import: ``core``, ``rows``, ``decompose``, ``rules``, and :mod:`mjscore._backend`.
"""
