"""Distances to special hands (issue 8 item 7): both backends, brute force, melds, bad rows.

The distance is checked three ways: against values worked out by hand for the seed
hands; against a brute force over every concrete way of making a hand (the fixed
variants the scorer's hash table holds, and the groups a quantified hand allows);
and the compiled kernel against the reference on random hands, with declared melds.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import mjscore
from mjscore import UNREACHABLE
from mjscore.distances._reference import ReferenceDistances
from mjscore.distances.distances import distance_engine
from mjscore.core.errors import HandStatus, InvalidContextError, InvalidHandError, NotWinningError
from mjscore.core.group_codes import CHOW, CONCEALED_KONG, KONG, PUNG, group_code
from mjscore.score.jokers.readings import fits_groups
from mjscore.distances.targets import distance_targets
from mjscore.rules.patterns import QuantVariant
from mjscore.rows.codec import NO_MELD, meld_bytes, meld_tiles
from rule_files import extending_rules, limit_hand

compiled = pytest.importorskip("mjscore.distances._kernel", reason="the compiled kernel is not built")

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "rule-files.md"


def _guide_hands() -> str:
    """Every pattern of the construct table of docs/rule-files.md, as [[hands]] entries."""
    body = ['[options]\njade-seven-pairs = true\n']
    n = 0
    for line in GUIDE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if len(cells) != 3 or not cells[2].startswith("`") or cells[0] == "construct":
            continue
        for code in re.findall(r"`([^`]+)`", cells[2].replace("\\|", "|")):
            if not (code.startswith('["') or code.startswith("forms")):
                continue
            extra = re.findall(r"with `([^`]+)`", cells[2].replace("\\|", "|"))
            key = f"groups = {code}" if code.startswith("[") else code
            extras = "\n".join(e for e in extra if "=" in e and not e.startswith("["))
            if "knit-pair ?AB\"]" in code and "7 knit" in code:
                extras = 'tiles = "suited"'
            body.append(f'[[hands]]\nid = "h{n}"\n{key}\n{extras}\nlimit = 1\nsource = "guide: {cells[0]}"\n')
            n += 1
    return "\n".join(body)


@pytest.fixture(scope="module")
def guide_rules(tmp_path_factory: pytest.TempPathFactory) -> mjscore.RuleSet:
    """A rule set of every construct the guide shows (fixed, knitted, quantified, pairs)."""
    path = tmp_path_factory.mktemp("guide") / "guide.toml"
    path.write_text(f'extends = "babcock"\nname = "guide"\nspecial-hands = "best"\n{_guide_hands()}',
                    encoding="utf-8")
    return mjscore.load_rules(path)


def _hand(text: str) -> list[int]:
    return list(mjscore.parse_tiles(text))


def _random_hands(n: int, seed: int, pools: Sequence[Sequence[int]]) -> Iterator[list[int]]:
    """13- and 14-tile hands drawn from a few tile pools, so special hands are near."""
    rng = random.Random(seed)
    for i in range(n):
        pool = [t for t in pools[i % len(pools)] for _ in range(4)]
        rng.shuffle(pool)
        held = [0] * 34
        for t in pool[:rng.choice((13, 14))]:
            held[t] += 1
        yield held


POOLS = (range(34), range(9), [0, 8, 9, 17, 18, 26, *range(27, 34)], [19, 20, 21, 23, 25, 32],
         [*range(27, 34), 0, 1, 2], [0, 4, 6, 8, 9, 13, 15, 17])


# --- values worked out by hand (chinese-classical, seed 002/003) -------------------------

@pytest.mark.parametrize(("text", "hand", "away"), [
    # 003 #14 Thirteen Orphans: 13 of them is one tile short; any 14th tile not of them is one too
    ("19m19p19s1234567z", "thirteen-orphans", 1),
    ("19m19p19s1234567z1m", "thirteen-orphans", 0),
    ("19m19p19s1234567z5m", "thirteen-orphans", 1),
    # 002 Nine Gates: 1112345678999 waits on every tile of the suit
    ("1112345678999m", "nine-gates", 1),
    ("1112345678999m5m", "nine-gates", 0),
    ("1112345678999m5p", "nine-gates", 1),
    # 003 #7 Big Four Winds: four wind pungs and a pair; a missing pung is three tiles
    ("11122233344455z", "big-four-winds", 0),
    ("11122233355z123m", "big-four-winds", 3),
    # 002 All Green: green bamboo and green dragons; 5s and 7s are not green
    ("222333444666s88s", "all-green", 0),
    ("22334455667788s", "all-green", 4),
    # 003 #9 Fourfold Plenty: four kongs, each a fourth tile more than a pung
    ("111222333444m55m", "fourfold-plenty", 4),
    # the Wriggling Snake: 1-9 in one suit, a pair of 1s, and the four winds
    ("1123456789m1234z", "wriggling-snake", 0),
    ("1112345678999m1z", "wriggling-snake", 3),
])
def test_distance_worked_out_by_hand(text: str, hand: str, away: int) -> None:
    assert mjscore.distances(text, "chinese-classical")[hand] == away


def test_a_complete_special_hand_the_scorer_finds_is_at_distance_zero() -> None:
    """Every special hand a complete hand scores is one it holds the tiles of."""
    rules = mjscore.load_rules("chinese-classical")
    for text, win in (("11122233344455z", "5z"), ("222333444666s88s", "8s"), ("19m19p19s1234567z1m", "1m"),
                      ("1112345678999m5m", "5m"), ("1123456789m1234z", "4z")):
        result = mjscore.score(text, rules, self_drawn=True, win_tile=win)
        made = {line.id for line in result.lines} | set(result.others)
        away = mjscore.distances(text, rules)
        assert made & set(away), text
        assert all(away[h] == 0 for h in made if h in away), text


# --- brute force ------------------------------------------------------------------------

def _quant_ways(variant: QuantVariant) -> Iterator[list[int]]:
    """Every concrete tile multiset a quantified variant allows (small classes only)."""
    options = []
    for requirement in variant.requirements:
        groups = []
        for kind, mask in enumerate(requirement.masks):
            for t in range(34):
                if mask >> t & 1:
                    groups.append(((t, t + 1, t + 2) if kind == 0 else (t,) * (3, 4, 2)[kind - 1], kind))
        options.append(list(itertools.combinations_with_replacement(groups, requirement.count)))
    for picked in itertools.product(*options):
        counts, chows, pairs = [0] * 34, 0, []
        for combo in picked:
            for tiles, kind in combo:
                chows += kind == 0
                if kind == 3:
                    pairs.append(tiles[0])
                for t in tiles:
                    counts[t] += 1
        if max(counts) > 4 or chows > variant.max_chows:
            continue
        if variant.form == "pairs" and len(set(pairs)) < len(pairs):
            continue
        if any(not counts[t] for t in range(34) if variant.required >> t & 1):
            continue
        yield counts


def _brute_force(rules: mjscore.RuleSet, held: Sequence[int], small: set[int]) -> dict[int, int]:
    """The distance to each hand by scanning every way (quantified hands: only ``small``)."""
    tables = rules.hand_tables
    best: dict[int, int] = {}
    for counts, variants in tables.fixed.items():
        missing = sum(max(0, a - b) for a, b in zip(counts, held))
        for variant in variants:
            best[variant.hand] = min(best.get(variant.hand, UNREACHABLE), missing)
    for variant in tables.quant:
        if variant.hand in small:
            for counts in _quant_ways(variant):
                missing = sum(max(0, a - b) for a, b in zip(counts, held))
                best[variant.hand] = min(best.get(variant.hand, UNREACHABLE), missing)
    return best


def _small_quantified(rules: mjscore.RuleSet, most: int = 2000) -> set[int]:
    """The quantified hands whose ways a test can list."""
    small = set()
    for index in {v.hand for v in rules.hand_tables.quant}:
        size = 1
        for variant in (v for v in rules.hand_tables.quant if v.hand == index):
            for r in variant.requirements:
                options = sum(bin(m).count("1") for m in r.masks)
                size *= max(1, options) ** r.count
        if size <= most ** 2:
            small.add(index)
    return small


@pytest.mark.both_backends
@pytest.mark.parametrize("rules_name", ["chinese-classical", "guide"])
def test_reference_equals_brute_force_over_every_way(rules_name: str, guide_rules: mjscore.RuleSet) -> None:
    rules = guide_rules if rules_name == "guide" else mjscore.load_rules(rules_name)
    reachable, targets = distance_targets(rules.hands)
    engine = ReferenceDistances(reachable, targets)
    small = _small_quantified(rules)
    fixed_hands = {v.hand for vs in rules.hand_tables.fixed.values() for v in vs}
    checked = 0
    for held in _random_hands(16, seed=5, pools=POOLS):
        out = np.empty((1, len(reachable)), dtype=np.int8)
        status = np.empty(1, dtype=np.uint8)
        engine.distances_many([held], [[NO_MELD] * 4], None, out, status)
        brute = _brute_force(rules, held, small)
        for column, hand in enumerate(reachable):
            if hand in brute and (hand in small or hand in fixed_hands):
                assert out[0, column] == brute[hand], (rules.hands[hand].id, held)
                checked += 1
    assert checked > 100


# --- knitted groups: found number by number, not by scanning their ways ---------------------

KNIT_POOLS = ([0, 1, 2, 9, 10, 11, 18, 19, 20], [3, 4, 12, 13, 21, 22, 5, 14], range(27), [6, 7, 8, 15, 16, 17, 30])


@pytest.mark.parametrize(("hand_id", "seed_line"), [
    ("knitting", "Any seven knitted pairs in any two suits. No Winds or Dragons"),
    ("triple-knitting", "Four knitted Pungs plus a knitted pair"),
])
def test_knitted_targets_equal_the_scan_of_every_way(hand_id: str, seed_line: str) -> None:
    """001 (western): the number-by-number programme gives the fewest tiles any concrete
    way of the hand lacks, and a way at that distance; held declared melds rule it out."""
    from mjscore.distances._reference import best_way
    rules = mjscore.load_rules("western")
    assert seed_line in rules.hands[[h.id for h in rules.hands].index(hand_id)].source
    _, targets = distance_targets(rules.hands)
    knitted = [t for t in targets if t.knits and rules.hands[t.hand].id == hand_id]
    assert len(knitted) == 6  # one per ordering of the suits
    ways = [np.array([v.counts for v in target.enumerated]) for target in knitted]
    near = 0
    for held in _random_hands(8, seed=29, pools=KNIT_POOLS):
        for target, every in zip(knitted, ways):
            away, way = best_way(target, held)
            lacking = np.maximum(every - np.array(held), 0).sum(axis=1)
            assert away == lacking.min(), (hand_id, held)
            assert way in {tuple(every[i]) for i in np.flatnonzero(lacking == away)}
            assert sum(max(0, w - h) for w, h in zip(way, held)) == away
            near += away <= 3
        assert best_way(knitted[0], held, [group_code(PUNG, 27)])[0] == UNREACHABLE
    assert near > 3


def test_a_knitting_hand_is_at_distance_zero_and_one_tile_off_at_one() -> None:
    # 001 Knitting: "Any seven knitted pairs in any two suits"; 1m1p 2m2p 2m2p 4m4p 6m6p 7m7p 9m9p
    away = mjscore.distances("1224679m1224679p", "western")
    assert away["knitting"] == 0
    assert mjscore.distances("1224679m1224678p", "western")["knitting"] == 1
    # 001 Triple Knitting: four knitted pungs and a knitted pair: 1-1-1, 3-3-3, 5-5-5, 8-8-8, 9-9
    assert mjscore.distances("13589m13589p1358s", "western")["triple-knitting"] == 0
    assert mjscore.distances("13589m13589p1357s", "western")["triple-knitting"] == 1


@pytest.mark.both_backends
def test_compiled_knitted_closed_forms_equal_the_programme() -> None:
    """001 (western) Knitting ("Any seven knitted pairs in any two suits") and Triple
    Knitting ("Four knitted Pungs plus a knitted pair"): the compiled kernel's closed
    forms (largest gains first) give the reference's number-by-number distance, on
    hands drawn from knitted tiles and on hands of any tiles."""
    from mjscore.distances._reference import best_way
    rules = mjscore.load_rules("western")
    reachable, targets = distance_targets(rules.hands)
    ids = [rules.hands[i].id for i in reachable]
    knitted = {hand_id: [t for t in targets if t.knits and rules.hands[t.hand].id == hand_id]
               for hand_id in ("knitting", "triple-knitting")}
    pools = KNIT_POOLS + ([0, 1, 2, 3, 4, 9, 10, 11, 12, 13], [4, 5, 6, 7, 8, 22, 23, 24, 25, 26])
    hands = list(_random_hands(200, seed=41, pools=pools))
    engine, _ = distance_engine(rules, "cython")
    table = np.empty((len(hands), engine.n_columns), dtype=np.int8)
    engine.distances_many(np.array(hands, dtype=np.uint8), np.full((len(hands), 4), NO_MELD, dtype=np.uint8), None,
                          table, np.empty(len(hands), dtype=np.uint8))
    near = 0
    for row, held in zip(table, hands):
        for hand_id, found in knitted.items():
            expected = min(best_way(target, held)[0] for target in found)
            assert row[ids.index(hand_id)] == expected, (hand_id, held)
            near += expected <= 2
    assert near > 20


def test_a_bounded_way_is_a_nearest_way() -> None:
    """best_way with the distance as its bound (as near_misses asks) finds a way at that
    distance, and none for a bound below it (chinese-classical, western; with melds)."""
    from mjscore.distances._reference import best_way
    rng = random.Random(17)
    for name in ("chinese-classical", "western"):
        _, targets = distance_targets(mjscore.load_rules(name).hands)
        plain = [t for t in targets if not t.knits and not t.enumerated]
        for held in _random_hands(12, seed=23, pools=POOLS):
            codes = [c for c in _random_melds(rng, held) if c != NO_MELD] if rng.random() < 0.5 else []
            for target in plain[::3]:
                away, way = best_way(target, held, codes)
                if away == UNREACHABLE:
                    assert best_way(target, held, codes, bound=20)[0] == UNREACHABLE
                    continue
                found, bounded = best_way(target, held, codes, bound=away)
                assert found == away
                assert sum(max(0, w - h) for w, h in zip(bounded, held)) == away
                if away:
                    assert best_way(target, held, codes, bound=away - 1)[0] == UNREACHABLE


def test_a_hand_exempt_from_the_chow_limit_keeps_its_ways() -> None:
    """000 (american) Jade Hand: "Four Chows/Pungs/Kongs of Bamboo 2, 3, 4, 6 or 8 and a
    pair of Green Dragons"; with a chow limit of one and the exception on, the hand keeps
    its own ways (it is matched on its tiles), so its distances are those without the limit."""
    limited = mjscore.load_rules("american", preset="BR", max_chows=1)
    free = mjscore.load_rules("american", preset="BR")
    assert mjscore.distances("234s 234s 666s 888s 6z +6z", limited)["jade-hand"] == 0
    hands = ["234s234s666s888s66z", "234s234s666s888s6z", "234s234s234s888s66z", "123s234s666s888s66z",
             "234s234s666s88s66z5m"]
    for text in hands:
        assert mjscore.distances(text, limited)["jade-hand"] == mjscore.distances(text, free)["jade-hand"], text
    assert [mjscore.distances(text, limited)["jade-hand"] for text in hands] == [0, 1, 0, 1, 1]


# --- the two backends --------------------------------------------------------------------

def _random_melds(rng: random.Random, held: list[int]) -> list[int]:
    """Turn up to two of a hand's own pungs or chows into declared melds."""
    codes = []
    for t in rng.sample(range(34), 34):
        if len(codes) == 2:
            break
        kind = rng.choice((CHOW, PUNG, CONCEALED_KONG))
        tiles = meld_tiles(group_code(kind, t))
        if tiles is None or any(held[x] < tiles.count(x) for x in set(tiles)):
            continue
        if kind == CONCEALED_KONG and sum(held) > 13:
            continue
        for x in tiles:
            held[x] -= 1
        codes.append(group_code(kind, t))
    return codes + [NO_MELD] * (4 - len(codes))


