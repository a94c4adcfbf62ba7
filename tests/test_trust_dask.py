"""mjscore.dask agrees with score_many and with Score.special, special hands included.

Scored with Dask's synchronous scheduler: what is checked here is the labelling and the
inputs accepted, not the cluster (``test_dask.py`` runs one).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("dask.dataframe")
import dask.array as da  # noqa: E402
import dask.dataframe as dd  # noqa: E402
import pandas as pd  # noqa: E402

import mjscore  # noqa: E402
import mjscore.dask as mjdask  # noqa: E402
from mjscore.rows.codec import hand_of_row  # noqa: E402
from mjscore.distances.samples import random_special_hands  # noqa: E402

SHIPPED = ["babcock", "chinese-classical", "western", "american"]
SPECIAL_ROWS = 60
ORDINARY_ROWS = 60


def _rows(name: str) -> dict[str, Any]:
    """Special-hand rows won self-drawn on one of their concealed tiles, then ordinary rows;
    every 11th row is the dealer's hand from heaven (a special hand of babcock, which has
    no special hand of tiles)."""
    rules = mjscore.load_rules(name)
    rng = np.random.default_rng(3)
    ordinary = mjscore.rows.sample.random_scoring_rows(ORDINARY_ROWS, seed=4)
    if any(hand.forms for hand in rules.hands):
        counts, melds, _ = random_special_hands(rules, SPECIAL_ROWS, seed=5)
        win = (counts * rng.random(counts.shape)).argmax(axis=1).astype(np.uint8)
        counts = np.concatenate([counts, ordinary.counts])
        melds = np.concatenate([melds, ordinary.melds])
        win = np.concatenate([win, ordinary.win_tile])
    else:
        counts, melds, win = ordinary.counts, ordinary.melds, ordinary.win_tile
    heaven = np.arange(len(counts)) % 11 == 0
    return {"rules": rules, "counts": counts, "melds": melds, "win_tile": win, "heaven": heaven}


@pytest.mark.parametrize("name", SHIPPED)
def test_score_many_score_array_and_score_dataframe_agree_on_totals_and_special_hands(
        backend: str, name: str) -> None:
    r = _rows(name)
    rules, counts, melds, win, heaven = r["rules"], r["counts"], r["melds"], r["win_tile"], r["heaven"]
    totals, special, status = mjscore.score_many(counts, rules, melds=melds, win_tile=win, heaven=heaven,
                                                 self_drawn=True, return_status=True)
    ids = [rules.hands[i].id if i >= 0 else None for i in special.tolist()]
    if rules.hands:
        assert any(ids), "no special hand among the rows: the test would prove nothing"

    # score_array, melds given as a NumPy array
    lazy = mjdask.score_array(da.from_array(counts, chunks=(37, 34)), melds, rules=rules,
                              win_tile=win, heaven=heaven, self_drawn=True)
    a_totals, a_special, a_status = (x.compute(scheduler="sync") for x in lazy)
    assert a_totals.tolist() == totals.tolist()
    assert a_special.tolist() == special.tolist()
    assert a_status.tolist() == status.tolist()

    # score_dataframe, counts layout
    frame = pd.DataFrame(counts, columns=list(mjdask.COUNT_COLUMNS))
    for k, column in enumerate(mjdask.MELD_COLUMNS):
        frame[column] = melds[:, k]
    frame["win_tile"], frame["heaven"] = win, heaven
    scored = mjdask.score_dataframe(dd.from_pandas(frame, npartitions=3), rules=rules,
                                    self_drawn=True).compute(scheduler="sync")
    assert scored["total"].tolist() == totals.tolist()
    assert [None if pd.isna(s) else s for s in scored["special"]] == ids

    # each row's special hand as score() names it
    for row in np.flatnonzero(status == 0)[::7].tolist():
        hand = hand_of_row(counts[row].tolist(), melds[row].tolist())
        one = mjscore.score(hand, rules, win_tile=int(win[row]), self_drawn=True, heaven=bool(heaven[row]))
        assert (one.total, one.special) == (totals[row], ids[row])


@pytest.mark.parametrize(("name", "text", "expected"), [
    ("chinese-classical", "19m 19p 19s 1234567z +1m", "thirteen-orphans"),
    ("chinese-classical", "1112345678999m +5m", None),
    ("western", "19m 19p 19s 1234567z +1m", None),
    ("western", "1112345678999m +9m", None),
])
def test_score_dataframe_names_special_hands_of_hand_strings_as_score_does(
        name: str, text: str, expected: str | None) -> None:
    one = mjscore.score(text, name, self_drawn=True)
    if expected is not None:
        assert one.special == expected
    assert one.special is not None
    frame = dd.from_pandas(pd.DataFrame({"hand": [text, "123m 456p 789s 1z [777z] +1z"]}), npartitions=1)
    scored = mjdask.score_dataframe(frame, rules=name, hand_column="hand",
                                    self_drawn=True).compute(scheduler="sync")
    assert scored["special"].tolist()[0] == one.special
    assert scored["total"].tolist()[0] == one.total
    assert pd.isna(scored["special"].tolist()[1])


def test_the_graph_is_built_without_looking_inside_the_rule_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dask looks for collections inside every argument of a task, and walks a dataclass
    field by field: a RuleSet handed over as is was walked through its special hands and
    compiled tables (about 30 seconds for one ``score_array`` call under ``western``)."""
    import dask.base

    from mjscore.rules.hands import SpecialHand

    rules = mjscore.load_rules("western")
    looked_at: list[str] = []
    is_collection = dask.base.is_dask_collection

    def watched(value: object) -> bool:
        if isinstance(value, (mjscore.RuleSet, SpecialHand)):
            looked_at.append(type(value).__name__)
        return is_collection(value)

    monkeypatch.setattr(dask.base, "is_dask_collection", watched)
    rows = mjscore.rows.sample.random_scoring_rows(40, seed=2)
    totals, _, _ = mjdask.score_array(da.from_array(rows.counts, chunks=(20, 34)), rows.melds,
                                      rules=rules, win_tile=rows.win_tile)
    frame = pd.DataFrame(rows.counts, columns=list(mjdask.COUNT_COLUMNS))
    scored = mjdask.score_dataframe(dd.from_pandas(frame, npartitions=2), rules=rules, winner=False)
    assert looked_at == []
    expected, _ = mjscore.score_many(rows.counts, rules, melds=rows.melds, win_tile=rows.win_tile)
    assert totals.compute(scheduler="sync").tolist() == expected.tolist()
    assert scored["total"].compute(scheduler="sync").tolist() == mjscore.score_many(
        rows.counts, rules, winner=False)[0].tolist()


