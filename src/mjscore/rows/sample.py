"""Fixed-seed random hands as ``(n, 34)`` uint8 count arrays, for tests and benchmarks.

Every generator takes a ``seed`` and builds one :func:`numpy.random.default_rng`
from it, so the same call returns the same array on every machine and NumPy
version that keeps the ``Generator`` streams stable. Work is vectorised over the
rows: 100,000 hands take 0.05 s (0.2 s for wall draws).

Rows always respect the wall: no tile kind appears more than four times.

>>> hands = random_complete_hands(4, seed=7)
>>> hands.shape, hands.dtype.name, hands.sum(axis=1).tolist()
((4, 34), 'uint8', [14, 14, 14, 14])
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .codec import CHOW, CONCEALED_KONG, KONG, MELDS_PER_ROW, NO_MELD, PUNG, meld_codes
from ..core.tile import N_KINDS, ORPHANS

__all__ = ["random_complete_hands", "random_draws", "remove_one_tile", "near_complete_hands",
           "random_scoring_rows", "scoring_row_blocks", "ScoringRows", "SCORING_BLOCK"]

_WALL = 136
_ORPHANS = np.array(sorted(ORPHANS), dtype=np.intp)
_SEQUENCE_STARTS = np.array([9 * s + r for s in range(3) for r in range(7)], dtype=np.intp)
_SEQUENCE_SHARE = 0.5
"""Each set of a standard hand is a sequence with this chance, else a triplet."""

Counts = npt.NDArray[np.uint8]


def _check_n(n: int) -> int:
    n = operator.index(n)
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    return n


def _counts_from_tiles(tiles: npt.NDArray[np.intp]) -> Counts:
    """``(n, k)`` tile indexes -> ``(n, 34)`` uint8 counts, by one bincount."""
    n = tiles.shape[0]
    flat = (np.arange(n, dtype=np.intp)[:, None] * N_KINDS + tiles).ravel()
    counts = np.bincount(flat, minlength=n * N_KINDS).reshape(n, N_KINDS)
    return counts.astype(np.uint8)


def _standard_tiles(rng: np.random.Generator, n: int) -> npt.NDArray[np.intp]:
    """``(n, 14)`` tile indexes: four sets and a pair, not yet checked against the wall."""
    is_sequence = rng.random((n, 4)) < _SEQUENCE_SHARE
    start = np.where(is_sequence,
                     _SEQUENCE_STARTS[rng.integers(0, len(_SEQUENCE_STARTS), (n, 4))],
                     rng.integers(0, N_KINDS, (n, 4)))
    step = is_sequence.astype(np.intp)
    sets = start[:, :, None] + step[:, :, None] * np.arange(3)  # (n, 4, 3)
    pair = rng.integers(0, N_KINDS, (n, 1))
    return np.concatenate([sets.reshape(n, 12), pair, pair], axis=1)


def _standard_hands(rng: np.random.Generator, n: int) -> Counts:
    """``n`` standard complete hands; rows that would need a fifth copy are redrawn."""
    out = np.empty((n, N_KINDS), dtype=np.uint8)
    todo = np.arange(n)
    while todo.size:  # about 11% of draws are rejected, so a few rounds suffice
        counts = _counts_from_tiles(_standard_tiles(rng, todo.size))
        ok = counts.max(axis=1, initial=0) <= 4
        out[todo[ok]] = counts[ok]
        todo = todo[~ok]
    return out


def _seven_pairs_hands(rng: np.random.Generator, n: int) -> Counts:
    """``n`` hands of seven distinct pairs, the kinds uniform among the 34."""
    kinds = np.argpartition(rng.random((n, N_KINDS)), 7, axis=1)[:, :7]
    out = np.zeros((n, N_KINDS), dtype=np.uint8)
    np.put_along_axis(out, kinds, 2, axis=1)
    return out


def _orphans_hands(rng: np.random.Generator, n: int) -> Counts:
    """``n`` thirteen-orphans hands: one of each orphan and a second of one of them."""
    out = np.zeros((n, N_KINDS), dtype=np.uint8)
    out[:, _ORPHANS] = 1
    out[np.arange(n), _ORPHANS[rng.integers(0, len(_ORPHANS), n)]] += 1
    return out


def _complete_hands(rng: np.random.Generator, n: int, seven_pairs: float, orphans: float) -> Counts:
    for name, value in (("seven_pairs", seven_pairs), ("orphans", orphans)):
        if not 0.0 <= value <= 1.0:
            raise ValueError(f"{name} must be a fraction in [0, 1], got {value}")
    if seven_pairs + orphans > 1.0:
        raise ValueError(f"seven_pairs + orphans must be at most 1, got {seven_pairs + orphans}")
    out = _standard_hands(rng, n)
    if seven_pairs or orphans:
        u = rng.random(n)
        pairs_rows = np.flatnonzero(u < seven_pairs)
        orphan_rows = np.flatnonzero((u >= seven_pairs) & (u < seven_pairs + orphans))
        out[pairs_rows] = _seven_pairs_hands(rng, pairs_rows.size)
        out[orphan_rows] = _orphans_hands(rng, orphan_rows.size)
    return out


def _remove_one(rng: np.random.Generator, hands: Counts) -> tuple[Counts, npt.NDArray[np.intp]]:
    """Each row minus one of its tiles, each physical tile equally likely; and which kind went."""
    sizes = hands.sum(axis=1, dtype=np.int64)
    if sizes.size and sizes.min() == 0:
        raise ValueError(f"row {int(np.argmin(sizes))} holds no tile to remove")
    pick = (rng.random(hands.shape[0]) * sizes).astype(np.int64)  # 0 .. size - 1
    kind = (hands.cumsum(axis=1, dtype=np.int64) > pick[:, None]).argmax(axis=1)
    out = hands.copy()
    out[np.arange(hands.shape[0]), kind] -= 1
    return out, kind


def _as_counts(hands: npt.ArrayLike) -> Counts:
    array = np.asarray(hands)
    if array.ndim != 2 or array.shape[1] != N_KINDS:
        raise ValueError(f"expected an (n, 34) counts array, got shape {array.shape}")
    if array.dtype.kind not in "iu":
        raise ValueError(f"counts must be integers, got dtype {array.dtype}")
    if array.size and (array.min() < 0 or array.max() > 4):
        raise ValueError("counts must be between 0 and 4")
    return np.ascontiguousarray(array, dtype=np.uint8)


def random_complete_hands(n: int, seed: int = 0, *, seven_pairs: float = 0.0,
                          orphans: float = 0.0) -> Counts:
    """Random complete 14-tile concealed hands.

    A standard row is four sets and a pair: each set is a sequence (a uniform
    start among the 21 suited ones) or a triplet (a uniform kind) with even
    odds, and the pair's kind is uniform; a row that would hold a fifth copy of
    a kind is redrawn whole, so the rows are uniform over the draws that fit in
    one wall. The optional fractions replace that share of the rows (each row
    independently) by seven distinct pairs (seven uniform kinds) or thirteen
    orphans (a uniform doubled orphan).

    :param n: how many rows.
    :param seed: seed of :func:`numpy.random.default_rng`.
    :param seven_pairs: chance that a row is seven distinct pairs.
    :param orphans: chance that a row is thirteen orphans.
    :returns: ``(n, 34)`` C-contiguous uint8 counts, every row summing to 14.
    :raises ValueError: ``n`` is negative or the fractions are not a split of 1.

    >>> from mjscore.decompose import _reference
    >>> hands = random_complete_hands(1000, seed=3, seven_pairs=0.1, orphans=0.05)
    >>> hands.shape, int(hands.max()), set(hands.sum(axis=1).tolist())
    ((1000, 34), 4, {14})
    >>> all(_reference.is_complete_counts(row) == 1 for row in hands[:50])
    True
    """
    return _complete_hands(np.random.default_rng(seed), _check_n(n), seven_pairs, orphans)


def random_draws(n: int, seed: int = 0, size: int = 14) -> Counts:
    """Rows of ``size`` tiles from the top of a freshly shuffled 136-tile wall.

    Each row is its own uniform shuffle of the four copies of every kind, so
    rows follow the distribution of a real deal: a 14-tile draw is almost never
    complete (a dealer's heavenly hand is about 3 in a million).

    :param n: how many rows.
    :param seed: seed of :func:`numpy.random.default_rng`.
    :param size: tiles per row, 0 to 136.
    :returns: ``(n, 34)`` C-contiguous uint8 counts, every row summing to ``size``.
    :raises ValueError: ``n`` is negative or ``size`` is outside 0-136.

    >>> draws = random_draws(5, seed=1, size=13)
    >>> draws.sum(axis=1).tolist(), bool(draws.max() <= 4)
    ([13, 13, 13, 13, 13], True)
    """
    n, size = _check_n(n), operator.index(size)
    if not 0 <= size <= _WALL:
        raise ValueError(f"size must be between 0 and {_WALL}, got {size}")
    rng = np.random.default_rng(seed)
    out = np.empty((n, N_KINDS), dtype=np.uint8)
    wall = np.arange(_WALL, dtype=np.uint8)
    chunk = 1 << 15  # bounds the (chunk, 136) wall copy at 4.5 MB
    for lo in range(0, n, chunk):
        rows = min(chunk, n - lo)
        walls = rng.permuted(np.broadcast_to(wall, (rows, _WALL)), axis=1)
        out[lo:lo + rows] = _counts_from_tiles(walls[:, :size].astype(np.intp) // 4)
    return out


def remove_one_tile(hands: npt.ArrayLike, seed: int = 0) -> Counts:
    """Each row minus one random tile it holds (e.g. 14-tile hands -> 13-tile wait rows).

    Every physical tile of a row is equally likely to go, so a kind held twice
    is removed twice as often as a kind held once.

    :param hands: ``(n, 34)`` counts, each 0-4, every row holding a tile.
    :param seed: seed of :func:`numpy.random.default_rng`.
    :returns: a new ``(n, 34)`` C-contiguous uint8 array; ``hands`` is not changed.
    :raises ValueError: a wrong shape, a count outside 0-4, or an empty row.

    >>> hands = random_complete_hands(3, seed=2)
    >>> (hands - remove_one_tile(hands, seed=5)).sum(axis=1).tolist()
    [1, 1, 1]
    """
    out, _ = _remove_one(np.random.default_rng(seed), _as_counts(hands))
    return out


def near_complete_hands(n: int, seed: int = 0) -> Counts:
    """Complete hands with one tile swapped for a different kind: near misses.

    The complete hands are drawn like :func:`random_complete_hands` with 5%
    seven pairs and 2% thirteen orphans (so near misses of those shapes occur
    too); then one random tile leaves and a uniformly chosen other kind that is
    held fewer than four times comes in. Most rows are not complete, a few
    percent still are (another shape or pair survives the swap).

    :param n: how many rows.
    :param seed: seed of :func:`numpy.random.default_rng`.
    :returns: ``(n, 34)`` C-contiguous uint8 counts, every row summing to 14.
    :raises ValueError: ``n`` is negative.

    >>> rows = near_complete_hands(4, seed=9)
    >>> rows.sum(axis=1).tolist(), bool(rows.max() <= 4)
    ([14, 14, 14, 14], True)
    """
    rng = np.random.default_rng(seed)
    hands = _complete_hands(rng, _check_n(n), 0.05, 0.02)
    out, removed = _remove_one(rng, hands)
    keys = rng.random((n, N_KINDS))
    keys[out >= 4] = -1.0
    keys[np.arange(n), removed] = -1.0  # a 13-tile row always has some other kind below 4
    out[np.arange(n), keys.argmax(axis=1)] += 1
    return out


class ScoringRows(NamedTuple):
    """Random winning hands laid out for :func:`mjscore.score_many`."""

    counts: Counts
    """``(n, 34)`` concealed tiles, the winning tile included."""
    melds: Counts
    """``(n, 4)`` meld bytes (:mod:`mjscore.rows`: group bytes ``kind * 34 + tile``; 0xFF none)."""
    win_tile: Counts
    """``(n,)`` the winning tile, one of the concealed tiles."""
    self_drawn: npt.NDArray[np.bool_]
    seat_wind: Counts
    prevailing_wind: Counts
    heaven: npt.NDArray[np.bool_]
    """``(n,)`` the dealer's hand from heaven: self-drawn, nothing declared."""
    earth: npt.NDArray[np.bool_]
    """``(n,)`` another seat's hand from earth: on the dealer's first discard, nothing declared."""
    declared_calling: npt.NDArray[np.bool_]
    """``(n,)`` won on a calling hand declared on the dealt tiles (Babcock's lucky thirteen)."""

    def context(self) -> dict[str, npt.NDArray[Any]]:
        """Every column but ``counts`` and ``melds``, as :func:`mjscore.score_many` keywords."""
        return {name: getattr(self, name) for name in self._fields[2:]}


_FIRST_TURN_SHARE = 0.002
"""Of the rows with nothing declared, the share won on the first turn (heaven for the
dealer, earth for another seat), and again the share won on a declared calling hand.
Far above a table's odds, so that a sample of 100,000 shows the limit hands these make:
random sets almost never take a limit hand's shape."""


def _situations(rng: np.random.Generator, melds: Counts, seat_wind: Counts
                ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Heaven, earth and declared calling per row, only where they can happen: nothing
    declared (first-turn wins are on the dealt tiles; a declared hand keeps its tiles)."""
    n = len(melds)
    undeclared = (melds == NO_MELD).all(axis=1)
    first_turn = undeclared & (rng.random(n) < _FIRST_TURN_SHARE)
    dealer = seat_wind == 27  # East
    calling = undeclared & ~first_turn & (rng.random(n) < _FIRST_TURN_SHARE)
    return first_turn & dealer, first_turn & ~dealer, calling


def _tally(tiles: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """Per row, how often each kind occurs in ``tiles`` (-1 entries land in column 34)."""
    m = tiles.shape[0]
    index = np.arange(m)[:, None] * (N_KINDS + 1) + np.where(tiles < 0, N_KINDS, tiles)
    return np.bincount(index.ravel(), minlength=m * (N_KINDS + 1)).reshape(m, N_KINDS + 1)


SCORING_BLOCK = 65_536
"""Rows per block of :func:`scoring_row_blocks`: each block is drawn from its own stream."""


def _block_rng(seed: int, block: int) -> np.random.Generator:
    """Block 0 draws from ``default_rng(seed)`` (so up to a block of rows is what it always was);
    block ``k`` from the ``k``-th child of the seed's :class:`~numpy.random.SeedSequence`."""
    if block == 0:
        return np.random.default_rng(seed)
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(block - 1,)))


