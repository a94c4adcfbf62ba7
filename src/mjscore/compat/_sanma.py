"""Standard-form shanten of a three-player (sanma) hand, for ``Shanten(is_three_player=True)``.

A three-player set has no 2m-8m, so 1m and 9m make no runs: they count like two
more honours. The shanten kernels know four-player sets only, so this builds the
standard form from the reference's per-part tables (:mod:`mjscore.shanten._reference`:
the fewest tiles a part lacks to hold ``m`` sets and ``p`` pairs) with the two
terminals as an honour part, and merges the parts as the kernels do. It is the
slow path of a rarely used option: pure Python, a few hundred microseconds for a
new suit pattern, memoised per part.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..shanten._reference import suit_replacements

__all__ = ["three_player_standard"]


def _merge(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Two parts' tables as one (per class ``m * 2 + p``): the best split of the sets and pair."""
    return [min(a[i * 2 + j] + b[(m - i) * 2 + (p - j)] for i in range(m + 1) for j in range(p + 1))
            for m in range(5) for p in range(2)]


def three_player_standard(counts: Sequence[int]) -> int:
    """The standard-form shanten of 34 counts (0-4 each, 2m-8m none; 3k + 1 or 3k + 2 tiles)."""
    terminals = suit_replacements((counts[0], counts[8], 0, 0, 0, 0, 0), True)
    pins = suit_replacements(tuple(counts[9:18]))
    bamboos = suit_replacements(tuple(counts[18:27]))
    honours = suit_replacements(tuple(counts[27:34]), True)
    whole = _merge(_merge(terminals, pins), _merge(bamboos, honours))
    return whole[sum(counts) // 3 * 2 + 1] - 1
