"""``discard_values`` (issue 32 items 1 and 2): both twins against a brute-force
enumeration of every draw sequence on small cases, exactly (as fractions); a
Monte-Carlo playout of the same policy on larger ones (slow); the input checks.

The brute force below is written from the model as ``mjscore.search._reference``'s
docstring states it, with the public calls only (``shanten``, ``distances``,
``score``) and without the reference's shortcuts: no memo of values, no pruning of
hands too far to win, and the least distance a discard leaves found by trying every
discard (the twins read it off the 14-tile hand).
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

import numpy as np
import pytest

import mjscore
from mjscore import _backend
from mjscore.search import _reference
from mjscore.search.search import prepare

Value = tuple[Fraction, Fraction, Fraction]


@functools.cache
def _distance(counts: tuple[int, ...], rules: str) -> int:
    standard = mjscore.shanten(counts, forms="standard") + 1
    special = [d for d in mjscore.distances(mjscore.Hand(counts), rules).values() if d is not None]
    return min([standard, *special])


@functools.cache
def _won(counts: tuple[int, ...], tile: int, rules: str) -> int | None:
    try:
        return mjscore.score(mjscore.Hand(counts, win_tile=tile), rules, self_drawn=True).total
    except mjscore.NotWinningError:
        return None


def _add(counts: tuple[int, ...], t: int, step: int) -> tuple[int, ...]:
    return counts[:t] + (counts[t] + step,) + counts[t + 1:]


def _key(v: Value, objective: str) -> tuple[Fraction, ...]:
    return (v[2], v[1], v[0]) if objective == "score" else (v[1], v[2], v[0])


def brute(hand: str, rules: str, unseen: tuple[int, ...], turns: int, objective: str,
          change_wait: bool, extra: int = 0) -> dict[int, list[Value]]:
    """Per first discard, per turn 1..turns, the exact (ready, win, expected score)."""
    start = mjscore.parse_tiles(hand)
    root = min(_distance(_add(start, t, -1), rules) for t in range(34) if start[t])

    def value(h: tuple[int, ...], k: int) -> Value:
        d = _distance(h, rules)
        ready = Fraction(int(d == 1))
        if k == 0:
            return (ready, Fraction(0), Fraction(0))
        weights = [unseen[x] - max(0, h[x] - start[x]) for x in range(34)]
        total = sum(weights)
        acc = [Fraction(0)] * 3
        for x in range(34):
            if weights[x] <= 0:
                continue
            p = Fraction(weights[x], total)
            g = _add(h, x, 1)
            won = _won(g, x, rules) if _distance(g, rules) == 0 else None
            if won is not None:
                acc = [acc[0] + p, acc[1] + p, acc[2] + p * won]
                continue
            after = {y: _distance(_add(g, y, -1), rules) for y in range(34) if g[y]}
            least = min(after.values())
            best: Value | None = None
            for y, dy in after.items():
                if not (y == x or dy == least < d or (change_wait and d == 1 and dy == 1)
                        or (extra > 0 and dy <= least + extra and dy <= root + extra)):
                    continue
                v = value(_add(g, y, -1), k - 1)
                if best is None or _key(v, objective) > _key(best, objective):
                    best = v
            assert best is not None
            acc = [acc[m] + p * best[m] for m in range(3)]
        if d == 1:
            acc[0] = Fraction(1)
        return (acc[0], acc[1], acc[2])

    return {t: [value(_add(start, t, -1), k) for k in range(1, turns + 1)] for t in range(34) if start[t]}


def _visible(hand: str, wall: str) -> list[int]:
    """The visible counts that leave exactly ``wall`` unseen."""
    held, left = mjscore.parse_tiles(hand), mjscore.parse_tiles(wall)
    return [4 - h - w for h, w in zip(held, left)]


# 1-shanten hands (after the best discard), short walls: every draw sequence enumerated.
SMALL = [
    pytest.param("123m456p789s11345z", "babcock", "1z3z4z5z9m", 3, "score", False, id="babcock-honours"),
    pytest.param("123m456p789s11345z", "babcock", "1z3z4z9m", 4, "win", True, id="babcock-win-change-wait"),
    pytest.param("23m456p789s111z558m", "babcock", "1m4m8m2p", 4, "score", True, id="babcock-sides"),
    pytest.param("19m19p19s123456z5m5p", "western", "7z7z1m5m9s", 3, "score", False, id="western-orphans"),
    pytest.param("22m44m66p88s11z33z5z7z", "western", "5z7z7z2p", 3, "score", True, id="western-pairs"),
]


# both_backends: each twin by name against the brute force, in the compiled run, where the brute
# force's public calls are quick (under the reference they took minutes); the reference run
# checks the reference's own search through the other tests.
@pytest.mark.both_backends
@pytest.mark.parametrize("backend_name", ["python", "cython"])
@pytest.mark.parametrize(("hand", "rules", "wall", "turns", "objective", "change_wait"), SMALL)
def test_the_search_is_the_exact_value_of_every_draw_sequence(backend_name: str, hand: str, rules: str, wall: str,
                                                              turns: int, objective: str, change_wait: bool) -> None:
    module = _twin(backend_name)
    visible = _visible(hand, wall)
    _, _, facts, counts, unseen = prepare(hand, rules, visible, {})
    tiles, values = module.search(facts, counts, unseen, turns, objective, 0, change_wait)
    expected = brute(hand, rules, tuple(unseen), turns, objective, change_wait)
    assert tiles == sorted(expected)
    for i, tile in enumerate(tiles):
        for k in range(turns):
            exact = [float(v) for v in expected[tile][k]]
            assert values[i, :, k] == pytest.approx(exact, rel=1e-12, abs=1e-15), (tile, k + 1)
    assert any(v[-1][1] > 0 for v in expected.values())  # the cases do win sometimes


@pytest.mark.both_backends
@pytest.mark.parametrize("backend_name", ["python", "cython"])
def test_stepping_back_is_searched_exactly(backend_name: str) -> None:
    hand, wall = "123m456p789s11345z", "1z3z4z5z6z"
    _, _, facts, counts, unseen = prepare(hand, "babcock", _visible(hand, wall), {})
    tiles, values = _twin(backend_name).search(facts, counts, unseen, 3, "score", 1, False)
    expected = brute(hand, "babcock", tuple(unseen), 3, "score", False, extra=1)
    for i, tile in enumerate(tiles):
        exact = np.array([[float(v) for v in e] for e in expected[tile]]).T
        np.testing.assert_allclose(values[i], exact, rtol=1e-12, atol=1e-15)
    assert any(v[-1][0] > 0 for v in expected.values())


@pytest.mark.both_backends
def test_both_twins_agree_on_a_two_shanten_hand() -> None:
    compiled = _twin("cython")
    _, _, facts, counts, unseen = prepare("12m456p789s112367z", "babcock", None, {})
    a = _twin("python").search(facts, counts, unseen, 5, "score", 0, False)
    b = compiled.search(facts, counts, unseen, 5, "score", 0, False)
    assert a[0] == b[0]
    np.testing.assert_allclose(a[1], b[1], rtol=1e-12, atol=1e-15)


def _tied_hands(rules: str, n: int, seed: int) -> list[bytes]:
    """Concealed 14-tile hands a few tile swaps from a special hand of ``rules`` and as far
    from it as from four sets and a pair: where the compiled twin's bounds on the special
    hands' part of a distance (its module docstring) decide what it asks."""
    from mjscore.distances.samples import random_special_hands  # noqa: PLC0415

    counts, melds, _ = random_special_hands(rules, 20 * n, seed=seed)
    rng = random.Random(seed)
    hands = []
    for row in counts[(melds == 0xFF).all(axis=1)]:
        h = [int(c) for c in row]
        for _ in range(rng.choice([2, 3, 4])):
            out = rng.choice([t for t in range(34) if h[t]])
            into = rng.choice([t for t in range(34) if h[t] < 4 and t != out])
            h[out] -= 1
            h[into] += 1
        if _distance(tuple(h), rules) <= 3 and mjscore.shanten(h, forms="standard") + 1 == _distance(tuple(h), rules):
            hands.append(bytes(h))
            if len(hands) == n:
                break
    return hands


