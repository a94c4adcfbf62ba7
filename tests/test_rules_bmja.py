"""Rule set ``bmja``: every set, item, limit hand and loser rule of ``rules/bmja.toml`` (issue 31, BMJA).

Each case id starts with the rule's ``source`` line as the rule file quotes it, then says
what the hand does: ``earns`` the rule, or ``near miss`` (a hand that looks alike and does
not earn it). Expected totals are worked out by hand in the comment next to each case
from the rule file's numbers and the readings in its header: points summed, doubled once
per double, capped at the limit of 1000; a limit hand scores exactly its fraction of 1000
(a loser's "calling for" share unless the loser's points-based total is more).

Unless a case says otherwise the player sits East in an East round (the East wind is both
his own and the round's), and the hand is won on a discard. A standard hand holds at most
one chow, so the filler ``G`` below holds the one chow and two pungs: 2 for [666p], 4 for
888s, and 20 for going out, 26 in all, and no double.

The suite runs under whichever backend ``MJSCORE_BACKEND`` selects; CI runs it twice.
"""

from __future__ import annotations

import pytest

import mjscore
from mjscore import load_rules, score, settle
from rule_cases import case_maker, check

RULES = "bmja"
LIMIT = 1000

# [234p] the one chow, [666p] 2, 888s 4, the pair 55m completed by a discarded 5m.
G = "[234p] [666p] 888s 5m +5m"
# The same with [111m] 4 in place of the pair: a pair of honours is added as the winning pair.
H = "[234p] [666p] 888s [111m]"

_LOADED = load_rules(RULES)
SOURCE = {rule.id: rule.source for rule in (*_LOADED.sets, *_LOADED.items, *_LOADED.hands)}
case = case_maker(RULES)


