"""How many rows a test works on, by the backend chosen.

The pure-Python reference scores a few thousand rows a second. A test whose point is not
the number of rows (threads split a batch, a seed repeats a sample, some drawn situation
turns up) checks the same on a fifth of them under the reference; the compiled run keeps
the full size, and the backends' agreement is checked row for row elsewhere."""

from __future__ import annotations

import mjscore

REFERENCE_SHARE = 1 if mjscore.BACKEND == "cython" else 5


def rows(n: int) -> int:
    """``n`` rows on the compiled backend, a fifth of them on the reference."""
    return max(1, n // REFERENCE_SHARE)
