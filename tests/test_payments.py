"""Payments: seed 002's payment chart, the classical (Babcock) convention, rule tables, bad input.

Case ids name what they check: ``002-L39`` .. ``002-L42`` are the rows of seed 002's
"3. PAYMENT" table (lines 39-42 of seeds/002_df44f2bad37b7b07.txt). Seed 004 (Babcock,
ch. 4) states no payment lines of its own; ``004-classical`` cases check the
classical conventions its rule set uses: every loser pays the winner, East (the
dealer) pays and receives double, losers settle their differences.
"""

from __future__ import annotations

import doctest
import json
import tomllib

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mjscore.rules.payments
from mjscore.core.errors import InvalidContextError, InvalidHandError, NotWinningError, RuleSetError
from mjscore.rules.payments import (
    CHINESE_CLASSICAL_CHART, CLASSICAL, ChartMultiples, PayerMultiples, PaymentRules, Settlement,
    Transfer, settle_scores,
)

CHART = PaymentRules("chart", chart=CHINESE_CLASSICAL_CHART)


def net_of(transfers: tuple[Transfer, ...]) -> list[int]:
    net = [0, 0, 0, 0]
    for t in transfers:
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    return net


# --- seed 002: the payment chart ----------------------------------------------------------

# (scores, winner, dealer, discarder, expected net). The winner holds 30 unless said;
# the losers' scores are deliberately non-zero: the chart must ignore them.
CHART_CASES = [
    pytest.param((30, 8, 4, 2), 0, 0, None, (180, -60, -60, -60),
                 id="002-L39-dealer-self-drawn-each-pays-2x"),
    pytest.param((8, 4, 30, 2), 2, 2, 3, (0, 0, 180, -180),
                 id="002-L40-dealer-on-discard-discarder-pays-6x"),
    pytest.param((8, 30, 4, 2), 1, 0, None, (-60, 120, -30, -30),
                 id="002-L41-non-dealer-self-drawn-each-1x-dealer-2x"),
    pytest.param((8, 30, 4, 2), 1, 0, 3, (0, 120, 0, -120),
                 id="002-L42-non-dealer-on-discard-discarder-pays-4x"),
    # near misses
    pytest.param((8, 4, 2, 30), 3, 2, None, (-30, -30, -60, 120),
                 id="002-L41-near-miss-dealer-extra-follows-the-dealer-seat"),
    pytest.param((500, 0, 0, 0), 0, 1, None, (2000, -1000, -500, -500),
                 id="002-L41-near-miss-limit-500-dealer-pays-1000-not-500"),
    pytest.param((30, 8, 4, 2), 0, 0, 2, (180, 0, -180, 0),
                 id="002-L40-near-miss-non-discarders-pay-nothing"),
    pytest.param((8, 30, 4, 2), 1, 0, 0, (-120, 120, 0, 0),
                 id="002-L42-near-miss-dealer-discarding-pays-4x-not-6x-or-8x"),
    pytest.param((0, 8, 4, 2), 0, 0, None, (0, 0, 0, 0),
                 id="002-L39-near-miss-winner-score-0-nobody-pays"),
]


@pytest.mark.parametrize(("scores", "winner", "dealer", "discarder", "net"), CHART_CASES)
def test_chart_rows(scores, winner, dealer, discarder, net):
    s = settle_scores(scores, winner=winner, dealer=dealer, discarder=discarder, rules=CHART)
    assert s.net == net
    assert net_of(s.transfers) == list(net)
    assert all(t.payee == winner and t.amount > 0 for t in s.transfers)


def test_chart_row_totals_agree():
    # 002-L39..L42: a dealer win costs the table 6x either way, a non-dealer win 4x.
    for winner, discarder, total in [(0, None, 6), (0, 1, 6), (1, None, 4), (1, 2, 4)]:
        s = settle_scores((1, 1, 1, 1), winner=winner, dealer=0, discarder=discarder, rules=CHART)
        assert s.net[winner] == total


def test_chart_reasons_name_situation_and_role():
    # 002-L41: the dealer's 2x is labelled as the dealer column, the others as "each player"
    s = settle_scores((0, 30, 0, 0), winner=1, dealer=0, discarder=None, rules=CHART)
    assert [t.reason for t in s.transfers] == [
        "non-dealer-self-drawn: dealer pays 2x",
        "non-dealer-self-drawn: each player pays 1x",
        "non-dealer-self-drawn: each player pays 1x",
    ]


# --- classical (Babcock's conventions) -----------------------------------------------------

NO_DOUBLE = PaymentRules("classical", dealer_double=False)
NO_SETTLE = PaymentRules("classical", losers_settle=False)
NEITHER = PaymentRules("classical", dealer_double=False, losers_settle=False)

# Worked example, winner 0 holds 100, player 1 (dealer) 40, player 2 12, player 3 0:
#   losers pay the winner:   1 -> 0: 100 x 2 = 200 (dealer pays double)
#                            2 -> 0: 100,  3 -> 0: 100                  winner +400
#   losers settle:           2 -> 1: (40 - 12) x 2 = 56 (dealer double)
#                            3 -> 1: (40 - 0) x 2 = 80 (dealer double)
#                            3 -> 2: (12 - 0) = 12
#   net: 0: +400; 1: -200 + 56 + 80 = -64; 2: -100 - 56 + 12 = -144; 3: -100 - 80 - 12 = -192
WORKED = (100, 40, 12, 0)

