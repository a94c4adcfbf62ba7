"""Bulk scoring: the compiled scorer agrees with the reference and with ``score()``."""

from __future__ import annotations

import os
import re
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import mjscore
from sizes import rows as sized
from mjscore import HandStatus, InvalidContextError, InvalidHandError, Meld, _backend
from mjscore.score import _reference as reference
from mjscore.core.context import Flag
from mjscore.core.group_codes import CHOW, KONG, PAIR, PUNG, group_code
from mjscore.rows.codec import meld_byte
from mjscore.rows.sample import random_scoring_rows

RULES = ["babcock", "chinese-classical"]
SITUATIONS = ["last_tile", "last_discard", "robbing_kong", "kong_on_kong", "heaven", "earth",
              "declared_calling"]


def _random_context(n: int, seed: int) -> dict[str, Any]:
    """Random situations: mostly plain wins, some rare ones, some impossible on purpose."""
    rng = np.random.default_rng(seed)
    context: dict[str, Any] = {name: rng.random(n) < 0.06 for name in SITUATIONS}
    context["replacement"] = np.where(rng.random(n) < 0.1, rng.integers(1, 3, n), 0)
    context["dealer"] = rng.random(n) < 0.3
    return context


def _rows(n: int, seed: int) -> dict[str, Any]:
    rows = random_scoring_rows(n, seed)
    return {"counts": rows.counts, "melds": rows.melds, "win_tile": rows.win_tile,
            "self_drawn": rows.self_drawn, "seat_wind": rows.seat_wind,
            "prevailing_wind": rows.prevailing_wind}


def _score_with(module: ModuleType, monkeypatch: pytest.MonkeyPatch, rules: str,
                batch: dict[str, Any], **extra: Any) -> tuple[np.ndarray, ...]:
    monkeypatch.setitem(_backend.CHOSEN, "score", "cython" if module.__name__.endswith("._kernel") else "python")
    args = dict(batch)
    counts = args.pop("counts")
    return mjscore.score_many(counts, rules, return_status=True, **args, **extra)


compiled = pytest.importorskip("mjscore.score._kernel")


@pytest.mark.both_backends
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("situations", [False, True], ids=["plain", "situations"])
def test_compiled_scorer_agrees_with_the_reference(monkeypatch: pytest.MonkeyPatch, rules: str,
                                                   situations: bool) -> None:
    batch = _rows(3000, seed=21 + situations)
    extra = _random_context(3000, seed=5) if situations else {}
    ours = _score_with(compiled, monkeypatch, rules, batch, **extra)
    spec = _score_with(reference, monkeypatch, rules, batch, **extra)
    for name, x, y in zip(("totals", "special", "status"), ours, spec):
        bad = np.flatnonzero(x != y)
        assert bad.size == 0, f"{name} differ on rows {bad[:5]}: {x[bad[:5]]} vs {y[bad[:5]]}"
    if situations:
        assert (ours[2] == HandStatus.BAD_CONTEXT).any() and (ours[2] == HandStatus.OK).any()


@pytest.mark.both_backends
@pytest.mark.parametrize("rules, use, n", [("babcock", "pairs", 3000), ("western", "pairs", 600)])
def test_compiled_scorer_agrees_on_rows_with_jokers_in_random_situations(monkeypatch: pytest.MonkeyPatch,
                                                                         rules: str, use: str, n: int) -> None:
    """Rows with one or two of their tiles given up to jokers (never the winning tile's
    last copy), in random situations: robbing a kong among them, where no joker may stand
    for the robbed tile (the two backends once disagreed there)."""
    batch = _rows(n, seed=31)
    rng = np.random.default_rng(32)
    counts, jokers = batch["counts"].copy(), np.zeros(n, dtype=np.uint8)
    for i in range(n):
        for _ in range(int(rng.integers(1, 3))):
            held = [t for t in np.flatnonzero(counts[i]) if t != batch["win_tile"][i] or counts[i, t] > 1]
            if not held:  # (four melds: the winning tile alone left)
                break
            counts[i, rng.choice(held)] -= 1
            jokers[i] += 1
    batch["counts"] = counts
    ruleset = mjscore.load_rules(rules, joker_use=use)
    extra = _random_context(n, seed=33) | {"jokers": jokers}
    ours = _score_with(compiled, monkeypatch, ruleset, batch, **extra)
    spec = _score_with(reference, monkeypatch, ruleset, batch, **extra)
    for name, x, y in zip(("totals", "special", "status"), ours, spec):
        bad = np.flatnonzero(x != y)
        assert bad.size == 0, f"{name} differ on rows {bad[:5]}: {x[bad[:5]]} vs {y[bad[:5]]}"
    robbed = extra["robbing_kong"] & (ours[2] == HandStatus.OK)
    assert robbed.any() and (ours[2] == HandStatus.OK).mean() > 0.25  # (many situations cannot be)