def _on_both_engines(rules: mjscore.RuleSet, counts: Any, melds: Any, jokers: Any, claimed: Any = None
                     ) -> list[tuple[np.ndarray, np.ndarray]]:
    """(distances, statuses) of the compiled engine, then of the reference, each cold."""
    results = []
    for backend in ("cython", "python"):
        engine, _ = distance_engine(rules, backend)
        engine.clear()
        out = np.empty((len(counts), engine.n_columns), dtype=np.int8)
        status = np.empty(len(counts), dtype=np.uint8)
        engine.distances_many(counts, melds, jokers, out, status, claimed)
        results.append((out, status))
    return results


@pytest.mark.both_backends
@pytest.mark.parametrize("rules_name", ["chinese-classical", "guide", "western"])
def test_kernel_agrees_with_reference_on_random_hands_with_melds(rules_name: str,
                                                                  guide_rules: mjscore.RuleSet) -> None:
    rules = guide_rules if rules_name == "guide" else mjscore.load_rules(rules_name)
    rng = random.Random(11)
    counts, melds = [], []
    pools = POOLS + KNIT_POOLS if rules_name == "western" else POOLS
    for held in _random_hands(300 if rules_name == "chinese-classical" else 80, seed=7, pools=pools):
        codes = _random_melds(rng, held) if rng.random() < 0.4 else [NO_MELD] * 4
        counts.append(held)
        melds.append(codes)
    counts_array = np.array(counts, dtype=np.uint8)
    melds_array = np.array(melds, dtype=np.uint8)
    results = _on_both_engines(rules, counts_array, melds_array, None)
    assert (results[0][1] == results[1][1]).all()
    assert (results[0][0] == results[1][0]).all()
    assert (results[0][0] == UNREACHABLE).any() and (results[0][0] < UNREACHABLE).any()


