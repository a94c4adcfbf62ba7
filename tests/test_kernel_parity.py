"""The compiled kernel agrees with the reference on random hands, name for name.

The default run compares at least 2,000 hands of each kind (1,000 and 600 for the
slower joker functions); the ``slow`` run compares 1,000,000
(``pytest -m slow tests/test_kernel_parity.py``).
"""

from __future__ import annotations

import inspect
import os
from types import ModuleType

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjscore.decompose import _reference as reference
from mjscore.rows.sample import random_complete_hands, random_draws, remove_one_tile

compiled = pytest.importorskip("mjscore.decompose._kernel")
pytestmark = pytest.mark.both_backends


def test_same_public_names() -> None:
    def public(module: ModuleType) -> set[str]:
        return {n for n in dir(module) if not n.startswith("_")
                and (callable(getattr(module, n)) or n.isupper())} - {"Any", "Sequence", "np", "npt"}

    names = public(reference) - {"Decomposition", "Group", "JokerDecomposition", "JokerGroup",
                                 "product", "functools", "operator", "annotations"}
    missing = {n for n in names if not hasattr(compiled, n)}
    assert not missing


@pytest.mark.parametrize("name", ["suit_key", "suit_ways", "decompose", "shapes", "waits",
                                  "is_complete_counts", "is_complete_many", "shapes_many",
                                  "decomposition_count_many", "waits_many", "decompose_many",
                                  "cache_info", "clear_cache", "decompose_jokers", "is_complete_jokers",
                                  "shapes_jokers", "waits_jokers"])
def test_same_parameters(name: str) -> None:
    ours = list(inspect.signature(getattr(compiled, name)).parameters)
    spec = list(inspect.signature(getattr(reference, name)).parameters)
    assert ours == spec


def _tile_multisets(size: int) -> st.SearchStrategy[list[int]]:
    """``size`` tiles with at most four of a kind, as 34 counts."""
    def to_counts(tiles: list[int]) -> list[int]:
        counts = [0] * 34
        for t in tiles:
            counts[t // 4] += 1
        return counts
    return st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True).map(to_counts)


# Complete-ish hands: few kinds, so the shapes and splits are often real.
def _clustered(size: int) -> st.SearchStrategy[list[int]]:
    def to_counts(picks: list[tuple[int, int]]) -> list[int]:
        counts = [0] * 34
        for base, offset in picks:
            t = min(33, base + offset)
            if counts[t] < 4:
                counts[t] += 1
        return counts
    return st.lists(st.tuples(st.sampled_from([0, 9, 18, 27]), st.integers(0, 8)),
                    min_size=size, max_size=size).map(to_counts)


ANY_SIZE = st.one_of(*[_tile_multisets(n) for n in (2, 5, 8, 11, 14)],
                     *[_clustered(n) for n in (5, 11, 14)])
WAIT_SIZE = st.one_of(*[_tile_multisets(n) for n in (1, 4, 7, 10, 13)], _clustered(13))


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ANY_SIZE)
def test_single_hand_functions_agree(counts: list[int]) -> None:
    assert compiled.decompose(counts) == reference.decompose(counts)
    assert compiled.shapes(counts) == reference.shapes(counts)
    assert compiled.is_complete_counts(counts) == reference.is_complete_counts(counts)


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(WAIT_SIZE)
def test_waits_agree(counts: list[int]) -> None:
    assert compiled.waits(counts) == reference.waits(counts)


