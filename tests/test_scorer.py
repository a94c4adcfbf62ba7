"""mjscore.Scorer (issue 11 items 1 and 5): a rule set bound to part of the context scores
exactly as mjscore.score does, from every form of hand, on both backends."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

import mjscore
from mjscore import Meld, Scorer
from mjscore.core.errors import InvalidContextError, InvalidHandError, NotationError, NotWinningError, RuleSetError
from mjscore.rows.codec import NO_MELD, hand_of_row
from mjscore.rows.sample import random_scoring_rows

WINDS = {27: "E", 28: "S", 29: "W", 30: "N"}


@pytest.fixture
def rows():
    return random_scoring_rows(150, seed=11)


def _keywords(rows, i: int) -> dict[str, object]:
    return {"win_tile": int(rows.win_tile[i]), "self_drawn": bool(rows.self_drawn[i]),
            "heaven": bool(rows.heaven[i]), "earth": bool(rows.earth[i]),
            "declared_calling": bool(rows.declared_calling[i])}


@pytest.mark.parametrize("rules", ["babcock", "chinese-classical"])
def test_total_and_score_equal_mjscore_score_on_random_hands(backend, rows, rules):
    """Every form of the same hand gives score()'s total; score() gives score()'s Score."""
    checked = 0
    for seat in (27, 28):
        scorer = Scorer(rules, seat_wind=WINDS[seat], prevailing_wind="S")
        for i in range(len(rows.counts)):
            keywords = _keywords(rows, i)
            if keywords["heaven"] and seat != 27:
                continue  # only the dealer (East) wins from heaven
            hand = hand_of_row(rows.counts[i], rows.melds[i])
            expected = mjscore.score(hand, rules, seat_wind=WINDS[seat], prevailing_wind="S", **keywords)
            codes = [int(c) for c in rows.melds[i] if c != NO_MELD]
            assert scorer.total(hand, **keywords) == expected.total
            assert scorer.total(str(hand), **keywords) == expected.total
            assert scorer.total(rows.counts[i], melds=rows.melds[i], **keywords) == expected.total
            assert scorer.total(rows.counts[i].tolist(), melds=codes, **keywords) == expected.total
            assert scorer.total(bytes(rows.counts[i]), melds=list(hand.melds), **keywords) == expected.total
            assert scorer.score(rows.counts[i], melds=codes, **keywords) == expected
            checked += 1
    assert checked > 250


def test_bound_context_and_call_keywords(backend):
    """The bound keywords apply to every call; a call's own keyword wins over a bound one."""
    hand = "123m 456p 789s 11z [555z]"  # a pair of east: double wind in E/E, seat wind in E/S
    scorer = Scorer("babcock", seat_wind="E", prevailing_wind="E")
    assert scorer.context == {"seat_wind": "E", "prevailing_wind": "E"}
    assert scorer.total(hand, win_tile="1z") == mjscore.score(hand, win_tile="1z").total
    south = mjscore.score(hand, win_tile="1z", seat_wind="S").total
    assert scorer.total(hand, win_tile="1z", seat_wind="S") == south
    assert scorer.total(hand, win_tile="1z", seat_wind="S") != scorer.total(hand, win_tile="1z")
    drawn = Scorer("babcock", self_drawn=True)
    assert drawn.total(hand, win_tile="1z") == mjscore.score(hand, win_tile="1z", self_drawn=True).total
    assert drawn.total(hand, win_tile="1z", self_drawn=False) == mjscore.score(hand, win_tile="1z").total


def test_win_tile_as_text_index_or_tile(backend):
    counts = mjscore.parse_tiles("123m456p789s11155z")
    scorer = Scorer("babcock")
    totals = {scorer.total(counts, win_tile=w) for w in ("5z", 31, mjscore.Tile(31), np.uint8(31))}
    assert totals == {mjscore.score("123m456p789s11155z", win_tile="5z").total}


def test_thirteen_tiles_did_not_go_out(backend):
    """Given no ``winner``, a hand of 13 tiles did not go out, as with score()."""
    hand = "111m 999p 11z [555z] 23s"
    expected = mjscore.score(hand, "babcock").total
    assert mjscore.score(hand, "babcock").context.winner is False
    scorer = Scorer("babcock")
    assert scorer.total(hand) == expected
    assert scorer.total(mjscore.parse(hand).concealed, melds=[Meld.from_str("555z")]) == expected
    with pytest.raises(InvalidContextError, match="did not go out has at most 13"):
        scorer.total(mjscore.parse_tiles("123m456p789s11155z"), winner=False)


