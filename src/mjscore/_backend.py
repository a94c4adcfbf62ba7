"""Pick the kernel: ``MJSCORE_BACKEND=auto`` (default) | ``cython`` | ``python``."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

_raw = os.environ.get("MJSCORE_BACKEND", "auto")
_choice = _raw.strip().lower() or "auto"
if _choice not in ("auto", "cython", "python"):
    raise ImportError(f"MJSCORE_BACKEND={_raw!r}: expected 'auto', 'cython' or 'python'")

if TYPE_CHECKING:  # types come from the reference, which is the contract
    from . import _reference as kernel
else:
    if _choice == "python" or (_choice == "auto" and sys.implementation.name != "cpython"):
        from . import _reference as kernel
    else:
        try:
            from . import _kernel as kernel
        except ImportError:
            if _choice == "cython":
                raise  # strict: a build that lost its extension must fail loudly
            from . import _reference as kernel

BACKEND = "cython" if kernel.__name__.endswith("_kernel") else "python"
"""The kernel in use: ``"cython"`` or ``"python"`` (the reference)."""

__all__ = ["BACKEND", "kernel"]
