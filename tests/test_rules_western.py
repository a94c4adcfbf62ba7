"""The ``western`` rule set: every special hand of seed 001, checked against the text.

``001`` = ``seeds/001_37e128033fae1813.txt``, "Western Special Hands" (Shanghai: Second
Dynasty): 50 hands in seven groups, each marked Concealed or Exposed and worth half,
one or two limits or three doubles. Each row of :data:`HANDS` names the line of 001
that gives the hand's name (``001:31`` is line 31), the hand in mpsz notation as the
text describes it (every alternative form; the last tile, ``+X``, won self-drawn),
and a near miss: one tile off, which does not make the hand (it may make another).

The judgement calls these tests pin (the 14th tile of Confused and Dragon Gates,
what Ruby Jade holds, kongs as two pairs, ...) are written in the header of
``src/mjscore/rules/western.toml``.
"""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pytest

import mjscore
from mjscore import load_rules, score
from mjscore.distances.samples import random_special_hands
from rulebook import SEED_PLACES, seed_text, special

LIMIT = 300
SEED_NAME = "001_37e128033fae1813.txt"

# (id, 001 line of its name, value, [the hand, each form], near miss)
# value: a share of the limit ("1", "1/2", "2") or "3 doubles".
HANDS = [
    # ---------------------------------------------------------------- Jewel Hands
    ("jade-hand", 31, "1", ["234s 333s 666s 888s 6z +6z", "234s 234s 234s 888s 6z +6z"],
     "234s 333s 666s 888s 5z +5z"),
    ("imperial-jade", 39, "2", ["666z 222s 333s 888s 4s +4s", "666z 234s 666s 888s 4s +4s"],
     "666z 234s 234s 888s 4s +4s"),  # two chows: "no more than one Chow"
    ("pearl-hand", 44, "1", ["234p 333p 666p 888p 5z +5z"], "234p 333p 666p 777p 5z +5z"),
    ("pearl-dragon", 48, "2", ["555z 222p 333p 888p 4p +4p", "555z 234p 333p 888p 4p +4p"],
     "555z 222p 333p 888p 5p +5p"),  # a pair of 5 dots: "those numbers only"
    ("ruby-hand", 52, "1", ["111s 555s 777s 999s 7z +7z"], "111s 555s 777s 888s 7z +7z"),
    ("imperial-ruby", 56, "2", ["777z 111s 555s 777s 9s +9s"], "777z 111s 555s 777s 8s +8s"),
    ("ruby-jade", 61, "1", ["777z 666z 555s 888s 3s +3s"],
     "777z 666z 222s 888s 3s +3s"),  # no pung of red bams
    ("ruby-crack", 65, "1", ["234m 444m 666m 888m 7z +7z", "234m 444m 666m 777z 8m +8m"],
     "234m 444m 666m 888m 5z +5z"),
    # ----------------------------------------------------------------- Pair Hands
    ("dirty-pairs", 73, "1/2", ["1133m 5577p 99s 115z +5z"], "1133m 5577p 9s 1155z +8s"),
    ("clean-pairs", 78, "1", ["1133557799m 115z +5z", "1122335566779p +9p"], "11335577m 99p 115z +5z"),
    ("all-pair-honors", 82, "1", ["1199m 1199p 11223z +3z"], "1199m 1199p 1122z 5m +5m"),
    ("all-pair-terminals", 86, "1", ["1111m 99m 11p 99p 11s 9s +9s"],
     "11m 99m 11p 99p 11s 99s 1z +1z"),  # an honour pair: All Pair Honors instead
    ("honorable-twins", 91, "1", ["1122334455667z +7z"], "112233445566z 1m +1m"),
    ("all-pair-jade", 95, "1", ["2222334466s 88s 6z +6z", "22334466s 88s 6666z"],
     "2233446688s 556z +6z"),  # white dragons: Clean Pairs instead
    ("all-pair-ruby", 99, "1", ["1111557799s 777z +7z"], "1111557788s 777z +7z"),
    ("all-pair-ruby-jade", 103, "1", ["1122335577s 667z +7z"],
     "112233557799s 7z +7z"),  # no green dragons
    ("gerties-garter", 107, "1", ["1234567m 123456p +7p"], "1234567m 123456p +8p"),
    ("knitting", 112, "1/2", ["1133557m 113355p +7p", "2468899m 246889p +9p"],
     "113355m 113355p 1z +1z"),  # a wind: "No Winds or Dragons"
    ("dragons-breath", 116, "1", ["1133557799m 556z +7z"], "1133557799m 156z +7z"),
    # ------------------------------------------------------------- Sequence Hands
    ("wriggly-snake", 124, "1", ["123456789m 1234z +4z"], "123456789m 1234z +5z"),
    ("grand-sequence", 128, "1", ["12334567789p 55z +5z"], "123456789p 555z 3p +1z"),
    ("gretas-garden", 132, "1", ["1234567s 123456z +7z"], "1234568s 123456z +7z"),
    ("dragons-tail", 136, "1", ["123456789m 111z 5z +5z", "123456789m 555z 1z +1z"],
     "111123456789m 5z +5z"),
    ("five-odd-honors", 142, "1/2", ["123456789p 1256z +7z"], "123456789p 1255z +7z"),  # a pair
    ("run-pung-and-a-pair", 146, "1", ["1222345555678s +9s"], "123456789s 555s 2m +2m"),
    # ----------------------------------------------------------------- Gate Hands
    ("confused-gates", 154, "1", ["111m 2345678p 999s +5p"],
     "111m 2345678p 999s +1p"),  # the 14th tile pairs none of the simples
    ("heavenly-gates", 158, "1", ["1112345678999m +5m", "1112345678999m +9m"], "1112345678999m +1p"),
    ("dragon-gates", 163, "1", ["111m 2345678m 777z +5m", "2345678999m 777z +3m"],
     "111m 2345678m 666z +5m"),  # the dragon of the bams with craks
    ("true-gates", 167, "1", ["1112244668899p +9p"], "1112244667799p +9p"),
    # --------------------------------------------------------------- Number Hands
    ("chop-suey", 174, "1", ["123m 123p 123s 1234z +4z"], "123m 123p 234s 1234z +4z"),
    ("sukiyaki", 178, "1", ["456m 456p 456s 1234z +1z"], "456m 456p 567s 1234z +1z"),
    ("chow-mein", 182, "1", ["789m 789p 789s 1234z +2z"], "789m 789p 678s 1234z +2z"),
    ("numbers-racket", 186, "2", ["555m 555p 555s 111z 6z +6z", "555m 555p 555s 666z 1z +1z"],
     "555m 555p 444s 111z 6z +6z"),
    ("lil", 191, "1", ["123m 456p 789s 1234z +3z"], "123m 456p 456s 1234z +3z"),
    ("down-you-go", 195, "2", ["2222444668m 123z +4z"], "2222444669m 123z +4z"),
    ("up-you-go", 200, "2", ["2446668888m 123z +4z"], "2446668888m 123z +3z"),
    # ----------------------------------------------------------------- Honor Hands
    ("all-winds-and-dragons", 209, "1", ["111z 222z 555z 666z 3z +3z"], "111z 222z 555z 666z 1m +1m"),
    ("all-honors", 213, "3 doubles", ["111m 999p 111z 555z 9s +9s"], "111m 999p 111z 555z 8s +8s"),
    ("heads-and-tails", 217, "1", ["111m 999m 111p 999p 1s +1s"], "111m 999m 111p 999p 2s +2s"),
    ("unique-wonders", 221, "2", ["19m19p19s1234567z +7z", "19m19p19s1234567z +9p"],
     "19m19p18s1234567z +7z"),
    ("windy-dragons", 228, "1", ["11223344z 555z 66z +6z"], "11223344z 555z 66m +6m"),
    ("big-three-dragons", 232, "1", ["555z 666z 777z 234m 8m +8m", "555z 666z 777z 234p 1z +1z"],
     "555z 666z 777z 234m 8p +8p"),  # the pair not in the set's suit
    ("big-four-winds", 237, "1", ["111z 222z 333z 444z 5m +5m"],
     "111z 222z 333z 44z 55m +5m"),  # the Chinese reading: a wind pair
    ("gone-with-the-wind", 242, "2", ["111z 222z 333z 444z 5z +5z"], "111z 222z 333z 444z 9m +9m"),
    ("windy-chows", 246, "1/2", ["234m 567p 789s 1234z +1z"], "234m 567p 789p 1234z +1z"),
    # ---------------------------------------------------------------- Odds & Ends
    ("triple-knitting", 253, "1/2", ["13579m 13579p 135s +7s"], "13579m 13579p 135s +8s"),
    ("christmas", 259, "2", ["222m 555m 777z 666z 5z +5z"], "222m 555p 777z 666z 5z +5z"),
    ("civil-war", 263, "2", ["1168m 1568p 222444z"], "1168m 1578p 222444z"),
    ("hong-kong", 268, "2", ["1248m 1799p 111333z"], "1248m 1789p 111333z"),
    ("all-kong", 274, "1", ["[1111m] [2222p] [3333s] [5555z] 1z +1z",
                            "(1111m) (2222p) (3333s) (5555z) 1z +1z"],
     "[1111m] [2222p] [3333s] 555z 1z +1z"),
]

