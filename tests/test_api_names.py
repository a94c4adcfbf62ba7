"""One meaning per name (issue 29, item 3): ``jokers=`` counts jokers, ``joker_use=``
says where they may stand; one group-kind vocabulary; one name per job."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import mjscore
from mjscore import InvalidHandError, RuleSetError, load_rules, parse_tiles

EXAMPLE = "123m 456p 789s 11z 55z J"  # complete with the joker in a pung of 5z


def test_an_int_jokers_is_a_count_never_a_joker_use(backend: str) -> None:
    # the example: 2 once read as JokerUse.CHOWS and answered False
    with pytest.raises(InvalidHandError, match=r"jokers=2 is a count of jokers.*joker_use="):
        mjscore.is_complete(EXAMPLE, jokers=2)
    assert mjscore.is_complete(EXAMPLE, joker_use="pungs") is True
    assert mjscore.is_complete(EXAMPLE, joker_use=mjscore.JOKERS_IN_PUNGS) is True
    assert mjscore.is_complete(mjscore.parse(EXAMPLE), joker_use=mjscore.JOKERS_IN_CHOWS) is True
    for call in (mjscore.decompositions, mjscore.waits):
        with pytest.raises(InvalidHandError, match="is a count of jokers"):
            call(EXAMPLE, jokers=1)


def test_is_complete_counts_jokers_beside_tile_counts(backend: str) -> None:
    counts = parse_tiles("123m456p789s1155z")  # 13 tiles: the joker makes 555z
    assert mjscore.is_complete(counts, jokers=1, joker_use="pungs") is True
    assert mjscore.is_complete(np.array(counts, dtype=np.uint8), jokers=np.int64(1), joker_use="pungs") is True
    chow_gap = parse_tiles("123m456p79s11555z")  # the joker must be 8s in 7-8-9
    assert mjscore.is_complete(chow_gap, jokers=1, joker_use="pungs") is False
    assert mjscore.is_complete(chow_gap, jokers=1, joker_use="chows") is True
    assert mjscore.is_complete(parse_tiles("123m456p789s11555z"), jokers=0) is True
    with pytest.raises(InvalidHandError, match="say where jokers may stand with joker_use="):
        mjscore.is_complete(counts, jokers=1)
    with pytest.raises(InvalidHandError, match="15 tiles"):
        mjscore.is_complete(parse_tiles("123m456p789s11555z"), jokers=1, joker_use="pungs")
    with pytest.raises(InvalidHandError, match="count of jokers, 0 to 8"):
        mjscore.is_complete(counts, jokers=-1, joker_use="pungs")


@pytest.mark.parametrize("old", ["pungs", mjscore.JOKERS_IN_PUNGS])
def test_the_old_spelling_still_works_with_a_warning(backend: str, old: object) -> None:
    with pytest.warns(DeprecationWarning, match="write joker_use="):
        assert mjscore.is_complete(EXAMPLE, jokers=old) is True
    with pytest.warns(DeprecationWarning, match="write joker_use="):
        assert mjscore.decompositions(EXAMPLE, jokers=old) == mjscore.decompositions(EXAMPLE, joker_use="pungs")
    waiting = "123m 456p 789s 11z 5z J"
    with pytest.warns(DeprecationWarning, match="write joker_use="):
        assert mjscore.waits(waiting, jokers=old) == mjscore.waits(waiting, joker_use="pungs")
    with pytest.warns(DeprecationWarning), pytest.raises(RuleSetError, match="both say where"):
        mjscore.is_complete(EXAMPLE, "pungs", jokers=old)


def test_load_rules_takes_joker_use() -> None:
    assert load_rules("babcock", joker_use="chows").joker_use == mjscore.JOKERS_IN_CHOWS
    assert load_rules("babcock", joker_use=mjscore.JOKERS_IN_PAIRS).joker_use == mjscore.JOKERS_IN_PAIRS
    assert load_rules("babcock", options={"joker-use": "pungs"}).option("joker-use") == "pungs"
    assert load_rules("babcock").joker_use is None
    with pytest.raises(RuleSetError, match="the switches 'pungs', 'chows' or 'pairs'"):
        load_rules("babcock", joker_use=mjscore.JokerUse.CHOWS)  # chows without pungs: no switch
    with pytest.warns(DeprecationWarning, match="'jokers' is now 'joker-use'"):
        assert load_rules("babcock", jokers="pungs").joker_use == mjscore.JOKERS_IN_PUNGS
    with pytest.warns(DeprecationWarning), pytest.raises(RuleSetError, match="name one option"):
        load_rules("babcock", jokers="pungs", joker_use="pairs")


def test_a_rule_file_with_the_old_jokers_key_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "old.toml"
    path.write_text('name = "old"\nextends = "babcock"\n[options]\njokers = "chows"\n'
                    '[presets.wide]\ndescription = "x"\njokers = "pairs"\n')
    with pytest.warns(DeprecationWarning, match="'jokers' is now 'joker-use'"):
        rules = load_rules(path)
        wide = load_rules(path, preset="wide")
    assert rules.joker_use == mjscore.JOKERS_IN_CHOWS
    assert wide.joker_use == mjscore.JOKERS_IN_PAIRS


def test_shipped_files_name_the_option_joker_use() -> None:
    for name in mjscore.rulesets():
        text = Path(load_rules(name).path).read_text()
        assert "\njokers =" not in text and "\njoker-use =" in text


def test_one_group_kind_enum() -> None:
    from mjscore.rules import facts
    from mjscore.rules.patterns import parse_group

    assert not hasattr(facts, "Kind")
    assert facts.KIND_NAMES == {"chow": mjscore.GroupKind.SEQUENCE, "pung": mjscore.GroupKind.TRIPLET,
                                "kong": mjscore.GroupKind.QUAD, "pair": mjscore.GroupKind.PAIR}
    assert all(type(kind) is mjscore.GroupKind for kind in parse_group("pung any").kinds)
    rules = load_rules("babcock")
    assert {type(kind) for rule in rules.sets for kind in rule.kinds} == {mjscore.GroupKind}


def test_read_hand_is_one_job() -> None:
    from mjscore.rules import hands
    from mjscore.score import bulk_scoring

    assert not hasattr(hands, "read_hand") and callable(hands.read_special_hand)
    assert bulk_scoring.read_hand("123m 456p 789s 11z [777z]") == mjscore.parse("123m 456p 789s 11z [777z]")


def test_parse_is_parse_hand() -> None:
    assert mjscore.parse is mjscore.parse_hand
    assert "parse_x" in (mjscore.parse_hand.__doc__ or "") or "same function" in (mjscore.parse_hand.__doc__ or "")


def test_shanten_reads_a_shape_by_its_names(backend: str) -> None:
    # Shape.THIRTEEN_ORPHANS is 8, Form.KNITTING's value: the name decides, not the value
    orphans = "19m19p19s1234567z"
    assert mjscore.shanten(orphans, forms=mjscore.Shape.THIRTEEN_ORPHANS) == 0
    assert mjscore.shanten(orphans, forms=mjscore.Shape.THIRTEEN_ORPHANS) == mjscore.shanten(
        orphans, forms=mjscore.Form.THIRTEEN_ORPHANS)
    assert mjscore.shanten(orphans, forms=mjscore.Form.KNITTING) != 0
    with pytest.raises(InvalidHandError, match="PAIRS_WITH_QUADS"):
        mjscore.shanten(orphans, forms=mjscore.Shape.PAIRS_WITH_QUADS)