CASES = [
    # --- sets -----------------------------------------------------------------------------
    case("exposed-pung-simples", "earns: [555s]", f"[555s] {G}", 28, has={"exposed-pung-simples"}),  # 26 + 2
    case("exposed-pung-simples", "near miss: 555s concealed", f"555s {G}", 30,  # 26 + 4
         has={"concealed-pung-simples"}),
    case("concealed-pung-simples", "earns: 555s", f"555s {G}", 30, has={"concealed-pung-simples"}),
    case("concealed-pung-simples", "near miss: [555s] exposed", f"[555s] {G}", 28),
    case("exposed-pung-terminals-honours", "earns: [999m]", f"[999m] {G}", 30,  # 26 + 4
         has={"exposed-pung-terminals-honours"}),
    case("exposed-pung-terminals-honours", "earns: [444z]", f"[444z] {G}", 30,  # 26 + 4 (North's wind)
         has={"exposed-pung-terminals-honours"}),
    case("exposed-pung-terminals-honours", "near miss: [777m] is 2-8", f"[777m] {G}", 28,  # 26 + 2
         lacks={"exposed-pung-terminals-honours"}),
    case("concealed-pung-terminals-honours", "earns: 999m", f"999m {G}", 34,  # 26 + 8
         has={"concealed-pung-terminals-honours"}),
    case("concealed-pung-terminals-honours", "near miss: 777m is 2-8", f"777m {G}", 30,  # 26 + 4
         lacks={"concealed-pung-terminals-honours"}),
    case("exposed-kong-simples", "earns: [5555s]", f"[5555s] {G}", 34,  # 26 + 8
         has={"exposed-kong-simples"}, lacks={"concealed-kong-simples"}),
    case("exposed-kong-simples", "near miss: (5555s) concealed", f"(5555s) {G}", 42,  # 26 + 16
         lacks={"exposed-kong-simples"}),
    case("concealed-kong-simples", "earns: (5555s)", f"(5555s) {G}", 42, has={"concealed-kong-simples"}),
    case("concealed-kong-simples", "near miss: [5555s] exposed", f"[5555s] {G}", 34,
         lacks={"concealed-kong-simples"}),
    case("exposed-kong-terminals-honours", "earns: [1111m]", f"[1111m] {G}", 42,  # 26 + 16
         has={"exposed-kong-terminals-honours"}),
    case("exposed-kong-terminals-honours", "near miss: [2222m] is 2-8", f"[2222m] {G}", 34,  # 26 + 8
         lacks={"exposed-kong-terminals-honours"}),
    case("concealed-kong-terminals-honours", "earns: (9999m)", f"(9999m) {G}", 58,  # 26 + 32
         has={"concealed-kong-terminals-honours"}),
    case("concealed-kong-terminals-honours", "near miss: (8888m) is 2-8", f"(8888m) {G}", 42,  # 26 + 16
         lacks={"concealed-kong-terminals-honours"}),
    # H: 2 + 4 + 4 + 20 = 30, and the pair.
    case("pair-dragons", "earns: 66z", f"{H} 6z +6z", 32, has={"pair-dragons"}),  # 30 + 2
    case("pair-dragons", "near miss: 33z, another player's wind", f"{H} 3z +3z", 30, lacks={"pair-dragons"}),
    case("pair-own-wind", "earns: 22z for South in the East round", f"{H} 2z +2z", 32,
         has={"pair-own-wind"}, lacks={"pair-round-wind"}, seat_wind="S"),
    case("pair-own-wind", "near miss: 22z for West in the East round", f"{H} 2z +2z", 30,
         lacks={"pair-own-wind", "pair-round-wind"}, seat_wind="W"),
    case("pair-round-wind", "earns: 22z for West in the South round", f"{H} 2z +2z", 32,
         has={"pair-round-wind"}, lacks={"pair-own-wind"}, seat_wind="W", prevailing_wind="S"),
    case("pair-round-wind", "earns: 11z for East in the East round, 4 with the own wind", f"{H} 1z +1z", 34,
         has={"pair-round-wind", "pair-own-wind"}),
    case("pair-round-wind", "near miss: 22z for West in the North round", f"{H} 2z +2z", 30,
         lacks={"pair-round-wind"}, seat_wind="W", prevailing_wind="N"),
    case("dragon-pung", "earns: [666z]", f"[666z] {G}", 60, has={"dragon-pung"}),  # (26 + 4) x2
    case("dragon-pung", "near miss: a pair 66z", f"{H} 6z +6z", 32, lacks={"dragon-pung"}),
    case("own-wind-pung", "earns: [222z] for South in the East round", f"[222z] {G}", 60,  # (26 + 4) x2
         has={"own-wind-pung"}, lacks={"round-wind-pung"}, seat_wind="S"),
    case("own-wind-pung", "near miss: [222z] for West in the East round", f"[222z] {G}", 30,
         lacks={"own-wind-pung", "round-wind-pung"}, seat_wind="W"),
    case("round-wind-pung", "earns: [222z] for West in the South round", f"[222z] {G}", 60,
         has={"round-wind-pung"}, lacks={"own-wind-pung"}, seat_wind="W", prevailing_wind="S"),
    case("round-wind-pung", "earns: [111z] for East in the East round, both doubles", f"[111z] {G}", 120,
         has={"round-wind-pung", "own-wind-pung"}),  # (26 + 4) x2 x2
    case("round-wind-pung", "near miss: [222z] for West in the North round", f"[222z] {G}", 30,
         lacks={"round-wind-pung"}, seat_wind="W", prevailing_wind="N"),

    # --- bonus tiles, the winner's points, every player's doubles ---------------------------
    case("bonus-tile", "earns: 3f", f"3f [555s] {G}", 32, has={"bonus-tile"}),  # 28 + 4
    case("bonus-tile", "near miss: no bonus tile", f"[555s] {G}", 28, lacks={"bonus-tile"}),
    case("mah-jong", "earns: any hand that goes out", f"[555s] {G}", 28, has={"mah-jong"}),
    case("mah-jong", "near miss: a loser's 13 tiles", "[555s] [234p] [666p] 888s 5m", 8,  # 2 + 2 + 4
         lacks={"mah-jong"}, winner=False),
    case("self-drawn", "earns: 5m drawn", f"[555s] {G}", 30, has={"self-drawn"}, self_drawn=True),
    case("self-drawn", "near miss: 5m discarded", f"[555s] {G}", 28, lacks={"self-drawn"}),
    case("own-flower", "earns: 1f for East", f"1f [555s] {G}", 64, has={"own-flower"}),  # (28 + 4) x2
    case("own-flower", "earns: 3f for West", f"3f [555s] {G}", 64, has={"own-flower"}, seat_wind="W"),
    case("own-flower", "near miss: 2f for East", f"2f [555s] {G}", 32, lacks={"own-flower"}),
    case("own-season", "earns: 1y for East", f"1y [555s] {G}", 64, has={"own-season"},
         lacks={"own-flower"}),
    case("own-season", "near miss: 2y for East", f"2y [555s] {G}", 32, lacks={"own-season"}),
    case("own-season", "earns: 1f 1y for East, one double each", f"1f 1y [555s] {G}", 144,  # 36 x4
         has={"own-season", "own-flower"}),
    # 28 + 16; all four flowers x4 and 1f East's own x2.
    case("all-flowers", "earns: 1f 2f 3f 4f", f"1f 2f 3f 4f [555s] {G}", 352, has={"all-flowers"}),
    case("all-flowers", "near miss: 1f 2f 3f", f"1f 2f 3f [555s] {G}", 80,  # (28 + 12) x2
         lacks={"all-flowers"}),
    case("all-seasons", "earns: 1y 2y 3y 4y", f"1y 2y 3y 4y [555s] {G}", 352, has={"all-seasons"}),
    case("all-seasons", "near miss: 1y 2y 3y and 1f", f"1f 1y 2y 3y [555s] {G}", 176,  # 44 x2 x2
         lacks={"all-seasons", "all-flowers"}),

    # --- the winner's doubles -------------------------------------------------------------
    # 2 + 2 + 2 + 4 + 20 = 30; purity x8, no chow x2.
    case("purity", "earns: bamboo pungs", "[222s] [444s] [666s] 888s 5s +5s", 480, has={"purity", "no-chow"}),
    case("purity", "near miss: the pair 55m", "[222s] [444s] [666s] 888s 5m +5m", 60,  # 30 x2
         lacks={"purity"}, has={"no-chow"}),
    case("purity", "near miss: a chow [234s]", "[234s] [444s] [666s] 888s 5s +5s", 28,  # 0 + 2 + 2 + 4 + 20
         lacks={"purity", "no-chow"}),
    case("no-chow", "earns: four pungs", "[222m] [444p] [666s] 888m 5s +5s", 60, has={"no-chow"}),  # 30 x2
    case("no-chow", "near miss: 678m", "[222m] [444p] [666s] 678m 5s +5s", 26, lacks={"no-chow"}),
    # 222m 444p 666s concealed 12, 11z 2 + 2, 20, 2 drawn: 38; only concealed melds x2.
    case("only-concealed-melds", "earns: the pair completed by a drawn tile", "222m 444p 666s 789m 1z +1z", 76,
         has={"only-concealed-melds"}, self_drawn=True),
    case("only-concealed-melds", "near miss: [666s]", "222m 444p [666s] 789m 1z +1z", 34,  # 4+4+2+4+20
         lacks={"only-concealed-melds"}),
    # Kajongg exposes the pair a claimed winning tile completes: 36, no double.
    case("only-concealed-melds", "near miss: the pair completed by a discard", "222m 444p 666s 789m 1z +1z", 36,
         lacks={"only-concealed-melds"}),
    case("only-concealed-melds", "near miss: a robbed kong's tile completes the chow", "222m 444p 666s 79m 11z +8m",
         72, lacks={"only-concealed-melds"}, has={"robbing-kong"}, robbing_kong=True),  # 36 x2 (robbing)
    # 16 + 20 = 36; only terminals and honours, no chow: x4.
    case("terminals-honours", "earns", "[111m] [999p] [111s] [222z] 9s +9s", 144, has={"terminals-honours"}),
    case("terminals-honours", "near miss: 55s", "[111m] [999p] [111s] [222z] 5s +5s", 72,
         lacks={"terminals-honours"}),
    case("last-tile", "earns", f"[555s] {G}", 60, has={"last-tile"}, self_drawn=True, last_tile=True),
    case("last-tile", "near miss: another drawn tile", f"[555s] {G}", 30, lacks={"last-tile"}, self_drawn=True),
    case("last-discard", "earns", f"[555s] {G}", 56, has={"last-discard"}, last_discard=True),
    case("last-discard", "near miss: another discard", f"[555s] {G}", 28, lacks={"last-discard"}),
    # [555s] 2, [666p] 2, 888s 4, 11z 4, 20: 32 (3m closes 24m).
    case("robbing-kong", "earns: 3m robbed", "[555s] [666p] 888s 11z 24m +3m", 64, has={"robbing-kong"},
         robbing_kong=True),
    case("robbing-kong", "near miss: 3m discarded", "[555s] [666p] 888s 11z 24m +3m", 32,
         lacks={"robbing-kong"}),
    case("original-call", "earns: two exposed melds, the last tile drawn", f"555s {G}", 64,  # (30 + 2) x2
         has={"original-call"}, declared_calling=True, self_drawn=True),
    # At the end the pair the winning discard completed is a third exposed meld (Kajongg).
    case("original-call", "near miss: two exposed melds and the winning discard", f"555s {G}", 30,
         lacks={"original-call"}, declared_calling=True),
    case("original-call", "earns: one exposed meld and the winning discard", "555s [234p] 666p 888s 5m +5m",
         64, has={"original-call"}, declared_calling=True),  # (4 + 4 + 4 + 20) x2
    case("original-call", "near miss: three exposed melds", f"[555s] {G}", 28, lacks={"original-call"},
         declared_calling=True),

    # --- limit hands ----------------------------------------------------------------------
    case("all-honours", "earns", "111z 222z 333z [555z] 6z +6z", LIMIT, special="all-honours"),
    # 8 + 8 + 8 + 4 + 20 = 48; 111z own and round, 555z, no chow, terminals and honours:
    # x2^5 = 1536, capped at 1000.
    case("all-honours", "near miss: 99m", "111z 222z 333z [555z] 9m +9m", LIMIT, lacks={"all-honours"}),
    case("heads-and-tails", "earns", "[111m] [999p] [111s] [999s] 1p +1p", LIMIT, special="heads-and-tails"),
    case("heads-and-tails", "near miss: [222z]", "[111m] [999p] [111s] [222z] 9s +9s", 144,
         lacks={"heads-and-tails"}),
    case("four-kongs", "earns", "[1111m] [2222p] [3333s] [4444m] 5s +5s", LIMIT, special="four-kongs"),
    case("four-kongs", "near miss: [444m] a pung", "[1111m] [2222p] [3333s] [444m] 5s +5s", 108,
         lacks={"four-kongs"}),  # (16 + 8 + 8 + 2 + 20) x2
    case("four-blessings", "earns", "[111z] [222z] [333z] [444z] 5s +5s", LIMIT, special="four-blessings"),
    case("four-blessings", "near miss: 123m", "[111z] [222z] [333z] 123m 5s +5s", 128,  # (12 + 20) x4
         lacks={"four-blessings"}),
    case("imperial-jade", "earns: with two chows", "234s 234s 888s [666s] 6z +6z", LIMIT,
         special="imperial-jade"),
    # [234s] 0, [888s] 2, [666s] 2, 777s 4, 66z 2, 20: 30, no double.
    case("imperial-jade", "near miss: 777s", "[234s] [888s] [666s] 777s 6z +6z", 30, lacks={"imperial-jade"}),
    case("plum-blossom", "earns", "[5555m] 222s 888s 11z 46p +5p", LIMIT, special="plum-blossom",
         self_drawn=True, replacement="kong"),
    # 8 + 4 + 4 + 4 + 20 + 2 (drawn) = 42.
    case("plum-blossom", "near miss: 5p from the wall", "[5555m] 222s 888s 11z 46p +5p", 42,
         lacks={"plum-blossom"}, self_drawn=True),
    case("plucking-the-moon", "earns", "[5555m] 222s 888s 11z 23p +1p", LIMIT, special="plucking-the-moon",
         self_drawn=True, last_tile=True),
    case("plucking-the-moon", "near miss: 4p as the last tile", "[5555m] 222s 888s 11z 23p +4p", 84,
         lacks={"plucking-the-moon"}, self_drawn=True, last_tile=True),  # 42 x2
    case("scratching-a-carrying-pole", "earns", "[555m] 222p 888p 11z 13s +2s", LIMIT,
         special="scratching-a-carrying-pole", robbing_kong=True),
    case("scratching-a-carrying-pole", "near miss: 2m robbed", "[555s] 222p 888p 11z 13m +2m", 68,
         lacks={"scratching-a-carrying-pole"}, robbing_kong=True),  # (2 + 4 + 4 + 4 + 20) x2
    case("twofold-fortune", "earns", "[5555m] [1111p] 222s 11z 45s +6s", LIMIT, special="twofold-fortune",
         self_drawn=True, replacement="kong", kong_on_kong=True),
    # 8 + 16 + 4 + 4 + 20 + 2 (drawn) = 54; bmja has no double for the dead wall.
    case("twofold-fortune", "near miss: one kong's loose tile", "[5555m] [1111p] 222s 11z 45s +6s", 54,
         lacks={"twofold-fortune"}, self_drawn=True, replacement="kong"),
    case("heaven", "earns", "222m 444p 666s 789m 1z +1z", LIMIT, special="heaven", self_drawn=True, heaven=True),
    case("heaven", "near miss: drawn later", "222m 444p 666s 789m 1z +1z", 76, lacks={"heaven"},
         self_drawn=True),  # (36 + 2) x2
    case("earth", "earns: South", "222m 444p 666s 789m 1z +1z", LIMIT, special="earth", seat_wind="S",
         earth=True),
    case("earth", "near miss: South on a later discard", "222m 444p 666s 789m 1z +1z", 34, lacks={"earth"},
         seat_wind="S"),  # 12 + 2 + 20, won on a discard: no "only concealed melds"
    case("three-great-scholars", "earns: no chow", "[555z] [666z] [777z] 222m 5s +5s", LIMIT,
         special="three-great-scholars"),
    case("three-great-scholars", "near miss: with a chow", "[555z] [666z] [777z] 123m 5s +5s", 256,
         lacks={"three-great-scholars"}),  # (12 + 20) x2^3
    case("thirteen-orphans", "earns", "19m19p19s1234567z +1m", LIMIT, special="thirteen-orphans"),
    case("gates-of-heaven", "earns: 5m last", "1112345678999m +5m", LIMIT, special="gates-of-heaven"),
    case("gates-of-heaven", "earns: 2p last", "1112345678999p +2p", LIMIT, special="gates-of-heaven"),
    case("wriggling-snake", "earns", "1s 23456789s 1234z +1s", LIMIT, special="wriggling-snake",
         self_drawn=True),
    case("buried-treasure", "earns: the pair by a discard", "222m 444m 666m 111z 9m +9m", LIMIT,
         special="buried-treasure"),
    # 222m 444m 666m 12, [999m] by the discard 4, 11z 4, 20: 40; no chow x2.
    case("buried-treasure", "near miss: a pung by a discard", "222m 444m 666m 11z 99m +9m", 80,
         lacks={"buried-treasure"}),
    case("triple-knitting", "earns", "1357m 1357p 1357s 9m +9p", 500, special="triple-knitting"),
    case("knitting", "earns", "1234567m 123456p +7p", 500, special="knitting"),
    case("all-pair-honours", "earns", "11m 99m 11p 99s 11z 55z 7z +7z", 500, special="all-pair-honours"),
    # Four alike are no two pairs (Kajongg: seven different tiles); 1111m makes no hand at all.

    # --- loser rules ----------------------------------------------------------------------
    case("calling-for-limit", "earns: calling for wriggling snake on 1s", "1s 23456789s 1234z", 400,
         special="calling-for-limit", winner=False),
    case("calling-for-limit", "earns: calling for gates of heaven", "1112345678999m", 400,
         special="calling-for-limit", winner=False),
    case("calling-for-limit", "near miss: two tiles from wriggling snake", "1s 2345678s 1234z 5m", 0,
         lacks={"calling-for-limit"}, winner=False),
    case("calling-for-limit", "earns: calling for buried treasure on 7m", "111333555m 7m 111z", 400,
         special="calling-for-limit", winner=False),
    # [111m] 4, 333m 4, 555m 4, EEE 8 (own and round wind: x2 x2): 80; buried treasure is concealed.
    case("calling-for-limit", "near miss: buried treasure's pung of 1m declared", "[111m] 333555m 7m 111z",
         80, lacks={"calling-for-limit"}, winner=False),
    case("calling-for-limit", "earns: calling for three great scholars on RD", "555z 666z 77z 222m 99m",
         400, special="calling-for-limit", winner=False),
    # WD and GD concealed 8 + 8, pair RD 2: 18, two dragon pungs x2 x2: 72; BMJA's scholars have no chow.
    case("calling-for-limit", "near miss: three great scholars with a chow", "555z 666z 77z 123m 99m", 72,
         lacks={"calling-for-limit"}, winner=False),
    case("calling-for-limit", "earns: calling for only honours in pairs", "11z 22z 33z 44z 55z 66z 7z", 400,
         special="calling-for-limit", winner=False),
    case("calling-for-half-limit", "earns: calling for knitting on 7p", "1234567m 123456p", 200,
         special="calling-for-half-limit", winner=False),
    case("calling-for-half-limit", "near miss: two tiles from knitting", "1234567m 12345p 9s", 0,
         lacks={"calling-for-half-limit"}, winner=False),
    # [222s] [444s] [666s] 2 + 2 + 2, 888s 4: 10; calling for purity on 5s: x8.
    case("calling-for-purity", "earns: pungs of bamboo and 5s", "[222s] [444s] [666s] 888s 5s", 80,
         has={"calling-for-purity"}, special="calling-for-purity", winner=False),
    case("calling-for-purity", "near miss: 5m", "[222s] [444s] [666s] 888s 5m", 10,
         lacks={"calling-for-purity"}, winner=False),
    # +4s goes out as imperial jade, a fixed shape of chows; its tiles read as pairs are no hand
    # of pairs, so they hold no "no chows" and make no Purity.
    case("calling-for-purity", "near miss: imperial jade's tiles read as pairs", "2222333344466s", 400,
         lacks={"calling-for-purity"}, special="calling-for-limit", winner=False),
]

