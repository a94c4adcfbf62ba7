"""Issue 30, item 9 (the rule-set loader's part): the same validation and the same
names in the Python API as on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjscore import load_rules
from mjscore.core.errors import RuleSetError
from mjscore.rules import RULES_DIR


@pytest.mark.parametrize("options", [[("jokers", "pungs")], "jokers=pungs", 1, []])
def test_options_that_are_not_a_mapping_raise(options):
    with pytest.raises(RuleSetError, match=r"^rule set babcock: options: expected a mapping"):
        load_rules("babcock", options=options)


@pytest.mark.parametrize(("options", "keywords", "words"), [
    # 004's Lucky Thirteen option, written both ways
    ({"lucky-thirteen-exact": True, "lucky_thirteen_exact": False}, {},
     "'lucky-thirteen-exact' and 'lucky_thirteen_exact' name one option"),
    ({"lucky-thirteen-exact": True}, {"lucky_thirteen_exact": False},
     "'lucky-thirteen-exact' and 'lucky_thirteen_exact' name one option"),
    ({"joker-use": "pungs"}, {"joker-use": "off"}, "'joker-use' is given twice"),
])
def test_one_option_named_twice_raises(options, keywords, words):
    with pytest.raises(RuleSetError) as error:
        load_rules("babcock", options=options, **keywords)
    assert words in str(error.value)


def test_one_hand_option_named_twice_raises():
    # 000:9 Jade Hand "Allow melded (Y/N)", as a hand's table and as a flat name
    with pytest.raises(RuleSetError, match="name one option"):
        load_rules("american", options={"jade-hand": {"allow-melded": True}, "jade-hand.allow_melded": False})


def test_remove_naming_one_id_twice_says_so(tmp_path: Path):
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\nextends = "babcock"\nremove = ["heaven", "earth", "heaven"]\n', encoding="utf-8")
    with pytest.raises(RuleSetError, match=r"mine\.toml: remove: 'heaven' is named twice"):
        load_rules(path)


@pytest.mark.parametrize(("name", "options", "start"), [
    ("babcock", {"bogus": 1}, "rule set babcock: options.bogus: no such option"),
    ("western", {"preset": "nope"}, "rule set western: presets: no preset 'nope'"),
    ("Western Mah-Jongg", {"bogus": 1}, "rule set western: options.bogus"),  # an alias
])
def test_a_shipped_rule_set_is_named_not_its_path(name, options, start):
    with pytest.raises(RuleSetError) as error:
        load_rules(name, options=options)
    assert str(error.value).startswith(start)
    assert str(RULES_DIR) not in str(error.value) and ".toml" not in str(error.value)


def test_a_file_of_ones_own_is_still_named_by_its_path(tmp_path: Path):
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\nextends = "babcock"\n', encoding="utf-8")
    with pytest.raises(RuleSetError, match=rf"^{path}: options\.bogus"):
        load_rules(path, bogus=1)


# --- found by random rule files (2026-12-07) ----------------------------------------------

def test_an_extends_loop_through_parent_paths_is_named(tmp_path):
    """A loop naming its files through "../" was not seen as one (unresolved paths): it
    recursed until the path was too long for the system (OSError)."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.toml").write_text('name = "a"\nextends = "../sub/b.toml"\n', encoding="utf-8")
    (tmp_path / "sub" / "b.toml").write_text('name = "b"\nextends = "../sub/a.toml"\n', encoding="utf-8")
    with pytest.raises(RuleSetError, match="extends: the chain of bases loops back"):
        load_rules(tmp_path / "sub" / "a.toml")


def test_a_rule_file_edited_is_read_again(tmp_path):
    """Rule sets were kept by path alone: a file (or its base) edited and loaded again in
    the same process came back as it was."""
    base, mine = tmp_path / "base.toml", tmp_path / "mine.toml"
    base.write_text('name = "base"\nextends = "babcock"\nlimit = 300\n', encoding="utf-8")
    mine.write_text('name = "mine"\nextends = "base.toml"\n', encoding="utf-8")
    first = load_rules(mine)
    assert first.limit == 300 and load_rules(mine) is first  # unchanged: kept
    base.write_text('name = "base"\nextends = "babcock"\nlimit = 500\n', encoding="utf-8")
    assert load_rules(mine).limit == 500
    mine.write_text('name = "mine"\nextends = "base.toml"\nlimit = 1000\n', encoding="utf-8")
    assert load_rules(mine).limit == 1000