@pytest.mark.parametrize("n", [1, 3])
def test_score_array_scores_each_row_once_beside_empty_blocks(n: int) -> None:
    """A boolean mask leaves blocks of no rows (chunks ``(1, 0, 0, ...)`` once their sizes
    are computed); Dask's blockwise broadcast a one-row array to every block, so the row
    came back once per block (six rows where one was asked)."""
    rows = mjscore.rows.sample.random_scoring_rows(500, seed=2)
    keep = np.zeros(500, dtype=bool)
    keep[[3, 250, 499][:n]] = True
    counts = da.from_array(rows.counts, chunks=(97, 34))[da.from_array(keep, chunks=97)].compute_chunk_sizes()
    assert 0 in counts.chunks[0], "no empty block: the test would prove nothing"
    totals, special, status = mjdask.score_array(counts, rows.melds[keep], win_tile=rows.win_tile[keep])
    expected = mjscore.score_many(rows.counts[keep], melds=rows.melds[keep], win_tile=rows.win_tile[keep],
                                  return_status=True)
    for lazy, eager in zip((totals, special, status), expected):
        assert lazy.shape == (n,)
        assert lazy.compute(scheduler="sync").tolist() == eager.tolist()


@pytest.mark.parametrize("given", [1, 3])
def test_score_dataframe_takes_fewer_than_four_meld_columns(given: int) -> None:
    """``meld_columns``: up to four columns; those a frame lacks declare nothing."""
    rows = mjscore.rows.sample.random_scoring_rows(60, seed=3)
    melds = rows.melds.copy()
    melds[:, given:] = 0xFF
    assert (melds[:, given - 1] != 0xFF).any(), "no meld in the last column: the test would prove nothing"
    frame = pd.DataFrame(rows.counts, columns=list(mjdask.COUNT_COLUMNS))
    for k in range(given):
        frame[f"meld{k}"] = melds[:, k]
    frame["win_tile"] = rows.win_tile
    expected, _ = mjscore.score_many(rows.counts, melds=melds, win_tile=rows.win_tile)
    for columns in (None, [f"meld{k}" for k in range(given)]):
        scored = mjdask.score_dataframe(dd.from_pandas(frame, npartitions=2), meld_columns=columns)
        assert scored["total"].compute(scheduler="sync").tolist() == expected.tolist()


def test_score_dataframe_refuses_more_than_four_meld_columns_and_bad_meld_values() -> None:
    rows = mjscore.rows.sample.random_scoring_rows(4, seed=3)
    frame = pd.DataFrame(rows.counts, columns=list(mjdask.COUNT_COLUMNS))
    for k in range(5):
        frame[f"m{k}"] = np.full(4, 0xFF)
    with pytest.raises(mjscore.InvalidHandError, match="at most 4 melds"):
        mjdask.score_dataframe(dd.from_pandas(frame, npartitions=1), meld_columns=[f"m{k}" for k in range(5)])
    frame["m0"] = [0xFF, -1, 0xFF, 0xFF]  # checked as given, not wrapped into a byte when padded
    with pytest.raises(mjscore.InvalidHandError, match="0-255"):
        mjdask.score_dataframe(dd.from_pandas(frame, npartitions=1), meld_columns=["m0"],
                               winner=False).compute(scheduler="sync")
