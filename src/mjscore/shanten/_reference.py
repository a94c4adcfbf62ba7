"""Shanten and useful tiles: the readable specification (the compiled twin is ``_shanten_kernel``).

**Replacement number.** For a form (standard, seven pairs, thirteen orphans; on request
the knitted hands of seed 001, Knitting and Triple Knitting), a hand's
replacement number is the fewest tiles it lacks to hold a complete hand of that form:
the minimum, over every complete arrangement ``T`` of the form that holds at most four
of a tile, of ``sum(max(0, T[t] - held[t]))``. Its **shanten** is the replacement
number minus one: -1 for a complete hand, 0 for a ready (tenpai) one. This is the
definition of the ``xiangting`` package, and the ``mahjong`` package's on every hand
where a fifth copy of a tile never helps (see ``mjscore.shanten``).

**Sizes.** A row holds ``3k + 1`` or ``3k + 2`` concealed tiles (``k`` at most 4); it
needs ``k`` sets and a pair, the other ``4 - k`` sets being declared melds (given or
implied). With meld bytes, concealed tiles and melds (a meld counting three) make 13
or 14. Seven pairs, thirteen orphans and the knitted hands apply to 13 or 14 concealed
tiles without melds.
A 14-tile hand's shanten counts exchanges (draw one, discard one): 0 means one
discard away from ready.

**Standard form, suit by suit.** The missing-tile count adds over the tiles, so the
minimum splits by suit: for each suit, the fewest tiles it lacks to hold exactly ``m``
sets and ``p`` pairs (``m`` 0-4, ``p`` 0-1; honours make no sequences), then the
suits' shares are combined over every way of dealing the sets and the pair among them.

**Useful tiles.** A tile is useful to a ``3k + 1`` hand when drawing it lowers the
replacement number (minimum over the forms asked for), and a copy of it exists
outside the hand and its melds. Its copies left are ``4`` minus the copies held,
in melds and in ``visible`` (at least 0). A ``3k + 2`` hand is read per discard: the
hand after each kind it holds is thrown, that tile then counted as seen.

The kernel contract (each fills caller-made arrays; ``status`` gets a
:class:`~mjscore.core.errors.HandStatus` per row, and a bad row's results are left as
``NO_VALUE``/0):

====================  =====================================================================
``shanten_many``      ``(counts (n,34) u8, melds (n,4) u8, forms, out (n) i8, status (n) u8)``
``useful_many``       ``(counts, melds, visible (1|n,34) u8, forms, shanten (n) i8,``
                      ``mask (n) u64, copies (n,34) u8, status)``: ``3k + 1`` rows
``discards_many``     ``(counts, melds, visible, forms, shanten (n,34) i8, mask (n,34) u64,``
                      ``remaining (n,34) i16, status)``: ``3k + 2`` rows, one column per
                      discard; ``NO_VALUE`` shanten where the row holds no such tile
====================  =====================================================================
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.errors import HandStatus
from ..core.hand import Hand
from ..rows.codec import NO_MELD, meld_tiles
from ..rows.coerce import NO_MELDS

__all__ = ["STANDARD", "SEVEN_PAIRS", "THIRTEEN_ORPHANS", "KNITTING", "TRIPLE_KNITTING", "ALL_FORMS",
           "EVERY_FORM", "NO_VALUE",
           "suit_replacements", "replacement", "shanten_many", "useful_many", "discards_many",
           "shanten_one", "shanten_seq", "shanten_call", "NOT_READ"]

STANDARD = 1
SEVEN_PAIRS = 2
THIRTEEN_ORPHANS = 4
KNITTING = 8
TRIPLE_KNITTING = 16
ALL_FORMS = STANDARD | SEVEN_PAIRS | THIRTEEN_ORPHANS
"""The default: the forms of the ``mahjong`` package's and ``xiangting``'s shanten."""
EVERY_FORM = ALL_FORMS | KNITTING | TRIPLE_KNITTING
_SUIT_PAIRS = ((0, 1), (0, 2), (1, 2))
NO_VALUE = 127
"""The shanten of a bad row, or of a discard the row cannot make."""

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_CLASSES = 10  # (m sets, p pairs) as m * 2 + p, m 0-4, p 0-1


@functools.cache
def _arrangements(honours: bool) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every complete arrangement of one suit (counts at most 4) and its class ``m * 2 + p``."""
    ranks = 7 if honours else 9
    sets = [] if honours else [tuple(1 if r <= s < r + 3 else 0 for s in range(ranks)) for r in range(7)]
    sets += [tuple(3 if s == r else 0 for s in range(ranks)) for r in range(ranks)]
    pairs = [None, *range(ranks)]
    found: dict[tuple[tuple[int, ...], int], None] = {}
    for m in range(5):
        for chosen in itertools.combinations_with_replacement(range(len(sets)), m):
            base = [sum(sets[g][r] for g in chosen) for r in range(ranks)]
            for pair in pairs:
                counts = tuple(base[r] + (2 if r == pair else 0) for r in range(ranks))
                if max(counts, default=0) <= 4:
                    found[(counts, m * 2 + (pair is not None))] = None
    patterns = np.array([counts for counts, _ in found], dtype=np.int64).reshape(-1, ranks)
    classes = np.array([cls for _, cls in found], dtype=np.int64)
    return patterns, classes


