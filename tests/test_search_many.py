"""``discard_values_many`` (issue 32 item 4): the searches of a batch as arrays, on one
thread or several, each row what ``discard_values`` gives it."""

from __future__ import annotations

import numpy as np
import pytest

import mjscore

HANDS = ["123m456p789s11233z", "123m456p789s11345z", "12m456p789s112367z"]


@pytest.fixture(scope="module")
def batch() -> np.ndarray:
    return np.array([mjscore.parse_tiles(h) for h in HANDS], dtype=np.uint8)


@pytest.mark.parametrize("threads", [1, 2])
def test_each_row_is_its_single_search(batch: np.ndarray, threads: int) -> None:
    found = mjscore.discard_values_many(batch, "babcock", turns=4, threads=threads)
    assert found.win.shape == found.expected.shape == found.ready.shape == (3, 34, 4)
    for i, hand in enumerate(HANDS):
        single = mjscore.discard_values(hand, "babcock", turns=4)
        held = {int(row.tile) for row in single if row.tile is not None}
        for row in single:
            assert row.tile is not None
            np.testing.assert_array_equal(found.win[i, int(row.tile)], row.win)
            np.testing.assert_array_equal(found.expected[i, int(row.tile)], row.expected)
            np.testing.assert_array_equal(found.ready[i, int(row.tile)], row.ready)
        assert all(np.isnan(found.win[i, t]).all() for t in range(34) if t not in held)


def test_threads_zero_uses_every_core_and_agrees(batch: np.ndarray) -> None:
    one = mjscore.discard_values_many(batch[:1], "babcock", turns=2)
    every = mjscore.discard_values_many(batch[:1], "babcock", turns=2, threads=0)
    np.testing.assert_array_equal(one.expected, every.expected)


def test_visible_per_row(batch: np.ndarray) -> None:
    seen = np.zeros((3, 34), dtype=np.uint8)
    seen[0, 27], seen[0, 29] = 2, 2  # every 1z and 3z: row 0's wait after 2z is dead
    found = mjscore.discard_values_many(batch, "babcock", turns=3, visible=seen)
    assert (found.win[0, 28] == 0).all()
    assert np.nanmax(found.win[1]) > 0


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"threads": -1}, mjscore.MjscoreError, "threads"),
    ({"turns": 0}, mjscore.MjscoreError, "turns"),
    ({"visible": np.zeros((2, 34))}, mjscore.InvalidHandError, "visible"),
])
def test_bad_options(batch: np.ndarray, kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        mjscore.discard_values_many(batch, "babcock", **kwargs)  # type: ignore[arg-type]


def test_rows_must_be_fourteen_tiles() -> None:
    with pytest.raises(mjscore.InvalidHandError, match="14 tiles"):
        mjscore.discard_values_many([mjscore.parse_tiles("123m456p789s1123z")], "babcock")
    with pytest.raises(mjscore.InvalidHandError, match="shape"):
        mjscore.discard_values_many(np.zeros(34, dtype=np.uint8), "babcock")
