"""Issue 31, item 6: the pattern notation's second edition (PATTERNS.md, "Second edition").

"A single number in a chow names its lowest tile (``chow 2A`` is 2-3-4 of suit A, ``chow xA``
is x, x+1, x+2; ``chow 8A`` can never be made and is refused), and offsets are allowed
wherever a number variable is (``pung xA``, ``pung x+1A``, ``pung x+2A``: three consecutive
pungs in one suit; ``chow xA``, ``chow xB``, ``chow xC``: the same chow in three suits)."

Each new form is a hand that matches and a near miss that does not, on both backends; each
form no tiles make is a load error naming the file, the hand, the group and the reason.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import mjscore
from mjscore import NotWinningError
from mjscore.core.errors import RuleSetError
from mjscore.distances.samples import random_special_hands
from mjscore.rows.codec import meld_bytes
from mjscore.rules.patterns import PatternError, expand_form, parse_group
from mjscore.rules.tile_expressions import chow_firsts

BASE = 'name = "{name}"\nextends = "babcock"\nspecial-hands = "best"\n'


def _rules(tmp_path: Path, hands: list[tuple[str, str]], name: str = "second") -> mjscore.RuleSet:
    """A rule set on babcock's with these hands (id, keys), each worth one double."""
    body = BASE.format(name=name) + "".join(
        f'\n[[hands]]\nid = "{hand_id}"\ndoubles = 1\nsource = "test: {hand_id}"\n{keys}\n'
        for hand_id, keys in hands)
    path = tmp_path / f"{name}.toml"
    path.write_text(body, encoding="utf-8")
    return mjscore.load_rules(path)


# One row per new form: the hand's keys, a hand that makes it, and a near miss (the same
# shape with one group off) that does not. Every hand is self-drawn.
FORMS = [
    pytest.param('groups = ["chow 2A", "3 pung any", "pair any"]',
                 "234p 111m 555s 777z 1z +1z", "345p 111m 555s 777z 1z +1z", id="chow-2A-is-2-3-4"),
    pytest.param('groups = ["chow 7A", "3 pung any", "pair any"]',
                 "789s 111m 555p 777z 1z +1z", "678s 111m 555p 777z 1z +1z", id="chow-7A-is-7-8-9"),
    pytest.param('groups = ["chow 5p", "3 pung any", "pair any"]',
                 "567p 111m 555s 777z 1z +1z", "567s 111m 555p 777z 1z +1z", id="chow-5p-is-5-6-7-of-dots"),
    pytest.param('groups = ["chow xA", "chow xB", "chow xC", "set any", "pair any"]',
                 "345m 345p 345s 777z 1z +1z", "345m 345p 456s 777z 1z +1z", id="chow-xA-in-three-suits"),
    pytest.param('groups = ["chow xA", "chow xB", "chow xC", "set any", "pair any"]',
                 "789m 789p 789s 777z 1z +1z", "789m 789p 678s 777z 1z +1z", id="chow-xA-at-seven"),
    pytest.param('groups = ["chow xA", "chow x+2A", "2 set any", "pair any"]',
                 "123m 345m 999s 777z 1z +1z", "123m 456m 999s 777z 1z +1z", id="chow-x+2A"),
    pytest.param('groups = ["pung xA", "pung x+1A", "pung x+2A", "set any", "pair any"]',
                 "[777s] [888s] 999s 123m 5p +5p", "[666s] [888s] 999s 123m 5p +5p", id="pung-x+1A-x+2A"),
    pytest.param('groups = ["pung x-1A", "pung xA", "kong x+1A", "set any", "pair any"]',
                 "[111p] [222p] [3333p] 456m 9s +9s", "[111p] [222p] [4444p] 456m 9s +9s", id="pung-x-1A-kong-x+1A"),
    pytest.param('groups = ["pung xz", "pung x+1z", "2 set any", "pair any"]',
                 "[111z] [222z] 123m 456p 9s +9s", "[111z] [333z] 123m 456p 9s +9s", id="honours-xz-x+1z"),
    pytest.param('groups = ["pair xA", "pair x+1A", "pair x+2A", "pair xB", "pair x+1B", "pair x+2B", "pair any"]',
                 "22m33m44m22s33s44s7z +7z", "22m33m44m33s44s55s7z +7z", id="seven-pairs-x+1A"),
    pytest.param('groups = ["singles xA x+2A x+4A", "singles xB x+2B x+4B", "singles xC x+2C x+4C", '
                 '"pung any", "pair any"]',
                 "135m 135p 135s 777z 1z +1z", "135m 135p 246s 777z 1z +1z", id="singles-x+2A"),
    pytest.param('groups = ["knit-pung xABC", "knit-pung x+1ABC", "knit-pung x+2ABC", "knit-pung x+3ABC", '
                 '"pair any"]',
                 "3456m 3456p 3456s 1z +1z", "3456m 3456p 3457s 1z +1z", id="knit-x+1ABC"),
    pytest.param('groups = ["pung xA", "3 set any", "pair any"]\nrequires = ["x+1A"]',
                 "[555m] 678m 123p 789s 1z +1z", "[555m] 789m 123p 789s 1z +1z", id="requires-x+1A"),
]


