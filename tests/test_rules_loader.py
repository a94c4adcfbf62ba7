"""The rule-set loader: shipped files, aliases, ``extends`` variants, options, broken files."""

from __future__ import annotations

import json
import tomllib
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import mjscore
from mjscore import MjscoreError, NotWinningError, RuleSetError, load_rules, rulesets, score
from mjscore.rules.facts import ATOM_CLASSES, HAND_FACTS, KIND_NAMES, PATTERN_FACT_BITS
from mjscore.rules import RULES_DIR
from mjscore.rules.loader import DOUBLES_RANGE, LIMIT_RANGE, MAX_SHARE_DENOMINATOR, POINTS_RANGE

F = "234p 567p 55s 78s +9s"  # scores nothing but going out (see test_rules_babcock.py)

SHIPPED_FILES = sorted(RULES_DIR.glob("*.toml"))

# Facts in the vocabulary that no shipped rule set names yet, and why they are kept.
DELIBERATELY_UNUSED = {
    "no-jokers": "no shipped book gives a bonus for a hand without jokers (and both play without "
                 "them by default); kept for rule files that do (test_scoring_jokers)",
    "bonus-replacement": "a loose tile after a flower or season: for the western rule set's "
                         "flower bonus; babcock and chinese-classical score only a kong's loose tile",
    "dealer": "the dealer is scored by payments (dealer pays and receives double), not by an item; "
              "kept for rule files that give the dealer points",
    "standard": "every shipped rule set accepts four sets and a pair; kept for rule files that "
                "score a hand by its shape",
    "all-terminals": "chinese-classical's All Terminals is now a special hand written as a pattern; "
                     "kept for items that score a hand of 1s and 9s",
    "four-kongs": "Fourfold Plenty is now a pattern (four kongs and a pair); kept for items",
    "no-kongs": "Buried Treasure is now a pattern (four pungs, no kong); kept for items",
    "fourth-tile": "dmjl's only possible tile no longer excludes the fourth tile of a kind (issue 31: "
                   "'never when it completes a kong', which a winning tile never does; Kajongg "
                   "agrees); kept for rule files that exclude it",
}


def raw(path: Path) -> dict:
    with path.open("rb") as handle:
        return tomllib.load(handle)


# --- the shipped rule sets ------------------------------------------------------------------

def test_shipped_rule_sets_are_listed():
    names = rulesets()
    assert {"babcock", "chinese-classical"} <= set(names)
    assert len(names) == len(set(names)) == len(SHIPPED_FILES)
    assert {raw(p)["name"] for p in SHIPPED_FILES} == set(names)


def test_the_shipped_files_are_read_once_for_their_names(monkeypatch):
    """Every load names its rule set (for its messages) from the shipped files' names and
    aliases: they are read once, not again on each load (a load of babcock parsed 19
    files before). The near miss: a cleared cache reads them again, one parse a file."""
    from mjscore.rules import loader

    parses = []
    monkeypatch.setattr(loader.tomllib, "loads", lambda text, _loads=tomllib.loads: parses.append(1) or _loads(text))
    loader._shipped_files.cache_clear()
    assert loader._named("western") == "rule set western"
    read = len(parses)
    assert read == len(list(RULES_DIR.glob("*.toml")))
    assert loader._without_shipped_paths(str(RULES_DIR / "bmja.toml")) == "rule set bmja"
    assert rulesets() == tuple(sorted(rulesets())) and len(parses) == read


@pytest.mark.parametrize("name", rulesets())
def test_every_shipped_rule_set_loads(name):
    rules = load_rules(name)
    assert rules.name == name
    assert rules.limit > 0
    assert rules.source
    ids = [entry.id for entry in (*rules.sets, *rules.items)]
    assert len(ids) == len(set(ids))
    for entry in (*rules.sets, *rules.items):
        assert entry.source.strip(), entry.id


@pytest.mark.parametrize("path", SHIPPED_FILES, ids=lambda p: p.name)
def test_every_entry_of_a_shipped_file_has_an_id_and_source(path):
    """Checked on the file itself, so entries behind an option gate are covered too."""
    table = raw(path)
    assert isinstance(table.get("source"), str) and table["source"].strip()
    ids = []
    for section in ("sets", "items", "hands"):
        for entry in table.get(section, []):
            assert isinstance(entry.get("source"), str) and entry["source"].strip(), entry
            if "option" not in entry:  # option-gated alternatives of one entry share its id
                ids.append(entry["id"])
    assert len(ids) == len(set(ids))


def _names(value) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


@pytest.mark.parametrize("path", SHIPPED_FILES, ids=lambda p: p.name)
def test_every_name_in_a_shipped_file_is_in_the_vocabulary(path):
    table = raw(path)
    for entry in table.get("items", []) + table.get("hands", []):
        for fact in _names(entry.get("when", [])) + _names(entry.get("unless", [])):
            assert fact in HAND_FACTS, (entry["id"], fact)
    for entry in table.get("sets", []):
        assert set(_names(entry["kind"])) <= set(KIND_NAMES), entry["id"]
        assert set(_names(entry.get("tiles", "any"))) <= set(ATOM_CLASSES), entry["id"]


def test_every_fact_is_used_or_deliberately_unused():
    used = set()
    for path in SHIPPED_FILES:
        for entry in raw(path).get("items", []) + raw(path).get("hands", []):
            used |= set(_names(entry.get("when", []))) | set(_names(entry.get("unless", [])))
    assert used <= set(HAND_FACTS)
    assert set(HAND_FACTS) - used <= set(DELIBERATELY_UNUSED), "a fact no rule set uses"
    assert set(DELIBERATELY_UNUSED) <= set(HAND_FACTS), "the list names a fact that is gone"


@pytest.mark.parametrize(("alias", "name"), [
    ("CC", "chinese-classical"), ("Babcock", "babcock"), ("babcock-1920", "babcock"),
    ("BABCOCK", "babcock"), ("Chinese Classical", "chinese-classical"),
])
def test_aliases(alias, name):
    assert load_rules(alias).name == name
    assert load_rules(alias) == load_rules(name)


def test_unknown_name_lists_the_shipped_ones():
    with pytest.raises(RuleSetError) as info:
        load_rules("mahjongg-1923")
    message = str(info.value)
    assert "mahjongg-1923" in message
    for name in rulesets():
        assert name in message


def test_a_loaded_rule_set_passes_through():
    rules = load_rules("babcock")
    assert load_rules(rules) is rules
    assert load_rules(rules, only_place_by_role=True).option("only-place-by-role") is True


def test_limit_override():
    rules = load_rules("babcock", limit=500)
    assert rules.limit == 500
    # all honours: 56 points x16 = 896, capped at the overridden limit
    assert score("[111z] 222z 333z 55z 66z +6z", rules).total == 500


def test_rule_set_error_is_a_value_error():
    assert issubclass(RuleSetError, MjscoreError) and issubclass(RuleSetError, ValueError)


# --- extends: a house variant of babcock ------------------------------------------------------

HOUSE = '''
extends = "babcock"
name = "house-babcock"
title = "Babcock, as played at our table"
limit = 500
remove = ["only-place", "dragon-pung"]

[options]
own-wind-exposed-doubles = true

[[sets]]
id = "exposed-pung-simples"
name = "Exposed pung of 2-8 (house: 3)"
kind = "pung"
concealed = false
tiles = "simple"
points = 3
source = "house: an exposed pung of 2-8 is worth 3"

[[items]]
id = "mah-jongg"
name = "Mah-Jongg (house: 30)"
when = ["winner"]
points = 30
source = "house: 30 for going out"

[[items]]
id = "last-discard"
name = "Mah-Jongg on the last discard"
when = ["winner", "last-discard"]
points = 10
source = "house: 10 for the last discard, like the last tile"
'''


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(HOUSE)
    return path


def test_extends_builds_the_variant(house):
    rules = load_rules(house)
    base = load_rules("babcock")
    assert (rules.name, rules.limit) == ("house-babcock", 500)
    ids = {entry.id for entry in (*rules.sets, *rules.items)}
    base_ids = {entry.id for entry in (*base.sets, *base.items)}
    assert ids == (base_ids - {"only-place", "dragon-pung"}) | {"last-discard", "own-wind-pung-exposed"}
    assert rules.item("mah-jongg").points == 30
    assert rules.option("own-wind-exposed-doubles") is True
    assert rules.payments == base.payments


@pytest.mark.parametrize(("hand", "context", "total"), [
    # replaced: the exposed pung of 2-8 is 3; going out 30. 30 + 3 = 33
    pytest.param(f"[555m] {F}", {}, 33, id="replaced items score the new values"),
    # removed: only-place. 30 + 3 = 33 (babcock: 20 + 2 + 2 = 24)
    pytest.param("[555m] 234p 567p 55s 79s +8s", {}, 33, id="removed only-place"),
    # removed: the dragon double. [666z] 4 + 30 = 34, not doubled
    pytest.param(f"[666z] {F}", {}, 34, id="removed dragon-pung"),
    # added: last discard 10. 30 + 3 + 10 = 43
    pytest.param(f"[555m] {F}", {"last_discard": True}, 43, id="added last-discard"),
    # kept: no score other than game still sees the new 30 as going out: 30 + 10
    pytest.param(f"123m {F}", {}, 40, id="no-score follows the replaced mah-jongg"),
    # the [options] change: [222z] exposed own wind for South, (30 + 4) x2 = 68
    pytest.param(f"[222z] {F}", {"seat_wind": "S"}, 68, id="option default changed in the variant"),
    # the limit: all honours, (4 + 8 + 8 + 4 + 2 + 30 + 10) = 66 x16 = 1056 -> 500 (dragon double gone: x8 = 528)
    pytest.param("[111z] 222z 333z 55z 66z +6z", {}, 500, id="limit 500 caps"),
    pytest.param(f"123m {F}", {"heaven": True, "self_drawn": True}, 500, id="heaven is the new limit"),
    pytest.param(f"123m {F}", {"earth": True, "seat_wind": "S"}, 250, id="earth is half the new limit"),
])
def test_extends_scores_accordingly(house, hand, context, total):
    assert score(hand, load_rules(house), **context).total == total