# Near misses that are not a scored hand: one tile off the shape does not go out at all.
NEAR_MISSES_ELSEWHERE = {"thirteen-orphans": "19m19p19s123456z 1m +1m",
                         "gates-of-heaven": "1112345678999m +9m",  # 9 is no extra of 2-8
                         "wriggling-snake": "1s 2345678s 1234z 9m +9m",
                         "triple-knitting": "1357m 1357p 1356s 9m +9p",
                         "knitting": "1234567m 123456p +7s",
                         "all-pair-honours": "11m 11m 99p 99s 11z 55z 7z +7z"}


@pytest.mark.parametrize(("rule_id", "hand", "context", "total", "has", "lacks", "special"), CASES)
def test_rule(rule_id, hand, context, total, has, lacks, special):
    check(score(hand, RULES, **context), total, has, lacks, special)


@pytest.mark.parametrize(("rule_id", "hand"), NEAR_MISSES_ELSEWHERE.items(),
                         ids=[f"{SOURCE[k]} :: near miss" for k in NEAR_MISSES_ELSEWHERE])
def test_special_shapes_one_tile_off_do_not_go_out(rule_id, hand):
    with pytest.raises(mjscore.NotWinningError):
        score(hand, RULES)


def test_wriggling_snake_goes_out_on_a_drawn_tile_only():
    """Header: "all concealed"; the meld a claimed winning tile completes is exposed (Kajongg)."""
    assert score("11s 2345689s 1234z +7s", RULES, self_drawn=True).special == "wriggling-snake"
    with pytest.raises(mjscore.NotWinningError):  # the 7s discarded: no snake, and no other hand
        score("11s 2345689s 1234z +7s", RULES)