@st.composite
def _with_jokers(draw: st.DrawFn, sizes: tuple[int, ...]) -> tuple[list[int], int, int, list[int] | None]:
    """(counts, jokers, use, caps): clustered tiles and 0-4 jokers, caps at or above the counts."""
    jokers = draw(st.integers(0, 4))
    size = draw(st.sampled_from([n - jokers for n in sizes if n >= jokers]))
    counts = draw(_clustered(size))
    if sum(counts) != size:  # _clustered drops fifth copies
        jokers = max(0, min(4, jokers + size - sum(counts)))
        if (sum(counts) + jokers) % 3 != sizes[0] % 3:
            jokers = 0
    caps = None
    if draw(st.integers(0, 4)) == 0:
        caps = [max(c, draw(st.sampled_from([4, 4, 3, 2, 1, 0]))) for c in counts]
    return counts, jokers, draw(st.integers(1, 7)), caps


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_with_jokers((2, 5, 8, 11, 14)))
def test_joker_functions_agree(case: tuple[list[int], int, int, list[int] | None]) -> None:
    counts, jokers, use, caps = case
    assert compiled.decompose_jokers(counts, jokers, use, caps) == reference.decompose_jokers(counts, jokers, use, caps)
    assert compiled.shapes_jokers(counts, jokers, use, caps) == reference.shapes_jokers(counts, jokers, use, caps)
    assert compiled.is_complete_jokers(counts, jokers, use, caps) == \
        reference.is_complete_jokers(counts, jokers, use, caps)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_with_jokers((1, 4, 7, 10, 13)))
def test_joker_waits_agree(case: tuple[list[int], int, int, list[int] | None]) -> None:
    counts, jokers, use, caps = case
    assert compiled.waits_jokers(counts, jokers, use, caps) == reference.waits_jokers(counts, jokers, use, caps)


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.integers(0, 255), min_size=34, max_size=34))
def test_any_byte_vector_gets_the_same_status(values: list[int]) -> None:
    assert compiled.is_complete_counts(values) == reference.is_complete_counts(values)
    batch = np.array([values], dtype=np.uint8)
    _compare_bulk(batch)


def _compare_bulk(batch: np.ndarray) -> None:
    n = batch.shape[0]
    for name, dtype in [("is_complete_many", np.uint8), ("shapes_many", np.uint8),
                        ("decomposition_count_many", np.int32), ("waits_many", np.uint64)]:
        results = []
        for module in (compiled, reference):
            out, status = np.zeros(n, dtype), np.zeros(n, np.uint8)
            getattr(module, name)(batch, out, status)
            results.append((out, status))
        (a, sa), (b, sb) = results
        bad = np.flatnonzero((a != b) | (sa != sb))
        assert bad.size == 0, f"{name} differs on rows {bad[:5]}: {batch[bad[:5]].tolist()}"
    for x, y in zip(compiled.decompose_many(batch), reference.decompose_many(batch)):
        np.testing.assert_array_equal(x, y)


def _corpus(n: int, seed: int) -> np.ndarray:
    complete = random_complete_hands(n, seed, seven_pairs=0.05, orphans=0.02)
    return np.vstack([complete, random_draws(n, seed + 1), remove_one_tile(complete, seed + 2),
                      random_draws(n, seed + 3, size=11), random_draws(n, seed + 4, size=13)])


def test_bulk_agrees_on_sampled_corpus() -> None:
    _compare_bulk(_corpus(5000, seed=11))


@pytest.mark.slow
def test_bulk_agrees_on_a_million_hands() -> None:
    rows = int(os.environ.get("MJSCORE_PARITY_ROWS", "1000000"))
    for chunk in range(0, rows, 100_000):
        _compare_bulk(_corpus(20_000, seed=1000 + chunk))


@pytest.mark.slow
def test_joker_functions_agree_on_many_hands() -> None:
    """Complete hands with 1-4 tiles given up to jokers, compared on every joker function."""
    import random

    rows = int(os.environ.get("MJSCORE_JOKER_PARITY_ROWS", "100000"))
    complete = random_complete_hands(rows, 77, seven_pairs=0.05, orphans=0.02)
    rng = random.Random(78)
    for row in complete:
        counts = [int(c) for c in row]
        jokers = rng.randint(1, 4)
        for _ in range(jokers):
            counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
        use = rng.randint(1, 7)
        assert compiled.decompose_jokers(counts, jokers, use) == reference.decompose_jokers(counts, jokers, use)
        assert compiled.shapes_jokers(counts, jokers, use) == reference.shapes_jokers(counts, jokers, use)
        counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
        assert compiled.waits_jokers(counts, jokers, use) == reference.waits_jokers(counts, jokers, use)