@pytest.mark.parametrize(("keys", "made", "missed"), FORMS)
def test_a_new_form_matches_its_hand_and_not_the_near_miss(tmp_path, backend, keys, made, missed):
    rules = _rules(tmp_path, [("steps", keys)])
    assert mjscore.score(made, rules, self_drawn=True).special == "steps"
    try:
        near = mjscore.score(missed, rules, self_drawn=True).special
    except NotWinningError:  # a near miss of a fixed-shape hand is no hand at all
        near = None
    assert near is None


@pytest.mark.both_backends
@pytest.mark.parametrize(("keys", "made", "missed"), FORMS)
def test_the_compiled_and_reference_matchers_agree_in_bulk(tmp_path, monkeypatch, keys, made, missed):
    pytest.importorskip("mjscore.score._kernel")
    from mjscore import _backend

    rules = _rules(tmp_path, [("steps", keys)])
    hands = [mjscore.parse(h) for h in (made, missed)]
    counts = np.array([h.concealed for h in hands], dtype=np.uint8)
    melds = np.full((2, 4), 0xFF, dtype=np.uint8)
    for row, hand in enumerate(hands):
        melds[row] = list(meld_bytes(hand.melds))
    wins = [int(h.win_tile) for h in hands]
    results = {}
    for name in ("cython", "python"):
        monkeypatch.setitem(_backend.CHOSEN, "score", name)
        results[name] = mjscore.score_many(counts, rules, melds=melds, win_tile=wins, self_drawn=True,
                                           return_status=True)
    for ours, spec in zip(results["cython"], results["python"]):
        assert np.array_equal(ours, spec)
    special = results["cython"][1]
    assert special[0] == [h.id for h in rules.hands].index("steps") and special[1] != special[0]


# ------------------------------------------------------------------ what the forms compile to
def test_a_binding_that_leaves_one_to_nine_is_no_variant():
    # PATTERNS.md: "bindings that leave 1-9 are simply not variants"
    quant, _ = expand_form(0, [parse_group(t) for t in ("pung xA", "pung x+1A", "pung x+2A", "set any", "pair any")])
    lowest = {(v.requirements[0].masks[1] & -v.requirements[0].masks[1]).bit_length() - 1 for v in quant}
    assert sorted({t % 9 + 1 for t in lowest}) == [1, 2, 3, 4, 5, 6, 7]
    assert len(quant) == 7 * 3  # x from 1 to 7 in each of three suits
    for v in quant:
        pungs = [r.masks[1] for r in v.requirements[:3]]
        firsts = [m.bit_length() - 1 for m in pungs]
        assert all(m & (m - 1) == 0 for m in pungs)  # one tile each
        assert firsts[1] == firsts[0] + 1 and firsts[2] == firsts[0] + 2 and firsts[2] % 9 <= 8