def test_every_rule_has_a_hand_that_earns_it_and_a_near_miss():
    """Each set, item and limit hand of the file is checked both ways."""
    ruleset = load_rules(RULES)
    wanted = {rule.id for rule in (*ruleset.sets, *ruleset.items, *ruleset.hands)}
    earns = {p.values[0] for p in CASES if ":: earns" in p.id}
    misses = {p.values[0] for p in CASES if ":: near miss" in p.id} | set(NEAR_MISSES_ELSEWHERE)
    assert wanted == set(SOURCE)
    assert wanted - earns == set()
    assert wanted - misses == set()


# --- the limit, with and without the roof; fractional limits ---------------------------------

ROOF_OFF = load_rules(RULES, roof_off=True)


def test_points_over_the_limit_are_capped_and_not_with_the_roof_off():
    """bmja.toml: limit = 1000; options.roof-off: no cap on a total of points and doubles."""
    hand = "111z 222z 333z [555z] 9m +9m"  # 48 x2^5 = 1536 (see the all-honours near miss)
    capped, open_roof = score(hand, RULES), score(hand, ROOF_OFF)
    assert (capped.points, capped.doubles, capped.total, capped.special) == (48, 5, LIMIT, None)
    assert (open_roof.points, open_roof.doubles, open_roof.total) == (48, 5, 1536)