def test_warm_and_cold_memo_give_the_same_distances() -> None:
    engine, _ = distance_engine(mjscore.load_rules("chinese-classical"), "cython")
    hands = np.array(mjscore.rows.sample.random_complete_hands(2000, seed=3), dtype=np.uint8)
    melds = np.full((len(hands), 4), NO_MELD, dtype=np.uint8)
    out = [np.empty((len(hands), engine.n_columns), dtype=np.int8) for _ in range(2)]
    status = np.empty(len(hands), dtype=np.uint8)
    engine.clear()
    engine.distances_many(hands, melds, None, out[0], status)
    engine.distances_many(hands, melds, None, out[1], status)
    assert (out[0] == out[1]).all()


def _many_hands_file(tmp_path: Path, n: int) -> Path:
    """A rule file extending ``babcock`` with ``n`` generated special hands of three shapes
    (a pung of one tile with sets and a pair, a suit's pair and sets, thirteen orphans
    with one given single), as a large generated file holds."""
    orphans = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

    def tile(t: int) -> str:
        return f"{t % 9 + 1}{'mps'[t // 9]}" if t < 27 else f"{t - 26}z"

    body = ['extends = "babcock"\nname = "many"\n']
    for i in range(n):
        groups = (f'["pung {tile(i % 34)}", "3 set any", "pair any"]',
                  f'["pair {i % 9 + 1}A", "3 pung/chow A", "set any"]',
                  f'["singles 19m19p19s", "singles E S W N WD GD RD", "single {tile(orphans[i % 13])}"]')[i % 3]
        body.append(f'[[hands]]\nid = "hand-{i}"\ngroups = {groups}\ndoubles = 1\nsource = "generated"\n')
    path = tmp_path / f"many-{n}.toml"
    path.write_text("\n".join(body), encoding="utf-8")
    return path


