"""Claimed kongs in concealed special hands: the rule ``claimed-kongs = "concealed"``.

dmjl and bmja say a claimed kong ({5555p}: a concealed pung completed by claiming a
discard) scores as an exposed kong but keeps the hand concealed. A special hand that must
be concealed is then made with a claimed kong as with a concealed kong declared from the
hand: a hand of sets (tests/test_distances.py) and a fixed-shape hand too (here). A group
the pattern itself marks ``concealed`` ("kong 2m concealed": held, never declared) takes
only a concealed kong. Under babcock's default (``claimed-kongs = "exposed"``) a claimed
kong is any exposed kong. Checked for the scorer, the distances and the search, each on
both backends.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import mjscore
from mjscore import _backend
from mjscore.core.errors import HandStatus, NotWinningError
from mjscore.core.group_codes import CONCEALED_KONG, KONG, group_code
from mjscore.distances.distances import distance_engine
from mjscore.rows.codec import NO_MELD
from rule_files import extending_rules, limit_hand

pytest.importorskip("mjscore.score._kernel", reason="the compiled kernel is not built")


# No shipped hand is a concealed fixed hand holding a kong under claimed-kongs = "concealed".
_HANDS = "\n".join(limit_hand(*hand) for hand in [
    ("kong-run", "Kong run", ["kong 1m", "singles 123456789p", "pair 9m"], True,
     "a concealed fixed hand holding a kong"),
    ("kept-kong-run", "Kept kong run", ["kong 2m concealed", "singles 123456789s", "pair 9m"], False,
     "a fixed hand whose kong must itself be concealed"),
    ("kong-knits", "Kong knits", ["kong 1m", "3 knit-pung ?ABC", "pair E"], True,
     "a concealed fixed hand of knitted groups holding a kong (distances list its ways)"),
    ("melded-kong-run", "Melded kong run", ["kong 3m melded", "singles 123456789s", "pair 8m"], True,
     "a concealed fixed hand that may declare its kong"),
])


@pytest.fixture(scope="module")
def rule_sets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, mjscore.RuleSet]:
    """``_HANDS`` over dmjl, which keeps a hand with a claimed kong concealed, and over
    babcock, which does not; loaded once for the module (each load compiles its hands
    and their distance targets anew)."""
    return {base: extending_rules(tmp_path_factory.mktemp("claimed"), base, f"claimed-fixed-{base}", _HANDS)
            for base in ("dmjl", "babcock")}


def _special(text: str, rules: mjscore.RuleSet) -> str | None:
    """The special hand a hand scores, None for none (or when it does not go out at all)."""
    try:
        return mjscore.score(text, rules).special
    except NotWinningError:
        return None


# (concealed kong, claimed kong, hand, made with the claimed kong under dmjl)
_CASES = [
    ("(1111m) 123456789p 9m +9m", "{1111m} 123456789p 9m +9m", "kong-run", True),
    ("(1111m) 258m258p258s 1z +1z", "{1111m} 258m258p258s 1z +1z", "kong-knits", True),
    ("(2222m) 123456789s 9m +9m", "{2222m} 123456789s 9m +9m", "kept-kong-run", False),
    ("(3333m) 123456789s 8m +8m", "{3333m} 123456789s 8m +8m", "melded-kong-run", True),
]


@pytest.mark.parametrize(("held", "claimed", "hand_id", "made"), _CASES, ids=[c[2] for c in _CASES])
def test_a_claimed_kong_makes_a_concealed_fixed_hand_as_a_concealed_kong_does(
        backend: str, rule_sets: dict[str, mjscore.RuleSet], held: str, claimed: str, hand_id: str,
        made: bool) -> None:
    """dmjl: "a claimed kong keeps the hand concealed", so a concealed fixed hand holding a
    kong is made with {1111m}: the scorer refused it (a concealed fixed hand declares only
    its ``melded`` groups, and the claimed kong was read as any exposed kong), and so did
    distances. A kong the pattern marks concealed takes no claimed kong; under babcock
    a claimed kong opens the hand. Scorer and distances agree on each."""
    rules, exposed = rule_sets["dmjl"], rule_sets["babcock"]
    for ruleset in (rules, exposed):
        assert _special(held, ruleset) == hand_id
        assert mjscore.distances(held, ruleset)[hand_id] == 0
    assert (_special(claimed, rules) == hand_id) is made
    assert mjscore.distances(claimed, rules)[hand_id] == (0 if made else None)
    melded = hand_id == "melded-kong-run"  # (its kong may be declared: any exposed kong)
    assert (_special(claimed, exposed) == hand_id) is melded
    assert mjscore.distances(claimed, exposed)[hand_id] == (0 if melded else None)
    if made:  # the value of the concealed hand, its limit; and so in a bulk row
        assert mjscore.score(claimed, rules).total == mjscore.score(held, rules).total
        hand = mjscore.parse(claimed)
        counts = np.array([hand.concealed], dtype=np.uint8)
        melds = np.array([[group_code(KONG, hand.melds[0].first), NO_MELD, NO_MELD, NO_MELD]], dtype=np.uint8)
        totals, special = mjscore.score_many(counts, rules, melds=melds, claimed=1, win_tile=int(hand.win_tile))
        assert rules.hands[int(special[0])].id == hand_id
        assert int(totals[0]) == mjscore.score(claimed, rules).total


def _rows(rng: random.Random, n: int) -> dict[str, Any]:
    """Rows near the fixed hands of ``_HANDS`` (and off them by a tile or two), each kong
    declared exposed (marked claimed or not), concealed or as a claimed mark on a pung
    (``BAD_MELD``); random winning tiles and self-draws."""
    shapes = [(0, "123456789p99m"), (1, "123456789s99m"), (0, "258m258p258s11z"), (2, "123456789s88m")]
    counts, melds, marks, wins, drawn = [], [], [], [], []
    for _ in range(n):
        kong, text = rng.choice(shapes)
        held = list(mjscore.parse_tiles(text))
        for _ in range(rng.choice((0, 0, 0, 1))):  # a tile swapped: near misses, other readings
            out = rng.choice([t for t in range(34) if held[t]])
            into = rng.choice([t for t in range(34) if held[t] < 4 and t != out and t != kong])
            held[out] -= 1
            held[into] += 1
        roll = rng.random()
        code = group_code(CONCEALED_KONG if roll < 0.15 else KONG, kong)
        mark = int(roll >= 0.3) if roll < 0.95 else 2  # 2: a mark on no meld
        counts.append(held)
        melds.append([code, NO_MELD, NO_MELD, NO_MELD])
        marks.append(mark if code == group_code(KONG, kong) or mark == 2 else 0)
        wins.append(rng.choice([t for t in range(34) if held[t]]))
        drawn.append(rng.random() < 0.5)
    return {"counts": np.array(counts, dtype=np.uint8), "melds": np.array(melds, dtype=np.uint8),
            "claimed": np.array(marks, dtype=np.uint8), "win_tile": np.array(wins, dtype=np.uint8),
            "self_drawn": np.array(drawn)}


@pytest.mark.both_backends
@pytest.mark.parametrize("base", ["dmjl", "babcock"])
def test_backends_agree_on_random_rows_with_claimed_kongs(base: str, rule_sets: dict[str, mjscore.RuleSet],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Compiled == reference on rows with claimed kongs under a rule set of concealed fixed
    hands: totals, special hands and statuses. Under dmjl some claimed kong makes a
    concealed fixed hand (the scorer made none before), under babcock none does."""
    rules = rule_sets[base]
    batch = _rows(random.Random(7), 600)
    found = []
    for name in ("cython", "python"):
        monkeypatch.setitem(_backend.CHOSEN, "score", name)
        args = dict(batch)
        found.append(mjscore.score_many(args.pop("counts"), rules, return_status=True, **args))
    for what, ours, spec in zip(("totals", "special", "status"), *found):
        bad = np.flatnonzero(ours != spec)
        assert bad.size == 0, f"{what} differ on rows {bad[:5]}: {ours[bad[:5]]} vs {spec[bad[:5]]}"
    totals, special, status = found[0]
    assert (status == HandStatus.BAD_MELD).any() and (status == HandStatus.OK).sum() > 250
    ids = np.array([rules.hands[int(h)].id if h >= 0 else "" for h in special])
    by_claimed = ids[(batch["claimed"] == 1) & (status == HandStatus.OK)]
    concealed_only = np.isin(by_claimed, ["kong-run", "kong-knits"])
    assert concealed_only.any() if base == "dmjl" else not concealed_only.any()
    assert "kept-kong-run" not in by_claimed
    assert np.isin(ids, ["kong-run", "kong-knits", "kept-kong-run"]).any()  # the concealed kongs make them


