"""Scoring with jokers (issue 8 item 5), on both backends (the ``backend`` fixture).

The rule option ``jokers`` (off, pungs, chows, pairs), the ``no-jokers`` fact, the
best assignment of the jokers checked against a brute force over natural hands, the
agreement of the two backends, the bulk ``jokers=`` column, and what a Score says
each joker stood for.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

import mjscore
from mjscore import HandStatus, NotWinningError, RuleSetError, load_rules, score, score_many
from mjscore.core.context import WinContext
from mjscore.score.fold import score_reading
from mjscore.core import group_codes
from mjscore.core.group import GroupKind
from mjscore.core.hand import Hand
from mjscore.core.jokers import JokerUse
from mjscore.score.readings import readings
from mjscore.rows.codec import meld_bytes
from mjscore.rows.sample import random_complete_hands, random_draws
from mjscore.distances.samples import random_special_hands
from mjscore.core.tile import Tile, parse_tiles

PUNGS = load_rules("babcock", joker_use="pungs")
CHOWS = load_rules("babcock", joker_use="chows")
PAIRS = load_rules("babcock", joker_use="pairs")


# ------------------------------------------------------------------ the options

def test_jokers_are_off_by_default() -> None:
    assert load_rules("babcock").jokers is None
    assert load_rules("chinese-classical").jokers is None
    assert load_rules("babcock").option("joker-use") == "off"


@pytest.mark.parametrize(("word", "use"), [("pungs", mjscore.JOKERS_IN_PUNGS),
                                           ("chows", mjscore.JOKERS_IN_CHOWS),
                                           ("pairs", mjscore.JOKERS_IN_PAIRS)])
def test_the_option_names_where_jokers_stand(word: str, use: mjscore.JokerUse) -> None:
    assert load_rules("chinese-classical", joker_use=word).jokers == use


def test_a_bad_jokers_option_names_the_file_and_the_values() -> None:
    with pytest.raises(RuleSetError, match=r"rule set babcock: options.joker-use: expected one of 'off'.*'kongs'"):
        load_rules("babcock", joker_use="kongs")


def test_a_rule_set_without_jokers_says_so() -> None:
    with pytest.raises(NotWinningError, match="holds jokers, which babcock does not use"):
        score("123m 456p 789s 11z 55z J", "babcock", win_tile="1z")


def _bonus_rules(tmp_path: Path, jokers: str) -> mjscore.RuleSet:
    path = tmp_path / f"house-{jokers}.toml"  # load_rules keeps rule sets by path
    path.write_text(f'''name = "house"
extends = "babcock"
[options]
joker-use = "{jokers}"
[[items]]
id = "no-jokers-bonus"
name = "No jokers"
when = ["winner", "no-jokers"]
points = 10
source = "a house bonus for a hand without jokers"
''')
    return load_rules(path)


def test_the_no_jokers_bonus_is_data(tmp_path: Path, backend: str) -> None:
    house = _bonus_rules(tmp_path, "pungs")
    natural = score("123m 456p 789s 11z 555z", house, win_tile="1z")
    wild = score("123m 456p 789s 11z 55z J", house, win_tile="1z")
    assert "no-jokers-bonus" in [line.id for line in natural.lines]
    assert "no-jokers-bonus" not in [line.id for line in wild.lines]
    assert natural.total == score("123m 456p 789s 11z 555z", "babcock", win_tile="1z").total + 20
    off = _bonus_rules(tmp_path, "off")  # the fact means nothing without jokers
    assert "no-jokers-bonus" not in [line.id for line in score("123m 456p 789s 11z 555z", off,
                                                              win_tile="1z").lines]


def test_a_joker_in_a_meld_spoils_the_bonus(tmp_path: Path, backend: str) -> None:
    house = _bonus_rules(tmp_path, "pungs")
    result = score("123m 456p 789s 11z [55Jz]", house, win_tile="1z")
    assert "no-jokers-bonus" not in [line.id for line in result.lines]
    assert [(str(j.tile), j.group) for j in result.jokers] == [("5z", "pung 5z (declared)")]


# ------------------------------------------------------------ each eligibility

@pytest.mark.parametrize(("hand", "win", "accepted"), [
    ("123m 456p 789s 11z 55z J", "1z", {"pungs", "chows", "pairs"}),   # a joker in a pung
    ("12m 456p 789s 11z 555z J", "1z", {"chows", "pairs"}),            # in a chow
    ("123m 456p 789s 1z 555z J", "5z", {"pairs"}),                     # in the pair
])
def test_each_switch_accepts_and_rejects(backend: str, hand: str, win: str, accepted: set[str]) -> None:
    for word, rules in (("pungs", PUNGS), ("chows", CHOWS), ("pairs", PAIRS)):
        if word in accepted:
            assert score(hand, rules, win_tile=win).total > 0
        else:
            with pytest.raises(NotWinningError):
                score(hand, rules, win_tile=win)


def test_a_declared_chow_with_a_joker_needs_chows(backend: str) -> None:
    with pytest.raises(NotWinningError, match="lets jokers stand only in pungs and kongs"):
        score("123m 456p 11z 555z [4J6s]", PUNGS, win_tile="1z")
    assert score("123m 456p 11z 555z [4J6s]", CHOWS, win_tile="1z").jokers[0].group == "chow 456s (declared)"


def _seven_pairs_rules(tmp_path: Path, jokers: str) -> mjscore.RuleSet:
    """babcock with seven pairs as a shape that goes out (a house rule)."""
    path = tmp_path / "pairs.toml"
    path.write_text('name = "pairs"\nextends = "babcock"\nshapes = ["seven-pairs"]\n')
    return load_rules(path, joker_use=jokers)


def test_seven_pairs_take_jokers_in_pairs_only(tmp_path: Path, backend: str) -> None:
    hand = "11m 22m 33p 44p 55s 66s 7z J"
    assert score(hand, _seven_pairs_rules(tmp_path, "pairs"), win_tile="1m").shape == "seven-pairs"
    with pytest.raises(NotWinningError):
        score(hand, _seven_pairs_rules(tmp_path, "chows"), win_tile="1m")


def test_a_fixed_hand_takes_a_joker_only_in_a_group_that_may_hold_one(backend: str) -> None:
    hand = "19m 19p 19s 1234567z J"  # thirteen orphans: the joker is a second of some kind
    result = score(hand, load_rules("chinese-classical", joker_use="pairs"), win_tile="1z")
    assert result.special == "thirteen-orphans" and result.limit == 1
    assert result.jokers[0].group.split()[0] in ("pair", "single", "singles")
    with pytest.raises(NotWinningError):  # its singles and pair take no joker under pungs
        score(hand, load_rules("chinese-classical", joker_use="pungs"), win_tile="1z")


@pytest.mark.parametrize(("hand", "stands_for", "run"), [
    ("19m 9p 19s 1234567z 1m J", "1p", "19m19p19s"),   # the joker is a tile of the suited run
    ("19m 19p 19s 123456z 1m J", "7z", "1234567z"),     # ... or of the honours' run
])
def test_a_joker_stands_in_a_run_of_singles_of_a_fixed_hand(backend: str, hand: str, stands_for: str,
                                                             run: str) -> None:
    """003 #14 Thirteen Orphans: a run of singles holds several tiles, and a joker may be
    any one of them (not only its first), under jokers in pairs and singles."""
    result = score(hand, load_rules("chinese-classical", joker_use="pairs"), win_tile="1m", self_drawn=True)
    assert result.special == "thirteen-orphans"
    assert [str(j) for j in result.jokers] == [f"joker as {stands_for} in the singles of {run}"]
    with pytest.raises(NotWinningError):
        score(hand, load_rules("chinese-classical", joker_use="pungs"), win_tile="1m", self_drawn=True)


def test_no_five_of_a_kind_counting_jokers(backend: str) -> None:
    # four 5z are held: the joker cannot be a fifth, so the hand does not go out
    with pytest.raises(NotWinningError):
        score("123m 456p 789s 5555z J", PAIRS, win_tile="1m")


# ------------------------------------------------------------ explain, to_dict

def test_the_score_says_what_each_joker_stood_for(backend: str) -> None:
    result = score("123m 456p 789s 11z 55z J", PUNGS, win_tile="1z")
    assert "joker as 5z in the pung of 5z" in result.explain()
    assert result.to_dict()["jokers"] == [{"tile": "5z", "group": "pung 5z"}]
    assert "55Jz" in [str(g) for g in result.decomposition]
    chow = score("12m 456p 789s 11z 555z J", CHOWS, win_tile="1z")
    assert "joker as 3m in the chow 123m" in chow.explain()
    assert score("123m 456p 789s 11z 555z", CHOWS, win_tile="1z").to_dict()["jokers"] == []


# ------------------------------------------------------------- property tests

def _natural_hands(n: int, seed: int) -> list[tuple[Hand, Tile]]:
    """Complete natural hands with a winning tile each (seven pairs among them)."""
    rng = np.random.default_rng(seed)
    hands = []
    for counts in random_complete_hands(n, seed=seed, seven_pairs=0.15):
        held = [t for t in range(34) if counts[t]]
        hands.append((Hand(tuple(int(c) for c in counts)), Tile(int(rng.choice(held)))))
    return hands


@pytest.mark.parametrize("rules", ["babcock", "chinese-classical"])
def test_a_hand_without_jokers_scores_the_same_with_jokers_on(backend: str, rules: str) -> None:
    on = load_rules(rules, joker_use="pairs")
    for hand, win in _natural_hands(60, seed=3):
        for self_drawn in (False, True):
            try:
                plain = score(hand, rules, win_tile=win, self_drawn=self_drawn)
            except NotWinningError:
                with pytest.raises(NotWinningError):
                    score(hand, on, win_tile=win, self_drawn=self_drawn)
                continue
            wild = score(hand, on, win_tile=win, self_drawn=self_drawn)
            assert (wild.total, wild.special, wild.lines) == (plain.total, plain.special, plain.lines)


def _allowed(reading, natural: list[int], tiles: tuple[int, ...], use: mjscore.JokerUse,
             n_melds: int) -> bool:
    """Whether a reading of the substituted hand keeps its jokers (``tiles``) where ``use``
    lets them stand: every joker in a concealed group of its tile that may hold one (a
    chow one, a pung two, a pair one), each group keeping a natural tile, and the winning
    tile natural in the group it completed."""
    win = int(reading.win_tile)
    if natural[win] == 0:
        return False
    if reading.shape == "seven-pairs":
        counts = [natural[t] + tiles.count(t) for t in range(34)]
        return bool(use & mjscore.JokerUse.PAIRS) and all(2 * natural[t] >= counts[t] for t in range(34))
    assert reading.shape == "standard"
    groups = [g.group for g in reading.groups[:len(reading.groups) - n_melds]]
    room = [{GroupKind.SEQUENCE: 1 if use & mjscore.JokerUse.CHOWS else 0,
             GroupKind.TRIPLET: 2 if use & mjscore.JokerUse.PUNGS else 0,
             GroupKind.PAIR: 1 if use & mjscore.JokerUse.PAIRS else 0}[g.kind] for g in groups]
    winners = [k for k, g in enumerate(groups) if g == reading.win_group]

    def place(i: int, chosen: list[tuple[int, int]]) -> bool:
        if i == len(tiles):  # some group like the completed one holds the winning tile naturally
            return any(groups[k].kind != GroupKind.SEQUENCE or (win, k) not in chosen for k in winners)
        for k, g in enumerate(groups):
            if room[k] and tiles[i] in g.tiles:
                room[k] -= 1
                if place(i + 1, [*chosen, (tiles[i], k)]):
                    return True
                room[k] += 1
        return False

    return place(0, [])


def _brute_force(hand: Hand, win: Tile, rules: mjscore.RuleSet, self_drawn: bool) -> int | None:
    """The best score over every allowed substitution of the hand's jokers by natural tiles.

    A substitution D (a multiset of ``hand.jokers`` tiles, at most four of a kind counting
    the melds) makes the natural hand S; each reading of S (the reference's readings of a
    natural hand, special hands included) counts if :func:`_allowed` holds for it, and
    scores what the fold gives it. Only tiles next to (or equal to) a natural tile are
    tried: a joker joins a group with a natural tile of its own suit within two ranks,
    so no other tile can be allowed. None: no allowed reading (the hand does not win).
    """
    natural = list(hand.concealed)
    near = sorted({t + d for t in range(34) if natural[t] for d in range(-2, 3)
                   if 0 <= t + d < 34 and (t + d) // 9 == t // 9 and (t < 27 or d == 0)})
    context = WinContext.from_keywords(win_tile=win, self_drawn=self_drawn, winner=True)
    best = None
    for tiles in itertools.combinations_with_replacement(near, hand.jokers):
        counts = list(natural)
        for t in tiles:
            counts[t] += 1
        if any(counts[t] + hand.counts[t] - natural[t] > 4 for t in range(34)):
            continue
        substituted = Hand(tuple(counts), hand.melds)
        for reading in readings(substituted, context, rules):
            if reading.shape == "special" or not _allowed(reading, natural, tiles, rules.jokers, len(hand.melds)):
                continue
            total = score_reading(rules, reading).total
            best = total if best is None else max(best, total)
    return best


def _joker_hands(n: int, seed: int, jokers: int) -> list[tuple[Hand, Tile]]:
    """Complete hands with ``jokers`` of their tiles (never the winning one) turned to jokers."""
    rng = np.random.default_rng(seed)
    out = []
    for hand, win in _natural_hands(n, seed):
        tiles = [t for t in range(34) for _ in range(hand.concealed[t]) if t != win]
        taken = rng.choice(len(tiles), size=jokers, replace=False)
        counts = list(hand.concealed)
        for k in taken:
            counts[tiles[k]] -= 1
        out.append((Hand(tuple(counts), jokers=jokers), win))
    return out


@pytest.fixture(scope="module")
def no_single_wait(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Babcock without "only possible place to win": with jokers, single-wait counts the
    tiles the hand could win on with its jokers free, which the natural hand it stands
    for cannot know (tested by test_a_joker_makes_more_waits)."""
    path = tmp_path_factory.mktemp("rules") / "no-single-wait.toml"
    path.write_text('name = "no-single-wait"\nextends = "babcock"\nremove = ["only-place"]\n')
    return path


