"""``mjscore bulk``: every input and output format, bad rows, the summary, ``--sample``."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

import mjscore  # noqa: E402
from sizes import rows as sized  # noqa: E402
from mjscore import cli  # noqa: E402
from mjscore.rows.codec import meld_bytes  # noqa: E402

Run = Callable[..., tuple[int, str, str]]

RULES = mjscore.load_rules("babcock")
IDS = [item.id for item in RULES.items]

HANDS = """\
# a comment, then a blank line

123m 456p 789s 1z [777z] +1z
111222333m 5z (9999s) +5z   # the pair wait
123x
1C 2C 3C 4D 5D 6D 7B 8B 9B E [RD RD RD] +E
123m 456p 789s 1z [777z]
"""
"""Lines 3, 4, 6 and 7 score (7 did not go out: babcock scores it); line 5 cannot be read."""


def read_output(path: Path) -> dict[str, list[Any]]:
    """Any output file as columns; special as item ids ("" for none), status as names."""
    suffix = path.suffix
    if suffix == ".csv":
        with path.open(encoding="utf-8", newline="") as handle:
            rows = list(csv.DictReader(handle))
        number = next(iter(rows[0]))
        return {"number": [int(r[number]) for r in rows], "total": [int(r["total"]) for r in rows],
                "special": [r["special"] for r in rows], "status": [r["status"] for r in rows]}
    if suffix == ".jsonl":
        records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        number = next(iter(records[0]))
        return {"number": [r[number] for r in records], "total": [r["total"] for r in records],
                "special": [r["special"] or "" for r in records], "status": [r["status"] for r in records]}
    if suffix == ".parquet":
        import pyarrow.parquet as pq

        table = pq.read_table(path).to_pydict()
        number = next(iter(table))
        return {"number": table[number], "total": table["total"],
                "special": [s or "" for s in table["special"]], "status": table["status"]}
    array = np.load(path)
    names = {0: "OK", 1: "BAD_COUNT", 2: "WRONG_SIZE", 3: "NOT_WINNING", 4: "BAD_MELD",
             5: "BAD_CONTEXT", 6: "BAD_NOTATION"}
    return {"number": array[array.dtype.names[0]].tolist(), "total": array["total"].tolist(),
            "special": [IDS[s] if s >= 0 else "" for s in array["special"].tolist()],
            "status": [names[s] for s in array["status"].tolist()]}


def number_column(path: Path) -> str:
    return {".csv": lambda: path.read_text(encoding="utf-8").split(",", 1)[0],
            ".jsonl": lambda: next(iter(json.loads(path.read_text(encoding="utf-8").splitlines()[0]))),
            ".npy": lambda: np.load(path).dtype.names[0]}[path.suffix]()


def expected_sample(n: int, seed: int) -> tuple[Any, ...]:
    rows = mjscore.rows.sample.random_scoring_rows(n, seed)
    return mjscore.score_many(rows.counts, "babcock", melds=rows.melds, return_status=True,
                              **rows.context())


# --- text input ----------------------------------------------------------------------------------


def test_txt_bad_line_reported_with_its_number_and_the_rest_scored(run: Run, tmp_path: Path) -> None:
    source = tmp_path / "hands.txt"
    source.write_text(HANDS, encoding="utf-8")
    code, out, err = run("bulk", source, "-o", tmp_path / "out.csv")
    assert code == 1
    assert err.splitlines()[0].startswith("line 5: BAD_NOTATION: '123' is followed by 'x'")
    result = read_output(tmp_path / "out.csv")
    assert result["number"] == [3, 4, 5, 6, 7]
    assert result["status"] == ["OK", "OK", "BAD_NOTATION", "OK", "OK"]
    lines = HANDS.splitlines()
    for number, total in zip(result["number"], result["total"]):
        if number != 5:
            assert total == mjscore.score(lines[number - 1].split("#")[0]).total
    assert "Scored 4 of 5 hands under babcock" in out and "Errors: BAD_NOTATION 1" in out


def test_a_line_of_15_tiles_is_wrong_size_as_its_array_row_is(run: Run, tmp_path: Path) -> None:
    """A longer hand scores 0 (issue 31) and is marked as score_many marks its row,
    WRONG_SIZE; the near miss, a line that cannot be read, stays BAD_NOTATION."""
    source = tmp_path / "hands.txt"
    source.write_text("123m 456p 789s 11z [777z] 5p +1z\n123x\n", encoding="utf-8")
    assert run("bulk", source, "-o", tmp_path / "out.csv", "--rules", "dmjl")[0] == 1
    result = read_output(tmp_path / "out.csv")
    assert result["status"] == ["WRONG_SIZE", "BAD_NOTATION"] and result["total"] == [0, 0]
    counts = np.array([mjscore.parse_tiles("123m456p789s11z5p1z")], dtype=np.uint8)
    status = mjscore.score_many(counts, "dmjl", melds=[[mjscore.Meld.from_str("777z").code, 255, 255, 255]],
                                return_status=True)[2]
    assert status.tolist() == [mjscore.HandStatus.WRONG_SIZE]


def test_npy_output_stores_an_unreadable_row_as_handstatus_bad_notation(run: Run, tmp_path: Path) -> None:
    source = tmp_path / "hands.txt"
    source.write_text(HANDS, encoding="utf-8")
    assert run("bulk", source, "-o", tmp_path / "out.npy")[0] == 1
    status = np.load(tmp_path / "out.npy")["status"].tolist()
    assert status == [0, 0, mjscore.HandStatus.BAD_NOTATION, 0, 0] and status[2] == 6


def test_all_rows_ok_exits_0_and_losers_are_not_errors(run: Run, tmp_path: Path) -> None:
    source = tmp_path / "hands.txt"
    source.write_text("123m 456p 789s 1z [777z] +1z\n123m 456p 789s 1z [777z]\n", encoding="utf-8")
    code, out, err = run("bulk", source)
    assert code == 0 and err == "" and "Errors: none" in out


def test_kernel_statuses_are_errors_with_their_line(run: Run, tmp_path: Path) -> None:
    source = tmp_path / "hands.txt"
    source.write_text("123m 456p 789s 1z [777z] +1z\n123m 456p 789s 1z [777z] +5z\n", encoding="utf-8")
    code, out, err = run("bulk", source, "-o", tmp_path / "out.jsonl")
    assert code == 1 and "line 2: NOT_WINNING: the hand is not complete" in err
    assert read_output(tmp_path / "out.jsonl")["status"] == ["OK", "NOT_WINNING"]
    assert "Errors: NOT_WINNING 1" in out


def test_jsonl_context_keys(run: Run, tmp_path: Path) -> None:
    rows: list[dict[str, Any]] = [
        {"hand": "123m 456p 789s 1z [777z] +1z", "seat_wind": "S", "prevailing_wind": "W"},
        {"hand": "123m 456p 789s 11z [777z]", "win_tile": "1z", "self-drawn": True},
        {"hand": "111222333m 55z (9999s)", "win_tile": 31, "self_drawn": 1, "last_tile": True, "dealer": True},
        {"hand": "123m 456p 789s 1z [777z]", "winner": False, "seat_wind": "N"},
        {"hand": "123m 456p 789s 5z [1111z] +5z", "self_drawn": True, "replacement": "kong"},
    ]
    lines = [json.dumps(r) for r in rows]
    source = tmp_path / "hands.jsonl"
    source.write_text("\n".join(lines[:2] + [""] + lines[2:]) + "\n", encoding="utf-8")
    code, _, err = run("bulk", source, "-o", tmp_path / "out.jsonl")
    assert code == 0, err
    result = read_output(tmp_path / "out.jsonl")
    assert result["number"] == [1, 2, 4, 5, 6]
    for row, total in zip(rows, result["total"]):
        context = {k.replace("-", "_"): v for k, v in row.items() if k != "hand"}
        if isinstance(context.get("win_tile"), int):
            context["win_tile"] = mjscore.Tile(context["win_tile"])
        context = {k: bool(v) if k == "self_drawn" else v for k, v in context.items()}
        assert total == mjscore.score(row["hand"], **context).total


@pytest.mark.parametrize(("line", "status", "message"), [
    ("{not json", "BAD_NOTATION", "not valid JSON"),
    ('["123m"]', "BAD_NOTATION", "expected a JSON object"),
    ('{"seat_wind": "E"}', "BAD_NOTATION", "no 'hand' given"),
    ('{"hand": "123m 456p 789s 1z [777z] +1z", "seat_wind": "X"}', "BAD_CONTEXT", "seat_wind must be a wind"),
    ('{"hand": "123m 456p 789s 1z [777z] +1z", "self_drawn": "maybe"}', "BAD_CONTEXT", "true or false"),
    ('{"hand": "123m 456p 789s 1z [777z] +1z", "windy": true}', "BAD_CONTEXT", "unknown key 'windy'"),
    ('{"hand": "123m 456p 789s 1z [777z] +1z", "win_tile": "5z"}', "BAD_CONTEXT", "marks 1z"),
    ('{"hand": "123m 456p 789s 1z [777z] +1z", "replacement": "flower"}', "BAD_CONTEXT", "replacement"),
    ('{"hand": "123m 456p 789s 1z [777z] +1z", "heaven": true}', "BAD_CONTEXT", "cannot happen"),
    ('{"hand": "123m 456p 789s 1z [777z] +1z", "seat_wind": "S", "dealer": true}', "BAD_CONTEXT", ""),
    ('{"hand": "123m 456p 789s J [777z] +1z"}', "NOT_WINNING", "holds jokers, which babcock does not use"),
])
def test_jsonl_bad_rows(run: Run, tmp_path: Path, line: str, status: str, message: str) -> None:
    source = tmp_path / "hands.jsonl"
    source.write_text('{"hand": "123m 456p 789s 1z [777z] +1z"}\n' + line + "\n", encoding="utf-8")
    code, _, err = run("bulk", source, "-o", tmp_path / "out.csv")
    assert code == 1 and f"line 2: {status}: " in err and message in err
    assert read_output(tmp_path / "out.csv")["status"] == ["OK", status]


JOKER_HANDS = [
    '{"hand": "123m 456p 789s 11z 7z J +7z"}',                     # a joker in the pung of 7z
    '{"hand": "123m 456p 789s J [777z] +1z", "self_drawn": true}',  # one as the pair's 1z
    '{"hand": "123m 456p 78s 11z 7z JJ +7z"}',                      # two: 9s, and 7z or 1z
    '{"hand": "123m 456p 789s 1z [777z] +1z"}',                     # none
]


@pytest.mark.parametrize("option", ["joker-use=pairs", "joker-use=pungs"])
def test_jokers_in_text_rows_are_scored_when_the_rules_use_them(run: Run, tmp_path: Path, option: str) -> None:
    source = tmp_path / "hands.jsonl"
    source.write_text("\n".join(JOKER_HANDS) + "\n", encoding="utf-8")
    code, _, err = run("bulk", source, "-o", tmp_path / "out.csv", "--option", option)
    rules = mjscore.load_rules("babcock", joker_use=option.split("=")[1])
    expected = []
    for line in JOKER_HANDS:
        row = json.loads(line)
        try:
            expected.append(mjscore.score(row.pop("hand"), rules, **row).total)
        except mjscore.NotWinningError:
            expected.append(0)
    result = read_output(tmp_path / "out.csv")
    assert result["total"] == expected and expected[0] > 0 and expected[3] > 0
    # pungs only: the pair's joker and the chow's (9s) cannot stand; pairs: every hand goes out
    assert result["status"] == (["OK"] * 4 if option == "joker-use=pairs"
                                else ["OK", "NOT_WINNING", "NOT_WINNING", "OK"])
    assert code == (0 if option == "joker-use=pairs" else 1)


def test_jokers_under_a_rule_set_without_them_or_in_a_meld_are_bad_rows(run: Run, tmp_path: Path) -> None:
    source = tmp_path / "hands.txt"
    source.write_text("123m 456p 789s 11z 7z J +7z\n"
                      "123m 456p 789s 1z [77Jz] +1z\n"
                      "123m 456p 789s 1z [777z] +1z\n", encoding="utf-8")
    code, _, err = run("bulk", source, "-o", tmp_path / "out.csv")
    assert code == 1 and "line 1: NOT_WINNING: " in err and "babcock does not use" in err
    assert read_output(tmp_path / "out.csv")["status"] == ["NOT_WINNING", "NOT_WINNING", "OK"]
    code, _, err = run("bulk", source, "-o", tmp_path / "out.csv", "--option", "joker-use=pungs")
    assert code == 1 and "line 2: BAD_MELD: " in err and "mjscore.score() scores this hand" in err
    result = read_output(tmp_path / "out.csv")
    assert result["status"] == ["OK", "BAD_MELD", "OK"]
    assert result["total"][0] == mjscore.score("123m 456p 789s 11z 7z J +7z",
                                               mjscore.load_rules("babcock", joker_use="pungs")).total


def test_npz_jokers_array_and_a_bad_count_marks_only_its_row(run: Run, tmp_path: Path) -> None:
    complete = mjscore.rows.sample.random_complete_hands(300, seed=5)
    won = complete.argmax(axis=1).astype(np.uint8)
    counts = complete.copy()
    rows = np.arange(300)
    spare = counts.astype(np.int64)
    spare[rows, won] -= 1  # the winning tile stays natural
    counts[rows, (spare > 0).argmax(axis=1)] -= 1  # one tile becomes a joker
    jokers = np.ones(300, dtype=np.int64)
    jokers[7] = 9  # more than a set's 8
    np.savez(tmp_path / "hands.npz", counts=counts, jokers=jokers, win_tile=won, self_drawn=True)
    code, _, err = run("bulk", tmp_path / "hands.npz", "-o", tmp_path / "out.csv", "--option", "joker-use=pairs")
    assert code == 1 and "row 7: BAD_COUNT" in err
    expected, _, status = mjscore.score_many(counts, mjscore.load_rules("babcock", joker_use="pairs"),
                                            win_tile=won, jokers=np.minimum(jokers, 1), self_drawn=True,
                                            return_status=True)
    result = read_output(tmp_path / "out.csv")
    assert result["status"][7] == "BAD_COUNT" and result["total"][7] == 0
    others = [i for i in range(300) if i != 7]
    assert [result["total"][i] for i in others] == expected[others].tolist()
    assert (status[others] == 0).all()


def test_csv_input_with_context_columns(run: Run, tmp_path: Path) -> None:
    source = tmp_path / "hands.csv"
    source.write_text("hand,Seat-Wind,self_drawn,win_tile\n"
                      "123m 456p 789s 1z [777z] +1z,S,,\n"
                      '"123m 456p 789s 11z [777z]",W,yes,1z\n'
                      "\n"
                      "123m 456p 789s 11z [777z],E,false,4z\n"
                      "123m 456p 789s 11z [777z],X,0,\n", encoding="utf-8")
    code, _, err = run("bulk", source, "-o", tmp_path / "out.npy")
    assert code == 1
    assert "line 5: BAD_CONTEXT" in err and "line 6: BAD_CONTEXT: seat_wind must be a wind" in err
    result = read_output(tmp_path / "out.npy")
    assert number_column(tmp_path / "out.npy") == "line"
    assert result["number"] == [2, 3, 5, 6]
    assert result["total"][:2] == [mjscore.score(WON, seat_wind="S").total,
                                   mjscore.score(WON, seat_wind="W", self_drawn=True).total]
    assert result["status"] == ["OK", "OK", "BAD_CONTEXT", "BAD_CONTEXT"]  # 4z: not held


WON = "123m 456p 789s 1z [777z] +1z"


def test_csv_without_a_hand_column_or_with_an_unknown_one_is_a_usage_error(run: Run, tmp_path: Path) -> None:
    source = tmp_path / "hands.csv"
    source.write_text("tiles\n123m\n", encoding="utf-8")
    code, _, err = run("bulk", source)
    assert code == 2 and "'hand'" in err
    source.write_text("hand,colour\n123m,red\n", encoding="utf-8")
    code, _, err = run("bulk", source)
    assert code == 2 and "unknown column 'colour'" in err


# --- lines that are not UTF-8 ------------------------------------------------------------------


NOT_UTF8 = b"123m \xff456p\n"
"""A line with a byte that is no UTF-8 (0xff, at column 6): Latin-1 or a damaged file."""


@pytest.mark.parametrize(("suffix", "good", "bad"), [
    (".txt", WON.encode(), NOT_UTF8),
    (".jsonl", json.dumps({"hand": WON}).encode(), b'{"hand": "\xe9"}\n'),
    (".csv", WON.encode(), NOT_UTF8),
])
def test_a_line_that_is_not_utf8_is_a_bad_row_and_the_rest_are_scored(
        run: Run, tmp_path: Path, suffix: str, good: bytes, bad: bytes) -> None:
    header = b"hand\n" if suffix == ".csv" else b""
    first = 2 if suffix == ".csv" else 1
    source = tmp_path / f"hands{suffix}"
    source.write_bytes(header + good + b"\n" + bad.rstrip(b"\n") + b"\n" + good + b"\n")
    code, out, err = run("bulk", source, "-o", tmp_path / "out.csv")
    assert code == 1 and "Traceback" not in err
    column = 6 if bad == NOT_UTF8 else 11
    assert err.splitlines()[0].startswith(f"line {first + 1}: BAD_NOTATION: not UTF-8 text: "
                                          f"byte 0x{bad[column - 1]:02x} at column {column}")
    result = read_output(tmp_path / "out.csv")
    assert result["number"] == [first, first + 1, first + 2]
    assert result["status"] == ["OK", "BAD_NOTATION", "OK"]
    assert result["total"][0] == result["total"][2] == mjscore.score(WON).total
    assert "Scored 2 of 3 hands" in out and "Errors: BAD_NOTATION 1" in out


def test_a_csv_cell_over_several_lines_is_bad_when_one_of_them_is_not_utf8(run: Run, tmp_path: Path) -> None:
    source = tmp_path / "hands.csv"
    source.write_bytes(b"hand,seat_wind\n" + WON.encode() + b',"S\n\xff"\n' + WON.encode() + b",W\n")
    code, _, err = run("bulk", source, "-o", tmp_path / "out.csv")
    assert code == 1 and "line 3: BAD_NOTATION: not UTF-8 text: byte 0xff at column 1" in err
    result = read_output(tmp_path / "out.csv")
    assert result["number"] == [3, 4] and result["status"] == ["BAD_NOTATION", "OK"]


def test_a_csv_header_that_is_not_utf8_is_a_usage_error(run: Run, tmp_path: Path) -> None:
    source = tmp_path / "hands.csv"
    source.write_bytes(b"h\xe4nd\n" + WON.encode() + b"\n")
    code, _, err = run("bulk", source)
    assert code == 2 and "line 1 (the column names): not UTF-8 text: byte 0xe4 at column 2" in err


def test_a_utf8_byte_order_mark_is_skipped(run: Run, tmp_path: Path) -> None:
    for suffix, text in ((".txt", WON), (".csv", f"hand\n{WON}"), (".jsonl", json.dumps({"hand": WON}))):
        source = tmp_path / f"bom{suffix}"
        source.write_bytes(b"\xef\xbb\xbf" + text.encode() + b"\n")
        code, _, err = run("bulk", source)
        assert code == 0 and err == "", suffix


def test_bad_rows_beyond_the_cap_are_counted(run: Run, tmp_path: Path) -> None:
    source = tmp_path / "hands.txt"
    source.write_text("nonsense\n" * (cli.ERRORS_SHOWN + 5) + WON + "\n", encoding="utf-8")
    code, out, err = run("bulk", source, "--chunk-size", "7")
    assert code == 1
    assert err.count("BAD_NOTATION") == cli.ERRORS_SHOWN and "... and 5 more bad rows" in err
    assert f"Errors: BAD_NOTATION {cli.ERRORS_SHOWN + 5}" in out


# --- array input ---------------------------------------------------------------------------------


def test_npy_input_tries_every_winning_tile(run: Run, tmp_path: Path) -> None:
    counts = mjscore.rows.sample.random_complete_hands(300, seed=4, orphans=0.05)
    np.save(tmp_path / "hands.npy", counts)
    code, _, _ = run("bulk", tmp_path / "hands.npy", "-o", tmp_path / "out.csv", "--rules", "CC")
    assert code == 0
    result = read_output(tmp_path / "out.csv")
    totals, special = mjscore.score_many(counts, "CC")
    assert result["number"] == list(range(300)) and number_column(tmp_path / "out.csv") == "row"
    assert result["total"] == totals.tolist()
    cc = mjscore.load_rules("CC")
    assert result["special"] == [cc.hands[s].id if s >= 0 else "" for s in special.tolist()]


def test_npy_13_tile_rows_did_not_go_out(run: Run, tmp_path: Path) -> None:
    counts = mjscore.rows.sample.remove_one_tile(mjscore.rows.sample.random_complete_hands(50, seed=1), seed=2)
    np.save(tmp_path / "hands.npy", counts)
    code, _, _ = run("bulk", tmp_path / "hands.npy", "-o", tmp_path / "out.jsonl")
    assert code == 0
    totals, _ = mjscore.score_many(counts, "babcock", winner=False)
    assert read_output(tmp_path / "out.jsonl")["total"] == totals.tolist()


def test_npz_input_with_melds_and_context_round_trips(run: Run, tmp_path: Path) -> None:
    rows = mjscore.rows.sample.random_scoring_rows(500, seed=11)
    last_tile = np.arange(500) % 7 == 0
    np.savez(tmp_path / "hands.npz", counts=rows.counts, melds=rows.melds, win_tile=rows.win_tile,
             self_drawn=rows.self_drawn | last_tile, last_tile=last_tile, seat_wind=rows.seat_wind,
             prevailing_wind=np.array("S"))
    code, _, _ = run("bulk", tmp_path / "hands.npz", "-o", tmp_path / "out.jsonl", "--threads", "2")
    assert code == 0
    totals, special, status = mjscore.score_many(
        rows.counts, "babcock", melds=rows.melds, win_tile=rows.win_tile, self_drawn=rows.self_drawn | last_tile,
        last_tile=last_tile, seat_wind=rows.seat_wind, prevailing_wind="S", return_status=True)
    result = read_output(tmp_path / "out.jsonl")
    assert result["total"] == totals.tolist() and set(result["status"]) == {"OK"}
    assert not status.any()


def test_npz_bonus_claimed_and_streak_arrays_score_as_score_many(run: Run, tmp_path: Path) -> None:
    """``--help``: an .npz holds "context arrays named as score_many's keywords"; its
    ``bonus`` and ``claimed`` arrays were refused as unknown. dmjl: flowers score, a
    claimed kong keeps the hand concealed, a dealer's streak of nine is a limit."""
    rows = mjscore.rows.sample.random_scoring_rows(300, seed=12)
    kongs = (rows.melds // 34 == 2)  # exposed kongs: each may be a claimed one
    claimed = (kongs * (1 << np.arange(4))).sum(axis=1).astype(np.uint8)
    bonus = (np.arange(300) % 256).astype(np.uint8)
    streak = np.arange(300) % 10
    assert claimed.any() and bonus.any()
    arrays = dict(melds=rows.melds, win_tile=rows.win_tile, self_drawn=rows.self_drawn, bonus=bonus,
                  claimed=claimed, dealer_streak=streak)
    np.savez(tmp_path / "hands.npz", counts=rows.counts, **arrays)
    code, _, err = run("bulk", tmp_path / "hands.npz", "--rules", "dmjl", "-o", tmp_path / "out.jsonl")
    assert code == 0, err
    totals, _ = mjscore.score_many(rows.counts, "dmjl", **arrays)
    assert read_output(tmp_path / "out.jsonl")["total"] == totals.tolist()
    plain, _ = mjscore.score_many(rows.counts, "dmjl", melds=rows.melds, win_tile=rows.win_tile,
                                  self_drawn=rows.self_drawn)
    assert (totals != plain).any()  # the arrays were read, not dropped


def test_npz_problems_are_usage_errors(run: Run, tmp_path: Path) -> None:
    counts = mjscore.rows.sample.random_complete_hands(3, seed=1)
    np.savez(tmp_path / "a.npz", hands=counts)
    code, _, err = run("bulk", tmp_path / "a.npz")
    assert code == 2 and "no 'counts' array" in err
    np.savez(tmp_path / "b.npz", counts=counts, colour=np.zeros(3))
    code, _, err = run("bulk", tmp_path / "b.npz")
    assert code == 2 and "unknown array 'colour'" in err
    np.savez(tmp_path / "c.npz", counts=counts, seat_wind=np.array([27, 28, 99]))
    code, _, err = run("bulk", tmp_path / "c.npz")
    assert code == 2 and "seat_wind" in err
    np.save(tmp_path / "d.npy", np.zeros((3, 33), dtype=np.uint8))
    code, _, err = run("bulk", tmp_path / "d.npy")
    assert code == 2 and "(n, 34)" in err


def test_bad_counts_rows_get_their_status(run: Run, tmp_path: Path) -> None:
    counts = mjscore.rows.sample.random_complete_hands(4, seed=1)
    counts[1] = 0
    counts[1, :3] = 5  # a fifth copy
    np.save(tmp_path / "hands.npy", counts)
    code, _, err = run("bulk", tmp_path / "hands.npy", "-o", tmp_path / "out.csv")
    assert code == 1 and "row 1: BAD_COUNT: a tile kind appears more than 4 times" in err
    assert read_output(tmp_path / "out.csv")["status"] == ["OK", "BAD_COUNT", "OK", "OK"]


# --- --sample, output formats, chunks ------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet", ".npy"])
def test_every_output_format_round_trips_against_score_many(run: Run, tmp_path: Path, suffix: str) -> None:
    if suffix == ".parquet":
        pytest.importorskip("pyarrow")
    output = tmp_path / f"out{suffix}"
    code, _, _ = run("bulk", "--sample", 2000, "--seed", 5, "-o", output, "--chunk-size", 300)
    assert code == 0
    totals, special, status = expected_sample(2000, 5)
    result = read_output(output)
    assert result["number"] == list(range(2000))
    assert result["total"] == totals.tolist()
    assert result["special"] == [IDS[s] if s >= 0 else "" for s in special.tolist()]
    assert result["status"] == ["OK"] * 2000 and not status.any()


def test_npy_output_is_written_batch_by_batch_with_the_row_count_in_its_header(
        run: Run, tmp_path: Path) -> None:
    for rows, name in ((2500, "some.NPY"), (0, "none.npy")):
        output = tmp_path / name
        assert run("bulk", "--sample", rows, "-o", output, "--chunk-size", 1000)[0] == 0
        written = np.load(output, mmap_mode="r")
        assert written.shape == (rows,) and written.dtype.names == ("row", "total", "special", "status")
        assert written["total"].tolist() == expected_sample(rows, 0)[0].tolist()


def test_parquet_columns(tmp_path: Path, run: Run) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    source = tmp_path / "hands.txt"
    source.write_text(HANDS, encoding="utf-8")
    assert run("bulk", source, "-o", tmp_path / "out.parquet")[0] == 1
    table = pq.read_table(tmp_path / "out.parquet")
    assert table.column_names == ["line", "total", "special", "status"]
    assert str(table.schema.field("total").type) == "int32"
    assert table.column("status").to_pylist()[2] == "BAD_NOTATION"


def test_parquet_without_pyarrow_is_a_clear_usage_error(run: Run, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    code, out, err = run("bulk", "--sample", 10, "-o", tmp_path / "out.parquet")
    assert code == 2 and out == ""
    assert 'writing Parquet needs pyarrow: pip install "mjscore[parquet]"' in err


def test_sample_is_deterministic_with_its_seed(run: Run, tmp_path: Path) -> None:
    outputs = {}
    for name, extra in (("a", ["--seed", "9"]), ("b", ["--seed", "9"]), ("c", ["--seed", "10"]),
                        ("default", []), ("zero", ["--seed", "0"])):
        outputs[name] = tmp_path / f"{name}.csv"
        assert run("bulk", "--sample", sized(3000), "-o", outputs[name], *extra)[0] == 0
    text = {name: path.read_text(encoding="utf-8") for name, path in outputs.items()}
    assert text["a"] == text["b"] != text["c"]
    assert text["default"] == text["zero"]
    assert read_output(outputs["a"])["total"] == expected_sample(sized(3000), 9)[0].tolist()


def test_chunk_size_and_threads_do_not_change_the_results(run: Run, tmp_path: Path) -> None:
    source = tmp_path / "hands.txt"
    source.write_text(HANDS * 5, encoding="utf-8")
    run("bulk", source, "-o", tmp_path / "one.csv")
    run("bulk", source, "-o", tmp_path / "small.csv", "--chunk-size", 2, "--threads", 3)
    run("bulk", source, "-o", tmp_path / "every.csv", "--threads", 0)  # 0: every core
    assert (tmp_path / "one.csv").read_text() == (tmp_path / "small.csv").read_text()
    assert (tmp_path / "one.csv").read_text() == (tmp_path / "every.csv").read_text()


def cells(out: str) -> list[list[str]]:
    """The rows of every rich table in ``out``, as stripped cells."""
    return [[c.strip() for c in line.replace("┃", "│").split("│")]
            for line in out.splitlines() if "│" in line or "┃" in line]


def test_summary_distribution_and_limit_hands(run: Run, tmp_path: Path) -> None:
    text = HANDS + "111222333m 5z (9999s) +5z\n" * 3
    source = tmp_path / "hands.txt"
    source.write_text(text, encoding="utf-8")
    code, out, _ = run("bulk", source, "--rules", "CC")
    assert code == 1
    hands = [line.split("#")[0] for line in text.splitlines()]
    totals = sorted(mjscore.score(h, "CC").total for h in hands if h.strip() and "x" not in h)
    assert f"Scored {len(totals)} of {len(totals) + 1} hands under chinese-classical" in out
    assert "hands/s" in out and "Errors: BAD_NOTATION 1" in out
    rows = cells(out)
    header = next(i for i, row in enumerate(rows) if row[0] == "min")
    stats = dict(zip(rows[header], rows[header + 1]))
    assert stats["min"] == str(totals[0]) and stats["max"] == str(totals[-1])
    assert stats["median"] == str(int(np.percentile(totals, 50, method="lower")))
    assert stats["mean"] == f"{np.mean(totals):.1f}"
    histogram = [row for row in rows[header + 2:] if len(row) == 3]  # range, hands, bar
    assert "Histogram" in out and sum(int(row[1]) for row in histogram) == len(totals)
    assert max(histogram, key=lambda row: int(row[1]))[2] == "#" * 40
    assert ["4 Concealed Triplets (four-concealed-triplets)", "4"] in rows  # 1 + 3 of them


def test_sample_summary_counts_every_row(run: Run) -> None:
    code, out, err = run("bulk", "--sample", 5000, "--seed", 2)
    totals = expected_sample(5000, 2)[0]
    assert code == 0 and err == ""
    assert "Scored 5,000 of 5,000 hands under babcock" in out and "Errors: none" in out
    assert f"{int(totals.max()):,}" in out
    # the sample's first-turn and declared calling hands: the main job shows limit hands
    rows, table = mjscore.rows.sample.random_scoring_rows(5000, 2), cells(out)
    for item_id, drawn in (("heaven", rows.heaven), ("earth", rows.earth),
                           ("lucky-thirteen", rows.declared_calling)):
        assert drawn.any()
        assert any(row[0].endswith(f"({item_id})") and row[1] == str(int(drawn.sum())) for row in table), out


def test_quiet_prints_no_summary(run: Run, tmp_path: Path) -> None:
    code, out, err = run("bulk", "--sample", 100, "-q", "-o", tmp_path / "out.csv")
    assert code == 0 and out == "" and err == ""
    assert len(read_output(tmp_path / "out.csv")["total"]) == 100


def test_progress_bar_only_on_a_terminal(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    _, _, err = run("bulk", "--sample", 100)
    assert "hands/s" not in err  # captured: not a terminal
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich treats the stream as a terminal
    _, _, err = run("bulk", "--sample", 100)
    assert "hands/s" in err and "100/100" in err
    _, _, err = run("bulk", "--sample", 100, "--quiet")
    assert err == ""


@pytest.mark.parametrize(("args", "message"), [
    ((), "give either INPUT or --sample N"),
    (("--sample", "5", "{hands}"), "give either INPUT or --sample N"),
    (("--seed", "3", "{hands}"), "--seed goes with --sample"),
    (("--sample", "5", "-o", "{tmp}/out.xlsx"), "unknown output format '.xlsx'"),
    (("{tmp}/hands.xml",), "unknown input format '.xml'"),
    (("{tmp}/missing.txt",), "does not exist"),
    (("--sample", "-1"), "-1"),
    (("--sample", "5", "--threads", "-1"), "-1"),
    (("--sample", "5", "--rules", "nope"), "no rule set"),
])
def test_bulk_usage_errors_exit_2(run: Run, tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    (tmp_path / "hands.txt").write_text(WON + "\n", encoding="utf-8")
    (tmp_path / "hands.xml").write_text("<hands/>", encoding="utf-8")
    filled = [a.format(hands=tmp_path / "hands.txt", tmp=tmp_path) for a in args]
    code, _, err = run("bulk", *filled)
    assert code == 2 and message in err


def test_meld_bytes_of_text_rows_match_the_scorer(run: Run, tmp_path: Path) -> None:
    hand = mjscore.parse("123m 456p 1z [777z] (9999s) +1z")
    source = tmp_path / "hands.txt"
    source.write_text(f"{hand}\n", encoding="utf-8")
    run("bulk", source, "-o", tmp_path / "out.csv")
    melds = np.frombuffer(meld_bytes(hand.melds), dtype=np.uint8)[None]
    expected, _ = mjscore.score_many(np.array([hand.concealed]), "babcock", melds=melds, win_tile="1z")
    assert read_output(tmp_path / "out.csv")["total"] == expected.tolist() == [mjscore.score(hand).total]


def test_tally_counts_totals_across_batches_like_numpy() -> None:
    from mjscore.cli.bulk_batches import Results
    from mjscore.cli.bulk_tally import Tally

    totals = np.random.default_rng(1).integers(0, 300, 1001).astype(np.int32)
    status = np.zeros(1001, dtype=np.uint8)
    status[::10] = 3  # NOT_WINNING rows are not in the distribution
    tally = Tally(RULES)
    for rows in np.array_split(np.arange(1001), 3):
        tally.add(Results(rows.astype(np.int64), totals[rows], np.full(len(rows), -1, dtype=np.int16),
                          status[rows]))
    ok = totals[status == 0]
    levels = ("min", "p10", "p25", "median", "p75", "p90", "p99", "max")
    expected = np.percentile(ok, [0, 10, 25, 50, 75, 90, 99, 100], method="lower")
    assert [tally.distribution()[name] for name in levels] == expected.tolist()
    assert tally.distribution()["mean"] == pytest.approx(ok.mean())
    assert tally.scored == len(ok) and tally.errors() == {"NOT_WINNING": 101}
    bins = tally.histogram()
    assert len(bins) == 8 and sum(count for _, _, count in bins) == len(ok)
    assert bins[0][0] == ok.min() and bins[-1][1] == ok.max()
    assert all(high + 1 == next_low for (_, high, _), (next_low, _, _) in zip(bins, bins[1:]))


def test_tally_memory_does_not_grow_with_the_size_of_a_total() -> None:
    from mjscore.cli.bulk_batches import Results
    from mjscore.cli.bulk_tally import Tally

    tally = Tally(RULES)
    batches = [[24, 2_000_000_000, 100_000_000], [24, 300, 2_000_000_000, 2_000_000_000]]
    for totals in batches:
        n = len(totals)
        tally.add(Results(np.arange(n, dtype=np.int64), np.array(totals, dtype=np.int32),
                          np.full(n, -1, dtype=np.int16), np.zeros(n, dtype=np.uint8)))
    assert tally.values.tolist() == [24, 300, 100_000_000, 2_000_000_000]
    assert tally.counts.tolist() == [2, 1, 1, 3]
    assert tally.values.nbytes + tally.counts.nbytes == 64  # four totals seen, four entries kept
    every = np.array(batches[0] + batches[1])
    stats = tally.distribution()
    assert stats["median"] == np.percentile(every, 50, method="lower") == 100_000_000
    assert stats["max"] == 2_000_000_000 and stats["mean"] == pytest.approx(every.mean())
    bins = tally.histogram()
    assert bins[0] == (24, 250_000_021, 4) and bins[-1][1:] == (2_000_000_000, 3)
    assert sum(count for _, _, count in bins) == 7


def test_summary_of_a_rule_set_with_a_huge_limit_runs_in_little_memory(tmp_path: Path) -> None:
    rules = tmp_path / "huge.toml"
    rules.write_text('name = "huge"\nextends = "chinese-classical"\nlimit = 100000000\n', encoding="utf-8")
    source = tmp_path / "hands.txt"
    source.write_text("111222333m 5z (9999s) +5z\n" + WON + "\n", encoding="utf-8")
    # The bincount this summary used to keep took 1.6 GB for a limit of 100,000,000.
    # The child's own peak: Linux's VmHWM belongs to the memory the child's program maps;
    # ru_maxrss carries over exec, so a child of a large pytest would report pytest's peak.
    code = ("import resource, sys\nfrom pathlib import Path\nfrom mjscore.cli import main\n"
            f"status = main(['bulk', {str(source)!r}, '--rules', {str(rules)!r}])\n"
            "status_file = Path('/proc/self/status')\n"
            "hwm = [line.split()[1] for line in status_file.read_text().splitlines() if line.startswith('VmHWM')]"
            " if status_file.exists() else []\n"
            "print('maxrss_kb', hwm[0] if hwm else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,"
            " file=sys.stderr)\n"
            "sys.exit(status)")
    source_root = str(Path(mjscore.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([source_root, os.environ.get("PYTHONPATH", "")]),
           "COLUMNS": "200"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            encoding="utf-8", env=env, check=False)
    assert result.returncode == 0, result.stderr
    assert "four-concealed-triplets" in result.stdout and "100,000,000" in result.stdout
    peak_mb = int(result.stderr.split("maxrss_kb")[1]) / 1024
    assert peak_mb < 400, f"peak RSS {peak_mb:.0f} MB"


def test_sample_is_drawn_a_block_at_a_time() -> None:
    from mjscore.cli.bulk_input import sample_source

    source = sample_source(10**9, seed=0, chunk_size=1000)  # 34 GB of counts if drawn at once
    batch = next(source.batches)
    assert source.total == 10**9 and len(batch) == 1000 and batch.numbers[-1] == 999


def test_sample_across_blocks_is_random_scoring_rows_whatever_the_chunk_size(
        run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mjscore.rows.sample, "SCORING_BLOCK", 100)  # three blocks, the last one short
    expected = expected_sample(250, 4)[0].tolist()
    for chunk in (30, 100, 400):
        output = tmp_path / f"out{chunk}.csv"
        assert run("bulk", "--sample", 250, "--seed", 4, "-o", output, "--chunk-size", chunk)[0] == 0
        result = read_output(output)
        assert result["number"] == list(range(250)) and result["total"] == expected


def test_heaven_and_loose_tiles_are_self_drawn_in_bulk_rows(run: Run, tmp_path: Path) -> None:
    """Issue 12 item 5 in the command too: heaven or a replacement tile implies self-drawn,
    and an explicit self_drawn false with them is still a bad context."""
    source = tmp_path / "hands.jsonl"
    source.write_text('{"hand": "123m 456p 789s 23s 55s +4s", "heaven": true}\n'
                      '{"hand": "123m 456p 789s 23s 55s +4s", "heaven": true, "self_drawn": false}\n'
                      '{"hand": "123m 456p [6666s] 23s 55s +4s", "replacement": "kong", "seat_wind": "S"}\n',
                      encoding="utf-8")
    code, _, err = run("bulk", source, "-o", tmp_path / "out.csv")
    result = read_output(tmp_path / "out.csv")
    assert result["status"] == ["OK", "BAD_CONTEXT", "OK"], err
    assert result["special"][0] == "heaven" and code == 1
    kong = mjscore.score("123m 456p [6666s] 23s 55s +4s", seat_wind="S", replacement="kong")
    assert result["total"][2] == kong.total and kong.context.self_drawn


def test_sample_under_a_rule_set_with_special_hands_draws_them(run: Run) -> None:
    """Issue 9 item 7: one --sample row in ten is a special hand of the rule set (001's
    western hands), and the summary says how often each scored."""
    code, out, err = run("bulk", "--sample", 3000, "--rules", "western", "--seed", 4)
    assert code == 0 and err == "" and "Errors: none" in out
    rules = mjscore.load_rules("western")
    ids = {hand.id for hand in rules.hands}
    scored = {row[0].rsplit("(", 1)[1].rstrip(")"): int(row[1].replace(",", "")) for row in cells(out)
              if len(row) == 2 and row[0].endswith(")") and row[0].rsplit("(", 1)[-1].rstrip(")") in ids}
    assert len(scored) >= 20  # 300 special rows spread over 50 hands
    assert 250 <= sum(scored.values()) <= 400