FORMS = [pytest.param(hand_id, value, hand, id=f"{hand_id}-001:{line}-{n}")
         for hand_id, line, value, forms, _ in HANDS for n, hand in enumerate(forms)]
NEAR = [pytest.param(hand_id, near, id=f"{hand_id}-001:{line}") for hand_id, line, _, _, near in HANDS]


def western(**options: object) -> mjscore.RuleSet:
    return load_rules("western", **options)






# ------------------------------------------------------------------ every hand
@pytest.mark.parametrize(("hand_id", "value", "hand"), FORMS)
def test_the_hand_as_001_describes_it(backend, hand_id, value, hand):
    result = score(hand, "western", self_drawn=True)
    assert result.special == hand_id
    if value == "3 doubles":  # 001 All Honors: 3 doubles on the hand's own score
        assert result.total == min(LIMIT, result.points * 2 ** result.doubles) and result.doubles >= 3
    else:
        share = Fraction(value)
        assert (result.limit, result.total) == (share, share * LIMIT)


@pytest.mark.parametrize(("hand_id", "near"), NEAR)
def test_a_near_miss_does_not_make_the_hand(backend, hand_id, near):
    assert special(near, "western") != hand_id


def test_every_hand_of_the_file_has_a_row_here():
    rules = western()
    assert sorted(h.id for h in rules.hands) == sorted(row[0] for row in HANDS)
    assert len(rules.hands) == 50