def test_a_joker_makes_more_waits(backend: str) -> None:
    # 45m + J + 789m ...: won on 5m, the natural 456m would wait on 5m alone; the hand
    # with its joker free could also have won on 3m, 6m and more: no single wait
    result = score("45789m 666s 789s 33z J", CHOWS, win_tile="5m")
    assert "only-place" not in [line.id for line in result.lines]
    natural = score("456789m 666s 789s 33z", CHOWS, win_tile="5m")
    assert "only-place" in [line.id for line in natural.lines]
    assert "only-place" in [line.id for line in score("123m 456p 789s 11z 55z J", PUNGS, win_tile="1z").lines]


def test_a_joker_hands_breakdown_is_kept_between_calls_and_never_mixed(backend: str) -> None:
    """score() writes a joker hand's reading out once per rule set, as a plain hand's (its
    groups, lines and where each joker stood): the key adds the tiles the jokers stood for
    and the declared melds holding some, which the row's meld bytes do not show. Hands
    alike but for those keep their own placements, and a cold call gives what a warm one
    does."""
    from mjscore.score.scoring import clear_caches

    rules = load_rules("babcock", joker_use="pairs")
    hands = [("123m 456p 789s 11z [55Jz]", "1z"), ("123m 456p 789s 11z [5JJz]", "1z"),
             ("123m 456p 789s 11z [555z]", "1z"), ("123m 456p 789s 1z J [555z]", "1z"),
             ("123m 456p 789s 11z 55z J", "1z"), ("123m 456p 789s 11z 55z J", "5z")]
    warm = [score(hand, rules, win_tile=win) for hand, win in hands]
    assert [len(one.jokers) for one in warm] == [1, 2, 0, 1, 1, 1]
    assert [score(hand, rules, win_tile=win) for hand, win in hands] == warm
    clear_caches(rules)
    assert [score(hand, rules, win_tile=win) for hand, win in reversed(hands)][::-1] == warm


