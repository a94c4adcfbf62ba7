"""Reading ``tiles_34`` for the drop-in modules: 34 integer counts, or a clear error."""

from __future__ import annotations

import operator
from typing import Any

from ..core.errors import InvalidHandError

__all__ = ["counts_34"]


def counts_34(tiles_34: Any) -> list[int]:
    """34 integer counts as a list (a sequence or a NumPy row), else :class:`InvalidHandError`."""
    try:
        values = tiles_34.tolist() if hasattr(tiles_34, "tolist") else list(tiles_34)
        counts = [operator.index(v) for v in values]
    except TypeError:
        raise InvalidHandError(f"expected 34 integer tile counts (34-format), not {tiles_34!r:.60}") from None
    if len(counts) != 34:
        raise InvalidHandError(f"expected 34 tile counts (34-format), got {len(counts)}")
    return counts
