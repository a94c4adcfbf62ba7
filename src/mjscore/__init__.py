"""mjscore: score Mahjong hands under the classical and Western rule books, fast.

>>> import mjscore
>>> hand = mjscore.parse("123m 456p 789s 11z [777z]")
>>> mjscore.is_complete(hand)
True
>>> [str(tile) for tile in mjscore.waits("1112345678999m")]
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
"""

from .core.notation import format_hand, parse_hand  # first: Hand.from_str reads through it
from . import display  # display: hands and scores show as HTML in notebooks
from .rows import sample
from ._backend import BACKEND
from .core.context import WinContext
from .rules.payments import PaymentRules, Settlement, Transfer
from .rules import RuleSet, load_rules, rulesets
from .score.scoring import Line, Score, score, settle
from .score.bulk_scoring import score_many
from .scorer import Scorer
from .distances.distances import UNREACHABLE, distances, distances_many
from .distances.near_misses import NearMiss, near_misses
from .shanten.shanten import Form, shanten, shanten_many
from .shanten.useful_tiles import UsefulTiles, UsefulTilesMany, useful_tiles, useful_tiles_many
from .search.search import DiscardValue, DiscardValues, DiscardValuesMany, discard_values, discard_values_many
from .decompose.bulk import (
    decompose_many, decomposition_count_many, is_complete_many, shapes_many, waits_many,
)
from .decompose.decompose import Placement, Shape, WaitRole, decompositions, is_complete, shapes
from .score.waits import waits  # the shape-based waits, or with rules= the rule set's
from .core.errors import (
    HandStatus, InvalidContextError, InvalidHandError, LongHandError, MjscoreError, NotationError,
    NotWinningError, RuleSetError,
)
from .core.group import Decomposition, Group, GroupKind, Meld
from .core.hand import Hand
from .core.jokers import JOKERS_IN_CHOWS, JOKERS_IN_PAIRS, JOKERS_IN_PUNGS, JokerUse
from .core.tile import Bonus, Suit, Tile, TileClass, format_tiles, parse_tiles

parse = parse_hand
"""``parse(text) -> Hand``: a hand from compact (mpsz) or Western notation.

The same function as :func:`parse_hand`, under two names on purpose: ``parse_hand``
pairs with :func:`format_hand` as ``parse_tiles`` pairs with ``format_tiles`` (the
``parse_x``/``format_x`` convention), and ``parse`` is the short name of the call
typed most often. Neither is deprecated."""

__version__ = "0.1.0"

__all__ = [
    "BACKEND", "parse", "parse_hand", "format_hand",
    "Hand", "Group", "GroupKind", "Meld", "Decomposition",
    "Tile", "Suit", "Bonus", "TileClass", "parse_tiles", "format_tiles",
    "decompositions", "shapes", "is_complete", "waits", "Shape", "WaitRole", "Placement",
    "is_complete_many", "shapes_many", "decomposition_count_many", "waits_many", "decompose_many",
    "MjscoreError", "NotationError", "InvalidHandError", "NotWinningError", "LongHandError", "RuleSetError",
    "HandStatus", "sample",
    "score", "score_many", "Scorer", "Score", "Line", "settle", "Settlement", "Transfer", "PaymentRules",
    "distances", "distances_many", "UNREACHABLE", "near_misses", "NearMiss",
    "shanten", "shanten_many", "Form", "useful_tiles", "useful_tiles_many", "UsefulTiles", "UsefulTilesMany",
    "load_rules", "rulesets", "RuleSet", "WinContext", "InvalidContextError",
    "JokerUse", "JOKERS_IN_PUNGS", "JOKERS_IN_CHOWS", "JOKERS_IN_PAIRS",
    "discard_values", "discard_values_many", "DiscardValue", "DiscardValues", "DiscardValuesMany",
]
