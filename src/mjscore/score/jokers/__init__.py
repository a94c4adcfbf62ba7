"""Scoring hands that hold jokers: the natural hands a joker hand can stand for
(``readings``) and, compiled, the substitutions of a row's jokers with the bound on
what each can score (``_substitutions``), where the jokers stand and the waits that
decide a joker row's single-wait fact (``_placement``, with ``_pung_parts.pxd`` for
jokers in pungs alone), and a joker row scored (``_scoring``).

May import: what :mod:`mjscore.score` may, and the rest of ``score`` below the public
calls (``readings``, ``fold`` and the compiled fold).
"""
