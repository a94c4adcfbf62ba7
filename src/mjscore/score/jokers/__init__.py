"""Scoring hands that hold jokers: the natural hands a joker hand can stand for
(``readings``) and, compiled, the substitutions of a row's jokers (``_substitutions``),
the bound on what one can score (``_bound``), where the jokers stand (``_placement``,
with ``_pung_parts`` and ``_pung_waits`` for jokers in pungs alone) and a joker row
scored (``_scoring``).

May import: what :mod:`mjscore.score` may, and the rest of ``score`` below the public
calls (``readings``, ``fold`` and the compiled fold).
"""