def test_limit_hands_and_jokers():
    """Special hands score as with score(), and rows may hold jokers (``jokers=``)."""
    orphans = "19m19p19s1234567z1m"
    cc = Scorer("chinese-classical")
    assert cc.total(orphans, win_tile="1m") == mjscore.score(orphans, "chinese-classical", win_tile="1m").total
    rules = mjscore.load_rules("western", joker_use="pungs")
    jokers = Scorer(rules, self_drawn=True)
    hand = mjscore.parse("123m456p789s11z55zJ")
    expected = mjscore.score(hand, rules, self_drawn=True, win_tile="1z")
    assert jokers.total(hand, win_tile="1z") == expected.total
    natural = mjscore.parse_tiles("123m456p789s11z55z")
    assert jokers.total(natural, jokers=1, win_tile="1z") == expected.total
    assert jokers.score(natural, jokers=1, win_tile="1z").total == expected.total
    with pytest.raises(NotWinningError, match="joker"):
        Scorer("babcock").total(natural, jokers=1, win_tile="1z")


def test_scorer_distances_and_near_misses_equal_the_functions():
    """Item 5: distances from a scorer, without rebuilding the rule set's tables."""
    scorer = Scorer("chinese-classical", seat_wind="S")
    hand = "19m19p19s1234566z"
    assert scorer.distances(hand) == mjscore.distances(hand, "chinese-classical")
    assert scorer.distances(mjscore.parse(hand).concealed) == mjscore.distances(hand, "chinese-classical")
    counts = np.array([mjscore.parse_tiles(hand)] * 3, dtype=np.uint8)
    out, ids = scorer.distances_many(counts)
    expected, expected_ids = mjscore.distances_many(counts, "chinese-classical")
    assert ids == expected_ids == scorer.special_hand_ids
    assert (out == expected).all()
    assert out[0, ids.index("thirteen-orphans")] == 1
    engine = importlib.import_module("mjscore.distances.distances").distance_engine
    tables = engine(scorer.rules)[0]
    scorer.distances(hand)
    assert engine(scorer.rules)[0] is tables  # built once, kept
    assert scorer.near_misses(hand, k=2) == mjscore.near_misses(hand, "chinese-classical", k=2, seat_wind="S")


def test_scorer_score_many_uses_the_bound_context(backend, rows):
    scorer = Scorer("babcock", seat_wind="W", prevailing_wind="S")
    totals, special = scorer.score_many(rows.counts, melds=rows.melds, **rows.context() | {
        "seat_wind": "W", "prevailing_wind": "S", "heaven": False})
    expected, _ = mjscore.score_many(rows.counts, "babcock", melds=rows.melds,
                                     **rows.context() | {"seat_wind": "W", "prevailing_wind": "S", "heaven": False})
    assert (totals == expected).all()
    bound, _ = scorer.score_many(rows.counts, melds=rows.melds, win_tile=rows.win_tile)
    plain, _ = mjscore.score_many(rows.counts, "babcock", melds=rows.melds, win_tile=rows.win_tile,
                                  seat_wind="W", prevailing_wind="S")
    assert (bound == plain).all()


