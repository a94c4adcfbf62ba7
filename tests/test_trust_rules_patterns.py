"""Issue 30, items 6 and 7: no pattern that can never be made loads, and the gates and
pairs of seeds 000 and 001 read as the books say."""

from __future__ import annotations

from pathlib import Path

import pytest

import mjscore
from mjscore import load_rules, score
from mjscore.core.errors import NotWinningError, RuleSetError
from mjscore.rules import patterns


def _file(tmp_path: Path, body: str, name: str = "mine") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(f'name = "{name}"\nextends = "babcock"\n{body}', encoding="utf-8")
    return path


def _hand(tmp_path: Path, keys: str) -> Path:
    return _file(tmp_path, f'[[hands]]\nid = "odd"\nlimit = 1\nsource = "test"\n{keys}\n')


# ------------------------------------------------------------------ item 7
# One row per kind of pattern no 14 tiles make: the hand's keys, the key the error names,
# and words of the reason (the group where one is at fault).
NEVER = [
    ('groups = ["chow 8A", "3 pung any", "pair any"]', "groups", "'chow 8A' can never be made"),
    ('groups = ["chow 9A", "3 pung any", "pair any"]', "groups", "'chow 9A' can never be made"),
    ('groups = ["chow E", "3 pung any", "pair any"]', "groups", "'chow E' can never be made"),
    ('groups = ["chow wind", "3 pung any", "pair any"]', "groups", "'chow wind' can never be made"),
    ('groups = ["chow terminal", "3 pung any", "pair any"]', "groups", "'chow terminal' can never be made"),
    # a tile in a chow names its lowest tile (issue 31 item 6): "chow 2A" and "chow xA" are
    # hands now (tests/test_patterns_second_edition.py); what stays unmakeable is refused
    ('groups = ["chow x+7A", "3 pung any", "pair any"]', "groups", "'chow x+7A' can never be made"),
    ('groups = ["kong 1m", "pung 1m", "2 pung any", "pair any"]', "groups",
     "'pung 1m' can never be made together with 'kong 1m'"),
    ('groups = ["7 pair 1m"]', "groups", "'7 pair 1m' can never be made"),
    ('groups = ["4 pung any", "pair any"]\ntiles = "green-s"\nrequires = ["5m"]', "requires", "5m"),
    ('groups = ["4 pung green-s", "pair green-s"]\nwin-tile = "5m"', "win-tile", "winning tile"),
    ('groups = ["4 pung wind", "pair any"]\ntiles = "dragon"', "groups",
     "'4 pung wind' can never be made: no pung of 'wind' within the hand's tiles 'dragon'"),
    ('groups = ["singles 19m19p19s", "singles 2345678A", "single E"]\ntiles = "suited"', "groups",
     "'single E' can never be made"),
    ('groups = ["4 pung any", "pair any"]\nwhen = ["self-drawn"]\nunless = ["self-drawn"]', "unless",
     "'self-drawn' is also in when"),
    ('groups = ["4 chow any", "pair any"]\nmax-chows = 3', "groups", "'4 chow any' can never be made"),
    ('groups = ["4 pung wind", "pair wind"]', "groups", "'pair wind' can never be made together with"),
    # each group can be made alone, never both at once: two suits within characters
    ('groups = ["pung 5A", "pung 5B", "2 pung any", "pair any"]\ntiles = "m|z"', "groups",
     "no binding of the suit and number variables lets every group be made"),
]


@pytest.mark.parametrize(("keys", "part", "reason"), NEVER)
def test_a_hand_no_tiles_make_is_a_load_error(tmp_path, keys, part, reason):
    # PATTERNS.md, second edition: "a form that compiles to no variant ... is a load error
    # naming the hand and the group"
    with pytest.raises(RuleSetError) as error:
        load_rules(_hand(tmp_path, keys))
    message = str(error.value)
    assert message.startswith(f"{tmp_path / 'mine.toml'}: hands.odd.{part}"), message
    assert reason in message, message


@pytest.mark.parametrize(("keys", "part", "reason"), NEVER[:3])
def test_rules_check_rejects_it_too(tmp_path, run, keys, part, reason):
    code, out, err = run("rules", "check", _hand(tmp_path, keys))
    assert code != 0 and reason in out + err


@pytest.mark.parametrize(("pattern", "reason"), [
    ('["chow 8A", "3 pung any", "pair any"]', "'chow 8A' can never be made"),
    ('["kong 1m", "pung 1m", "2 pung any", "pair any"]', "together with 'kong 1m'"),
])
def test_an_item_pattern_no_tiles_make_is_a_load_error(tmp_path, pattern, reason):
    body = f'[[items]]\nid = "odd"\nwhen = ["winner"]\npattern = {pattern}\ndoubles = 1\nsource = "test"\n'
    with pytest.raises(RuleSetError, match=r"items\.odd\.pattern") as error:
        load_rules(_file(tmp_path, body))
    assert reason in str(error.value)