@pytest.mark.both_backends
@pytest.mark.parametrize("rules", ["western", "chinese-classical"])
@pytest.mark.parametrize(("objective", "change_wait"), [("score", False), ("win", True)])
def test_both_twins_agree_where_special_and_standard_tie(rules: str, objective: str, change_wait: bool) -> None:
    # (with extra > 0 the compiled twin asks every distance exactly: test_stepping_back_is_searched_exactly)
    compiled = _twin("cython")
    hands = _tied_hands(rules, 4, seed=len(rules))
    assert len(hands) == 4
    for hand in hands:
        _, _, facts, counts, unseen = prepare(list(hand), rules, None, {})
        a = _twin("python").search(facts, counts, unseen, 3, objective, 0, change_wait)
        b = compiled.search(facts, counts, unseen, 3, objective, 0, change_wait)
        assert a[0] == b[0]
        np.testing.assert_allclose(a[1], b[1], rtol=1e-12, atol=1e-15, err_msg=str(list(hand)))


def _twin(name: str):  # type: ignore[no-untyped-def]
    if name == "cython" and mjscore.BACKEND == "python":
        # the run on the compiled backend checks this twin, against the same brute force;
        # here that brute force would run on the reference's scoring at several times the cost
        pytest.skip("the compiled twin is checked in the compiled backend's run")
    try:
        return _backend.twin("search", name)
    except ImportError:
        pytest.skip("the compiled search is not built")


