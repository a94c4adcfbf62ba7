"""Pick the kernel: ``MJSCORE_BACKEND=auto`` (default) | ``cython`` | ``python``."""

from __future__ import annotations

import os
import sys
from types import ModuleType
from typing import TYPE_CHECKING

_raw = os.environ.get("MJSCORE_BACKEND", "auto")
_choice = _raw.strip().lower() or "auto"
if _choice not in ("auto", "cython", "python"):
    raise ImportError(f"MJSCORE_BACKEND={_raw!r}: expected 'auto', 'cython' or 'python'")

if TYPE_CHECKING:  # types come from the references, which are the contract
    from . import _reference as kernel
    from . import _score_reference as scorer
else:
    if _choice == "python" or (_choice == "auto" and sys.implementation.name != "cpython"):
        from . import _reference as kernel
        scorer = None  # imported on first use: it needs the scoring layer, which needs kernel
    else:
        try:
            from . import _kernel as kernel
            from . import _score_kernel as scorer
        except ImportError:
            if _choice == "cython":
                raise  # strict: a build that lost its extension must fail loudly
            from . import _reference as kernel
            scorer = None

BACKEND = "cython" if kernel.__name__.endswith("_kernel") else "python"
"""The kernel in use: ``"cython"`` or ``"python"`` (the reference)."""



def bulk_scorer() -> ModuleType:
    """The bulk scoring module of the chosen backend."""
    if scorer is not None:
        return scorer
    from . import _score_reference

    return _score_reference


__all__ = ["BACKEND", "kernel", "bulk_scorer"]