def _hand_text(counts: np.ndarray, melds: np.ndarray, win: int) -> str:
    concealed = list(counts)
    concealed[win] -= 1
    parts = [mjscore.format_tiles(concealed)]
    for code in melds:
        if code == 0xFF:
            continue
        meld = mjscore.Meld.from_code(int(code))
        parts.append(f"({mjscore.Group(meld.kind, meld.first)})" if meld.concealed else f"[{meld}]")
    return " ".join(p for p in parts if p) + f" +{mjscore.Tile(win)}"


@pytest.mark.parametrize("rules", RULES)
def test_bulk_totals_equal_single_hand_scores(rules: str) -> None:
    batch = _rows(400, seed=3)
    totals, special, status = mjscore.score_many(
        batch["counts"], rules, melds=batch["melds"], win_tile=batch["win_tile"],
        self_drawn=batch["self_drawn"], seat_wind=batch["seat_wind"],
        prevailing_wind=batch["prevailing_wind"], return_status=True)
    ruleset = mjscore.load_rules(rules)
    winds = "ESWN"
    for i in range(400):
        hand = _hand_text(batch["counts"][i], batch["melds"][i], int(batch["win_tile"][i]))
        single = mjscore.score(hand, rules, self_drawn=bool(batch["self_drawn"][i]),
                               seat_wind=winds[batch["seat_wind"][i] - 27],
                               prevailing_wind=winds[batch["prevailing_wind"][i] - 27])
        assert status[i] == HandStatus.OK
        assert totals[i] == single.total, hand
        expected = -1 if single.special is None else [it.id for it in ruleset.items].index(single.special)
        assert special[i] == expected, hand


def test_concealed_hands_with_an_array_of_winning_tiles() -> None:
    hands = mjscore.rows.sample.random_complete_hands(2000, seed=4)
    wins = np.argmax(hands, axis=1)  # some tile of each hand
    totals, _ = mjscore.score_many(hands, "babcock", win_tile=wins, self_drawn=True)
    for i in range(0, 2000, 97):
        text = mjscore.format_tiles(hands[i])
        assert totals[i] == mjscore.score(text, "babcock", win_tile=int(wins[i]), self_drawn=True).total


def test_unknown_winning_tile_takes_the_best() -> None:
    hand = mjscore.parse_tiles("123m456p789s11155z")
    totals, _ = mjscore.score_many(np.array([hand], np.uint8), "babcock", self_drawn=True)
    assert totals[0] == max(mjscore.score("123m456p789s11155z", "babcock", win_tile=w,
                                          self_drawn=True).total for w in ("1m", "5z", "1z", "9s"))


def _one(text: str, melds: list[int] | None = None, **context: Any) -> tuple[int, int, int]:
    counts = np.array([mjscore.parse_tiles(text)], np.uint8)
    codes = None if melds is None else np.array([melds + [0xFF] * (4 - len(melds))], np.uint8)
    totals, special, status = mjscore.score_many(counts, "chinese-classical", melds=codes,
                                                 return_status=True, **context)
    return int(totals[0]), int(special[0]), int(status[0])


@pytest.mark.parametrize("text, melds, context, status", [
    ("123m456p789s11122z", None, {"win_tile": 0}, HandStatus.OK),
    ("123m456p789s1112z5z", None, {"win_tile": 0}, HandStatus.NOT_WINNING),
    ("123m456p789s1122z", None, {"win_tile": 0}, HandStatus.WRONG_SIZE),
    ("123m456p11z", [group_code(KONG, 33)], {"win_tile": 0}, HandStatus.WRONG_SIZE),   # kong counts as 3, 11 + 3
    ("123m456p11z", [group_code(CHOW, 26)], {"win_tile": 0}, HandStatus.BAD_MELD),     # no 9-1-2 run
    ("123m456p11z", [group_code(CHOW, 27)], {"win_tile": 0}, HandStatus.BAD_MELD),     # no honour runs
    ("123m456p11z", [group_code(PAIR, 31)], {"win_tile": 0}, HandStatus.BAD_MELD),     # a pair is no meld
    ("123m456p11z", [7 * 34], {"win_tile": 0}, HandStatus.BAD_MELD),                   # past every kind
    ("1111m456p11z", [group_code(PUNG, 0)], {"win_tile": 0}, HandStatus.BAD_COUNT),    # seven 1m
    ("123m456p789s11122z", None, {"win_tile": 33}, HandStatus.BAD_CONTEXT),   # not held
    ("123m456p789s11122z", None, {"win_tile": 27, "robbing_kong": True}, HandStatus.BAD_CONTEXT),
    ("123m456p789s11122z", None, {"win_tile": 0, "heaven": True, "self_drawn": False}, HandStatus.BAD_CONTEXT),
    ("123m456p789s11122z", None, {"win_tile": 0, "heaven": True, "seat_wind": "S"}, HandStatus.BAD_CONTEXT),
    ("123m456p789s11122z", None, {"win_tile": 0, "heaven": True}, HandStatus.OK),  # self-drawn implied
    ("123m456p789s11122z", None, {"win_tile": 0, "replacement": "kong", "self_drawn": True},
     HandStatus.BAD_CONTEXT),                                                    # no kong held
    ("123m456p789s11z", [group_code(PUNG, 31)], {"win_tile": 0, "earth": True, "seat_wind": "S"},
     HandStatus.BAD_CONTEXT),                                                    # exposed on a first turn
])
def test_row_status(text: str, melds: list[int] | None, context: dict[str, Any], status: int) -> None:
    total, special, got = _one(text, melds, **context)
    assert got == status
    if status != HandStatus.OK:
        assert (total, special) == (0, -1)