CLASSICAL_CASES = [
    pytest.param((50, 0, 0, 0), 0, 1, None, CLASSICAL, (200, -100, -50, -50),
                 id="004-classical-loser-pays-winner-dealer-loser-pays-double"),
    pytest.param((0, 0, 50, 0), 2, 2, None, CLASSICAL, (-100, -100, 300, -100),
                 id="004-classical-dealer-wins-receives-double-from-each"),
    pytest.param(WORKED, 0, 1, None, CLASSICAL, (400, -64, -144, -192),
                 id="004-classical-worked-example-losers-settle"),
    # Dealer wins the same hand: each pays 200; settle without doubling:
    # 2 -> 1: 28, 3 -> 1: 40, 3 -> 2: 12.  1: -200 + 68; 2: -200 - 28 + 12; 3: -200 - 52.
    pytest.param(WORKED, 0, 0, None, CLASSICAL, (600, -132, -216, -252),
                 id="004-classical-worked-example-dealer-wins"),
    # Without dealer double: each pays 100; 2 -> 1: 28, 3 -> 1: 40, 3 -> 2: 12.
    pytest.param(WORKED, 0, 1, None, NO_DOUBLE, (300, -32, -116, -152),
                 id="004-classical-option-off-dealer-double"),
    pytest.param(WORKED, 0, 1, None, NO_SETTLE, (400, -200, -100, -100),
                 id="004-classical-option-off-losers-settle"),
    pytest.param(WORKED, 0, 1, None, NEITHER, (300, -100, -100, -100),
                 id="004-classical-options-off-both"),
    pytest.param((20, 7, 7, 7), 0, 3, None, CLASSICAL, (80, -20, -20, -40),
                 id="004-classical-equal-losers-settle-nothing"),
    pytest.param(WORKED, 0, 1, 3, CLASSICAL, (400, -64, -144, -192),
                 id="004-classical-discarder-pays-no-extra"),
]


@pytest.mark.parametrize(("scores", "winner", "dealer", "discarder", "rules", "net"), CLASSICAL_CASES)
def test_classical(scores, winner, dealer, discarder, rules, net):
    s = settle_scores(scores, winner=winner, dealer=dealer, discarder=discarder, rules=rules)
    assert s.net == net
    assert net_of(s.transfers) == list(net)


def test_classical_worked_example_transfers():
    s = settle_scores(WORKED, winner=0, dealer=1, discarder=None, rules=CLASSICAL)
    assert s.transfers == (
        Transfer(1, 0, 200, "dealer pays double"),
        Transfer(2, 0, 100, "loser pays winner"),
        Transfer(3, 0, 100, "loser pays winner"),
        Transfer(2, 1, 56, "losers settle 40 - 12, dealer double"),
        Transfer(3, 1, 80, "losers settle 40 - 0, dealer double"),
        Transfer(3, 2, 12, "losers settle 12 - 0"),
    )


def test_classical_dealer_winner_reason():
    s = settle_scores((0, 10, 0, 0), winner=1, dealer=1, discarder=None, rules=NO_SETTLE)
    assert {t.reason for t in s.transfers} == {"loser pays the dealer double"}


@pytest.mark.parametrize("rules", [CLASSICAL, CHART], ids=["classical", "chart"])
def test_drawn_hand_is_a_wash(rules):
    s = settle_scores(WORKED, winner=None, dealer=1, discarder=None, rules=rules)
    assert s == Settlement((0, 0, 0, 0), ())
    assert s.explain().startswith("no payments")


# --- the property: money is only moved, never made ----------------------------------------

multiple = st.one_of(st.none(), st.integers(0, 8))


@st.composite
def payer_multiples(draw, self_drawn):
    each, dealer = draw(multiple), draw(multiple)
    discarder = None if self_drawn else draw(multiple)
    if each is None and dealer is None and discarder is None:
        each = 1
    return PayerMultiples(each, dealer, discarder)


rules_strategy = st.one_of(
    st.builds(PaymentRules, st.just("classical"), st.booleans(), st.booleans()),
    st.builds(
        lambda chart: PaymentRules("chart", chart=chart),
        st.builds(ChartMultiples, payer_multiples(True), payer_multiples(False),
                  payer_multiples(True), payer_multiples(False)),
    ),
)


@st.composite
def hands(draw):
    scores = draw(st.lists(st.integers(0, 10_000), min_size=4, max_size=4))
    winner = draw(st.one_of(st.none(), st.integers(0, 3)))
    dealer = draw(st.integers(0, 3))
    discarder = None
    if winner is not None:
        discarder = draw(st.one_of(st.none(), st.integers(0, 3).filter(lambda p: p != winner)))
    return scores, winner, dealer, discarder


@given(hands(), rules_strategy)
def test_net_sums_to_zero(hand, rules):
    scores, winner, dealer, discarder = hand
    s = settle_scores(scores, winner=winner, dealer=dealer, discarder=discarder, rules=rules)
    assert sum(s.net) == 0
    assert list(s.net) == net_of(s.transfers)
    assert all(type(t.amount) is int and t.amount > 0 and t.payer != t.payee for t in s.transfers)
    if winner is None:
        assert s.transfers == ()
    else:
        assert s.net[winner] >= 0
        assert all(t.payer != winner for t in s.transfers)
    if winner is not None and rules.scheme == "chart":
        assert all(t.payee == winner for t in s.transfers)


# --- from_table ----------------------------------------------------------------------------