@pytest.mark.both_backends
@pytest.mark.parametrize("base", ["dmjl", "babcock"])
def test_distance_engines_agree_on_random_rows_with_claimed_kongs(base: str,
                                                                  rule_sets: dict[str, mjscore.RuleSet]) -> None:
    """Compiled == reference for the distances of the same rows (13 tiles: the winning tile
    left out, or 14), and they follow the scorer: under dmjl a claimed mark brings some
    concealed fixed hand in reach, the one of knitted groups (its ways listed) among them,
    never the hand whose kong is marked concealed; under babcock a mark changes nothing."""
    rules = rule_sets[base]
    batch = _rows(random.Random(8), 600)
    counts = batch["counts"].copy()
    short = np.arange(len(counts)) % 2 == 0
    counts[short, batch["win_tile"][short]] -= 1
    found = []
    for name in ("cython", "python"):
        engine, ids = distance_engine(rules, name)
        engine.clear()
        out = np.empty((len(counts), engine.n_columns), dtype=np.int8)
        status = np.empty(len(counts), dtype=np.uint8)
        engine.distances_many(counts, batch["melds"], None, out, status, batch["claimed"])
        found.append((out, status))
    assert (found[0][1] == found[1][1]).all() and (found[0][0] == found[1][0]).all()
    out, status = found[0]
    assert (status == HandStatus.BAD_MELD).any()
    unmarked = mjscore.distances_many(counts, rules, melds=batch["melds"])[0]
    changed = (out != unmarked) & (status == HandStatus.OK)[:, None]
    columns = [ids.index(h) for h in ("kong-run", "kong-knits", "kept-kong-run")]
    assert [bool(changed[:, c].any()) for c in columns] == ([True, True, False] if base == "dmjl" else [False] * 3)
    assert not changed[batch["claimed"] != 1].any()