@pytest.mark.parametrize(("hand", "win", "word", "single"), [
    # a run won at its open end waits on its other end as well, unless all four show
    ("234m 777p 1z JJ 66s [5555p]", "2m", "pungs", False),
    ("234m 777p 1z JJ 66s [5555m]", "2m", "pungs", True),
    # a pung holding a joker beside a pair: the pair's tile would make it a pung and the
    # pung less the winning tile a pair holding the joker, which only jokers in pairs allow
    # (the dragons' pung is scored first: the joker standing for 1s scores less)
    ("55z J 11s 234p 567p 789s", "5z", "pungs", True),
    ("55z J 11s 234p 567p 789s", "5z", "pairs", False),
    ("66m J 11s 234p 567p 789s", "6m", "pungs", True),
    # won on the pair with two jokers in pungs: the hand less 1z was also completed by
    # 5z (55z the pair, 1z with both jokers the pung); with one joker it was not
    ("11z 5z JJ 123m 456p 789s", "1z", "pungs", False),
    ("11z 55z J 123m 456p 789s", "1z", "pungs", True),
])
def test_a_joker_hand_waits_on_one_tile_only_where_no_other_completes_it(backend: str, hand: str, win: str,
                                                                          word: str, single: bool) -> None:
    """004 Bonus: "To complete the hand by filling in the only possible place to win | 2
    points" (only-place), with jokers: another tile completing the hand with the jokers
    where they may stand is a second wait. A reading may show one at once (the scorer
    then searches no further); where it cannot, the hand's waits are searched."""
    rules = load_rules("babcock", joker_use=word)
    result = score(hand, rules, win_tile=win)
    assert ("only-place" in [line.id for line in result.lines]) is single
    parsed = mjscore.parse_hand(hand)
    totals, _ = score_many(np.array([parsed.concealed], dtype=np.uint8), rules, jokers=parsed.jokers,
                           melds=np.frombuffer(meld_bytes(parsed.melds), dtype=np.uint8)[None], win_tile=win)
    assert totals.tolist() == [result.total]


@pytest.mark.parametrize("word", ["pungs", "chows", "pairs"])
@pytest.mark.parametrize("jokers", [1, 2])
def test_the_score_is_the_best_allowed_substitution(backend: str, no_single_wait: Path, word: str,
                                                     jokers: int) -> None:
    rules = load_rules(no_single_wait, joker_use=word)
    for i, (hand, win) in enumerate(_joker_hands(12 if jokers == 1 else 6, seed=10 + jokers, jokers=jokers)):
        self_drawn = bool(i % 2)
        expected = _brute_force(hand, win, rules, self_drawn)
        if expected is None:
            with pytest.raises(NotWinningError):
                score(hand, rules, win_tile=win, self_drawn=self_drawn)
        else:
            assert score(hand, rules, win_tile=win, self_drawn=self_drawn).total == expected, str(hand)