@pytest.mark.parametrize("limit", ["inf", "-inf"])
def test_an_infinite_share_of_the_limit_is_refused(tmp_path, limit):
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\nextends = "babcock"\n[[hands]]\nid = "x"\nsource = "s"\n'
                    f'limit = {limit}\ngroups = ["4 pung any", "pair any"]\n', encoding="utf-8")
    with pytest.raises(RuleSetError, match="hands.x.limit"):
        load_rules(path)


def test_remove_without_a_base_is_refused(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\nlimit = 10\nremove = ["x"]\n', encoding="utf-8")
    with pytest.raises(RuleSetError, match="remove: only a file that extends another"):
        load_rules(path)


def test_an_item_excludes_only_items(tmp_path):
    """loader.py: ``excludes`` (item ids); a set's or hand's id was taken and dropped."""
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\nextends = "babcock"\n[[items]]\nid = "x"\nwhen = ["winner"]\npoints = 2\n'
                    'excludes = ["lucky-thirteen"]\nsource = "s"\n', encoding="utf-8")
    with pytest.raises(RuleSetError, match="items.x.excludes: 'lucky-thirteen' is a set or special hand"):
        load_rules(path)
    path.write_text(path.read_text(encoding="utf-8").replace("lucky-thirteen", "no-such"), encoding="utf-8")
    with pytest.raises(RuleSetError, match="items.x.excludes: no item 'no-such'"):
        load_rules(path)


# --- [options] limit = N (review of 2027-01: an option that set nothing) ------------------

def test_a_limit_under_options_is_a_load_error_saying_where_the_limit_goes(tmp_path):
    """loader.py, ``[options]``: the limit is the top-level ``limit``, a preset's ``limit`` or
    ``load_rules(limit=...)``, never an option; ``[options] limit = 500`` loaded as an option
    that set nothing, and the rule set kept its base's limit without a word."""
    path = tmp_path / "house.toml"
    path.write_text('name = "house"\nextends = "babcock"\n[options]\nlimit = 500\n', encoding="utf-8")
    with pytest.raises(RuleSetError) as error:
        load_rules(path)
    message = str(error.value)
    assert message.startswith(f"{path}: options.limit: the limit is not an option")
    for where in ("at the top of the file", "[presets.NAME]", "load_rules(..., limit=500)"):
        assert where in message, message
    # each place the message names sets the limit
    path.write_text('name = "house"\nextends = "babcock"\nlimit = 500\n', encoding="utf-8")
    assert load_rules(path).limit == 500 != load_rules("babcock").limit
    path.write_text('name = "house"\nextends = "babcock"\n[presets.high]\nlimit = 500\n', encoding="utf-8")
    assert load_rules(path, preset="high").limit == 500 == load_rules("babcock", limit=500).limit


def test_a_limit_under_a_bases_options_names_the_base(tmp_path):
    """The message names the file that says ``[options] limit``, not the file extending it."""
    base, mine = tmp_path / "base.toml", tmp_path / "mine.toml"
    base.write_text('name = "base"\nextends = "babcock"\n[options]\nlimit = 1000\n', encoding="utf-8")
    mine.write_text('name = "mine"\nextends = "base.toml"\n', encoding="utf-8")
    with pytest.raises(RuleSetError, match=rf"^{base}: options\.limit: the limit is not an option"):
        load_rules(mine)


def test_options_stay_open_ended_but_for_the_limit(tmp_path):
    """loader.py, ``[options]``: open-ended by design, a file declares options of its own
    (gated on, set by presets and load_rules, read with RuleSet.option), so a name no gate
    uses still loads; only ``limit`` is refused (and the other names that set nothing, below)."""
    path = tmp_path / "house.toml"
    path.write_text('name = "house"\nextends = "babcock"\n[options]\nhouse-stakes = "pennies"\n'
                    '[presets.high]\nhouse-stakes = "pounds"\n', encoding="utf-8")
    assert load_rules(path).option("house-stakes") == "pennies"
    assert load_rules(path, preset="high").option("house-stakes") == "pounds"
    assert load_rules(path, house_stakes="shillings").option("house-stakes") == "shillings"


