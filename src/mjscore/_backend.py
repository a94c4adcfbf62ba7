"""Pick the kernel: ``MJSCORE_BACKEND=auto`` (default) | ``cython`` | ``python``.

This is the one backend decision, and it imports nothing of the package above
the kernels. The compiled build is taken whole or not at all: besides the kernel
``_kernel`` it has the bulk scorer ``_score_kernel``, which builds on the rule
model (above this module), so it is only looked for here, not imported;
:mod:`mjscore._scorer` imports the scorer of the backend chosen here.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from typing import TYPE_CHECKING

_raw = os.environ.get("MJSCORE_BACKEND", "auto")
_choice = _raw.strip().lower() or "auto"
if _choice not in ("auto", "cython", "python"):
    raise ImportError(f"MJSCORE_BACKEND={_raw!r}: expected 'auto', 'cython' or 'python'")

COMPILED_SCORER = f"{__package__}._score_kernel"
"""The compiled bulk scorer, which the compiled backend needs beside its kernel."""

if TYPE_CHECKING:  # types come from the reference, which is the contract
    from . import _reference as kernel
else:
    if _choice == "python" or (_choice == "auto" and sys.implementation.name != "cpython"):
        from . import _reference as kernel
    else:
        try:
            from . import _kernel as kernel

            if importlib.util.find_spec(COMPILED_SCORER) is None:
                raise ImportError(f"No module named {COMPILED_SCORER!r}: the build lost its compiled scorer",
                                  name=COMPILED_SCORER)
        except ImportError:
            if _choice == "cython":
                raise  # strict: a build that lost its extension must fail loudly
            from . import _reference as kernel

BACKEND = "cython" if kernel.__name__.endswith("_kernel") else "python"
"""The kernel in use: ``"cython"`` or ``"python"`` (the reference)."""

__all__ = ["BACKEND", "COMPILED_SCORER", "kernel"]