def _scoring_rows(rng: np.random.Generator, n: int, meld_share: float, kong_share: float) -> ScoringRows:
    counts = np.empty((n, N_KINDS), dtype=np.uint8)
    melds = np.full((n, MELDS_PER_ROW), NO_MELD, dtype=np.uint8)
    todo = np.arange(n)
    while todo.size:
        m = todo.size
        is_sequence = rng.random((m, 4)) < _SEQUENCE_SHARE
        start = np.where(is_sequence,
                         _SEQUENCE_STARTS[rng.integers(0, len(_SEQUENCE_STARTS), (m, 4))],
                         rng.integers(0, N_KINDS, (m, 4)))
        declared = rng.random((m, 4)) < meld_share
        kong = ~is_sequence & (rng.random((m, 4)) < kong_share)
        kind = np.where(is_sequence, CHOW,
                        np.where(kong, np.where(rng.random((m, 4)) < 0.5, KONG, CONCEALED_KONG), PUNG))
        declared |= kong  # a kong is always declared
        sizes = np.where(kong, 4, 3)
        offsets = np.arange(4)
        tiles = start[:, :, None] + is_sequence[:, :, None] * offsets[:3]  # (m, 4, 3)
        all_tiles = np.concatenate([np.where(offsets < sizes[:, :, None], np.where(
            offsets < 3, np.pad(tiles, ((0, 0), (0, 0), (0, 1)), mode="edge"), start[:, :, None]),
            -1).reshape(m, 16), np.repeat(rng.integers(0, N_KINDS, (m, 1)), 2, axis=1)], axis=1)
        held = _tally(all_tiles)
        ok = held[:, :N_KINDS].max(axis=1) <= 4
        concealed_tiles = np.where(np.repeat(declared, 4, axis=1), -1, all_tiles[:, :16])
        concealed_tiles = np.concatenate([concealed_tiles, all_tiles[:, 16:]], axis=1)
        concealed = _tally(concealed_tiles)
        rows = todo[ok]
        counts[rows] = concealed[ok, :N_KINDS]
        codes = np.where(declared, meld_codes(kind, start), NO_MELD)[ok]
        melds[rows] = np.sort(codes, axis=1)  # declared melds first, NO_MELD padding last
        todo = todo[~ok]
    _, win = _remove_one(rng, counts)
    winds = np.array([27, 28, 29, 30], dtype=np.uint8)
    self_drawn = rng.random(n) < 0.5
    seat_wind, prevailing_wind = winds[rng.integers(0, 4, n)], winds[rng.integers(0, 4, n)]
    heaven, earth, calling = _situations(rng, melds, seat_wind)
    self_drawn = (self_drawn | heaven) & ~earth  # heaven is self-drawn; earth here is on a discard
    return ScoringRows(counts, melds, win.astype(np.uint8), self_drawn, seat_wind, prevailing_wind,
                       heaven, earth, calling)


