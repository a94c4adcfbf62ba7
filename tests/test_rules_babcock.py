"""Rule set ``babcock``: every scoring line of seed 004 (Babcock's Rules for Mah-Jongg, ch. 4).

Each case id starts with the seed line it checks, quoted as the rule file quotes it
(``004 <section>: <row text> | <value>``), then says what the hand does: ``earns`` the
line, or ``near miss`` (a hand that looks alike and does not earn it). Expected totals
are worked out by hand in the comment next to each case from the seed's numbers:
points summed, the special bonus scores added *before* doubling ("The above Special
Bonus Scores are always added before the score is doubled"), then doubled once per
double, capped at the limit of 300.

Unless a case says otherwise the player sits East in an East round (so the East wind
is his own), and the hand is won on a discard. Most hands are one set under test plus
the filler ``F`` below, which scores nothing but the 20 for going out.

The suite runs under whichever backend ``MJSCORE_BACKEND`` selects; CI runs it twice.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import mjscore
from mjscore import InvalidContextError, load_rules, score, settle

# A filler worth nothing: two runs, a pair of 5 bamboo, and the run 7-8-9 bamboo
# completed by a discarded 9s on a two-sided wait (6s or 9s), so no "only possible place".
F = "234p 567p 55s 78s +9s"

# --- the seed's lines, as the rule file's `source` quotes them -----------------------------

E_PUNG_SIMPLE = "004 Exposed: Three of a kind (of 2, 3, 4, 5, 6, 7, or 8) of the same suit | 2 points"
E_PUNG_TERMINAL = "004 Exposed: Three ones or three nines of the same suit | 4 points"
E_PUNG_WIND = "004 Exposed: Three of a kind of any Wind | 4 points"
E_PUNG_DRAGON = "004 Exposed: Three of a kind of Red, Green, or White Dragons | 4 points"
E_KONG_SIMPLE = "004 Exposed: Four of a kind (of 2, 3, 4, 5, 6, 7, or 8) of the same suit | 8 points"
E_KONG_TERMINAL = "004 Exposed: Four ones or four nines of the same suit | 16 points"
E_KONG_WIND = "004 Exposed: Four of a kind of any Wind | 16 points"
E_KONG_DRAGON = "004 Exposed: Four of a kind of Red, Green, or White Dragons | 16 points"
E_PAIR = "004 Exposed: A pair of any Dragon or of a player's own Wind | 2 points"
C_PUNG_SIMPLE = "004 Concealed: Three of a kind (of 2, 3, 4, 5, 6, 7, or 8) of the same suit | 4 points"
C_PUNG_TERMINAL = "004 Concealed: Three ones or three nines of the same suit | 8 points"
C_PUNG_WIND = "004 Concealed: Three of a kind of any Wind | 8 points"
C_PUNG_DRAGON = "004 Concealed: Three of a kind of Red, Green, or White Dragons | 8 points"
C_KONG_SIMPLE = "004 Concealed: Four of a kind (of 2, 3, 4, 5, 6, 7, or 8) of the same suit | 16 points"
C_KONG_TERMINAL = "004 Concealed: Four ones or four nines of the same suit | 32 points"
C_KONG_WIND = "004 Concealed: Four of a kind of any Wind | 32 points"
C_KONG_DRAGON = "004 Concealed: Four of a kind of Red, Green, or White Dragons | 32 points"
C_PAIR = "004 Concealed: A pair of any Dragon or of a player's own Wind | 2 points"
B_GAME = "004 Bonus: Game or MAH-JONGG (for winning the hand) | 20 points"
B_DRAWN = "004 Bonus: Winning tile drawn (not Punged or Chowed) | 2 points"
B_LOOSE = ("004 Bonus: MAH-JONGG on special draw of a loose tile after four of a kind, "
           "scores an additional 8 points, or in all | 10 points")
B_ONLY = "004 Bonus: To complete the hand by filling in the only possible place to win | 2 points"
B_NO_SCORE = "004 Bonus: No score other than Game, MAH-JONGG | 10 points"
B_NO_RUNS = "004 Bonus: No Runs, concealed or exposed | 10 points"
B_ROB = "004 Bonus: Stealing the Fourth to Win | 10 Points"
B_LAST = "004 Bonus: MAH-JONGG on the Last Tile Drawn | 10 Points"
D_OWN_WIND = "004 Doubles: Three or four of a player's own Wind, concealed | Double total score"
D_DRAGON = ("004 Doubles: Three or four of Red, Green, or White Dragons, concealed or exposed "
            "| Double total score")
D_SUIT_HONOURS = ("004 Doubles: Hand all of one suit, except for any number of Winds, or Red, Green, "
                  "or White Dragons | Double total score")
D_ONE_SUIT = "004 Doubles: Hand entirely of one suit | Double total score three times"
D_HONOURS = ("004 Doubles: Hand entirely of Honor Tiles (all Winds and Dragons, no suits) "
             "| Double total score three times")
S_HEAVEN = "004 Special: The Hand From Heaven | Scores the Limit, usually 300 points"
S_EARTH = "004 Special: The Hand From Earth | Scores half the Limit, usually 150 points"
S_LUCKY = "004 Special: The Lucky Thirteen | Scores one-third the Limit, usually 100 points"
N_B_DOUBLES = ("004 N.B.: if a hand has 3 Red Dragons, 3 of the player's own Wind, and all other tiles "
               "of the same suit, the score is doubled three times")
ALL_HANDS = "004 Exposed/Concealed/Doubles: These apply to all hands"

# Every seed row and the rule ids that implement it (the option readings cite the row too).
SEED_ROWS = {
    E_PUNG_SIMPLE: {"exposed-pung-simples"}, E_PUNG_TERMINAL: {"exposed-pung-terminals"},
    E_PUNG_WIND: {"exposed-pung-winds"}, E_PUNG_DRAGON: {"exposed-pung-dragons"},
    E_KONG_SIMPLE: {"exposed-kong-simples"}, E_KONG_TERMINAL: {"exposed-kong-terminals"},
    E_KONG_WIND: {"exposed-kong-winds"}, E_KONG_DRAGON: {"exposed-kong-dragons"},
    E_PAIR: {"exposed-pair-dragon-own-wind"},
    C_PUNG_SIMPLE: {"concealed-pung-simples"}, C_PUNG_TERMINAL: {"concealed-pung-terminals"},
    C_PUNG_WIND: {"concealed-pung-winds"}, C_PUNG_DRAGON: {"concealed-pung-dragons"},
    C_KONG_SIMPLE: {"concealed-kong-simples"}, C_KONG_TERMINAL: {"concealed-kong-terminals"},
    C_KONG_WIND: {"concealed-kong-winds"}, C_KONG_DRAGON: {"concealed-kong-dragons"},
    C_PAIR: {"concealed-pair-dragon-own-wind"},
    B_GAME: {"mah-jongg"}, B_DRAWN: {"self-drawn"}, B_LOOSE: {"loose-tile"}, B_ONLY: {"only-place"},
    B_NO_SCORE: {"no-score"}, B_NO_RUNS: {"no-runs"}, B_ROB: {"robbing-kong"}, B_LAST: {"last-tile"},
    D_OWN_WIND: {"own-wind-pung"}, D_DRAGON: {"dragon-pung"}, D_SUIT_HONOURS: {"one-suit-with-honours"},
    D_ONE_SUIT: {"one-suit"}, D_HONOURS: {"all-honours"},
    S_HEAVEN: {"heaven"}, S_EARTH: {"earth"}, S_LUCKY: {"lucky-thirteen"},
}


def line_ids(s: mjscore.Score) -> set[str]:
    return {line.id for line in s.lines}


def case(line: str, what: str, hand: str, total: int, points: int, doubles: int, has=(), lacks=(),
         limit: Fraction | None = None, special: str | None = None, **context):
    """One row: the hand, its context, and the Score expected (ids name the seed line)."""
    return pytest.param(hand, context, total, points, doubles, set(has), set(lacks), limit, special,
                        id=f"{line} :: {what}")


def check(s: mjscore.Score, total, points, doubles, has, lacks, limit, special) -> None:
    ids = line_ids(s)
    assert (s.total, s.points, s.doubles) == (total, points, doubles), s.explain()
    assert has <= ids, s.explain()
    assert not lacks & ids, s.explain()
    assert s.limit == limit, s.explain()
    assert s.special == special, s.explain()


FIELDS = ("hand", "context", "total", "points", "doubles", "has", "lacks", "limit", "special")

# --- 1. the combination tables: every row, earned and near-missed ----------------------------

COMBINATIONS = [
    # Exposed Combinations (on the Table)
    case(E_PUNG_SIMPLE, "earns: [555m]", f"[555m] {F}", 22, 22, 0,  # 20 + 2
         has={"exposed-pung-simples", "mah-jongg"}, lacks={"concealed-pung-simples"}),
    case(E_PUNG_SIMPLE, "near miss: the same pung concealed", f"555m {F}", 24, 24, 0,  # 20 + 4
         has={"concealed-pung-simples"}, lacks={"exposed-pung-simples"}),
    case(E_PUNG_TERMINAL, "earns: [999m]", f"[999m] {F}", 24, 24, 0,  # 20 + 4
         has={"exposed-pung-terminals"}, lacks={"exposed-pung-simples"}),
    case(E_PUNG_TERMINAL, "earns: [111p]", f"[111p] {F}", 24, 24, 0,  # 20 + 4
         has={"exposed-pung-terminals"}),
    case(E_PUNG_TERMINAL, "near miss: [888m] is 2-8", f"[888m] {F}", 22, 22, 0,  # 20 + 2
         has={"exposed-pung-simples"}, lacks={"exposed-pung-terminals"}),
    case(E_PUNG_WIND, "earns: [333z] another player's wind", f"[333z] {F}", 24, 24, 0,  # 20 + 4
         has={"exposed-pung-winds"}, lacks={"own-wind-pung", "own-wind-pung-exposed"}),
    case(E_PUNG_WIND, "earns: [111z] own wind, exposed: points but no double", f"[111z] {F}",
         24, 24, 0, has={"exposed-pung-winds"}, lacks={"own-wind-pung"}),  # 20 + 4
    case(E_PUNG_WIND, "near miss: 333z concealed", f"333z {F}", 28, 28, 0,  # 20 + 8
         has={"concealed-pung-winds"}, lacks={"exposed-pung-winds"}),
    case(E_PUNG_DRAGON, "earns: [666z]", f"[666z] {F}", 48, 24, 1,  # (20 + 4) x2
         has={"exposed-pung-dragons", "dragon-pung"}),
    case(E_PUNG_DRAGON, "near miss: 666z concealed", f"666z {F}", 56, 28, 1,  # (20 + 8) x2
         has={"concealed-pung-dragons"}, lacks={"exposed-pung-dragons"}),
    case(E_KONG_SIMPLE, "earns: [5555m]", f"[5555m] {F}", 28, 28, 0,  # 20 + 8
         has={"exposed-kong-simples"}, lacks={"exposed-pung-simples", "concealed-kong-simples"}),
    case(E_KONG_SIMPLE, "near miss: (5555m) concealed", f"(5555m) {F}", 36, 36, 0,  # 20 + 16
         has={"concealed-kong-simples"}, lacks={"exposed-kong-simples"}),
    case(E_KONG_TERMINAL, "earns: [1111m]", f"[1111m] {F}", 36, 36, 0,  # 20 + 16
         has={"exposed-kong-terminals"}),
    case(E_KONG_TERMINAL, "near miss: [2222m] is 2-8", f"[2222m] {F}", 28, 28, 0,  # 20 + 8
         has={"exposed-kong-simples"}, lacks={"exposed-kong-terminals"}),
    case(E_KONG_WIND, "earns: [3333z]", f"[3333z] {F}", 36, 36, 0,  # 20 + 16
         has={"exposed-kong-winds"}),
    case(E_KONG_WIND, "near miss: (3333z) concealed", f"(3333z) {F}", 52, 52, 0,  # 20 + 32
         has={"concealed-kong-winds"}, lacks={"exposed-kong-winds"}),
    case(E_KONG_DRAGON, "earns: [7777z]", f"[7777z] {F}", 72, 36, 1,  # (20 + 16) x2
         has={"exposed-kong-dragons", "dragon-pung"}),
    case(E_KONG_DRAGON, "near miss: (7777z) concealed", f"(7777z) {F}", 104, 52, 1,  # (20 + 32) x2
         has={"concealed-kong-dragons"}, lacks={"exposed-kong-dragons"}),
    # A pair completed by a discard is exposed; a dragon pair wait is the only place to win.
    case(E_PAIR, "earns: 66z completed by a discard", "123m 234p 567p 789s 6z +6z", 24, 24, 0,
         has={"exposed-pair-dragon-own-wind", "only-place"},  # 20 + 2 + 2 (only place)
         lacks={"concealed-pair-dragon-own-wind", "dragon-pung"}),
    case(E_PAIR, "earns: own wind 22z for South", "123m 234p 567p 789s 2z +2z", 24, 24, 0,
         has={"exposed-pair-dragon-own-wind"}, seat_wind="S"),  # 20 + 2 + 2
    case(E_PAIR, "near miss: 66z self-drawn stays concealed", "123m 234p 567p 789s 6z +6z",
         26, 26, 0, has={"concealed-pair-dragon-own-wind", "self-drawn"},  # 20 + 2 + 2 + 2
         lacks={"exposed-pair-dragon-own-wind"}, self_drawn=True),
    case(E_PAIR, "near miss: 33z is another player's wind", "123m 234p 567p 789s 3z +3z",
         22, 22, 0, has={"only-place"},  # 20 + 2 (only place); nothing for the pair
         lacks={"exposed-pair-dragon-own-wind", "concealed-pair-dragon-own-wind"}),

    # Concealed Combinations (completed by drawing from the wall)
    case(C_PUNG_SIMPLE, "earns: 555m", f"555m {F}", 24, 24, 0,  # 20 + 4
         has={"concealed-pung-simples"}),
    case(C_PUNG_SIMPLE, "near miss: [555m] exposed", f"[555m] {F}", 22, 22, 0,  # 20 + 2
         lacks={"concealed-pung-simples"}),
    case(C_PUNG_TERMINAL, "earns: 999m", f"999m {F}", 28, 28, 0,  # 20 + 8
         has={"concealed-pung-terminals"}),
    case(C_PUNG_TERMINAL, "earns: 111m", f"111m {F}", 28, 28, 0,  # 20 + 8
         has={"concealed-pung-terminals"}),
    case(C_PUNG_TERMINAL, "near miss: 888m is 2-8", f"888m {F}", 24, 24, 0,  # 20 + 4
         has={"concealed-pung-simples"}, lacks={"concealed-pung-terminals"}),
    case(C_PUNG_WIND, "earns: 333z", f"333z {F}", 28, 28, 0,  # 20 + 8
         has={"concealed-pung-winds"}),
    case(C_PUNG_WIND, "near miss: [333z] exposed", f"[333z] {F}", 24, 24, 0,  # 20 + 4
         lacks={"concealed-pung-winds"}),
    case(C_PUNG_DRAGON, "earns: 555z", f"555z {F}", 56, 28, 1,  # (20 + 8) x2
         has={"concealed-pung-dragons", "dragon-pung"}),
    case(C_PUNG_DRAGON, "near miss: [555z] exposed", f"[555z] {F}", 48, 24, 1,  # (20 + 4) x2
         lacks={"concealed-pung-dragons"}),
    case(C_KONG_SIMPLE, "earns: (5555m)", f"(5555m) {F}", 36, 36, 0,  # 20 + 16
         has={"concealed-kong-simples"}, lacks={"concealed-pung-simples"}),
    case(C_KONG_SIMPLE, "near miss: [5555m] exposed", f"[5555m] {F}", 28, 28, 0,  # 20 + 8
         lacks={"concealed-kong-simples"}),
    case(C_KONG_TERMINAL, "earns: (9999m)", f"(9999m) {F}", 52, 52, 0,  # 20 + 32
         has={"concealed-kong-terminals"}),
    case(C_KONG_TERMINAL, "near miss: (8888m) is 2-8", f"(8888m) {F}", 36, 36, 0,  # 20 + 16
         has={"concealed-kong-simples"}, lacks={"concealed-kong-terminals"}),
    case(C_KONG_WIND, "earns: (4444z)", f"(4444z) {F}", 52, 52, 0,  # 20 + 32
         has={"concealed-kong-winds"}),
    case(C_KONG_WIND, "near miss: [4444z] exposed", f"[4444z] {F}", 36, 36, 0,  # 20 + 16
         has={"exposed-kong-winds"}, lacks={"concealed-kong-winds"}),
    case(C_KONG_DRAGON, "earns: (6666z)", f"(6666z) {F}", 104, 52, 1,  # (20 + 32) x2
         has={"concealed-kong-dragons", "dragon-pung"}),
    case(C_KONG_DRAGON, "near miss: [6666z] exposed", f"[6666z] {F}", 72, 36, 1,  # (20 + 16) x2
         lacks={"concealed-kong-dragons"}),
    case(C_PAIR, "earns: 66z held concealed", "123m 234p 567p 66z 78s +9s", 22, 22, 0,  # 20 + 2
         has={"concealed-pair-dragon-own-wind"}, lacks={"dragon-pung", "no-score"}),
    case(C_PAIR, "earns: own wind 22z for South", "123m 234p 567p 22z 78s +9s", 22, 22, 0,
         has={"concealed-pair-dragon-own-wind"}, seat_wind="S"),  # 20 + 2
    case(C_PAIR, "earns: 11z is East's own wind in the East round", "123m 234p 567p 11z 78s +9s",
         22, 22, 0, has={"concealed-pair-dragon-own-wind"}),  # 20 + 2
    case(C_PAIR, "near miss: 33z is another player's wind", "123m 234p 567p 33z 78s +9s",
         30, 30, 0, has={"no-score"},  # 20 + 10 (no score other than game)
         lacks={"concealed-pair-dragon-own-wind"}),
    case(C_PAIR, "near miss: 11z is only the round's wind for South", "123m 234p 567p 11z 78s +9s",
         30, 30, 0, has={"no-score"}, lacks={"concealed-pair-dragon-own-wind"},  # 20 + 10
         seat_wind="S", prevailing_wind="E"),
]


@pytest.mark.parametrize(FIELDS, COMBINATIONS)
def test_combination_tables(hand, context, total, points, doubles, has, lacks, limit, special):
    check(score(hand, "babcock", **context), total, points, doubles, has, lacks, limit, special)


# --- 2. Double Honor Scores ------------------------------------------------------------------

DOUBLES = [
    case(D_OWN_WIND, "earns: 222z concealed for South", f"222z {F}", 56, 28, 1,  # (20 + 8) x2
         has={"own-wind-pung", "concealed-pung-winds"}, seat_wind="S"),
    case(D_OWN_WIND, "earns: four of them, (2222z) for South", f"(2222z) {F}", 104, 52, 1,
         has={"own-wind-pung", "concealed-kong-winds"}, seat_wind="S"),  # (20 + 32) x2
    case(D_OWN_WIND, "earns: 111z for East in the East round, doubled once", f"111z {F}", 56, 28, 1,
         has={"own-wind-pung"}),  # (20 + 8) x2
    case(D_OWN_WIND, "near miss: 222z is another player's wind for West", f"222z {F}", 28, 28, 0,
         lacks={"own-wind-pung"}, seat_wind="W"),  # 20 + 8
    case(D_OWN_WIND, "near miss: 111z is only the round's wind for South", f"111z {F}", 28, 28, 0,
         lacks={"own-wind-pung"}, seat_wind="S", prevailing_wind="E"),  # 20 + 8
    case(D_OWN_WIND, "near miss: [222z] exposed for South", f"[222z] {F}", 24, 24, 0,  # 20 + 4
         lacks={"own-wind-pung", "own-wind-pung-exposed"}, seat_wind="S"),
    case(D_OWN_WIND, "near miss: a pair 22z for South", "123m 234p 567p 22z 78s +9s", 22, 22, 0,
         lacks={"own-wind-pung"}, seat_wind="S"),  # 20 + 2
    # 22z 55s waits on 2z or 5s. A discarded 2z makes the pung exposed: 4 + 20, no double.
    case(D_OWN_WIND, "near miss: 222z completed by a discard is exposed", "123m 234p 567p 22z 55s +2z",
         24, 24, 0, has={"exposed-pung-winds"}, lacks={"own-wind-pung"}, seat_wind="S"),
    # Self-drawn it stays concealed: (8 + 2 + 20) x2 = 60.
    case(D_OWN_WIND, "earns: 222z completed by drawing", "123m 234p 567p 22z 55s +2z",
         60, 30, 1, has={"own-wind-pung", "concealed-pung-winds"}, seat_wind="S", self_drawn=True),
    case(D_DRAGON, "earns: [666z] exposed", f"[666z] {F}", 48, 24, 1,  # (20 + 4) x2
         has={"dragon-pung"}),
    case(D_DRAGON, "earns: 555z concealed", f"555z {F}", 56, 28, 1,  # (20 + 8) x2
         has={"dragon-pung"}),
    case(D_DRAGON, "earns: four of them, [7777z]", f"[7777z] {F}", 72, 36, 1,  # (20 + 16) x2
         has={"dragon-pung"}),
    case(D_DRAGON, "earns: two dragon pungs double twice", "[555z] 666z 234p 55s 78s +9s",
         128, 32, 2, has={"dragon-pung"}),  # ([555z] 4 + 666z 8 + 20) x2 x2
    case(D_DRAGON, "near miss: a pair 66z", "123m 234p 567p 66z 78s +9s", 22, 22, 0,  # 20 + 2
         lacks={"dragon-pung"}),
    case(D_SUIT_HONOURS, "earns: characters and [333z]", "123m 456m [333z] 99m 78m +9m", 48, 24, 1,
         has={"one-suit-with-honours"}, lacks={"one-suit", "all-honours"}),  # (20 + 4) x2
    case(D_SUIT_HONOURS, "earns: characters and a pair of dragons", "111m 555m 23m 678m 66z +4m",
         68, 34, 1, has={"one-suit-with-honours"}, lacks={"one-suit"}),  # (20 + 8 + 4 + 2) x2
    case(D_SUIT_HONOURS, "near miss: one pair of dots", "123m 456m [333z] 99p 78m +9m", 24, 24, 0,
         lacks={"one-suit-with-honours"}),  # 20 + 4
    case(D_ONE_SUIT, "earns: all characters, 32 points", "111m 555m 23m 678m 99m +4m", 256, 32, 3,
         has={"one-suit"}, lacks={"one-suit-with-honours"}),  # (20 + 8 + 4) x2 x2 x2
    case(D_ONE_SUIT, "near miss: one pair of dots", "111m 555m 23m 678m 99p +4m", 32, 32, 0,
         lacks={"one-suit", "one-suit-with-honours"}),  # 20 + 8 + 4
    case(D_HONOURS, "earns: all honours, capped at the limit", "[111z] 222z 333z 55z 66z +6z",
         300, 56, 4, has={"all-honours", "dragon-pung", "no-runs"}, limit=Fraction(1)),
    # ^ [111z] 4 + 222z 8 + 333z 8 + 666z (by discard: exposed) 4 + 55z 2 + 20 + no runs 10
    #   = 56; dragon pung x2, all honours x2 x2 x2: 56 x 16 = 896, capped at 300.
    case(D_HONOURS, "near miss: a pung of 9s instead of the dragons", "[111z] 222z 333z 55z 99m +9m",
         112, 56, 1, has={"one-suit-with-honours"}, lacks={"all-honours"}),
    # ^ 4 + 8 + 8 + [999m by discard] 4 + 55z 2 + 20 + 10 = 56, one suit with honours x2.
]


@pytest.mark.parametrize(FIELDS, DOUBLES)
def test_double_honour_scores(hand, context, total, points, doubles, has, lacks, limit, special):
    check(score(hand, "babcock", **context), total, points, doubles, has, lacks, limit, special)


def test_doubles_are_counted_once_per_combination():
    """N.B. "the score is doubled for each combination": two dragon pungs list two lines."""
    s = score("[555z] 666z 234p 55s 78s +9s")
    assert [line.id for line in s.lines].count("dragon-pung") == 2


# --- 3. Special Bonus Scores (winning hands only) -----------------------------------------------

BONUSES = [
    case(B_GAME, "earns: any hand that goes out", f"[555m] {F}", 22, 22, 0,  # 20 + 2
         has={"mah-jongg"}),
    case(B_GAME, "near miss: the same 13 tiles, not out", "[555m] 234p 567p 55s 78s", 2, 2, 0,
         lacks={"mah-jongg"}),  # the exposed pung alone
    case(B_DRAWN, "earns: self-drawn", f"[555m] {F}", 24, 24, 0,  # 20 + 2 + 2
         has={"self-drawn"}, self_drawn=True),
    case(B_DRAWN, "near miss: won on a discard", f"[555m] {F}", 22, 22, 0,  # 20 + 2
         lacks={"self-drawn"}),
    case(B_LOOSE, "earns: loose tile after [5555m], 8 + 2 for drawing, 10 in all", f"[5555m] {F}",
         38, 38, 0, has={"loose-tile", "self-drawn"},  # 20 + 8 (kong) + 2 (drawn) + 8 (loose)
         self_drawn=True, replacement="kong"),
    case(B_LOOSE, "earns: replacement=True means a kong's loose tile", f"(5555m) {F}",
         46, 46, 0, has={"loose-tile", "self-drawn"},  # 20 + 16 + 2 + 8
         self_drawn=True, replacement=True),
    case(B_LOOSE, "near miss: a loose tile after a flower", f"[5555m] {F}", 30, 30, 0,
         has={"self-drawn"}, lacks={"loose-tile"},  # 20 + 8 + 2
         self_drawn=True, replacement="bonus"),
    case(B_LOOSE, "near miss: an ordinary draw", f"[5555m] {F}", 30, 30, 0,  # 20 + 8 + 2
         lacks={"loose-tile"}, self_drawn=True),
    case(B_ONLY, "earns: 8s between 7s and 9s", "[555m] 234p 567p 55s 79s +8s", 24, 24, 0,
         has={"only-place"}),  # 20 + 2 + 2
    case(B_ONLY, "earns: 7s beside 8-9", "[555m] 234p 567p 55s 89s +7s", 24, 24, 0,
         has={"only-place"}),  # 20 + 2 + 2
    case(B_ONLY, "earns: pairing a lone 1m", "[555m] 234p 567p 789s 1m +1m", 24, 24, 0,
         has={"only-place"}),  # 20 + 2 + 2
    case(B_ONLY, "near miss: two-sided wait 6s or 9s", f"[555m] {F}", 22, 22, 0,  # 20 + 2
         lacks={"only-place"}),
    # 55z 66z waits on 5z or 6z: two places. The 6z by discard makes an exposed pung:
    # [666z] 4 + pair 55z 2 + 20 = 26, x2 for the dragon pung.
    case(B_ONLY, "near miss: waiting on 5z or 6z to make a pung", "123m 234p 567p 55z 66z +6z",
         52, 26, 1, has={"exposed-pung-dragons", "concealed-pair-dragon-own-wind"},
         lacks={"only-place"}),
    case(B_NO_SCORE, "earns: runs and a pair of 5s", f"123m {F}", 30, 30, 0,  # 20 + 10
         has={"no-score"}),
    case(B_NO_SCORE, "near miss: a pair of dragons scores", "123m 234p 567p 66z 78s +9s", 22, 22, 0,
         lacks={"no-score"}),  # 20 + 2
    case(B_NO_SCORE, "near miss: self-drawn scores 2", f"123m {F}", 22, 22, 0,  # 20 + 2
         has={"self-drawn"}, lacks={"no-score"}, self_drawn=True),
    case(B_NO_SCORE, "near miss: the only place scores 2", "123m 234p 567p 55s 79s +8s", 22, 22, 0,
         has={"only-place"}, lacks={"no-score"}),  # 20 + 2
    case(B_NO_RUNS, "earns: four pungs", "[555m] 777p 999s 33p 88s +8s", 46, 46, 0,
         has={"no-runs", "exposed-pung-simples", "concealed-pung-simples", "concealed-pung-terminals"}),
    # ^ [555m] 2 + 777p 4 + 999s 8 + 888s (by discard: exposed) 2 + 20 + 10 = 46
    case(B_NO_RUNS, "near miss: one run 789p", "[555m] 789p 999s 33p 88s +8s", 32, 32, 0,
         lacks={"no-runs"}),  # 2 + 8 + 2 + 20
    case(B_NO_RUNS, "near miss: an exposed run counts too", "[234m] 777p 999s 33p 88s +8s", 34, 34, 0,
         lacks={"no-runs"}),  # 777p 4 + 999s 8 + 888s (by discard) 2 + 20
    case(B_ROB, "earns: robbing a kong", f"[555m] {F}", 32, 32, 0,  # 20 + 2 + 10
         has={"robbing-kong"}, lacks={"self-drawn"}, robbing_kong=True),
    case(B_ROB, "near miss: an ordinary discard", f"[555m] {F}", 22, 22, 0,  # 20 + 2
         lacks={"robbing-kong"}),
    case(B_LAST, "earns: the last tile of the wall", f"[555m] {F}", 34, 34, 0,  # 20 + 2 + 2 + 10
         has={"last-tile", "self-drawn"}, self_drawn=True, last_tile=True),
    case(B_LAST, "near miss: the last discard is not drawn", f"[555m] {F}", 22, 22, 0,  # 20 + 2
         lacks={"last-tile"}, last_discard=True),
]


@pytest.mark.parametrize(FIELDS, BONUSES)
def test_special_bonus_scores(hand, context, total, points, doubles, has, lacks, limit, special):
    check(score(hand, "babcock", **context), total, points, doubles, has, lacks, limit, special)


def test_loose_tile_is_ten_in_all():
    """"scores an additional 8 points, or in all 10": drawn 2 + loose 8."""
    s = score(f"[5555m] {F}", self_drawn=True, replacement="kong")
    by_id = {line.id: line.points for line in s.lines}
    assert by_id["self-drawn"] + by_id["loose-tile"] == 10


# --- 4. Special Scores and their declaration rules -------------------------------------------

READY = "123m 234p 567p 55s 78s +9s"  # worth 30 on a discard: 20 + 10 (no score other than game)

SPECIALS = [
    case(S_HEAVEN, "earns: East's dealt hand is complete", READY, 300, 22, 0,  # 20 + 2: the limit
         has={"heaven"}, limit=Fraction(1), special="heaven", heaven=True, self_drawn=True),
    # Concealed pungs 111m 8 + 333m 4 + 555m 4 + 777m 4, 20 + 2 + no runs 10 = 52, one suit
    # x8 = 416: the limit. (A dealt hand holds no declared kong: nothing is declared yet.)
    case(S_HEAVEN, "earns: the limit even for a hand worth more", "111333555777m 9m +9m",
         300, 52, 3, has={"heaven"}, limit=Fraction(1), special="heaven",
         heaven=True, self_drawn=True),
    case(S_HEAVEN, "near miss: the same hand self-drawn later", READY, 22, 22, 0,  # 20 + 2
         lacks={"heaven"}, self_drawn=True),
    case(S_EARTH, "earns: South punging East's first discard", READY, 150, 30, 0,
         has={"earth"}, limit=Fraction(1, 2), special="earth", seat_wind="S", earth=True),
    case(S_EARTH, "near miss: a first-turn win self-drawn is not East's discard", READY, 22, 22, 0,
         lacks={"earth"}, seat_wind="S", earth=True, self_drawn=True),  # 20 + 2
    case(S_EARTH, "near miss: not on the first discard", READY, 30, 30, 0,  # 20 + 10
         lacks={"earth"}, seat_wind="S"),
    case(S_LUCKY, "earns: declared on the original thirteen", READY, 100, 30, 0,
         has={"lucky-thirteen"}, limit=Fraction(1, 3), special="lucky-thirteen",
         seat_wind="S", declared_calling=True),
    case(S_LUCKY, "earns: self-drawn later", READY, 100, 22, 0, has={"lucky-thirteen"},
         limit=Fraction(1, 3), special="lucky-thirteen", seat_wind="W", declared_calling=True,
         self_drawn=True),
    case(S_LUCKY, "earns: 'This hand may be held by East himself'", READY, 100, 30, 0,
         has={"lucky-thirteen"}, limit=Fraction(1, 3), special="lucky-thirteen",
         seat_wind="E", declared_calling=True),
    case(S_LUCKY, "near miss: not declared", READY, 30, 30, 0, lacks={"lucky-thirteen"},
         seat_wind="S"),
    # "he cannot change his original thirteen tiles": with a meld exposed the hand is not them
    case(S_LUCKY, "near miss: 'he cannot change his original thirteen tiles'", "[123m] 234p 567p 55s 78s +9s",
         30, 30, 0, lacks={"lucky-thirteen"}, seat_wind="S", declared_calling=True),
    # The rule file's documented reading: a hand worth more than 1/3 of the limit keeps its score.
    # Score.limit is None: the hand's own score, not a share of the limit, made the total.
    case(S_LUCKY, "a hand worth 256 keeps its own score", "111m 555m 23m 678m 99m +4m", 256, 32, 3,
         has={"lucky-thirteen", "one-suit"}, limit=None, special="lucky-thirteen",
         seat_wind="S", declared_calling=True),
]


@pytest.mark.parametrize(FIELDS, SPECIALS)
def test_special_scores(hand, context, total, points, doubles, has, lacks, limit, special):
    check(score(hand, "babcock", **context), total, points, doubles, has, lacks, limit, special)


def test_lucky_thirteen_worth_more_than_the_limit_is_capped_at_the_whole_limit():
    """004 Special: The Lucky Thirteen, on a hand worth more than the limit.

    (6666z) 32 + (7777z) 32 + 20 = 84, x2 x2 (dragons) x2 (one suit with honours) = 672:
    capped at the limit, 300, which is the whole limit, not one third of it.
    """
    s = score("(7777z) (6666z) 123m 55m 78m +9m", "babcock", seat_wind="S", declared_calling=True)
    assert (s.points, s.doubles, s.total) == (84, 3, 300)
    assert s.limit == Fraction(1)


@pytest.mark.parametrize(("hand", "context", "words"), [
    pytest.param("123m 234p 567p 55s 789s", {"heaven": True, "self_drawn": True, "seat_wind": "S"},
                 "dealer", id=f"{S_HEAVEN} :: 'Only East may win in this way'"),
    pytest.param("123m 234p 567p 55s 789s", {"heaven": True, "self_drawn": False}, "self-drawn",
                 id=f"{S_HEAVEN} :: 'picks up his first fourteen tiles': self-drawn"),
    pytest.param("[123m] 234p 567p 55s 789s", {"heaven": True, "self_drawn": True}, "exposed",
                 id=f"{S_HEAVEN} :: 'prior to the beginning of play': nothing exposed"),
    pytest.param(READY, {"earth": True}, "dealer",
                 id=f"{S_EARTH} :: 'Obviously, East himself can never obtain this score'"),
    pytest.param("[123m] 234p 567p 55s 78s +9s", {"earth": True, "seat_wind": "S"}, "exposed",
                 id=f"{S_EARTH} :: 'on picking up his hand': nothing exposed"),
    pytest.param(READY, {"declared_calling": True, "earth": True, "seat_wind": "S"}, "declared",
                 id=f"{S_LUCKY} :: 'After East has made his first discard': not with earth"),
    pytest.param("123m 234p 567p 55s 789s",
                 {"declared_calling": True, "heaven": True, "self_drawn": True}, "declared",
                 id=f"{S_LUCKY} :: 'After East has made his first discard': not with heaven"),
])
def test_special_score_declaration_rules(hand, context, words):
    with pytest.raises(InvalidContextError, match=words):
        score(hand, "babcock", **context)


# --- 5. the seed's worked examples ---------------------------------------------------------

def test_worked_example_32_doubled_three_times_is_256():
    """004 Doubles: "(i. e., if score is 32, doubling three times makes it 256)".

    111m concealed 8 + 555m concealed 4 + 20 for going out = 32; all characters: x2 x2 x2.
    """
    s = score("111m 555m 23m 678m 99m +4m", "babcock")
    assert (s.points, s.doubles, s.total) == (32, 3, 256)
    assert [line.id for line in s.lines if line.doubles] == ["one-suit"]


def test_worked_example_red_dragons_own_wind_one_suit_doubled_three_times():
    """004 N.B.: "3 Red Dragons, 3 of the player's own Wind, and all other tiles of the same
    suit, the score is doubled three times".

    South holds [777z] exposed 4 + 222z concealed 8 + 20 = 32, and dots otherwise
    (123p 456p 99p, the 6p from a discard on a two-sided wait): 32 x2 x2 x2 = 256.
    """
    s = score("[777z] 222z 123p 45p 99p +6p", "babcock", seat_wind="S")
    assert (s.points, s.doubles, s.total) == (32, 3, 256)
    assert {line.id for line in s.lines if line.doubles} == {"dragon-pung", "own-wind-pung",
                                                             "one-suit-with-honours"}


def test_worked_example_near_miss_own_wind_exposed():
    """The same hand with the own wind exposed: the own-wind line needs it concealed.

    [777z] 4 + [222z] 4 + 20 = 28, doubled for the dragons and the one suit: 28 x4 = 112.
    """
    s = score("[777z] [222z] 123p 45p 99p +6p", "babcock", seat_wind="S")
    assert (s.points, s.doubles, s.total) == (28, 2, 112)
    assert "own-wind-pung" not in line_ids(s)


def test_bonus_scores_are_added_before_doubling():
    """004 N.B.: "Special Bonus Scores are always added before the score is doubled".

    [666z] 4 + 20 + drawn 2 = 26, x2 = 52 (not 4 x2 + 22 = 30).
    """
    s = score(f"[666z] {F}", "babcock", self_drawn=True)
    assert (s.points, s.doubles, s.total) == (26, 1, 52)


# --- 6. combined hands ---------------------------------------------------------------------

COMBINED = [
    case(E_KONG_WIND, "with a concealed kong of 9s: [1111z] (9999p)", "[1111z] (9999p) 234p 55s 78s +9s",
         68, 68, 0, has={"exposed-kong-winds", "concealed-kong-terminals"},  # 20 + 16 + 32
         lacks={"own-wind-pung"}),
    case(B_LOOSE, "[1111z] (9999p) on the loose tile", "[1111z] (9999p) 234p 55s 78s +9s",
         78, 78, 0, has={"loose-tile", "self-drawn"},  # 20 + 16 + 32 + 2 + 8
         self_drawn=True, replacement="kong"),
    case(B_LOOSE, "kong upon kong is still a loose tile", "[1111z] (9999p) 234p 55s 78s +9s",
         78, 78, 0, has={"loose-tile"}, self_drawn=True, replacement="kong", kong_on_kong=True),
    case(D_DRAGON, "capped at the limit: two dragon kongs and characters", "(7777z) (6666z) 123m 55m 78m +9m",
         300, 84, 3, has={"dragon-pung", "one-suit-with-honours"}, limit=Fraction(1)),
    # ^ 32 + 32 + 20 = 84, x2 x2 (dragons) x2 (one suit with honours) = 672, limit 300
    case(C_PUNG_SIMPLE, "a pung completed by a discard is exposed", "123m 456p 789p 22s 88s +8s",
         22, 22, 0, has={"exposed-pung-simples"}, lacks={"concealed-pung-simples"}),  # 20 + 2
    case(C_PUNG_SIMPLE, "the same pung self-drawn stays concealed", "123m 456p 789p 22s 88s +8s",
         26, 26, 0, has={"concealed-pung-simples", "self-drawn"},  # 20 + 4 + 2
         lacks={"exposed-pung-simples"}, self_drawn=True),
    case(B_ROB, "robbing a kong with a dragon pung", f"[666z] {F}", 68, 34, 1,  # (20 + 4 + 10) x2
         has={"robbing-kong", "dragon-pung"}, robbing_kong=True),
    case(B_LAST, "last tile, one suit: capped", "111m 555m 23m 678m 99m +4m", 300, 44, 3,
         has={"last-tile", "one-suit"}, limit=Fraction(1), self_drawn=True, last_tile=True),
    # ^ 32 + 2 (drawn) + 10 (last tile) = 44, x8 = 352, limit 300
    # 222z concealed 8, 555m 4, 777p 4, 111p completed by a discard (exposed) 4, pair 99s 0,
    # 20 for going out, 10 for no runs: 50; own wind concealed x2 = 100.
    case(B_NO_RUNS, "no runs and own wind doubled: all pungs", "222z 555m 777p 99s 11p +1p",
         100, 50, 1, has={"no-runs", "own-wind-pung", "exposed-pung-terminals"}, seat_wind="S"),
]


@pytest.mark.parametrize(FIELDS, COMBINED)
def test_combined_hands(hand, context, total, points, doubles, has, lacks, limit, special):
    check(score(hand, "babcock", **context), total, points, doubles, has, lacks, limit, special)


def test_the_best_reading_is_taken():
    """111222333m read as three pungs beats three runs (the player declares the better)."""
    # Pungs: 111m 8 + 222m 4 + 333m 4 + 444p 4 (all concealed; the pair took the discard)
    # + 20 + 10 (no runs) + 2 (pairing the lone 9p is the only place) = 52.
    # Runs: 444p 4 + 20 + 2 = 26.
    s = score("111222333m 444p 9p +9p", "babcock")
    assert (s.points, s.doubles, s.total) == (52, 0, 52)
    assert {"no-runs", "concealed-pung-terminals", "only-place"} <= line_ids(s)


# --- 7. losing hands: set points and doubles "apply to all hands", bonuses do not -----------

LOSERS = [
    case(ALL_HANDS, "dragon pung, concealed 1s, own wind pair", "[555z] 111m 22z 456p 78s", 28, 14, 1,
         has={"exposed-pung-dragons", "dragon-pung", "concealed-pung-terminals",
              "concealed-pair-dragon-own-wind"},
         lacks={"mah-jongg", "no-score", "only-place"}, seat_wind="S"),  # (4 + 8 + 2) x2
    case(ALL_HANDS, "one suit doubles three times", "111m 234m 567m 99m 88m", 64, 8, 3,
         has={"one-suit", "concealed-pung-terminals"}, lacks={"mah-jongg"}),  # 8 x8
    case(ALL_HANDS, "own wind concealed kong", "(2222z) 123m 456p 78s 99s", 64, 32, 1,
         has={"own-wind-pung", "concealed-kong-winds"}, seat_wind="S"),  # 32 x2
    case(ALL_HANDS, "all honours: three pairs doubled three times", "11z 22z 33z 44z 55z 66z 7z", 48, 6, 3,
         has={"all-honours"}, lacks={"mah-jongg"}),  # (11z 2 + 55z 2 + 66z 2) x8
    case(B_NO_RUNS, "near miss: a loser without runs gets no bonus", "[555z] 111m 22z 444p 88s", 36, 18, 1,
         lacks={"no-runs", "mah-jongg"}, seat_wind="S"),  # (4 + 8 + 2 + 4) x2
    case(B_NO_SCORE, "near miss: a loser with nothing scores 0", "123m 456p 789s 11p 23s", 0, 0, 0,
         lacks={"no-score", "mah-jongg"}),
]


@pytest.mark.parametrize(FIELDS, LOSERS)
def test_losing_hands(hand, context, total, points, doubles, has, lacks, limit, special):
    s = score(hand, "babcock", **context)
    assert s.context.winner is False
    check(s, total, points, doubles, has, lacks, limit, special)


def test_losing_hand_winner_false_is_explicit_too():
    assert score("111m 234m 567m 99m 88m", winner=False).total == 64


# --- 8. options -------------------------------------------------------------------------------

OWN_WIND_EXPOSED = load_rules("babcock", own_wind_exposed_doubles=True)
BY_ROLE = load_rules("babcock", only_place_by_role=True)


@pytest.mark.parametrize(("hand", "context", "default", "with_option", "line"), [
    # [222z] for South: 20 + 4 = 24; the option doubles it: 48.
    pytest.param(f"[222z] {F}", {"seat_wind": "S"}, 24, 48, "own-wind-pung-exposed",
                 id=f"{D_OWN_WIND} :: option doubles an exposed own wind"),
    pytest.param(f"[2222z] {F}", {"seat_wind": "S"}, 36, 72, "own-wind-pung-exposed",
                 id=f"{D_OWN_WIND} :: option doubles an exposed own-wind kong"),
    # unchanged: another player's wind, and the concealed own wind (one double, not two)
    pytest.param(f"[333z] {F}", {"seat_wind": "S"}, 24, 24, None,
                 id=f"{D_OWN_WIND} :: option leaves another player's exposed wind alone"),
    pytest.param(f"222z {F}", {"seat_wind": "S"}, 56, 56, None,
                 id=f"{D_OWN_WIND} :: option leaves a concealed own wind at one double"),
    pytest.param("[777z] [222z] 123p 45p 99p +6p", {"seat_wind": "S"}, 112, 224, "own-wind-pung-exposed",
                 id=f"{N_B_DOUBLES} :: option: own wind exposed, (4 + 4 + 20) x8"),
])
def test_option_own_wind_exposed_doubles(hand, context, default, with_option, line):
    plain, optioned = score(hand, "babcock", **context), score(hand, OWN_WIND_EXPOSED, **context)
    assert (plain.total, optioned.total) == (default, with_option)
    assert "own-wind-pung-exposed" not in line_ids(plain)
    assert (line in line_ids(optioned)) if line else "own-wind-pung-exposed" not in line_ids(optioned)
    assert optioned.points == plain.points


@pytest.mark.parametrize(("hand", "default", "by_role", "role_line"), [
    # 1113m waits on 2m or 3m: two places, but the 2m fills the middle of 1-2-3.
    # [555s] 2 + 20 = 22; by role + 2 = 24.
    pytest.param("[555s] 1113m 234p 567p +2m", 22, 24, True,
                 id=f"{B_ONLY} :: by role: middle of a run with two waits"),
    # 23m waits on 1m or 4m, and all four 4m are in the kong: one place, but a two-sided role.
    # [4444m] 8 + 20 + 2 (only place) = 30; by role 28.
    pytest.param("[4444m] 23m 234p 567p 55s +1m", 30, 28, False,
                 id=f"{B_ONLY} :: by role: a single wait on a two-sided shape does not count"),
    # Both readings agree on an edge, a closed and a pair wait ([555m] 2 + 20 + 2 = 24),
    # and on a two-sided wait (22).
    pytest.param("[555m] 234p 567p 55s 89s +7s", 24, 24, True, id=f"{B_ONLY} :: by role: edge wait"),
    pytest.param("[555m] 234p 567p 55s 79s +8s", 24, 24, True, id=f"{B_ONLY} :: by role: closed wait"),
    pytest.param("[555m] 234p 567p 789s 1m +1m", 24, 24, True, id=f"{B_ONLY} :: by role: pair wait"),
    pytest.param(f"[555m] {F}", 22, 22, False, id=f"{B_ONLY} :: by role: two-sided wait"),
])
def test_option_only_place_by_role(hand, default, by_role, role_line):
    plain, optioned = score(hand, "babcock"), score(hand, BY_ROLE)
    assert (plain.total, optioned.total) == (default, by_role)
    assert "only-place-by-role" not in line_ids(plain)
    assert "only-place" not in line_ids(optioned)
    assert ("only-place-by-role" in line_ids(optioned)) is role_line


def test_options_are_reported_and_default_off():
    assert load_rules("babcock").option("own-wind-exposed-doubles") is False
    assert load_rules("babcock").option("only-place-by-role") is False
    assert OWN_WIND_EXPOSED.option("own-wind-exposed-doubles") is True
    assert OWN_WIND_EXPOSED.option("only-place-by-role") is False
    assert BY_ROLE.option("only-place-by-role") is True
    assert BY_ROLE.option("own-wind-exposed-doubles") is False


def test_options_change_nothing_else():
    """Across every case above, an option changes only the hands its own line appears in."""
    for param in COMBINATIONS + DOUBLES + BONUSES + SPECIALS + COMBINED + LOSERS:
        hand, context = param.values[0], param.values[1]
        base = score(hand, "babcock", **context)
        own = score(hand, OWN_WIND_EXPOSED, **context)
        if "own-wind-pung-exposed" not in line_ids(own):
            assert own.total == base.total, param.id
        role = score(hand, BY_ROLE, **context)
        if not {"only-place", "only-place-by-role"} & (line_ids(base) | line_ids(role)):
            assert role.total == base.total, param.id


# --- 9. settle: classical payments on one worked deal ---------------------------------------

DEAL = [
    "[555z] 111m 22z 456p 78s",      # 0, East (dealer): [555z] 4 + 111m 8 = 12, x2 = 24 (22z not his)
    "[555m] 234p 567p 55s 78s +9s",  # 1, South, wins: 20 + 2 = 22 on a discard, 24 self-drawn
    "234m 456p 789s 11p 23s",        # 2, West: nothing, 0
    "444z 678m 678p 11s 99s",        # 3, North: own wind concealed 8, x2 = 16
]


@pytest.mark.parametrize(("discarder", "net"), [
    # Winner 22: East pays double 44, West and North 22 each: +88.
    # Losers settle: West pays East (24 - 0) x2 = 48, North pays East (24 - 16) x2 = 16,
    # West pays North 16 - 0 = 16.
    # East -44 + 48 + 16 = +20; West -22 - 48 - 16 = -86; North -22 - 16 + 16 = -22.
    pytest.param(2, (20, 88, -86, -22), id="classical :: South wins on West's discard"),
    # Self-drawn: 24. East pays 48, the others 24 each: +96. Losers settle as before.
    # East -48 + 64 = +16; West -24 - 64 = -88; North -24 - 16 + 16 = -24.
    pytest.param(None, (16, 96, -88, -24), id="classical :: South wins self-drawn"),
])
def test_settle_worked_deal(discarder, net):
    result = settle(DEAL, winner=1, dealer=0, discarder=discarder, rules="babcock")
    assert result.net == net
    assert sum(result.net) == 0


def test_settle_scores_each_hand_as_its_seat():
    east, south, west, north = (score(h, seat_wind=w, winner=i == 1)
                                for i, (h, w) in enumerate(zip(DEAL, "ESWN")))
    assert (east.total, south.total, west.total, north.total) == (24, 22, 0, 16)
    settled = settle([east, south, west, north], winner=1, dealer=0, discarder=2, rules="babcock")
    assert settled.net == (20, 88, -86, -22)


# --- 10. explain and to_dict -----------------------------------------------------------------

@pytest.mark.parametrize(("hand", "context"), [
    pytest.param(p.values[0], p.values[1], id=p.id)
    for p in (COMBINED[0], SPECIALS[0], SPECIALS[3], LOSERS[0], *DOUBLES[-2:])
])
def test_explain_and_to_dict(hand, context):
    s = score(hand, "babcock", **context)
    text = s.explain()
    for line in s.lines:
        assert line.source and line.source in text
    assert str(s.total) in text.splitlines()[-1]
    data = json.loads(json.dumps(s.to_dict()))
    assert data["total"] == s.total
    assert data["points"] == s.points and data["doubles"] == s.doubles
    assert {line["id"] for line in data["lines"]} == line_ids(s)
    assert data["special"] == s.special


def test_every_seed_row_is_a_rule_quoting_it():
    """Each row of the seed's tables is one set, item or special hand whose `source` quotes the row."""
    babcock = load_rules("babcock")
    rules = [*babcock.sets, *babcock.items, *babcock.hands]
    by_id = {rule.id: rule for rule in rules}
    for row, wanted in SEED_ROWS.items():
        for rule_id in wanted:
            assert rule_id in by_id, row
            assert by_id[rule_id].source == row, rule_id
    implemented = set().union(*SEED_ROWS.values())
    assert set(by_id) == implemented  # nothing scored that the seed does not say