@pytest.mark.parametrize("text, melds, status", [
    ("2222m456p11z", ["123m"], HandStatus.BAD_COUNT),      # five 2m: a run's middle tile counts
    ("3333m456p11z", ["123m"], HandStatus.BAD_COUNT),      # five 3m: and its last
    ("4m456p11z", ["444m", "345m"], HandStatus.BAD_COUNT),  # five 4m: in two melds and the hand
    ("111m456p789s11z", ["123m"], HandStatus.OK),          # four 1m, one in the run
])
def test_row_status_counts_meld_tiles(text: str, melds: list[str], status: int) -> None:
    assert _one(text, [meld_byte(Meld.from_str(meld)) for meld in melds])[2] == status


def test_bad_rows_do_not_stop_the_batch() -> None:
    good = mjscore.parse_tiles("123m456p789s11122z")
    batch = np.array([good, [9] * 34, good], np.uint8)
    totals, _, status = mjscore.score_many(batch, "babcock", win_tile=[0, 0, 27], return_status=True)
    assert status.tolist() == [HandStatus.OK, HandStatus.BAD_COUNT, HandStatus.OK]
    assert totals[0] > 0 and totals[2] > 0 and totals[1] == 0


def test_limit_hand_ids_index_the_rule_set() -> None:
    totals, special = mjscore.score_many(
        np.array([mjscore.parse_tiles("19m19p19s12345677z")], np.uint8), "CC", win_tile=33)
    hands = mjscore.load_rules("CC").hands
    assert totals[0] == 500 and hands[special[0]].id == "thirteen-orphans"


def test_losing_rows() -> None:
    counts = np.array([mjscore.parse_tiles("123m456p789s1115z")], np.uint8)
    babcock, _ = mjscore.score_many(counts, "babcock", winner=False)
    assert babcock[0] == mjscore.score("123m456p789s1115z", "babcock").total == 16
    classical, _, status = mjscore.score_many(counts, "CC", winner=False, return_status=True)
    assert classical[0] == 0 and status[0] == HandStatus.OK


def test_threads_give_the_same_scores() -> None:
    batch = _rows(sized(12000), seed=8)
    counts = batch.pop("counts")
    one = mjscore.score_many(counts, "babcock", **batch)
    two = mjscore.score_many(counts, "babcock", threads=2, **batch)
    every = mjscore.score_many(counts, "babcock", threads=0, **batch)  # 0: every core
    assert all(np.array_equal(a, b) and np.array_equal(a, c) for a, b, c in zip(one, two, every))


@pytest.mark.parametrize("threads", [0, None])
def test_threads_0_or_none_split_the_batch_over_every_core(monkeypatch: pytest.MonkeyPatch,
                                                            threads: int | None) -> None:
    # issue 33, threads: 0 or None is every core this process may run on (a slice of the batch at
    # least each)
    from mjscore.decompose import bulk
    from mjscore.rows import coerce
    from mjscore.score import bulk_scoring

    if hasattr(os, "sched_getaffinity"):
        assert coerce.available_cores() == len(os.sched_getaffinity(0))
    monkeypatch.setattr(coerce, "available_cores", lambda: 3)
    for module in (bulk, bulk_scoring):  # parts of 4 rows: a small batch splits as a large one would
        monkeypatch.setattr(module, "MIN_ROWS_PER_THREAD", 4)
    parts: list[slice] = []

    def recorded(n: int, count: int, work: Any) -> None:
        bulk.run_in_parts(n, count, lambda rows: (parts.append(rows), work(rows)))

    monkeypatch.setattr(bulk_scoring, "run_in_parts", recorded)
    batch = _rows(12, seed=9)
    counts = batch.pop("counts")
    every = mjscore.score_many(counts, "babcock", threads=threads, **batch)
    assert sorted((part.start, part.stop) for part in parts) == [(0, 4), (4, 8), (8, 12)]
    one = mjscore.score_many(counts, "babcock", **batch)
    assert all(np.array_equal(a, b) for a, b in zip(one, every))