def scoring_row_blocks(n: int, seed: int = 0, *, meld_share: float = 0.3,
                       kong_share: float = 0.15) -> Iterator[ScoringRows]:
    """The rows of :func:`random_scoring_rows` one block of :data:`SCORING_BLOCK` at a time.

    Each block is drawn only when asked for, so the memory stays flat however
    large ``n`` is (``mjscore bulk --sample`` reads them so). The blocks, joined,
    are ``random_scoring_rows(n, seed)``; the last one may be shorter, and
    ``n = 0`` yields none.

    >>> [len(block.counts) for block in scoring_row_blocks(SCORING_BLOCK + 5, seed=1)]
    [65536, 5]
    """
    n = _check_n(n)
    for block, start in enumerate(range(0, n, SCORING_BLOCK)):
        yield _scoring_rows(_block_rng(seed, block), min(SCORING_BLOCK, n - start), meld_share, kong_share)


def random_scoring_rows(n: int, seed: int = 0, *, meld_share: float = 0.3,
                        kong_share: float = 0.15) -> ScoringRows:
    """``n`` random standard winning hands with declared melds and a random situation.

    Each of the four sets is declared with chance ``meld_share`` (a pung as a
    kong, exposed or concealed, with chance ``kong_share``); the winning tile is
    a random concealed tile; self-drawn with chance one half; random winds. Of the
    rows with nothing declared, two in a thousand are first-turn wins (the
    dealer's hand from heaven, another seat's hand from earth) and two in a
    thousand are won on a declared calling hand (:meth:`ScoringRows.context`
    passes them on).
    Rows are drawn in blocks of :data:`SCORING_BLOCK`, each from its own stream
    (:func:`scoring_row_blocks` yields them one at a time); a call for fewer rows
    than a block draws from ``default_rng(seed)`` alone.

    >>> rows = random_scoring_rows(3, seed=1)
    >>> rows.counts.shape, rows.melds.shape, rows.win_tile.shape
    ((3, 34), (3, 4), (3,))
    """
    n = _check_n(n)
    if n <= SCORING_BLOCK:
        return _scoring_rows(_block_rng(seed, 0), n, meld_share, kong_share)
    blocks = scoring_row_blocks(n, seed, meld_share=meld_share, kong_share=kong_share)
    first = next(blocks)
    out = ScoringRows(*(np.empty((n, *column.shape[1:]), dtype=column.dtype) for column in first))
    start = 0
    for block in itertools.chain([first], blocks):
        stop = start + len(block.counts)
        for target, column in zip(out, block):
            target[start:stop] = column
        start = stop
    return out
