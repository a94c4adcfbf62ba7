"""Score hands on a Dask cluster: :func:`mjscore.score_many` over partitions.

For a user whose hands outgrow one machine and who runs on an existing cluster
(``dask.distributed``, or any Dask scheduler). Each partition is scored by
:func:`mjscore.score_many` in the worker, so results are exactly those of one
call on the whole batch, and a bad row is marked, never fatal. Needs the
``dask`` extra (``pip install "mjscore[dask]"``); ``import mjscore`` never
imports Dask.

* :func:`score_array`: a ``dask.array`` of ``(n, 34)`` counts (the layout of
  :mod:`mjscore.score.bulk_scoring`), optional ``(n, 4)`` meld bytes and per-row
  context arrays (Dask or NumPy); returns lazy ``(totals, special, status)``
  arrays, ``special`` an index into ``rules.hands`` as :func:`mjscore.score_many`
  returns it.
* :func:`score_dataframe`: a ``dask.dataframe`` whose rows are hands, as 34
  count columns (and a ``jokers`` column) or as a column of hand strings (``J`` a
  joker); returns it with ``total``, ``special`` (the special hand's id, as
  :attr:`Score.special <mjscore.Score.special>` names it) and ``status`` columns added.

>>> import dask.array as da, numpy as np, mjscore, mjscore.dask
>>> rows = mjscore.rows.sample.random_scoring_rows(1000, seed=1)
>>> counts = da.from_array(rows.counts, chunks=(250, 34))
>>> totals, special, status = mjscore.dask.score_array(
...     counts, da.from_array(rows.melds, chunks=(250, 4)), win_tile=rows.win_tile)
>>> expected, _ = mjscore.score_many(rows.counts, melds=rows.melds, win_tile=rows.win_tile)
>>> bool((totals.compute(scheduler="sync") == expected).all())
True

The rule set is resolved on the client (so an unknown name fails at once) and
travels to the workers in the task graph, without the compiled tables it caches
(each worker rebuilds them); a rule file need not exist there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, cast

try:
    import dask.array as da
    import dask.dataframe as dd
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # stubs are optional
    from dask.tokenize import normalize_token
except ImportError as error:  # pragma: no cover - the extra is installed for the tests
    raise ImportError(
        'mjscore.dask needs Dask and pandas: pip install "mjscore[dask]"') from error

import numpy as np
import numpy.typing as npt

from .score.bulk_scoring import read_hand, score_many
from .core.errors import HandStatus, InvalidContextError, InvalidHandError
from .core.hand import Hand
from .rows.codec import MELDS_PER_ROW, NO_MELD, ROW_KEYWORDS, UNKNOWN_TILE, hand_arrays
from .rules import RuleSet, load_rules
from .core.tile import N_KINDS, Tile

__all__ = ["score_array", "score_dataframe", "COUNT_COLUMNS", "MELD_COLUMNS", "JOKERS_COLUMN",
           "ROW_CONTEXT_KEYWORDS", "STATUS_NAMES"]

COUNT_COLUMNS = tuple(tile.name for tile in Tile)
"""The default count columns of :func:`score_dataframe`: ``"M1"`` ... ``"RED"``, in 34-index order."""
MELD_COLUMNS = ("meld0", "meld1", "meld2", "meld3")
"""The meld-byte columns :func:`score_dataframe` reads when a frame has them."""
JOKERS_COLUMN = "jokers"
"""The column of jokers held concealed :func:`score_dataframe` reads in the counts layout
when a frame has it (:func:`mjscore.score_many`'s ``jokers``)."""
ROW_CONTEXT_KEYWORDS = ROW_KEYWORDS
"""The context keywords of :func:`mjscore.score_many` (:data:`mjscore.rows.ROW_KEYWORDS`;
it has no bonus-tile columns); a DataFrame column of one of these names gives that
keyword per row."""
STATUS_NAMES = tuple(status.name for status in HandStatus)
"""The categories of the ``status`` column: category ``i`` is ``HandStatus(i).name``."""

_RESULT = np.dtype([("total", np.int32), ("special", np.int16), ("status", np.uint8)])
"""One row of :func:`score_array`'s blocks: the three results, split into arrays lazily."""


def _rules_token(rules: RuleSet) -> object:
    """Dask's token of a rule set: its definition, the state it pickles (``caches`` holds what is kept,
    compiled kernel objects among them, that neither tokenize nor belong to its identity)."""
    return normalize_token((RuleSet.__qualname__, rules.__getstate__()))


normalize_token.register(RuleSet, _rules_token)  # type: ignore[no-untyped-call]


class _Rules:
    """A rule set as a task's argument, opaque to Dask. Dask walks a dataclass argument
    field by field looking for collections inside it, and a :class:`RuleSet`'s fields hold
    its special hands and compiled tables: seconds per call under ``western``. Tokenized
    as the rule set; pickled with it (its definition, see :meth:`RuleSet.__getstate__`)."""

    __slots__ = ("rules",)

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    def __dask_tokenize__(self) -> object:
        return _rules_token(self.rules)


def _empty_like(value: Any) -> Any:
    """A scalar as is, an array as zero rows of its dtype: for checks before any work."""
    return value if np.ndim(value) == 0 else np.empty((0,), dtype=value.dtype)


def _check(rules: RuleSet, threads: int | None, melds: Any, counts_dtype: Any,
           context: dict[str, Any]) -> None:
    """Raise what :func:`score_many` would for these dtypes, scalars and keywords, on no rows."""
    score_many(np.empty((0, 34), dtype=counts_dtype), rules, threads=threads,
               melds=None if melds is None else np.empty((0, melds.shape[1]), dtype=melds.dtype),
               **{name: _empty_like(value) for name, value in context.items()})


def _score_block(counts: npt.NDArray[Any], melds: npt.NDArray[Any] | None,
                 *columns: npt.NDArray[Any], rules: _Rules, names: tuple[str, ...],
                 threads: int | None, context: dict[str, Any]) -> npt.NDArray[np.void]:
    """One block of :func:`score_array`: ``score_many`` on it, as a structured array."""
    totals, special, status = score_many(counts, rules.rules, melds=melds, threads=threads,
                                         return_status=True, **dict(zip(names, columns)), **context)
    out = np.empty(counts.shape[0], dtype=_RESULT)
    out["total"], out["special"], out["status"] = totals, special, status
    return out


def score_array(counts: da.Array, melds: da.Array | None = None, *,
                rules: str | RuleSet = "babcock", threads: int | None = 1,
                **context: Any) -> tuple[da.Array, da.Array, da.Array]:
    """Score a Dask array of hands lazily, each block by :func:`mjscore.score_many`.

    Blocks may be chunked any way along the rows; the columns are joined into one
    chunk, and ``melds`` and the context arrays are rechunked to the rows of
    ``counts``. Shapes, dtypes, keywords, scalar context values and the rule set
    are checked here, before anything runs; a bad row is marked in ``status``.

    :param counts: ``(n, 34)`` integer tile counts (see :mod:`mjscore.score.bulk_scoring`).
    :param melds: ``(n, 4)`` meld bytes (:mod:`mjscore.rows.codec`: group bytes ``kind * 34 + tile``,
        0xFF none), a Dask or a NumPy array (any integer array), or None.
    :param rules: a rule set name, alias or ``.toml`` path, or a :class:`RuleSet`.
    :param threads: threads per block (see :func:`mjscore.score_many`).
    :param context: :func:`mjscore.score_many`'s keywords (the context, and
        ``jokers``: jokers held concealed), each a scalar or an ``(n,)`` NumPy or Dask
        array.
    :returns: lazy ``(totals, special, status)``: ``(n,)`` int32 totals; int16 indices
        into ``load_rules(rules).hands``, the special hands (``hands[i].id`` is the id
        :attr:`Score.special <mjscore.Score.special>` gives; -1: none), exactly as
        :func:`mjscore.score_many` returns them; and uint8 :class:`~mjscore.HandStatus` codes.
    :raises InvalidHandError: for a counts or melds array of the wrong shape or dtype.
    :raises InvalidContextError: for a context array of the wrong length, or a bad keyword or value.
    :raises RuleSetError: for an unknown rule set.
    """
    if counts.ndim != 2 or counts.shape[1] != 34:
        raise InvalidHandError(f"expected an (n, 34) array of tile counts, got shape {counts.shape}")
    n, row_chunks = counts.shape[0], counts.chunks[0]
    if melds is not None and not isinstance(melds, da.Array):
        melds = da.asarray(np.asarray(melds))
    arrays = {name: da.asarray(value)  # type: ignore[no-untyped-call]
              for name, value in context.items() if np.ndim(value)}
    scalars = {name: value for name, value in context.items() if not np.ndim(value)}
    if math.isnan(n) and (melds is not None or arrays):
        raise InvalidHandError("counts has unknown chunk sizes, so melds and context arrays "
                               "cannot be aligned to it: call counts.compute_chunk_sizes() first")
    if melds is not None and (melds.ndim != 2 or melds.shape[0] != n or melds.shape[1] != 4
                              or melds.dtype.kind not in "iu"):
        raise InvalidHandError(f"melds: expected an ({n}, 4) uint8 array of meld codes, "
                               f"got shape {melds.shape} and dtype {melds.dtype}")
    for name, array in arrays.items():
        if array.shape != (n,):
            raise InvalidContextError(f"{name}: expected a scalar or an array of shape ({n},), "
                                      f"got shape {array.shape}")
    if not math.isnan(n) and 0 in row_chunks:
        # Dask's blockwise broadcasts an array of one row to every block, so with empty
        # blocks beside it that row would be scored once per block: they go
        row_chunks = tuple(size for size in row_chunks if size) or (0,)
        counts = counts.rechunk({0: row_chunks})  # type: ignore[no-untyped-call]
    counts = counts.rechunk({1: -1})  # type: ignore[no-untyped-call]
    if melds is not None:
        melds = melds.rechunk({0: row_chunks, 1: -1})  # type: ignore[no-untyped-call]
    arrays = {name: array.rechunk((row_chunks,)) for name, array in arrays.items()}
    ruleset = load_rules(rules)
    _check(ruleset, threads, melds, counts.dtype, {**scalars, **arrays})
    indexed = [item for array in arrays.values() for item in (array, "i")]
    result = da.blockwise(  # type: ignore[no-untyped-call]
        _score_block, "i", counts, "ij", melds, None if melds is None else "ik", *indexed,
        concatenate=True, dtype=_RESULT, meta=np.empty((0,), dtype=_RESULT),
        rules=_Rules(ruleset), names=tuple(arrays), threads=threads, context=scalars)
    return result["total"], result["special"], result["status"]


def _read_hands(texts: Any, rules: RuleSet) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8],
                                                    npt.NDArray[np.uint8], npt.NDArray[np.bool_],
                                                    npt.NDArray[np.uint8], npt.NDArray[np.uint8],
                                                    dict[str, npt.NDArray[np.uint8]]]:
    """Hand strings as counts, melds, winning tiles, 14-tile flags, concealed jokers, status
    and the columns of their bonus tiles and claimed kongs.

    A row :func:`mjscore.score.bulk_scoring.read_hand` declines gets its status
    (BAD_NOTATION; WRONG_SIZE for more than 14 tiles; for jokers NOT_WINNING, or BAD_MELD
    in a declared meld). The flowers and seasons the hands show and their claimed kongs
    come back as ``score_many``'s ``bonus`` and ``claimed`` columns, where some row has one.
    """
    n = len(texts)
    status = np.zeros(n, dtype=np.uint8)
    hands: list[Hand] = []
    rows: list[int] = []
    for i, text in enumerate(texts):
        hand = read_hand(text, rules)
        if isinstance(hand, Hand):
            hands.append(hand)
            rows.append(i)
        else:
            status[i] = hand[0]
    read = hand_arrays(hands)
    counts = np.zeros((n, N_KINDS), dtype=np.uint8)
    melds = np.full((n, MELDS_PER_ROW), NO_MELD, dtype=np.uint8)
    win = np.full(n, UNKNOWN_TILE, dtype=np.uint8)
    complete = np.zeros(n, dtype=bool)
    jokers = np.zeros(n, dtype=np.uint8)
    counts[rows], melds[rows], win[rows], complete[rows] = read.counts, read.melds, read.win_tile, read.sizes == 14
    jokers[rows] = [hand.jokers for hand in hands]
    extra: dict[str, npt.NDArray[np.uint8]] = {}
    for key, column in (("bonus", read.bonus), ("claimed", read.claimed)):
        if column.any():
            extra[key] = np.zeros(n, dtype=np.uint8)
            extra[key][rows] = column
    return counts, melds, win, complete, jokers, status, extra