def test_targets_of_one_shape_share_their_arrays(tmp_path: Path) -> None:
    """Issue 30 item 8: a file of thousands of hands holds few shapes, so the compiled
    targets share their moves, packed uses and merge triples; building each target's own
    kept about 27 kB of Python lists per target (1.6 GB for 10,000 hands). Python's own
    allocations are counted (tracemalloc), not time."""
    import tracemalloc

    few, many = (mjscore.load_rules(_many_hands_file(tmp_path, n)) for n in (30, 330))
    built = []
    for rules in (few, many):
        reachable, targets = distance_targets(rules.hands)
        tracemalloc.start()
        try:
            engine = compiled.Distances(reachable, targets, rules.jokers)
            kept = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
        built.append((len(targets), kept, engine))
    per_target = (built[1][1] - built[0][1]) / (built[1][0] - built[0][0])
    assert per_target < 12_000, f"{per_target:.0f} bytes kept per target"


@pytest.mark.both_backends
def test_a_large_generated_file_measures_the_same_on_both_backends(tmp_path: Path) -> None:
    rules = mjscore.load_rules(_many_hands_file(tmp_path, 90))
    rng = random.Random(3)
    counts, melds = [], []
    for held in _random_hands(30, seed=5, pools=POOLS):
        melds.append(_random_melds(rng, held) if rng.random() < 0.4 else [NO_MELD] * 4)
        counts.append(held)
    (ours, our_status), (spec, spec_status) = _on_both_engines(
        rules, np.array(counts, dtype=np.uint8), np.array(melds, dtype=np.uint8), None)
    assert (our_status == spec_status).all() and (ours == spec).all()
    assert (ours[:, -90:] < UNREACHABLE).any()


# --- declared melds ----------------------------------------------------------------------

def test_an_exposed_meld_rules_out_a_concealed_hand_but_a_concealed_kong_does_not() -> None:
    # 003 #10 Four Concealed Triplets: the pungs must be concealed; a concealed kong is
    away = mjscore.distances("222333444s88s [666s]", "chinese-classical")
    assert away["four-concealed-triplets"] is None
    assert away["all-green"] == 0
    away = mjscore.distances("222333444s88s (6666s)", "chinese-classical")
    assert away["four-concealed-triplets"] == 0


def test_a_meld_no_group_of_the_hand_can_be_rules_it_out() -> None:
    # 002 All Green: a declared pung of 5s is no green group
    assert mjscore.distances("222333444s88s [555s]", "chinese-classical")["all-green"] is None
    assert mjscore.distances("222333444s88s [555s]", "chinese-classical")["big-four-winds"] is None


# --- the API and bad input ---------------------------------------------------------------

def test_distances_many_returns_ids_in_rule_order_and_int8() -> None:
    rules = mjscore.load_rules("chinese-classical")
    table, ids = mjscore.distances_many([_hand("19m19p19s1234567z")], rules)
    assert table.dtype == np.int8 and table.shape == (1, len(ids))
    assert list(ids) == [h.id for h in rules.hands if h.forms]
    assert "heavenly-hand" not in ids  # made by the situation alone


def test_a_rule_set_without_hands_of_tiles_has_no_columns() -> None:
    table, ids = mjscore.distances_many([_hand("123m456p789s1122z")], "babcock")
    assert table.shape == (1, 0) and ids == ()


def test_bad_rows_get_a_status_and_the_rest_are_measured() -> None:
    good = _hand("19m19p19s1234567z")
    five = list(good)
    five[0] = 5
    rows = [good, five, _hand("19m19p19s12345z"), _hand("19m19p19s1234567z5m")]
    melds = [[NO_MELD] * 4, [NO_MELD] * 4, [NO_MELD] * 4, [NO_MELD] * 4]
    bad_meld_row = _hand("19m19p19s1234z")
    rows.append(bad_meld_row)
    melds.append([group_code(CHOW, 8)] + [NO_MELD] * 3)  # a chow starting on 9m
    rows.append(_hand("111m19p19s1234567z"))
    melds.append([group_code(PUNG, 0)] + [NO_MELD] * 3)  # a fifth 1m
    table, _, status = mjscore.distances_many(rows, "chinese-classical", melds=melds, return_status=True)
    assert status.tolist() == [HandStatus.OK, HandStatus.BAD_COUNT, HandStatus.WRONG_SIZE,
                               HandStatus.OK, HandStatus.BAD_MELD, HandStatus.BAD_COUNT]
    assert (table[[1, 2, 4, 5]] == UNREACHABLE).all()
    assert table[0].min() == 1


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"melds": np.zeros((1, 3), dtype=np.uint8)}, "melds: expected an (1, 4)"),
    ({"melds": np.full((1, 4), 300)}, "meld codes are bytes"),
    ({"jokers": np.array([0, 0])}, "jokers: expected an (1,)"),
    ({"jokers": np.array([1.0])}, "jokers: expected an (1,)"),
])
def test_bad_arguments_raise_a_clear_error(kwargs: dict[str, Any], error: str) -> None:
    with pytest.raises((InvalidHandError, NotWinningError), match=re.escape(error)):
        mjscore.distances_many([_hand("19m19p19s1234567z")], "chinese-classical", **kwargs)


