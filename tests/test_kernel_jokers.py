"""The kernel's joker functions, run once per backend, and checked by brute force.

The oracle substitutes natural tiles for the jokers in every way, splits the result
with the natural kernel, and asks whether the substituted tiles can be the jokers of
groups that may hold them: a pung two, a chow or a pair one (each group keeps a
natural tile), as the eligibility allows, never more than four of a kind.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, product
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjscore.decompose import _reference as reference
from mjscore.core.tile import parse_tiles

SEQ, TRI, QUAD, PAIR = 0, 1, 2, 3
PUNGS, CHOWS, PAIRS = 1, 2, 4
IN_PUNGS, IN_CHOWS, IN_PAIRS = PUNGS, PUNGS | CHOWS, PUNGS | CHOWS | PAIRS
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def counts(text: str) -> list[int]:
    return list(parse_tiles(text))


def mask(text: str) -> int:
    return sum(1 << t for t, c in enumerate(parse_tiles(text)) if c) if text else 0


# ------------------------------------------------------------------- the oracle

def _tiles(kind: int, first: int) -> list[int]:
    return [first, first + 1, first + 2] if kind == SEQ else [first] * (3 if kind == TRI else 2)


_LIMIT = {SEQ: (CHOWS, 1), TRI: (PUNGS, 2), PAIR: (PAIRS, 1)}


def _placements(groups: tuple[tuple[int, int], ...], wild: tuple[int, ...], use: int
                ) -> set[tuple[tuple[int, int, int], ...]]:
    """Every way the substituted tiles ``wild`` can be jokers of ``groups``, as joker groups."""
    found = set()
    for choice in product(range(len(groups)), repeat=len(wild)):
        per = [0] * len(groups)
        if any(t not in _tiles(*groups[g]) for g, t in zip(choice, wild)):
            continue
        for g in choice:
            per[g] += 1
        if all(not n or (use & _LIMIT[groups[g][0]][0] and n <= _LIMIT[groups[g][0]][1])
               for g, n in enumerate(per)):
            found.add(tuple(sorted((kind, first, per[g]) for g, (kind, first) in enumerate(groups))))
    return found


def _substitutions(hand: list[int], jokers: int):
    for wild in combinations_with_replacement(range(34), jokers):
        full = list(hand)
        for t in wild:
            full[t] += 1
        if max(full) <= 4:
            yield wild, full


def brute_decompositions(hand: list[int], jokers: int, use: int) -> set[tuple[tuple[int, int, int], ...]]:
    found = set()
    for wild, full in _substitutions(hand, jokers):
        for groups in reference.decompose(full):
            found |= _placements(groups, wild, use)
    return found


def brute_complete(hand: list[int], jokers: int, use: int) -> bool:
    if brute_decompositions(hand, jokers, use):
        return True
    if sum(hand) + jokers != 14 or not use & PAIRS:
        return False
    for wild, full in _substitutions(hand, jokers):
        # seven distinct pairs, each joker beside a natural tile
        if all(c in (0, 2) for c in full) and all(hand[t] == 1 for t in wild):
            return True
        # thirteen orphans whose pair keeps a natural tile
        if all(full[t] for t in ORPHANS) and sum(full[t] for t in ORPHANS) == 14:
            pair, = (t for t in ORPHANS if full[t] == 2)
            if hand[pair]:
                return True
    return False


@st.composite
def joker_hands(draw, max_jokers: int = 2):
    """(counts, jokers, use): a complete hand with tiles given up to jokers, sometimes spoilt."""
    size = draw(st.sampled_from([2, 5, 8, 11, 14]))
    full = [0] * 34
    for _ in range((size - 2) // 3):
        if draw(st.booleans()):
            s, r = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            for t in range(9 * s + r, 9 * s + r + 3):
                full[t] += 1
        else:
            full[draw(st.integers(0, 33))] += 3
    full[draw(st.integers(0, 33))] += 2
    if max(full) > 4:
        full = [min(c, 2) for c in full]  # still some pairs: seven pairs come up too
    jokers = draw(st.integers(1, max_jokers))
    jokers = min(jokers, sum(full))
    for _ in range(jokers):
        held = [t for t in range(34) if full[t]]
        full[draw(st.sampled_from(held))] -= 1
    if draw(st.integers(0, 3)) == 0:  # spoil it
        held = [t for t in range(34) if full[t]]
        if held:
            full[draw(st.sampled_from(held))] -= 1
            full[draw(st.sampled_from([t for t in range(34) if full[t] < 4]))] += 1
    if (sum(full) + jokers) % 3 != 2:
        jokers = 0
    return full, jokers, draw(st.integers(1, 7))


# ------------------------------------------------------------------- examples

@pytest.mark.parametrize("hand, jokers, use, expected", [
    # a lone honour becomes the pair only where pairs may hold jokers
    ("123m456p789s111z5z", 1, IN_PUNGS, []),
    ("123m456p789s111z5z", 1, IN_PAIRS, [[(SEQ, 0, 0), (SEQ, 12, 0), (SEQ, 24, 0), (TRI, 27, 0), (PAIR, 31, 1)]]),
    # either pair can take the joker as a pung
    ("123m456p789s11z55z", 1, IN_PUNGS, [[(SEQ, 0, 0), (SEQ, 12, 0), (SEQ, 24, 0), (TRI, 27, 1), (PAIR, 31, 0)],
                                         [(SEQ, 0, 0), (SEQ, 12, 0), (SEQ, 24, 0), (TRI, 31, 1), (PAIR, 27, 0)]]),
    # one natural tile and two jokers: a pung, never a chow
    ("123m456p789s11z5s", 2, IN_PUNGS, [[(SEQ, 0, 0), (SEQ, 12, 0), (SEQ, 24, 0), (TRI, 22, 2), (PAIR, 27, 0)]]),
    # ... and with more eligibility, every placement: 5-6-7 and 7-8-9 each with a joker,
    # or the pair 11z made a pung and 5s paired
    ("123m456p789s11z5s", 2, IN_PAIRS, [[(SEQ, 0, 0), (SEQ, 12, 0), (SEQ, 22, 1), (SEQ, 24, 1), (PAIR, 27, 0)],
                                        [(SEQ, 0, 0), (SEQ, 12, 0), (SEQ, 24, 0), (TRI, 22, 2), (PAIR, 27, 0)],
                                        [(SEQ, 0, 0), (SEQ, 12, 0), (SEQ, 24, 0), (TRI, 27, 1), (PAIR, 22, 1)]]),
    # a chow's joker needs chows eligibility; in the middle, or at either end
    ("123m456p79s11z", 1, IN_PUNGS, []),
    ("123m456p79s11z", 1, IN_CHOWS, [[(SEQ, 0, 0), (SEQ, 12, 0), (SEQ, 24, 1), (PAIR, 27, 0)]]),
    ("123m456p78s11z", 1, IN_CHOWS, [[(SEQ, 0, 0), (SEQ, 12, 0), (SEQ, 23, 1), (PAIR, 27, 0)],
                                     [(SEQ, 0, 0), (SEQ, 12, 0), (SEQ, 24, 1), (PAIR, 27, 0)]]),
    # four pungs and two jokers: a pair of jokers names no tile, and a pung
    # with a joker plus a pair with one would be five of a kind
    ("111m222p333s444z", 2, IN_PAIRS, []),
])
def test_decompose_jokers_examples(kernel: ModuleType, hand: str, jokers: int, use: int,
                                   expected: list[list[tuple[int, int, int]]]) -> None:
    assert kernel.decompose_jokers(counts(hand), jokers, use) == tuple(tuple(d) for d in expected)


def test_two_pairs_of_a_tile_do_not_make_a_pung_for_a_joker(kernel: ModuleType) -> None:
    # 55s 55s, 11m 22m 33p 44p and a joker: six pairs and a lone 9z needing the joker.
    hand = counts("1122m3344p5555s7z")
    assert not kernel.is_complete_jokers(hand, 1, IN_CHOWS)
    assert kernel.shapes_jokers(hand, 1, IN_PAIRS) == 0  # 55s twice is not seven distinct pairs
    distinct = counts("1122m3344p5566s7z")
    assert not kernel.is_complete_jokers(distinct, 1, IN_CHOWS)
    assert kernel.shapes_jokers(distinct, 1, IN_PAIRS) == reference.SEVEN_PAIRS


@pytest.mark.parametrize("hand, jokers, use, flags", [
    ("1122m3344p5566s7z", 1, IN_PAIRS, 2),       # seven pairs, the joker pairs 7z
    ("1122m3344p556s77z", 1, IN_PAIRS, 2),       # the joker pairs 6s
    ("1122m3344p56s7z", 3, IN_PAIRS, 2),         # three lone tiles, three jokers
    ("1122m3344p55s7z", 3, IN_PAIRS, 0),         # one lone tile, three jokers: a pair of jokers
    ("19m19p19s1234567z", 1, IN_PAIRS, 8),       # thirteen orphans, the joker pairs one
    ("19m19p19s123456z", 2, IN_PAIRS, 8),        # one joker is the red dragon, one pairs a tile
    ("19m19p19s1234566z", 1, IN_PAIRS, 8),       # the joker is the missing 7z
    ("19m19p19s1234566z", 1, IN_CHOWS, 0),       # singles need pairs eligibility
    ("19m19p19s1234566z", 0, IN_PAIRS, 0),
    ("11m19p19s1234566z", 1, IN_PAIRS, 0),       # two pairs
])
def test_special_shapes_with_jokers(kernel: ModuleType, hand: str, jokers: int, use: int, flags: int) -> None:
    c = counts(hand)
    if (sum(c) + jokers) == 14:
        assert kernel.shapes_jokers(c, jokers, use) == flags
        assert kernel.is_complete_jokers(c, jokers, use) == (flags != 0)


def test_caps_keep_four_of_a_kind_counting_declared_melds(kernel: ModuleType) -> None:
    # 123m 456p 789s 111z + 5z and a joker: a pair of 5z with a joker...
    hand = counts("123m456p789s111z5z")
    assert kernel.is_complete_jokers(hand, 1, IN_PAIRS)
    caps = [4] * 34
    caps[31] = 1  # ...unless declared melds stand for three 5z already
    assert not kernel.is_complete_jokers(hand, 1, IN_PAIRS, caps)
    assert kernel.decompose_jokers(hand, 1, IN_PAIRS, caps) == ()
    caps[31] = 2
    assert kernel.is_complete_jokers(hand, 1, IN_PAIRS, caps)
    # the joker of 5s 6s _ cannot be a fifth 7s; it can still be the 4s
    run = counts("123m456p11z56s")
    caps = [4] * 34
    caps[24] = 0
    assert kernel.decompose_jokers(run, 1, IN_CHOWS, caps) == (
        ((SEQ, 0, 0), (SEQ, 12, 0), (SEQ, 21, 1), (PAIR, 27, 0)),)


@pytest.mark.parametrize("hand, jokers, use, waits", [
    ("123m456p789s5z6z", 2, IN_PUNGS, "56z"),               # one honour pairs, the other pungs with JJ
    ("123m456p789s5z6z", 2, IN_PAIRS, "56z"),
    ("123m456p789s1z", 3, IN_PUNGS, ""),                    # 1z JJ, then J and the tile: a pair
    ("123m456p789s1z", 3, IN_PAIRS, "123456789m123456789p123456789s1234567z"),
    ("123m456p789p11z6s", 1, IN_CHOWS, "45678s"),           # 6s and a tile beside it, the joker between
    ("123m456p789p11z6s", 1, IN_PUNGS, "6s"),               # 66s or 11z topped up
    ("1111m345p678p99s", 1, IN_PUNGS, ""),                  # 11mJ + 11m would be five 1m
    ("1111m345p678p99s", 1, IN_CHOWS, "23m"),               # 111m, 1m 2m J or 1m J 3m, 99s
])
def test_waits_jokers(kernel: ModuleType, hand: str, jokers: int, use: int, waits: str) -> None:
    c = counts(hand)
    assert sum(c) + jokers in (1, 4, 7, 10, 13)
    assert kernel.waits_jokers(c, jokers, use) == mask(waits)


# ------------------------------------------------------------------- properties

# The kernel fixture only picks a module: nothing to reset between examples.
FIXTURE_OK = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


@settings(max_examples=300, deadline=None, suppress_health_check=FIXTURE_OK)
@given(joker_hands())
def test_brute_force_agrees(kernel: ModuleType, case: tuple[list[int], int, int]) -> None:
    hand, jokers, use = case
    assert set(kernel.decompose_jokers(hand, jokers, use)) == brute_decompositions(hand, jokers, use)
    assert bool(kernel.is_complete_jokers(hand, jokers, use)) == brute_complete(hand, jokers, use)


@settings(max_examples=200, deadline=None, suppress_health_check=FIXTURE_OK)
@given(joker_hands(), st.data())
def test_waits_are_the_tiles_that_complete(kernel: ModuleType, case: tuple[list[int], int, int],
                                           data: st.DataObject) -> None:
    hand, jokers, use = case
    held = [t for t in range(34) if hand[t]]
    if not held:
        return
    hand[data.draw(st.sampled_from(held))] -= 1
    expected = 0
    for t in range(34):
        if hand[t] < 4:
            trial = list(hand)
            trial[t] += 1
            expected |= kernel.is_complete_jokers(trial, jokers, use) << t
    assert kernel.waits_jokers(hand, jokers, use) == expected


@st.composite
def near_pairs_hands(draw):
    """(counts, jokers, use, caps): seven pairs or the thirteen orphans with one to three
    tiles given up to jokers and one more taken out (the wait), under random caps: the
    waits' tile-by-tile tallies for the two special shapes."""
    full = [0] * 34
    if draw(st.booleans()):
        for t in draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True)):
            full[t] = 2
    else:
        for t in ORPHANS:
            full[t] = 1
        full[draw(st.sampled_from(ORPHANS))] += 1
    jokers = draw(st.integers(1, 3))
    for _ in range(jokers + 1):
        full[draw(st.sampled_from([t for t in range(34) if full[t]]))] -= 1
    if draw(st.booleans()):  # sometimes a stray tile: no wait, or a wait elsewhere
        full[draw(st.sampled_from([t for t in range(34) if full[t]]))] -= 1
        full[draw(st.sampled_from([t for t in range(34) if full[t] < 4]))] += 1
    caps = [max(c, draw(st.sampled_from([4, 4, 3, 2, 1, 0]))) for c in full]
    return full, jokers, draw(st.sampled_from([IN_PAIRS, IN_PUNGS, PAIRS])), caps