def _score_frame(part: pd.DataFrame, *, rules: _Rules, hand_column: str | None,
                 count_columns: list[str], meld_columns: list[str], context_columns: list[str],
                 threads: int, context: dict[str, Any]) -> pd.DataFrame:
    """One partition of :func:`score_dataframe` (the empty meta frame gives the output meta)."""
    ruleset = rules.rules
    keywords = {name: part[name].to_numpy() for name in context_columns} | context
    if hand_column is None:
        counts = part[count_columns].to_numpy()
        melds = part[meld_columns].to_numpy() if meld_columns else None
        if melds is not None and melds.shape[1] < MELDS_PER_ROW:  # the others declare nothing
            rest = np.full((len(melds), MELDS_PER_ROW - melds.shape[1]), NO_MELD,
                           dtype=np.result_type(melds.dtype, np.uint8))  # (checked as given)
            melds = np.concatenate([melds, rest], axis=1)
        read = None
    else:
        counts, melds, keywords["win_tile"], complete, jokers, read, extra = _read_hands(part[hand_column], ruleset)
        keywords |= extra
        keywords.setdefault("winner", complete)  # as score(): a 13-tile hand did not go out
        if jokers.any():  # a partition without jokers keeps score_many's path without them
            keywords["jokers"] = jokers
    totals, special, status = score_many(counts, ruleset, melds=melds, threads=threads,
                                         return_status=True, **keywords)
    if read is not None:
        bad = read != 0
        totals[bad], special[bad], status[bad] = 0, -1, read[bad]
    ids = [hand.id for hand in ruleset.hands]  # score_many's special indexes rules.hands
    return part.assign(total=totals, special=pd.Categorical.from_codes(special, ids),
                       status=pd.Categorical.from_codes(status, STATUS_NAMES))