# --- [options] names that set nothing (review of 2027-01, the rest of the limit's case) -----
# Decision (loader.py docstring, docs/rule-files.md "Options and presets"): [options] stays
# open-ended, but two kinds of name there would declare an option that sets nothing and are
# load errors saying what to write instead: a top-level key of the file (save max-chows and
# special-required, which an option of that name decides), and a name with underscores whose
# hyphenated form is such a key, an option the loader reads or one the rule set declares.

def _house(tmp_path: Path, text: str, name: str = "house") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(f'name = "{name}"\nextends = "babcock"\n{text}', encoding="utf-8")
    return path


def _load_error(path: Path) -> str:
    with pytest.raises(RuleSetError) as error:
        load_rules(path)
    return str(error.value)


@pytest.mark.parametrize(("line", "write"), [
    ('claimed-kongs = "concealed"', """'claimed-kongs = "concealed"'"""),
    ("dealer-streak = 3", "'dealer-streak = 3'"),
    ("losers = false", "'losers = false'"),
    ('special-hands = "best"', """'special-hands = "best"'"""),
    ('special-value = "better"', """'special-value = "better"'"""),
    ('shapes = ["seven-pairs"]', """'shapes = ["seven-pairs"]'"""),
    ('title = "House rules"', """'title = "House rules"'"""),
])
def test_a_top_level_key_under_options_is_a_load_error_saying_to_move_it(tmp_path, line, write):
    """loader.py, ``[options]``: a top-level key written under ``[options]`` loaded as an option of
    the file's own that set nothing (``losers = false`` there left losers scoring). The message
    names the file and the key and says to write it at the top of the file, where it works."""
    key = line.partition(" =")[0]
    message = _load_error(_house(tmp_path, f"[options]\n{line}\n"))
    assert message.startswith(f"{tmp_path / 'house.toml'}: options.{key}: '{key}' is a key of the rule file "
                              "itself, not an option"), message
    assert f"write {write} at the top of the file, above the first [table] line" in message, message
    # the near miss: where the message says, the key loads (and does what it says)
    rules = load_rules(_house(tmp_path, f"{line}\n"))
    attribute = {"claimed-kongs": "claimed_concealed", "dealer-streak": "dealer_streak", "losers": "losers",
                 "special-hands": "special_hands", "special-value": "special_value"}.get(key)
    if attribute is not None:
        assert getattr(rules, attribute) != getattr(load_rules("babcock"), attribute)


@pytest.mark.parametrize(("text", "write"), [
    ('payments = { scheme = "classical" }', "write it as its own [payments] table"),
    ("[options.presets.high]\nroof-off = true", "write it as its own [presets.NAME] table"),
    ('hands = []', "write each entry as a [[hands]] table of its own"),
    ('options = { roof-off = true }', "write each option as 'name = value' directly under the [options] line"),
])
def test_a_section_of_the_file_under_options_says_how_to_write_it(tmp_path, text, write):
    """The tables and sections of the file under ``[options]`` say where they go instead."""
    message = _load_error(_house(tmp_path, f"[options]\n{text}\n"))
    assert f"{tmp_path / 'house.toml'}: options." in message and write in message, message


def test_every_top_level_key_but_the_option_ones_is_refused_under_options(tmp_path):
    """Each of the loader's top-level keys (all of them, as it lists them) set nothing under
    ``[options]``; ``max-chows`` and ``special-required`` are options too (an option of that
    name decides instead of the key, so presets set it), and still load there."""
    from mjscore.rules import loader

    for key in sorted(loader._TOP_KEYS - {"max-chows", "special-required"}):
        assert _load_error(_house(tmp_path, f"[options]\n{key} = 1\n")).startswith(
            f"{tmp_path / 'house.toml'}: options.{key}: "), key
    rules = load_rules(_house(tmp_path, "[options]\nmax-chows = 2\nspecial-required = false\n"))
    assert (rules.option("max-chows"), rules.max_chows, rules.option("special-required")) == (2, 2, False)


