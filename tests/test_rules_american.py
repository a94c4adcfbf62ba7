"""The ``american`` rule set: every special hand of seed 000 with its options and presets.

``000`` = ``seeds/000_2452ae1361ab9d30.txt``, "Limit and Special hands - American
hands": 28 hands, each with the options Allow 7 pairs, Allow melded, Double if
concealed, No Chows, Require mixed honors (each "(Y/N)", with the presets AM, AU, BR,
F in which it defaults to Yes). Each row of :data:`HANDS` names the line of 000 that
gives the hand's name (``000:7`` is line 7), the hand in mpsz notation as the text
describes it (the last tile, ``+X``, won self-drawn), and a near miss: one tile off,
which does not make the hand. Rows score under the preset ``BR`` (mixed suits allowed);
AM's prohibition of mixed suits has its own tests.

The judgement calls these tests pin (what a 7 pairs version holds, Numbers Racket
without mixed honours, the claimed triplets of Up/Down You Go, ...) are written in the
header of ``src/mjscore/rules/american.toml``.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

import mjscore
from mjscore import RuleSetError, load_rules, score
from mjscore.rules.hands import Value
from mjscore.distances.samples import random_special_hands
from rulebook import SEED_PLACES, seed_text, special

LIMIT = 300
SEED_NAME = "000_2452ae1361ab9d30.txt"
PRESETS = ("AM", "AU", "BR", "F")

# (id, 000 line of its name, [the hand, each form], near miss)
HANDS = [
    ("jade-hand", 7, ["234s 444s 666s 888s 6z +6z", "234s 234s 234s 888s 6z +6z"],
     "234s 444s 666s 888s 5z +5z"),
    ("pearl-hand", 12, ["234p 444p 666p 888p 5z +5z"], "234p 444p 666p 777p 5z +5z"),
    ("ruby-hand", 17, ["111s 555s 777s 999s 7z +7z"], "111s 555s 777s 888s 7z +7z"),
    ("imperial-jade", 22, ["666z 222s 333s 888s 4s +4s", "666z 234s 234s 888s 4s +4s"],
     "666z 222s 333s 888s 5s +5s"),  # a pair of 5 bams: not green
    ("imperial-pearl", 28, ["555z 222p 333p 888p 4p +4p", "555z 234p 234p 888p 4p +4p"],
     "555z 222p 333p 888p 5p +5p"),
    ("imperial-ruby", 35, ["777z 111s 555s 777s 9s +9s"], "777z 111s 555s 777s 8s +8s"),
    ("ruby-jade", 38, ["777z 666z 555s 888s 3s +3s"], "777z 666z 222s 888s 3s +3s"),  # no red bams
    ("all-red", 43, ["234m 444m 666m 888m 7z +7z", "234m 444m 666m 888m 2m +2m"],
     "234m 444m 666m 888m 5m +5m"),
    ("lily-of-valley", 48, ["222s 888s 555z 666z 6s +6s"], "222s 888s 555z 777z 6s +6s"),
    ("red-lily", 51, ["111s 555s 777z 555z 9s +9s"], "111s 555s 777z 555z 8s +8s"),
    ("chop-suey", 54, ["123m 123p 123s 1234z +4z"], "123m 123p 234s 1234z +4z"),
    ("sukiyaki", 57, ["456m 456p 456s 1234z +1z"], "456m 456p 567s 1234z +1z"),
    ("chow-mein", 60, ["789m 789p 789s 1234z +2z"], "789m 789p 678s 1234z +2z"),
    ("lil", 63, ["123m 456p 789s 1234z +3z"], "123m 456p 456s 1234z +3z"),
    ("suit-pairs-and-honor-orphans", 66, ["1133446699s 556z +7z", "1133557799m 123z +4z"],
     "1133557799m 125z +4z"),  # three winds and a dragon: neither form
    ("down-you-go", 69, ["2222444668s 123z +4z"], "2222444669s 123z +4z"),
    ("up-you-go", 72, ["2446668888s 123z +4z"], "2446668888s 123z +3z"),
    ("numbers-racket", 75, ["222s 222m 222p 666z 7z +7z", "555s 555m 555p 111z 2z +2z",
                            "222s 222m 222p 666z 1z +1z"], "222s 222m 333p 666z 7z +7z"),
    ("double-numbers", 79, ["222s 222m 555s 555m 7z +7z", "222s 222m 555s 555m 1z +1z"],
     "222s 222m 555s 555p 7z +7z"),
    ("simple-gates", 82, ["111s 999s 2345678m +7m", "1112345678999m +5m", "111m 999m 2345678s +2s"],
     "1112345678999m +1m"),  # the 14th tile pairs no simple
    ("confused-gates", 87, ["111s 2345678p 999m +3p"], "111s 2345678p 999m +1p"),
    ("true-gates", 90, ["1112244668899s +9s"], "1112244667799s +9s"),
    ("golden-gate", 93, ["111s 22446688s 66z +6z", "999m 22446688m 77z +7z"],
     "111s 22446688s 77z +7z"),  # the dragon of the craks with bams
    ("dragon-gates", 96, ["111m 2345678m 777z +7m", "999p 2345678p 555z +2p"],
     "111m 2345678m 666z +7m"),
    ("terminal-gates", 99, ["19m19s123456789p +3p"], "19m19s123456789p +1p"),
    ("gone-with-the-wind", 103, ["111z 222z 333z 444z 6z +6z"], "111z 222z 333z 444z 9m +9m"),
    ("christmas", 106, ["222p 555p 666z 777z 5z +5z"], "222p 555s 666z 777z 5z +5z"),
    ("civil-war", 109, ["1168s 1568p 22244z +4z"], "1168s 1578p 22244z +4z"),
]

FORMS = [pytest.param(hand_id, hand, id=f"{hand_id}-000:{line}-{n}")
         for hand_id, line, forms, _ in HANDS for n, hand in enumerate(forms)]
NEAR = [pytest.param(hand_id, near, id=f"{hand_id}-000:{line}") for hand_id, line, _, near in HANDS]


def american(preset: str | None = "BR", **options: object) -> mjscore.RuleSet:
    return load_rules("american", **({"preset": preset} if preset else {}), **options)






# ------------------------------------------------------------------ every hand
@pytest.mark.parametrize(("hand_id", "hand"), FORMS)
def test_the_hand_as_000_describes_it(backend, hand_id, hand):
    result = score(hand, american(), self_drawn=True)
    assert (result.special, result.limit, result.total) == (hand_id, 1, LIMIT)


@pytest.mark.parametrize(("hand_id", "near"), NEAR)
def test_a_near_miss_does_not_make_the_hand(backend, hand_id, near):
    assert special(near, american()) != hand_id


def test_every_hand_of_the_file_has_a_row_here():
    rules = american()
    assert sorted(h.id for h in rules.hands) == sorted(row[0] for row in HANDS)
    assert len(rules.hands) == 28


# ------------------------------------------------------------ the catalogue of 000
OPTION_NAMES = {"Allow 7 pairs": "allow-seven-pairs", "Allow melded": "allow-melded",
                "Double if concealed": "double-if-concealed", "No Chows": "no-chows",
                "Require mixed honors": "require-mixed-honors"}


def _slug(name: str) -> str:
    """../shared/PATTERNS.md: lowercase ASCII, apostrophes and commas dropped, other
    separators to single hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", re.sub(r"['’,]", "", name.lower())).strip("-")


def _flags(text: str) -> dict[int, dict[str, set[str]]]:
    """Per hand (000 line of its name, from HANDS): each option 000 lists for it, with the
    presets it marks Yes (``Allow melded (Y/N) AU, AM Yes`` -> {"AU", "AM"})."""
    lines = text.splitlines()
    starts = sorted(line for _, line, _, _ in HANDS)
    ends = starts[1:] + [next(i for i, t in enumerate(lines, 1) if t.startswith("Related topics"))]
    found: dict[int, dict[str, set[str]]] = {}
    for start, end in zip(starts, ends):
        options: dict[str, set[str]] = {}
        for line in lines[start - 1:end - 1]:
            for match in re.finditer(r"(Allow 7 pairs|Allow melded|Double if concealed|No Chows|"
                                     r"Require mixed honors) \(Y/N\)\s*((?:A[MU]|BR|F)(?:, (?:A[MU]|BR|F))*"
                                     r" Yes)?", line):
                marks = (match.group(2) or "").removesuffix(" Yes")
                options[OPTION_NAMES[match.group(1)]] = {m for m in marks.split(", ") if m}
        found[start] = options
    return found


def test_every_hand_name_of_000_and_its_options_and_preset_defaults():
    text = seed_text(SEED_NAME)
    if text is None:
        pytest.skip(f"seed {SEED_NAME} not found in {', '.join(map(str, SEED_PLACES))}")
    lines = text.splitlines()
    assert text.count("(Y/N)") == 62  # every option line of the page is in a hand's range
    flags = _flags(text)
    assert sum(len(options) for options in flags.values()) == 62
    for hand_id, line, _, _ in HANDS:
        hand = american(None).hand(hand_id)
        name = hand.name.split(" (")[0]
        assert lines[line - 1].startswith(name), f"000:{line} {hand_id}"
        assert hand.id == _slug(name)
        assert dict(hand.options).keys() == flags[line].keys(), f"000:{line} {hand_id}"
        assert not any(dict(hand.options).values()), f"000:{line}: (Y/N) options default to N"
        for preset in PRESETS:
            values = dict(american(preset).hand(hand_id).options)
            want = {option: preset in marks for option, marks in flags[line].items()}
            assert values == want, f"000:{line} {hand_id} under {preset}"


@pytest.mark.parametrize(("alias", "hand_id"), [
    ("Pearl Dragon", "imperial-pearl"), ("Carnival", "ruby-jade"), ("Ruby Crack Hand", "all-red"),
    ("Dragon's Breath", "suit-pairs-and-honor-orphans"), ("Windfall", "suit-pairs-and-honor-orphans"),
    ("Chinese Hand", "simple-gates"), ("Terminals and Simples", "terminal-gates"),
])
def test_the_aliases_000_gives(alias, hand_id):
    # 000:29, 38, 43, 67, 83, 100: "a.k.a." and "also known as"
    rules = american()
    assert rules.hand(alias).id == hand_id and alias in rules.hand(hand_id).aliases


# -------------------------------------------------------------- per-hand options
MELDED = [  # a declared meld in each hand whose "Allow melded" option can let it in
    ("jade-hand", "[444s] 234s 666s 888s 6z +6z"),
    ("pearl-hand", "234p [444p] 666p 888p 5z +5z"),
    ("ruby-hand", "[111s] 555s 777s 999s 7z +7z"),
    ("imperial-jade", "[666z] 222s 333s 888s 4s +4s"),
    ("imperial-pearl", "[555z] 222p 333p 888p 4p +4p"),
    ("imperial-ruby", "[777z] 111s 555s 777s 9s +9s"),
    ("ruby-jade", "777z [666z] 555s 888s 3s +3s"),
    ("all-red", "[234m] 444m 666m 888m 7z +7z"),
    ("lily-of-valley", "222s 888s [555z] 666z 6s +6s"),
    ("red-lily", "111s [555s] 777z 555z 9s +9s"),
    ("chop-suey", "[123m] 123p 123s 1234z +4z"),
    ("sukiyaki", "456m [456p] 456s 1234z +1z"),
    ("chow-mein", "789m 789p [789s] 1234z +2z"),
    ("lil", "123m 456p [789s] 1234z +3z"),
    ("down-you-go", "2444668s [222s] 123z +4z"),   # 000:70 three of the four twos claimed
    ("up-you-go", "2446668s [888s] 123z +4z"),     # 000:73 three of the four eights claimed
    ("numbers-racket", "[222s] 222m 222p 666z 7z +7z"),
    ("double-numbers", "222s [222m] 555s 555m 7z +7z"),
    ("simple-gates", "[111s] 999s 2345678m +7m"),
    ("confused-gates", "[111s] 2345678p 999m +3p"),
    ("true-gates", "2244668899s [111s] +9s"),
    ("golden-gate", "[111s] 22446688s 66z +6z"),
    ("dragon-gates", "111m 2345678m [777z] +7m"),
    ("gone-with-the-wind", "[111z] 222z 333z 444z 6z +6z"),
    ("christmas", "222p 555p [666z] 777z 5z +5z"),
    ("civil-war", "1168s 1568p [222z] 44z +4z"),
]


@pytest.mark.parametrize(("hand_id", "hand"), MELDED, ids=[row[0] for row in MELDED])
def test_allow_melded_lets_a_declared_meld_in(backend, hand_id, hand):
    # 000: "The hand must be concealed (the winning tile can be a discard), unless Allow
    # melded option is checked"
    assert special(hand, american(None)) != hand_id
    assert special(hand, american(None, options={hand_id: {"allow-melded": True}})) == hand_id


def test_a_concealed_hand_may_go_out_on_a_discard(backend):
    # 000:110 "the winning tile can be a discard"
    assert special("1168s 1568p 22244z +4z", american(None), self_drawn=False) == "civil-war"


def test_terminal_gates_melded_declares_only_chows_of_its_run():
    # 000:101 Terminal Gates lists Allow melded: its singles of 1 and 9 are never declared,
    # a chow of its run of 2-8 may be (issue 30, item 6)
    from mjscore.core.group_codes import CHOW, group_kind, group_tile
    rules = american(None, options={"terminal-gates": {"allow-melded": True}})
    assert rules.hand("terminal-gates").concealed is False
    melds = {code for variants in rules.hand_tables.fixed.values() for v in variants
             if rules.hands[v.hand].id == "terminal-gates" for code in v.melds}
    assert melds and all(group_kind(c) == CHOW and 1 <= group_tile(c) % 9 <= 5 for c in melds)


@pytest.mark.parametrize(("hand_id", "hand"), [(row[0], row[2][0]) for row in HANDS
                                               if row[0] != "suit-pairs-and-honor-orphans"])
def test_double_if_concealed_doubles_the_value(backend, hand_id, hand):
    # 000 "Double if concealed (Y/N)", on every hand but Suit Pairs and Honor Orphans (000:68 "-")
    doubled = american(None, options={hand_id: {"double-if-concealed": True}})
    assert (score(hand, doubled, self_drawn=True).total, score(hand, american(None), self_drawn=True).total) \
        == (2 * LIMIT, LIMIT)


def test_double_if_concealed_only_when_concealed(backend):
    rules = american(None, jade_hand={"allow-melded": True, "double-if-concealed": True})
    assert score("234s 444s 666s 888s 6z +6z", rules, self_drawn=True).total == 2 * LIMIT
    assert score("[444s] 234s 666s 888s 6z +6z", rules, self_drawn=True).total == LIMIT


@pytest.mark.parametrize(("hand_id", "with_dragons", "without"), [
    # 000:8 "7 pairs version of this hand requires the presence of Green Dragons"
    ("jade-hand", "22223344668s 66z +8s", "22223344668888s"),
    # 000:13 White Dragons
    ("pearl-hand", "22223344668p 55z +8p", "22223344668888p"),
    # 000:18 Red Dragons
    ("ruby-hand", "11115577s 7777z 9s +9s", "11115577999955s"),
    # 000:39 "requires the presence of both Red and Green Dragons"
    ("ruby-jade", "1122335599s 667z +7z", "11223355667799s"),
])
def test_seven_pairs_versions_need_their_dragons(backend, hand_id, with_dragons, without):
    off, on = american(None), american(None, options={hand_id: {"allow-seven-pairs": True}})
    assert special(with_dragons, off) != hand_id and special(with_dragons, on) == hand_id
    assert special(without, on) != hand_id


def test_all_red_seven_pairs_needs_no_red_dragons(backend):
    # 000:44 "Note: This hand does not require presence of Red Dragons"
    on = american(None, options={"all-red": {"allow-seven-pairs": True}})
    for hand in ("22223344668888m", "223344668m 7777z +8m"):
        assert special(hand, american(None)) != "all-red" and special(hand, on) == "all-red"


@pytest.mark.parametrize(("hand_id", "one_chow", "no_chow"), [
    ("imperial-jade", "666z 234s 666s 888s 4s +4s", "666z 222s 333s 888s 4s +4s"),  # 000:24
    ("imperial-pearl", "555z 234p 666p 888p 4p +4p", "555z 222p 333p 888p 4p +4p"),  # 000:31
])
def test_no_chows_option(backend, hand_id, one_chow, no_chow):
    # "No Chows (Y/N): The option can be used to make the hand symmetrical with Imperial Ruby"
    strict = american(preset="AU", options={hand_id: {"no-chows": True}})
    assert special(one_chow, american("AU")) == hand_id and special(one_chow, strict) != hand_id
    assert special(no_chow, strict) == hand_id


def test_require_mixed_honors(backend):
    # 000:75 "Pung/Kong and a pair from Dragons (or Pung/Kong and a pair of Winds)";
    # Require mixed honors: one of each (see the file's header)
    same, mixed = "222s 222m 222p 666z 7z +7z", "222s 222m 222p 666z 1z +1z"
    strict = american(numbers_racket={"require-mixed-honors": True})
    assert special(same, american()) == "numbers-racket" and special(same, strict) != "numbers-racket"
    assert special(mixed, american()) == "numbers-racket" and special(mixed, strict) == "numbers-racket"


def test_civil_war_kongs_only_in_a_melded_hand(backend):
    # 000:110 "Kongs are allowed only in a melded hand"
    kong = "1168s 1568p [2222z] 44z +4z"
    assert special(kong, american(None)) != "civil-war"
    assert special(kong, american(None, civil_war={"allow-melded": True})) == "civil-war"
    assert special("1168s 1568p (2222z) 44z +4z", american(None)) != "civil-war"


# ---------------------------------------------------------- the ways to set options
def test_a_hand_option_for_one_hand_or_for_every_hand():
    every = american(None, allow_melded=True)
    one = american(None, options={"jade-hand": {"allow-melded": True}})
    flat = american(None, **{"jade-hand.allow-melded": True})
    assert all(not h.concealed for h in every.hands if "allow-melded" in dict(h.options))
    assert [h.id for h in one.hands if not h.concealed] == ["jade-hand"]
    assert flat.hand("jade-hand") == one.hand("jade-hand")
    # the hand's own value outranks the bare name, whatever the order
    mixed = american(None, options={"allow-melded": True, "jade-hand": {"allow-melded": False}})
    assert mixed.hand("jade-hand").concealed and not mixed.hand("pearl-hand").concealed


def test_a_preset_then_an_override():
    # the example: Imperial Jade under AU, with no chows
    rules = load_rules("american", preset="AU", options={"imperial-jade": {"no-chows": True}})
    assert dict(rules.hand("imperial-jade").options) == {"no-chows": True, "allow-melded": True,
                                                        "double-if-concealed": False}
    assert rules.option("imperial-jade.no-chows") is True and rules.preset == "AU"


@pytest.mark.parametrize(("options", "key", "reason"), [
    ({"imperial-jade": {"no-chow": True}}, "options.imperial-jade.no-chow",
     "the hand 'imperial-jade' has no option 'no-chow' (its options: no-chows, allow-melded, "
     "double-if-concealed; its value: limit, points, doubles)"),
    ({"imperial-jad": {"no-chows": True}}, "options.imperial-jad", "no special hand 'imperial-jad' (the hands: "),
    ({"imperial-jade.limit": True}, "options.imperial-jade.limit", "expected an integer or a number or a string"),
    ({"imperial-jade": {"limit": 3}}, "hands.imperial-jade.limit", "a share of the limit is at most 2"),
    ({"imperial-jade": {"no-chows": "yes"}}, "options.imperial-jade.no-chows", "expected true or false"),
    ({"allow-meld": True}, "options.allow-meld", "no such option"),
    ({"mixed-suits-exceptions": ["lil", "lol"]}, "options.mixed-suits-exceptions", "no special hand 'lol'"),
    ({"max-chows": 5}, "options.max-chows", "a hand has 0 to 4 runs"),
])
def test_bad_hand_options_name_the_hand_and_option(options, key, reason):
    with pytest.raises(RuleSetError) as info:
        load_rules("american", options=options)
    message = str(info.value)
    assert message.startswith("rule set american: ") and f": {key}:" in message and reason in message, message


def test_the_rule_sets_without_hand_options_load_as_before():
    assert load_rules("western", jade_one_chow=True).option("jade-one-chow") is True
    assert load_rules("babcock", options={"joker-use": "pungs"}).option("joker-use") == "pungs"


# ---------------------------------------------------------- global restrictions
PLAIN_TWO_CHOWS = "123m 456m 777p 999p 2z +2z"


def test_max_chows_with_the_exception_for_limit_hands(backend):
    # 000:23 "the exception rule, which allows Limit hands to contain more Chows than
    # specified by the maximum number of Chows limitation"
    two_chows_jade = "234s 234s 666s 888s 6z +6z"
    limited = american(max_chows=1)
    assert special(PLAIN_TWO_CHOWS, american()) is None
    assert special(PLAIN_TWO_CHOWS, limited) == "not winning"
    assert special(two_chows_jade, limited) == "jade-hand"       # the exception: a limit hand
    assert special("123m 123p 123s 1234z +4z", american(max_chows=2)) == "chop-suey"
    strict = american(max_chows=1, max_chows_exception=False)
    assert special(two_chows_jade, strict) != "jade-hand"
    assert special("123m 123p 123s 1234z +4z", american(max_chows=2, max_chows_exception=False)) \
        != "chop-suey"


@pytest.mark.parametrize(("hand_id", "two_chows"), [
    ("imperial-jade", "666z 234s 234s 888s 4s +4s"),   # 000:23 "ignores the exception rule"
    ("imperial-pearl", "555z 234p 234p 888p 4p +4p"),  # 000:30
])
def test_imperial_jade_and_pearl_ignore_the_exception(backend, hand_id, two_chows):
    assert special(two_chows, american()) == hand_id
    assert special(two_chows, american(max_chows=1)) != hand_id
    assert special(two_chows, american(max_chows=2)) == hand_id


def test_no_mixed_suits_and_its_exceptions(backend):
    # 000:84 "When prohibition of mixed suits is used (as in American and Australian
    # rules), all tiles of this hand need to be from one suit (unless an exception is
    # specified in the Exceptions dialog box)"
    mixed, one_suit = "111s 999s 2345678m +7m", "1112345678999m +5m"
    for preset in ("AM", "AU"):
        assert special(mixed, american(preset)) != "simple-gates"
        assert special(one_suit, american(preset)) == "simple-gates"
        excepted = american(preset, mixed_suits_exceptions=["simple-gates"])
        assert special(mixed, excepted) == "simple-gates"
    for preset in ("BR", "F"):
        assert special(mixed, american(preset)) == "simple-gates"
    # the hands that need several suits are exceptions by default
    for hand_id, line, forms, _ in HANDS:
        if hand_id in ("chop-suey", "numbers-racket", "terminal-gates", "civil-war", "double-numbers"):
            assert special(forms[0], american("AM")) == hand_id, f"000:{line}"
    assert special("123m 123p 123s 1234z +4z", american("AM", mixed_suits_exceptions=[])) != "chop-suey"


def test_no_mixed_suits_stops_a_plain_hand_of_two_suits(backend):
    """000, Simple Gates: "prohibition of mixed suits ... (as in American and Australian
    rules)": a plain hand of sets goes out in one suit (honours allowed) or in honours
    alone, not in two suits."""
    assert special(PLAIN_TWO_CHOWS, american("AM")) == "not winning"
    assert special(PLAIN_TWO_CHOWS, american("BR")) is None
    assert special("123m 456m 789m 1z [555z] +1z", american("AM")) is None
    assert special("111z 222z 333z 4z [555z] +4z", american("AM")) is None


def test_limit_and_special_hands_only(backend):
    rules = american(special_required=True)
    assert special(PLAIN_TWO_CHOWS, rules) == "not winning"
    assert special("123m 123p 123s 1234z +4z", rules) == "chop-suey"


def test_the_value_is_a_share_of_the_limit_and_follows_the_limit(backend):
    # 000 gives no values: every hand the limit by default (the file's header)
    rules = american(limit=500)
    assert all(h.value == Value(limit=1) for h in rules.hands)
    assert score("123m 123p 123s 1234z +4z", rules, self_drawn=True).total == 500


def test_a_hands_value_is_overridden_at_load(backend):
    jade = "234s 444s 666s 888s 6z +6z"
    half = american(options={"jade-hand": {"limit": "1/2"}})
    assert half.hand("jade-hand").value == Value(limit=Fraction(1, 2))
    assert score(jade, half, self_drawn=True).total == LIMIT // 2
    doubled = american(jade_hand={"limit": "1/2", "double-if-concealed": True})
    assert score(jade, doubled, self_drawn=True).total == LIMIT  # half a limit, doubled concealed
    points = american(**{"suit-pairs-and-honor-orphans.points": 100})  # a hand without options
    assert points.hand("suit-pairs-and-honor-orphans").value == Value(points=100)
    assert dict(half.hand("jade-hand").options).keys() == {"allow-seven-pairs", "allow-melded",
                                                          "double-if-concealed"}


# --------------------------------------------------- same names, different hands
@pytest.mark.parametrize(("hand", "under_american", "under_western"), [
    # (None: the hand goes out as a plain hand of sets, no special hand)
    # Imperial Pearl (000:28, "a.k.a. Pearl Dragon") allows chows; 001's Pearl Dragon one at most
    ("555z 234p 234p 888p 4p +4p", "imperial-pearl", None),
    # Imperial Jade allows chows too (000:24), against 001's "no more than one Chow"
    ("666z 234s 234s 888s 4s +4s", "imperial-jade", None),
    # Jade Hand: any number of chows in both; 001's option jade-one-chow narrows only western
    ("234s 234s 666s 888s 6z +6z", "jade-hand", "jade-hand"),
    # Dragon's Breath: 000 also has Windfall, the wind orphans form (000:67)
    ("1133557799m 123z +4z", "suit-pairs-and-honor-orphans", "not winning"),
    ("1133557799m 556z +7z", "suit-pairs-and-honor-orphans", "dragons-breath"),
    # Simple Gates (000:85) pairs a simple; 001's Heavenly Gates takes any tile of the suit
    ("1112345678999m +1m", None, "heavenly-gates"),
    ("1112345678999m +5m", "simple-gates", "heavenly-gates"),
])
def test_same_names_different_hands(backend, hand, under_american, under_western):
    assert (special(hand, american()), special(hand, load_rules("western"))) == (under_american, under_western)


def test_shared_names_find_each_rule_sets_own_hand():
    assert american().hand("Pearl Dragon").id == "imperial-pearl"
    assert load_rules("western").hand("Pearl Dragon").id == "pearl-dragon"
    assert american().hand("Dragon's Breath").id == "suit-pairs-and-honor-orphans"
    assert load_rules("western").hand("Dragon's Breath").id == "dragons-breath"


def test_distances_see_the_prohibition_of_mixed_suits():
    # the one-suit Simple Gates of AM is a class every tile is in, which distances read
    mixed = "111s 999s 2345678m +7m"
    assert mjscore.distances(mixed, american("BR"))["simple-gates"] == 0
    assert mjscore.distances(mixed, american("AM"))["simple-gates"] > 0


def test_distances_of_a_hand_exempt_from_the_chow_limit():
    # 000 Jade Hand ("3 sets of Bams ... Pair of Green Dragons") under max-chows=1 with the
    # exception: the two chows do not count against the limit, so the hand is Jade itself.
    assert mjscore.distances("234s 234s 666s 888s 6z +6z", american(max_chows=1))["jade-hand"] == 0


# ------------------------------------------------------------------ in bulk
@pytest.mark.parametrize("preset", ["BR", "AM"])
def test_random_special_hands_score_in_bulk_on_both_backends(backend, preset):
    rules = american(preset)
    counts, melds, drawn = random_special_hands(rules, 120, seed=3)
    totals, found, status = mjscore.score_many(counts, rules, melds=melds, return_status=True)
    assert (status == mjscore.HandStatus.OK).all() and (found >= 0).all()
    assert (totals >= LIMIT).all() and ((totals == LIMIT) | (totals == 2 * LIMIT)).all()
    # only Simple Gates doubles, concealed under AM (000:86 "Double if concealed (Y/N) AM Yes")
    doubled = {rules.hands[h].id for h in found[totals == 2 * LIMIT]}
    assert doubled <= ({"simple-gates"} if preset == "AM" else set())


# ----------------------------------------------------------------- the command
def test_rules_check_american(run):
    code, out, err = run("rules", "check", "american")
    assert code == 0, err
    assert "28 special hands" in out and "presets: AM, AU, BR, F" in out


def test_rules_show_prints_every_hand_with_its_effective_options(run):
    code, out, err = run("rules", "show", "american", "--preset", "AU")
    assert code == 0, err
    for hand in american("AU").hands:
        assert hand.id in out
    assert "allow-melded = true" in out and "allow-melded = false" in out
    assert "Applied: AU." in out