@pytest.mark.both_backends
@pytest.mark.parametrize("rules", ["babcock", "chinese-classical"])
def test_the_backends_agree_on_joker_hands(rules: str) -> None:
    from mjscore.score import _reference as reference

    compiled = pytest.importorskip("mjscore.score._kernel")
    for word in ("pungs", "chows", "pairs"):
        ruleset = load_rules(rules, joker_use=word)
        hands = _joker_hands(40, seed=21, jokers=1) + _joker_hands(25, seed=22, jokers=2)
        counts = np.array([h.concealed for h, _ in hands], dtype=np.uint8)
        wins = np.array([int(w) for _, w in hands], dtype=np.uint8)
        jokers = np.array([h.jokers for h, _ in hands], dtype=np.uint8)
        results = []
        for module in (reference, compiled):
            totals = np.zeros(len(hands), dtype=np.int32)
            special = np.zeros(len(hands), dtype=np.int16)
            status = np.zeros(len(hands), dtype=np.uint8)
            n = len(hands)
            module.score_many_jokers(counts, np.full((n, 4), 0xFF, dtype=np.uint8), wins,
                                     np.full(n, 2048 | 2 | 1, dtype=np.uint32), np.full(n, 27, dtype=np.uint8),
                                     np.full(n, 27, dtype=np.uint8), jokers, ruleset, totals, special, status)
            results.append((totals.tolist(), special.tolist(), status.tolist()))
        assert results[0] == results[1]
        assert results[0][2].count(0) > len(hands) // 4  # most of them won


@pytest.mark.both_backends
def test_the_backends_agree_on_western_special_hands_with_jokers() -> None:
    """001 (western): ways of its fixed-shape special hands (Knitting, the Gates, Civil
    War, ...) with 1, 2 or 3 of their tiles (never the winning one) turned into jokers:
    the compiled scorer, which visits only the fixed variants the held tiles plus one or
    two tiles make (three: every variant), scores them as the reference, which tries
    every fixed variant."""
    from mjscore.score import _reference as reference

    compiled = pytest.importorskip("mjscore.score._kernel")
    ruleset = load_rules("western", joker_use="pairs")
    ways = sorted({v.counts for vs in ruleset.hand_tables.fixed.values() for v in vs if sum(v.counts) == 14})
    rng = np.random.default_rng(31)
    n = 36  # most ways are Knitting's, where no joker stands: enough rows to meet other hands
    counts = np.array([ways[k] for k in rng.choice(len(ways), size=n, replace=False)], dtype=np.uint8)
    wins = np.array([rng.choice(np.flatnonzero(row)) for row in counts], dtype=np.uint8)
    jokers = (np.arange(n) % 3 + 1).astype(np.uint8)
    for row, win, wild in zip(counts, wins, jokers):
        spare = [t for t in range(34) for _ in range(row[t] - (t == win))]
        for k in rng.choice(len(spare), size=wild, replace=False):
            row[spare[k]] -= 1
    results = []
    for module in (reference, compiled):
        totals = np.zeros(n, dtype=np.int32)
        special = np.zeros(n, dtype=np.int16)
        status = np.zeros(n, dtype=np.uint8)
        module.score_many_jokers(counts, np.full((n, 4), 0xFF, dtype=np.uint8), wins,
                                 np.full(n, 2048 | 2 | 1, dtype=np.uint32), np.full(n, 27, dtype=np.uint8),
                                 np.full(n, 27, dtype=np.uint8), jokers, ruleset, totals, special, status)
        results.append((totals.tolist(), special.tolist(), status.tolist()))
    assert results[0] == results[1]
    specials = np.array(results[0][1])
    assert (specials[jokers < 3] >= 0).sum() >= 3  # the index found their special hands


@pytest.mark.both_backends
def test_the_backends_agree_on_western_hands_with_two_jokers() -> None:
    """001 (western): its special hands as drawn (any of the 50, quantified ones too) and
    plain hands, two tiles of each (never the winning one) turned into jokers. A row's
    substitutions share one list of the pattern variants any of them may fill
    (c_candidates_bound, each D filtering only those): the compiled scorer scores them
    as the reference, which filters every variant for each D."""
    from mjscore.score import _reference as reference
    from mjscore.distances.samples import random_special_hands

    compiled = pytest.importorskip("mjscore.score._kernel")
    ruleset = load_rules("western", joker_use="pairs")
    drawn, drawn_melds, _ = random_special_hands(ruleset, 8, seed=41)
    counts = np.concatenate([drawn, random_complete_hands(2, seed=42)]).astype(np.uint8)
    melds = np.concatenate([drawn_melds, np.full((2, 4), 0xFF, dtype=np.uint8)]).astype(np.uint8)
    rng = np.random.default_rng(43)
    wins = np.array([rng.choice(np.flatnonzero(row)) for row in counts], dtype=np.uint8)
    for row, win in zip(counts, wins):
        spare = [t for t in range(34) for _ in range(row[t] - (t == win))]
        for k in rng.choice(len(spare), size=2, replace=False):
            row[spare[k]] -= 1
    n = len(counts)
    results = []
    for module in (reference, compiled):
        totals = np.zeros(n, dtype=np.int32)
        special = np.zeros(n, dtype=np.int16)
        status = np.zeros(n, dtype=np.uint8)
        module.score_many_jokers(counts, melds, wins, np.full(n, 2048 | 2 | 1, dtype=np.uint32),
                                 np.full(n, 27, dtype=np.uint8), np.full(n, 27, dtype=np.uint8),
                                 np.full(n, 2, dtype=np.uint8), ruleset, totals, special, status)
        results.append((totals.tolist(), special.tolist(), status.tolist()))
    assert results[0] == results[1]
    assert sum(h >= 0 for h in results[0][1][:8]) >= 4  # most drawn hands still make one


