"""Near misses and distances speak plainly: no sentinel number, every completing tile named."""

from __future__ import annotations

import json

import pytest

import mjscore

RULES = "chinese-classical"


def test_a_special_hand_the_melds_rule_out_has_no_tiles_away_number() -> None:
    near = mjscore.near_misses("1112345678m 9m [999m]", RULES, k=3)
    gates = next(n for n in near if n.id == "nine-gates")
    assert gates.tiles_away is None
    assert gates.to_dict()["tiles_away"] is None
    away = mjscore.distances("1112345678m 9m [999m]", RULES)
    assert away["nine-gates"] is None
    assert all(d is None or 0 <= d < 20 for d in away.values())
    assert mjscore.Scorer(RULES).distances("1112345678m 9m [999m]")["nine-gates"] is None


def test_the_command_shows_no_number_for_a_hand_ruled_out(run) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run("score", "1112345678m 9m [999m]", "--rules", RULES, "--near", "1", "--json")
    assert code == 0
    near = json.loads(out)["near_misses"]
    assert near[0]["id"] == "nine-gates" and near[0]["tiles_away"] is None
    assert "127" not in out


@pytest.mark.parametrize(("hand", "hand_id", "words"), [
    ("1112345678999m", "nine-gates", "needs any of 1m–9m"),
    ("19m19p19s1234567z", "thirteen-orphans", "needs any of 1m, 9m, 1p, 9p, 1s, 9s, 1z, 2z, 3z, 4z, 5z, 6z, 7z"),
])
def test_when_any_of_several_tiles_completes_the_reason_names_them_all(hand: str, hand_id: str,
                                                                        words: str) -> None:
    near = next(n for n in mjscore.near_misses(hand, RULES, k=3) if n.id == hand_id)
    assert near.tiles_away == 1 and near.reason.endswith(words)
    for text in words.removeprefix("needs any of ").replace("–", ",").split(", "):
        if "," in text:
            continue
        counts = list(mjscore.parse_tiles(hand))
        counts[mjscore.parse_tiles(text).index(1)] += 1
        assert mjscore.distances(mjscore.Hand(concealed=tuple(counts)), RULES)[hand_id] == 0


def test_a_single_completing_tile_is_still_named_alone() -> None:
    near = next(n for n in mjscore.near_misses("19m19p19s123456z1m", RULES, k=3) if n.id == "thirteen-orphans")
    assert near.reason == "one tile short of Thirteen Orphans / Thirteen Unique Wonders: needs 7z"