def score_dataframe(df: dd.DataFrame, *, rules: str | RuleSet = "babcock",
                    hand_column: str | None = None, count_columns: Sequence[str] | None = None,
                    meld_columns: Sequence[str] | None = None, threads: int | None = 1,
                    **context: Any) -> dd.DataFrame:
    """Score the hands of a Dask DataFrame, each partition by :func:`mjscore.score_many`.

    Each row is one hand, in one of two layouts:

    * **counts** (``hand_column=None``): 34 integer columns of concealed tile counts
      (the winning tile included), named ``"M1"`` ... ``"RED"`` (:data:`COUNT_COLUMNS`,
      the :class:`~mjscore.Tile` names) or listed in ``count_columns``; meld bytes
      (:mod:`mjscore.rows`: group bytes ``kind * 34 + tile``, 0xFF none) in the columns ``meld_columns``, by default
      those of ``"meld0"`` ... ``"meld3"`` the frame has; the jokers held concealed in
      a ``"jokers"`` column (:data:`JOKERS_COLUMN`) if the frame has one (a count
      :func:`mjscore.score_many` refuses marks its row BAD_COUNT).
    * **hand strings** (``hand_column="hand"``): text :func:`mjscore.parse` reads;
      ``+tile`` marks the winning tile, ``J`` a joker, and ``winner`` defaults to
      whether the hand has 14 tiles, as in :func:`mjscore.score`. A string parse
      rejects (bad text, a fifth copy, a wrong size written down) is marked
      BAD_NOTATION, but one of more than 14 tiles WRONG_SIZE, as its array row (a
      longer hand scores 0: :class:`~mjscore.LongHandError`); a hand with jokers
      NOT_WINNING under a rule set without them, BAD_MELD with one in a declared meld
      (a row cannot carry it: :func:`mjscore.score.bulk_scoring.read_hand`); the
      flowers and seasons and the claimed kongs (``{5555p}``) a hand shows are scored
      (``dmjl``, ``bmja``).

    In both, a column named like a context keyword of :func:`mjscore.score_many`
    (``win_tile``, ``self_drawn``, ``seat_wind``, ...: :data:`ROW_CONTEXT_KEYWORDS`)
    gives that keyword per row; ``context`` keywords give it for every row.

    Added columns: ``total`` (int32; 0 for a bad row); ``special``, a categorical of
    the ids of the rule set's special hands (:attr:`RuleSet.hands`): the special hand
    that applied, named as :attr:`Score.special <mjscore.Score.special>` names it, or
    missing (NaN) for none; ``status``, a categorical of :data:`STATUS_NAMES`: the
    :class:`~mjscore.HandStatus` name (its code is ``status.cat.codes``;
    BAD_NOTATION for a string that cannot be read).

    :param df: the hands, one per row; other columns are kept.
    :param rules: a rule set name, alias or ``.toml`` path, or a :class:`RuleSet`.
    :param hand_column: the column of hand strings, or None for the counts layout.
    :param count_columns: the 34 count columns in 34-index order (counts layout).
    :param meld_columns: up to 4 meld-byte columns (counts layout).
    :param threads: threads per partition (see :func:`mjscore.score_many`).
    :param context: scalar context keywords for every row.
    :returns: a lazy DataFrame: ``df`` with ``total``, ``special`` and ``status``.
    :raises InvalidHandError: for a missing column, an output column already there,
        the two layouts mixed up, or jokers given besides hand strings.
    :raises InvalidContextError: for a keyword given as a column and a keyword too,
        or a bad keyword or value.
    :raises RuleSetError: for an unknown rule set.
    """
    columns = list(df.columns)
    taken = [name for name in ("total", "special", "status") if name in columns]
    if taken:
        raise InvalidHandError(f"the frame already has the output column {taken[0]!r}")
    context_columns = [name for name in (*ROW_CONTEXT_KEYWORDS, JOKERS_COLUMN) if name in columns]
    both = sorted(set(context_columns) & set(context))
    if both:
        raise InvalidContextError(f"{both[0]} is given both as a column and as a keyword")
    if hand_column is None:
        count_columns = list(COUNT_COLUMNS if count_columns is None else count_columns)
        meld_columns = list([c for c in MELD_COLUMNS if c in columns] if meld_columns is None
                            else meld_columns)
        if len(count_columns) != 34:
            raise InvalidHandError(f"count_columns: expected 34 columns, got {len(count_columns)}")
        if len(meld_columns) > MELDS_PER_ROW:
            raise InvalidHandError(f"meld_columns: a hand declares at most {MELDS_PER_ROW} melds, "
                                   f"got {len(meld_columns)} columns")
        needed = count_columns + meld_columns
    else:
        if count_columns is not None or meld_columns is not None:
            raise InvalidHandError("count_columns and meld_columns are for the counts layout, "
                                   "not with hand_column")
        if "win_tile" in context or "win_tile" in context_columns:
            raise InvalidContextError("win_tile: with hand_column, the hand strings mark the "
                                      "winning tile ('+1z')")
        if JOKERS_COLUMN in context or JOKERS_COLUMN in context_columns:
            raise InvalidHandError("jokers: with hand_column, the hand strings hold the jokers ('J')")
        count_columns, meld_columns, needed = [], [], [hand_column]
    missing = [name for name in needed if name not in columns]
    if missing:
        raise InvalidHandError(f"the frame has no column {missing[0]!r}")
    kwargs: dict[str, Any] = dict(
        rules=_Rules(load_rules(rules)), hand_column=hand_column,
        count_columns=count_columns, meld_columns=meld_columns,
        context_columns=context_columns, threads=threads, context=context)
    meta = _score_frame(cast(pd.DataFrame, df._meta), **kwargs)  # checks dtypes and keywords now
    scored = df.map_partitions(_score_frame, meta=meta, **kwargs)  # type: ignore[no-untyped-call]
    return cast(dd.DataFrame, scored)
