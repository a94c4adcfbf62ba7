"""The drop-in module's two hot calls in plain Python: the reference twin of the compiled
``_fast_calls`` (:mod:`mjscore._backend` picks one)."""

from ._agari import is_agari
from ._divider import divide_hand

__all__ = ["divide_hand", "is_agari"]