@settings(max_examples=300, deadline=None, suppress_health_check=FIXTURE_OK)
@given(near_pairs_hands())
def test_waits_of_seven_pairs_and_orphans_with_caps(kernel: ModuleType,
                                                    case: tuple[list[int], int, int, list[int]]) -> None:
    hand, jokers, use, caps = case
    expected = 0
    for t in range(34):
        if hand[t] < caps[t]:
            trial = list(hand)
            trial[t] += 1
            expected |= kernel.is_complete_jokers(trial, jokers, use, caps) << t
    assert kernel.waits_jokers(hand, jokers, use, caps) == expected


@settings(max_examples=300, deadline=None, suppress_health_check=FIXTURE_OK)
@given(joker_hands())
def test_without_jokers_the_answers_are_the_natural_ones(kernel: ModuleType,
                                                        case: tuple[list[int], int, int]) -> None:
    hand, jokers, use = case
    if (sum(hand)) % 3 != 2:
        return
    natural = tuple(tuple((kind, tile, 0) for kind, tile in d) for d in kernel.decompose(hand))
    assert kernel.decompose_jokers(hand, 0, use) == natural
    assert kernel.is_complete_jokers(hand, 0, use) == (kernel.is_complete_counts(hand) == 1)
    assert kernel.shapes_jokers(hand, 0, use) == kernel.shapes(hand) & 11