def test_a_chow_named_by_a_variable_takes_x_from_one_to_seven():
    quant, _ = expand_form(0, [parse_group(t) for t in ("chow xA", "chow xB", "chow xC", "set any", "pair any")])
    made = set()
    for v in quant:
        firsts = sorted(r.masks[0].bit_length() - 1 for r in v.requirements[:3])
        assert [t // 9 for t in firsts] == [0, 1, 2] and len({t % 9 for t in firsts}) == 1  # one chow, three suits
        made.add(firsts[0] + 1)
    assert sorted(made) == [1, 2, 3, 4, 5, 6, 7]  # x, x+1, x+2: from 1-2-3 to 7-8-9


@pytest.mark.parametrize(("expression", "firsts"), [
    ("2A", [1]),                  # 2-3-4 of suit A (characters under this binding)
    ("7A", [6]),                  # 7-8-9
    ("8A", []),                   # no chow runs 8-9-10
    ("5p", [13]),                 # 5-6-7 of dots
    ("E", []),                    # an honour starts no chow
    ("x+1A", [3]),                # x = 3: 4-5-6
    ("green-s", [19]),            # a class: all three tiles in it, 2-3-4 of bamboo only
    ("123A", [0]),                # a run is a class too: 1-2-3
    ("2A|green-s", [1, 19]),      # either
])
def test_a_tile_in_a_chow_names_its_lowest_tile(expression, firsts):
    mask = chow_firsts(expression, {"A": 0, "B": 1, "C": 2}, {"x": 3, "y": 5}, (1 << 34) - 1)
    assert [t for t in range(34) if mask >> t & 1] == firsts


def test_a_set_of_one_tile_holds_its_chow_too(tmp_path, backend):
    # decided: every chow a token allows reads a tile as its lowest, so "set 5A" is a pung or
    # kong of 5 or the chow 5-6-7 (docs/rule-files.md says so); "pung/kong 5A" keeps the sets alone
    rules = _rules(tmp_path, [("fives", 'groups = ["set 5A", "3 pung any", "pair any"]')])
    assert mjscore.score("567p 111m 999s 777z 1z +1z", rules, self_drawn=True).special == "fives"
    assert mjscore.score("[555p] 111m 999s 777z 1z +1z", rules, self_drawn=True).special == "fives"
    assert mjscore.score("456p 111m 999s 777z 1z +1z", rules, self_drawn=True).special is None


def test_the_distance_to_a_hand_with_offsets(tmp_path, backend):
    rules = _rules(tmp_path, [("steps", 'groups = ["pung xA", "pung x+1A", "pung x+2A", "set any", "pair any"]')])
    assert mjscore.distances("[777s] [888s] 99s 123m 55p", rules)["steps"] == 1  # a third 9s
    # the exposed 666s stays: 666s 777s 888s, three 7s away (99s goes)
    assert mjscore.distances("[666s] [888s] 99s 123m 55p", rules)["steps"] == 3
    misses = {m.id: m for m in mjscore.near_misses("[777s] [888s] 99s 123m 55p", rules)}
    assert misses["steps"].tiles_away == 1


def test_random_hands_of_the_new_forms_score_alike_on_both_backends(tmp_path, backend):
    rules = _rules(tmp_path, [(f"form-{i}", p.values[0]) for i, p in enumerate(FORMS)
                              if "chow-xA-at-seven" not in p.id])
    counts, melds, drawn = random_special_hands(rules, 120, seed=31)
    _, found, status = mjscore.score_many(counts, rules, melds=melds, self_drawn=True, return_status=True)
    assert (status == mjscore.HandStatus.OK).all()
    assert (found >= 0).all()  # every drawn row makes a special hand
    for row in range(0, 120, 12):  # and the one it was drawn for is among those it makes
        hand = mjscore.Hand(tuple(int(c) for c in counts[row]),
                            tuple(mjscore.Meld.from_code(int(c)) for c in melds[row] if c != 0xFF))
        made = mjscore.score(hand, rules, self_drawn=True)
        assert rules.hands[drawn[row]].id in {made.special, *made.others}


# ------------------------------------------------------------------ what cannot be made
# The hand's keys, the key the error names, and words of the reason naming the pattern.
REFUSED = [
    ('groups = ["chow 8A", "3 pung any", "pair any"]', "groups",
     "'chow 8A' can never be made: no chow of '8A' (a tile in a chow names its lowest tile, which is 1-7"),
    ('groups = ["chow 9A", "3 pung any", "pair any"]', "groups", "'chow 9A' can never be made"),
    ('groups = ["chow 8p", "3 pung any", "pair any"]', "groups", "'chow 8p' can never be made"),
    ('groups = ["chow E", "3 pung any", "pair any"]', "groups", "E is not"),
    # x+7 is a tile for x = 1 or 2, but the lowest of no chow
    ('groups = ["chow x+7A", "3 pung any", "pair any"]', "groups",
     ("'chow x+7A' can never be made: no chow of 'x+7A' (a tile in a chow names its lowest tile, which is "
      "1-7 of a suit: x+7A is not, whatever the number)")),
    ('groups = ["chow xA", "pung x-8A", "2 pung any", "pair any"]', "groups",  # x = 9
     "'chow xA' can never be made"),
    ('groups = ["pung x+8A", "pung x-8A", "2 set any", "pair any"]', "groups",
     "no number x from 1 to 9 keeps every tile named with it a tile (x+8A: x is 1; x-8A: x is 9)"),
    ('groups = ["pung x+7z", "3 pung any", "pair any"]', "groups[0]",
     "'pung x+7z': no number x from 1 to 9 keeps every tile named with it a tile (x+7z: x is none)"),
    ('groups = ["singles x-8A x+8A", "singles 123456789B", "pair any", "single any"]', "groups[0]",
     "no number x from 1 to 9 keeps every tile named with it a tile (x-8A: x is 9; x+8A: x is 1)"),
    ('groups = ["pung x+9A", "3 pung any", "pair any"]', "groups[0]",
     "'x+9A': an offset is from -8 to +8"),
    ('groups = ["pung xA", "3 pung any", "pair any"]\nrequires = ["x+8A", "x-8A"]', "requires",
     "no number x from 1 to 9 keeps every tile named with it a tile (xA: x is 1 to 9; x+8A: x is 1; x-8A: x is 9)"),
    ('groups = ["pung x+8A", "pung y+8B", "2 pung any", "pair any"]', "groups",
     "no binding of the suit and number variables lets every group be made (x and y are different numbers"),
    ('groups = ["pung 2+1A", "3 pung any", "pair any"]', "groups[0]", "unknown tile or tile class '2+1A'"),
]


@pytest.mark.parametrize(("keys", "part", "reason"), REFUSED)
def test_a_form_no_tiles_make_is_a_load_error_naming_it(tmp_path, keys, part, reason):
    path = tmp_path / "mine.toml"
    path.write_text(BASE.format(name="mine") + f'[[hands]]\nid = "odd"\nlimit = 1\nsource = "test"\n{keys}\n',
                    encoding="utf-8")
    with pytest.raises(RuleSetError) as error:
        mjscore.load_rules(path)
    message = str(error.value)
    assert message.startswith(f"{path}: hands.odd.{part}:"), message
    assert reason in message, message


def test_an_offset_reads_in_a_token_and_a_bad_one_does_not():
    assert parse_group("pung x+1A").number_uses[0][:3] == ("x", 1, 9)
    assert parse_group("knit-pair y-2AB").number_uses[0][:3] == ("y", -2, 9)
    assert parse_group("pung any").variables == (set(), set())  # "any" names no variable y
    with pytest.raises(PatternError, match="offset is from -8 to"):
        parse_group("pair x-9A")


def test_jokers_stand_in_the_new_forms_as_in_any_other(tmp_path, backend):
    # PATTERNS.md, jokers: eligibility per group; a joker in a pung named by an offset, and in
    # a chow named by its lowest tile where jokers stand in chows
    path = tmp_path / "jokers.toml"
    path.write_text(BASE.format(name="jokers") + '''
[[hands]]
id = "steps"
groups = ["pung xA", "pung x+1A", "pung x+2A", "set any", "pair any"]
doubles = 1
source = "test: steps"

[[hands]]
id = "twos"
groups = ["chow 2A", "chow 2B", "chow 2C", "pung any", "pair any"]
doubles = 1
source = "test: twos"
''', encoding="utf-8")
    pungs, chows = mjscore.load_rules(path, joker_use="pungs"), mjscore.load_rules(path, joker_use="chows")
    assert mjscore.score("[777s] [888s] 99sJ 123m 5p +5p", pungs, self_drawn=True).special == "steps"
    assert mjscore.score("[666s] [888s] 99sJ 123m 5p +5p", pungs, self_drawn=True).special is None
    assert mjscore.score("234m 234p 24sJ 777z 1z +1z", chows, self_drawn=True).special == "twos"
    assert mjscore.score("234m 234p 35sJ 777z 1z +1z", chows, self_drawn=True).special is None  # 3-4-5
    with pytest.raises(NotWinningError):  # jokers in pungs only: the chow cannot hold one
        mjscore.score("234m 234p 24sJ 777z 1z +1z", pungs, self_drawn=True)