CHART_TOML = """
[payments]
scheme = "chart"

[payments.chart]
dealer-self-drawn = { each = 2 }
dealer-discard = { discarder = 6 }
non-dealer-self-drawn = { each = 1, dealer = 2 }
non-dealer-discard = { discarder = 4 }
"""


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param(CHART_TOML, CHART, id="002-L39-L42-chart-table"),
    pytest.param('[payments]\nscheme = "classical"\n', CLASSICAL, id="004-classical-defaults"),
    pytest.param('[payments]\nscheme = "classical"\ndealer-double = false\nlosers-settle = false\n',
                 NEITHER, id="004-classical-options-off"),
    pytest.param('[payments]\nscheme = "classical"\ndealer-double = true\nlosers-settle = false\n',
                 NO_SETTLE, id="004-classical-options-explicit"),
])
def test_from_table_parses(text, expected):
    assert PaymentRules.from_table(tomllib.loads(text)["payments"], "rules.toml") == expected


def chart_with(**changes):
    chart = tomllib.loads(CHART_TOML)["payments"]["chart"]
    for key, value in changes.items():
        key = key.replace("_", "-")
        if value is None:
            del chart[key]
        else:
            chart[key] = value
    return {"scheme": "chart", "chart": chart}


BAD_TABLES = [
    pytest.param([1, 2], "payments", "expected a table", id="payments-not-a-table"),
    pytest.param({"scheme": "classical", "dealer_double": True}, "payments.dealer_double",
                 "unknown key", id="unknown-key-underscore"),
    pytest.param({}, "payments.scheme", "missing", id="scheme-missing"),
    pytest.param({"scheme": "riichi"}, "payments.scheme", "unknown scheme 'riichi'", id="scheme-unknown"),
    pytest.param({"scheme": 1}, "payments.scheme", "expected a string", id="scheme-not-a-string"),
    pytest.param({"scheme": "classical", "dealer-double": 1}, "payments.dealer-double",
                 "expected true or false, got 1 (an integer)", id="dealer-double-int"),
    pytest.param({"scheme": "classical", "losers-settle": "yes"}, "payments.losers-settle",
                 "expected true or false, got 'yes' (a string)", id="losers-settle-string"),
    pytest.param({"scheme": "classical", "chart": {}}, "payments.chart",
                 'only used by scheme = "chart"', id="chart-given-to-classical"),
    pytest.param({**chart_with(), "dealer-double": False}, "payments.dealer-double",
                 'only used by scheme = "classical"', id="dealer-double-given-to-chart"),
    pytest.param({"scheme": "chart"}, "payments.chart", "missing", id="chart-scheme-without-chart"),
    pytest.param({"scheme": "chart", "chart": "6x"}, "payments.chart", "expected a table",
                 id="chart-not-a-table"),
    pytest.param(chart_with(non_dealer_discard=None), "payments.chart.non-dealer-discard",
                 "missing", id="002-L42-situation-missing"),
    pytest.param(chart_with(dealer_selfdrawn={"each": 2}), "payments.chart.dealer-selfdrawn",
                 "did you mean 'dealer-self-drawn'?", id="situation-unknown"),
    pytest.param(chart_with(dealer_discard=6), "payments.chart.dealer-discard",
                 "expected a table, got 6 (an integer)", id="002-L40-situation-not-a-table"),
    pytest.param(chart_with(dealer_discard={"discarder": -6}), "payments.chart.dealer-discard.discarder",
                 "non-negative integer, got -6", id="002-L40-negative-multiple"),
    pytest.param(chart_with(dealer_discard={"discarder": True}), "payments.chart.dealer-discard.discarder",
                 "non-negative integer, got true (a boolean)", id="002-L40-bool-for-int"),
    pytest.param(chart_with(non_dealer_self_drawn={"each": 1, "dealer": 1.5}),
                 "payments.chart.non-dealer-self-drawn.dealer", "got 1.5 (a float)",
                 id="002-L41-float-multiple"),
    pytest.param(chart_with(non_dealer_self_drawn={"each": 1, "winner": 2}),
                 "payments.chart.non-dealer-self-drawn.winner", "unknown key", id="002-L41-unknown-role"),
    pytest.param(chart_with(non_dealer_discard={}), "payments.chart.non-dealer-discard",
                 "names no payer", id="002-L42-empty-situation"),
    pytest.param(chart_with(dealer_self_drawn={"discarder": 2}), "payments.chart.dealer-self-drawn.discarder",
                 "a self-drawn win has no discarder", id="002-L39-discarder-on-self-drawn"),
]


@pytest.mark.parametrize(("table", "key", "reason"), BAD_TABLES)
def test_from_table_rejects(table, key, reason):
    with pytest.raises(RuleSetError) as info:
        PaymentRules.from_table(table, "house.toml")
    message = str(info.value)
    assert message.startswith(f"house.toml: {key}: ")
    assert reason in message


@pytest.mark.parametrize("make", [
    pytest.param(lambda: PaymentRules("riichi"), id="unknown-scheme"),
    pytest.param(lambda: PaymentRules("chart"), id="chart-scheme-without-chart"),
    pytest.param(lambda: PaymentRules("classical", chart=CHINESE_CLASSICAL_CHART), id="chart-on-classical"),
    pytest.param(lambda: PaymentRules("classical", dealer_double=1), id="int-for-bool"),
    pytest.param(lambda: PayerMultiples(), id="no-payer"),
    pytest.param(lambda: PayerMultiples(each=-1), id="negative-multiple"),
    pytest.param(lambda: PayerMultiples(each=True), id="bool-multiple"),
    pytest.param(lambda: ChartMultiples(PayerMultiples(discarder=2), *[PayerMultiples(each=1)] * 3),
                 id="discarder-on-self-drawn"),
])
def test_direct_construction_is_validated(make):
    with pytest.raises(RuleSetError):
        make()