def test_bad_counts_raise_like_score_many() -> None:
    with pytest.raises(InvalidHandError, match="shape"):
        mjscore.distances_many(np.zeros((2, 33)), "chinese-classical")
    with pytest.raises(InvalidHandError, match="integers"):
        mjscore.distances_many(np.zeros((2, 34), dtype=float), "chinese-classical")


def test_one_hand_that_is_not_13_or_14_tiles_is_refused() -> None:
    with pytest.raises(InvalidHandError):
        mjscore.distances(mjscore.Hand(concealed=tuple(_hand("19m19p19s")) ), "chinese-classical")


def test_one_hand_matches_its_bulk_row() -> None:
    hand = mjscore.parse("222333444s88s (6666s)")
    one = mjscore.distances(hand, "chinese-classical")
    melds = np.frombuffer(meld_bytes(hand.melds), dtype=np.uint8).reshape(1, 4)
    table, ids = mjscore.distances_many([hand.concealed], "chinese-classical", melds=melds)
    assert one == {i: None if d == UNREACHABLE else d for i, d in zip(ids, table[0].tolist())}


# --- jokers --------------------------------------------------------------------------------

SWITCHES = ("pungs", "chows", "pairs")


def _groupings(variant: QuantVariant) -> Iterator[tuple[list[int], list[tuple[int, tuple[int, ...], bool]]]]:
    """Every concrete way of a quantified variant with its groups (small classes only)."""
    options = []
    for requirement in variant.requirements:
        groups = []
        for kind, mask in enumerate(requirement.masks):
            for t in range(34):
                if mask >> t & 1:
                    groups.append((kind, (t, t + 1, t + 2) if kind == 0 else (t,) * (3, 4, 2, 1)[kind - 1], True))
        options.append(list(itertools.combinations_with_replacement(groups, requirement.count)))
    for picked in itertools.product(*options):
        grouping = [g for combo in picked for g in combo]
        counts = [0] * 34
        for _, tiles, _ in grouping:
            for t in tiles:
                counts[t] += 1
        pairs = [tiles[0] for kind, tiles, _ in grouping if kind == 3]
        if max(counts) > 4 or sum(kind == 0 for kind, _, _ in grouping) > variant.max_chows:
            continue
        if variant.form == "pairs" and len(set(pairs)) < len(pairs):
            continue
        if any(not counts[t] for t in range(34) if variant.required >> t & 1):
            continue
        yield counts, grouping


def _with_jokers(way: Sequence[int], groups: Sequence[tuple[int, tuple[int, ...], bool]], held: Sequence[int],
                 jokers: int, use: mjscore.core.jokers.JokerUse) -> int:
    """The fewest tiles a way lacks over every substitution of at most ``jokers`` of its
    missing tiles by jokers that the scorer's placement rule (fits_groups) allows."""
    lacking = [max(0, w - h) for w, h in zip(way, held)]
    candidates = [t for t in range(34) if lacking[t]]
    best = sum(lacking)
    for k in range(1, jokers + 1):
        for tiles in itertools.combinations_with_replacement(candidates, k):
            if all(tiles.count(t) <= lacking[t] for t in set(tiles)) and fits_groups(tiles, groups, use):
                best = min(best, sum(lacking) - k)
    return best


def _joker_hands(n: int, seed: int, pools: Sequence[Sequence[int]]) -> Iterator[tuple[list[int], int]]:
    """Random hands of 13 or 14 tiles of which 1 or 2 are jokers."""
    rng = random.Random(seed)
    for held in _random_hands(n, seed, pools):
        jokers = rng.choice((1, 2))
        for t in rng.sample([t for t in range(34) for _ in range(held[t])], jokers):
            held[t] -= 1
        yield held, jokers


@pytest.mark.both_backends
@pytest.mark.parametrize("switch", SWITCHES)
@pytest.mark.parametrize("rules_name", ["chinese-classical", "guide"])
def test_jokers_equal_the_best_allowed_substitution_of_each_way(rules_name: str, switch: str,
                                                                guide_rules: mjscore.RuleSet) -> None:
    """The reference with jokers = the brute force over every way with its groups, each
    substitution of the way's missing tiles by jokers allowed as the scorer allows it."""
    base = guide_rules if rules_name == "guide" else mjscore.load_rules(rules_name)
    rules = mjscore.load_rules(base, joker_use=switch)
    use = rules.jokers
    assert use is not None
    reachable, targets = distance_targets(rules.hands)
    engine = ReferenceDistances(reachable, targets, use)
    small = _small_quantified(rules, 120)
    ways: dict[int, list[tuple[list[int], Any]]] = {}
    for counts, variants in rules.hand_tables.fixed.items():
        for variant in variants:
            ways.setdefault(variant.hand, []).append((list(counts), variant.groups))
    for variant in rules.hand_tables.quant:
        if variant.hand in small:
            ways.setdefault(variant.hand, []).extend(_groupings(variant))
    checked = helped = 0
    for held, jokers in _joker_hands(24 if rules_name == "chinese-classical" else 8, seed=13, pools=POOLS):
        out = np.empty((1, len(reachable)), dtype=np.int8)
        status = np.empty(1, dtype=np.uint8)
        engine.distances_many([held], [[NO_MELD] * 4], [jokers], out, status)
        assert status[0] == HandStatus.OK
        plain = np.empty_like(out)
        engine.distances_many([held], [[NO_MELD] * 4], None, plain, status)
        for column, hand in enumerate(reachable):
            if hand in ways:
                brute = UNREACHABLE
                for way, groups in ways[hand]:  # a way lacking jokers + brute tiles or more cannot win
                    if sum(max(0, w - h) for w, h in zip(way, held)) - jokers < brute:
                        brute = min(brute, _with_jokers(way, groups, held, jokers, use))
                assert out[0, column] == brute, (rules.hands[hand].id, held, jokers, switch)
                checked += 1
                helped += brute < plain[0, column]
    assert checked > 40 and helped > 5, (checked, helped)


