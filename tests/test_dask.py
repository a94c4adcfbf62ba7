"""mjscore.dask on a two-process LocalCluster: the same results as one score_many call.

What dask adds (partitions, graphs pickled to worker processes, columns and labels put
back together) no scoring backend changes, so these tests are ``backend_independent``:
they run once, in the compiled run of the README's test command (the backends' own
agreement is checked row for row elsewhere)."""

from __future__ import annotations

import doctest
import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

distributed = pytest.importorskip("dask.distributed")
import dask.array as da  # noqa: E402  (after the skip: the dask extra may be missing)
import dask.dataframe as dd  # noqa: E402
import pandas as pd  # noqa: E402

import mjscore  # noqa: E402
import mjscore.dask as mjdask  # noqa: E402
from mjscore import HandStatus, InvalidContextError, InvalidHandError, RuleSetError  # noqa: E402
from mjscore.core.group import Meld  # noqa: E402
from mjscore.core.group_codes import CHOW, group_code  # noqa: E402
from sizes import REFERENCE_SHARE  # noqa: E402

pytestmark = pytest.mark.backend_independent

# Run on the reference all the same (MJSCORE_BACKEND=python without --chosen-backend-only),
# which scores a few thousand rows a second on each side of every comparison, they check the
# same graphs on a fifth of the rows (tests/sizes.py).
SHARE = REFERENCE_SHARE
N = 20_000 // SHARE
CHUNK = N // 4
RULES = ["babcock", "chinese-classical"]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """Two worker processes, so every graph is pickled and scored away from this process.

    Without a dashboard the scheduler still serves /metrics, on port 8787 unless told
    otherwise, and warns when another cluster holds it: ":0" takes a free port.
    """
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": ":0"}) as cluster:
        with distributed.Client(cluster) as client:
            yield client


@pytest.fixture(scope="module")
def rows() -> mjscore.rows.sample.ScoringRows:
    """Random winning rows with melds and situations, and a few bad rows."""
    rows = mjscore.rows.sample.random_scoring_rows(N, seed=11)
    counts, melds = rows.counts.copy(), rows.melds.copy()
    counts[7, rows.win_tile[7]] = 5        # a fifth copy
    counts[11, rows.win_tile[11]] -= 1     # 13 tiles where 14 are needed
    melds[13, 0] = group_code(CHOW, 8)     # a chow starting at 9m: no such set
    return rows._replace(counts=counts, melds=melds)


def _context(rows: mjscore.rows.sample.ScoringRows) -> dict[str, Any]:
    """Per-row context as NumPy arrays, a heavenly hand here and there (bad for non-dealers)."""
    heaven = np.zeros(N, dtype=bool)
    heaven[::97] = True
    return {"win_tile": rows.win_tile, "self_drawn": rows.self_drawn | heaven,
            "seat_wind": rows.seat_wind, "prevailing_wind": rows.prevailing_wind, "heaven": heaven}


def _run(client: Any, *arrays: Any) -> list[Any]:
    return [future.result() for future in client.compute(list(arrays))]


def _check_same(got: list[Any], expected: tuple[Any, ...]) -> None:
    for array, want in zip(got, expected, strict=True):
        assert array.dtype == want.dtype
        np.testing.assert_array_equal(array, want)