def test_many_contexts_are_kept_within_bounds(backend):
    """The scorer keeps the row of each distinct context up to a bound, and stays right past it."""
    from mjscore import scorer as module

    counts = mjscore.parse_tiles("123m456p789s11155z")
    scorer = Scorer("babcock")
    for flowers in range(module._MAX_ROWS // 4 + 8):
        for wind in "ESWN":
            scorer.total(counts, win_tile="5z", seat_wind=wind, flowers=(flowers % 4 + 1,), dealer=wind == "E")
    assert 0 < scorer.rows_kept <= module._MAX_ROWS
    assert scorer.total(counts, win_tile="5z", seat_wind="N") == mjscore.score(
        "123m456p789s11155z", win_tile="5z", seat_wind="N").total


def test_a_cached_context_is_not_reused_for_an_equal_value_of_another_type(backend):
    """``self_drawn=1`` equals True but is no flag: refused as score() refuses it, even after
    ``self_drawn=True`` was scored."""
    scorer = Scorer("babcock")
    counts = mjscore.parse_tiles("123m456p789s11155z")
    assert scorer.total(counts, win_tile="5z", self_drawn=True) > 0
    with pytest.raises(InvalidContextError, match="self_drawn must be True or False"):
        scorer.total(counts, win_tile="5z", self_drawn=1)


def test_repr_names_rules_and_context():
    assert repr(Scorer("babcock", seat_wind="S")) == "Scorer('babcock', seat_wind='S')"


# --- bad input: the errors score() raises, with its messages ------------------------------

def test_bad_rules_and_bound_context_fail_at_construction():
    with pytest.raises(RuleSetError, match="no rule set"):
        Scorer("no-such-rules")
    with pytest.raises(InvalidContextError, match="unknown context keyword"):
        Scorer("babcock", sead_wind="S")
    with pytest.raises(InvalidContextError, match="wind"):
        Scorer("babcock", seat_wind="X")
    with pytest.raises(InvalidContextError, match="dealer"):
        Scorer("babcock", heaven=True, seat_wind="S")


@pytest.mark.parametrize(("hand", "keywords", "error", "message"), [
    ([1] * 33, {}, InvalidHandError, "34 tile counts"),
    ([5] + [0] * 33, {}, InvalidHandError, "5 copies of 1m"),
    ([-1] + [0] * 33, {}, InvalidHandError, "a negative count .-1. of 1m"),
    ([1.0] * 34, {}, InvalidHandError, "from 0 to 4"),
    (np.ones((2, 34), dtype=np.uint8), {}, InvalidHandError, "shape"),
    (np.ones(34, dtype=np.float64), {}, InvalidHandError, "dtype"),
    (np.ones(34, dtype=bool), {}, InvalidHandError, "dtype"),  # one byte each, but no counts
    (np.ones((2, 17), dtype=np.uint8), {}, InvalidHandError, "shape"),  # 34 bytes, not a row
    (np.zeros(35, dtype=np.uint8)[1:], {}, InvalidHandError, "0 tiles"),  # a view into a larger array
    ([1] * 15 + [0] * 19, {}, mjscore.LongHandError, "15 tiles"),
    ([1] * 14 + [0] * 20, {}, NotWinningError, "not a winning hand"),
    (mjscore.parse_tiles("123m456p789s11155z"), {"win_tile": "9m"}, InvalidContextError, "not among"),
    (mjscore.parse_tiles("123m456p789s11155z"), {"win_tile": "1x"}, InvalidContextError, "1x"),
    (mjscore.parse_tiles("123m456p789s11155z"), {"win_tile": 40}, InvalidContextError, "40"),
    (mjscore.parse_tiles("123m456p789s11155z"), {"replacement": "kong"}, InvalidContextError, "kong"),
    (mjscore.parse_tiles("123m456p789s11155z"), {"windy": True}, InvalidContextError, "unknown context"),
    (mjscore.parse_tiles("123m456p789s11z"), {"melds": [3 * 34 + 27]}, InvalidHandError, "no declared meld"),  # a pair
    (mjscore.parse_tiles("123m456p789s11z"), {"melds": [7 * 34]}, InvalidHandError, "no declared meld"),
    (mjscore.parse_tiles("123m456p789s11z"), {"melds": [7 * 9 + 60]}, InvalidHandError, "meld"),
    (mjscore.parse_tiles("11z"), {"melds": [0x40 | t for t in range(5)]}, InvalidHandError, "at most 4"),
    (mjscore.parse_tiles("123m456p789s11z"), {"melds": "555z"}, InvalidHandError, "Meld objects"),
    (mjscore.parse_tiles("123m456p789s11z"), {"melds": [1.5]}, InvalidHandError, "meld bytes"),
    ("123m456p789s11155x", {}, NotationError, "x"),
    ("123m 456p 789s 11z [555z]", {"melds": [Meld.from_str("555z")]}, InvalidHandError, "a Hand carries"),
    (None, {}, InvalidHandError, "tile counts"),
])
def test_bad_input_raises_a_clear_error(backend, hand, keywords, error, message):
    scorer = Scorer("babcock")
    with pytest.raises(error, match=message):
        scorer.total(hand, **keywords)
    with pytest.raises(error, match=message):
        scorer.score(hand, **keywords)


def test_rows_of_any_integer_dtype_or_layout(backend):
    """A row need not be a contiguous uint8 array: a strided view or another integer dtype
    scores the same (the compiled kernel reads only contiguous uint8 rows in place)."""
    counts = mjscore.parse_tiles("123m456p789s11155z")
    expected = mjscore.score("123m456p789s11155z", win_tile="5z").total
    table = np.ascontiguousarray(np.array([counts, counts], dtype=np.uint8).T)  # a column: strided
    assert not table[:, 0].flags.c_contiguous
    scorer = Scorer("babcock")
    assert scorer.total(table[:, 0], win_tile="5z") == expected
    assert scorer.total(np.array(counts, dtype=np.int64), win_tile="5z") == expected
    assert scorer.total(tuple(counts), win_tile="5z") == expected
    assert scorer.total(bytes(counts), win_tile="5z") == expected
    assert scorer.total(bytearray(counts), win_tile="5z") == expected
    assert scorer.total(np.array(counts, dtype=np.uint8)[::-1][::-1], win_tile="5z") == expected


def test_a_context_is_found_by_its_keywords_in_any_order(backend):
    """The row kept for a context is found again whatever order its keywords come in, an
    unhashable value is read afresh each call, and meld bytes of 255 (no meld) are skipped."""
    scorer = Scorer("babcock")
    counts = mjscore.parse_tiles("123m456p789s11z")
    melds = [Meld.from_str("555z")]
    codes = list(mjscore.rows.codec.meld_bytes(melds))
    expected = mjscore.score("123m 456p 789s 11z [555z]", win_tile="1z", seat_wind="E", self_drawn=True).total
    assert scorer.total(counts, melds=codes, win_tile="1z", seat_wind="E", self_drawn=True) == expected
    assert scorer.rows_kept == 1
    assert scorer.total(counts, melds=codes, self_drawn=True, seat_wind="E", win_tile="1z") == expected
    assert scorer.total(counts, melds=codes[:1], seat_wind="E", win_tile="1z", self_drawn=True) == expected
    assert scorer.total(counts, melds=melds, seat_wind="E", win_tile="1z", self_drawn=True) == expected
    assert scorer.rows_kept <= 3  # one context, in as many orders
    flowers = mjscore.score("123m 456p 789s 11z [555z] 1f", win_tile="1z", seat_wind="E").total
    for _ in range(2):
        assert scorer.total(counts, melds=codes, win_tile="1z", seat_wind="E", flowers=[1]) == flowers


def _outcome(call):
    """What a call gives: its value, or its error's type and message."""
    try:
        return "value", call()
    except Exception as error:  # noqa: BLE001 - the test compares whatever is raised
        return type(error), str(error)


def test_every_form_of_total_call_reads_as_the_keyword_parameter_reads_it():
    """The compiled ``Scorer.total`` reads its keywords where the call put them (issue 33 item
    3), and passes any call it does not read on to ``ScorerCore.total`` (``**context``): keywords
    by name, from a dictionary, named by strings that are not the interned ones, in any
    order, with melds and jokers among them, the hand by keyword, too many or too few
    arguments, more keywords than it passes on from the stack. Each gives the same value
    or the same error both ways, and a context is kept once, whichever way it came."""
    from mjscore.scorer import ScorerCore

    scorer = Scorer(mjscore.load_rules("babcock", joker_use="pairs"), prevailing_wind="S")
    counts = mjscore.parse_tiles("123m456p789s11z")
    melds = list(mjscore.rows.codec.meld_bytes([Meld.from_str("555z")]))
    name = "".join  # a string built at run time is no interned one
    calls = [  # (positional, keywords, whether it scores)
        ((counts,), {"melds": melds, "win_tile": "1z", "seat_wind": "E"}, True),
        ((counts,), {name(["me", "lds"]): melds, name(["win", "_tile"]): "1z", "self_drawn": True}, True),
        ((counts,), {"seat_wind": "W", "melds": melds, "win_tile": "1z"}, True),
        ((), {"hand": counts, "melds": melds, "win_tile": "1z"}, True),
        ((counts,), {"melds": melds, "jokers": 0, "win_tile": "1z"}, True),
        ((mjscore.parse_tiles("123m456p789s1z"),), {"melds": melds, "jokers": 1, "win_tile": "1z"}, True),
        ((mjscore.parse_tiles("123m456p789s11155z"),), {}, True),
        (("123m 456p 789s 11z [555z]",), {"win_tile": "1z", "flowers": [1, 2]}, True),
        ((), {"hand": counts, "melds": melds, "win_tile": "1z", "self_drawn": False, "seat_wind": "E",
              "dealer": True, "last_tile": False, "last_discard": False, "robbing_kong": False,
              "replacement": False, "kong_on_kong": False, "heaven": False, "earth": False,
              "declared_calling": False, "winner": True, "flowers": (), "seasons": (), "dealer_streak": 0}, True),
        ((counts,), {"melds": melds, "win_tile": "1z", "bogus": 1}, False),
        ((counts,), {"melds": melds, "win_tile": "1z", "self_drawn": 1}, False),
        ((counts, melds), {"win_tile": "1z"}, False),
        ((counts,), {"hand": counts, "win_tile": "1z"}, False),
        ((), {}, False),
    ]
    for args, keywords, scores in calls:
        fast = _outcome(lambda: scorer.total(*args, **keywords))
        assert fast == _outcome(lambda: ScorerCore.total(scorer, *args, **keywords)), (args, keywords)
        assert (fast[0] == "value") == scores, (args, keywords, fast)
    kept = scorer.rows_kept
    assert scorer.row({"win_tile": "1z", "seat_wind": "E"}) and scorer.rows_kept == kept  # the call's row, found


def test_scorer_examples_run_as_written():
    """The examples in ``mjscore.scorer``'s docstring give what they print."""
    import doctest

    from mjscore import scorer as module

    failures, tried = doctest.testmod(module)
    assert tried >= 3 and failures == 0


@pytest.mark.parametrize(("rules", "use"), [("western", "pairs"), ("western", "pungs"), ("babcock", "pairs")])
def test_total_with_jokers_is_score_many_s_and_score_s(rules, use):
    """``Scorer.total(counts, jokers=k)`` is read in one step (issue 33 item 3, for the rule
    sets that play jokers) and gives what ``score_many`` gives the row and ``score`` the
    hand; a row neither takes raises what ``score`` raises."""
    ruleset = mjscore.load_rules(rules, joker_use=use)
    scorer = Scorer(ruleset, self_drawn=True)
    rows = random_scoring_rows(24, seed=21)
    rng = np.random.default_rng(22)
    counts = rows.counts.copy()
    jokers = rng.integers(1, 3, size=len(counts)).astype(np.uint8)
    for i in range(len(counts)):  # the jokers stand in for tiles other than the winning one
        spare = counts[i].astype(np.int64)
        spare[rows.win_tile[i]] -= 1
        for _ in range(jokers[i]):
            tile = int((spare * rng.random(34)).argmax())
            counts[i, tile] -= 1
            spare[tile] -= 1
    expected, _, status = mjscore.score_many(counts, ruleset, melds=rows.melds, win_tile=rows.win_tile,
                                             jokers=jokers, self_drawn=True, return_status=True)
    scored = 0
    for i in range(len(counts)):
        codes = [int(c) for c in rows.melds[i] if c != NO_MELD]
        call = lambda: scorer.total(counts[i], melds=codes, jokers=int(jokers[i]), win_tile=int(rows.win_tile[i]))
        hand = mjscore.Hand(tuple(int(c) for c in counts[i]), tuple(mjscore.rows.codec.meld_of(c) for c in codes),
                            jokers=int(jokers[i]))
        reference = _outcome(lambda: mjscore.score(hand, ruleset, win_tile=int(rows.win_tile[i]),
                                                   self_drawn=True).total)
        assert _outcome(call) == reference, i
        if status[i] == 0:
            assert reference == ("value", int(expected[i])), i
            scored += 1
    assert scored >= 4  # rows that went out, not only refusals
    win, held = int(rows.win_tile[0]), tuple(int(c) for c in counts[0])
    for bad in (9, -1, True):  # read the careful way, as score() reads them
        assert _outcome(lambda: scorer.total(counts[0], jokers=bad, win_tile=win)) == _outcome(
            lambda: scorer.score(counts[0], jokers=bad, win_tile=win).total), bad
    plain = Scorer("babcock")  # no jokers in its rules: refused as score() refuses it
    refused = _outcome(lambda: plain.total(counts[0], jokers=int(jokers[0]), win_tile=win, self_drawn=True))
    assert refused[0] is NotWinningError
    assert refused == _outcome(lambda: mjscore.score(mjscore.Hand(held, (), jokers=int(jokers[0])), "babcock",
                                                     win_tile=win, self_drawn=True).total)


@pytest.mark.parametrize("joker_use", [None, "pungs"])
def test_a_claimed_kong_scores_as_score_does_from_every_form(backend, joker_use):
    """dmjl.toml, ``claimed-kongs = "concealed"`` ("31 Points: kong 2-8 8 (exposed; a claimed
    kong too)", and a claimed kong keeps the hand concealed): the Scorer read a claimed
    kong from text, a Hand or a ``Meld(claimed=True)`` as a plain exposed kong (96 where
    score() gave 192). The near miss, the same kong exposed, scores less."""
    rules = mjscore.load_rules("dmjl", **({"joker_use": joker_use} if joker_use else {}))
    scorer = Scorer(rules, self_drawn=True, replacement="kong", seat_wind="W")
    jokers = 1 if joker_use else 0
    text = "345p 113379s {9999p} J +8s" if jokers else "345p 1113379s {9999p} +8s"
    expected = mjscore.score(text, rules, self_drawn=True, replacement="kong", seat_wind="W").total
    exposed = mjscore.score(text.replace("{9999p}", "[9999p]"), rules, self_drawn=True, replacement="kong",
                            seat_wind="W").total
    assert exposed < expected
    hand = mjscore.parse(text)
    claimed = Meld.from_str("9999p", claimed=True)
    assert hand.melds == (claimed,)
    counts = hand.concealed
    assert scorer.total(text) == scorer.score(text).total == expected
    assert scorer.total(hand) == expected
    for melds in ([claimed], (claimed,), [NO_MELD, claimed]):
        assert scorer.total(counts, melds=melds, jokers=jokers, win_tile="8s") == expected
        assert scorer.score(counts, melds=melds, jokers=jokers, win_tile="8s").total == expected
    row = np.array(counts, dtype=np.uint8)
    assert scorer.total(row, melds=[claimed], jokers=jokers, win_tile="8s") == expected
    assert scorer.total(counts, melds=[Meld.from_str("9999p")], jokers=jokers, win_tile="8s") == exposed


def test_bound_flowers_and_seasons_reach_score_many(backend, rows):
    """Scorer.score_many: "the bound context filling in what arguments does not give";
    bound flowers and seasons reached score_many, which reads them as ``bonus``, and
    raised an unknown keyword. dmjl scores a flower and a season of one's own seat."""
    scorer = Scorer("dmjl", flowers=(1,), seasons=(2, 3))
    totals, _ = scorer.score_many(rows.counts, melds=rows.melds, win_tile=rows.win_tile)
    bonus = 1 | 1 << 5 | 1 << 6
    expected, _ = mjscore.score_many(rows.counts, "dmjl", melds=rows.melds, win_tile=rows.win_tile, bonus=bonus)
    plain, _ = mjscore.score_many(rows.counts, "dmjl", melds=rows.melds, win_tile=rows.win_tile)
    assert totals.tolist() == expected.tolist() and (expected != plain).any()
    assert [scorer.total(rows.counts[i], melds=bytes(rows.melds[i]), win_tile=int(rows.win_tile[i]))
            for i in range(20)] == expected[:20].tolist()
    called, _ = scorer.score_many(rows.counts, melds=rows.melds, win_tile=rows.win_tile, bonus=0)
    assert called.tolist() == plain.tolist()  # the call's own bonus wins
    with pytest.raises(InvalidContextError, match="not both"):
        scorer.score_many(rows.counts, melds=rows.melds, win_tile=rows.win_tile, bonus=0, flowers=(2,))