@pytest.mark.both_backends
@pytest.mark.parametrize("rules", ["western", "babcock"])
def test_the_backends_agree_on_the_reading_and_substitution_that_score(rules: str) -> None:
    """The compiled scorer bounds each substitution from its counts and skips those that
    cannot beat the best found (_score_bound): over rows won either way, by every seat
    and round, the reading it keeps (its total, items, shape, decomposition, group and
    hands) and what the jokers stood for are the reference's, which scores every
    substitution in order (ties keep the first)."""
    from mjscore.score import _reference as reference

    compiled = pytest.importorskip("mjscore.score._kernel")
    ruleset = load_rules(rules, joker_use="pairs")
    hands = _joker_hands(24, seed=51, jokers=2) + _joker_hands(8, seed=52, jokers=1)
    no_melds = np.full(4, 0xFF, dtype=np.uint8)
    kept = set()
    for i, (hand, win) in enumerate(hands):
        flags = 2048 | (1 if i % 2 else 0) | (2 if i % 4 == 0 else 0)
        seat, prevailing = 27 + i % 4, 27 + i // 4 % 4
        if seat == 27 and not flags & 2 or seat != 27 and flags & 2:
            flags ^= 2  # the dealer sits East
        counts = np.array(hand.concealed, dtype=np.uint8)
        expected = reference.score_one_jokers(counts, no_melds, int(win), flags, seat, prevailing, ruleset,
                                              hand.jokers)
        assert compiled.score_one_jokers(counts, no_melds, int(win), flags, seat, prevailing, ruleset,
                                         hand.jokers) == expected, str(hand)
        kept.add(expected[0][1])
    assert len(kept) > 4  # scores of several sizes, so the bounds cut somewhere


@pytest.mark.parametrize(("rules", "word"), [("western", "pairs"), ("western", "required"), ("babcock", "pairs"),
                                           ("babcock", "pungs")])
def test_the_bounds_skip_no_substitution_that_would_score_more(rules: str, word: str) -> None:
    """The compiled scorer with its bounds (_score_bound) and scoring every substitution
    in order keep the same reading and substitution, on 1,500 rows of 1-2 jokers won
    either way by every seat and round: bounds two points too low (before the doubles)
    change some of them under each rule set. Under ``western``, 400 more rows are its
    special hands with two of their concealed tiles made jokers: substitutions that may
    make a special hand are bounded by the shares of the hands they may make. Under its
    preset ``required`` (no plain reading wins), a row's only substitution is bounded
    too, and skipped if it can make no special hand."""
    compiled = pytest.importorskip("mjscore.score._kernel")
    jokers_module = pytest.importorskip("mjscore.score.jokers._scoring")
    ruleset = load_rules(rules, preset=word) if word == "required" else load_rules(rules, joker_use=word)
    no_melds = np.full(4, 0xFF, dtype=np.uint8)
    hands = [(np.array(hand.concealed, dtype=np.uint8), no_melds, int(win), hand.jokers)
             for hand, win in _joker_hands(1000, seed=61, jokers=2) + _joker_hands(500, seed=62, jokers=1)]
    if rules == "western":
        rng = np.random.default_rng(63)
        for concealed, meld_bytes, _ in zip(*random_special_hands(rules, 400, seed=64)):
            concealed = concealed.copy()
            won_on = int(rng.choice(np.repeat(np.arange(34), concealed)))
            spare = np.repeat(np.arange(34), concealed - (np.arange(34) == won_on))
            if len(spare) < 2:
                continue  # (its melds hold the rest)
            for t in rng.choice(spare, size=2, replace=False):
                concealed[t] -= 1
            hands.append((concealed, meld_bytes, won_on, 2))
    rows = []
    for i, (concealed, meld_bytes, win, wild) in enumerate(hands):
        flags = 2048 | (1 if i % 2 else 0)
        seat, prevailing = 27 + i % 4, 27 + i // 4 % 4
        rows.append((concealed, meld_bytes, win, flags | (2 if seat == 27 else 0), seat, prevailing, wild))
    counts, melds, win, flags, seat, prevailing, jokers = (
        np.array(column, dtype=np.uint32 if k == 3 else np.uint8) for k, column in enumerate(zip(*rows)))
    results, bulk = [], []
    for every in (False, True):
        previous = jokers_module.score_every_substitution(every)
        try:
            results.append([compiled.score_one_jokers(c, m, w, f, s, p, ruleset, j)
                            for c, m, w, f, s, p, j in rows])
            out = (np.zeros(len(rows), dtype=np.int32), np.zeros(len(rows), dtype=np.int16),
                   np.zeros(len(rows), dtype=np.uint8))
            compiled.score_many_jokers(counts, melds, win, flags, seat, prevailing, jokers, ruleset, *out)
            bulk.append([x.tolist() for x in out])
        finally:
            jokers_module.score_every_substitution(previous)
    assert results[0] == results[1]
    won = sum(r[0][0] == 0 for r in results[0])
    if word == "required":  # only special hands win: the special rows whose jokers sit in pungs
        assert won == sum(r[0][2] >= 0 for r in results[0]) > 100
    else:
        assert won > len(rows) // 4  # many of them won
    if word == "pairs" and rules == "western":  # most special rows make a special hand
        assert sum(r[0][2] >= 0 for r in results[0][1500:]) > 200
    # a bulk call keeps only the totals and special hands: it also skips the ties of a
    # plain best that come first in order, and must give the same totals and hands
    assert bulk[0] == bulk[1]
    assert bulk[1] == [[r[0][1] for r in results[1]], [r[0][2] for r in results[1]],
                       [r[0][0] for r in results[1]]]


def _may_stand_for(natural: np.ndarray, held: np.ndarray, use: int) -> set[int]:
    """The tiles a joker may stand for: one whose group keeps a natural tile (a tile the
    concealed tiles hold, or with chows one within two of a held tile of its suit), not
    already shown four times."""
    near = {t for t in range(34) if natural[t]}
    if use & JokerUse.CHOWS:
        near |= {t + k for t in list(near) if t < 27 for k in (-2, -1, 1, 2) if 0 <= t % 9 + k < 9}
    return {t for t in near if held[t] < 4}


@pytest.mark.parametrize("use", [JokerUse.PUNGS | JokerUse.CHOWS | JokerUse.PAIRS, JokerUse.PUNGS | JokerUse.PAIRS,
                                 JokerUse.CHOWS, JokerUse.PUNGS])