@pytest.mark.both_backends
@pytest.mark.parametrize("switch", SWITCHES)
@pytest.mark.parametrize("rules_name", ["chinese-classical", "guide"])
def test_kernel_agrees_with_reference_on_hands_with_jokers(rules_name: str, switch: str,
                                                           guide_rules: mjscore.RuleSet) -> None:
    base = guide_rules if rules_name == "guide" else mjscore.load_rules(rules_name)
    rules = mjscore.load_rules(base, joker_use=switch)
    rng = random.Random(23)
    counts, melds, wild = [], [], []
    n = 200 if rules_name == "chinese-classical" else 16  # the guide's reference is slow
    for held, jokers in _joker_hands(n, seed=19, pools=POOLS):
        codes = _random_melds(rng, held) if rng.random() < 0.3 else [NO_MELD] * 4
        counts.append(held)
        melds.append(codes)
        wild.append(jokers if rng.random() < 0.9 else 0)  # some rows without: one less tile
    counts_array = np.array(counts, dtype=np.uint8)
    melds_array = np.array(melds, dtype=np.uint8)
    wild_array = np.array(wild, dtype=np.uint8)
    results = _on_both_engines(rules, counts_array, melds_array, wild_array)
    assert (results[0][1] == results[1][1]).all()
    assert (results[0][0] == results[1][0]).all()
    assert (results[0][1] == HandStatus.OK).sum() > len(counts) // 2


def test_no_jokers_distances_are_the_same_with_jokers_on() -> None:
    hands = np.array(list(_random_hands(200, seed=17, pools=POOLS)), dtype=np.uint8)
    plain, ids = mjscore.distances_many(hands, "chinese-classical")
    for switch in SWITCHES:
        rules = mjscore.load_rules("chinese-classical", joker_use=switch)
        for jokers in (None, 0, np.zeros(len(hands), dtype=np.uint8)):
            table, same_ids = mjscore.distances_many(hands, rules, jokers=jokers)
            assert same_ids == ids and (table == plain).all()


def test_a_joker_fills_only_where_the_switch_lets_it_stand() -> None:
    # 003 #14 Thirteen Orphans: a joker is a single only where jokers stand in pairs and singles
    hand = "19m19p19s123456z J"
    assert mjscore.distances(hand, mjscore.load_rules("chinese-classical", joker_use="pairs"))["thirteen-orphans"] == 1
    assert mjscore.distances(hand, mjscore.load_rules("chinese-classical", joker_use="chows"))["thirteen-orphans"] == 2
    # a run of singles (one `singles` token) takes one joker, as the scorer reads it: 6z and 7z lack
    two = "19m19p19s12345z JJ"
    assert mjscore.distances(two, mjscore.load_rules("chinese-classical", joker_use="pairs"))["thirteen-orphans"] == 1
    # 003 #7 Big Four Winds: the jokers complete the fourth pung; a pung keeps a natural tile
    pungs = mjscore.load_rules("chinese-classical", joker_use="pungs")
    assert mjscore.distances("1112223334z55z JJ", pungs)["big-four-winds"] == 0
    assert mjscore.distances("11122233355z 1m JJ", pungs)["big-four-winds"] == 1


def test_jokers_in_declared_melds_count_as_their_tiles() -> None:
    pungs = mjscore.load_rules("chinese-classical", joker_use="pungs")
    assert mjscore.distances("111222333z55z [4J4z]", pungs)["big-four-winds"] == 0
    with pytest.raises(NotWinningError, match="jokers"):
        mjscore.distances("111222333z55z [4J4z]", "chinese-classical")
    # as the scorer: a declared chow holds a joker only where jokers stand in chows
    with pytest.raises(NotWinningError, match="stand only in pungs"):
        mjscore.distances("111222333z55z [4J6s]", pungs)
    assert mjscore.distances("111222333z55z [4J6s]", mjscore.load_rules("chinese-classical", joker_use="chows"))


def test_joker_rows_get_a_status() -> None:
    held = _hand("19m19p19s123456z")
    rows = [held] * 4
    _, _, status = mjscore.distances_many(rows, "chinese-classical", jokers=[1, 0, 2, 9], return_status=True)
    # the jokers count in the size: 12 tiles alone are too few
    assert status.tolist() == [HandStatus.NOT_WINNING, HandStatus.WRONG_SIZE, HandStatus.NOT_WINNING,
                               HandStatus.BAD_COUNT]
    pairs = mjscore.load_rules("chinese-classical", joker_use="pairs")
    table, ids, status = mjscore.distances_many(rows, pairs, jokers=[1, 2, 3, 9], return_status=True)
    assert status.tolist() == [HandStatus.OK, HandStatus.OK, HandStatus.WRONG_SIZE, HandStatus.BAD_COUNT]
    column = ids.index("thirteen-orphans")
    assert table[:, column].tolist() == [1, 0, UNREACHABLE, UNREACHABLE]


def test_one_hand_with_jokers_is_refused_where_jokers_are_not_used() -> None:
    with pytest.raises(NotWinningError, match="does not use"):
        mjscore.distances("19m19p19s123456zJ", "chinese-classical")
    with pytest.raises(NotWinningError, match="does not use"):
        mjscore.near_misses("19m19p19s123456zJ", "chinese-classical")


