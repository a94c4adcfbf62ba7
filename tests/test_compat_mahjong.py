"""mjscore.compat.mahjong: the ``mahjong`` package's ``Agari``, ``Shanten`` and ``HandDivider``.

The first tests need no peer: hand-checked answers and errors, so the module is
tested without the extras. The ``peer`` tests run the same calls through the real
``mahjong`` package (skipped when it is not installed) and require identical
outcomes, a result or the same kind of exception, on generated hands: complete ones
(four sets and a pair, seven pairs, thirteen orphans), random draws of every size
from 1 to 14, the same with declared melds or open sets, and odd input (five of a
tile, 0, 3, 12, 15 or 17 tiles, open sets that are not among the tiles, a meld of an
unknown type). Divisions are compared as lists: the library's order is deterministic
(sorted), so equal lists are equal sets in the same order.

Both backends: run the file under ``MJSCORE_BACKEND=python`` too; the rows are fewer
there (the reference works each call out from the definition).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import mjscore
from mjscore import parse_tiles
from mjscore._backend import kernel
from mjscore.compat.mahjong import Agari, HandDivider, Meld, MeldTypeError, Shanten
from mjscore.core.errors import InvalidHandError
from mjscore.rows.sample import random_complete_hands, random_draws, remove_one_tile

ROWS = 1500 if mjscore.BACKEND == "cython" else 150
"""Hands of each generated kind per peer test."""


def counts(text: str) -> list[int]:
    return list(parse_tiles(text))


# --- without the peer ----------------------------------------------------------------------

def test_is_agari_hand_checked() -> None:
    assert Agari.is_agari(counts("123m456p789s11122z")) is True
    assert Agari().is_agari(counts("11223344556677m")) is True  # seven pairs; an instance works too
    assert Agari.is_agari(counts("119m19p19s1234567z")) is True  # thirteen orphans
    assert Agari.is_agari(counts("11m")) is True  # a pair alone: the other sets implied
    assert Agari.is_agari(counts("111m")) is False
    assert Agari.is_agari(counts("123m456p789s1112z")) is False  # 13 tiles are never complete
    assert Agari.is_agari([0] * 34) is False
    assert Agari.is_agari(counts("1111m2233p4455s66z")) is False  # four alike is not two pairs


def test_is_agari_takes_open_sets_out_of_the_tiles() -> None:
    tiles = counts("123m456p789s11122z")
    assert Agari.is_agari(tiles, [[0, 1, 2]]) is True
    assert Agari.is_agari(counts("1111m456p789s11222z"), [[0, 0, 0, 0]]) is True  # a kong: 4 indices
    assert Agari.is_agari(tiles, [[3, 4, 5]]) is False  # 456m is not among the tiles
    assert tiles == counts("123m456p789s11122z")  # the caller's list is left alone


def test_is_agari_five_of_a_tile_as_the_library() -> None:
    # Outside the kernel's domain the library's arithmetic decides: 11111m is "complete"
    # (111m and 11m) and five of an honour never is.
    assert Agari.is_agari([5] + [0] * 33) is True
    assert Agari.is_agari([0] * 27 + [5, 0, 0, 0, 0, 0, 0]) is False


def test_shanten_hand_checked() -> None:
    assert Shanten.calculate_shanten(counts("123m456p789s1122z")) == Shanten.TENPAI_STATE == 0
    assert Shanten.calculate_shanten(counts("123m456p789s11222z")) == Shanten.AGARI_STATE == -1
    orphans = counts("19m19p19s1234567z")
    assert Shanten.calculate_shanten(orphans) == 0
    assert Shanten.calculate_shanten(orphans, use_kokushi=False) == 6  # seven kinds, no pairs: 6 from seven pairs
    assert Shanten.calculate_shanten(orphans, use_chiitoitsu=False, use_kokushi=False) == 8
    assert Shanten.calculate_shanten_for_regular_hand(orphans) == 8
    assert Shanten.calculate_shanten_for_kokushi_hand(orphans) == 0
    assert Shanten.calculate_shanten_for_chiitoitsu_hand(counts("11223344556677m")) == -1
    assert Shanten.calculate_shanten_for_chiitoitsu_hand(counts("11m")) == 11  # any size: 6 - 1 pair + 6 kinds lacking
    assert Shanten.calculate_shanten(counts("111m1p")) == 0  # a pung and a single: the pair is one away


def test_shanten_three_player() -> None:
    # The library's own example: 1m counts like an honour when 2m-8m are out of the set.
    tiles = counts("1111m111122233z")
    assert Shanten.calculate_shanten_for_regular_hand(tiles) == 1
    assert Shanten.calculate_shanten_for_regular_hand(tiles, is_three_player=True) == 2
    assert Shanten.calculate_shanten(counts("19m19p19s1234567z"), is_three_player=True) == 0
    with pytest.raises(InvalidHandError, match="three player"):
        Shanten.calculate_shanten(counts("123m456p789s1122z"), is_three_player=True)


@pytest.mark.parametrize("size", [0, 3, 12, 15])
def test_shanten_refuses_the_sizes_the_library_refuses(size: int) -> None:
    tiles = list(random_draws(1, seed=size, size=size)[0])
    with pytest.raises(InvalidHandError, match="Too many tiles" if size > 14 else "Invalid tile count") as info:
        Shanten.calculate_shanten(tiles)
    assert isinstance(info.value, ValueError)  # what the library raises


def test_shanten_refuses_five_of_a_tile_and_non_counts() -> None:
    with pytest.raises(InvalidHandError, match="outside 0-4"):
        Shanten.calculate_shanten([5] + [0] * 33)
    with pytest.raises(InvalidHandError, match="34 tile counts"):
        Shanten.calculate_shanten([1] * 13)
    with pytest.raises(InvalidHandError, match="integer tile counts"):
        Agari.is_agari([0.5] * 34)
    with pytest.raises(InvalidHandError, match="34 tile counts"):
        HandDivider.divide_hand([2] * 7)


def test_inputs_other_than_lists() -> None:
    tiles = counts("123m456p789s11122z")
    for form in (tuple(tiles), np.array(tiles, dtype=np.uint8), np.array(tiles, dtype=np.int64)):
        assert Agari.is_agari(form) is True
        assert Shanten.calculate_shanten(form) == -1
        assert HandDivider.divide_hand(form) == [[[0, 1, 2], [12, 13, 14], [24, 25, 26], [27, 27, 27], [28, 28]]]


def test_divide_hand_hand_checked() -> None:
    # The library's docstring examples.
    assert HandDivider.divide_hand(counts("234567m23455s777z")) == [
        [[1, 2, 3], [4, 5, 6], [19, 20, 21], [22, 22], [33, 33, 33]]]
    assert HandDivider().divide_hand(counts("11122233388899m")) == [
        [[0, 0, 0], [1, 1, 1], [2, 2, 2], [7, 7, 7], [8, 8]], [[0, 1, 2], [0, 1, 2], [0, 1, 2], [7, 7, 7], [8, 8]]]
    divisions = HandDivider.divide_hand(counts("11223344556677m"))
    assert len(divisions) == 4 and [[t, t] for t in range(7)] in divisions
    chi = [Meld(Meld.CHI, tiles=[t * 4 for t in (15, 16, 17)]), Meld(Meld.CHI, tiles=[t * 4 for t in (10, 11, 12)])]
    assert HandDivider.divide_hand(counts("234777888999p22z"), chi) == [
        [[10, 11, 12], [15, 16, 17], [15, 16, 17], [15, 16, 17], [28, 28]]]
    assert HandDivider.divide_hand([5] * 34) == []
    assert HandDivider.divide_hand(counts("11m")) == []  # complete, but not four sets and a pair
    assert HandDivider.divide_hand(counts("119m19p19s1234567z")) == []  # no division of thirteen orphans


def test_divide_hand_melds() -> None:
    kan = Meld(Meld.KAN, tiles=[0, 1, 2, 3], opened=False)
    assert str(kan) == "Type: kan, Tiles: 1111m (0, 1, 2, 3)" and kan.tiles_34 == [0, 0, 0, 0]
    assert HandDivider.divide_hand(counts("1111m456p789s11222z"), [kan]) == [
        [[0, 0, 0, 0], [12, 13, 14], [24, 25, 26], [27, 27], [28, 28, 28]]]
    # The library drops honours it cannot read as pungs and one pair (1z alone; 2z with 33z), so more
    # tiles than a hand holds may still divide; this module does the same.
    assert HandDivider.divide_hand(counts("123m456p789s123p11s1z")) == [
        [[0, 1, 2], [9, 10, 11], [12, 13, 14], [18, 18], [24, 25, 26]]]
    pon = Meld(Meld.PON, tiles=[108, 109, 110])
    assert HandDivider.divide_hand(counts("123456789m11p1112333z"), [pon]) == [
        [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 9], [27, 27, 27]]]
    with pytest.raises(MeldTypeError, match="invalid meld type: nuki") as info:
        HandDivider.divide_hand(counts("123m456p789s11222z"), [Meld(Meld.NUKI, tiles=[120])])
    assert isinstance(info.value, RuntimeError) and isinstance(info.value, InvalidHandError)


# --- the compiled calls against the reference ---------------------------------------------

@pytest.mark.both_backends
def test_compiled_calls_equal_the_reference() -> None:
    """``is_agari`` and ``divide_hand`` answer the usual lists in C and hand the rest to the
    Python reference: on every kind of input, including what only the reference should
    take (other sequences, big or negative counts, melds not among the tiles), the two
    give the same result or the same error."""
    fast = pytest.importorskip("mjscore.compat._fast_calls", reason="the compiled calls are not built")
    from mjscore.compat import _agari
    from mjscore.compat import _divider

    rng = random.Random(651)
    hands = hands_of_every_size(seed=652) + odd_hands(seed=653)
    hands += [counts(text) for text in ("119m19p19s1234567z", "119m19p19s1234566z", "1199m19p19s123456z",
                                        "11223344556677m", "1122334455667z1m", "11122233388899m")]
    for h in hands[:300]:  # a count no game deals, in every position
        odd = list(h)
        odd[rng.randrange(34)] = rng.choice([-1, 5, 2**70, True])
        hands.append(odd)
    forms: list[Any] = [tuple(hands[0]), np.array(hands[0]), hands[0][:33], hands[0] + [0]]
    melded = [(tiles, meld_objects(Meld, melds)) for tiles, melds in melded_hands(seed=654)]
    broken = [(counts("123m456p789s11222z"), [Meld(Meld.CHI, tiles=[t * 4, t * 4 + 4, t * 4 + 8])])
              for t in (6, 7, 24, 31)]  # runs over a suit's end or past the last tile
    broken += [(tiles, tuple(melds)) for tiles, melds in melded[:50]]
    broken += [(counts("123456789m11p1112333z"), [Meld(Meld.PON, tiles=[108, 109, 110])]),
               (counts("123456789m11p1113333z"), [Meld(Meld.PON, tiles=[108, 109, 110])]),
               (counts("123m456p789s11222z"), [Meld(Meld.NUKI, tiles=[120])])]
    calls = [("is_agari", fast.is_agari, _agari.is_agari, (h,)) for h in hands + forms]
    calls += [("is_agari", fast.is_agari, _agari.is_agari, (tiles, [m.tiles_34 for m in melds]))
              for tiles, melds in melded[:200]]
    calls += [("divide_hand", fast.divide_hand, _divider.divide_hand, (h,)) for h in hands + forms]
    calls += [("divide_hand", fast.divide_hand, _divider.divide_hand, case) for case in melded + broken]
    assert assert_same(iter(calls)) == len(calls)
    assert any(fast.is_agari(h) for h in hands) and any(fast.divide_hand(t, m) for t, m in melded)


# --- against the peer ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def peer() -> Any:
    """The real ``mahjong`` package's three classes and its ``Meld``."""
    pytest.importorskip("mahjong")
    from mahjong.agari import Agari as PeerAgari
    from mahjong.hand_calculating.divider import HandDivider as PeerDivider
    from mahjong.meld import Meld as PeerMeld
    from mahjong.shanten import Shanten as PeerShanten

    return type("Peer", (), {"Agari": PeerAgari, "Shanten": PeerShanten, "HandDivider": PeerDivider,
                             "Meld": PeerMeld})