@functools.cache
def suit_replacements(counts: tuple[int, ...], honours: bool = False) -> tuple[int, ...]:
    """For one suit's counts (9 ranks, or the 7 honours): per class ``m * 2 + p``, the
    fewest tiles it lacks to hold exactly ``m`` sets and ``p`` pairs (straight from the
    definition: the best of every arrangement)."""
    patterns, classes = _arrangements(honours)
    missing = np.maximum(patterns - np.array(counts), 0).sum(axis=1)
    return tuple(int(missing[classes == cls].min()) for cls in range(_CLASSES))


def _merge(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Two parts' tables as one: the best way to deal each class's sets and pair between them."""
    return [min(a[i * 2 + j] + b[(m - i) * 2 + (p - j)] for i in range(m + 1) for j in range(p + 1))
            for m in range(5) for p in range(2)]


def _standard(counts: Sequence[int], sets: int) -> int:
    parts = [suit_replacements(tuple(counts[9 * s:9 * s + 9])) for s in range(3)]
    whole = _merge(_merge(parts[0], parts[1]), _merge(parts[2], suit_replacements(tuple(counts[27:]), True)))
    return whole[sets * 2 + 1]


def _seven_pairs(counts: Sequence[int]) -> int:
    pairs = sum(c >= 2 for c in counts)
    kinds = sum(c >= 1 for c in counts)
    return 14 - 2 * min(pairs, 7) - min(kinds - pairs, 7 - min(pairs, 7))


def _orphans(counts: Sequence[int]) -> int:
    held = [counts[t] for t in _ORPHANS]
    return 14 - sum(c >= 1 for c in held) - any(c >= 2 for c in held)


def _knitting(counts: Sequence[int]) -> int:
    """Seven knitted pairs (one number in two suits; seed 001's Knitting): for each two
    suits, the best seven pairs to aim at. A pair's gain is the tiles of it held; the
    gains of a number's first, second, ... pair never rise, so the best seven are the
    seven largest gains."""
    best = 14
    for a, b in _SUIT_PAIRS:
        gains = sorted(((counts[9 * a + r] > k) + (counts[9 * b + r] > k) for r in range(9) for k in range(4)),
                       reverse=True)
        best = min(best, 14 - sum(gains[:7]))
    return best


def _triple_knitting(counts: Sequence[int]) -> int:
    """Four knitted pungs (one number in all three suits) and a knitted pair (seed 001's
    Triple Knitting): for each pair (number and two suits), the four best pungs, as in
    :func:`_knitting`; no tile aimed at more than four times."""
    best = 14
    for pair_rank in range(9):
        for suits in _SUIT_PAIRS:
            extra = [[int(r == pair_rank and s in suits) for r in range(9)] for s in range(3)]
            held = sum(counts[9 * s + pair_rank] >= 1 for s in suits)
            gains = sorted((sum(counts[9 * s + r] > k + extra[s][r] for s in range(3))
                            for r in range(9) for k in range(4 - (r == pair_rank))), reverse=True)
            best = min(best, 14 - held - sum(gains[:4]))
    return best


def replacement(counts: Sequence[int], sets: int, forms: int, concealed_only: bool) -> int:
    """The replacement number of concealed ``counts`` needing ``sets`` sets and a pair:
    the minimum over ``forms``; seven pairs and orphans only for a 13- or 14-tile hand
    without melds (``concealed_only``); ``NO_VALUE`` when no form asked for applies."""
    found = [NO_VALUE]
    if forms & STANDARD:
        found.append(_standard(counts, sets))
    if concealed_only and sets == 4:
        if forms & SEVEN_PAIRS:
            found.append(_seven_pairs(counts))
        if forms & THIRTEEN_ORPHANS:
            found.append(_orphans(counts))
        if forms & KNITTING:
            found.append(_knitting(counts))
        if forms & TRIPLE_KNITTING:
            found.append(_triple_knitting(counts))
    return min(found)


def _read_row(counts: Sequence[int], melds: Sequence[int], sizes: tuple[int, ...]) -> tuple[int, list[int], int]:
    """A row's status, its melds' tile counts and the number of melds; ``sizes`` are the
    totals (mod 3) accepted."""
    held = [0] * 34
    n_melds = 0
    bad_meld = False
    for code in melds:
        if code == NO_MELD:
            continue
        tiles = meld_tiles(int(code))
        if tiles is None:
            bad_meld = True
            continue
        n_melds += 1
        for t in tiles:
            held[t] += 1
    if bad_meld:
        return HandStatus.BAD_MELD, held, n_melds
    if any(c > 4 for c in counts) or any(c + m > 4 for c, m in zip(counts, held)):
        return HandStatus.BAD_COUNT, held, n_melds
    n = sum(counts)
    total = n + 3 * n_melds
    if (n_melds and total not in (13, 14)) or total > 14 or total % 3 not in sizes:
        return HandStatus.WRONG_SIZE, held, n_melds
    return HandStatus.OK, held, n_melds


def _row_replacement(counts: Sequence[int], n_melds: int, forms: int) -> int:
    return replacement(counts, sum(counts) // 3, forms, n_melds == 0 and sum(counts) >= 13)


def shanten_many(counts: Any, melds: Any, forms: int, out: Any, status: Any) -> None:
    """Per row: the shanten (minimum over ``forms``) into ``out``, its status into ``status``."""
    for i, (row, codes) in enumerate(zip(counts.tolist(), melds.tolist())):
        code, _, n_melds = _read_row(row, codes, (1, 2))
        rn = _row_replacement(row, n_melds, forms) if code == HandStatus.OK else NO_VALUE
        if code == HandStatus.OK and rn == NO_VALUE:
            code = HandStatus.WRONG_SIZE  # no form asked for applies to this size
        status[i] = code
        out[i] = rn - 1 if code == HandStatus.OK else NO_VALUE


def _useful(row: list[int], n_melds: int, forms: int, seen: Sequence[int],
            in_melds: Sequence[int]) -> tuple[int, int, list[int]]:
    """A ``3k + 1`` hand's replacement number, useful-tile mask and copies left per tile."""
    rn = _row_replacement(row, n_melds, forms)
    mask, copies = 0, [0] * 34
    for t in range(34):
        if row[t] + in_melds[t] >= 4:
            continue  # no copy left to draw
        row[t] += 1
        if _row_replacement(row, n_melds, forms) < rn:
            mask |= 1 << t
            copies[t] = max(0, 4 - seen[t])
        row[t] -= 1
    return rn, mask, copies


def _visible_row(visible: Any, i: int) -> list[int]:
    return [int(v) for v in visible[i if visible.shape[0] > 1 else 0]]


def useful_many(counts: Any, melds: Any, visible: Any, forms: int, shanten: Any, mask: Any, copies: Any,
                status: Any) -> None:
    """Per ``3k + 1`` row: shanten, useful-tile mask (bit t = tile t) and copies left per tile."""
    for i, (row, codes) in enumerate(zip(counts.tolist(), melds.tolist())):
        code, in_melds, n_melds = _read_row(row, codes, (1,))
        status[i] = code
        shanten[i], mask[i] = NO_VALUE, 0
        copies[i] = 0
        if code != HandStatus.OK:
            continue
        seen = [a + b + c for a, b, c in zip(row, in_melds, _visible_row(visible, i))]
        rn, bits, left = _useful(row, n_melds, forms, seen, in_melds)
        if rn == NO_VALUE:
            status[i] = HandStatus.WRONG_SIZE
            continue
        shanten[i], mask[i], copies[i] = rn - 1, bits, left


def discards_many(counts: Any, melds: Any, visible: Any, forms: int, shanten: Any, mask: Any,
                  remaining: Any, status: Any) -> None:
    """Per ``3k + 2`` row and discard ``d`` (a column): the shanten after throwing ``d``, the
    useful tiles then and their copies left in all; ``NO_VALUE`` where ``d`` is not held."""
    for i, (row, codes) in enumerate(zip(counts.tolist(), melds.tolist())):
        code, in_melds, n_melds = _read_row(row, codes, (2,))
        status[i] = code
        shanten[i], mask[i], remaining[i] = NO_VALUE, 0, 0
        if code != HandStatus.OK:
            continue
        seen = [a + b + c for a, b, c in zip(row, in_melds, _visible_row(visible, i))]
        for d in range(34):
            if not row[d]:
                continue
            row[d] -= 1
            rn, bits, left = _useful(row, n_melds, forms, seen, in_melds)
            row[d] += 1
            if rn == NO_VALUE:
                status[i] = HandStatus.WRONG_SIZE
                shanten[i], mask[i], remaining[i] = NO_VALUE, 0, 0
                break
            shanten[i, d], mask[i, d], remaining[i, d] = rn - 1, bits, sum(left)


def shanten_one(counts: bytes, melds: bytes, forms: int) -> int:
    """One row's shanten from 34 count bytes and 4 meld bytes, or ``-100 - status`` for a
    bad row (the caller raises)."""
    out = np.empty(1, dtype=np.int8)
    status = np.empty(1, dtype=np.uint8)
    shanten_many(np.frombuffer(counts, dtype=np.uint8).reshape(1, -1),
                 np.frombuffer(melds, dtype=np.uint8).reshape(1, -1), forms, out, status)
    return int(out[0]) if status[0] == HandStatus.OK else -100 - int(status[0])


NOT_READ = -200
"""What ``shanten_seq`` returns for counts it does not read itself."""


def shanten_seq(counts: Any, melds: bytes, forms: int) -> int:
    """As :func:`shanten_one`, from a list or tuple of 34 ints in 0-4; :data:`NOT_READ`
    for anything else (the caller reads it the careful way, and reports what is wrong)."""
    if type(counts) not in (list, tuple) or len(counts) != 34 or len(melds) != 4:
        return NOT_READ
    if not all(type(c) is int and 0 <= c <= 4 for c in counts):
        return NOT_READ
    return shanten_one(bytes(counts), melds, forms)


def shanten_call(hand: Any, forms: int) -> int:
    """:func:`mjscore.shanten`'s common call: 34 counts as a list or tuple of ints in 0-4,
    a NumPy uint8 row of 34 (contiguous), or a :class:`~mjscore.Hand` with neither melds
    nor jokers; :data:`NOT_READ` for anything else (the caller reads it the careful way).
    The compiled twin reads each in place."""
    if type(hand) is Hand:
        if hand.melds or hand.jokers:
            return NOT_READ
        hand = hand.concealed
    elif type(hand) is np.ndarray:
        if hand.dtype != np.uint8 or hand.shape != (34,) or not hand.flags.c_contiguous:
            return NOT_READ
        return shanten_one(hand.tobytes(), NO_MELDS, forms)
    return shanten_seq(hand, NO_MELDS, forms)
