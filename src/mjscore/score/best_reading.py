"""The record both scoring engines return for one row: the reading they chose and what it earned.

``score_one`` and ``score_one_jokers`` of :mod:`mjscore.score._reference` and its
compiled twin return a :class:`BestReading`; :func:`mjscore.score.scoring.score`
writes its breakdown out from it, without reading the hand again.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["BestReading", "no_reading"]


class BestReading(NamedTuple):
    """The best reading of one row and its score, as a scorer found it.

    A tuple, so that the twins' answers compare with ``==``; read its fields by name.
    """

    status: int
    """:class:`~mjscore.core.errors.HandStatus`: 0, or why the row was not scored
    (every other field then as :func:`no_reading` gives it)."""
    total: int
    special: int
    """The index in ``rules.hands`` of the special hand that scored; -1: none."""
    points: int
    doubles: int
    applied: int
    """A bit per item of ``rules.items`` the reading earned."""
    win_tile: int
    """The tile the reading won on (:data:`~mjscore.rows.codec.NO_TILE` for a hand that did
    not go out)."""
    shape: int
    """The reading's index in :data:`mjscore.score.readings.SHAPE_CODES`."""
    decomposition: int
    """A standard reading: which decomposition of the concealed tiles, in the kernel's
    order; a fixed-shape special reading: the index of that hand in ``rules.hands``; -1
    for other shapes."""
    group: int
    """A standard reading: the index in :attr:`groups` of the group the winning tile
    completed; -1 for other shapes."""
    matched: tuple[int, ...]
    """Every special hand the reading made (indices into ``rules.hands``, in file order, at
    most :data:`~mjscore.rules.hands.MAX_MATCHED`)."""
    groups: bytes
    """A standard reading: its concealed groups (declared melds are not among them), a
    group byte each (:mod:`mjscore.core.group_codes`), in the kernel's order; with jokers,
    those of the natural hand they stand for. Empty for other shapes."""


def no_reading(status: int) -> BestReading:
    """The record of a row that was not scored, for ``status``."""
    return BestReading(status, 0, -1, 0, 0, 0, -1, -1, -1, -1, (), b"")