def outcome(call: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    """A call's result, or the kind of error it raised (what a caller would catch)."""
    try:
        return "returns", call(*args)
    except (ValueError, RuntimeError, IndexError, TypeError, OverflowError) as error:
        kinds = (RuntimeError, IndexError, ValueError, TypeError, OverflowError)
        kind = next(k for k in kinds if isinstance(error, k))
        return "raises", kind.__name__


def assert_same(calls: Iterator[tuple[str, Callable[..., Any], Callable[..., Any], tuple[Any, ...]]]) -> int:
    """Every call's outcome on both sides is the same; returns how many were compared."""
    n = 0
    for name, ours, theirs, args in calls:
        expected = outcome(theirs, *args)
        assert outcome(ours, *args) == expected, (name, args)
        n += 1
    return n


def hands_of_every_size(seed: int) -> list[list[int]]:
    """Complete hands of each form, near misses and random draws of 1-14 tiles."""
    complete = random_complete_hands(ROWS, seed=seed, seven_pairs=0.2, orphans=0.1)
    rows = [complete, remove_one_tile(complete, seed=seed + 1), random_draws(ROWS, seed=seed + 2)]
    rows += [random_draws(ROWS // 10, seed=seed + size, size=size) for size in (1, 2, 4, 5, 7, 8, 10, 11, 13)]
    return np.concatenate(rows).tolist()


def odd_hands(seed: int) -> list[list[int]]:
    """Input no game deals: sizes the library refuses or never sees, five of a tile."""
    rng = random.Random(seed)
    found = []
    for _ in range(ROWS):
        tiles = [0] * 34
        size = rng.choice([0, 3, 6, 12, 15, 17, 20, 2, 5, 8, 11, 14])
        while sum(tiles) < size:
            tiles[rng.randrange(34) if rng.random() < 0.3 else rng.randrange(27)] += rng.choice([1, 2, 3, 5])
        found.append(tiles)
    return found


@pytest.mark.peer
def test_agari_equals_mahjong(peer: Any) -> None:
    hands = hands_of_every_size(seed=601) + odd_hands(seed=602)
    assert any(Agari.is_agari(h) for h in hands) and not all(Agari.is_agari(h) for h in hands)
    assert assert_same(("is_agari", Agari.is_agari, peer.Agari.is_agari, (h,)) for h in hands) == len(hands)


@pytest.mark.peer
def test_shanten_equals_mahjong(peer: Any) -> None:
    # Odd hands are left out: a count above 4 is refused here and answered by the library.
    hands = hands_of_every_size(seed=611) + [h for h in odd_hands(seed=612) if max(h) <= 4]
    ours, theirs = Shanten, peer.Shanten

    def calls() -> Iterator[tuple[str, Callable[..., Any], Callable[..., Any], tuple[Any, ...]]]:
        for h in hands:
            for flags in itertools.product([True, False], repeat=2):
                yield "calculate_shanten", ours.calculate_shanten, theirs.calculate_shanten, (h, *flags)
            yield "regular", ours.calculate_shanten_for_regular_hand, theirs.calculate_shanten_for_regular_hand, (h,)
            yield ("chiitoitsu", ours.calculate_shanten_for_chiitoitsu_hand,
                   theirs.calculate_shanten_for_chiitoitsu_hand, (h,))
            yield "kokushi", ours.calculate_shanten_for_kokushi_hand, theirs.calculate_shanten_for_kokushi_hand, (h,)

    assert assert_same(calls()) == 7 * len(hands)


@pytest.mark.peer
def test_per_form_shanten_on_five_of_a_tile_equals_mahjong(peer: Any) -> None:
    hands = [h for h in odd_hands(seed=613) if max(h) > 4]
    assert hands
    assert assert_same(call for h in hands for call in (
        ("chiitoitsu", Shanten.calculate_shanten_for_chiitoitsu_hand,
         peer.Shanten.calculate_shanten_for_chiitoitsu_hand, (h,)),
        ("kokushi", Shanten.calculate_shanten_for_kokushi_hand, peer.Shanten.calculate_shanten_for_kokushi_hand,
         (h,)))) == 2 * len(hands)


@pytest.mark.peer
def test_three_player_shanten_equals_mahjong(peer: Any) -> None:
    sanma = [t for t in range(34) if not 1 <= t <= 7]
    rng = random.Random(621)
    hands = []
    for _ in range(ROWS // 3):
        wall = [t for t in sanma for _ in range(4)]
        size = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
        tiles = [0] * 34
        for t in rng.sample(wall, size):
            tiles[t] += 1
        hands.append(tiles)
    hands += hands_of_every_size(seed=622)[:ROWS // 3]  # most hold 2m-8m: refused by both
    assert assert_same(call for h in hands for call in (
        ("calculate_shanten", Shanten.calculate_shanten, peer.Shanten.calculate_shanten, (h, True, True, True)),
        ("regular", Shanten.calculate_shanten_for_regular_hand, peer.Shanten.calculate_shanten_for_regular_hand,
         (h, True)))) == 2 * len(hands)


@pytest.mark.peer
def test_divide_hand_equals_mahjong(peer: Any) -> None:
    several = [counts(text) for text in ("11122233388899m", "11223344556677m", "111222333m456p11z", "22333444m11z",
                                         "1112345678999m2m", "11123m")]
    assert all(len(HandDivider.divide_hand(h)) > 1 for h in several[:3])
    hands = several + hands_of_every_size(seed=631) + odd_hands(seed=632)
    assert assert_same(("divide_hand", HandDivider.divide_hand, peer.HandDivider.divide_hand, (h,))
                       for h in hands) == len(hands)


def melded_hands(seed: int) -> list[tuple[list[int], list[tuple[str, list[int]]]]]:
    """Complete standard hands with 1-4 of their sets declared: chi, pon, or a kan (the
    fourth tile added to the tiles) when a copy is left; each meld as (type, 34 indices)."""
    rng = random.Random(seed)
    found = []
    for row in random_complete_hands(ROWS, seed=seed).tolist():
        groups = kernel.decompose(row)[0]
        sets = [g for g in groups if g[0] != 3]
        melds = []
        for kind, t in rng.sample(sets, rng.randint(1, len(sets))):
            if kind == 0:
                melds.append((Meld.CHI, [t, t + 1, t + 2]))
            elif row[t] < 4 and rng.random() < 0.5:
                row[t] += 1
                melds.append((rng.choice([Meld.KAN, Meld.SHOUMINKAN]), [t] * 4))
            else:
                melds.append((Meld.PON, [t] * 3))
        found.append((row, melds))
    return found


def meld_objects(meld_class: Any, melds: list[tuple[str, list[int]]]) -> list[Any]:
    """Melds as ``meld_class`` objects, their 136-format tiles the copies of each index."""
    objects = []
    for kind, tiles in melds:
        copies = [t * 4 + tiles[:i].count(t) for i, t in enumerate(tiles)]
        objects.append(meld_class(meld_type=kind, tiles=copies))
    return objects


@pytest.mark.peer
def test_melds_equal_mahjong(peer: Any) -> None:
    rng = random.Random(641)
    good = melded_hands(seed=642)
    cases = []
    for tiles, melds in good:
        cases.append((tiles, melds))
        broken = list(tiles)
        broken[rng.randrange(34)] = rng.choice([0, 1, 4])  # melds that may no longer fit the tiles
        cases.append((broken, melds))
        concealed = list(tiles)  # a common mistake: the melds' tiles left out of tiles_34
        for _, meld_tiles in melds:
            for t in meld_tiles:
                concealed[t] -= 1
        cases.append((concealed, melds))
    cases.append((counts("123m456p789s11222z"), [("nuki", [30])]))
    cases.append((counts("123456789m11p1112333z"), [(Meld.PON, [27, 27, 27])]))  # honours the library drops
    cases.append((counts("123456789m11p1112333z"), [(Meld.PON, [-1, -1, -1])]))  # an index from the end
    cases.append((counts("123m456p789s11222z"), [(Meld.CHI, [32, 33, 34])]))  # past the last tile
    # the library reads every meld before taking one out: a bad type after it raises first
    cases.append((counts("123m456p789s11222z"), [(Meld.CHI, [33, 34, 35]), ("nuki", [30])]))

    def calls() -> Iterator[tuple[str, Callable[..., Any], Callable[..., Any], tuple[Any, ...]]]:
        for i, (tiles, melds) in enumerate(cases):
            mine = meld_objects(Meld if i % 2 else peer.Meld, melds)  # ours takes either Meld
            yield "divide_hand", HandDivider.divide_hand, peer.HandDivider.divide_hand, (tiles, mine)
            if i % 2:
                theirs = meld_objects(peer.Meld, melds)
                assert outcome(HandDivider.divide_hand, tiles, mine) == outcome(
                    peer.HandDivider.divide_hand, tiles, theirs)
            open_sets = [list(meld_tiles) for _, meld_tiles in melds]
            yield "is_agari", Agari.is_agari, peer.Agari.is_agari, (tiles, open_sets)

    assert assert_same(calls()) == 2 * len(cases)
    assert all(HandDivider.divide_hand(tiles, meld_objects(Meld, melds)) for tiles, melds in good)
    assert all(Agari.is_agari(tiles, [t for _, t in melds]) for tiles, melds in good)