@pytest.mark.parametrize("rules", [RULES, ROOF_OFF], ids=["roof", "roof-off"])
def test_a_limit_hand_scores_exactly_the_limit_with_and_without_the_roof(rules):
    """A limit hand scores its limit and nothing else, whether the roof is on or off."""
    s = score("[111m] [999p] [111s] [999s] 1p +1p", rules)
    assert (s.total, s.special) == (LIMIT, "heads-and-tails")
    half = score("1234567m 123456p +7p", rules)
    assert (half.total, half.special) == (LIMIT // 2, "knitting")


def test_a_half_limit_hand_scores_exactly_500_whatever_its_points():
    """Header: a winner's half-limit hand scores exactly half the limit ("share"), with
    few points and with points and doubles worth more than the limit."""
    # 1f 1y: 20 + 8 = 28; own flower, own season, no chow (won on a discard: not "only
    # concealed melds"): 28 x2^3 = 224 < 500.
    low = score("1f 1y 1234567m 123456p +7p", RULES)
    assert (low.points, low.doubles, low.total, low.special) == (28, 3, 500, "knitting")
    # All eight bonus tiles: 20 + 32 = 52; all flowers 2, all seasons 2, own flower, own season,
    # no chow: 52 x2^7 = 6656, over the limit: the hand still scores its half, 500.
    high = score("1f 2f 3f 4f 1y 2y 3y 4y 1234567m 123456p +7p", RULES)
    assert (high.points, high.doubles, high.total, high.special) == (52, 7, 500, "knitting")


# --- losers' hands of fewer than 13 tiles ------------------------------------------------------

LOSERS = [
    # 1f 4, [555z] 4, 222s concealed 4: 12; 555z x2, own flower x2; no winner rule.
    case("own-flower", "earns: a loser's 7 tiles and 1f", "1f [555z] 222s", 48,
         has={"own-flower", "dragon-pung", "bonus-tile"}, lacks={"mah-jong", "no-chow", "only-concealed-melds"},
         winner=False),
    # 222s 444s 666s 12, all one suit and no chow, but purity is a winner's double.
    case("purity", "near miss: a loser's 9 tiles of bamboo pungs", "222s 444s 666s", 12,
         lacks={"purity", "no-chow", "only-concealed-melds", "calling-for-purity"}, winner=False),
]


@pytest.mark.parametrize(("rule_id", "hand", "context", "total", "has", "lacks", "special"), LOSERS)
def test_losers_score_sets_bonus_tiles_and_every_players_doubles_only(rule_id, hand, context, total, has,
                                                                       lacks, special):
    check(score(hand, RULES, **context), total, has, lacks, special)


# --- claimed kongs, the one-chow limit ------------------------------------------------------------


def test_a_claimed_kong_scores_as_exposed_and_keeps_only_concealed_melds():
    """Header: a claimed kong ({5555p}) scores as an exposed kong but keeps the hand concealed."""
    # {5555p} 8, 222m 444s 8, 11z 4, 20, 2 drawn: 42; only concealed melds x2.
    claimed = score("{5555p} 222m 444s 789m 1z +1z", RULES, self_drawn=True)
    assert claimed.total == 84, claimed.explain()
    assert {"exposed-kong-simples", "only-concealed-melds"} <= {line.id for line in claimed.lines}
    exposed = score("[5555p] 222m 444s 789m 1z +1z", RULES, self_drawn=True)
    assert exposed.total == 42, exposed.explain()
    assert "only-concealed-melds" not in {line.id for line in exposed.lines}


def test_two_chows_do_not_go_out_but_imperial_jade_with_two_chows_does():
    """Header: a standard hand holds at most one chow; a limit hand of sets may hold more."""
    with pytest.raises(mjscore.NotWinningError):
        score("123m 456p 888s 999s 1z +1z", RULES)
    with pytest.raises(mjscore.NotWinningError):  # two chows and 777s: not green, no limit
        score("234s 234s 777s [666s] 6z +6z", RULES)
    assert score("234s 234s 888s [666s] 6z +6z", RULES).special == "imperial-jade"
    assert score("123m 456p 888s 999s 1z +1z", "dmjl").total > 0  # dmjl takes any chows


# --- waits ----------------------------------------------------------------------------------------


def test_waits_one_tile_from_wriggling_snake():
    """mjscore.waits under bmja: the rule set's special hands count."""
    assert {str(t) for t in mjscore.waits("1s 23456789s 1234z", rules=RULES)} == {"1s"}


def test_waits_a_completion_that_needs_two_chows_is_none_under_bmja_only():
    hand = "123m 456p 888s 999s 1z"  # goes out on 1z only, as two chows, two pungs and 11z
    assert {str(t) for t in mjscore.waits(hand, rules=RULES)} == set()
    assert {str(t) for t in mjscore.waits(hand, rules="dmjl")} == {"1z"}


# --- payments -------------------------------------------------------------------------------------


def test_settle_east_wins():
    """[payments] classical: each loser pays the winner's score, East receives double; the losers
    settle their differences (double to or from East)."""
    # East wins 100: each pays 200 (+600). West 0 pays South 20 and North 40; South pays North 20.
    settled = settle([100, 20, 0, 40], winner=0, dealer=0, discarder=1, rules=RULES)
    assert settled.net == (600, -200, -260, -140)


def test_settle_east_loses():
    """The same scheme with East among the losers: East pays double and settles double."""
    # West wins 80: East pays 160, South and North 80 (+320). East 50 gets 100 from South 0 and
    # 80 from North 10 (both doubled); South pays North 10.
    settled = settle([50, 0, 80, 10], winner=2, dealer=0, discarder=None, rules=RULES)
    assert settled.net == (20, -190, 320, -150)