def test_the_substitutions_completing_sets_are_every_pair_of_tiles_that_does(use: int) -> None:
    # the one or two tiles D the jokers stand for, as the compiled scorer finds them
    # (per suit, from the wait table), against every D tried: natural + D splits into
    # sets and a pair, each tile one a joker may stand for, two alike within four shown;
    # with jokers in pungs alone, some split puts each of D's tiles in a pung of it
    # (test_scoring_jokers: a joker's pung keeps a natural tile, so it holds two at most).
    # A quarter of the rows have a natural tile moved to another kind: their parts' sizes
    # mod 3 are then mostly ones no D can complete (the pung search's first test)
    substitutions = pytest.importorskip("mjscore.score.jokers._substitutions")
    kernel = pytest.importorskip("mjscore.decompose._kernel")
    rng = np.random.default_rng(73)
    for i, counts in enumerate(random_complete_hands(400, seed=74)):
        jokers = 1 + i % 2
        natural = counts.copy()
        for t in rng.choice(np.repeat(np.arange(34), counts), size=jokers, replace=False):
            natural[t] -= 1
        if i % 4 == 3:
            natural[rng.choice(np.flatnonzero(natural))] -= 1
            natural[rng.choice(np.flatnonzero(natural < 4))] += 1
        held = natural.copy()
        if i % 3 == 0:  # melds showing some of a tile cap what the jokers may stand for
            t = int(rng.integers(34))
            held[t] = min(4, held[t] + 1 + i % 2)
        near = _may_stand_for(natural, held, use)
        expected = []
        for d in itertools.combinations_with_replacement(sorted(near), jokers):
            if jokers == 2 and d[0] == d[1] and held[d[0]] + 2 > 4:
                continue
            s = natural.copy()
            for t in d:
                s[t] += 1
            splits = kernel.decompose(s)
            if use == JokerUse.PUNGS:
                splits = [g for g in splits if all((GroupKind.TRIPLET, t) in g for t in d)]
            if splits:
                expected.append(d)
        assert substitutions.completing_substitutions(natural, held, jokers, int(use)) == expected, (natural, held)



@pytest.mark.parametrize(("natural", "jokers", "expected"), [
    # every part 0 mod 3: (t, t) or (t, u) within one part, which then holds the pair
    ("1m234m55m555p789s", 2, [("1m", "1m"), ("4m", "4m")]),
    # one part 1 and one 2 mod 3: within the first, or across the two
    ("1144m55p789s123s", 2, [("1m", "4m"), ("1m", "5p"), ("4m", "5p")]),
    ("111m234m555p11z5z", 2, [("5z", "5z")]),  # an honour held once: its pung is two jokers
    # three parts 2 mod 3: across two of them, the third keeps its pair
    ("11m234m55p789s11z", 2, [("1m", "5p"), ("1m", "1z"), ("5p", "1z")]),
    # one joker: a part 1 mod 3 keeps the pair, or one of two parts 2 mod 3 loses it
    ("5577m111p789s123s", 1, [("5m",), ("7m",)]),
    ("111m234m55p789s11z", 1, [("5p",), ("1z",)]),
    # near misses: a chow short of a tile (no pung of jokers mends it), two honours held once
    ("1144m56p789s123s", 2, []),
    ("5567m111p789s123s", 1, []),
    ("11m234m55p789s12z", 2, []),
])
def test_jokers_in_pungs_stand_where_the_parts_sizes_allow(natural: str, jokers: int,
                                                           expected: list[tuple[str, ...]]) -> None:
    # c_complete_subs with jokers in pungs alone (_substitutions._pung_subs) reads the
    # parts' sizes mod 3 first: after D, one part is 2 mod 3 (the pair's) and the rest 0
    # (seed 001: "special hands required" is played with the Jokers; western.toml's
    # preset puts them in pungs and kongs alone, each pung keeping a natural tile)
    substitutions = pytest.importorskip("mjscore.score.jokers._substitutions")
    counts = np.array(parse_tiles(natural), dtype=np.uint8)
    assert counts.sum() == 14 - jokers
    found = substitutions.completing_substitutions(counts, counts, jokers, int(JokerUse.PUNGS))
    assert [tuple(str(Tile(t)) for t in d) for d in found] == expected
@pytest.mark.parametrize(("jokers", "size"), [(2, 11), (2, 8), (2, 5), (2, 2), (1, 12), (1, 9), (1, 6), (1, 3)])
def test_the_waits_with_jokers_in_pungs_are_the_joker_tables(jokers: int, size: int) -> None:
    # the waits a row's single-wait fact counts when its jokers stand in pungs alone, from
    # the parts of its natural tiles (_placement.c_pung_waits_upto), against the joker tables' (the
    # kernel's waits with jokers): hands less some tiles and random draws of the size a
    # hand with that many jokers (and some melds) waits with, some tiles capped by melds
    pung_waits = pytest.importorskip("mjscore.score.jokers._placement").pung_waits
    kernel = pytest.importorskip("mjscore.decompose._kernel")
    rng = np.random.default_rng(size + 20 * jokers)
    rows = [np.bincount(rng.permutation(np.repeat(np.arange(34), hand))[:size], minlength=34)
            for hand in random_complete_hands(600, seed=size)]
    rows += list(random_draws(300, seed=size, size=size).astype(np.int64))
    waiting = 0
    for counts in rows:
        caps = np.full(34, 4)
        for t in rng.choice(34, size=rng.integers(0, 4)):
            caps[t] = rng.integers(counts[t], 5)
        expected = kernel.waits_jokers(counts, jokers, int(JokerUse.PUNGS), caps)
        assert pung_waits(counts, jokers, caps) == expected, (counts.tolist(), caps.tolist())
        waiting += expected != 0
    assert waiting > len(rows) // 10