@pytest.mark.parametrize("keywords, error, message", [
    ({"win_tile": "9x"}, InvalidContextError, "9x"),
    ({"win_tile": 40}, InvalidContextError, "tile indices"),
    ({"win_tile": [1, 2, 3]}, InvalidContextError, "shape"),
    # columns: the range is checked by their least and greatest values, then value by value
    ({"win_tile": np.array([3, 34], np.uint8)}, InvalidContextError, "got 34"),
    ({"win_tile": np.array([-1, 3])}, InvalidContextError, "got -1"),
    ({"win_tile": np.array([255, 254], np.uint8)}, InvalidContextError, "got 254"),
    ({"seat_wind": np.array([27, 26], np.uint8)}, InvalidContextError, "seat_wind must be a wind .*not 26"),
    ({"prevailing_wind": np.array([31, 30], np.uint8)}, InvalidContextError, "prevailing_wind must be a wind .*not 31"),
    ({"seat_wind": "X"}, InvalidContextError, "seat_wind must be a wind"),
    ({"seat_wind": 5}, InvalidContextError, "seat_wind must be a wind"),
    ({"self_drawn": 2}, InvalidContextError, "self_drawn"),
    ({"self_drawn": "yes"}, InvalidContextError, "self_drawn"),
    ({"replacement": "flower"}, InvalidContextError, "replacement"),
    ({"frobnicate": True}, InvalidContextError, "frobnicate"),
    ({"melds": np.zeros((2, 5), np.uint8)}, InvalidHandError, "melds"),
    ({"melds": np.zeros((2, 4), np.float64)}, InvalidHandError, "melds"),
    ({"threads": -1}, InvalidHandError, "threads"),
])
def test_bad_arguments_raise(keywords: dict[str, Any], error: type, message: str) -> None:
    counts = np.array([mjscore.parse_tiles("123m456p789s11122z")] * 2, np.uint8)
    with pytest.raises(error, match=message):
        mjscore.score_many(counts, "babcock", **keywords)


def test_context_flags_match_win_context() -> None:
    context = mjscore.WinContext(win_tile="1m", self_drawn=True, replacement="kong")
    assert context.flags == Flag.WINNER | Flag.SELF_DRAWN | Flag.KONG_REPLACEMENT | Flag.DEALER


@pytest.mark.both_backends
@pytest.mark.slow
@pytest.mark.parametrize("rules", RULES)
def test_compiled_scorer_agrees_on_many_rows(monkeypatch: pytest.MonkeyPatch, rules: str) -> None:
    rows = int(os.environ.get("MJSCORE_SCORE_PARITY_ROWS", "200000"))
    for chunk in range(0, rows, 20000):
        batch = _rows(20000, seed=chunk)
        extra = _random_context(20000, seed=chunk + 1)
        ours = _score_with(compiled, monkeypatch, rules, batch, **extra)
        spec = _score_with(reference, monkeypatch, rules, batch, **extra)
        for x, y in zip(ours, spec):
            assert np.array_equal(x, y)


@pytest.mark.parametrize("name", ["score_many", "score_one", "score_many_jokers", "score_one_jokers"])
def test_scorers_share_names_and_parameters(name: str) -> None:
    import inspect

    ours = list(inspect.signature(getattr(compiled, name)).parameters)
    spec = list(inspect.signature(getattr(reference, name)).parameters)
    assert ours == spec


def test_score_one_reports_the_reading_it_chose() -> None:
    hand = mjscore.parse("123m 456p 789s 1z [555z] +1z")
    counts = bytes(hand.concealed)
    melds = bytes([group_code(PUNG, 31), 0xFF, 0xFF, 0xFF])
    flags = int(Flag.WINNER | Flag.DEALER)
    rules = mjscore.load_rules("babcock")
    ours = compiled.score_one(counts, melds, 27, flags, 27, 27, rules)
    spec = reference.score_one(counts, melds, 27, flags, 27, 27, rules)
    assert ours == spec
    assert (ours.status, ours.total, ours.special, ours.points, ours.doubles, ours.win_tile, ours.shape,
            ours.matched) == (0, 56, -1, 28, 1, 27, 0, ())
    names = {rules.items[i].id for i in range(len(rules.items)) if ours.applied >> i & 1}
    assert names == {"mah-jongg", "only-place"}


def test_clear_caches_forgets_what_single_calls_keep_and_changes_no_score() -> None:
    from mjscore.core import notation
    from mjscore.score import readings
    from mjscore.core.context import _context_of
    from mjscore.score.scoring import clear_caches

    hands = ["123m 456p 789s 1z [555z] +1z", "111222333m 5z (9999s) +5z", "123m 123p 123s 789s 5s +5s"]
    warm = [mjscore.score(h, "babcock", seat_wind="S") for h in hands]
    assert _context_of.cache_info().currsize and notation._WORDS
    assert mjscore.load_rules("babcock").caches.group_lines
    clear_caches("babcock")
    assert _context_of.cache_info().currsize == 0 and readings._scored_group.cache_info().currsize == 0
    assert not notation._WORDS and notation._meld.cache_info().currsize == 0
    assert not mjscore.load_rules("babcock").caches.group_lines
    assert [mjscore.score(h, "babcock", seat_wind="S") for h in hands] == warm