# ------------------------------------------------------------ the catalogue of 001
def _slug(name: str) -> str:
    """../shared/PATTERNS.md: lowercase ASCII, apostrophes and commas dropped, other
    separators to single hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", re.sub(r"['’,]", "", name.lower())).strip("-")


def _catalogue(text: str) -> dict[str, tuple[int, list[str]]]:
    """Each hand name of 001 (the line before "Exposed ---" / "Concealed ---"), with its
    line and the names of its "Also called:" / "Also:" line."""
    lines = text.splitlines()
    hands: dict[str, tuple[int, list[str]]] = {}
    for i, line in enumerate(lines):
        if re.match(r"(Exposed|Concealed) ---", line) and not re.match(r"(Exposed|Concealed) ---",
                                                                       lines[i - 1]):
            aliases: list[str] = []
            for after in lines[i + 1:i + 3]:
                found = re.match(r"\(Also(?: called)?: ([^)]*)\)", after)
                if found:
                    aliases = [a.strip() for a in found.group(1).split(",")]
            hands[lines[i - 1].strip()] = (i, aliases)
    return hands


def test_every_hand_name_in_001_is_a_hand_or_alias_of_western():
    text = seed_text(SEED_NAME)
    if text is None:
        pytest.skip(f"seed {SEED_NAME} not found in {', '.join(map(str, SEED_PLACES))}")
    catalogue = _catalogue(text)
    assert len(catalogue) == 50, sorted(catalogue)
    rules = western()
    for name, (line, aliases) in catalogue.items():
        hand = rules.hand(name)  # by name or alias, any case
        assert hand.id == _slug(name), f"001:{line} {name}"
        assert hand.name.startswith(name), f"001:{line}"
        for alias in aliases:
            assert alias in hand.aliases and rules.hand(alias).id == hand.id, f"001:{line} {alias}"
    assert {row[1] for row in HANDS} == {line for line, _ in catalogue.values()}


@pytest.mark.parametrize(("name", "slug"), [("Gertie's Garter", "gerties-garter"),
                                            ("Run, Pung, and a Pair", "run-pung-and-a-pair"),
                                            ("Gone With the Wind", "gone-with-the-wind")])
def test_ids_are_slugs_as_patterns_md_spells_them(name, slug):
    assert _slug(name) == slug and western().hand(name).id == slug


# ------------------------------------------------------------ concealed or exposed
@pytest.mark.parametrize(("hand_id", "hand"), [
    # 001:263 Civil War, Concealed: a declared pung of souths spoils it
    ("civil-war", "1168m 1568p 44z [222z] +4z"),
    # 001:174 Chop Suey, Concealed: a declared chow
    ("chop-suey", "[123m] 123p 123s 1234z +4z"),
    # 001:128 Grand Sequence, Concealed: the dragon pung declared
    ("grand-sequence", "1233456778p [555z] +9p"),
    # 001:167 True Gates, Concealed
    ("true-gates", "[111p] 2244668899p +9p"),
    # 001:246 Windy Chows, Concealed
    ("windy-chows", "[234m] 567p 789s 1234z +1z"),
    # 001:154 Confused Gates, Concealed
    ("confused-gates", "[111m] 2345678p 999s +5p"),
])
def test_a_concealed_hand_with_a_declared_meld_is_not_made(backend, hand_id, hand):
    assert special(hand, "western") != hand_id


@pytest.mark.parametrize(("hand_id", "hand"), [
    ("jade-hand", "[333s] 234s 666s 888s 6z +6z"),            # 001:31, Exposed
    ("numbers-racket", "[555m] [555p] 555s 111z 6z +6z"),     # 001:186, Exposed
    ("windy-dragons", "11223344z [555z] 66z +6z"),            # 001:228, Exposed
    ("all-kong", "[1111m] [2222p] [3333s] [5555z] 1z +1z"),   # 001:274, Exposed
    ("christmas", "[222m] 555m [777z] 666z 5z +5z"),          # 001:259, Exposed
])
def test_an_exposed_hand_scores_with_declared_melds(backend, hand_id, hand):
    assert special(hand, "western") == hand_id


@pytest.mark.parametrize(("hand_id", "concealed", "exposed", "exposed_total", "share"), [
    # 001:136 Dragon's Tail: Exposed --- Half Limit, Concealed --- Limit
    ("dragons-tail", "123456789m 111z 5z +5z", "123456789m [111z] 5z +5z", 150, Fraction(1, 2)),
    # 001:158 Heavenly Gates: Exposed --- Half Limit, Concealed --- Limit. Exposed, its own
    # score is higher than half the limit and stands: (20 + 2 + 4 + 8) x 2**3 (one suit) = 272
    ("heavenly-gates", "1112345678999m +5m", "[111m] 2345678999m +5m", 272, None),
])
def test_value_by_concealment(backend, hand_id, concealed, exposed, exposed_total, share):
    held, shown = score(concealed, "western", self_drawn=True), score(exposed, "western", self_drawn=True)
    assert (held.special, held.total, held.limit) == (hand_id, LIMIT, 1)
    assert (shown.special, shown.total, shown.limit) == (hand_id, exposed_total, share)


def test_a_concealed_hand_may_go_out_on_a_discard(backend):
    # "Concealed": no exposed meld; the winning tile may be claimed (as the loader documents)
    assert special("1168m 1568p 222444z", "western", self_drawn=False, win_tile="4z") == "civil-war"


# --------------------------------------------------------------------- jokers
@pytest.mark.parametrize(("hand_id", "hand", "allowed"), [
    # 001:39 Imperial Jade: a joker as the third green dragon of the pung
    ("imperial-jade", "234s 33s J 666s 888s 6z +6z", ("pungs", "chows", "pairs")),
    # 001:263 Civil War: a joker in the pung of souths
    ("civil-war", "1168m 1568p 22z J 444z", ("pungs", "chows", "pairs")),
    # 001:186 Numbers Racket: a joker in a declared kong
    ("numbers-racket", "[55J5m] 555p 555s 111z 6z +6z", ("pungs", "chows", "pairs")),
    # 001:31 Jade Hand: a joker in a chow
    ("jade-hand", "23s J 333s 666s 888s 6z +6z", ("chows", "pairs")),
    # 001:31 Jade Hand: a joker in the pair of green dragons
    ("jade-hand", "234s 333s 666s 888s J +6z", ("pairs",)),
    # 001:124 Wriggly Snake: a joker as a single (East)
    ("wriggly-snake", "123456789m 123z J +4z", ("pairs",)),
    # 001:91 Honorable Twins: a joker in a pair
    ("honorable-twins", "1122334455667z J", ("pairs",)),
    # 001:221 Unique Wonders: a joker as one of the thirteen
    ("unique-wonders", "19m19p19s123456z J +7z", ("pairs",)),
])
def test_a_joker_where_the_switch_allows_it_and_not_elsewhere(backend, hand_id, hand, allowed):
    assert special(hand, "western") == "not winning"  # jokers are off by default (001 plays both ways)
    for switch in ("pungs", "chows", "pairs"):
        made = special(hand, western(joker_use=switch))
        assert (made == hand_id) is (switch in allowed), switch


def test_a_joker_is_named_in_the_score(backend):
    result = score("234s 333s 666s 888s J +6z", western(joker_use="pairs"), self_drawn=True)
    assert result.special == "jade-hand" and [str(p.tile) for p in result.jokers] == ["6z"]
    assert "joker as 6z in the pair of 6z" in result.explain()


# -------------------------------------------------------------------- options
def test_jade_one_chow_option(backend):
    # 001:35 "Some players require this hand to contain no more than one Chow"
    two_chows, one_chow = "234s 234s 666s 888s 6z +6z", "234s 333s 666s 888s 6z +6z"
    assert special(two_chows, "western") == "jade-hand"
    strict = western(jade_one_chow=True)
    assert special(two_chows, strict) != "jade-hand" and special(one_chow, strict) == "jade-hand"


@pytest.mark.parametrize(("hand_id", "one_chow", "no_chow"), [
    ("imperial-jade", "666z 234s 666s 888s 4s +4s", "666z 222s 333s 888s 4s +4s"),  # 001:40
    ("pearl-dragon", "555z 234p 333p 888p 4p +4p", "555z 222p 333p 888p 4p +4p"),   # 001:49
])
def test_imperial_no_chows_option(backend, hand_id, one_chow, no_chow):
    # "may include no more than one Chow" by default; the option allows none
    strict = western(imperial_no_chows=True)
    assert special(one_chow, "western") == hand_id and special(one_chow, strict) != hand_id
    assert special(no_chow, strict) == hand_id


def test_all_kong_one_suit_option(backend):
    # 001:277 "some players require that all four Kongs be in the same suit"
    mixed, one_suit = "[1111m] [2222p] [3333s] [5555z] 1z +1z", "[1111m] [2222m] [4444m] [5555m] 1z +1z"
    strict = western(all_kong_one_suit=True)
    assert special(mixed, "western") == "all-kong" and special(mixed, strict) != "all-kong"
    assert special(one_suit, strict) == "all-kong"


def test_the_limit_is_300_and_can_be_changed(backend):
    assert western().limit == 300
    assert score("666z 222s 333s 888s 4s +4s", western(limit=500), self_drawn=True).total == 1000


PLAIN = "123m 456p 789s 2z [111z] +2z"  # a hand of sets and a pair: no special hand


@pytest.mark.parametrize(("preset", "required", "jokers"), [
    ("bonuses", False, "off"),
    ("required", True, "pungs"),
])
def test_the_presets_of_001(backend, preset, required, jokers):
    # 001:8 "some players require special hands ... it is recommended to play with the Jokers";
    # "Most players allow their use and just award bonus points when one is attained"
    rules = western(preset=preset)
    assert (rules.special_required, rules.option("joker-use")) == (required, jokers)
    assert (special(PLAIN, rules) == "not winning") is required
    assert special("1168m 1568p 22z J 444z", rules) == ("civil-war" if jokers != "off" else "not winning")
    assert special("1168m 1568p 222444z", rules) == "civil-war"
    assert next(p for p in rules.presets if p.name == preset).description


def test_special_hands_required_in_bulk(backend):
    rules = western(special_required=True)
    counts = np.array([mjscore.parse_tiles("123m456p789s22z111z"),
                       mjscore.parse_tiles("1168m1568p222444z")], np.uint8)
    _, found, status = mjscore.score_many(counts, rules, win_tile=["2z", "4z"], return_status=True)
    assert status.tolist() == [mjscore.HandStatus.NOT_WINNING, mjscore.HandStatus.OK]
    assert rules.hands[found[1]].id == "civil-war"


# ----------------------------------------------------------------- precedence
@pytest.mark.parametrize(("hand", "scored", "also"), [
    # same value, the narrower hand first in the file
    ("1234567m 123456p +7p", "gerties-garter", "knitting"),            # 001:107 over 001:112
    ("1122334455667z +7z", "honorable-twins", "all-pair-honors"),     # 001:91 over 001:82
    ("1122335577s 667z +7z", "all-pair-ruby-jade", "clean-pairs"),    # 001:103 over 001:78
    ("555z 666z 777z 111z 2z +2z", "big-three-dragons", "all-winds-and-dragons"),  # 001:232, 209
    ("111z 222z 555z 666z 3z +3z", "all-winds-and-dragons", "all-honors"),         # 001:209, 213
    ("111m 999m 111p 999p 1s +1s", "heads-and-tails", "all-honors"),               # 001:217, 213
    ("1112345678999m +9m", "heavenly-gates", "run-pung-and-a-pair"),               # 001:158, 146
    # higher value wins, wherever it stands in the file
    ("123m 123p 123s 1234z +4z", "chop-suey", "windy-chows"),          # limit over half
    ("111z 222z 333z 444z 5z +5z", "gone-with-the-wind", "big-four-winds"),  # double over limit
    ("1133557799m 115z +5z", "clean-pairs", "dirty-pairs"),            # limit over half
])
def test_precedence_names_the_others(backend, hand, scored, also):
    result = score(hand, "western", self_drawn=True)
    assert result.special == scored and also in result.others
    assert f"also made: {', '.join(result.others)}" in result.explain()


@pytest.mark.parametrize(("narrow", "wide"), [
    ("all-pair-terminals", "all-pair-honors"), ("honorable-twins", "all-pair-honors"),
    ("all-pair-jade", "clean-pairs"), ("all-pair-ruby", "clean-pairs"),
    ("all-pair-ruby-jade", "clean-pairs"), ("clean-pairs", "dirty-pairs"),
    ("gerties-garter", "knitting"), ("big-three-dragons", "all-winds-and-dragons"),
    ("all-winds-and-dragons", "all-honors"), ("heads-and-tails", "all-honors"),
    ("heads-and-tails", "all-kong"), ("jade-hand", "all-kong"),
    ("heavenly-gates", "run-pung-and-a-pair"), ("big-four-winds", "all-honors"),
])
def test_the_file_lists_the_narrower_hand_first(narrow, wide):
    # at equal value the first in the file scores (western.toml's header states the order)
    ids = [h.id for h in western().hands]
    assert ids.index(narrow) < ids.index(wide)


# ------------------------------------------------------------------ in bulk
def test_random_special_hands_all_score_a_special_hand_on_both_backends(backend):
    rules = western()
    counts, melds, drawn = random_special_hands(rules, 150, seed=9)
    totals, found, status = mjscore.score_many(counts, rules, melds=melds, return_status=True)
    assert (status == mjscore.HandStatus.OK).all()
    assert (found >= 0).all()
    # the hand scored is the one drawn, or one worth at least as much (rows are concealed)
    for row, want in enumerate(drawn.tolist()):
        share = rules.hands[want].value_for(True).limit
        assert totals[row] >= (share or 0) * LIMIT, (row, rules.hands[want].id)


# ----------------------------------------------------------------- the command
def test_rules_check_western(run):
    from mjscore.rules import RULES_DIR

    code, out, err = run("rules", "check", RULES_DIR / "western.toml")
    assert code == 0, err
    assert "50 special hands" in out and "presets: bonuses, required" in out


@pytest.mark.parametrize("preset", ["bonuses", "required"])
def test_rules_show_prints_every_hand_with_its_value(run, preset):
    code, out, err = run("rules", "show", "western", "--preset", preset)
    assert code == 0, err
    for hand in western(preset=preset).hands:
        assert hand.id in out and hand.name in out
    assert "2 limit (600)" in out and "1/2 limit (150)" in out and "x8 (3 doubles)" in out
    assert f"Applied: {preset}." in out


def test_the_reference_lists_every_hand_with_pattern_value_aliases_and_conditions():
    from mjscore.rules.pages import reference_tables

    rules = western(preset="required")
    table = next(t for t in reference_tables(rules) if t.title == "Special hands")
    rows = [dict(zip(table.columns, row)) for row in table.rows]
    assert {row["Id"] for row in rows} == {h.id for h in rules.hands}
    by_name = {row["Name"]: row for row in rows}
    assert by_name["Imperial Jade"]["Aliases"] == "Jade Dragon"
    assert by_name["Imperial Jade"]["Value"] == "2 limit (600)"
    assert by_name["Imperial Jade"]["Pattern"].endswith("pair green-s (at most 1 chow)")
    assert by_name["Jade Hand (at most one chow)"]["Option"] == "only when jade-one-chow is true (off)"
    assert by_name["All Pair Terminals"]["Pattern"] == "7 pair terminal (four alike count as two pairs)"
    assert (by_name["Heavenly Gates"]["Value"], by_name["Heavenly Gates"]["If concealed"]) == \
        ("1/2 limit (150)", "limit (300)")
    assert "Applied: required." in next(t for t in reference_tables(rules) if t.title == "Presets").note


def test_special_hands_required_holds_for_hands_with_jokers(backend):
    # 001:8 a plain hand of sets does not go out under "special hands required", jokers or not
    plain_with_joker = "123m 456p 99s J 2z [111z] +2z"  # the joker makes the pung of 9s
    assert special(plain_with_joker, western(joker_use="pungs")) is None  # goes out, no special hand
    assert special(plain_with_joker, western(preset="required")) == "not winning"
    assert special("1168m 1568p 22z J 444z", western(preset="required")) == "civil-war"
