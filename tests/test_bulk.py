"""The public ``*_many`` functions: input checks, status codes, threads, and a fuzz test."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import mjscore
from sizes import rows as sized
from mjscore import HandStatus, InvalidHandError, MjscoreError
from mjscore.core.group_codes import CHOW, PUNG, group_code
from mjscore.rows.sample import random_complete_hands, random_draws, remove_one_tile
from mjscore.core.tile import parse_tiles

BULK = [mjscore.is_complete_many, mjscore.shapes_many, mjscore.decomposition_count_many,
        mjscore.waits_many]


def rows(*hands: str) -> np.ndarray:
    return np.array([parse_tiles(h) for h in hands], dtype=np.uint8)


def test_is_complete_many_answers_row_by_row() -> None:
    batch = rows("123m456p789s11122z", "123m456p789s11123z", "1122m3344p5566s77z",
                 "19m19p19s12345677z", "1234567m1234567p", "123m11z")
    assert mjscore.is_complete_many(batch).tolist() == [True, False, True, True, False, True]


def test_bad_rows_get_a_status_and_the_rest_are_scored() -> None:
    batch = np.vstack([rows("123m456p789s11122z"), np.full((1, 34), 9, np.uint8),
                       rows("123m456p789s1112z"), rows("123m456p789s11122z")])
    result, status = mjscore.is_complete_many(batch, return_status=True)
    assert result.tolist() == [True, False, False, True]
    assert status.tolist() == [HandStatus.OK, HandStatus.BAD_COUNT, HandStatus.WRONG_SIZE,
                               HandStatus.OK]


def test_waits_many_masks() -> None:
    batch = rows("1112345678999m", "123m456p789s1122z", "123m456p789s11122z")
    masks, status = mjscore.waits_many(batch, return_status=True)
    assert masks.dtype == np.uint64
    assert masks.tolist() == [0b111111111, (1 << 27) | (1 << 28), 0]
    assert status.tolist() == [0, 0, HandStatus.WRONG_SIZE]


def test_decompose_many_matches_single_hand_decompositions() -> None:
    hands = ["111222333m44455p", "123m456p789s11122z", "123m456p789s11123z"]
    offsets, groups, status = mjscore.decompose_many(rows(*hands))
    for i, hand in enumerate(hands):
        lifted = [tuple(str(mjscore.Group.from_code(b)) for b in row if b != 0xFF)
                  for row in groups[offsets[i]:offsets[i + 1]]]
        expected = [tuple(str(g) for g in d) for d in mjscore.decompositions(hand)]
        assert sorted(lifted) == sorted(expected)
    assert status.tolist() == [0, 0, 0]


def test_decomposition_count_many_matches_decompose_many() -> None:
    batch = random_complete_hands(3000, seed=5)
    offsets, _, _ = mjscore.decompose_many(batch)
    assert np.array_equal(np.diff(offsets), mjscore.decomposition_count_many(batch))


@pytest.mark.parametrize("function", BULK)
def test_threads_give_the_same_answer(function: object) -> None:
    n = sized(6000)
    batch = np.vstack([random_complete_hands(n, seed=1), random_draws(n, seed=2),
                       remove_one_tile(random_complete_hands(n, seed=3), seed=4)])
    one, status_one = function(batch, return_status=True)  # type: ignore[operator]
    two, status_two = function(batch, threads=2, return_status=True)  # type: ignore[operator]
    three = function(batch, threads=3)  # type: ignore[operator]
    assert np.array_equal(one, two) and np.array_equal(one, three)
    assert np.array_equal(status_one, status_two)


@pytest.mark.parametrize("n, threads", [(0, 2), (4095, 2), (8192, 2), (100_000, 2), (1_000_003, 3),
                                        (100_000, 1), (10_000_000, 2)])
def test_threads_cut_the_rows_into_slices_covering_each_row_once(n: int, threads: int) -> None:
    # issue 33, threads: several threads take a batch slice by slice
    from mjscore.decompose import bulk

    taken: list[tuple[int, int]] = []
    bulk.run_in_parts(n, threads, lambda rows: taken.append((rows.start, rows.stop)))
    taken.sort()
    assert [start for start, _ in taken[1:]] == [stop for _, stop in taken[:-1]]
    assert taken[0][0] == 0 and taken[-1][1] == n
    if threads == 1 or n < 2 * bulk.MIN_ROWS_PER_THREAD:
        assert len(taken) == 1  # the calling thread alone, in one call
    else:  # slices of a few thousand rows at least, several a thread, a bounded number
        assert threads <= len(taken) <= threads * bulk.SLICES_PER_THREAD
        assert min(stop - start for start, stop in taken) >= min(bulk.ROWS_PER_SLICE, n // threads) - 1


def test_a_thread_held_up_leaves_its_share_to_the_others() -> None:
    # issue 33, threads: the slices go to whichever thread comes free, so one held up on
    # its first slice (another process on its core, costlier rows) does not hold the
    # batch back: the other thread takes every other slice meanwhile
    from mjscore.decompose import bulk

    n = 40 * bulk.ROWS_PER_SLICE
    slices = min(2 * bulk.SLICES_PER_THREAD, n // bulk.ROWS_PER_SLICE)
    others_done = threading.Event()
    first_taken = threading.Event()
    lock = threading.Lock()
    taken: list[tuple[slice, int]] = []

    def work(rows: slice) -> None:
        with lock:
            first = not first_taken.is_set()
            first_taken.set()
            taken.append((rows, threading.get_ident()))
            if len(taken) == slices and not first:
                others_done.set()
        if first:  # the first slice waits until the other thread has taken all the rest
            assert others_done.wait(timeout=30), "the other thread stopped at its share"

    bulk.run_in_parts(n, 2, work)
    held = taken[0][1]
    assert others_done.is_set() and sum(who != held for _, who in taken) == slices - 1


@pytest.mark.parametrize("threads", [-1, 1.5, "2", True])
def test_bad_thread_counts_raise(threads: object) -> None:
    with pytest.raises(InvalidHandError, match="threads"):
        mjscore.is_complete_many(rows("11m"), threads=threads)  # type: ignore[arg-type]


@pytest.mark.parametrize("array, message", [
    (np.zeros(34, np.uint8), "shape"),
    (np.zeros((2, 33), np.uint8), "shape"),
    (np.zeros((2, 34, 1), np.uint8), "shape"),
    (np.zeros((2, 35), np.uint8), "shape"),
    (np.zeros((2, 34), np.float64), "dtype"),
    (np.zeros((2, 34), np.bool_), "dtype"),
    (np.zeros((2, 34), object), "dtype"),
    (np.full((2, 34), "1"), "dtype"),
    ([[1] * 34, [1] * 33], "shape"),
    ("123m", "shape"),
])
@pytest.mark.parametrize("function", [*BULK, mjscore.decompose_many])
def test_wrong_shape_or_dtype_raises(function: object, array: object, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        function(array)  # type: ignore[operator]


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int64, np.uint16, np.uint64])
def test_other_integer_dtypes_never_wrap(dtype: type) -> None:
    batch = rows("123m456p789s11122z", "123m456p789s11122z").astype(dtype)
    batch[1, 0] = 256 + 1 if np.iinfo(dtype).max > 256 else -1  # would wrap to 1 as uint8
    if np.iinfo(dtype).min == 0 and np.iinfo(dtype).max < 256:
        batch[1, 0] = 5
    result, status = mjscore.is_complete_many(batch, return_status=True)
    assert result.tolist() == [True, False]
    assert status.tolist() == [HandStatus.OK, HandStatus.BAD_COUNT]


def test_non_contiguous_and_read_only_input() -> None:
    batch = np.vstack([random_complete_hands(50, seed=8), random_draws(50, seed=9)])
    expected = mjscore.is_complete_many(batch)
    strided = np.zeros((200, 68), np.uint8)
    strided[::2, ::2] = batch
    view = strided[::2, ::2]
    assert not view.flags.c_contiguous
    assert np.array_equal(mjscore.is_complete_many(view), expected)
    fortran = np.asfortranarray(batch)
    assert np.array_equal(mjscore.is_complete_many(fortran), expected)
    frozen = batch.copy()
    frozen.setflags(write=False)
    assert np.array_equal(mjscore.is_complete_many(frozen), expected)
    assert np.array_equal(mjscore.is_complete_many(batch.tolist()), expected)


def test_empty_batch() -> None:
    empty = np.zeros((0, 34), np.uint8)
    for function in BULK:
        assert function(empty).shape == (0,)  # type: ignore[operator]
    offsets, groups, status = mjscore.decompose_many(empty)
    assert offsets.tolist() == [0] and groups.shape == (0, 5) and status.shape == (0,)


# ------------------------------------------------------------------- fuzz (item 11)

ARRAYS = st.one_of(
    hnp.arrays(np.uint8, st.tuples(st.integers(0, 6), st.just(34))),
    hnp.arrays(np.uint8, st.tuples(st.integers(0, 4), st.just(34)), elements=st.integers(0, 4)),
    hnp.arrays(st.sampled_from([np.int8, np.int32, np.int64, np.uint16]),
               st.tuples(st.integers(0, 4), st.just(34))),
    hnp.arrays(hnp.scalar_dtypes(), hnp.array_shapes(min_dims=0, max_dims=3, max_side=40)),
)


def _check_any_array(array: np.ndarray) -> None:
    for function in [*BULK, mjscore.decompose_many]:
        try:
            result = function(array)  # type: ignore[operator]
        except MjscoreError:
            continue
        n = np.asarray(array).shape[0]
        if function is mjscore.decompose_many:
            offsets, groups, status = result
            assert offsets.shape == (n + 1,) and status.shape == (n,)
        else:
            assert result.shape == (n,)
            _, status = function(array, return_status=True)  # type: ignore[operator]
        # A row marked OK really is a valid hand: counts 0..4.
        ok = np.asarray(status) == HandStatus.OK
        values = np.asarray(array)[ok].astype(np.int64)
        assert ((values >= 0) & (values <= 4)).all()


@settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck))
@given(ARRAYS, st.booleans(), st.booleans())
def test_fuzz_bulk_never_crashes(array: np.ndarray, transpose: bool, read_only: bool) -> None:
    if transpose and array.ndim == 2:
        array = np.ascontiguousarray(array.T).T  # same values, Fortran order
    if read_only:
        array.setflags(write=False)
    _check_any_array(array)


@pytest.mark.slow
@settings(max_examples=1_000_000, deadline=None, suppress_health_check=list(HealthCheck))
@given(ARRAYS, st.booleans(), st.booleans())
def test_fuzz_bulk_never_crashes_long(array: np.ndarray, transpose: bool, read_only: bool) -> None:
    test_fuzz_bulk_never_crashes.hypothesis.inner_test(array, transpose, read_only)  # type: ignore[attr-defined]


def test_hand_status_codes_are_stable_and_each_bad_one_has_an_error() -> None:
    assert [(s.name, int(s)) for s in HandStatus] == [
        ("OK", 0), ("BAD_COUNT", 1), ("WRONG_SIZE", 2), ("NOT_WINNING", 3), ("BAD_MELD", 4),
        ("BAD_CONTEXT", 5), ("BAD_NOTATION", 6)]
    for status in list(HandStatus)[1:]:
        assert isinstance(mjscore.core.errors.status_error(status), MjscoreError)
    assert isinstance(mjscore.core.errors.status_error(HandStatus.BAD_NOTATION), mjscore.NotationError)


# --- waits with declared melds (issue 11 item 7) ---------------------------------------

def _wait_names(mask: int) -> list[str]:
    return [str(mjscore.Tile(t)) for t in range(34) if mask >> t & 1]


def test_waits_many_with_melds_drops_a_tile_whose_last_copy_sits_in_a_meld() -> None:
    counts = np.array([parse_tiles("34555p11z")] * 2, dtype=np.uint8)
    melds = np.array([[group_code(CHOW, 13), group_code(PUNG, 26), 0xFF, 0xFF],   # chow 567p: the fourth 5p
                      [group_code(CHOW, 0), group_code(PUNG, 26), 0xFF, 0xFF]], dtype=np.uint8)  # chow 123m
    waits, status = mjscore.waits_many(counts, melds=melds, return_status=True)
    assert status.tolist() == [0, 0]
    assert _wait_names(int(waits[0])) == ["2p", "1z"]
    assert _wait_names(int(waits[1])) == ["2p", "5p", "1z"]
    assert int(mjscore.waits_many(counts[:1])[0]) == int(waits[1])  # no melds: 5p offered


def test_waits_many_with_melds_marks_bad_rows_and_keeps_the_rest() -> None:
    good = parse_tiles("34555p11z")
    counts = np.array([good, good, good, parse_tiles("3455p11z")], dtype=np.uint8)
    melds = np.array([[group_code(CHOW, 13), group_code(PUNG, 26), 0xFF, 0xFF],
                      [group_code(PUNG, 13), group_code(PUNG, 26), 0xFF, 0xFF],   # a pung of 5p: six 5p
                      [group_code(CHOW, 8), group_code(PUNG, 26), 0xFF, 0xFF],    # a chow from 9m: no meld
                      [group_code(CHOW, 13), group_code(PUNG, 26), 0xFF, 0xFF]], dtype=np.uint8)  # 12 tiles
    waits, status = mjscore.waits_many(counts, melds=melds, return_status=True)
    assert status.tolist() == [HandStatus.OK, HandStatus.BAD_COUNT, HandStatus.BAD_MELD,
                               HandStatus.WRONG_SIZE]
    assert waits[0] != 0 and (waits[1:] == 0).all()


def test_waits_many_melds_must_be_an_n_by_4_byte_array() -> None:
    counts = np.array([parse_tiles("34555p11z")], dtype=np.uint8)
    with pytest.raises(InvalidHandError, match=r"\(1, 4\)"):
        mjscore.waits_many(counts, melds=np.zeros((1, 3), dtype=np.uint8))
    with pytest.raises(InvalidHandError, match="bytes"):
        mjscore.waits_many(counts, melds=np.full((1, 4), 256))