@pytest.mark.parametrize("name", RULES)
@pytest.mark.parametrize("as_ruleset", [False, True])
def test_score_array_matches_score_many(client: Any, rows: Any, name: str, as_ruleset: bool) -> None:
    context = _context(rows)
    expected = mjscore.score_many(rows.counts, name, melds=rows.melds, return_status=True,
                                  last_tile=False, **context)
    # load_rules caches: this RuleSet was just used by the local kernel, and goes to the
    # worker processes pickled without its compiled tables (RuleSet.__getstate__).
    rules = mjscore.load_rules(name) if as_ruleset else name
    counts = da.from_array(rows.counts, chunks=(CHUNK, 34))
    melds = da.from_array(rows.melds, chunks=(3 * N // 20, 4))  # rechunked to the counts rows
    dask_context = {key: da.from_array(value, chunks=7 * N // 20) if key in ("win_tile", "heaven") else value
                    for key, value in context.items()}
    got = _run(client, *mjdask.score_array(counts, melds, rules=rules, last_tile=False, **dask_context))
    _check_same(got, expected)
    assert (expected[2] == 0).mean() > 0.9 and expected[0].max() > 0  # the comparison says something


def test_score_array_chinese_classical_finds_limit_hands(client: Any) -> None:
    hands = mjscore.rows.sample.random_complete_hands(4_000 // SHARE, seed=5, seven_pairs=0.2, orphans=0.2)
    expected = mjscore.score_many(hands, "chinese-classical", return_status=True)
    got = _run(client, *mjdask.score_array(da.from_array(hands, chunks=1_000 // SHARE),
                                            rules="chinese-classical"))
    _check_same(got, expected)
    assert (got[1] >= 0).any()


def test_bad_rows_are_marked_not_fatal(client: Any, rows: Any) -> None:
    context = _context(rows)
    expected = mjscore.score_many(rows.counts, melds=rows.melds, return_status=True, **context)
    got = _run(client, *mjdask.score_array(da.from_array(rows.counts, chunks=(CHUNK, 34)),
                                            da.from_array(rows.melds, chunks=(CHUNK, 4)), **context))
    _check_same(got, expected)
    status = got[2]
    assert status[7] == HandStatus.BAD_COUNT
    assert status[11] == HandStatus.WRONG_SIZE
    assert status[13] == HandStatus.BAD_MELD
    assert (status[::97][status[::97] != 0] == HandStatus.BAD_CONTEXT).all()
    assert (got[0][status != 0] == 0).all() and (got[0][status == 0] > 0).all()


def test_columns_chunked_are_joined(client: Any, rows: Any) -> None:
    counts = da.from_array(rows.counts, chunks=(CHUNK, 10))
    assert counts.numblocks == (4, 4)
    got = _run(client, *mjdask.score_array(counts, win_tile=rows.win_tile))
    _check_same(got, mjscore.score_many(rows.counts, win_tile=rows.win_tile, return_status=True))


def _frame(rows: Any, context: dict[str, Any]) -> pd.DataFrame:
    frame = pd.DataFrame(rows.counts, columns=list(mjdask.COUNT_COLUMNS))
    for k, column in enumerate(mjdask.MELD_COLUMNS):
        frame[column] = rows.melds[:, k]
    frame = frame.assign(**context, row_id=np.arange(N) * 3)
    frame.index = frame.index + 100  # the index is kept, whatever it is
    return frame


def _check_frame(got: pd.DataFrame, expected: tuple[Any, ...], name: str) -> None:
    totals, special, status = expected
    ids = np.array([None] + [hand.id for hand in mjscore.load_rules(name).hands], dtype=object)
    np.testing.assert_array_equal(got["total"].to_numpy(), totals)
    assert got["total"].dtype == np.int32
    np.testing.assert_array_equal(got["special"].cat.codes.to_numpy(), special)
    assert list(got["special"].astype(object).where(got["special"].notna(), None)) == \
        list(ids[special + 1])
    np.testing.assert_array_equal(got["status"].cat.codes.to_numpy(), status)
    assert list(got["status"].cat.categories) == list(mjdask.STATUS_NAMES)
    assert mjdask.STATUS_NAMES == tuple(status.name for status in HandStatus)  # codes are HandStatus


@pytest.mark.parametrize("name", RULES)
def test_score_dataframe_counts_layout(client: Any, rows: Any, name: str) -> None:
    context = _context(rows)
    frame = _frame(rows, context)
    expected = mjscore.score_many(rows.counts, name, melds=rows.melds, return_status=True,
                                  last_tile=False, **context)
    scored = mjdask.score_dataframe(dd.from_pandas(frame, npartitions=4), rules=name, last_tile=False)
    assert list(scored.columns) == [*frame.columns, "total", "special", "status"]
    got = client.compute(scored).result()
    _check_frame(got, expected, name)
    pd.testing.assert_frame_equal(got[frame.columns], frame)
    assert got.loc[107, "status"] == "BAD_COUNT"


def test_score_dataframe_custom_count_columns_no_melds(client: Any) -> None:
    hands = mjscore.rows.sample.random_complete_hands(2_000 // SHARE, seed=8, seven_pairs=0.3, orphans=0.1)
    names = [f"c{k}" for k in range(34)]
    frame = dd.from_pandas(pd.DataFrame(hands, columns=names), npartitions=3)
    scored = mjdask.score_dataframe(frame, rules="chinese-classical", count_columns=names,
                                    self_drawn=True)
    got = client.compute(scored).result()
    expected = mjscore.score_many(hands, "chinese-classical", return_status=True, self_drawn=True)
    _check_frame(got, expected, "chinese-classical")
    assert got["special"].notna().sum() >= 100 // SHARE  # thirteen orphans among them: limit hands


def _text(counts: Any, melds: Any, win: int) -> str:
    """A row of the array layout written as a hand string."""
    declared = tuple(Meld.from_code(code) for code in melds if code != 0xFF)
    concealed = list(counts)
    concealed[win] -= 1
    return str(mjscore.Hand(tuple(concealed), declared)) + f" +{mjscore.Tile(win)}"


#: Hand strings parse rejects: an unknown suit, a fifth copy, empty text, a missing value.
BAD_TEXTS = {3: "123m 456p 789s 11z [777z] +1q", 5: "1111m 1m 456p 789s 11z +2m", 9: "", 12: None}


@pytest.mark.parametrize("name", RULES)
def test_score_dataframe_hand_strings(client: Any, name: str) -> None:
    rows = mjscore.rows.sample.random_scoring_rows(4_000 // SHARE, seed=3)
    texts: list[Any] = [_text(c, m, w) for c, m, w in zip(rows.counts, rows.melds, rows.win_tile)]
    self_drawn = rows.self_drawn.copy()
    totals, special, status = mjscore.score_many(
        rows.counts, name, melds=rows.melds, win_tile=rows.win_tile, self_drawn=self_drawn,
        seat_wind=rows.seat_wind, return_status=True)
    for i, text in BAD_TEXTS.items():
        texts[i] = text
        totals[i], special[i], status[i] = 0, -1, HandStatus.BAD_NOTATION
    texts[20], self_drawn[20] = "123m 456p 789s 1122z", False  # 13 tiles: did not go out
    waiting = mjscore.score(texts[20], name, seat_wind=int(rows.seat_wind[20]))
    totals[20], special[20], status[20] = waiting.total, -1, 0
    texts[25] = "123m 456p 789s 11z 7z J +7z"  # a joker, which score() calls not winning
    totals[25], special[25], status[25] = 0, -1, HandStatus.NOT_WINNING
    texts[30] += " 1f 2y"  # read and passed on; neither babcock nor chinese-classical scores them
    texts[35] = "123m 456p 789s 11z [777z] 5p +1z"  # 15 tiles: as score_many marks its row
    totals[35], special[35], status[35] = 0, -1, HandStatus.WRONG_SIZE
    frame = pd.DataFrame({"hand": texts, "self_drawn": self_drawn, "seat_wind": rows.seat_wind})
    scored = mjdask.score_dataframe(dd.from_pandas(frame, npartitions=4), rules=name,
                                    hand_column="hand")
    got = client.compute(scored).result()
    _check_frame(got, (totals, special, status), name)
    assert list(got["status"].iloc[[3, 5, 9, 12]]) == ["BAD_NOTATION"] * 4
    assert list(got["status"].cat.codes.iloc[[3, 5, 9, 12]]) == [6] * 4
    assert (status == 0).sum() > 0.875 * len(status)
    for i in range(40, 140):  # the single-hand API agrees row by row
        if status[i] == 0:
            one = mjscore.score(texts[i], name, self_drawn=bool(self_drawn[i]),
                                seat_wind=int(rows.seat_wind[i]))
            special_id = got["special"].iloc[i]
            assert got["total"].iloc[i] == one.total
            assert (None if pd.isna(special_id) else special_id) == one.special


def _joker_rows(n: int, seed: int) -> tuple[Any, Any, Any]:
    """Complete concealed hands with one or two tiles (never the winning one) turned into
    jokers, their winning tiles, and the joker counts (int64, as a DataFrame column holds)."""
    complete = mjscore.rows.sample.random_complete_hands(n, seed=seed)
    won = complete.argmax(axis=1).astype(np.uint8)
    counts = complete.copy()
    jokers = (np.arange(n) % 2 + 1).astype(np.int64)
    for k in range(2):
        take = np.flatnonzero(jokers > k)
        spare = counts[take].astype(np.int64)
        spare[np.arange(len(take)), won[take]] -= 1
        counts[take, (spare > 0).argmax(axis=1)] -= 1
    return counts, won, jokers


JOKER_RULES = mjscore.load_rules("babcock", joker_use="pairs")


def test_score_array_and_dataframe_take_a_jokers_column(client: Any) -> None:
    counts, won, jokers = _joker_rows(3_000 // SHARE, seed=21)
    jokers[[5, 17]] = [9, 100]  # a count no hand holds: those rows alone are marked (-1 raises)
    expected = mjscore.score_many(counts, JOKER_RULES, win_tile=won, jokers=jokers, self_drawn=True,
                                  return_status=True)
    assert list(expected[2][[5, 17]]) == [HandStatus.BAD_COUNT] * 2
    # a pair turned wholly into jokers keeps no natural tile: such rows rarely go out
    assert (expected[2] == 0).sum() > 0.95 * len(counts) and (expected[0][expected[2] == 0] > 0).all()
    totals, special, status = mjdask.score_array(
        da.from_array(counts, chunks=(700 // SHARE, 34)), rules=JOKER_RULES, win_tile=won,
        jokers=da.from_array(jokers, chunks=500 // SHARE), self_drawn=True)
    _check_same(_run(client, totals, special, status), expected)
    frame = pd.DataFrame(counts, columns=list(mjdask.COUNT_COLUMNS)).assign(
        jokers=jokers, win_tile=won, self_drawn=True)
    scored = mjdask.score_dataframe(dd.from_pandas(frame, npartitions=3), rules=JOKER_RULES)
    got = client.compute(scored).result()
    _check_frame(got, expected, "babcock")
    assert list(got["status"].iloc[[5, 17]]) == ["BAD_COUNT"] * 2
    # without the column, the same counts are short of tiles
    plain = mjdask.score_dataframe(dd.from_pandas(frame.drop(columns=["jokers"]), npartitions=3),
                                   rules=JOKER_RULES)
    assert set(client.compute(plain).result()["status"]) == {"WRONG_SIZE"}


def test_score_dataframe_hand_strings_with_jokers(client: Any) -> None:
    counts, won, jokers = _joker_rows(600 // SHARE, seed=22)
    texts: list[Any] = []
    for row, tile, j in zip(counts, won, jokers):
        concealed = list(row)
        concealed[tile] -= 1
        texts.append(str(mjscore.Hand(tuple(concealed), jokers=int(j))) + f" +{mjscore.Tile(tile)}")
    texts[3] = "123m 456p 789s 1z [77Jz] +1z"  # a joker in a declared meld: no row can carry it
    frame = pd.DataFrame({"hand": texts, "self_drawn": True})
    scored = mjdask.score_dataframe(dd.from_pandas(frame, npartitions=3), rules=JOKER_RULES,
                                    hand_column="hand")
    got = client.compute(scored).result()
    totals, special, status = mjscore.score_many(counts, JOKER_RULES, win_tile=won, jokers=jokers,
                                                 self_drawn=True, return_status=True)
    totals[3], special[3], status[3] = 0, -1, HandStatus.BAD_MELD
    _check_frame(got, (totals, special, status), "babcock")  # as the arrays with a jokers column
    assert (status == 0).sum() > len(counts) * 11 // 12
    for i in np.flatnonzero(status == 0)[:20]:  # the single-hand API agrees row by row
        assert got["total"].iloc[i] == mjscore.score(texts[i], JOKER_RULES, self_drawn=True).total
    # babcock as shipped plays without jokers: every hand holding one is not winning, as score() says
    off = client.compute(mjdask.score_dataframe(dd.from_pandas(frame, npartitions=2),
                                                hand_column="hand")).result()
    assert set(off["status"]) == {"NOT_WINNING"}
    with pytest.raises(mjscore.NotWinningError):
        mjscore.score(texts[0], "babcock", self_drawn=True)


def test_score_array_errors_at_build_time(rows: Any) -> None:
    counts = da.from_array(rows.counts, chunks=(CHUNK, 34))
    with pytest.raises(InvalidHandError, match=rf"\(n, 34\).*\({N}, 33\)"):
        mjdask.score_array(counts[:, :33])
    with pytest.raises(InvalidHandError, match="integers"):
        mjdask.score_array(counts.astype(float))
    with pytest.raises(InvalidHandError, match="melds"):
        mjdask.score_array(counts, da.from_array(rows.melds[:-1], chunks=(CHUNK, 4)))
    with pytest.raises(InvalidHandError, match="melds"):
        mjdask.score_array(counts, da.zeros((N, 5), dtype=np.uint8, chunks=(CHUNK, 5)))
    with pytest.raises(InvalidHandError, match=rf"melds: .*\({N}, 4\).*\({N}, 3\)"):
        mjdask.score_array(counts, da.zeros((N, 3), dtype=np.uint8, chunks=(CHUNK, 3)))  # never padded
    with pytest.raises(InvalidHandError, match=rf"melds: .*\({N}, 4\).*float"):
        mjdask.score_array(counts, da.zeros((N, 4), dtype=float, chunks=(CHUNK, 4)))
    with pytest.raises(InvalidContextError, match=rf"win_tile: .*\({N},\).*\({N - 1},\)"):
        mjdask.score_array(counts, win_tile=rows.win_tile[1:])
    with pytest.raises(InvalidContextError, match=rf"self_drawn: .*\({N},\).*\({N + 1},\)"):
        mjdask.score_array(counts, self_drawn=da.zeros(N + 1, dtype=bool, chunks=CHUNK))
    with pytest.raises(InvalidContextError, match="seat_wind"):
        mjdask.score_array(counts, seat_wind="X")
    with pytest.raises(InvalidContextError, match="self_drawn"):
        mjdask.score_array(counts, self_drawn=da.zeros(N, dtype=float, chunks=CHUNK))
    with pytest.raises(InvalidContextError, match="unknown context keyword 'self_draw'"):
        mjdask.score_array(counts, self_draw=True)
    with pytest.raises(RuleSetError):
        mjdask.score_array(counts, rules="no-such-rules")
    unknown = counts[counts[:, 0] >= 0]  # rows of unknown number
    mjdask.score_array(unknown, win_tile=1)  # a scalar needs no aligning
    with pytest.raises(InvalidHandError, match="compute_chunk_sizes"):
        mjdask.score_array(unknown, win_tile=rows.win_tile)


def test_score_dataframe_errors_at_build_time(rows: Any) -> None:
    frame = dd.from_pandas(_frame(rows, _context(rows)), npartitions=2)
    with pytest.raises(InvalidHandError, match="'RED'"):
        mjdask.score_dataframe(frame.drop(columns=["RED"]))
    with pytest.raises(InvalidHandError, match="34 columns, got 33"):
        mjdask.score_dataframe(frame, count_columns=list(mjdask.COUNT_COLUMNS[:33]))
    with pytest.raises(InvalidContextError, match="seat_wind is given both"):
        mjdask.score_dataframe(frame, seat_wind="E")
    with pytest.raises(InvalidHandError, match="'total'"):
        mjdask.score_dataframe(frame.assign(total=1))
    with pytest.raises(InvalidContextError, match="self_drawn"):  # a column dtype score_many rejects
        mjdask.score_dataframe(frame.assign(self_drawn=0.5))
    texts = dd.from_pandas(pd.DataFrame({"hand": ["123m 456p 789s 1122z +1z"]}), npartitions=1)
    with pytest.raises(InvalidContextError, match="win_tile"):
        mjdask.score_dataframe(texts, hand_column="hand", win_tile="1z")
    with pytest.raises(InvalidHandError, match="'hands'"):
        mjdask.score_dataframe(texts, hand_column="hands")
    with pytest.raises(InvalidHandError, match="count_columns"):
        mjdask.score_dataframe(texts, hand_column="hand", count_columns=["hand"])
    with pytest.raises(InvalidHandError, match="hand strings hold the jokers"):
        mjdask.score_dataframe(texts.assign(jokers=1), hand_column="hand")
    with pytest.raises(InvalidHandError, match="hand strings hold the jokers"):
        mjdask.score_dataframe(texts, hand_column="hand", jokers=1)
    with pytest.raises(InvalidContextError, match="jokers is given both"):
        mjdask.score_dataframe(frame.assign(jokers=0), jokers=1)
    with pytest.raises(InvalidHandError, match="jokers: joker counts must be integers"):
        mjdask.score_dataframe(frame.assign(jokers=0.5))


def test_import_mjscore_needs_no_dask() -> None:
    code = ("import sys; sys.modules['dask'] = None; import mjscore; mjscore.score_many([[0] * 34])\n"
            "try:\n    import mjscore.dask\nexcept ImportError as error:\n    print(error)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert 'pip install "mjscore[dask]"' in result.stdout


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(importlib.import_module("mjscore.dask"))
    assert failures == 0 and tried > 0