def test_the_check_reads_the_compiled_requirements_not_a_list_of_cases():
    # the same groups are makeable or not by what the variant's requirements allow
    pung, kong = patterns.parse_group("pung 1m"), patterns.parse_group("kong 1m")
    rest = (patterns.parse_group("2 pung any"), patterns.parse_group("pair any"))
    assert patterns.unmakeable((pung, pung.__class__(**{**_fields(pung), "tiles": "9m", "text": "pung 9m"}),
                                *rest)) is None
    assert patterns.unmakeable((kong, pung, *rest)) is not None
    quant, _ = patterns.expand_form(0, (kong, pung, *rest))
    assert quant and not any(patterns.makeable(v) for v in quant)  # compiled, yet no 14 tiles fill it


def _fields(spec: patterns.GroupSpec) -> dict[str, object]:
    return {name: getattr(spec, name) for name in spec.__dataclass_fields__}


def test_every_shipped_rule_set_loads_under_every_preset():
    for name in mjscore.rulesets():
        rules = load_rules(name)
        for preset in rules.presets:
            assert load_rules(name, preset=preset.name).hands


# ------------------------------------------------------------------ item 6
@pytest.mark.parametrize(("preset", "hand", "special"), [
    # 000:101 Terminal Gates "Allow melded (Y/N) F Yes": a chow of its run declared
    ("F", "[234p] 19m 19p 19s 3567p +8p", "terminal-gates"),
    ("F", "[345p] [678p] 19m 19p 19s 2p +2p", "terminal-gates"),
    # 000:85 Simple Gates "Allow melded (Y/N) F, AM Yes"
    ("F", "[234p] 111s 999s 3567p +8p", "simple-gates"),
    ("AM", "[345p] 111p 999p 2678p +8p", "simple-gates"),
])
def test_a_melded_gates_hand_may_declare_a_chow_of_its_run(backend, preset, hand, special):
    result = score(hand, load_rules("american", preset=preset), self_drawn=True)
    assert result.special == special


@pytest.mark.parametrize(("preset", "hand"), [
    ("AU", "[345p] 111p 999p 2678p +8p"),   # 000:85: Simple Gates is concealed under AU
    ("BR", "[234p] 19m 19p 19s 3567p +8p"),  # 000:101: Terminal Gates melded only under F
])
def test_a_concealed_gates_hand_still_may_not(backend, preset, hand):
    with pytest.raises(NotWinningError):
        score(hand, load_rules("american", preset=preset), self_drawn=True)


def test_a_near_miss_of_a_melded_gates_hand_does_not_ask_for_concealment():
    # 000:101 under F: one tile (8p) from Terminal Gates, the chow may stay declared
    misses = {m.id: m for m in mjscore.near_misses("[234p] 19m 19p 19s 3567p", load_rules("american", preset="F"))}
    assert misses["terminal-gates"].tiles_away == 1
    assert "concealed" not in misses["terminal-gates"].reason
    under_br = {m.id: m for m in mjscore.near_misses("[234p] 19m 19p 19s 3567p", load_rules("american", preset="BR"))}
    assert "concealed" in under_br["terminal-gates"].reason


@pytest.mark.parametrize(("rules", "hand_id"), [
    ("western", "dragons-breath"),                  # 001:116 "Five pairs in any one suit"
    ("american", "suit-pairs-and-honor-orphans"),   # 000 "Five pairs of one suit"
])
def test_four_alike_are_not_two_of_the_five_pairs(backend, rules, hand_id):
    made = score("1133557799m 556z +7z", rules, self_drawn=True)
    assert made.special == hand_id
    with pytest.raises(NotWinningError):
        score("1111335577m 556z +7z", rules, self_drawn=True)


def test_nor_does_the_distance_count_them_so():
    # 1111335577m 556z: four 1m are one pair of the five, so 9m 9m is still missing, and
    # RD (counting 1111m as two pairs it would be one tile away, RD)
    misses = {m.id: m for m in mjscore.near_misses("1111335577m 556z", "western")}
    assert misses["dragons-breath"].tiles_away == 3
    close = {m.id: m for m in mjscore.near_misses("113355779m 5567z", "western")}
    assert close["dragons-breath"].tiles_away == 1


# --- found by random rule files (2026-12-07) ----------------------------------------------