@pytest.mark.parametrize(("line", "what", "write"), [
    ("roof_off = true", "an option the loader reads", "'roof-off = true'"),
    ('joker_use = "pungs"', "an option the loader reads", """'joker-use = "pungs"'"""),
    ("max_chows = 3", "an option the loader reads", "'max-chows = 3'"),
    ("own_wind_exposed_doubles = true", "an option this rule set declares", "'own-wind-exposed-doubles = true'"),
])
def test_an_option_written_with_underscores_is_a_load_error_naming_its_spelling(tmp_path, line, what, write):
    """loader.py, ``[options]``: ``roof_off = true`` declared a new option ``roof_off`` that set
    nothing, while ``roof-off`` (the loader's) stayed false without a word; the same for an
    option the base declares (babcock's ``own-wind-exposed-doubles``)."""
    name = line.partition(" =")[0]
    hyphens = name.replace("_", "-")
    message = _load_error(_house(tmp_path, f"[options]\n{line}\n"))
    assert message.startswith(f"{tmp_path / 'house.toml'}: options.{name}: '{name}' would declare a new option "
                              "of its own, which sets nothing"), message
    assert f"'{hyphens}' (with hyphens, as rule-file names are written) is {what}: write {write} instead" \
        in message, message
    # the near miss: the spelling the message names loads and sets the option
    fixed = load_rules(_house(tmp_path, f"[options]\n{line.replace(name, hyphens)}\n"))
    assert fixed.option(hyphens) != dict(load_rules("babcock").options).get(hyphens)


def test_a_top_level_key_written_with_underscores_names_both_fixes(tmp_path):
    """``claimed_kongs`` under ``[options]``: the spelling and the place are both wrong."""
    message = _load_error(_house(tmp_path, '[options]\nclaimed_kongs = "concealed"\n'))
    assert message.startswith(f"{tmp_path / 'house.toml'}: options.claimed_kongs: 'claimed_kongs' is written with "
                              "underscores, but rule-file names use hyphens ('claimed-kongs')"), message
    assert """write 'claimed-kongs = "concealed"' at the top of the file""" in message, message
    assert load_rules(_house(tmp_path, 'claimed-kongs = "concealed"\n')).claimed_concealed


def test_underscores_against_the_files_own_and_its_bases_options(tmp_path):
    """An underscore name is refused against an option the file itself declares, and the
    message names the file that says it (here the base, not the file extending it). (Any
    other underscore name is refused too: see the test of an own option below.)"""
    message = _load_error(_house(tmp_path, "[options]\nhouse-stakes = 1\nhouse_stakes = 2\n"))
    assert "options.house_stakes: " in message and "an option this rule set declares" in message, message
    base = _house(tmp_path, "[options]\nroof_off = true\n", name="base")
    mine = tmp_path / "mine.toml"
    mine.write_text('name = "mine"\nextends = "base.toml"\n', encoding="utf-8")
    with pytest.raises(RuleSetError, match=rf"^{base}: options\.roof_off: "):
        load_rules(mine)


# A rule set is known by its name (Score.rules, settle, load_rules): a rule file's name and
# aliases are its own, so no file passes for a shipped rule set (loader docstring, ``name``).
@pytest.mark.parametrize(("head", "key"), [('name = "babcock"', "name"), ('name = "Babcock-1920"', "name"),
                                           ('name = "house"\naliases = ["house rules", "CC"]', "aliases")])
def test_a_rule_file_may_not_take_a_shipped_rule_sets_name(tmp_path, head, key):
    path = tmp_path / "house.toml"
    path.write_text(f'{head}\nextends = "babcock"\nlimit = 500\n')
    with pytest.raises(RuleSetError, match=rf"{key}: '.*' names the shipped rule set '(babcock|chinese-classical)'"):
        load_rules(path)


def test_a_rule_file_with_its_own_name_loads_and_answers_to_none_of_its_bases_aliases(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('name = "house-babcock"\nextends = "babcock"\nlimit = 500\n')
    rules = load_rules(path)
    assert (rules.name, rules.limit) == ("house-babcock", 500)
    assert load_rules("babcock").aliases and rules.aliases == ()


def test_an_own_option_written_with_underscores_is_refused_since_nothing_could_set_it(tmp_path):
    # loader docstring ([options]): presets and keywords read '_' as '-', so 'house_stakes' could
    # never be set; the hyphenated name is the file's own option and a keyword sets it
    path = tmp_path / "house.toml"
    path.write_text('name = "house"\nextends = "babcock"\n[options]\nhouse_stakes = 2\n')
    with pytest.raises(RuleSetError, match=r"options.house_stakes: .*write 'house-stakes = 2'"):
        load_rules(path)
    path.write_text('name = "house"\nextends = "babcock"\n[options]\nhouse-stakes = 2\n')
    assert load_rules(path, house_stakes=3).option("house-stakes") == 3