PUNGS_INSTEAD = """extends = "babcock"
name = "house-excludes"

[[items]]
id = "pungs-self-drawn"
name = "No runs, self-drawn"
when = ["winner", "no-chows", "self-drawn"]
points = 30
excludes = ["no-runs"]
source = "house: a self-drawn hand of pungs scores 30 instead of 10"
"""
NEVER_APPLIES = """
[[items]]
id = "never-{k}"
name = "Never applies {k}"
when = ["winner", "robbing-kong", "heaven"]
points = 1
excludes = ["last-tile"]
source = "house: an item that excludes another, never met"
"""


@pytest.mark.parametrize("others", [0, 5], ids=["one item excludes", "six items exclude"])
def test_an_item_replaces_the_one_it_excludes_only_when_it_applies(backend, tmp_path, others):
    """docs/rule-files.md, ``excludes``: "ids of items this one replaces when both apply".
    One excluding item, or six (the compiled fold keeps up to four apart, more in its
    per-byte tables): the same answer both ways, on both backends."""
    path = tmp_path / "house.toml"
    path.write_text(PUNGS_INSTEAD + "".join(NEVER_APPLIES.format(k=k) for k in range(others)))
    rules = load_rules(path)
    hand = "[555m] 111p 999s 777s 2z +2z"  # babcock: 8 + 4 + 8 + 2 + 20 + 2 (only place) + 10 (no runs) = 54
    counts = np.array([mjscore.parse(hand).concealed] * 2, dtype=np.uint8)
    melds = np.array([list(mjscore.rows.codec.meld_bytes(mjscore.parse(hand).melds))] * 2, dtype=np.uint8)
    by_discard = score(hand, rules)
    self_drawn = score(hand, rules, self_drawn=True)
    assert (by_discard.total, self_drawn.total) == (54, 54 + 2 - 10 + 30)
    assert {line.id for line in self_drawn.lines} >= {"pungs-self-drawn"}
    assert "no-runs" not in {line.id for line in self_drawn.lines}
    assert "no-runs" in {line.id for line in by_discard.lines}  # the near miss: it does not apply
    totals, _ = mjscore.score_many(counts, rules, melds=melds, win_tile="2z", self_drawn=np.array([False, True]))
    assert totals.tolist() == [54, 76]


def test_extends_a_variant_by_relative_path(house):
    (house.parent / "house2.toml").write_text(
        'extends = "house.toml"\nname = "house-two"\nlimit = 400\n'
        '[options]\nown-wind-exposed-doubles = false\n')
    rules = load_rules(house.parent / "house2.toml")
    assert (rules.name, rules.limit) == ("house-two", 400)
    assert rules.item("mah-jongg").points == 30
    assert score(f"[222z] {F}", rules, seat_wind="S").total == 34  # 30 + 4, no double now


def test_option_override_on_a_variant_file(house):
    rules = load_rules(house, own_wind_exposed_doubles=False)
    assert score(f"[222z] {F}", rules, seat_wind="S").total == 34


def test_an_extending_file_without_a_name_is_named_by_its_file(tmp_path):
    """loader.py, ``name``: an extending file that gives none is named by its file, so
    it is not taken for its base (it loaded as "babcock", in results and messages too)."""
    (tmp_path / "our-table.toml").write_text('extends = "babcock"\nlimit = 500\n')
    (tmp_path / "upstairs.toml").write_text('extends = "our-table.toml"\nlimit = 400\n')
    rules = load_rules(tmp_path / "our-table.toml")
    assert (rules.name, rules.limit) == ("our-table", 500)
    assert score(f"[555m] {F}", rules).rules == "our-table"
    assert load_rules(tmp_path / "upstairs.toml").name == "upstairs"  # each file of a chain its own
    # the near miss: a name given is the name
    (tmp_path / "named.toml").write_text('extends = "babcock"\nname = "house-babcock"\n')
    assert load_rules(tmp_path / "named.toml").name == "house-babcock"


@pytest.mark.parametrize("stem", ["babcock", "CC", "Western"])
def test_an_extending_file_named_like_a_shipped_set_needs_a_name(tmp_path, stem):
    """A file name that is a shipped rule set's name or alias cannot name the file's rule set."""
    path = tmp_path / f"{stem}.toml"
    path.write_text('extends = "babcock"\nlimit = 500\n')
    with pytest.raises(RuleSetError) as info:
        load_rules(path)
    message = str(info.value)
    assert f"{stem}.toml: name: an extending rule file needs its own name" in message, message
    assert "shipped rule set" in message, message
    path.write_text('extends = "babcock"\nname = "house"\nlimit = 500\n')
    assert load_rules(path).name == "house"  # the near miss: named in the file