# --- bad settle_scores input ---------------------------------------------------------------

GOOD = {"scores": WORKED, "winner": 0, "dealer": 1, "discarder": None}

BAD_INPUTS = [
    pytest.param({"scores": (100, 40, 12)}, "3 scores", id="three-scores"),
    pytest.param({"scores": (1, 2, 3, 4, 5)}, "5 scores", id="five-scores"),
    pytest.param({"scores": (100, -40, 12, 0)}, "player 1's score", id="negative-score"),
    pytest.param({"scores": (100.0, 40, 12, 0)}, "player 0's score", id="float-score"),
    pytest.param({"scores": (True, 40, 12, 0)}, "player 0's score", id="bool-score"),
    pytest.param({"scores": "1234"}, "scores must be a sequence", id="string-scores"),
    pytest.param({"scores": None}, "scores must be a sequence", id="no-scores"),
    pytest.param({"winner": 4}, "winner must be a player 0-3", id="winner-out-of-range"),
    pytest.param({"winner": -1}, "winner must be a player 0-3", id="winner-negative"),
    pytest.param({"winner": True}, "winner must be a player 0-3", id="winner-bool"),
    pytest.param({"winner": "0"}, "winner must be a player 0-3", id="winner-string"),
    pytest.param({"dealer": None}, "dealer must be a player 0-3", id="dealer-missing"),
    pytest.param({"dealer": 4}, "dealer must be a player 0-3", id="dealer-out-of-range"),
    pytest.param({"discarder": 7}, "discarder must be a player 0-3", id="discarder-out-of-range"),
    pytest.param({"discarder": 0}, "cannot also be the discarder", id="discarder-is-winner"),
    pytest.param({"winner": None, "discarder": 2}, "drawn hand", id="discarder-in-drawn-hand"),
]


@pytest.mark.parametrize("rules", [CLASSICAL, CHART], ids=["classical", "chart"])
@pytest.mark.parametrize(("changes", "reason"), BAD_INPUTS)
def test_bad_input_raises(changes, reason, rules):
    args = {**GOOD, **changes}
    with pytest.raises(InvalidHandError, match=reason):
        settle_scores(args.pop("scores"), **args, rules=rules)


def test_bad_rules_type():
    with pytest.raises(TypeError):
        settle_scores(WORKED, winner=0, dealer=1, discarder=None, rules="classical")


def test_numpy_scores_give_python_ints():
    s = settle_scores(np.array(WORKED, dtype=np.int64), winner=np.int64(0), dealer=1, discarder=None,
                      rules=CLASSICAL)
    assert s.net == (400, -64, -144, -192)
    assert all(type(n) is int for n in s.net)


# --- outputs --------------------------------------------------------------------------------


def test_to_dict_is_json_ready():
    s = settle_scores(WORKED, winner=0, dealer=1, discarder=None, rules=CLASSICAL)
    data = json.loads(json.dumps(s.to_dict()))
    assert data["net"] == [400, -64, -144, -192]
    assert data["transfers"][0] == {"payer": 1, "payee": 0, "amount": 200, "reason": "dealer pays double"}
    assert len(data["transfers"]) == 6


def test_explain_lists_each_transfer_and_the_net():
    text = settle_scores(WORKED, winner=0, dealer=1, discarder=None, rules=CLASSICAL).explain()
    lines = text.splitlines()
    assert lines[0].split() == ["payer", "payee", "amount", "reason"]
    assert "player 2  player 1      56  losers settle 40 - 12, dealer double" in lines
    assert lines[-1] == "net: player 0 +400, player 1 -64, player 2 -144, player 3 -192"