@pytest.mark.parametrize(("rules_name", "hand_id", "text"), [
    # western "hong-kong": groups "singles 1842A", "singles 1997B" (001 Hong Kong: "1842 in one
    # suit, 1997 in another suit"), a joker standing for the second 9
    ("western", "hong-kong", "1248m179p111333z J"),
    # american "civil-war": "singles 1861A", "singles 1865B" (000 Civil War: "Tiles 1, 8, 6, 1
    # of one suit"), a joker standing for the second 1
    ("american", "civil-war", "168p1568s222444z J"),
])
def test_a_joker_stands_for_a_tile_a_run_of_singles_repeats(backend: str, rules_name: str, hand_id: str,
                                                           text: str) -> None:
    """The run's mask added a repeated tile's bit twice, which carried into the next tile:
    the joker could not stand for the 9 of 1997, and the hand the scorer makes was one tile
    away. The near miss with the joker gone is one tile away."""
    rules = mjscore.load_rules(rules_name, joker_use="pairs")
    assert mjscore.distances(text, rules)[hand_id] == 0
    tile = text.split()[0][0] + next(c for c in text.split()[0] if c.isalpha())
    assert mjscore.score(text, rules, win_tile=tile, self_drawn=True).special == hand_id
    assert mjscore.distances(text.replace(" J", " 7z"), rules)[hand_id] == 1


def test_a_fixed_hand_over_the_chow_limit_is_out_of_reach(backend: str) -> None:
    """american "chop-suey" ("chow 123A", "chow 123B", "chow 123C", 000 Chop Suey) under a
    chow limit of none with the exception off (max-chows-exception = false): the scorer
    refuses it, so no tiles reach it; with the exception it is made as ever."""
    text = "123m123p123s12344z"
    strict = mjscore.load_rules("american", max_chows=0, max_chows_exception=False)
    with pytest.raises(NotWinningError):
        mjscore.score(text, strict, win_tile="4z", self_drawn=True)
    assert mjscore.distances(text, strict)["chop-suey"] is None
    assert mjscore.distances(text, mjscore.load_rules("american", max_chows=0))["chop-suey"] == 0
    assert mjscore.distances(text, mjscore.load_rules("american"))["chop-suey"] == 0


# --- claimed kongs ---------------------------------------------------------------------------

# A rule file with concealed hands holding a kong (no shipped hand is one): a hand of sets,
# one of singles, and a hand of sets whose kong must itself be concealed.
_CLAIMED_HANDS = "\n".join(limit_hand(*hand) for hand in [
    ("hidden-kong", "Hidden kong", ["kong 1m", "3 pung any", "pair any"], True,
     "a concealed hand of sets holding a kong"),
    ("kong-run", "Kong run", ["kong 1m", "singles 123456789p", "pair 9m"], True,
     "a concealed hand of singles holding a kong"),
    ("kept-kong", "Kept kong", ["kong 2m concealed", "3 pung any", "pair any"], False,
     "a hand whose kong must itself be concealed"),
])


def _claimed_rules(tmp_path: Path, base: str) -> mjscore.RuleSet:
    """``_CLAIMED_HANDS`` over ``base``: dmjl keeps a hand with a claimed kong concealed
    (``claimed-kongs = "concealed"``), babcock does not."""
    return extending_rules(tmp_path, base, f"claimed-{base}", _CLAIMED_HANDS)


def _one_row(text: str) -> tuple[np.ndarray, np.ndarray]:
    hand = mjscore.parse(text)
    return (np.array([hand.concealed], dtype=np.uint8),
            np.frombuffer(meld_bytes(hand.melds), dtype=np.uint8).reshape(1, 4))


def test_a_claimed_kong_keeps_a_concealed_hand_of_sets_in_reach(backend: str, tmp_path: Path) -> None:
    """dmjl: "a claimed kong scores as an exposed kong but keeps the hand concealed", so the
    scorer makes a concealed hand holding a kong with a claimed kong ({1111m}); distances
    called that hand out of reach (None), the claimed kong read as any exposed kong, and
    distances_many took no ``claimed=`` to say which melds are claimed kongs."""
    rules = _claimed_rules(tmp_path, "dmjl")
    text = "{1111m} 222p 333s 444s 5z +5z"
    assert mjscore.score(text, rules).special == "hidden-kong"
    assert mjscore.distances(text, rules)["hidden-kong"] == 0
    assert mjscore.distances("{1111m} 222p 333s 444s 6z 5z", rules)["hidden-kong"] == 1
    assert mjscore.distances("{1111m} 222p 333s 444s 5z", rules)["hidden-kong"] == 1
    assert mjscore.distances("[1111m] 222p 333s 444s 5z +5z", rules)["hidden-kong"] is None  # an exposed kong
    counts, melds = _one_row(text)
    column = distance_engine(rules)[1].index("hidden-kong")
    for claimed, away in ((None, UNREACHABLE), (0, UNREACHABLE), (1, 0), ([1], 0), (np.array([1], np.int64), 0)):
        table, _ = mjscore.distances_many(counts, rules, melds=melds, claimed=claimed)
        assert table[0, column] == away, claimed
    scorer = mjscore.Scorer(rules)
    assert scorer.distances_many(counts, melds=melds, claimed=1)[0][0, column] == 0
    assert scorer.distances(counts[0], melds=[mjscore.Meld.from_str("1111m", claimed=True)])["hidden-kong"] == 0
    assert str(mjscore.near_misses(text, rules, k=1)[0]) == "Hidden kong (hidden-kong): made: the hand is Hidden kong"
    near = mjscore.near_misses("{1111m} 222p 333s 444s 6z 5z", rules, k=1)[0]
    assert (near.id, near.tiles_away, [str(t) for t in near.missing]) == ("hidden-kong", 1, ["6z"])


def test_a_claimed_kong_keeps_a_concealed_fixed_hand_in_reach(backend: str, tmp_path: Path) -> None:
    """dmjl keeps a hand with a claimed kong concealed, so a concealed fixed-shape hand
    holding a kong ("kong 1m" beside singles) is made with {1111m} as with (1111m): the
    scorer refused it and distances, pinned to the scorer, called it out of reach (None).
    Now both make it, one row or in bulk, and the near misses say so."""
    rules = _claimed_rules(tmp_path, "dmjl")
    text = "{1111m} 123456789p 9m +9m"
    assert mjscore.score(text, rules).special == "kong-run"
    assert mjscore.distances(text, rules)["kong-run"] == 0
    assert mjscore.distances("{1111m} 123456789p 9m 1z", rules)["kong-run"] == 1
    assert mjscore.distances("[1111m] 123456789p 9m +9m", rules)["kong-run"] is None  # an exposed kong
    counts, melds = _one_row(text)
    column = distance_engine(rules)[1].index("kong-run")
    for claimed, away in ((None, UNREACHABLE), (0, UNREACHABLE), (1, 0)):
        assert mjscore.distances_many(counts, rules, melds=melds, claimed=claimed)[0][0, column] == away, claimed
    near = mjscore.near_misses("{1111m} 123456789p 9m 1z", rules, k=3)
    assert ("kong-run", 1) in [(n.id, n.tiles_away) for n in near]