@pytest.mark.parametrize(("text", "outcome"), [
    ("123m 456p 789s 1z [555z] +1z", mjscore.parse("123m 456p 789s 1z [555z] +1z")),
    ("123x", (HandStatus.BAD_NOTATION, "'123' is followed by 'x'")),
    ("1111m 456p 789s 11z 1m", (HandStatus.BAD_NOTATION, "5 copies of 1m")),
    (None, (HandStatus.BAD_NOTATION, "written as text, not None")),
    ("123m 456p 789s J [555z] +1z", (HandStatus.NOT_WINNING, "jokers")),
])
def test_read_hand_gives_the_hand_or_the_row_status(text: object, outcome: object) -> None:
    from mjscore.score.bulk_scoring import read_hand

    got = read_hand(text)
    if isinstance(outcome, mjscore.Hand):
        assert got == outcome
    else:
        status, fragment = outcome
        assert isinstance(got, tuple) and got[0] == status and fragment in got[1], got


@pytest.mark.parametrize(("jokers", "text", "outcome"), [
    ("pungs", "123m 456p 789s 11z 7z J +7z", 1),                   # concealed: its row's jokers column
    ("pungs", "123m 456p 789s 1z [77Jz] +1z", (HandStatus.BAD_MELD, "meld bytes cannot say")),
    ("chows", "123m 456p 789s 1z [1J3s] +1z", (HandStatus.BAD_MELD, "mjscore.score() scores this hand")),
    ("pungs", "123m 456p 789s 1z [1J3s] +1z", (HandStatus.NOT_WINNING, "only in pungs and kongs")),
    ("off", "123m 456p 789s 11z 7z J +7z", (HandStatus.NOT_WINNING, "babcock does not use")),
])
def test_read_hand_with_jokers_follows_the_rule_set(jokers: str, text: str, outcome: object) -> None:
    from mjscore.score.bulk_scoring import read_hand

    got = read_hand(text, mjscore.load_rules("babcock", joker_use=jokers))
    if isinstance(outcome, int):
        assert isinstance(got, mjscore.Hand) and got.jokers == outcome and got == mjscore.parse(text)
    else:
        status, fragment = outcome
        assert isinstance(got, tuple) and got[0] == status and fragment in got[1], got


# --- the edges of the arguments (issue 12 item 4) ------------------------------------------------


TWO = np.array([mjscore.parse_tiles("123m456p789s11122z")] * 2, np.uint8)


@pytest.mark.parametrize("shape", [(2, 3), (2, 0), (2, 5), (2,), (3, 4), (2, 4, 1)], ids=str)
def test_melds_of_any_other_shape_than_n_by_4_are_refused(backend: str, shape: tuple[int, ...]) -> None:
    # (N, 3) used to be padded with "no meld" silently, which changes totals
    melds = np.full(shape, 0xFF, np.uint8)
    with pytest.raises(InvalidHandError, match=rf"melds: expected an \(2, 4\) array of meld codes "
                                               rf"\(0xFF for no meld\), got shape {re.escape(str(shape))}"):
        mjscore.score_many(TWO, "babcock", melds=melds, win_tile="1z")


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.bool_, object])
def test_melds_of_a_non_integer_dtype_name_it(backend: str, dtype: type) -> None:
    melds = np.zeros((2, 4), dtype)
    with pytest.raises(InvalidHandError, match=rf"melds: meld codes must be integers .*got dtype "
                                               rf"{np.dtype(dtype)}"):
        mjscore.score_many(TWO, "babcock", melds=melds, win_tile="1z")


def test_melds_of_a_wider_integer_dtype_score_as_bytes(backend: str) -> None:
    counts = np.array([mjscore.parse_tiles("123m456p789s11z")] * 2, np.uint8)
    codes = np.array([[group_code(PUNG, 31), 0xFF, 0xFF, 0xFF], [0xFF] * 4], np.uint8)
    counts[1] = mjscore.parse_tiles("123m456p789s11555z")
    expected = mjscore.score_many(counts, "babcock", melds=codes, win_tile="1z", return_status=True)
    got = mjscore.score_many(counts, "babcock", melds=codes.astype(np.int64), win_tile="1z", return_status=True)
    assert expected[0][0] > 0 and expected[2].tolist() == [0, 0]
    assert all(np.array_equal(a, b) for a, b in zip(got, expected))
    with pytest.raises(InvalidHandError, match="bytes"):
        mjscore.score_many(counts, "babcock", melds=codes.astype(np.int64) + 256, win_tile="1z")


