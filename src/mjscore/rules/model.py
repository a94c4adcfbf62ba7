"""A loaded rule set: its scoring items as frozen data, compiled to flat tables.

:mod:`mjscore.rules.loader` builds these from TOML; the scorer and the kernel
read the compiled tables (:class:`Tables`), so scoring never dispatches on a
rule's name.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from ..facts import Atom, Kind, fact_mask
from ..payments import PaymentRules
from ..tile import Tile

__all__ = ["SetRule", "ItemRule", "Preset", "RuleSet", "Tables", "SPECIAL_SHAPES"]

SPECIAL_SHAPES = ("thirteen-orphans", "seven-pairs", "wriggling-snake")
"""The non-standard winning shapes a rule set may allow, in their ``Tables.shapes`` bit order."""


@dataclass(frozen=True, slots=True)
class SetRule:
    """Points and doubles for every group of some kinds, concealment and tile atoms."""

    id: str
    name: str
    kinds: frozenset[Kind]
    atoms: frozenset[Atom]
    concealed: bool | None
    points: int
    doubles: int
    source: str

    def matches(self, kind: Kind, concealed: bool, atom: Atom) -> bool:
        """Whether a group of this kind, concealment and atom earns this rule."""
        return (kind in self.kinds and atom in self.atoms
                and (self.concealed is None or self.concealed == concealed))


@dataclass(frozen=True, slots=True)
class ItemRule:
    """A hand-level item: points, doubles or a share of the limit, when facts hold."""

    id: str
    name: str
    when: frozenset[str]
    unless: frozenset[str]
    win_tile: Tile | None
    points: int
    doubles: int
    limit: Fraction | None
    excludes: tuple[str, ...]
    source: str

    @property
    def needs_no_points(self) -> bool:
        """Decided after the other items: it needs the ``no-points`` fact."""
        return "no-points" in self.when or "no-points" in self.unless


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
    ``facts & unless[i] == 0`` and the winning tile matches ``win_tile[i]``
    (255: any); applying it removes the items in ``excludes[i]`` (a bitmask over
    item indices). ``limit_num/limit_den`` is its share of the limit (0/1: none). ``late`` items need the ``no-points`` fact, decided after the
    others; ``base`` items (``when = ["winner"]`` alone) are the points for going
    out, which do not spoil ``no-points``. ``shapes`` has bit 0 for
    thirteen-orphans, 1 for seven-pairs, 2 for wriggling-snake.
    """

    set_points: npt.NDArray[np.int32]
    set_doubles: npt.NDArray[np.int32]
    when: npt.NDArray[np.uint64]
    unless: npt.NDArray[np.uint64]
    win_tile: npt.NDArray[np.uint8]
    points: npt.NDArray[np.int32]
    doubles: npt.NDArray[np.int32]
    limit_num: npt.NDArray[np.int32]
    limit_den: npt.NDArray[np.int32]
    excludes: npt.NDArray[np.uint64]
    late: npt.NDArray[np.uint8]
    base: npt.NDArray[np.uint8]
    shapes: int


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
    tables: Tables = field(init=False, repr=False, compare=False)
    derived: dict[str, object] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Data other modules derive from the rule set once and keep (compiled tables, lines).

    Never shared: each instance starts with an empty dict, also from
    ``dataclasses.replace`` and from unpickling (compiled kernel objects do not pickle).
    """

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", _compile(self))

    def __getstate__(self) -> dict[str, object]:
        """The definition only: ``tables`` is rebuilt and ``derived`` starts empty on load."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.init}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "derived", {})
        self.__post_init__()

    def option(self, name: str) -> object:
        """The effective value of one option."""
        return dict(self.options)[name]

    def item(self, item_id: str) -> ItemRule:
        """The item with this id."""
        for item in self.items:
            if item.id == item_id:
                return item
        raise KeyError(item_id)

    def __repr__(self) -> str:
        return f"<RuleSet {self.name!r} from {self.path}>"


def _compile(rules: RuleSet) -> Tables:
    set_points = np.zeros((4, 2, 7), dtype=np.int32)
    set_doubles = np.zeros((4, 2, 7), dtype=np.int32)
    for kind in Kind:
        for concealed in (False, True):
            for atom in Atom:
                for rule in rules.sets:
                    if rule.matches(kind, concealed, atom):
                        set_points[kind, int(concealed), atom] += rule.points
                        set_doubles[kind, int(concealed), atom] += rule.doubles
    n = len(rules.items)
    index = {item.id: i for i, item in enumerate(rules.items)}
    excludes = np.zeros(n, dtype=np.uint64)
    for i, item in enumerate(rules.items):
        for other in item.excludes:
            excludes[i] |= np.uint64(1 << index[other])
    return Tables(
        set_points=set_points,
        set_doubles=set_doubles,
        when=np.array([fact_mask(item.when) for item in rules.items], dtype=np.uint64),
        unless=np.array([fact_mask(item.unless) for item in rules.items], dtype=np.uint64),
        win_tile=np.array([255 if item.win_tile is None else item.win_tile
                           for item in rules.items], dtype=np.uint8),
        points=np.array([item.points for item in rules.items], dtype=np.int32),
        doubles=np.array([item.doubles for item in rules.items], dtype=np.int32),
        limit_num=np.array([item.limit.numerator if item.limit else 0
                            for item in rules.items], dtype=np.int32),
        limit_den=np.array([item.limit.denominator if item.limit else 1
                            for item in rules.items], dtype=np.int32),
        excludes=excludes,
        late=np.array([item.needs_no_points for item in rules.items], dtype=np.uint8),
        base=np.array([item.when == {"winner"} for item in rules.items], dtype=np.uint8),
        shapes=sum(1 << bit for bit, shape in enumerate(SPECIAL_SHAPES) if shape in rules.shapes),
    )