@pytest.mark.parametrize("word", ["pairs", "pungs"])
def test_the_fixed_variant_index_finds_each_variant_less_one_or_two_of_its_tiles(word: str) -> None:
    # the FixedIndex a row with one or two jokers looks its fixed-shape hands up in: for
    # each variant less any one or two of the tiles a joker may stand for there (those of
    # its groups that may hold one: no knitted group, and under pungs a pung or kong),
    # the key's top 32 bits are listed (sorted, in their bucket) with that variant, and
    # the key's bit is set; a variant is listed for no other tile taken out
    jokers_module = pytest.importorskip("mjscore.score.jokers._scoring")
    rules = load_rules("western", joker_use=word)
    rows, n, arrays = jokers_module.joker_fixed_rows(rules)
    shapes = [v.groups for vs in rules.hand_tables.fixed.values() for v in vs]
    holding = {"pairs": {GroupKind.SEQUENCE, GroupKind.TRIPLET, GroupKind.QUAD, GroupKind.PAIR, group_codes.SINGLE},
               "pungs": {GroupKind.TRIPLET, GroupKind.QUAD}}[word]
    counts, weight = rows[:n, :34], [int(w) for w in arrays[0]]
    rng = np.random.default_rng(91)
    for j in (1, 2):
        keys, variants, bits, shift, starts = arrays[1 + 5 * (j - 1):6 + 5 * (j - 1)]
        assert len(keys) == len(variants) and (np.diff(keys.astype(np.int64)) >= 0).all()
        # the keys of bucket b (their top 16 bits b) are keys[starts[b]:starts[b + 1]]
        assert starts[0] == 0 and starts[-1] == len(keys) and len(starts) == 2 ** 16 + 1
        bucket, place = keys >> 16, np.arange(len(keys))
        assert ((starts[bucket] <= place) & (place < starts[bucket + 1])).all() and (np.diff(starts) >= 0).all()
        listed = 0
        for e in rng.choice(n, size=300, replace=False):
            tiles = np.repeat(np.arange(34), counts[e]).tolist()
            standing = {t for kind, held, _ in shapes[e] if kind in holding for t in held}
            whole = sum(weight[t] for t in tiles)
            for taken in set(itertools.combinations(tiles, j)):
                key = (whole - sum(weight[t] for t in taken)) % 2 ** 64
                lo, hi = np.searchsorted(keys, [key >> 32, (key >> 32) + 1])
                if not standing.issuperset(taken):
                    assert e not in variants[lo:hi], (e, taken)
                    continue
                listed += 1
                assert e in variants[lo:hi], (e, taken)
                assert int(bits[(key >> shift) >> 6]) >> ((key >> shift) & 63) & 1, (e, taken)
        assert listed > 0


def test_rule_sets_with_the_same_fixed_variants_share_their_joker_tables() -> None:
    # the rows built once for a rule file's presets (7 MB for western), the index once for
    # those letting jokers stand in the same groups (about 0.3 s and 6 MB for western's
    # widest, much less where jokers stand in pungs alone), read-only
    jokers_module = pytest.importorskip("mjscore.score.jokers._scoring")
    widest = jokers_module.joker_fixed_rows(load_rules("western", joker_use="pairs"))
    required = jokers_module.joker_fixed_rows(load_rules("western", preset="required"))
    pungs = jokers_module.joker_fixed_rows(load_rules("western", joker_use="pungs"))
    assert required[0] is widest[0] and pungs[2] is required[2] and required[2] is not widest[2]
    assert len(required[2][1]) < len(widest[2][1]) // 10
    assert not widest[0].flags.writeable and not any(a.flags.writeable for a in widest[2][1:4])
    american = jokers_module.joker_fixed_rows(load_rules("american"))
    assert american[0] is not widest[0] and american[1] != widest[1]


# ------------------------------------------------------------------ bulk

@pytest.mark.parametrize(("tiles", "win"), [("111224688999s", "1s"), ("111234556799m", "5m"),
                                            ("1555p55566777z", "5p"), ("55588p5556677z", "5z")])
def test_a_bulk_call_keeps_the_substitution_first_in_order_at_a_tie(backend: str, tiles: str, win: str) -> None:
    """001 (western), with jokers: two jokers here make a plain hand at the limit (300) and,
    standing for other tiles, a special hand worth the same; ties keep the substitution
    first in order, the plain one. score_many, which skips the ties a plain best cannot
    lose, must still report what score does: no special hand."""
    ruleset = load_rules("western", joker_use="pairs")
    one = score(f"{tiles} JJ", ruleset, win_tile=win, self_drawn=True)
    totals, special = score_many(np.array([mjscore.parse_tiles(tiles)], dtype=np.uint8), ruleset, win_tile=win,
                                 self_drawn=True, jokers=2)
    assert (one.total, one.special) == (300, None)
    assert (totals.tolist(), special.tolist()) == ([300], [-1])


@pytest.mark.parametrize(("tiles", "win", "self_drawn", "seat", "prevailing"), [
    ("22334466688s6z", "8s", True, "E", "S"), ("22334466888p5z", "2p", False, "W", "E"),
    ("22334466688p5z", "4p", True, "N", "E"), ("2234466888s66z", "4s", False, "S", "N"),
    ("2234466688s66z", "6z", False, "N", "W")])
def test_a_bulk_call_keeps_a_special_hand_first_in_order_at_a_tie(backend: str, tiles: str, win: str,
                                                                  self_drawn: bool, seat: str, prevailing: str) -> None:
    """001 (western) with a limit of 40, so plain hands reach it: two jokers standing for
    some tiles make a hand worth the limit (Jade, Pearl, All Pair Jade); standing for
    others, a plain hand at the limit, after a substitution that may make a hand worth
    more and was scored first. The tie goes to the substitution first in order, the
    special one: score_many, which skips ties a plain best cannot lose, must not skip
    this one (found by a search over special rows with the guard removed)."""
    ruleset = load_rules("western", joker_use="pairs", limit=40)
    context = {"win_tile": win, "self_drawn": self_drawn, "seat_wind": seat, "prevailing_wind": prevailing}
    one = score(f"{tiles} JJ", ruleset, **context)
    totals, special = score_many(np.array([mjscore.parse_tiles(tiles)], dtype=np.uint8), ruleset, jokers=2,
                                 **context)
    assert one.total == 40 and one.special is not None
    assert (totals.tolist(), special.tolist()) == ([40], [[hand.id for hand in ruleset.hands].index(one.special)])