def test_a_file_that_extends_nothing_still_needs_a_name(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text(MINIMAL.replace('name = "tiny"\n', ""))
    with pytest.raises(RuleSetError, match=r"tiny\.toml: name: expected a string"):
        load_rules(path)


# --- presets ---------------------------------------------------------------------------------

PRESETS = '''
extends = "babcock"
name = "babcock-presets"

[presets.strict]
description = "As printed"
own-wind-exposed-doubles = false

[presets.Generous]
description = "Exposed own-wind pungs double, the only place is the tile's role"
own-wind-exposed-doubles = true
only-place-by-role = true
'''


@pytest.fixture
def with_presets(tmp_path: Path) -> Path:
    path = tmp_path / "presets.toml"
    path.write_text(PRESETS)
    return path


def test_presets_are_listed_and_not_applied_by_default(with_presets):
    rules = load_rules(with_presets)
    assert [p.name for p in rules.presets] == ["strict", "Generous"]
    assert rules.presets[1].description.startswith("Exposed own-wind")
    assert rules.preset is None
    assert rules.option("own-wind-exposed-doubles") is False


def test_a_preset_sets_its_options_and_scores_accordingly(with_presets):
    rules = load_rules(with_presets, preset="generous")  # names match case-insensitively
    assert rules.preset == "Generous"
    assert rules.option("own-wind-exposed-doubles") is True
    assert rules.option("only-place-by-role") is True
    # [222z] exposed own wind for South doubles under the preset: (20 + 4) x2 = 48
    assert score(f"[222z] {F}", rules, seat_wind="S").total == 48
    assert score(f"[222z] {F}", load_rules(with_presets), seat_wind="S").total == 24


def test_keyword_options_override_the_preset(with_presets):
    rules = load_rules(with_presets, preset="generous", own_wind_exposed_doubles=False)
    assert rules.option("own-wind-exposed-doubles") is False
    assert rules.option("only-place-by-role") is True


def test_reloading_a_preset_rule_set_with_options_keeps_the_preset(with_presets):
    rules = load_rules(load_rules(with_presets, preset="generous"), limit=500)
    assert (rules.preset, rules.limit, rules.option("only-place-by-role")) == ("Generous", 500, True)


def test_presets_extend_the_base_presets(with_presets, tmp_path):
    (tmp_path / "more.toml").write_text(
        'extends = "presets.toml"\nname = "more"\n[presets.strict]\nonly-place-by-role = false\n')
    rules = load_rules(tmp_path / "more.toml")
    assert [p.name for p in rules.presets] == ["strict", "Generous"]
    assert rules.presets[0].options == (("only-place-by-role", False),)


def test_unknown_preset_names_the_known_ones(with_presets):
    with pytest.raises(RuleSetError, match=r"presets: no preset 'lenient' \(known: strict, Generous\)"):
        load_rules(with_presets, preset="lenient")


def _american_preset(tmp_path: Path, values: str) -> Path:
    path = tmp_path / f"house{len(list(tmp_path.iterdir()))}.toml"  # load_rules caches by path
    path.write_text(f'extends = "american"\nname = "house-american"\n[presets.X]\n{values}\n')
    return path


@pytest.mark.parametrize(("values", "key", "reason"), [
    pytest.param("max-chows = 7", "max-chows", "a hand has 0 to 4 runs, got 7", id="max-chows"),
    pytest.param('joker-use = "maybe"', "joker-use", "expected one of 'off', 'pungs', 'chows', 'pairs' (where "
                 "jokers may stand), got 'maybe'", id="joker-use"),
    pytest.param('mixed-suits-exceptions = ["lil", "ghost"]', "mixed-suits-exceptions", "no special hand 'ghost'",
                 id="mixed-suits-exceptions"),
    pytest.param('jade-hand = { limit = "5/2" }', "jade-hand.limit", "a share of the limit is at most 2",
                 id="a hand's limit share"),
    pytest.param('"jade-hand.points" = -1', "jade-hand.points", "cannot be negative (from 0 to 1000000), got -1",
                 id="a hand's points, by its flat name"),
    pytest.param("jade-hand = { doubles = 99 }", "jade-hand.doubles", "must be from 0 to 64", id="a hand's doubles"),
    pytest.param("jade-hand = { limit = 2, double-if-concealed = true }", "jade-hand.double-if-concealed",
                 "doubles the limit share 2: a share of the limit is at most 2", id="a double limit doubled"),
    pytest.param("double-if-concealed = true\njade-hand = { limit = 2 }", "jade-hand.double-if-concealed",
                 "doubles the limit share 2", id="doubled by the bare option name"),
])
def test_a_preset_value_out_of_range_is_a_load_error(tmp_path, values, key, reason):
    """Random rule files: a preset's value out of range loaded, and failed only when the preset
    was applied. The file now fails to load, and applying the preset gives the same error."""
    path = _american_preset(tmp_path, values)
    with pytest.raises(RuleSetError) as loading:
        load_rules(path)
    message = str(loading.value)
    assert f"{path}: presets.X.{key}: " in message and reason in message, message
    with pytest.raises(RuleSetError) as applying:
        load_rules(path, preset="X")
    assert str(applying.value) == message


def test_a_preset_with_values_in_range_loads_and_applies(tmp_path):
    path = _american_preset(tmp_path, 'max-chows = 3\njoker-use = "pungs"\nmixed-suits-exceptions = ["lil"]\n'
                                      'jade-hand = { limit = 1, double-if-concealed = true }\n'
                                      'pearl-hand = { points = 1000000, doubles = 64 }')
    assert [p.name for p in load_rules(path).presets][-1] == "X"
    rules = load_rules(path, preset="X")
    assert (rules.max_chows, rules.joker_use) == (3, mjscore.JOKERS_IN_PUNGS)
    assert rules.option("mixed-suits-exceptions") == ("lil",)
    jade, pearl = (next(h for h in rules.hands if h.id == name) for name in ("jade-hand", "pearl-hand"))
    assert (str(jade.value_for(False)), str(jade.value_for(True))) == ("limit", "2 limit")
    assert str(pearl.value_for(False)) == "64 doubles, 1000000 points"



def test_a_preset_sets_the_limit_as_the_limit_keyword_does(with_presets, tmp_path):
    """A preset's limit = 500 loaded and was dropped, applied or not: only the keyword limit=
    set the limit. It now sets it as the keyword does, which still outranks it."""
    path = tmp_path / "limited.toml"
    path.write_text('extends = "presets.toml"\nname = "limited"\n[presets.high]\nlimit = 500\n'
                    'own-wind-exposed-doubles = true\n')
    assert load_rules(path).limit == load_rules("babcock").limit == 300  # not applied: the file's
    high = load_rules(path, preset="high")
    assert (high.preset, high.limit, high.option("own-wind-exposed-doubles")) == ("high", 500, True)
    assert load_rules(path, preset="high", limit=200).limit == 200  # the keyword comes after the preset
    assert load_rules(high, only_place_by_role=True).limit == 500  # reloaded with options: the preset is kept
    assert load_rules(path, preset="strict").limit == 300  # a preset without a limit keeps the file's


@pytest.mark.parametrize(("value", "reason"), [
    ("0", "must be from 1 to"), ('"500"', "expected an integer, got '500'"), ("true", "expected an integer, got True"),
])
def test_a_preset_limit_out_of_range_is_a_load_error(tmp_path, value, reason):
    """The limit as load_rules(limit=...) takes it (LIMIT_RANGE), checked when the file loads."""
    path = tmp_path / "limited.toml"
    path.write_text(f'extends = "babcock"\nname = "limited"\n[presets.high]\nlimit = {value}\n')
    with pytest.raises(RuleSetError) as loading:
        load_rules(path)
    message = str(loading.value)
    assert f"{path}: presets.high.limit: " in message and reason in message, message
    path.write_text('extends = "babcock"\nname = "limited"\n[presets.high]\nlimit = 1\n')  # the near miss
    assert load_rules(path, preset="high").limit == 1



GATED = '''
name = "gated"
source = "a test"
limit = 100

[options]
as-printed = true
generous = false
thirteen = true
no-win-item = false
big = false

[[sets]]
id = "pung"
kind = "pung"
points = 2
source = "a pung"

[[sets]]
id = "big-pung"
kind = "pung"
points = 1000000
option = "big"
source = "a house's pung"

[[items]]
id = "win"
when = ["winner"]
points = 20
option = "not no-win-item"
source = "going out"

[[items]]
id = "self-drawn"
when = ["winner", "self-drawn"]
points = 2
option = "as-printed"
source = "as printed"

[[items]]
id = "self-drawn"
when = ["winner", "self-drawn"]
points = 4
option = "generous"
source = "a house's"

[[hands]]
id = "thirteen-orphans"
groups = ["singles 19m19p19s", "singles E S W N WD GD RD", "single terminal-or-honour"]
concealed = true
limit = 1
option = "thirteen"
source = "a limit hand"

[[hands]]
id = "calling-thirteen"
calling = ["thirteen-orphans"]
points = 10
source = "a loser's"
'''


@pytest.mark.parametrize(("values", "key", "reason"), [
    pytest.param("generous = true", "items.self-drawn", "two alternatives of this entry apply under this preset "
                 "(their option gates, 'as-printed' and 'generous', must exclude each other)", id="two alternatives"),
    pytest.param("thirteen = false", "hands.calling-thirteen.calling", "'thirteen-orphans' does not apply under "
                 "this preset (its option gate 'thirteen' leaves it out), so this hand cannot call for it",
                 id="a calling hand's target gated out"),
    pytest.param("no-win-item = true\nas-printed = false", "items", "from 1 to 64 items apply (the range the "
                 "scorer represents), got 0 under this preset", id="no item left"),
    pytest.param("big = true", "sets", "under this preset, pung, big-pung together give one group 1000002 points",
                 id="set points summing past the top"),
    pytest.param("no-win-item = true\n" + "".join(
        f'[[items]]\nid = "k{i}"\nholds = ["kong any"]\ndoubles = 1\noption = "no-win-item"\nsource = "s"\n'
        for i in range(len(PATTERN_FACT_BITS) + 1)), "items", f"at most {len(PATTERN_FACT_BITS)} items with a "
        f"pattern or holds (each is a fact of its own in the scorer's fact word), got {len(PATTERN_FACT_BITS) + 1} "
        "under this preset", id="more holds items than fact bits"),
])
def test_a_preset_whose_gates_make_no_rule_set_is_a_load_error(tmp_path, values, key, reason):
    """Option gates a preset turns (two alternatives of a hand both on, a calling hand's target
    off, no item left) loaded, and failed only at load_rules(..., preset=NAME). The file now fails
    to load naming the preset, and applying it gives the same error."""
    path = tmp_path / "gated.toml"
    path.write_text(f"{GATED}\n[presets.X]\n{values}\n")
    with pytest.raises(RuleSetError) as loading:
        load_rules(path)
    message = str(loading.value)
    assert f"{path}: presets.X: {key}: {reason}" in message, message
    with pytest.raises(RuleSetError) as applying:
        load_rules(path, preset="X")
    assert str(applying.value) == message


def test_a_preset_whose_gates_make_a_rule_set_loads_and_applies(tmp_path):
    """The near misses: the alternatives exchanged, the calling hand gated with its target, an
    item left, and a big set with no other set beside it."""
    path = tmp_path / "gated.toml"
    path.write_text(GATED.replace('points = 10\n', 'points = 10\noption = "thirteen"\n')
                    .replace('points = 2\nsource = "a pung"', 'points = 2\noption = "not big"\nsource = "a pung"')
                    + "\n[presets.X]\ngenerous = true\nas-printed = false\nthirteen = false\n"
                    "no-win-item = true\nbig = true\n")
    plain, preset = load_rules(path), load_rules(path, preset="X")
    assert [i.points for i in plain.items] == [20, 2] and [i.points for i in preset.items] == [4]
    assert [h.id for h in plain.hands] == ["thirteen-orphans", "calling-thirteen"] and preset.hands == ()
    assert [s.points for s in preset.sets] == [1000000]
    assert score(f"[555m] {F}", plain, self_drawn=True).total == 24  # 20 + 2 + 2
    assert score(f"[555m] {F}", preset, self_drawn=True).total == 100  # 1000000 + 4: the limit


def test_a_file_failing_under_its_own_options_is_not_said_of_its_presets(tmp_path):
    """Where the file's own options fail alike, the error is the file's (under its own key), and
    options that mend it still load it, as before."""
    path = tmp_path / "gated.toml"
    path.write_text(GATED.replace("generous = false", "generous = true") + "\n[presets.X]\nbig = false\n")
    with pytest.raises(RuleSetError) as loading:
        load_rules(path)
    assert f"{path}: items.self-drawn: two alternatives of this entry apply under these options" in \
        str(loading.value), str(loading.value)
    assert [i.points for i in load_rules(path, generous=False).items] == [20, 2]


# --- broken files -------------------------------------------------------------------------

MINIMAL = '''
name = "tiny"
source = "a test"
limit = 100

[options]
flag = true
count = 3

[[sets]]
id = "pung"
kind = "pung"
points = 2
source = "a pung"

[[items]]
id = "win"
when = ["winner"]
points = 20
source = "going out"
'''


def test_minimal_file_loads_and_scores(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text(MINIMAL)
    rules = load_rules(path)
    assert (rules.name, rules.limit) == ("tiny", 100)
    assert score(f"[555m] {F}", rules).total == 22  # 20 + 2
    assert score(f"[555m] {F}", rules).total == score(f"[555m] {F}", str(path)).total


HOLDS = MINIMAL + '''
[[sets]]
id = "kong"
kind = "kong"
points = 8
source = "a kong"

[[items]]
id = "two-kongs"
holds = ["2 kong any"]
doubles = 1
source = "a test: a double for two kongs or more, any player"
'''


@pytest.mark.parametrize(("hand", "winner", "total"), [
    pytest.param("[1111m] [2222p] 345s 678s 9s +9s", True, (20 + 8 + 8) * 2, id="earns: a winner's two kongs"),
    pytest.param("[1111m] [2222p] [3333s] 45s", False, (8 + 8 + 8) * 2, id="earns: three kongs hold two"),
    pytest.param("[1111m] [222p] 345s 678s 9s +9s", True, 20 + 8 + 2, id="near miss: a kong and a pung"),
    pytest.param("[1111m] 2222p 45s", False, 8 + 2, id="near miss: four alike in the hand is a pung"),
])
def test_holds_counts_groups_for_every_player(tmp_path, hand, winner, total):
    """docs/rule-files.md: an item's ``holds`` (groups held at least), winner or not."""
    path = tmp_path / "holds.toml"
    path.write_text(HOLDS)
    assert score(hand, load_rules(path), winner=winner).total == total


def _holds_file(tmp_path: Path, clauses: list[str]) -> Path:
    path = tmp_path / f"holds{len(list(tmp_path.iterdir()))}.toml"  # load_rules caches by path
    path.write_text(MINIMAL + f'[[items]]\nid = "held"\nholds = {json.dumps(clauses)}\ndoubles = 1\n'
                    'source = "a test"\n')
    return path


@pytest.mark.parametrize(("clauses", "reason"), [
    pytest.param(["4 pung/kong dragon"], "'4 pung/kong dragon': 4 groups of dragons, each of another kind",
                 id="four dragon pungs"),
    pytest.param(["4 pair dragon"], "'4 pair dragon': 4 groups of dragons", id="four dragon pairs"),
    pytest.param(["2 pung/kong dragon", "2 pair dragon"], "'2 pung/kong dragon', '2 pair dragon': 4 groups "
                 "of dragons, each of another kind (no two pungs, kongs or pairs of a hand are of one tile), "
                 "but there are 3 kinds of dragon", id="two dragon pungs and two dragon pairs"),
    pytest.param(["3 pung/kong wind", "2 pair wind"], "5 groups of winds, each of another kind (no two pungs, "
                 "kongs or pairs of a hand are of one tile), but there are 4 kinds of wind",
                 id="three wind pungs and two wind pairs"),
    pytest.param(["3 pung/kong dragon", "2 pung/kong wind"], "'3 pung/kong dragon', '2 pung/kong wind': "
                 "5 sets, but a hand holds at most four", id="five honour pungs"),
    pytest.param(["2 chow any", "3 pung/kong any"], "5 sets, but a hand holds at most four",
                 id="two chows and three pungs"),
])
def test_holds_more_groups_of_a_class_than_it_has_tiles(tmp_path, clauses, reason):
    """Random rule files: an item holding four dragon pungs loaded, and never applied (no two
    pungs, kongs or pairs of a reading are of one tile; a hand holds four sets at most)."""
    with pytest.raises(RuleSetError) as info:
        load_rules(_holds_file(tmp_path, clauses))
    message = str(info.value)
    assert ": items.held.holds: " in message and reason in message, message
    assert message.endswith("so this item could never apply"), message


@pytest.mark.parametrize("clauses", [
    ["3 pung/kong dragon"], ["3 pair dragon"], ["2 pung/kong dragon", "pair dragon"],
    ["3 pung/kong wind", "pair wind"], ["4 pair wind"], ["2 pung/kong dragon", "2 pung/kong wind"],
    ["2 chow any", "2 pung/kong any"], ["4 pung/kong any", "3 pung/kong dragon"], ["4 kong any", "4 pung/kong any"],
])
def test_holds_up_to_what_a_hand_can_hold_loads(tmp_path, clauses):
    """The near misses: as many groups of a class as it has tiles (pungs of dragons among
    the pungs of any tile, kongs among pungs)."""
    assert load_rules(_holds_file(tmp_path, clauses)).item("held").holds_text == tuple(clauses)


def test_holds_three_dragon_pairs_applies_to_a_loser(tmp_path):
    rules = load_rules(_holds_file(tmp_path, ["3 pair dragon"]))
    assert score("55z 66z 77z 111m 456m 9p", rules, winner=False).total == 4  # a pung's 2, doubled
    assert score("55z 66z 7z 111m 456m 19p", rules, winner=False).total == 2  # the near miss: two pairs


def _hand_file(tmp_path: Path, keys: str) -> Path:
    path = tmp_path / f"hand{len(list(tmp_path.iterdir()))}.toml"  # load_rules caches by path
    path.write_text(MINIMAL + f'[[hands]]\nid = "h"\nlimit = 1\nsource = "a test"\n{keys}\n')
    return path


@pytest.mark.parametrize(("keys", "reason"), [
    pytest.param('groups = ["4 pung dragon", "pair any"]', "'4 pung dragon' can never be made: 4 pungs of "
                 "'dragon', but 'dragon' has 3 kinds of tile, and no two of them can be of one tile",
                 id="four dragon pungs"),
    pytest.param('groups = ["4 kong dragon", "pair any"]', "'4 kong dragon' can never be made: 4 kongs of "
                 "'dragon', but 'dragon' has 3 kinds of tile", id="four dragon kongs"),
    pytest.param('groups = ["4 pair dragon", "3 pair any"]', "4 pairs of 'dragon', but 'dragon' has 3 kinds "
                 "of tile, and the pairs of a token are of different tiles", id="four different dragon pairs"),
    pytest.param('groups = ["7 pair dragon"]\npairs = "kong-as-two"', "7 pairs of 'dragon', but 'dragon' has "
                 "3 kinds of tile, and four alike count as two pairs, no more", id="seven dragon pairs"),
    pytest.param('groups = ["5 single wind", "3 pung any"]', "5 singles of 'wind', but 'wind' has 4 kinds",
                 id="five different winds"),
    pytest.param('groups = ["2 pung/kong dragon-A", "2 pung any", "pair any"]', "2 groups of 'dragon-A', but "
                 "'dragon-A' has 1 kind of tile", id="two pungs of a suit's dragon"),
    pytest.param('groups = ["4 pung/kong honour", "pair any"]\ntiles = "dragon|m"', "4 groups of 'honour', "
                 "but 'honour' has 3 kinds of tile, and no two of them can be of one tile (six of it) within "
                 "the hand's tiles 'dragon|m'", id="four honour pungs within dragons"),
])
def test_a_special_hand_with_more_groups_of_a_class_than_it_has_tiles(tmp_path, keys, reason):
    """Said as such: "'4 pung dragon' can never be made (at most four of a tile)" was all the
    load error said."""
    with pytest.raises(RuleSetError) as info:
        load_rules(_hand_file(tmp_path, keys))
    message = str(info.value)
    assert ": hands.h.groups: " in message and reason in message, message


@pytest.mark.parametrize("keys", [
    'groups = ["3 pung dragon", "chow any", "pair any"]',
    'groups = ["4 pung/kong wind", "pair dragon"]',
    'groups = ["4 pair dragon", "3 pair any"]\npairs = "kong-as-two"',  # four red dragons as two pairs
    'groups = ["3 pair dragon", "4 pair any"]',
    'groups = ["4 single wind", "single dragon", "3 pung any"]',
    'groups = ["3 pung/kong honour", "chow any", "pair any"]\ntiles = "dragon|m"',
])
def test_a_special_hand_with_as_many_groups_of_a_class_as_it_has_tiles_loads(tmp_path, keys):
    assert load_rules(_hand_file(tmp_path, keys)).hands

def edit(old: str, new: str) -> str:
    assert old in MINIMAL
    return MINIMAL.replace(old, new, 1)


def hand_with(limit: str) -> str:
    """The minimal file with a special hand worth ``limit = <limit>`` (TOML text)."""
    return MINIMAL + f'[[hands]]\nid = "h"\nwhen = ["heaven"]\nlimit = {limit}\nsource = "s"\n'


BROKEN = [
    pytest.param(MINIMAL + '[presets.p]\nflg = true\n', "presets.p.flg", "no such option",
                 id="preset sets an unknown option"),
    pytest.param(MINIMAL + '[presets.p]\nflag = 1\n', "presets.p.flag", "expected true or false",
                 id="preset option of the wrong type"),
    pytest.param(MINIMAL + '[presets.p]\ndescription = 3\n', "presets.p.description", "expected a string",
                 id="preset description not a string"),
    pytest.param('presets = 3\n' + MINIMAL, "presets", "expected a table", id="presets not a table"),
    # (file text, the key the message names, words of the reason)
    pytest.param('colour = "red"\n' + MINIMAL, "colour", "unknown key", id="unknown top-level key"),
    pytest.param(edit('points = 2\n', 'points = 2\npionts = 2\n'), "sets.pung.pionts", "unknown key",
                 id="unknown set key"),
    pytest.param(edit('points = 20\n', 'points = 20\nwen = ["winner"]\n'), "items.win.wen", "unknown key",
                 id="unknown item key"),
    pytest.param(edit('kind = "pung"', 'kind = "quint"'), "sets.pung.kind", "unknown kind 'quint'",
                 id="unknown kind"),
    pytest.param(edit('kind = "pung"', 'kind = ["pung", "quad"]'), "sets.pung.kind", "unknown kind 'quad'",
                 id="unknown kind in a list"),
    pytest.param(edit('kind = "pung"\n', ''), "sets.pung.kind", "missing", id="missing kind"),
    pytest.param(edit('kind = "pung"', 'kind = "pung"\ntiles = "flowers"'), "sets.pung.tiles",
                 "unknown tile class 'flowers'", id="unknown tile class"),
    pytest.param(edit('kind = "pung"', 'kind = "pung"\nconcealed = "yes"'), "sets.pung.concealed",
                 "expected true or false", id="concealed not a bool"),
    pytest.param(edit('when = ["winner"]', 'when = ["winer"]'), "items.win.when", "unknown fact 'winer'",
                 id="unknown fact in when"),
    pytest.param(edit('when = ["winner"]', 'when = ["winner"]\nunless = ["lucky"]'), "items.win.unless",
                 "unknown fact 'lucky'", id="unknown fact in unless"),
    pytest.param(edit('points = 2\n', 'points = "2"\n'), "sets.pung.points", "expected an integer",
                 id="points as a string"),
    pytest.param(edit('points = 2\n', 'points = true\n'), "sets.pung.points", "expected an integer",
                 id="points as a bool, not an int"),
    pytest.param(edit('points = 20\n', 'doubles = 1.5\n'), "items.win.doubles", "expected an integer",
                 id="doubles as a float"),
    pytest.param(hand_with('"1/0"'), "hands.h.limit", "fraction",
                 id="limit share 1/0"),
    pytest.param(hand_with('"-1/2"'), "hands.h.limit", "positive",
                 id="negative limit share"),
    pytest.param(hand_with('0'), "hands.h.limit", "positive", id="zero limit share"),
    pytest.param(hand_with('"5/2"'), "hands.h.limit",
                 "a share of the limit is at most 2 (a \"Double Limit\" hand scores twice the limit; "
                 "no rule book goes higher), got '5/2'",
                 id="limit share above 2"),
    pytest.param(hand_with('3'), "hands.h.limit", "at most 2", id="limit share 3"),
    pytest.param(hand_with('2.0000001'), "hands.h.limit", "at most 2",
                 id="limit share a float just above 2"),
    pytest.param(hand_with('"half"'), "hands.h.limit", "fraction",
                 id="limit share not a number"),
    # numbers the scorer cannot represent (see test_numbers_at_the_edges_* below)
    pytest.param(edit('points = 2\n', 'points = 3000000000\n'), "sets.pung.points",
                 "must be from 0 to 1000000 (the range the scorer represents), got 3000000000",
                 id="set points past int32"),
    pytest.param(edit('points = 2\n', 'points = 1000001\n'), "sets.pung.points", "got 1000001",
                 id="set points one past the top"),
    pytest.param(edit('points = 20\n', 'points = 1000001\n'), "items.win.points",
                 "must be from 0 to 1000000", id="item points one past the top"),
    pytest.param(edit('points = 2\n', 'points = 2\ndoubles = 65\n'), "sets.pung.doubles",
                 "must be from 0 to 64", id="set doubles one past the top"),
    pytest.param(edit('points = 20\n', 'doubles = 65\n'), "items.win.doubles", "must be from 0 to 64",
                 id="item doubles one past the top"),
    pytest.param(edit('points = 20\n', 'doubles = -1\n'), "items.win.doubles",
                 "cannot be negative (from 0 to 64), got -1", id="negative doubles"),
    pytest.param(edit('points = 20\n', 'points = -90\n'), "items.win.points",
                 "cannot be negative (from 0 to 1000000), got -90", id="negative item points"),
    pytest.param(edit('points = 2\n', 'points = -2\n'), "sets.pung.points",
                 "cannot be negative (from 0 to 1000000), got -2", id="negative set points"),
    pytest.param(MINIMAL + '[[items]]\nid = "win"\nwhen = ["winner"]\nsource = "s"\n', "items.win",
                 "duplicate id", id="duplicate item id"),
    pytest.param(MINIMAL + '[[sets]]\nid = "pung"\nkind = "pung"\nsource = "s"\n', "sets.pung",
                 "duplicate id", id="duplicate set id"),
    pytest.param(edit('limit = 100', 'limit = 1000000001'), "limit", "must be from 1 to 1000000000",
                 id="limit one past the top"),
    pytest.param(edit('limit = 100', 'limit = 9223372036854775807'), "limit", "must be from 1 to 1000000000",
                 id="limit the largest TOML integer"),
    pytest.param(hand_with('0.1'), "hands.h.limit", "denominator of at most 1000000",
                 id="limit share 0.1 (a binary fraction with a huge denominator)"),
    pytest.param(hand_with('"1/1000001"'), "hands.h.limit",
                 "denominator of at most 1000000", id="limit share denominator one past the top"),
    pytest.param(MINIMAL + '[[sets]]\nid = "any-pung"\nkind = "pung"\npoints = 1000000\nsource = "s"\n',
                 "sets", "pung, any-pung together give one group 1000002 points; at most 1000000",
                 id="set points that sum past the top for one group"),
    pytest.param(MINIMAL + ''.join(f'[[sets]]\nid = "d{i}"\nkind = "pair"\ndoubles = 64\nsource = "s"\n'
                                   for i in range(2)),
                 "sets", "d0, d1 together give one group 128 doubles; at most 64",
                 id="set doubles that sum past the top for one group"),
    pytest.param(MINIMAL.split("[[items]]")[0], "items", "from 1 to 64 items apply", id="no items"),
    pytest.param(MINIMAL + ''.join(f'[[items]]\nid = "i{i}"\nwhen = ["winner"]\nsource = "s"\n'
                                   for i in range(64)), "items", "got 65", id="65 items"),
    pytest.param(edit('source = "a pung"\n', ''), "sets.pung.source", "expected a string",
                 id="missing source on a set"),
    pytest.param(edit('source = "going out"\n', ''), "items.win.source", "expected a string",
                 id="missing source on an item"),
    pytest.param(edit('id = "win"', 'id = "pung"'), "items.pung", "duplicate id", id="duplicate id"),
    pytest.param(edit('id = "pung"\n', ''), "sets[0].id", "expected a string", id="missing id"),
    pytest.param(edit('points = 20\n', 'points = 20\nexcludes = ["ghost"]\n'), "items.win.excludes",
                 "no item 'ghost'", id="excludes an unknown id"),
    pytest.param(edit('points = 2\n', 'points = 2\noption = "ghost"\n'), "sets.pung.option",
                 "no option named 'ghost'", id="option gate names an unknown option"),
    pytest.param(edit('points = 2\n', 'points = 2\noption = "not count"\n'), "sets.pung.option",
                 "not true/false", id="option gate names a non-boolean option"),
    pytest.param(edit('points = 20\n', 'points = 20\nwin-tile = "9z"\n'), "items.win.win-tile", "9z",
                 id="win-tile not a tile"),
    pytest.param(edit('count = 3', 'count = 1.5'), "options.count", "expected", id="option value a float"),
    pytest.param(edit('limit = 100', 'limit = -5'), "limit", "cannot be negative (from 1 to 1000000000), got -5",
                 id="negative limit"),
    pytest.param(edit('limit = 100', 'limit = "300"'), "limit", "expected an integer", id="limit a string"),
    pytest.param(edit('limit = 100\n', ''), "limit", "expected an integer", id="missing limit"),
    pytest.param('shapes = ["nine-gates"]\n' + MINIMAL, "shapes", "unknown shape 'nine-gates'",
                 id="unknown shape"),
    pytest.param(MINIMAL + '[payments]\nscheme = "dutch"\n', "payments.scheme", "unknown scheme 'dutch'",
                 id="bad payments scheme"),
    pytest.param(MINIMAL + '[payments]\nscheme = "classical"\ndealer-doubles = true\n',
                 "payments.dealer-doubles", "unknown key", id="bad payments key"),
    pytest.param(MINIMAL + '[payments]\nscheme = "chart"\n', "payments.chart", "missing",
                 id="payments chart missing"),
    pytest.param('extends = "no-such-base"\n' + MINIMAL, "extends", "no rule set or file named 'no-such-base'",
                 id="extends a missing base"),
    pytest.param('extends = "babcock"\nremove = ["ghost"]\n' + MINIMAL, "remove", "no set, item or hand 'ghost'",
                 id="removes an id the base lacks"),
    pytest.param('limit = 200\n' + MINIMAL, "", "not valid TOML", id="invalid TOML: key twice"),
    pytest.param(edit('limit = 100', 'limit = = 100'), "", "not valid TOML", id="invalid TOML syntax"),
    pytest.param(edit('when = ["winner"]', 'holds = ["2 chow dragon"]'), "items.win.holds",
                 "can be counted as chow any", id="holds counts a group no counter keeps"),
    pytest.param(edit('when = ["winner"]', 'holds = ["pung/kong dragon concealed"]'), "items.win.holds",
                 "can be counted as", id="holds asks for concealment"),
    pytest.param(edit('when = ["winner"]', 'holds = ["2 pung/kong wind", "3 pung/kong wind"]'),
                 "items.win.holds", "could never apply", id="holds more wind sets than a hand has"),
    pytest.param(edit('when = ["winner"]', 'holds = ["2 pong dragon"]'), "items.win.holds",
                 "unknown group kind 'pong'", id="holds names an unknown kind"),
    pytest.param(MINIMAL + "".join(f'[[items]]\nid = "k{i}"\nholds = ["kong any"]\ndoubles = 1\nsource = "s"\n'
                                   for i in range(len(PATTERN_FACT_BITS) + 1)),
                 "items", f"at most {len(PATTERN_FACT_BITS)} items with a pattern or holds",
                 id="more holds items than fact bits"),
]


@pytest.mark.parametrize(("text", "key", "reason"), BROKEN)
def test_broken_file(tmp_path, text, key, reason):
    path = tmp_path / "broken.toml"
    path.write_text(text)
    with pytest.raises(RuleSetError) as info:
        load_rules(path)
    message = str(info.value)
    assert "broken.toml" in message, message
    assert f": {key}:" in message or not key, message
    assert reason in message, message


# --- gaps closed by issue 12 item 2 ------------------------------------------------------------

@pytest.mark.parametrize("section, entry", [
    ("items", '[[items]]\nid = "mah-jongg"\nwhen = ["winner"]\npoints = {points}\nsource = "house"\n'),
    ("sets", '[[sets]]\nid = "dragon-pung"\nkind = "pung"\ntiles = "dragon"\npoints = {points}\n'
             'source = "house"\n'),
])
def test_an_id_twice_in_an_extending_file(tmp_path, section, entry):
    # the docs promise a RuleSetError; the merge used to keep the last one silently
    path = tmp_path / "child.toml"
    path.write_text('extends = "babcock"\nname = "child"\n\n' + entry.format(points=30)
                    + "\n" + entry.format(points=40))
    with pytest.raises(RuleSetError, match=rf"child\.toml: {section}\.[a-z-]+: duplicate id"):
        load_rules(path)
    path.write_text('extends = "babcock"\nname = "child"\n\n' + entry.format(points=30))
    assert load_rules(path).name == "child"  # once is a replacement of the base's entry


def test_an_id_twice_in_a_base_names_the_base(tmp_path):
    (tmp_path / "base.toml").write_text(MINIMAL + '[[items]]\nid = "win"\nwhen = ["winner"]\nsource = "s"\n')
    (tmp_path / "child.toml").write_text('extends = "base.toml"\nname = "child"\n')
    with pytest.raises(RuleSetError, match=r"base\.toml: items\.win: duplicate id"):
        load_rules(tmp_path / "child.toml")


def test_a_limit_share_above_two_in_an_extending_file(tmp_path):
    # issue 12: limit = "3/2" scored 450 under a limit of 300, when shares stopped at 1;
    # issue 9 allows "Double Limit" (001), so the edge is now 2
    path = tmp_path / "child.toml"
    path.write_text('extends = "babcock"\nname = "child"\n\n[[hands]]\nid = "heaven"\n'
                    'when = ["heaven"]\nlimit = "5/2"\nsource = "house"\n')
    with pytest.raises(RuleSetError, match=r"child\.toml: hands\.heaven\.limit: a share of the limit "
                                           r"is at most 2 .*got '5/2'"):
        load_rules(path)


@pytest.mark.parametrize("limit", [300, LIMIT_RANGE[1]])
def test_a_double_limit_hand_scores_twice_the_limit_on_both_backends(backend, tmp_path, limit):
    # 001 "Double Limit" (Imperial Jade, Numbers Racket, ...): limit = 2 scores exactly twice
    # the limit in score() and score_many(); at the largest limit, 2 x 10**9 still fits int32
    path = tmp_path / "double.toml"
    path.write_text(MINIMAL.replace("limit = 100", f"limit = {limit}")
                    + '[[hands]]\nid = "double"\nwhen = ["heaven"]\nlimit = 2\nsource = "s"\n')
    rules = load_rules(path)
    assert rules.hand("double").value.limit == 2
    assert _heaven_everywhere(rules) == (2 * limit, 2 * limit, 0, mjscore.HandStatus.OK)
    assert score(HEAVEN, rules, win_tile="1z", heaven=True, self_drawn=True).limit == 2


def test_negative_points_in_an_extending_file(tmp_path):
    # issue 12: a total of -90, which settle() then rejected
    path = tmp_path / "child.toml"
    path.write_text('extends = "babcock"\nname = "child"\n\n[[items]]\nid = "mah-jongg"\n'
                    'when = ["winner"]\npoints = -90\nsource = "house"\n')
    with pytest.raises(RuleSetError, match=r"child\.toml: items\.mah-jongg\.points: cannot be negative"):
        load_rules(path)


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16"])
def test_a_rule_file_that_is_not_utf8(tmp_path, encoding):
    path = tmp_path / "accents.toml"
    path.write_bytes(MINIMAL.replace('source = "a test"', 'source = "r\u00e8gles de la maison"').encode(encoding))
    with pytest.raises(RuleSetError, match=r"accents\.toml: line \d+: not UTF-8 text \(byte 0x[0-9a-f]{2}\); "
                                           r"save the rule file as UTF-8"):
        load_rules(path)


def test_a_non_utf8_file_names_its_line(tmp_path):
    path = tmp_path / "accents.toml"
    path.write_bytes(MINIMAL.replace('source = "a test"', 'source = "r\u00e8gles"').encode("latin-1"))
    line = 1 + MINIMAL.splitlines().index('source = "a test"')
    with pytest.raises(RuleSetError, match=rf": line {line}: not UTF-8 text \(byte 0xe8\)"):
        load_rules(path)
    path.write_bytes(MINIMAL.replace('source = "a test"', 'source = "r\u00e8gles"').encode("utf-8"))
    assert load_rules(path).source == "r\u00e8gles"


def test_rules_check_reports_a_non_utf8_file(run, tmp_path):
    path = tmp_path / "accents.toml"
    path.write_bytes(MINIMAL.replace('source = "a test"', 'source = "r\u00e8gles"').encode("latin-1"))
    code, out, err = run("rules", "check", path)
    assert code != 0 and "accents.toml: line 3: not UTF-8 text" in err
    assert "Traceback" not in err + out and "UnicodeDecodeError" not in err + out


def test_extends_loop_between_two_files(tmp_path):
    (tmp_path / "a.toml").write_text('extends = "b.toml"\nname = "a"\n')
    (tmp_path / "b.toml").write_text('extends = "a.toml"\nname = "b"\n')
    with pytest.raises(RuleSetError, match=r"[ab]\.toml: extends: .*loops"):
        load_rules(tmp_path / "a.toml")


def test_extends_itself(tmp_path):
    (tmp_path / "self.toml").write_text('extends = "self.toml"\nname = "self"\n')
    with pytest.raises(RuleSetError, match=r"self\.toml: extends: .*loops"):
        load_rules(tmp_path / "self.toml")


def test_broken_base_names_the_base_file(tmp_path):
    (tmp_path / "base.toml").write_text('colour = "red"\n' + MINIMAL)
    (tmp_path / "child.toml").write_text('extends = "base.toml"\nname = "child"\n')
    with pytest.raises(RuleSetError, match=r"base\.toml: colour: unknown key"):
        load_rules(tmp_path / "child.toml")


def test_unreadable_path(tmp_path):
    with pytest.raises(RuleSetError, match="missing.toml"):
        load_rules(tmp_path / "missing.toml")


@pytest.mark.parametrize(("options", "key", "reason"), [
    pytest.param({"nope": True}, "options.nope", "no such option", id="unknown option override"),
    pytest.param({"own_wind_exposed_doubles": "yes"}, "options.own-wind-exposed-doubles",
                 "expected true or false", id="wrong-typed option override: string for bool"),
    pytest.param({"only_place_by_role": "true"}, "options.only-place-by-role", "expected true or false",
                 id="wrong-typed option override: the string 'true' for bool"),
    pytest.param({"limit": "300"}, "limit", "expected an integer", id="wrong-typed limit override"),
    pytest.param({"limit": 0}, "limit", "must be from 1 to 1000000000", id="zero limit override"),
    pytest.param({"limit": 2**31}, "limit", "must be from 1 to 1000000000 (the range the scorer represents), "
                 "got 2147483648", id="limit 2**31: past int32"),
    pytest.param({"limit": 2**62}, "limit", "got 4611686018427387904", id="limit 2**62"),
    pytest.param({"limit": 1_000_000_001}, "limit", "must be from 1 to 1000000000", id="limit one past the top"),
    pytest.param({"only_place_by_role": {True}}, "options", "true/false", id="unhashable option value"),
    pytest.param({"only_place_by_role": [True]}, "options.only-place-by-role", "expected true or false",
                 id="a list for a bool option"),
])
def test_bad_option_override(options, key, reason):
    with pytest.raises(RuleSetError) as info:
        load_rules("babcock", **options)
    message = str(info.value)
    assert message.startswith("rule set babcock: ") and f": {key}:" in message and reason in message, message


@pytest.mark.parametrize(("good", "bad"), [
    pytest.param({"only_place_by_role": True}, {"only_place_by_role": 1}, id="1 after True"),
    pytest.param({"own_wind_exposed_doubles": False}, {"own_wind_exposed_doubles": 0}, id="0 after False"),
    pytest.param({"limit": 300}, {"limit": 300.0}, id="limit 300.0 after 300"),
])
def test_wrong_typed_override_is_rejected_whatever_was_loaded_before(good, bad):
    load_rules("babcock", **good)
    with pytest.raises(RuleSetError, match="^rule set babcock: "):
        load_rules("babcock", **bad)


def test_bad_option_override_on_a_file(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text(MINIMAL)
    with pytest.raises(RuleSetError, match=r"tiny\.toml: options\.nope: no such option"):
        load_rules(path, nope=True)
    with pytest.raises(RuleSetError, match=r"tiny\.toml: options\.count: expected an integer"):
        load_rules(path, count=True)
    assert load_rules(path, count=5).option("count") == 5
    assert load_rules(path, flag=False).option("flag") is False


def test_options_gate_entries(tmp_path):
    path = tmp_path / "gated.toml"
    path.write_text(edit('points = 2\n', 'points = 2\noption = "not flag"\n'))
    assert [s.id for s in load_rules(path).sets] == []
    assert [s.id for s in load_rules(path, flag=False).sets] == ["pung"]
    assert score(f"[555m] {F}", load_rules(path)).total == 20


def test_fractional_limits_are_fractions():
    rules = load_rules("babcock")
    assert rules.hand("earth").value.limit == Fraction(1, 2)
    assert rules.hand("lucky-thirteen").value.limit == Fraction(1, 3)
    assert rules.hand("heaven").value.limit == Fraction(1)


def test_score_rejects_an_unknown_rule_set():
    with pytest.raises(RuleSetError, match="babcock"):
        mjscore.score(f"[555m] {F}", "no-such-rules")


# --- a winning-hand restriction: at most N chows ---------------------------------------------

def _no_chow_rules(tmp_path, limit):
    path = tmp_path / "few-chows.toml"
    path.write_text(f'extends = "babcock"\nname = "few-chows"\nmax-chows = {limit}\n')
    return load_rules(path)


def test_max_chows_restricts_what_goes_out(tmp_path):
    rules = _no_chow_rules(tmp_path, 1)
    assert rules.max_chows == 1
    assert score("123m 111p 111s 999s 5z +5z", rules).total > 0          # one run
    with pytest.raises(NotWinningError):
        score("123m 456p 789s 111z 5z +5z", rules)                    # three runs
    # 111222333m reads as three runs or three pungs: only the pungs go out.
    pungs = score("111222333m 444p 5z +5z", _no_chow_rules(tmp_path, 0))
    assert "no-runs" in {line.id for line in pungs.lines}


def test_max_chows_in_bulk_agrees(tmp_path):
    import numpy as np

    rules = _no_chow_rules(tmp_path, 1)
    hands = ["123m111p111s999s55z", "123m456p789s111z55z", "111222333m444p55z"]
    counts = np.array([mjscore.parse_tiles(h) for h in hands], np.uint8)
    totals, _, status = mjscore.score_many(counts, rules, win_tile=31, return_status=True)
    expected = [score("123m 111p 111s 999s 5z +5z", rules).total, 0,
                score("111222333m 444p 5z +5z", rules).total]
    assert status.tolist() == [0, mjscore.HandStatus.NOT_WINNING, 0]
    assert totals.tolist() == expected


@pytest.mark.parametrize("value", [5, -1, "1", True])
def test_bad_max_chows(tmp_path, value):
    path = tmp_path / "bad.toml"
    path.write_text(f'extends = "babcock"\nname = "bad"\nmax-chows = {json.dumps(value)}\n')
    with pytest.raises(RuleSetError, match="max-chows"):
        load_rules(path)


# --- pickling ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["babcock", "chinese-classical"])
def test_a_used_rule_set_pickles_without_its_caches_and_scores_the_same(name):
    import copy
    import dataclasses
    import pickle

    import numpy as np

    rules = load_rules(name)
    rows = mjscore.rows.sample.random_scoring_rows(500, seed=21)
    columns = dict(melds=rows.melds, win_tile=rows.win_tile, self_drawn=rows.self_drawn,
                   seat_wind=rows.seat_wind, prevailing_wind=rows.prevailing_wind,
                   return_status=True)
    hands = ["123m 456p 789s 1z [777z] +1z", "111m 999p 1s [777z] [666z] +1s", "123m 456p 789s 1122z"]
    before = [score(hand, rules) for hand in hands]
    expected = mjscore.score_many(rows.counts, rules, **columns)
    assert not rules.caches.empty  # used: it caches compiled tables, which do not pickle themselves

    for copied in (pickle.loads(pickle.dumps(rules)), copy.deepcopy(rules)):
        assert copied == rules and copied is not rules and repr(copied) == repr(rules)
        assert copied.caches.empty
        assert all(np.array_equal(getattr(copied.tables, f.name), getattr(rules.tables, f.name))
                   for f in dataclasses.fields(rules.tables))
        got = mjscore.score_many(rows.counts, copied, **columns)
        for array, want in zip(got, expected, strict=True):
            np.testing.assert_array_equal(array, want)
        assert [score(hand, copied) for hand in hands] == before
        assert pickle.loads(pickle.dumps(copied)) == rules  # and again, once used


def test_replace_gives_a_rule_set_its_own_caches():
    import dataclasses

    import numpy as np

    rules = load_rules("babcock")
    counts = np.array([mjscore.parse_tiles("123m456p789s11122z")], np.uint8)
    full = mjscore.score_many(counts, rules, win_tile=27)[0][0]
    capped = dataclasses.replace(rules, limit=10)
    assert capped.caches is not rules.caches
    assert mjscore.score_many(counts, capped, win_tile=27)[0][0] == 10 < full
    assert mjscore.score_many(counts, rules, win_tile=27)[0][0] == full


# --- numbers at the edges of what the scorer represents ---------------------------------------

HEAVEN = "123m456p789s11122z"  # East's dealt hand, won on the 1z


def _heaven_everywhere(rules) -> tuple[int, int, int, int]:
    """The heaven hand's total from score(), and total, limit hand and status from score_many()."""
    import numpy as np

    counts = np.array([mjscore.parse_tiles(HEAVEN)], np.uint8)
    single = score(HEAVEN, rules, win_tile="1z", heaven=True, self_drawn=True).total
    totals, special, status = mjscore.score_many(counts, rules, win_tile="1z", heaven=True,
                                                 self_drawn=True, return_status=True)
    return single, int(totals[0]), int(special[0]), int(status[0])


@pytest.mark.parametrize("limit", [LIMIT_RANGE[0], 2, 300, LIMIT_RANGE[1] - 1, LIMIT_RANGE[1]])
def test_a_limit_hand_scores_the_limit_at_every_allowed_limit(backend, limit):
    rules = load_rules("babcock", limit=limit)
    heaven = [hand.id for hand in rules.hands].index("heaven")
    assert _heaven_everywhere(rules) == (limit, limit, heaven, mjscore.HandStatus.OK)


def test_the_issue_limits_are_refused_before_anything_scores():
    # issue 12: limit=2**31 scored -2147483648 compiled, 2147483648 in score(), OverflowError
    # in the reference; limit=2**62 scored 24 compiled
    for limit in (2**31, 2**62):
        with pytest.raises(RuleSetError, match=r"rule set babcock: limit: must be from 1 to 1000000000"):
            load_rules("babcock", limit=limit)


def _file_at_the_top(tmp_path: Path, items: int) -> Path:
    """A rule file with every number at its top: the limit, and ``items`` going-out items
    worth the most points and doubles, on top of set rules worth the most for every group."""
    lines = [f'name = "top"\nsource = "the edges"\nlimit = {LIMIT_RANGE[1]}\n']
    lines.append(f'[[sets]]\nid = "every-group"\nkind = ["chow", "pung", "kong", "pair"]\n'
                 f'points = {POINTS_RANGE[1]}\ndoubles = {DOUBLES_RANGE[1]}\nsource = "s"\n')
    lines += [f'[[items]]\nid = "i{i}"\nwhen = ["winner"]\npoints = {POINTS_RANGE[1]}\n'
              f'doubles = {DOUBLES_RANGE[1]}\nsource = "s"\n' for i in range(items)]
    path = tmp_path / "top.toml"
    path.write_text("\n".join(lines))
    return path


def test_the_largest_numbers_load(tmp_path):
    rules = load_rules(_file_at_the_top(tmp_path, 64))
    assert rules.limit == LIMIT_RANGE[1] and len(rules.items) == 64
    assert {(i.points, i.doubles) for i in rules.items} == {(POINTS_RANGE[1], DOUBLES_RANGE[1])}


@pytest.mark.parametrize("items", [4, 62])  # 64 items happen to wrap to a large positive total
def test_the_largest_numbers_score_the_limit(backend, tmp_path, items):
    # 5 groups and 4 items: 9 x 10**6 points, the fewest that a 40-bit shift overflows in int64
    rules = load_rules(_file_at_the_top(tmp_path, items))
    total, many, special, status = _heaven_everywhere(rules)
    assert (total, many, special, status) == (LIMIT_RANGE[1], LIMIT_RANGE[1], -1, mjscore.HandStatus.OK)


@pytest.mark.parametrize("items", [1, 3])
def test_large_numbers_below_the_shift_overflow_score_the_limit(backend, tmp_path, items):
    # at most 5 x 10**6 + 3 x 10**6 points: below 2**23, so even a 40-bit shift fits int64
    rules = load_rules(_file_at_the_top(tmp_path, items))
    assert _heaven_everywhere(rules) == (LIMIT_RANGE[1], LIMIT_RANGE[1], -1, mjscore.HandStatus.OK)


def test_the_smallest_limit_share_scores_on_both_backends(backend, tmp_path):
    path = tmp_path / "share.toml"
    path.write_text(MINIMAL.replace("limit = 100", f"limit = {LIMIT_RANGE[1]}").replace(
        'when = ["winner"]\npoints = 20', 'when = ["winner", "heaven"]')
        + f'[[hands]]\nid = "share"\nwhen = ["heaven"]\nlimit = "1/{MAX_SHARE_DENOMINATOR}"\nsource = "s"\n')
    rules = load_rules(path)
    assert rules.hand("share").value.limit == Fraction(1, MAX_SHARE_DENOMINATOR)
    assert _heaven_everywhere(rules) == (1000, 1000, 0, mjscore.HandStatus.OK)  # 10**9 / 10**6


def test_rules_check_reports_a_number_out_of_range(run, tmp_path):
    # issue 12: points = 3000000000 crashed `rules check` with an OverflowError traceback
    path = tmp_path / "huge.toml"
    path.write_text(MINIMAL.replace("points = 2\n", "points = 3000000000\n"))
    code, out, err = run("rules", "check", path)
    assert code != 0, out
    assert "huge.toml: sets.pung.points: must be from 0 to 1000000" in err
    assert "got 3000000000" in err and "Traceback" not in err + out and "OverflowError" not in err + out


# --- "special hands required" (001), as a key and as an option -----------------
REQUIRED_BASE = '''
name = "required"
extends = "babcock"
aliases = []
{top}
[options]
{option}
[presets.strict]
description = "special hands required"
{preset}

[[hands]]
id = "all-pungs"
groups = ["4 pung/kong any", "pair any"]
limit = "1/2"
source = "a test hand"
'''
PLAIN = "123m456p789s2z [111z] +2z"   # a hand of sets and a pair, no special hand
SPECIAL = "222m555p999s2z [111z] +2z"  # four pungs: the test's special hand


def _required_rules(tmp_path: Path, top: str = "", option: str = "", strict: str = "",
                    **options: object):
    path = tmp_path / f"required{len(list(tmp_path.iterdir()))}.toml"  # load_rules caches by path
    path.write_text(REQUIRED_BASE.format(top=top, option=option,
                                         preset=strict or 'joker-use = "off"'))
    return load_rules(path, **options)


def _goes_out(rules, hand: str) -> bool:
    try:
        return score(hand, rules).context.winner
    except NotWinningError:
        return False


def test_special_required_as_a_top_level_key_still_works(tmp_path):
    rules = _required_rules(tmp_path, top="special-required = true")
    assert rules.special_required
    assert not _goes_out(rules, PLAIN) and _goes_out(rules, SPECIAL)
    assert not _required_rules(tmp_path).special_required


@pytest.mark.parametrize(("how", "kwargs", "required"), [
    ("the option's default", {}, False),
    ("a keyword", {"special_required": True}, True),
    ("a keyword with hyphens", {"special-required": True}, True),
    ("a preset", {"preset": "strict"}, True),
    ("a keyword after the preset", {"preset": "strict", "special_required": False}, False),
])
def test_special_required_as_an_option(tmp_path, backend, how, kwargs, required):
    # 001: "some players require special hands" -- an option, so presets and keywords set it
    rules = _required_rules(tmp_path, option="special-required = false",
                            strict="special-required = true", **kwargs)
    assert rules.special_required is required, how
    assert rules.option("special-required") is required
    assert _goes_out(rules, PLAIN) is not required, how
    assert _goes_out(rules, SPECIAL)
    import numpy as np
    counts = np.array([mjscore.parse_tiles("123m456p789s2z2z111z")], np.uint8)
    _, _, status = mjscore.score_many(counts, rules, win_tile="2z", return_status=True)
    assert (status[0] == mjscore.HandStatus.OK) is not required, how


def test_the_special_required_option_overrides_the_top_level_key(tmp_path):
    rules = _required_rules(tmp_path, top="special-required = true", option="special-required = false")
    assert not rules.special_required and _goes_out(rules, PLAIN)


def test_a_special_required_option_that_is_not_true_or_false(tmp_path):
    with pytest.raises(RuleSetError, match=r"required0\.toml: options\.special-required: expected true or "
                                           r"false, got 'yes'"):
        _required_rules(tmp_path, option='special-required = "yes"')


# --- a special hand's value when concealed ----------------------------------------------------

def test_an_empty_if_concealed_table_is_a_load_error(tmp_path):
    """Random rule files: ``if-concealed = {}`` loaded, and the hand made concealed was worth
    nothing (every value key defaults to 0)."""
    with pytest.raises(RuleSetError) as info:
        load_rules(_hand_file(tmp_path, 'groups = ["4 pung any", "pair any"]\nif-concealed = {}'))
    message = str(info.value)
    assert ": hands.h.if-concealed: " in message and "empty" in message, message
    assert "points, doubles or limit" in message, message


@pytest.mark.parametrize(("keys", "concealed"), [
    pytest.param("if-concealed = { limit = 2 }", "2 limit", id="a limit share"),
    pytest.param("if-concealed = { doubles = 1 }", "1 double", id="doubles"),
    pytest.param("", "limit", id="none: the value itself"),
])
def test_an_if_concealed_table_with_a_value_loads(tmp_path, keys, concealed):
    rules = load_rules(_hand_file(tmp_path, f'groups = ["4 pung any", "pair any"]\n{keys}'))
    assert (str(rules.hands[0].value_for(False)), str(rules.hands[0].value_for(True))) == ("limit", concealed)


# --- a special hand's requires and tiles --------------------------------------------------------

@pytest.mark.parametrize(("keys", "part", "reason"), [
    pytest.param('requires = ["drgon"]', "requires", "unknown tile or tile class 'drgon'", id="requires: a class"),
    pytest.param('requires = ["RD", "GD|drgon"]', "requires", "unknown tile or tile class 'drgon'",
                 id="requires: the second"),
    pytest.param('requires = ["yB"]', "requires", "'yB' names the variable", id="requires: a variable"),
    pytest.param('tiles = "drgon|m"', "tiles", "unknown tile or tile class 'drgon'", id="tiles: a class"),
    pytest.param('tiles = "yA|honour"', "tiles", "'yA|honour' names the variable 'y', which no group binds",
                 id="tiles: a variable"),
])
def test_a_bad_requires_or_tiles_is_named_as_such(tmp_path, keys, part, reason):
    """Random rule files: a misspelt class in requires was reported "under groups", sending the
    player to the wrong key."""
    with pytest.raises(RuleSetError) as info:
        load_rules(_hand_file(tmp_path, f'groups = ["pung xA", "3 pung any", "pair any"]\n{keys}'))
    message = str(info.value)
    assert f": hands.h.{part}: " in message and reason in message, message


@pytest.mark.parametrize("keys", ['requires = ["dragon"]', 'requires = ["RD", "GD|dragon"]', 'requires = ["xA"]',
                                  'tiles = "dragon|m"', 'tiles = "A|honour"'])
def test_a_good_requires_or_tiles_loads(tmp_path, keys):
    assert load_rules(_hand_file(tmp_path, f'groups = ["pung xA", "3 pung any", "pair any"]\n{keys}')).hands


# --- a special hand's seven-pairs version, its option off ---------------------------------------

SEVEN_PAIRS_VERSION = ('groups = ["4 pung dragon|green-s", "pair green-s"]\n'
                       'options = { allow-seven-pairs = false }\nseven-pairs = {pairs}')


@pytest.mark.parametrize(("pairs", "key", "reason"), [
    pytest.param('["7 pair green-s", "pair RD"]', "seven-pairs", "the groups make 16 tiles", id="16 tiles"),
    pytest.param('["4 pair dragon", "3 pair green-s"]', "seven-pairs", "'4 pair dragon' can never be made",
                 id="four different dragon pairs"),
    pytest.param('["6 pair green-s", "pear GD"]', "seven-pairs[1]", "unknown group kind 'pear'", id="a typo"),
])
def test_a_broken_seven_pairs_version_is_a_load_error_with_its_option_off(tmp_path, pairs, key, reason):
    """Random rule files: the seven-pairs groups of a hand whose allow-seven-pairs option is
    off were not read at all, so the file loaded and failed only when a preset or a keyword
    turned the option on."""
    path = _hand_file(tmp_path, SEVEN_PAIRS_VERSION.replace("{pairs}", pairs))
    with pytest.raises(RuleSetError) as info:
        load_rules(path)
    message = str(info.value)
    assert f": hands.h.{key}: " in message and reason in message, message


def test_a_good_seven_pairs_version_loads_with_its_option_off_and_on(tmp_path):
    path = _hand_file(tmp_path, SEVEN_PAIRS_VERSION.replace("{pairs}", '["5 pair green-s", "pair GD", "pair RD"]'))
    assert len(load_rules(path).hands[0].forms) == 1
    assert len(load_rules(path, h={"allow-seven-pairs": True}).hands[0].forms) == 2
