"""A loaded rule set: its scoring items as frozen data, compiled to flat tables.

:mod:`mjscore.rules.loader` builds these from TOML; the scorer and the kernel
read the compiled tables (:class:`Tables`), so scoring never dispatches on a
rule's name.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .facts import PATTERN_FACT_BITS, Atom, fact_mask
from ..core.group import GroupKind
from ..core.jokers import JokerUse
from .payments import PaymentRules
from ..core.tile import Tile
from .hands import HandTables, SpecialHand, compile_hands
from .patterns import GroupSpec

if TYPE_CHECKING:  # the types of what the layers above keep here; never imported at run time
    from ..core.group import Decomposition
    from ..distances.distances import DistanceEngine
    from ..distances.targets import Target
    from ..score.readings import ScoredGroup
    from ..score.scoring import JokerPlacement, Line

__all__ = ["SetRule", "ItemRule", "Preset", "RuleSet", "RuleCaches", "Tables", "SPECIAL_SHAPES", "STACK",
           "BEST", "SHARE", "BETTER"]

ALL_TILES = (1 << 34) - 1
"""Every tile kind, as a 34-bit mask."""

SPECIAL_SHAPES = ("seven-pairs",)
"""The general winning shapes besides ``standard`` a rule set may allow without a special
hand (special hands make their own shapes win)."""

STACK, BEST = "stack", "best"
"""How a rule set scores a reading that makes several special hands: every one of them
(``stack``: values add, the largest limit share counts), or only the one worth most
(``best``; at equal value the first in the file), naming the others."""

SHARE, BETTER = "share", "better"
"""What a reading made of no ordinary sets earns for a special hand worth a share of the
limit (``special-value``): exactly that share (``share``, the books' reading: 001's
exposed Heavenly Gates is "Half Limit" whatever its doubles), or the better of the
share and the reading's own points and doubles (``better``). A reading of four sets
and a pair (or of seven pairs, where the rule set lists that shape) always scores the
better of its own total and the share: the same tiles read as ordinary sets."""


@dataclass(frozen=True, slots=True)
class SetRule:
    """Points and doubles for every group of some kinds, concealment and tile atoms."""

    id: str
    name: str
    kinds: frozenset[GroupKind]
    atoms: frozenset[Atom]
    concealed: bool | None
    points: int
    doubles: int
    source: str

    def matches(self, kind: GroupKind, concealed: bool, atom: Atom) -> bool:
        """Whether a group of this kind, concealment and atom earns this rule."""
        return (kind in self.kinds and atom in self.atoms
                and (self.concealed is None or self.concealed == concealed))


@dataclass(frozen=True, slots=True)
class ItemRule:
    """A hand-level item: points or doubles, when facts hold (a share of the limit is a
    special hand's value, see :mod:`mjscore.rules.hands`)."""

    id: str
    name: str
    when: frozenset[str]
    unless: frozenset[str]
    win_tile: Tile | None
    points: int
    doubles: int
    excludes: tuple[str, ...]
    source: str
    pattern: tuple[GroupSpec, ...] = ()
    """Groups (pattern notation) a reading must make for the item to apply."""
    holds: tuple[tuple[int, int], ...] = ()
    """Groups a reading must hold at least, whatever else it holds (a hand that did not go
    out too): per clause, a counter of :data:`~mjscore.rules.facts.GROUP_COUNTERS` and the
    fewest groups it counts."""
    holds_text: tuple[str, ...] = ()
    """The ``holds`` clauses as written."""
    win_tiles: int = 0
    """The tiles (bit ``t``: tile ``t``) the winning tile must be one of, from a ``win-tile``
    naming a class (``"terminal-or-honour"``); 0: any, or the single :attr:`win_tile`."""
    win_class: str = ""
    """The ``win-tile`` class as written, when it names one (``win_tiles`` is its mask)."""
    per_bonus: bool = False
    """``per = "bonus-tile"``: the item counts once for each flower and season the player holds."""

    @property
    def tile_mask(self) -> int:
        """The winning tiles the item accepts as a 34-bit mask (all 34 bits: any)."""
        if self.win_tile is not None:
            return 1 << int(self.win_tile)
        return self.win_tiles or ALL_TILES

    @property
    def needs_no_points(self) -> bool:
        """Decided after the other items: it needs the ``no-points`` or ``no-set-points`` fact."""
        return bool({"no-points", "no-set-points"} & (self.when | self.unless))


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of option values (a house's or a book's variant), chosen at load time."""

    name: str
    description: str
    options: tuple[tuple[str, object], ...]


@dataclass(frozen=True, slots=True)
class Tables:
    """The rule set flattened for scoring without Python per hand.

    ``set_points[kind, concealed, atom]`` and ``set_doubles[...]`` sum every set
    rule matching that cell. Item ``i`` applies when ``facts & when[i] == when[i]``,
    ``facts & unless[i] == 0`` and the winning tile is in ``win_tiles[i]`` (a 34-bit
    mask; a hand that did not go out has no winning tile and meets only the all-tiles
    mask); applying it removes the items in ``excludes[i]`` (a bitmask over item
    indices); a ``per_bonus`` item counts once per bonus tile held. ``late`` items need the ``no-points`` fact, decided after the
    others; ``base`` items (``when = ["winner"]`` alone) are the points for going
    out, which do not spoil ``no-points``. ``shapes`` has bit 0 for seven-pairs.
    """

    set_points: npt.NDArray[np.int32]
    set_doubles: npt.NDArray[np.int32]
    when: npt.NDArray[np.uint64]
    unless: npt.NDArray[np.uint64]
    win_tiles: npt.NDArray[np.uint64]
    per_bonus: npt.NDArray[np.uint8]
    points: npt.NDArray[np.int32]
    doubles: npt.NDArray[np.int32]
    excludes: npt.NDArray[np.uint64]
    late: npt.NDArray[np.uint8]
    base: npt.NDArray[np.uint8]
    shapes: int
    pattern_bits: tuple[int, ...]
    """Per item: the fact bit its pattern sets (-1: no pattern)."""
    holds: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    """Per item with ``holds``: the fact bit set on the readings that hold its groups, and
    its clauses (counter, fewest)."""


@dataclass(eq=False, repr=False, slots=True)
class RuleCaches:
    """What other modules derive from one rule set and keep, each built on first use by the
    module named beside it. Never shared and never pickled: every :class:`RuleSet` starts
    with an empty one, also from ``dataclasses.replace`` and from unpickling (compiled
    kernel objects do not pickle). Nothing here changes a result, only how soon it comes."""

    pattern_kernel: object = None
    """:mod:`mjscore.rules._pattern_kernel`'s ``CompiledPatterns`` (compiled backend)."""
    score_kernel: object = None
    """:mod:`mjscore.score._fold`'s ``CompiledRules``, the tables as C arrays (compiled backend)."""
    joker_fixed_rows: object = None
    """:func:`mjscore.score.jokers._scoring.joker_fixed_rows`'s rows, their count and index."""
    lines: tuple[dict[tuple[int, int, int], tuple[SetRule, ...]], tuple[Line, ...]] | None = None
    """:mod:`mjscore.score.scoring`: the set rules of each group cell, and each item's line."""
    group_lines: dict[ScoredGroup, tuple[Line, ...]] = field(default_factory=dict)
    """:mod:`mjscore.score.scoring`: the breakdown lines of each scored group met so far."""
    breakdowns: dict[tuple[object, ...], tuple[Decomposition | None, tuple[Line, ...],
                                               tuple[JokerPlacement, ...]]] = field(default_factory=dict)
    """:func:`mjscore.score.scoring.score`: readings written out, by hand, seat and reading."""
    distances: dict[str, tuple[DistanceEngine, tuple[str, ...]]] = field(default_factory=dict)
    """:func:`mjscore.distances.distances.distance_engine`: per backend (``"cython"``,
    ``"python"``), the distance tables and the ids of their columns."""
    targets_by_hand: dict[int, list[Target]] | None = None
    """:mod:`mjscore.distances.near_misses`: each special hand's distance targets."""
    calling: dict[int, RuleSet] = field(default_factory=dict)
    """:func:`mjscore.rules.calling.calling_rules`: per calling hand, the rule set deciding it."""

    @property
    def empty(self) -> bool:
        """Whether nothing is kept yet."""
        return all(not getattr(self, f.name) for f in fields(self))


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One rule set, loaded and validated; see ``rules/*.toml`` for the format."""

    name: str
    title: str
    aliases: tuple[str, ...]
    source: str
    limit: int
    shapes: frozenset[str]
    losers: bool
    max_chows: int | None
    """A winning-hand restriction: a standard reading with more runs does not go out."""
    """Whether hands that did not go out score (Babcock: "These apply to all hands")."""
    sets: tuple[SetRule, ...]
    items: tuple[ItemRule, ...]
    options: tuple[tuple[str, object], ...]
    payments: PaymentRules
    path: str
    presets: tuple[Preset, ...] = ()
    """The presets the file offers; ``load_rules(name, preset=...)`` applies one."""
    preset: str | None = None
    """The preset these options came from, if any."""
    hands: tuple[SpecialHand, ...] = ()
    """The special hands, in the file's order (which breaks ties between equal values)."""
    special_hands: str = BEST
    """``stack`` or ``best`` (see :data:`STACK`)."""
    special_value: str = SHARE
    """``share`` or ``better`` (see :data:`SHARE`)."""
    special_required: bool = False
    """Only a reading that makes a special hand wins ("special hands required")."""
    plain_one_suit: bool = False
    """A reading that makes no special hand wins only in one suit, honours allowed, or in
    honours alone (the prohibition of mixed suits, ``no-mixed-suits``)."""
    roof_off: bool = False
    """No cap on a total made of points and doubles (the ``roof-off`` option); a share of the
    limit stays that share."""
    claimed_concealed: bool = False
    """``claimed-kongs = "concealed"``: a claimed kong (a concealed pung completed by a claimed
    discard) keeps the hand concealed (``concealed-hand``) and counts among its concealed
    pungs and kongs; it always scores as an exposed kong. A special hand that must be
    concealed is made with it as with a concealed kong (a hand of sets or a fixed-shape
    hand), save a group the pattern marks ``concealed``, which takes no claimed kong."""
    dealer_streak: int = 0
    """The dealer's wins in a row (this one counted) that make the ``dealer-streak`` fact (0: never)."""
    jokers: JokerUse | None = None
    """Where jokers may stand, as :attr:`joker_use` (the name to read: ``jokers`` is a count
    elsewhere in mjscore; this field keeps its name because the compiled scorers read it)."""
    tables: Tables = field(init=False, repr=False, compare=False)
    hand_tables: HandTables = field(init=False, repr=False, compare=False)
    caches: RuleCaches = field(default_factory=RuleCaches, init=False, repr=False, compare=False)
    """What other modules derive from the rule set once and keep (:class:`RuleCaches`)."""

    @property
    def joker_use(self) -> JokerUse | None:
        """Where jokers may stand (the ``joker-use`` option: :mod:`mjscore.core.jokers`); None:
        the rule set uses no jokers, and a hand holding one does not go out."""
        return self.jokers

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", _compile(self))
        patterns = tuple((bit, item.pattern) for item, bit in zip(self.items, self.tables.pattern_bits)
                         if item.pattern)
        object.__setattr__(self, "hand_tables", compile_hands(self.hands, patterns))

    def __getstate__(self) -> dict[str, object]:
        """The definition only: ``tables`` is rebuilt and ``caches`` starts empty on load."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.init}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "caches", RuleCaches())
        self.__post_init__()

    @property
    def calling(self) -> tuple[int, ...]:
        """The special hands (indices) of a player who did not go out, ``calling`` for others."""
        return tuple(i for i, h in enumerate(self.hands) if h.calling)

    def option(self, name: str) -> object:
        """The effective value of one option."""
        return dict(self.options)[name]

    def item(self, item_id: str) -> ItemRule:
        """The item with this id."""
        for item in self.items:
            if item.id == item_id:
                return item
        raise KeyError(item_id)

    def hand(self, name: str) -> SpecialHand:
        """The special hand with this id, or with this name or alias in any case."""
        wanted = name.lower()
        for hand in self.hands:
            if hand.id == name or wanted in (n.lower() for n in (hand.name, *hand.aliases)):
                return hand
        raise KeyError(name)

    def __repr__(self) -> str:
        return f"<RuleSet {self.name!r} from {self.path}>"


def _compile(rules: RuleSet) -> Tables:
    set_points = np.zeros((4, 2, 7), dtype=np.int32)
    set_doubles = np.zeros((4, 2, 7), dtype=np.int32)
    for kind in GroupKind:
        for concealed in (False, True):
            for atom in Atom:
                for rule in rules.sets:
                    if rule.matches(kind, concealed, atom):
                        set_points[kind, int(concealed), atom] += rule.points
                        set_doubles[kind, int(concealed), atom] += rule.doubles
    n = len(rules.items)
    index = {item.id: i for i, item in enumerate(rules.items)}
    free = iter(PATTERN_FACT_BITS)
    pattern_bits = tuple(next(free) if item.pattern else -1 for item in rules.items)
    holds = tuple((next(free), item.holds) for item in rules.items if item.holds)
    holds_bits = iter(bit for bit, _ in holds)
    extra_bits = [1 << bit if bit >= 0 else 0 for bit in pattern_bits]
    extra_bits = [extra | (1 << next(holds_bits) if item.holds else 0)
                  for extra, item in zip(extra_bits, rules.items)]
    excludes = np.zeros(n, dtype=np.uint64)
    for i, item in enumerate(rules.items):
        for other in item.excludes:
            excludes[i] |= np.uint64(1 << index[other])
    return Tables(
        set_points=set_points,
        set_doubles=set_doubles,
        when=np.array([fact_mask(item.when) | extra for item, extra in zip(rules.items, extra_bits)],
                      dtype=np.uint64),
        unless=np.array([fact_mask(item.unless) for item in rules.items], dtype=np.uint64),
        win_tiles=np.array([item.tile_mask for item in rules.items], dtype=np.uint64),
        per_bonus=np.array([item.per_bonus for item in rules.items], dtype=np.uint8),
        points=np.array([item.points for item in rules.items], dtype=np.int32),
        doubles=np.array([item.doubles for item in rules.items], dtype=np.int32),
        excludes=excludes,
        late=np.array([item.needs_no_points for item in rules.items], dtype=np.uint8),
        base=np.array([item.when == {"winner"} for item in rules.items], dtype=np.uint8),
        shapes=sum(1 << bit for bit, shape in enumerate(SPECIAL_SHAPES) if shape in rules.shapes),
        pattern_bits=pattern_bits,
        holds=holds,
    )