def test_a_claimed_kong_stays_out_where_the_scorer_refuses_it(backend: str, tmp_path: Path) -> None:
    """Distances follow the scorer: a group that must itself be concealed takes no claimed
    kong, and under babcock (claimed kongs exposed) a claimed kong opens the hand, of sets
    or of a fixed shape."""
    rules = _claimed_rules(tmp_path, "dmjl")
    kept, claimed, hand_id = "(2222m) 222p 333s 444s 5z +5z", "{2222m} 222p 333s 444s 5z +5z", "kept-kong"
    assert mjscore.score(kept, rules).special == hand_id
    assert mjscore.distances(kept, rules)[hand_id] == 0
    assert mjscore.score(claimed, rules).special != hand_id
    assert mjscore.distances(claimed, rules)[hand_id] is None
    exposed = _claimed_rules(tmp_path, "babcock")
    for text, hand_id in (("{1111m} 222p 333s 444s 5z +5z", "hidden-kong"), ("{1111m} 123456789p 9m +9m", "kong-run")):
        assert mjscore.score(text.replace("{1111m}", "(1111m)"), exposed).special == hand_id
        assert mjscore.score(text, exposed).special != hand_id
        assert mjscore.distances(text, exposed)[hand_id] is None
        counts, melds = _one_row(text)
        column = distance_engine(exposed)[1].index(hand_id)
        assert mjscore.distances_many(counts, exposed, melds=melds, claimed=1)[0][0, column] == UNREACHABLE


def _claimed_rows(rng: random.Random, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows of one or two declared kongs (1m often) and pungs of a few tiles, with random
    claimed marks: most on the kongs, some on a pung or on no meld (``BAD_MELD``)."""
    counts, melds, marks = [], [], []
    for _ in range(n):
        kongs = [0] if rng.random() < 0.6 else []
        kongs += rng.sample([1, 10, 19, 27, 31], rng.choice((0, 1, 1)))
        codes = [group_code(KONG, t) for t in kongs]
        if rng.random() < 0.2:
            codes.append(group_code(PUNG, 22))
        held = [0] * 34
        held[22] = 3 * (group_code(PUNG, 22) in codes)
        pool = [t for t in (4, 12, 13, 20, 21, 28, 29, 30, 32) for _ in range(4 - held[t])]
        rng.shuffle(pool)
        for t in pool[:rng.choice((13, 14)) - 3 * len(codes)]:
            held[t] += 1
        held[22] = 0
        mark = rng.randrange(1 << len(codes)) if rng.random() < 0.85 else rng.randrange(16)
        counts.append(held)
        melds.append(codes + [NO_MELD] * (4 - len(codes)))
        marks.append(mark)
    return np.array(counts, dtype=np.uint8), np.array(melds, dtype=np.uint8), np.array(marks, dtype=np.uint8)


@pytest.mark.both_backends
@pytest.mark.parametrize("base", ["dmjl", "babcock"])
def test_kernel_agrees_with_reference_on_claimed_kongs(base: str, tmp_path: Path) -> None:
    rules = _claimed_rules(tmp_path, base)
    counts, melds, marks = _claimed_rows(random.Random(5), 400)
    found = _on_both_engines(rules, counts, melds, None, marks)
    assert (found[0][1] == found[1][1]).all() and (found[0][0] == found[1][0]).all()
    status = found[0][1]
    assert (status == HandStatus.BAD_MELD).any() and (status == HandStatus.OK).sum() > 200
    unmarked, plain_status = mjscore.distances_many(counts, rules, melds=melds, return_status=True)[::2]
    assert (plain_status == HandStatus.OK).all()
    changed = (found[0][0] != unmarked)[status == HandStatus.OK]
    # dmjl: some claimed kong brings a concealed hand in reach; babcock: none does
    assert changed.any() if base == "dmjl" else not changed.any()


def test_bad_claimed_marks_get_the_status_score_many_gives(backend: str) -> None:
    """A mark on a meld that is no exposed kong (a pung, a concealed kong) or on no meld is
    ``BAD_MELD``, as in score_many; a mark on an exposed kong is fine."""
    texts = ["[1111m] 222p 333s 444s 5z +5z", "[111m] 222p 333s 444s 5z +5z",
             "(1111m) 222p 333s 444s 5z +5z", "[1111m] 222p 333s 444s 5z +5z", "[1111m] [222p] 333s 444s 5z +5z"]
    rows = [_one_row(text) for text in texts]
    counts, melds = np.concatenate([r[0] for r in rows]), np.concatenate([r[1] for r in rows])
    claimed = np.array([1, 1, 1, 2, 3])
    _, _, status = mjscore.distances_many(counts, "dmjl", melds=melds, claimed=claimed, return_status=True)
    _, _, scored = mjscore.score_many(counts, "dmjl", melds=melds, claimed=claimed, return_status=True)
    assert status.tolist() == [HandStatus.OK] + [HandStatus.BAD_MELD] * 4
    assert status.tolist() == scored.tolist()


@pytest.mark.parametrize("claimed", [16, -1, 1.5, "1", np.array([1, 1]), np.array([[1]])])
def test_bad_claimed_values_raise_as_score_many_raises(claimed: Any) -> None:
    counts, melds = _one_row("[1111m] 222p 333s 444s 5z +5z")
    with pytest.raises(InvalidContextError) as scored:
        mjscore.score_many(counts, "dmjl", melds=melds, claimed=claimed)
    with pytest.raises(InvalidContextError) as measured:
        mjscore.distances_many(counts, "dmjl", melds=melds, claimed=claimed)
    assert str(measured.value) == str(scored.value)
    assert str(scored.value).startswith("claimed")
