"""The bulk scorer of the backend :mod:`mjscore._backend` chose.

The compiled ``_score_kernel`` goes with the compiled kernel, the reference
``_score_reference`` with the reference kernel. Both build on the rule model and
the fold, which build on the kernel, so the chooser only decides; the scoring
layer imports the scorer here, one layer up. :func:`mjscore.score` and
:func:`mjscore.score_many` both score through :func:`bulk_scorer`.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from ._backend import BACKEND

if TYPE_CHECKING:  # types come from the reference, which is the contract
    from . import _score_reference as scorer
elif BACKEND == "cython":
    from . import _score_kernel as scorer
else:
    from . import _score_reference as scorer

__all__ = ["bulk_scorer"]


def bulk_scorer() -> ModuleType:
    """The bulk scoring module of the chosen backend."""
    return scorer