# --- the public call ---------------------------------------------------------------------


def test_a_ready_hand_discards_to_stay_ready_and_wins_more_with_more_turns() -> None:
    found = mjscore.discard_values("123m456p789s11233z", "babcock", turns=4)
    best = found.best
    assert best.tile == mjscore.Tile.SOUTH and best.distance == 1 and best.ready == (1.0,) * 4
    assert list(best.win) == sorted(best.win) and best.win[-1] > best.win[0] > 0
    assert found["2z"] is best
    assert all(row.expected[-1] <= best.expected[-1] for row in found)


def test_a_thirteen_tile_hand_is_valued_as_it_stands() -> None:
    found = mjscore.discard_values("123m456p789s1123z", "babcock", turns=2)
    (row,) = found.rows
    assert row.tile is None and row.distance == 2 and row.shanten == 1


def test_seen_tiles_leave_the_wall() -> None:
    open_wall = mjscore.discard_values("123m456p789s11233z", "babcock", turns=2)["2z"]
    # every 1z and 3z seen: the wait is dead
    dead = mjscore.discard_values("123m456p789s11233z", "babcock", turns=2, visible="11z33z")["2z"]
    assert open_wall.win[-1] > 0 and dead.win == (0.0, 0.0) and dead.copies == (0, 0)


def test_a_special_hand_is_searched_toward() -> None:
    # far from four sets and a pair, two tiles from thirteen orphans (chinese-classical: its
    # 17 special hands keep the reference search quick; western has the same hand)
    found = mjscore.discard_values("19m19p19s123456z5m5p", "chinese-classical", turns=2)
    best = found.best
    assert best.tile in (mjscore.Tile.M5, mjscore.Tile.P5) and best.distance == 2
    assert best.win[-1] > 0
    assert mjscore.shanten("19m19p19s123456z5p", forms="standard") >= 3


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"turns": 0}, "turns"), ({"turns": 61}, "turns"), ({"objective": "speed"}, "objective"),
    ({"extra": -1}, "extra"), ({"visible": "1111z"}, "visible"), ({"visible": [5] * 34}, "visible"),
    ({"win_tile": "1z"}, "win_tile"),
])
def test_bad_options_raise_the_package_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(mjscore.MjscoreError, match=message):
        mjscore.discard_values("123m456p789s11233z", "babcock", **kwargs)  # type: ignore[arg-type]