@pytest.mark.parametrize(("keys", "where"), [
    ('groups = ["pung 5p win", "pung 1m", "pung 9m", "pung 1z", "pair 4z"]', "hands.odd.groups"),
    ('groups = ["6 pair any", "pair 4z win"]', "hands.odd.groups"),
])
def test_a_win_mark_outside_a_fixed_hand_is_a_load_error(tmp_path, keys, where):
    """patterns.py: ``win``, "the winning tile must complete this group", is read in fixed
    hands only; a hand of sets or pairs loaded with it and matched on any winning tile."""
    with pytest.raises(RuleSetError, match=f"{where}: 'p.* 4?.*win': 'win' marks a group of a fixed hand"):
        load_rules(_hand(tmp_path, keys))


def test_a_win_mark_in_an_item_pattern_is_a_load_error(tmp_path):
    body = ('[[items]]\nid = "five"\npoints = 2\nsource = "test"\n'
            'pattern = ["pung 5p win", "3 set any", "pair any"]\n')
    with pytest.raises(RuleSetError, match="items.five.pattern: 'pung 5p win': an item's pattern takes no 'win'"):
        load_rules(_file(tmp_path, body))


def test_a_melded_group_of_a_concealed_fixed_hand_may_be_declared(tmp_path, backend):
    """hands.py: "in a fixed hand, groups marked melded may still be declared"; the hand's
    own concealed test refused any exposed meld. Near misses: another group declared, or
    the melded group declared as a kong, still rule the hand out."""
    rules = load_rules(_hand(tmp_path, 'concealed = true\n'
                                        'groups = ["pung 1m melded", "singles 2345678m", "pung 9m", "single m"]'))
    assert score("1112345678m 999m 5m", rules, win_tile="5m", self_drawn=True).special == "odd"
    assert score("2345678m 9995m [111m]", rules, win_tile="5m", self_drawn=True).special == "odd"
    assert score("2345678m 5m [999m] 111m", rules, win_tile="5m", self_drawn=True).special is None
    assert score("2345678m 9995m (1111m)", rules, win_tile="5m", self_drawn=True).special is None
    assert mjscore.distances("2345678m 9995m [111m]", rules)["odd"] == 0


def test_a_kong_the_winning_tile_completes_is_a_load_error(tmp_path):
    """A fixed hand's ``kong RD win`` loaded and never matched: a kong is declared before
    the winning tile. ``pung/kong RD win`` may still be won as the pung."""
    with pytest.raises(RuleSetError, match="'kong RD win': a kong is declared before the winning tile"):
        load_rules(_hand(tmp_path, 'groups = ["kong RD win", "singles 123456789m", "pair E"]'))
    rules = load_rules(_hand(tmp_path, 'groups = ["pung/kong RD win", "singles 123456789m", "pair E"]'))
    assert score("123456789m 77z 11z 7z", rules, win_tile="7z", self_drawn=True).special == "odd"


@pytest.mark.parametrize(("keys", "part"), [
    ('groups = ["5 pair any", "2 pair 1m"]', "groups"),        # loaded; its reverse did not
    ('groups = ["4 pung suited", "pair suited"]\nrequires = ["RD"]', "requires"),
    ('groups = ["4 set suited", "pair suited"]\nwin-tile = "E"', "win-tile"),
])
def test_a_hand_the_search_gave_up_on_is_still_refused(tmp_path, keys, part):
    """The check's search gave up after its budget of steps and let these load (a broad
    group placed first every way before a narrow one failed; a tile no group holds was
    looked for): no hand could ever name them. Narrow groups now go first."""
    with pytest.raises(RuleSetError, match=f"hands.odd.{part}"):
        load_rules(_hand(tmp_path, keys))


@pytest.mark.parametrize("marks", ["melded concealed", "concealed melded"])
def test_a_group_marked_melded_and_concealed_is_a_load_error(tmp_path, backend, marks):
    """patterns.py, modifiers: ``melded`` lets a group of a concealed fixed hand be declared,
    ``concealed`` says it never is; a group marked both loaded, and ``concealed`` decided
    without a word. Near misses: each mark alone loads and does what it says."""
    groups = 'groups = ["pung 1m {}", "singles 2345678m", "pung 9m", "single m"]'
    path = _hand(tmp_path, f"concealed = true\n{groups.format(marks)}")
    with pytest.raises(RuleSetError) as error:
        load_rules(path)
    message = str(error.value)
    assert message.startswith(f"{path}: hands.odd.groups[0]: 'pung 1m {marks}': ")
    assert "keep 'melded'" in message and "or 'concealed'" in message
    declared = "2345678m 9995m [111m]"  # the marked group declared
    for mark, made in (("melded", True), ("concealed", False)):
        rules = load_rules(_hand(tmp_path, f"concealed = true\n{groups.format(mark)}"))
        assert (score(declared, rules, win_tile="5m", self_drawn=True).special == "odd") is made