@pytest.mark.parametrize("keywords, shown", [
    ({"seat_wind": "X"}, "seat_wind must be a wind (E, S, W or N), not 'X'"),
    ({"seat_wind": "5z"}, "seat_wind must be a wind (E, S, W or N), not '5z'"),
    ({"seat_wind": 5}, "seat_wind must be a wind (E, S, W or N), not 5"),
    ({"seat_wind": None}, "seat_wind must be a wind (E, S, W or N), not None"),
    ({"seat_wind": -1}, "seat_wind must be a wind (E, S, W or N), not -1"),
    ({"prevailing_wind": "East"}, "prevailing_wind must be a wind (E, S, W or N), not 'East'"),
    ({"seat_wind": ["X", "E"]}, "seat_wind must be a wind (E, S, W or N), not 'X'"),
    ({"seat_wind": np.array([27, 5])}, "seat_wind must be a wind (E, S, W or N, or 27-30), not 5"),
    ({"prevailing_wind": np.array([27, 255], np.uint8)}, "prevailing_wind must be a wind (E, S, W or N, or 27-30), not 255"),
    ({"seat_wind": np.array([27.0, 28.0])}, "seat_wind: expected winds, got dtype float64"),
], ids=repr)
def test_bad_winds_say_they_must_be_winds_as_score_does(backend: str, keywords: dict[str, Any], shown: str) -> None:
    with pytest.raises(InvalidContextError, match=re.escape(shown)):
        mjscore.score_many(TWO, "babcock", win_tile="1z", **keywords)
    name, value = next(iter(keywords.items()))
    if np.ndim(value) == 0:  # score() says the same of the same value
        with pytest.raises(InvalidContextError, match=re.escape(shown)):
            mjscore.score("123m456p789s11122z", "babcock", **keywords)


@pytest.mark.parametrize("winds", [("S", "W"), (28, 29), (mjscore.Tile.SOUTH, mjscore.Tile.WEST),
                                   (np.array([28, 28]), np.array([29, 29])), (["s", "S"], [" w", "W"])],
                         ids=["letters", "indices", "tiles", "index arrays", "text arrays"])
def test_every_form_of_a_wind_scores_the_same(backend: str, winds: tuple[Any, Any]) -> None:
    counts = np.array([mjscore.parse_tiles("123m456p789s22233z")] * 2, np.uint8)
    totals, _ = mjscore.score_many(counts, "babcock", win_tile="3z", seat_wind=winds[0], prevailing_wind=winds[1])
    single = mjscore.score("123m456p789s22233z", "babcock", win_tile="3z", seat_wind="S", prevailing_wind="W").total
    assert totals.tolist() == [single, single]


@pytest.mark.parametrize("form", ["plain", "numpy scalars", "0-d arrays", "lists", "columns"])
def test_every_form_of_a_context_scores_the_same(backend: str, form: str) -> None:
    """Scalars (cached per value), numpy scalars, 0-d arrays, lists and columns of the same
    context are one context: the same totals."""
    counts = np.array([mjscore.parse_tiles("123m456p789s22233z")] * 2, np.uint8)
    context: dict[str, Any] = {"win_tile": 29, "seat_wind": 28, "prevailing_wind": 29, "self_drawn": True,
                               "dealer": False}
    given = {
        "plain": context,
        "numpy scalars": {key: np.bool_(value) if type(value) is bool else np.uint8(value)
                          for key, value in context.items()},
        "0-d arrays": {key: np.array(value) for key, value in context.items()},
        "lists": {key: [value] * 2 for key, value in context.items()},
        "columns": {key: np.full(2, value) for key, value in context.items()},
    }[form]
    expected = mjscore.score("123m456p789s22233z", "babcock", win_tile="3z", seat_wind="S", prevailing_wind="W",
                             self_drawn=True).total
    for _ in range(2):  # the second call reads the cached scalars
        totals, _ = mjscore.score_many(counts, "babcock", **given)
        assert totals.tolist() == [expected, expected]
    # a dealer (not sitting East) is a context that cannot happen, in every form alike
    given["dealer"] = {"plain": True, "numpy scalars": np.bool_(True), "0-d arrays": np.array(True),
                       "lists": [True, True], "columns": np.ones(2, bool)}[form]
    _, _, status = mjscore.score_many(counts, "babcock", return_status=True, **given)
    assert status.tolist() == [HandStatus.BAD_CONTEXT] * 2


@pytest.mark.parametrize("win_tile", [2.5, np.float64(3.0), np.array(2.5), {}, object()],
                         ids=["float", "float64", "0-d float array", "dict", "object"])
def test_a_winning_tile_that_is_no_integer_is_refused(backend: str, win_tile: Any) -> None:
    """Not truncated to a tile, as a float column is not: a clear error."""
    with pytest.raises(InvalidContextError, match="win_tile: expected tile indices 0-33"):
        mjscore.score_many(TWO, "babcock", win_tile=win_tile)


# --- situations that are self-drawn by definition (issue 12 item 5) ---------------------------