@pytest.mark.parametrize(("name", "use"), [("chinese-classical", "pairs"), ("bmja", "pungs"), ("western", "pungs")])
def test_a_joker_row_scores_alike_alone_and_among_others(backend: str, name: str, use: str) -> None:
    """A bulk call remembers what its rows share (the items' most points for the facts a
    substitution's bound asks) while the rule set, the winds, the winning tile and the
    bonus tiles stay: each row here comes three times among the others, with another
    winning tile (chinese-classical's items name winning tiles), winds and flowers
    (bmja's count each one), so a sum remembered past what it depends on would bound a
    row by another's and skip its best substitution. Each total is the row's alone."""
    rules = load_rules(name, joker_use=use)
    rng = np.random.default_rng(33)
    distinct = 12 if backend == "python" else 300
    complete = random_complete_hands(distinct, seed=33)
    counts, win, seat, prevailing, bonus = [], [], [], [], []
    for hand in complete:
        for _ in range(3):
            natural = hand.copy()
            won = int(rng.choice(np.flatnonzero(natural)))
            spare = natural.astype(np.int64)
            spare[won] -= 1
            for _ in range(2):  # two tiles (never the winning one) become jokers
                t = int(rng.choice(np.flatnonzero(spare)))
                spare[t] -= 1
                natural[t] -= 1
            counts.append(natural)
            win.append(won)
            seat.append(27 + int(rng.integers(4)))
            prevailing.append(27 + int(rng.integers(4)))
            bonus.append(int(rng.integers(256)))
    order = rng.permutation(len(counts))
    columns = {"win_tile": np.array(win, dtype=np.uint8)[order], "seat_wind": np.array(seat)[order],
               "prevailing_wind": np.array(prevailing)[order], "bonus": np.array(bonus, dtype=np.uint8)[order],
               "jokers": 2, "self_drawn": True}
    rows = np.array(counts, dtype=np.uint8)[order]
    totals, special, status = score_many(rows, rules, return_status=True, **columns)
    assert (status == HandStatus.OK).sum() >= len(rows) // 5  # enough rows go out to compare
    for i in range(len(rows)):
        alone = {key: value[i:i + 1] if isinstance(value, np.ndarray) else value for key, value in columns.items()}
        one = score_many(rows[i:i + 1], rules, return_status=True, **alone)
        assert (one[0][0], one[1][0], one[2][0]) == (totals[i], special[i], status[i]), i


def test_a_bulk_call_works_out_the_single_wait_where_it_changes_the_total(tmp_path: Path, backend: str) -> None:
    """004 Bonus: "filling in the only possible place to win | 2 points" (only-place), on
    seven pairs (a house shape). A bulk call folds a reading that no decomposition
    proves a second wait for both with the single-wait fact and without, and searches
    the row's waits only when the two totals differ: here they do (the natural hand
    earns the 2 points, 24 against 22), and a joker hand of pairs never waits on one
    tile alone, so score_many must give what score gives, without the points."""
    rules = _seven_pairs_rules(tmp_path, "pairs")
    hands = [("11m 22m 33p 44p 55s 66s 77z", "7z"), ("11m 22m 33p 44p 55s 66s 7z J", "7z"),
             ("11m 22m 33p 44p 55s 66s 7z J", "1m"), ("11m 22m 33p 44p 55s 6s 7z JJ", "1m"),
             ("11m 22m 33p 44p 55s 6s 7z JJ", "6s")]
    each = [score(hand, rules, win_tile=win) for hand, win in hands]
    assert "only-place" in [line.id for line in each[0].lines]
    assert not any("only-place" in [line.id for line in one.lines] for one in each[1:])
    assert each[0].total > each[1].total
    for (hand, win), one in zip(hands, each):
        natural = hand.replace("J", "").replace(" ", "")
        totals, _ = score_many(np.array([mjscore.parse_tiles(natural)], dtype=np.uint8), rules, win_tile=win,
                               jokers=hand.count("J"))
        assert totals.tolist() == [one.total], hand


def test_score_many_takes_a_jokers_column(backend: str) -> None:
    hands = [mjscore.parse_tiles("123m456p789s1155z"), mjscore.parse_tiles("123m456p789s11555z"),
             mjscore.parse_tiles("123m456p789s1155z"), mjscore.parse_tiles("123m456p789s1155z")]
    counts = np.array(hands, dtype=np.uint8)
    totals, _, status = score_many(counts, PUNGS, win_tile="1z", jokers=np.array([1, 0, 9, 2], dtype=np.uint8),
                                   return_status=True)
    one = score("123m 456p 789s 11z 55z J", PUNGS, win_tile="1z").total
    assert totals[0] == one and totals[1] == score("123m456p789s11555z", PUNGS, win_tile="1z").total
    assert status.tolist() == [HandStatus.OK, HandStatus.OK, HandStatus.BAD_COUNT, HandStatus.WRONG_SIZE]
    _, _, off = score_many(counts[:1], "babcock", win_tile="1z", jokers=1, return_status=True)
    assert off.tolist() == [HandStatus.NOT_WINNING]


@pytest.mark.parametrize(("jokers", "message"), [(np.ones(3, dtype=np.uint8), "shape"),
                                                  (np.ones(2, dtype=float), "integers")])
def test_a_bad_jokers_column_is_an_error(jokers: np.ndarray, message: str) -> None:
    counts = np.array([mjscore.parse_tiles("123m456p789s1155z")] * 2, dtype=np.uint8)
    with pytest.raises(mjscore.InvalidHandError, match=message):
        score_many(counts, PUNGS, jokers=jokers)


# ------------------------------------------------------------------ robbing a kong

ROBBED = "004 Bonus: Stealing the Fourth to Win | 10 Points"


def test_no_joker_stands_for_the_robbed_kong_tile(backend: str) -> None:
    """ROBBED: the other player held three of the robbed tile, so the hand holds only that
    one; a joker standing for a second would be a fifth copy (as a joker never stands for
    one past four). The near miss: the same hand with the joker standing elsewhere wins,
    the robbed tile natural."""
    counts = np.array([mjscore.parse_tiles("12234m111567p55s")], dtype=np.uint8)  # 3m robbed, one joker
    context = {"jokers": 1, "robbing_kong": True, "seat_wind": "W", "prevailing_wind": "S", "return_status": True}
    # 123m 234m 111p 567p 55s needs the joker as a second 3m (or 1m 2m J, J 2m 4m): no reading
    totals, _, status = score_many(counts, PAIRS, win_tile="3m", **context)
    assert (totals.tolist(), status.tolist()) == ([0], [HandStatus.NOT_WINNING])
    # every winning tile tried: won on the 1m (held once) instead, the joker a 3m is fine there
    totals, _, status = score_many(counts, PAIRS, win_tile=None, **context)
    assert status.tolist() == [HandStatus.OK] and totals[0] > 0
    # the near miss: 3m held once, the joker a 5s in the pair
    near = np.array([mjscore.parse_tiles("123456m111567p5s")], dtype=np.uint8)
    totals, _, status = score_many(near, PAIRS, win_tile="3m", **context)
    assert status.tolist() == [HandStatus.OK]
    plain, _, _ = score_many(near, PAIRS, win_tile="3m", **(context | {"robbing_kong": False}))
    assert totals[0] > plain[0]  # the robbed kong's 10 points
    with pytest.raises(NotWinningError):
        score("1224m111567p55sJ +3m", PAIRS, robbing_kong=True, seat_wind="W", prevailing_wind="S")