def test_docstring_examples():
    failures, tried = doctest.testmod(mjscore.rules.payments, optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tried > 0


def test_a_numpy_integer_dealer_seats_the_players_as_an_int_does() -> None:
    """settle: "player ``dealer`` is East, the next South, ..."; a NumPy integer dealer was
    no ``int``, so every hand was scored as East's (a dmjl East pays and wins double)."""
    players = ["123m 456p 789s [222z]", "123m 456p 789s 1z [555z] +1z", "123m 456p 789s [333z]",
               "456m 456p 789s [444z]"]
    expected = mjscore.settle(players, winner=1, dealer=2, discarder=0, rules="dmjl").net
    assert mjscore.settle(players, winner=1, dealer=np.int64(2), discarder=0, rules="dmjl").net == expected
    assert mjscore.settle(players, winner=1, dealer=0, discarder=0, rules="dmjl").net != expected


# --- settle: the winner's seat and a winning Score --------------------------------------------

# babcock's worked deal (tests/test_rules_babcock.py): player 0 is East, player 1 wins
DEAL = ["[555z] 111m 22z 456p 78s", "[555m] 234p 567p 55s 78s +9s", "234m 456p 789s 11p 23s",
        "444z 678m 678p 11s 99s"]


def test_settle_refuses_a_seat_wind_the_dealer_contradicts() -> None:
    """settle: "player ``dealer`` is East, the next South"; seat_wind="E" for player 1 with
    dealer 0 scored the winner as East (the dealer, paid double) and settled on it."""
    seated = mjscore.settle(DEAL, winner=1, dealer=0, discarder=2, rules="babcock")
    for wrong in ("E", "W", mjscore.Tile.NORTH):
        with pytest.raises(InvalidContextError, match="player 1, the winner, sits South when player 0 is the "
                                                      r"dealer \(East\)"):
            mjscore.settle(DEAL, winner=1, dealer=0, discarder=2, rules="babcock", seat_wind=wrong)
    with pytest.raises(InvalidContextError, match="sits East when player 1 is the dealer"):
        mjscore.settle(DEAL, winner=1, dealer=1, discarder=2, rules="babcock", seat_wind="S")
    with pytest.raises(InvalidContextError, match="sits West"):  # a total scored elsewhere: the same seats
        mjscore.settle([0, 0, 30, 0], winner=2, dealer=0, discarder=None, rules="babcock", seat_wind="N")
    for right in ("S", " s ", mjscore.Tile.SOUTH, 28):  # the winner's own seat is fine, as ever
        assert mjscore.settle(DEAL, winner=1, dealer=0, discarder=2, rules="babcock",
                              seat_wind=right).net == seated.net == (20, 88, -86, -22)


def test_settle_refuses_a_losing_score_as_the_winners() -> None:
    """A Score of a hand that did not go out was paid on as the winner's."""
    lost = mjscore.score("[555m] 234p 567p 55s 78s", "babcock", seat_wind="S")
    assert not lost.context.winner and lost.total > 0
    with pytest.raises(NotWinningError, match="player 1 is the winner, but the Score given for them is of a "
                                              "hand that did not go out"):
        mjscore.settle([0, lost, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock")
    won = mjscore.score(DEAL[1], "babcock", seat_wind="S")
    assert mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock").net == \
        mjscore.settle([0, DEAL[1], 0, 0], winner=1, dealer=0, discarder=2, rules="babcock").net
    # a loser's Score is a hand that did not go out, scored in the loser's seat (North)
    lost_north = mjscore.score("[555m] 234p 567p 55s 78s", "babcock", seat_wind="N")
    assert mjscore.settle([0, won, 0, lost_north], winner=1, dealer=0, discarder=2, rules="babcock").net[3] < 0


def test_settle_refuses_a_winners_score_from_another_seat() -> None:
    """The winner's Score carries its seat: one scored as East for player 1 (dealer 0)
    contradicts the seats as seat_wind="E" does."""
    east = mjscore.score(DEAL[1], "babcock")
    with pytest.raises(InvalidContextError, match="scored in the East seat, but player 1, the winner, sits South"):
        mjscore.settle([0, east, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock")
    assert mjscore.settle([0, east, 0, 0], winner=1, dealer=1, discarder=2, rules="babcock").net[1] > 0


# --- settle: self_drawn against the discarder, and the losers' Scores --------------------------

def test_settle_refuses_self_drawn_against_the_discarder() -> None:
    """settle scored the winner self-drawn exactly when discarder was None, and dropped a
    self_drawn given with it: self_drawn=True with discarder=2 settled as a discard."""
    on_discard = mjscore.settle(DEAL, winner=1, dealer=0, discarder=2, rules="babcock")
    self_drawn = mjscore.settle(DEAL, winner=1, dealer=0, discarder=None, rules="babcock")
    with pytest.raises(InvalidContextError, match=r"self_drawn=True, but player 2 discarded the winning tile "
                                                  r"\(discarder=2\): a self-drawn win has no discarder"):
        mjscore.settle(DEAL, winner=1, dealer=0, discarder=2, rules="babcock", self_drawn=True)
    with pytest.raises(InvalidContextError, match=r"self_drawn=False, but discarder=None settles a self-drawn "
                                                  "win: give the player who discarded the winning tile"):
        mjscore.settle(DEAL, winner=1, dealer=0, discarder=None, rules="babcock", self_drawn=False)
    with pytest.raises(InvalidContextError, match="self_drawn must be True or False, not 'yes'"):
        mjscore.settle(DEAL, winner=1, dealer=0, discarder=None, rules="babcock", self_drawn="yes")
    with pytest.raises(InvalidContextError, match="self_drawn=True, but player 3 discarded"):  # a total: alike
        mjscore.settle([0, 30, 0, 0], winner=1, dealer=0, discarder=3, rules="babcock", self_drawn=True)
    # the near misses: self_drawn as the discarder says, as ever
    assert mjscore.settle(DEAL, winner=1, dealer=0, discarder=2, rules="babcock",
                          self_drawn=False).net == on_discard.net == (20, 88, -86, -22)
    assert mjscore.settle(DEAL, winner=1, dealer=0, discarder=None, rules="babcock",
                          self_drawn=True).net == self_drawn.net == (16, 96, -88, -24)


def test_settle_refuses_a_self_drawn_winners_score_paid_as_a_discard() -> None:
    """A winner's Score scored self-drawn carries its self-drawn points: paid as a discard,
    the discarder paid on them."""
    drawn = mjscore.score(DEAL[1], "babcock", seat_wind="S", self_drawn=True)
    with pytest.raises(InvalidContextError, match="the winner's Score was scored self-drawn, but player 2 "
                                                  r"discarded the winning tile \(discarder=2\)"):
        mjscore.settle([0, drawn, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock")
    assert mjscore.settle([0, drawn, 0, 0], winner=1, dealer=0, discarder=None, rules="babcock").net == \
        mjscore.settle([0, DEAL[1], 0, 0], winner=1, dealer=0, discarder=None, rules="babcock").net


def test_settle_refuses_a_losers_score_of_a_hand_that_went_out() -> None:
    """Only the winner went out: a loser's Score of a winning hand was paid on as a loser's total."""
    north = DEAL[3]
    went_out = mjscore.score("444z 678m 678p 11s 99s +9s", "babcock", seat_wind="N")
    assert went_out.context.winner
    with pytest.raises(InvalidContextError, match=r"player 3 did not go out \(player 1 is the winner\), but the "
                                                  "Score given for them is of a hand that went out"):
        mjscore.settle([0, DEAL[1], 0, went_out], winner=1, dealer=0, discarder=2, rules="babcock")
    with pytest.raises(InvalidContextError, match=r"player 3 did not go out \(nobody won: winner=None\)"):
        mjscore.settle([0, 0, 0, went_out], winner=None, dealer=0, discarder=None, rules="babcock")
    lost = mjscore.score(north, "babcock", seat_wind="N")  # the near miss: the hand as it lost
    assert mjscore.settle([0, DEAL[1], 0, lost], winner=1, dealer=0, discarder=2, rules="babcock").net == \
        mjscore.settle([0, DEAL[1], 0, north], winner=1, dealer=0, discarder=2, rules="babcock").net


def test_settle_refuses_a_losers_score_from_another_seat() -> None:
    """A loser's Score carries its seat too: one scored as East for player 3 (dealer 0) gave
    that player East's own-wind points, and settled as North."""
    east = mjscore.score(DEAL[3], "babcock")
    with pytest.raises(InvalidContextError, match="player 3's Score was scored in the East seat, but player 3 "
                                                  r"sits North when player 0 is the dealer \(East\): score the "
                                                  "hand with seat_wind='N'"):
        mjscore.settle([0, DEAL[1], 0, east], winner=1, dealer=0, discarder=2, rules="babcock")
    with pytest.raises(InvalidContextError, match="player 0's Score was scored in the East seat, but player 0 "
                                                  "sits West"):  # a drawn deal: everyone's seat alike
        mjscore.settle([east, 0, 0, 0], winner=None, dealer=2, discarder=None, rules="babcock")
    # the near misses: scored in their own seats, or totals
    assert mjscore.settle([0, DEAL[1], 0, east], winner=1, dealer=3, discarder=2, rules="babcock").net == \
        mjscore.settle([0, DEAL[1], 0, east.total], winner=1, dealer=3, discarder=2, rules="babcock").net
    assert mjscore.settle([east, 0, 0, 0], winner=None, dealer=0, discarder=None, rules="babcock").net == (0,) * 4
    assert mjscore.settle([0, DEAL[1], 0, east.total], winner=1, dealer=0, discarder=2, rules="babcock").net != \
        mjscore.settle([0, DEAL[1], 0, DEAL[3]], winner=1, dealer=0, discarder=2, rules="babcock").net  # (North's 16)


# --- settle: the winner's other keywords with a Score or a total -------------------------------
# Decision (settle's docstring, README "settle"): nothing given is dropped without a word. A
# keyword that contradicts what the winner's Score was scored with is an InvalidContextError; with
# a winner's total, a keyword that cannot be checked (any but seat_wind and self_drawn, which are
# checked against the seats and the discarder) is an error saying a total ignores it.

def test_settle_refuses_a_winners_keyword_its_score_was_scored_otherwise() -> None:
    """settle paid a winner's Score as it was, dropping robbing_kong=True (and any other keyword)
    given with it, though the hand scored with it earns more."""
    won = mjscore.score(DEAL[1], "babcock", seat_wind="S")  # won on the discarded 9s
    robbed = mjscore.settle([0, DEAL[1], 0, 0], winner=1, dealer=0, discarder=2, rules="babcock",
                            robbing_kong=True)
    assert robbed.net != mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock").net
    for name, value in [("robbing_kong", True), ("win_tile", "8s"), ("flowers", [2]), ("dealer_streak", 3),
                        ("declared_calling", True)]:
        with pytest.raises(InvalidContextError) as error:
            mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock", **{name: value})
        assert f"{name}={value!r}, but the winner's Score was scored with {name}=" in str(error.value)
    drawn = mjscore.score(DEAL[1], "babcock", seat_wind="S", self_drawn=True)  # a self_drawn the Score denies
    with pytest.raises(InvalidContextError, match="self_drawn=True, but the winner's Score was scored with "
                                                  "self_drawn=False"):
        mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=None, rules="babcock", self_drawn=True)
    # the near misses: what the Score was scored with, given or not, settles as the Score alone
    alone = mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock").net
    same = dict(win_tile="9s", robbing_kong=False, flowers=[], dealer_streak=0, seat_wind="S", self_drawn=False)
    assert mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock", **same).net == alone
    by_hand = mjscore.score(DEAL[1], "babcock", seat_wind="S", robbing_kong=True)
    assert mjscore.settle([0, by_hand, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock",
                          robbing_kong=True).net == robbed.net
    assert mjscore.settle([0, drawn, 0, 0], winner=1, dealer=0, discarder=None, rules="babcock",
                          self_drawn=True).net == mjscore.settle([0, drawn, 0, 0], winner=1, dealer=0,
                                                                 discarder=None, rules="babcock").net


def test_settle_refuses_a_winners_keyword_a_total_would_ignore() -> None:
    """A winner's total is paid as it is: robbing_kong=True given with it was dropped."""
    total = mjscore.score(DEAL[1], "babcock", seat_wind="S").total
    for keywords in ({"robbing_kong": True}, {"win_tile": "9s"}, {"flowers": [2], "seat_wind": "S"}):
        with pytest.raises(InvalidContextError) as error:
            mjscore.settle([0, total, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock", **keywords)
        message = str(error.value)
        assert "given as a total" in message and "ignored for a total" in message
        assert all(f"{name}=" in message for name in keywords if name != "seat_wind")
        assert "seat_wind=" not in message  # (checked against the seats, so not ignored)
    # the near miss: seat_wind and self_drawn, checked against the seats and the discarder, as ever
    assert mjscore.settle([0, total, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock", seat_wind="S",
                          self_drawn=False).net == \
        mjscore.settle([0, total, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock").net


def test_settle_refuses_keywords_that_describe_no_winner() -> None:
    """A misspelt keyword (with a Score or a total), and any winner's keyword in a drawn deal,
    were dropped: no winning hand is scored here to refuse them."""
    won = mjscore.score(DEAL[1], "babcock", seat_wind="S")
    for winner in (won, won.total):
        with pytest.raises(InvalidContextError, match="settle takes no keyword robbed_kong: the winner's context "
                                                      "keywords are .*robbing_kong"):
            mjscore.settle([0, winner, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock", robbed_kong=True)
    with pytest.raises(InvalidContextError, match=r"nobody won \(winner=None\), so self_drawn=True describes no "
                                                  "winning hand"):
        mjscore.settle([0, 0, 0, 0], winner=None, dealer=0, discarder=None, rules="babcock", self_drawn=True)
    assert mjscore.settle([0, 0, 0, 0], winner=None, dealer=0, discarder=None, rules="babcock").net == (0,) * 4


def test_settle_refuses_a_prevailing_wind_its_scores_were_scored_otherwise() -> None:
    """settle's prevailing_wind scores the hands given here; a Score given with it kept its own
    prevailing wind without a word, and with four totals it applied to nothing."""
    won = mjscore.score(DEAL[1], "babcock", seat_wind="S")  # in an East round
    lost = mjscore.score(DEAL[3], "babcock", seat_wind="N")
    for players in ([0, won, 0, 0], [0, DEAL[1], 0, lost]):
        with pytest.raises(InvalidContextError, match=r"prevailing_wind='S', but player \d's Score was scored with "
                                                      "prevailing_wind='E'"):
            mjscore.settle(players, winner=1, dealer=0, discarder=2, rules="babcock", prevailing_wind="S")
    with pytest.raises(InvalidContextError, match="prevailing_wind='S' would be ignored: every player is given as a "
                                                  "total"):
        mjscore.settle([0, won.total, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock", prevailing_wind="S")
    # the near misses: the Scores' own prevailing wind, or hands scored here in the South round
    assert mjscore.settle([0, won, 0, lost], winner=1, dealer=0, discarder=2, rules="babcock",
                          prevailing_wind="E").net == \
        mjscore.settle([0, won, 0, lost], winner=1, dealer=0, discarder=2, rules="babcock").net
    south = mjscore.score(DEAL[1], "babcock", seat_wind="S", prevailing_wind="S")
    assert mjscore.settle([0, DEAL[1], 0, 0], winner=1, dealer=0, discarder=2, rules="babcock",
                          prevailing_wind="S").net == \
        mjscore.settle([0, south, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock", prevailing_wind="S").net


# --- settle: the rule set, the discarder and the prevailing wind Scores were scored with ----------
# Decisions (settle's docstring, README "settle"): a winner's Score won on a discard needs its
# discarder; the deal is settled under one rule set, rules or (left out) the Scores' own, babcock
# when no Score is given; the prevailing wind is the whole deal's, so Scores left to say it must agree.

def test_settle_refuses_a_discarded_winners_score_paid_as_self_drawn() -> None:
    """settle: the winner is self-drawn exactly when discarder is None. A winner's Score won on a
    discard, settled with discarder=None, was paid as a self-drawn win without a word (under a
    chart, by every loser instead of the discarder); the opposite case (a self-drawn Score with a
    discarder) was already refused."""
    won = mjscore.score(DEAL[1], "babcock", seat_wind="S")  # won on the discarded 9s
    assert not won.context.self_drawn
    with pytest.raises(InvalidContextError) as error:
        mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=None, rules="babcock")
    assert str(error.value) == (
        "the winner's Score was scored on a discard (not self-drawn), but discarder=None settles a self-drawn "
        "win: give the player who discarded the winning tile as discarder, or score the hand with self_drawn=True")
    # the near misses: its discarder given, or the hand scored self-drawn
    assert mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock").net == \
        mjscore.settle([0, DEAL[1], 0, 0], winner=1, dealer=0, discarder=2, rules="babcock").net
    drawn = mjscore.score(DEAL[1], "babcock", seat_wind="S", self_drawn=True)
    assert mjscore.settle([0, drawn, 0, 0], winner=1, dealer=0, discarder=None, rules="babcock").net[1] > 0


def test_settle_pays_scores_under_the_rule_set_they_were_scored_under() -> None:
    """settle's rules defaulted to "babcock", so Scores of another rule set were paid under Babcock's
    payment scheme (chinese-classical pays by a chart): now, left out, rules is the Scores' own."""
    won = mjscore.score(DEAL[1], "chinese-classical", seat_wind="S")
    charted = mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=2, rules="chinese-classical").net
    assert charted != mjscore.settle([0, won.total, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock").net
    assert mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=2).net == charted
    assert mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=2, rules="CC").net == charted  # an alias
    # hands scored here are scored under it too
    lost = mjscore.score(DEAL[3], "chinese-classical", seat_wind="N")
    assert mjscore.settle([0, won, 0, DEAL[3]], winner=1, dealer=0, discarder=2).net == \
        mjscore.settle([0, won, 0, lost], winner=1, dealer=0, discarder=2, rules="chinese-classical").net
    # no Score given: babcock, as before
    assert mjscore.settle([0, 36, 0, 0], winner=1, dealer=0, discarder=None).net == (-72, 144, -36, -36)
    assert mjscore.settle(DEAL, winner=1, dealer=0, discarder=2).net == \
        mjscore.settle(DEAL, winner=1, dealer=0, discarder=2, rules="babcock").net


def test_settle_refuses_scores_of_another_rule_set() -> None:
    """A Score paid under another rule set's payment scheme than its own, or Scores of two rule
    sets in one deal, settled without a word."""
    won = mjscore.score(DEAL[1], "chinese-classical", seat_wind="S")
    with pytest.raises(InvalidContextError) as error:
        mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock")
    assert str(error.value) == (
        "rules='babcock' settles under babcock, but player 1's Score was scored under chinese-classical: a Score "
        "is paid under the rule set it was scored under, so leave rules out (settle then takes the Scores' own), "
        "give rules='chinese-classical', or score the hands under babcock")
    lost = mjscore.score(DEAL[3], "dmjl", seat_wind="N")
    for rules in (None, "chinese-classical", "dmjl"):
        with pytest.raises(InvalidContextError, match="player 1's Score was scored under chinese-classical and "
                                                      "player 3's under dmjl: a deal is settled under one rule set"):
            mjscore.settle([0, won, 0, lost], winner=1, dealer=0, discarder=2, rules=rules)


def test_settle_needs_the_rule_set_of_a_rule_files_scores(tmp_path) -> None:
    """A Score names its rule set (Score.rules), which settle loads when rules is left out; a
    rule file's rule set has no name settle can load, so it asks for it, and takes it given."""
    path = tmp_path / "house.toml"
    path.write_text('name = "house"\nextends = "babcock"\n[payments]\nscheme = "classical"\ndealer-double = false\n',
                    encoding="utf-8")
    house = mjscore.load_rules(path)
    won = mjscore.score(DEAL[1], house, seat_wind="S")
    with pytest.raises(InvalidContextError, match="player 1's Score was scored under house, which settle cannot "
                                                  r"find by its name \(a rule file's rule set\): give it as rules="):
        mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=2)
    paid = mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=2, rules=house).net
    assert paid == mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=2, rules=str(path)).net
    assert paid == mjscore.settle([0, won.total, 0, 0], winner=1, dealer=0, discarder=2, rules=house).net
    with pytest.raises(InvalidContextError, match="scored under house"):
        mjscore.settle([0, won, 0, 0], winner=1, dealer=0, discarder=2, rules="babcock")


def test_settle_refuses_scores_of_different_prevailing_winds() -> None:
    """The prevailing wind is the whole deal's: with prevailing_wind left out, Scores scored with
    different ones settled without a word, and hands scored here took East beside Scores of a
    South round. Now the Scores must agree, and the hands scored here take their wind."""
    won = mjscore.score(DEAL[1], "dmjl", seat_wind="S", prevailing_wind="S")
    lost = mjscore.score(DEAL[3], "dmjl", seat_wind="N")  # in an East round
    with pytest.raises(InvalidContextError) as error:
        mjscore.settle([0, won, 0, lost], winner=1, dealer=0, discarder=2, rules="dmjl")
    assert str(error.value) == (
        "player 1's Score was scored with prevailing_wind='S' and player 3's with prevailing_wind='E': the "
        "prevailing wind is the whole deal's, so score every hand with the same one (settle's prevailing_wind "
        "then checks it)")
    # the near misses: one round's Scores, and a hand scored here in that round (East's pair of
    # South, 22z, is a pair of the prevailing wind in a South round)
    south = mjscore.score(DEAL[3], "dmjl", seat_wind="N", prevailing_wind="S")
    assert mjscore.settle([0, won, 0, south], winner=1, dealer=0, discarder=2, rules="dmjl").net == \
        mjscore.settle([0, won, 0, south], winner=1, dealer=0, discarder=2, rules="dmjl", prevailing_wind="S").net
    in_the_round = mjscore.settle([DEAL[0], won, 0, 0], winner=1, dealer=0, discarder=2, rules="dmjl").net
    assert in_the_round == mjscore.settle([DEAL[0], won, 0, 0], winner=1, dealer=0, discarder=2, rules="dmjl",
                                          prevailing_wind="S").net
    east = mjscore.score(DEAL[0], "dmjl", seat_wind="E", winner=False)
    assert in_the_round != mjscore.settle([east, won.total, 0, 0], winner=1, dealer=0, discarder=2, rules="dmjl").net