HEAVEN_ROW = mjscore.parse_tiles("123m456p789s11122z")
KONG_ROW = mjscore.parse_tiles("234p567p55s789s")  # with an exposed kong of 5m
KONG_MELD = [group_code(KONG, 4), 0xFF, 0xFF, 0xFF]


@pytest.mark.parametrize("situation", [
    {"heaven": True}, {"heaven": np.array([True, True])},
    {"replacement": "kong"}, {"replacement": True}, {"replacement": np.array([1, 1])},
    {"replacement": np.array(["kong", "kong"])},
], ids=["heaven", "heaven column", "kong", "True", "column of 1", "column of 'kong'"])
def test_heaven_and_a_loose_tile_imply_self_drawn(backend: str, situation: dict[str, Any]) -> None:
    heaven = "heaven" in situation
    counts = np.array([HEAVEN_ROW if heaven else KONG_ROW] * 2, np.uint8)
    melds = None if heaven else np.array([KONG_MELD] * 2, np.uint8)
    win = "1z" if heaven else "9s"
    implied = mjscore.score_many(counts, "babcock", melds=melds, win_tile=win, return_status=True, **situation)
    said = mjscore.score_many(counts, "babcock", melds=melds, win_tile=win, return_status=True,
                              self_drawn=True, **situation)
    assert implied[2].tolist() == [HandStatus.OK] * 2
    assert all(np.array_equal(a, b) for a, b in zip(implied, said))
    hand = "123m456p789s11122z" if heaven else "[5555m] 234p 567p 55s 78s 9s"
    single = {"heaven": True} if heaven else {"replacement": "kong"}
    assert implied[0][0] == mjscore.score(hand, "babcock", win_tile=win, **single).total


def test_only_rows_with_such_a_situation_are_self_drawn(backend: str) -> None:
    counts = np.array([HEAVEN_ROW] * 2, np.uint8)
    heaven = np.array([True, False])
    implied = mjscore.score_many(counts, "babcock", win_tile="1z", heaven=heaven, return_status=True)
    said = mjscore.score_many(counts, "babcock", win_tile="1z", heaven=heaven, self_drawn=heaven,
                              return_status=True)
    assert all(np.array_equal(a, b) for a, b in zip(implied, said))
    discard = mjscore.score("123m456p789s11122z", "babcock", win_tile="1z").total
    assert implied[0].tolist() == [300, discard] and discard < 300
    counts = np.array([KONG_ROW] * 3, np.uint8)
    melds = np.array([KONG_MELD] * 3, np.uint8)
    replacement = np.array([1, 0, 2])
    implied = mjscore.score_many(counts, "babcock", melds=melds, win_tile="9s", replacement=replacement,
                                 return_status=True)
    said = mjscore.score_many(counts, "babcock", melds=melds, win_tile="9s", replacement=replacement,
                              self_drawn=replacement > 0, return_status=True)
    assert all(np.array_equal(a, b) for a, b in zip(implied, said))
    assert implied[2].tolist() == [HandStatus.OK] * 3 and implied[0][0] > implied[0][2] > implied[0][1]


@pytest.mark.parametrize("self_drawn", [False, np.array([False, True])], ids=["False", "column"])
def test_an_explicit_false_with_heaven_is_still_impossible(backend: str, self_drawn: Any) -> None:
    counts = np.array([HEAVEN_ROW] * 2, np.uint8)
    _, _, status = mjscore.score_many(counts, "babcock", win_tile="1z", heaven=True, self_drawn=self_drawn,
                                      return_status=True)
    assert status[0] == HandStatus.BAD_CONTEXT
    assert status[1] == (HandStatus.BAD_CONTEXT if self_drawn is False else HandStatus.OK)
    _, _, status = mjscore.score_many(np.array([KONG_ROW], np.uint8), "babcock", win_tile="9s",
                                      melds=np.array([KONG_MELD], np.uint8), replacement="kong",
                                      self_drawn=False, return_status=True)
    assert status.tolist() == [HandStatus.BAD_CONTEXT]


def test_one_row_scores_as_in_a_batch(backend: str) -> None:
    """A single row takes the single-row entry: every outcome (scores, limit hands, each
    bad status) is the one the same row gets in a batch."""
    rows = random_scoring_rows(40, seed=8)
    bad = np.array([[9] * 34, mjscore.parse_tiles("123m456p789s1122z")], dtype=np.uint8)  # BAD_COUNT, WRONG_SIZE
    counts = np.concatenate([rows.counts, bad, np.array([mjscore.parse_tiles("19m19p19s12345677z")], np.uint8)])
    melds = np.concatenate([rows.melds, np.full((3, 4), 0xFF, np.uint8)])
    melds[0, 3] = group_code(CHOW, 26)  # no 9-1-2 run: BAD_MELD
    wins = np.concatenate([rows.win_tile, [0, 0, 33]]).astype(np.uint8)
    for rules in RULES:
        for context in ({"self_drawn": True}, {"self_drawn": False, "seat_wind": "S"}, {"heaven": True}):
            batch = mjscore.score_many(counts, rules, melds=melds, win_tile=wins, return_status=True, **context)
            for i in range(len(counts)):
                one = mjscore.score_many(counts[i:i + 1], rules, melds=melds[i:i + 1], win_tile=int(wins[i]),
                                         return_status=True, **context)
                assert [int(a[0]) for a in one] == [int(a[i]) for a in batch], (rules, context, i)
            assert {HandStatus.OK, HandStatus.BAD_COUNT, HandStatus.BAD_MELD} <= set(batch[2].tolist())