def test_many_jokers(kernel: ModuleType) -> None:
    # 1m 1p 1s E S W and eight jokers: thirteen orphans (seven missing, one pairs)
    hand = counts("1m1p1s123z")
    assert kernel.shapes_jokers(hand, 8, IN_PAIRS) == reference.THIRTEEN_ORPHANS
    assert kernel.decompose_jokers(hand, 8, IN_PAIRS) == ()
    # 1m 5m 9m 5p, each topped up by two jokers, and the pair 55s
    assert kernel.is_complete_jokers(counts("159m5p55s"), 8, IN_PUNGS)
    assert kernel.decompose_jokers(counts("159m5p55s"), 8, IN_PUNGS) == (
        ((TRI, 0, 2), (TRI, 4, 2), (TRI, 8, 2), (TRI, 13, 2), (PAIR, 22, 0)),)


def test_threads_building_the_tables_at_once_agree(kernel: ModuleType) -> None:
    from concurrent.futures import ThreadPoolExecutor

    hands = [(counts(h), j, use) for h, j in [("123m456p78s11z", 1), ("123m456p789s11z5s", 2),
                                            ("159m5p55s", 8), ("1122m3344p56s7z", 3)]
             for use in (IN_PUNGS, IN_CHOWS, IN_PAIRS)]
    expected = [kernel.decompose_jokers(*h) for h in hands]
    kernel.clear_cache()  # the compiled kernel releases the GIL: threads race to build
    with ThreadPoolExecutor(4) as pool:
        found = list(pool.map(lambda h: kernel.decompose_jokers(*h), hands * 4))
    assert found == expected * 4
