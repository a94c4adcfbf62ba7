"""mjscore: score Mahjong hands under the classical and Western rule books, fast.

(The public API is re-exported here as the modules land.)
"""
from ._backend import BACKEND

__all__ = ["BACKEND"]