def test_a_row_scores_alike_at_any_place_in_a_batch_of_any_length() -> None:
    """The compiled bulk loop looks a row's suits up a few rows before it scores it
    (``score._kernel.LOOK_AHEAD``, a ring of lookups): at every place in a batch of every
    length, shorter and longer than the ring, and beside bad rows (marked before the
    kernel, or by it), each row scores as it does alone."""
    rows = random_scoring_rows(30, seed=21)
    counts, melds, wins = rows.counts.copy(), rows.melds.copy(), rows.win_tile.copy()
    counts[4] = 9  # BAD_COUNT, found by the kernel
    heaven = np.zeros(len(counts), bool)
    heaven[11] = True  # with self_drawn False: BAD_CONTEXT, marked before the kernel
    self_drawn = rows.self_drawn & ~heaven
    alone = [tuple(int(a[0]) for a in mjscore.score_many(
        counts[i:i + 1], "babcock", melds=melds[i:i + 1], win_tile=int(wins[i]), heaven=bool(heaven[i]),
        self_drawn=bool(self_drawn[i]), return_status=True)) for i in range(len(counts))]
    assert {HandStatus.BAD_COUNT, HandStatus.BAD_CONTEXT} <= {status for _, _, status in alone}
    assert sum(status == HandStatus.OK for _, _, status in alone) >= 20
    for order in (np.arange(len(counts)), np.arange(len(counts))[::-1], np.random.default_rng(5).permutation(30)):
        for n in (2, 3, 7, 8, 9, 15, 16, 17, 30):
            take = order[:n]
            batch = mjscore.score_many(counts[take], "babcock", melds=melds[take], win_tile=wins[take],
                                       heaven=heaven[take], self_drawn=self_drawn[take], return_status=True)
            assert [tuple(int(a[i]) for a in batch) for i in range(n)] == [alone[i] for i in take], (order, n)


def test_win_tile_column_may_hold_the_unknown_tile() -> None:
    # 255 (unknown) is past the tiles' range yet no error: the column's greatest value
    # sends it to the check value by value, which lets it through
    counts = np.array([mjscore.parse_tiles("123m456p789s11122z")] * 2, np.uint8)
    totals, _, status = mjscore.score_many(counts, "babcock", win_tile=np.array([255, 28], np.uint8),
                                           self_drawn=True, return_status=True)
    assert status.tolist() == [0, 0]
    alone = [mjscore.score_many(counts[:1], "babcock", win_tile=tile, self_drawn=True)[0][0] for tile in (None, 28)]
    assert totals.tolist() == alone


@pytest.mark.parametrize("streak", [2**63, np.uint64(2**63), np.array([2**63], dtype=np.uint64)])
def test_a_dealer_streak_beyond_int64_is_a_long_streak(streak) -> None:
    """dmjl's nine-dealer-wins ("dealer_streak" nine or more): a uint64 streak of 2**63 was
    cast to int64, wrapped negative, and read as no streak (152 where score() gives 500)."""
    hand = "123m456p789s11z555z"
    counts = np.array([mjscore.parse_tiles(hand)], dtype=np.uint8)
    expected = mjscore.score(hand, "dmjl", win_tile="1z", dealer_streak=2**63).total
    assert expected == mjscore.score(hand, "dmjl", win_tile="1z", dealer_streak=9).total
    assert mjscore.score_many(counts, "dmjl", win_tile="1z", dealer_streak=streak)[0].tolist() == [expected]
    plain = mjscore.score_many(counts, "dmjl", win_tile="1z", dealer_streak=8)[0].tolist()
    assert plain != [expected]


def test_a_loser_row_of_bonus_tiles_alone_scores_them_and_an_empty_row_is_refused() -> None:
    """Issue 31 item 3: a row that did not go out may hold bonus tiles alone (dmjl: 4
    points a flower, all four flowers a double: 16 x 2); with none it is no hand
    (WRONG_SIZE), and a winner's empty row is one still."""
    counts = np.zeros((3, 34), dtype=np.uint8)
    bonus = np.array([0b1111, 0, 0b1111], dtype=np.uint8)
    totals, _, status = mjscore.score_many(counts, "dmjl", winner=np.array([False, False, True]), bonus=bonus,
                                           return_status=True)
    assert list(status) == [0, HandStatus.WRONG_SIZE, HandStatus.WRONG_SIZE]
    assert totals[0] == 32