def test_counts_that_are_no_whole_numbers_are_refused() -> None:
    """1.5 copies of a tile were cut to one (``int()``): a hand the caller never gave was
    searched. The bulk call named the shape, not the dtype, of a float array."""
    with pytest.raises(mjscore.InvalidHandError, match="whole tile counts"):
        mjscore.discard_values([1.5] * 14 + [0] * 20, "babcock", turns=1)
    with pytest.raises(mjscore.InvalidHandError, match="visible: expected 34 whole"):
        mjscore.discard_values("123m456p789s11233z", "babcock", turns=1, visible=[0.5] * 34)
    with pytest.raises(mjscore.InvalidHandError, match="dtype float64"):
        mjscore.discard_values_many(np.array([[1.0] * 14 + [0] * 20]), "babcock", turns=1)
    whole = np.array([1] * 14 + [0] * 20, dtype=np.int64)
    assert mjscore.discard_values(whole, "babcock", turns=1).hand == mjscore.parse("123456789m12345p")


def test_a_hand_of_the_wrong_size_is_refused() -> None:
    with pytest.raises(mjscore.InvalidHandError, match="13 or 14 tiles"):
        mjscore.discard_values("123m456p789s", "babcock")


# --- Monte-Carlo: the same policy played out ---------------------------------------------


def _playout(search: _reference.Search, h: bytes, turns: int, rng: random.Random) -> tuple[bool, int]:
    facts = search.facts
    for k in range(turns, 0, -1):
        weights = search.weights(h)
        if sum(weights) == 0:
            break
        x = rng.choices(range(34), weights=[max(0, w) for w in weights])[0]
        g = h[:x] + bytes((h[x] + 1,)) + h[x + 1:]
        won = facts.value(g, x) if facts.distance(g) == 0 else None
        if won is not None:
            return True, won
        d = facts.distance(h)
        best_y, best = -1, None
        for y in search.allowed(g, x, d):
            v = search.value(g[:y] + bytes((g[y] - 1,)) + g[y + 1:], k - 1)
            if best is None or _reference.better(v, best, search.objective):
                best_y, best = y, v
        h = g[:best_y] + bytes((g[best_y] - 1,)) + g[best_y + 1:]
    return False, 0


@pytest.mark.slow
@pytest.mark.parametrize(("hand", "rules", "turns"), [
    ("12m456p789s112367z", "babcock", 8),
    ("123m456p789s11345z", "western", 10),
])
def test_a_monte_carlo_playout_agrees_within_three_standard_errors(hand: str, rules: str, turns: int) -> None:
    games = 100_000
    _, _, facts, counts, unseen = prepare(hand, rules, None, {})
    tiles, values = _backend.twin("search").search(facts, counts, unseen, turns, "score", 0, False)
    i = 0  # the first discard in tile order
    root = min(facts.distance(counts[:t] + bytes((counts[t] - 1,)) + counts[t + 1:]) for t in tiles)
    search = _reference.Search(facts, counts, unseen, root, "score", 0, False)
    start = counts[:tiles[i]] + bytes((counts[tiles[i]] - 1,)) + counts[tiles[i] + 1:]
    rng = random.Random(32)
    wins = np.zeros(games)
    scores = np.zeros(games)
    for n in range(games):
        won, total = _playout(search, start, turns, rng)
        wins[n], scores[n] = won, total
    for measured, model in ((wins, values[i, 1, -1]), (scores, values[i, 2, -1])):
        se = measured.std(ddof=1) / np.sqrt(games)
        assert abs(measured.mean() - model) <= 3 * se + 1e-12
    assert wins.mean() > 0


@pytest.mark.parametrize("kong", ["{9999p}", "[9999p]"])
def test_a_claimed_kong_is_valued_as_score_values_it(kong: str) -> None:
    """dmjl.toml, ``claimed-kongs = "concealed"``: a claimed kong keeps the hand concealed
    and scores more than the same kong exposed; the search scored it as exposed. The first
    turn's expected score is each winning draw's chance times score()'s total for it."""
    hand = mjscore.parse(f"345p 113379s {kong} 8s 1z")
    values = mjscore.discard_values(hand, "dmjl", seat_wind="W")
    row = next(r for r in values.rows if str(r.tile) == "1z")
    seen = list(hand.counts)
    unseen = [4 - c for c in seen]
    expected = 0.0
    for tile in row.useful:
        total = mjscore.score(f"345p 113379s {kong} 8s +{tile}", "dmjl", self_drawn=True, seat_wind="W").total
        expected += unseen[int(tile)] / sum(unseen) * total
    assert expected > 0
    assert row.expected[0] == pytest.approx(expected)