@pytest.fixture(params=["python", "cython"])
def search_backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every twin a search asks (the search, its distances, shanten and scores) of one backend."""
    try:
        _backend.twin("search", request.param)
    except ImportError:
        pytest.skip(f"the {request.param} twins are not built")
    for job in ("score", "distances", "shanten", "search"):
        monkeypatch.setitem(_backend.CHOSEN, job, request.param)
    monkeypatch.setattr(_backend, "kernel", _backend.twin("decompose", request.param))
    return request.param


def test_the_search_values_a_discard_toward_a_concealed_hand_a_claimed_kong_keeps(
        search_backend: str, rule_sets: dict[str, mjscore.RuleSet]) -> None:
    """The search measured the special hands' distances as if the hand's claimed kong were
    any exposed kong: under dmjl, {1111m} 258m 258p 25s 9s EE discarding 9s is ready for
    Kong knits (a concealed limit hand, made with the claimed kong: the scorer says so),
    yet the search called it far from every hand, never ready nor winning within three
    turns. It now values the hand as the same hand with a concealed kong, and under
    babcock (claimed kongs exposed) as out of reach still."""
    dmjl, babcock = rule_sets["dmjl"], rule_sets["babcock"]
    claimed, held = "{1111m} 258m 258p 25s 9s 11z", "(1111m) 258m 258p 25s 9s 11z"
    assert _special(claimed.replace("9s", "+8s"), dmjl) == "kong-knits"
    found = mjscore.discard_values(claimed, dmjl, turns=3, objective="win")
    same = mjscore.discard_values(held, dmjl, turns=3, objective="win")
    row = found["9s"]
    assert found.best.tile == row.tile
    assert (row.distance, row.ready[0]) == (1, 1.0)
    assert row.win[-1] > 0 and row.expected[-1] > 0
    for ours, theirs in zip(found, same):
        assert (ours.tile, ours.distance) == (theirs.tile, theirs.distance)
        assert ours.ready == pytest.approx(theirs.ready) and ours.win == pytest.approx(theirs.win)
    out = mjscore.discard_values(claimed, babcock, turns=3, objective="win")["9s"]
    assert out.distance > 1 and out.ready[-1] == 0 and out.win[-1] == 0
