"""The pattern layer: special hands written as data, checked at load, matched alike by
both backends, and not capped at 64.

The error cases each break one thing in an otherwise good ``[[hands]]`` entry and
check the message names the file, the hand, the group and the reason.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import mjscore
from mjscore.score import _reference as reference
from mjscore import _backend
from rule_files import limit_hand
from mjscore.core.errors import RuleSetError
from mjscore.rules.facts import fact_mask
from mjscore.rows.codec import meld_bytes
from mjscore.rules import patterns
from mjscore.rules.hands import pattern_variants
from mjscore.rules.patterns import PatternError, expand_form, parse_group
from mjscore.rows.sample import random_scoring_rows

compiled = pytest.importorskip("mjscore.score._kernel")

GOOD = '''
[[hands]]
id = "test-hand"
name = "Test Hand"
groups = {groups}
limit = 1
source = "test"
'''


def _rules_file(tmp_path: Path, body: str, name: str = "patterns") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(f'extends = "babcock"\nname = "{name}"\nspecial-hands = "best"\n{body}',
                    encoding="utf-8")
    return path


@pytest.mark.parametrize(("groups", "where", "reason"), [
    pytest.param('["pung 1A", "singles 2345678A", "pung 9A", "single Q"]', "groups[3]",
                 "unknown tile or tile class 'Q'", id="unknown-tile-class"),
    pytest.param('["4 pang wind", "pair any"]', "groups[0]", "unknown group kind 'pang'",
                 id="unknown-kind"),
    pytest.param('["pair 1A melded", "singles 23456789A", "singles NEWS"]', "groups[0]",
                 "a pair cannot be melded", id="melded-pair"),
    pytest.param('["4 pung wind", "pair any", "pung dragon"]', "groups",
                 "make 17 tiles, not 14", id="too-many-sets"),
    pytest.param('["6 pair any"]', "groups", "0 sets and 6 pairs", id="six-pairs"),
    pytest.param('["singles 123456789A", "singles NEWS"]', "groups", "make 13 tiles, not 14",
                 id="fixed-13-tiles"),
    pytest.param('["knit-pair 1A", "6 knit-pair ?AB"]', "groups[0]", "a number and 2 suits",
                 id="bad-knit"),
    pytest.param('["4 pung any extra", "pair any"]', "groups[0]", "unexpected 'extra'",
                 id="stray-word"),
    pytest.param('"pung 1A"', "groups", "expected a list of group tokens", id="not-a-list"),
])
def test_a_broken_pattern_names_file_hand_group_and_reason(tmp_path: Path, groups: str, where: str,
                                                          reason: str) -> None:
    path = _rules_file(tmp_path, GOOD.format(groups=groups))
    with pytest.raises(RuleSetError) as error:
        mjscore.load_rules(path)
    message = str(error.value)
    assert str(path) in message and f"hands.test-hand.{where}" in message and reason in message


@pytest.mark.parametrize(("extra", "key", "reason"), [
    pytest.param('requires = ["xA"]', "requires", "the variable 'x', which no group binds",
                 id="unbound-variable"),
    pytest.param('max-chows = 5', "max-chows", "0 to 4 chows", id="max-chows"),
    pytest.param('pairs = "some"', "pairs", "kong-as-two", id="pairs-mode"),
    pytest.param('when = ["raining"]', "when", "unknown fact 'raining'", id="unknown-fact"),
    pytest.param('colour = "red"', "colour", "unknown key", id="unknown-key"),
    pytest.param('if-concealed = { limit = "5/2" }', "if-concealed.limit", "at most 2",
                 id="share-above-two"),
])
def test_a_broken_hand_key_names_file_hand_key_and_reason(tmp_path: Path, extra: str, key: str,
                                                         reason: str) -> None:
    body = GOOD.format(groups='["4 pung/kong wind", "pair any"]').replace('source = "test"',
                                                                         f'source = "test"\n{extra}')
    path = _rules_file(tmp_path, body)
    with pytest.raises(RuleSetError) as error:
        mjscore.load_rules(path)
    assert str(path) in str(error.value) and f"hands.test-hand.{key}" in str(error.value)
    assert reason in str(error.value)


def test_an_item_with_a_limit_share_is_sent_to_hands(tmp_path: Path) -> None:
    path = _rules_file(tmp_path, '[[items]]\nid = "x"\nwhen = ["winner"]\nlimit = 1\nsource = "t"\n')
    with pytest.raises(RuleSetError, match=r"items\.x\.limit: .*\[\[hands\]\]"):
        mjscore.load_rules(path)


def test_retired_shape_names_point_to_hands(tmp_path: Path) -> None:
    path = _rules_file(tmp_path, 'shapes = ["thirteen-orphans"]\n')
    with pytest.raises(RuleSetError, match="are \\[\\[hands\\]\\] entries"):
        mjscore.load_rules(path)


# ------------------------------------------------------------------ the notation
@pytest.mark.parametrize(("tokens", "fixed", "quant"), [
    # 001 Heavenly Gates: a run of singles, one of the suit's tiles, three suits
    (["pung 1A", "singles 2345678A", "pung 9A", "single A"], 27, 0),
    # 001 Wriggly Snake: 1-9 plus NEWS plus any wind
    (["singles 123456789A", "singles NEWS", "single wind"], 12, 0),
    # 001 Knitting: seven knitted pairs in two suits, numbers free
    (["7 knit-pair ?AB"], None, 0),
    # 001 Numbers Racket: one number variable shared by three suits; winds and dragons as classes
    (["pung xA", "pung xB", "pung xC", "pung wind", "pair dragon"], 0, 9),
    # 001 Civil War: fixed numbers in two distinct suits
    (["singles 1861A", "singles 1865B", "pung N", "pung S"], 6, 0),
    # 001 Jade: chows of green bamboo are 2-3-4 only
    (["4 set green-s", "pair GD"], 0, 1),
])
def test_seed_hands_expand_to_variants(tokens: list[str], fixed: int | None, quant: int) -> None:
    q, f = expand_form(0, [parse_group(t) for t in tokens])
    assert len(q) == quant
    if fixed is not None:
        assert len(f) == fixed
    else:
        assert len(f) > 1000 and all(sum(v.counts) == 14 for v in f)


def test_the_situational_gate_asks_each_hand_for_a_rare_row_fact() -> None:
    """A row that is only self-drawn skips the situational hands' filter; a row any of them
    may apply to does not (every hand's gate bits are facts it needs)."""
    gate = pytest.importorskip("mjscore.rules._pattern_kernel")._situational_gate
    moon, heaven = fact_mask(("self-drawn", "last-tile")), fact_mask(("heaven",))
    assert gate([moon, heaven]) == fact_mask(("last-tile", "heaven"))
    assert gate([fact_mask(("self-drawn",)), heaven]) == fact_mask(("self-drawn", "heaven"))
    assert gate([heaven, fact_mask(("one-chance",))]) == (1 << 64) - 1  # needs no row fact


@pytest.mark.parametrize("name", ["western", "american", "chinese-classical"])
def test_a_special_hand_holds_no_more_kinds_than_its_groups_can(name: str) -> None:
    """The compiled filter passes over a variant whose groups hold fewer kinds than a row
    (``_pattern_kernel._max_kinds``: a chow three, any other group one), so a hand drawn
    for each special hand holds no more kinds than its variants allow; seven pairs meets
    the bound (seven kinds), and an eighth kind is past it."""
    max_kinds = pytest.importorskip("mjscore.rules._pattern_kernel")._max_kinds
    from mjscore.core.group_codes import group_tile
    from mjscore.distances.samples import random_special_hands

    ruleset = mjscore.load_rules(name)
    bound: dict[int, int] = {}
    for variant in ruleset.hand_tables.quant:
        bound[variant.hand] = max(bound.get(variant.hand, 0), max_kinds(variant))
    counts, melds, drawn = random_special_hands(ruleset, 400, seed=11)
    checked = 0
    for row, meld_row, hand in zip(counts, melds, drawn):
        if int(hand) not in bound:  # a fixed-shape hand: matched by its counts, not filtered
            continue
        kinds = set(np.flatnonzero(row)) | {group_tile(int(code)) for code in meld_row if code != 0xFF}
        assert len(kinds) <= bound[int(hand)], ruleset.hands[hand].name
        checked += 1
    assert checked > 100
    seven_pairs, _ = expand_form(0, [parse_group("7 pair any")])
    assert max_kinds(seven_pairs[0]) == 7
    pungs, _ = expand_form(0, [parse_group("4 pung any"), parse_group("pair any")])
    assert max_kinds(pungs[0]) == 5
    chows, _ = expand_form(0, [parse_group("4 chow s"), parse_group("pair any")])
    assert max_kinds(chows[0]) == 13


def test_a_chow_class_holds_for_all_three_tiles() -> None:
    q, _ = expand_form(0, [parse_group("4 set green-s"), parse_group("pair GD")])
    chow_firsts = q[0].requirements[0].masks[0]
    assert chow_firsts == 1 << 19  # 2-3-4 of bamboo and nothing else


def test_dragon_of_a_suit() -> None:
    q, _ = expand_form(0, [parse_group("pung 1A"), parse_group("pung dragon-A"),
                           parse_group("2 pung A"), parse_group("pair A")])
    assert {v.required for v in q} == {1 << 0 | 1 << 33, 1 << 9 | 1 << 31, 1 << 18 | 1 << 32}


@pytest.mark.parametrize("token", ["", "4", "pung", "pung 1A 2A", "chow/pair 1A", "single/pung 1A"])
def test_tokens_that_do_not_read(token: str) -> None:
    with pytest.raises(PatternError):
        parse_group(token)


# ------------------------------------------------- both backends, and no ceiling of 64
def _tile(t: int) -> str:
    return f"{t % 9 + 1}{'mps'[t // 9]}" if t < 27 else f"{t - 26}z"


ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _many_hands(tmp_path: Path, n: int) -> Path:
    """A rule file with ``n`` generated special hands (a third each: a pung of one tile with
    any sets, a suit's pair and sets, thirteen orphans with one given pair) and one made by
    the situation; each is worth 1 to 5 doubles."""
    body = []
    for i in range(n):
        groups = (f'["pung {_tile(i % 34)}", "3 set any", "pair any"]', f'["pair {i % 9 + 1}A", "3 pung/chow A", "set any"]',
                  f'["singles 19m19p19s", "singles E S W N WD GD RD", "single {_tile(ORPHANS[i % 13])}"]')[i % 3]
        body.append(f'[[hands]]\nid = "hand-{i}"\ngroups = {groups}\ndoubles = {i % 5 + 1}\nsource = "generated"\n')
    body.append('[[hands]]\nid = "last-tile-hand"\nwhen = ["last-tile"]\nlimit = "1/2"\nsource = "generated"\n')
    return _rules_file(tmp_path, "\n".join(body), name="many")


def _score_with(module: Any, monkeypatch: pytest.MonkeyPatch, rules: Any, rows: Any,
                **situation: Any) -> tuple[np.ndarray, ...]:
    monkeypatch.setitem(_backend.CHOSEN, "score", "cython" if module.__name__.endswith("._kernel") else "python")
    situation.setdefault("last_tile", rows.self_drawn)
    return mjscore.score_many(rows.counts, rules, melds=rows.melds, win_tile=rows.win_tile,
                              self_drawn=rows.self_drawn, seat_wind=rows.seat_wind,
                              prevailing_wind=rows.prevailing_wind, return_status=True, **situation)


ITEMS = ("two-dragon-pungs", "two-wind-pungs", "two-terminal-pungs")
"""Three item patterns (a bonus for groups, not a hand of their own) for _with_items."""


def _with_items(tmp_path: Path, n: int) -> Any:
    """``_many_hands``' ``n`` hands and the ITEMS, each 1 double."""
    path = _many_hands(tmp_path, n)
    items = zip(ITEMS, ("dragon", "wind", "terminal"))
    path.write_text(path.read_text(encoding="utf-8") + "".join(
        f'\n[[items]]\nid = "{item}"\nwhen = ["winner"]\npattern = ["2 pung/kong {kind}", "2 set any", '
        f'"pair any"]\ndoubles = 1\nsource = "generated"\n' for item, kind in items), encoding="utf-8")
    return mjscore.load_rules(path)


@pytest.mark.both_backends
@pytest.mark.parametrize(("n", "variants"), [(46, 64), (47, 67)])
def test_item_patterns_beside_special_hands_in_one_index_or_two(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              n: int, variants: int) -> None:
    """The kernel reads the special hands' and the items' variants from one index where
    they fit in 64 bits together (chinese-classical's 9 and 1), from two past that: on
    each side of the line, rows earning each item score as the reference scores them,
    and the near miss (one of the two pungs a pair) earns none."""
    rules = _with_items(tmp_path, n)
    assert len(rules.hand_tables.quant) + len(rules.hand_tables.item_patterns) == variants
    pungs = {"two-dragon-pungs": ("5z", "6z"), "two-wind-pungs": ("1z", "3z"), "two-terminal-pungs": ("1m", "9p")}
    earning = [f"{a * 3} {b * 3} 234s 678s 4p +4p" for a, b in pungs.values()]
    missing = [f"{a * 3} {b * 2} 234s 678s 34p +5p" for a, b in pungs.values()]
    hands = [mjscore.parse(text) for text in earning + missing]
    rows = random_scoring_rows(len(hands), 3)._replace(
        counts=np.array([hand.counts for hand in hands], np.uint8), melds=np.full((len(hands), 4), 0xFF, np.uint8),
        win_tile=np.array([int(hand.win_tile) for hand in hands], np.uint8), self_drawn=np.ones(len(hands), bool))
    ours = _score_with(compiled, monkeypatch, rules, rows)
    spec = _score_with(reference, monkeypatch, rules, rows)
    for x, y in zip(ours, spec):
        assert np.array_equal(x, y)
    monkeypatch.undo()
    for item, text in zip(ITEMS, earning):
        assert item in {line.id for line in mjscore.score(text, rules, self_drawn=True).lines}, text
    for text in missing:
        assert not set(ITEMS) & {line.id for line in mjscore.score(text, rules, self_drawn=True).lines}, text
    assert (ours[2] == 0).all() and (ours[1] >= 0).all()  # every row goes out, as a generated hand too


def test_three_hundred_special_hands_load_score_in_bulk_and_explain(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    rules = mjscore.load_rules(_many_hands(tmp_path, 300))
    assert len(rules.hands) == 304  # babcock's three, then these
    rows = random_scoring_rows(400, 7)
    ours = _score_with(compiled, monkeypatch, rules, rows)
    spec = _score_with(reference, monkeypatch, rules, rows)
    for x, y in zip(ours, spec):
        assert np.array_equal(x, y)
    totals, special, status = ours
    assert (special >= 64).any()  # hands past the 64th score
    monkeypatch.undo()
    row = int(np.flatnonzero(special >= 64)[0])
    text = mjscore.format_tiles(rows.counts[row])
    hand = mjscore.Hand(tuple(int(c) for c in rows.counts[row]), tuple(
        mjscore.Meld.from_code(int(c))
        for c in rows.melds[row] if c != 0xFF))
    score = mjscore.score(hand, rules, win_tile=int(rows.win_tile[row]), self_drawn=bool(rows.self_drawn[row]),
                          last_tile=bool(rows.self_drawn[row]), seat_wind=int(rows.seat_wind[row]),
                          prevailing_wind=int(rows.prevailing_wind[row]))
    assert score.total == totals[row], text
    assert score.special == rules.hands[special[row]].id
    assert score.special in {line.id for line in score.lines}
    assert score.others and f"also made: {score.others[0]}" in score.explain()


def test_more_hands_fit_one_reading_than_a_reading_lists(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled reading lists the hands its groups fill once for its facts to pick from
    (at most MAX_CANDIDATES, 1,024); with more, every one of these 1,100 hands of any sets
    and a pair fitting every standard reading, it matches them reading by reading, as the
    reference does: the same totals and first hands in file order."""
    body = [f'[[hands]]\nid = "any-{i}"\ngroups = ["4 set any", "pair any"]\ndoubles = {i % 3 + 1}\n'
            f'when = ["{("self-drawn", "concealed-hand", "last-tile")[i % 3]}"]\nsource = "generated"\n'
            for i in range(1100)]
    rules = mjscore.load_rules(_rules_file(tmp_path, "\n".join(body), name="many-alike"))
    rows = random_scoring_rows(60, 5)
    ours = _score_with(compiled, monkeypatch, rules, rows)
    spec = _score_with(reference, monkeypatch, rules, rows)
    for x, y in zip(ours, spec):
        assert np.array_equal(x, y)
    assert {rules.hands[h].id for h in ours[1][ours[1] >= 0]} & {"any-0", "any-1", "any-2"}  # the first that hold


def test_three_hundred_fixed_hands_of_the_same_tiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fixed-shape hash keeps every variant of one count vector (its slots count them
    in 16 bits): 300 hands of thirteen orphans paired on 1m, each with its own situation
    and doubles, score as the reference scores them."""
    whens = ("self-drawn", "concealed-hand", "last-tile", "discard", "dealer")
    body = [f'[[hands]]\nid = "orphans-{i}"\ngroups = ["singles 19m19p19s", "singles E S W N WD GD RD", '
            f'"single 1m"]\ndoubles = {i % 7 + 1}\nwhen = ["{whens[i % 5]}"]\nsource = "generated"\n'
            for i in range(300)]
    rules = mjscore.load_rules(_rules_file(tmp_path, "\n".join(body), name="many-orphans"))
    counts = np.zeros((4, 34), np.uint8)
    counts[:, list(ORPHANS)] = 1
    counts[:, 0] = 2
    rows = random_scoring_rows(4, 3)._replace(counts=counts, melds=np.full((4, 4), 0xFF, np.uint8),
                                              win_tile=np.array([0, 33, 9, 27], np.uint8), self_drawn=np.array([True, False, True, False]))
    ours = _score_with(compiled, monkeypatch, rules, rows)
    spec = _score_with(reference, monkeypatch, rules, rows)
    for x, y in zip(ours, spec):
        assert np.array_equal(x, y)
    assert (ours[2] == 0).all() and (ours[1] >= 3).all()  # each row one of these hands


@pytest.mark.both_backends
@pytest.mark.parametrize("rules", ["babcock", "chinese-classical"])
def test_backends_agree_on_random_rows_with_special_hands(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rows = random_scoring_rows(3000, 11)
    # Babcock's lucky thirteen on every concealed row; chinese-classical's moon from the sea
    # and thirteen orphans come with the rows
    calling = (rows.melds == 0xFF).all(axis=1) & (np.arange(3000) % 2 == 0)
    situation = {"declared_calling": calling} if rules == "babcock" else {}
    ours = _score_with(compiled, monkeypatch, rules, rows, **situation)
    spec = _score_with(reference, monkeypatch, rules, rows, **situation)
    for x, y in zip(ours, spec):
        assert np.array_equal(x, y)
    assert (ours[1] >= 0).any()  # some special hands among them


SHIPPED_HANDS = [
    ("chinese-classical", "1112345678999m +5m", {}, "nine-gates"),
    ("chinese-classical", "19m19p19s1234567z +1m", {}, "thirteen-orphans"),
    ("chinese-classical", "123456789s1234z +1s", {}, "wriggling-snake"),
    ("chinese-classical", "234s234s666s888s6z +6z", {}, "all-green"),
    ("chinese-classical", "[555z] [666z] [777z] 234m 1s +1s", {}, "big-three-dragons"),
    ("chinese-classical", "[111z] [222z] [333z] 234m 4z +4z", {}, "little-four-winds"),
    ("chinese-classical", "[111z] [222z] [333z] 444z 5z +5z", {}, "big-four-winds"),
    ("chinese-classical", "[111m] [999p] 111s 999m 1p +1p", {}, "all-terminals"),
    ("chinese-classical", "[1111z] [5555z] [666z] 333z 4z +4z", {}, "all-honours"),
    # self-drawn it is also Buried Treasure (003 #11), the narrower hand, named first;
    # won on a discard of the pair's tile only 002's 4 Concealed Triplets
    ("chinese-classical", "222m 333p 444s 666m 9s +9s", {"self_drawn": True}, "buried-treasure"),
    ("chinese-classical", "222m 333p 444s 666m 9s +9s", {}, "four-concealed-triplets"),
    ("chinese-classical", "[1111m] [2222p] [3333s] [4444z] 9s +9s", {}, "fourfold-plenty"),
    ("chinese-classical", "123m 456p 789s 23s 55s +4s", {"heaven": True, "seat_wind": "E", "dealer": True,
                                                         "self_drawn": True}, "heavenly-hand"),
    ("chinese-classical", "123m 456p 789s 23s 55s +4s", {"earth": True}, "earthly-hand"),
    ("chinese-classical", "123m 456p 789s 23p 55s +1p", {"self_drawn": True, "last_tile": True},
     "moon-from-the-sea"),
    ("chinese-classical", "123m [6666p] 789s 34p 55s +5p", {"self_drawn": True, "replacement": "kong"},
     "plum-blossom"),
    ("chinese-classical", "123m [6666p] 789s 34p 55s +2p", {"self_drawn": True, "replacement": "kong"},
     None),
    ("babcock", "123m 456p 789s 23s 55s +4s", {"heaven": True, "seat_wind": "E", "dealer": True,
                                               "self_drawn": True}, "heaven"),
    ("babcock", "123m 456p 789s 23s 55s +4s", {"declared_calling": True}, "lucky-thirteen"),
]


@pytest.mark.parametrize(("rules", "hand", "context", "special"), SHIPPED_HANDS)
def test_backends_agree_on_every_shipped_hand(rules: str, hand: str, context: dict[str, Any],
                                             special: str | None) -> None:
    parsed = mjscore.parse(hand)
    score = mjscore.score(parsed, rules, **{"seat_wind": "S", "prevailing_wind": "E", **context})
    if special is not None:
        assert score.special == special
    melds = meld_bytes(parsed.melds)
    ctx = score.context
    args = (bytes(parsed.concealed), melds, int(ctx.win_tile), ctx.flags, int(ctx.seat_wind),
            int(ctx.prevailing_wind), mjscore.load_rules(rules))
    assert compiled.score_one(*args) == reference.score_one(*args)


DOCS = Path(__file__).resolve().parents[1] / "docs" / "rule-files.md"


def _construct_rows() -> list[tuple[str, str]]:
    if not DOCS.exists():
        return []
    rows = []
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if len(cells) == 3 and cells[2].startswith("`") and cells[0] not in ("construct", "---"):
            rows.append((cells[0], cells[2].replace("\\|", "|")))
    return rows


@pytest.mark.parametrize(("construct", "cell"), _construct_rows())
def test_every_construct_in_the_guide_loads(tmp_path: Path, construct: str, cell: str) -> None:
    """Each pattern the guide shows per construct (docs/rule-files.md) is a valid hand: the
    keys a cell joins to a pattern ("with", "the same with") are read with it, since a
    pattern alone may be one no tiles make (seven pairs of six kinds without kong-as-two)."""
    hands: list[dict[str, str]] = []
    for code in re.findall(r"`([^`]+)`", cell):
        if code.startswith('["'):
            code = f"groups = {code}"
        if "=" not in code or code.startswith("["):  # not a key of the hand: a table name
            continue
        if code.startswith("special-required"):  # a key of the rule set
            rules = mjscore.load_rules(_rules_file(tmp_path, code + "\n", name="required"))
            assert rules.special_required
            continue
        key = code.split("=")[0].strip()
        if not hands or key in hands[-1] or key in ("groups", "forms"):
            hands.append({})
        hands[-1][key] = code
    for n, keys in enumerate(hands):
        code = "\n".join(keys.values())
        body = (f'[options]\njade-seven-pairs = true\n\n[[hands]]\nid = "h{n}"\n{code}\n'
                f'source = "guide"\n')
        if "groups" not in keys and "forms" not in keys:
            body += 'groups = ["4 pung/kong any", "pair any"]\n'
        hand = mjscore.load_rules(_rules_file(tmp_path, body, name=f"construct{n}")).hands[-1]
        assert hand.id == f"h{n}", construct


def test_a_form_is_expanded_once_whatever_place_its_hand_has() -> None:
    # A form is checked when its hand is read (as hand 0) and compiled at the hand's place;
    # both, and a load with other options that moves the hand, share one expansion (western's
    # 41,765 fixed variants took 0.6 s each time).
    western = mjscore.load_rules("western")
    for index, hand in enumerate(western.hands):
        for form in hand.forms:
            at_place = pattern_variants(hand, index, form)
            expanded = patterns._expanded.cache_info().misses
            moved = pattern_variants(hand, index + 1000, form)
            assert patterns._expanded.cache_info().misses == expanded, hand.id
            for compiled_variants, moved_variants in zip(at_place, moved):
                assert [v.hand for v in moved_variants] == [index + 1000] * len(moved_variants)
                assert [replace(v, hand=index) for v in moved_variants] == compiled_variants


_MARKED_CONCEALED = "\n".join(limit_hand(*hand) for hand in [
    ("kept-kong-run", "Kept kong run", ["kong 2m concealed", "singles 123456789s", "pair 9m"], False,
     "a fixed hand whose kong must be concealed"),
    ("kept-pung-run", "Kept pung run", ["pung 4m concealed", "singles 123456789p", "pair 9m"], False,
     "a fixed hand whose pung must be concealed"),
    ("open-kong-run", "Open kong run", ["kong 3m", "singles 123456789s", "pair 8m"], False,
     "the same fixed hand, its kong unmarked"),
])


def test_a_group_marked_concealed_in_a_fixed_hand_is_never_declared(backend: str, tmp_path: Path) -> None:
    """The notation: ``concealed``, "the group must be held, not declared nor completed by
    a discard" (docs/rule-files.md). In a fixed hand the modifier was read for nothing: an
    exposed kong [2222m] or pung [444m] made the hand as the concealed ones do. A concealed
    kong still stands for a kong marked concealed; an unmarked group may be declared."""
    rules = mjscore.load_rules(_rules_file(tmp_path, _MARKED_CONCEALED, name="marked"))
    for held, declared, hand_id in (("(2222m) 123456789s 9m +9m", "[2222m] 123456789s 9m +9m", "kept-kong-run"),
                                    ("444m 123456789p 9m +9m", "[444m] 123456789p 9m +9m", "kept-pung-run")):
        assert mjscore.score(held, rules).special == hand_id
        assert mjscore.distances(held, rules)[hand_id] == 0
        assert mjscore.score(declared, rules).special != hand_id, declared
        assert mjscore.distances(declared, rules)[hand_id] is None, declared
    for text in ("(3333m) 123456789s 8m +8m", "[3333m] 123456789s 8m +8m"):
        assert mjscore.score(text, rules).special == "open-kong-run"
        assert mjscore.distances(text, rules)["open-kong-run"] == 0
    variants = {v.hand: v for vs in rules.hand_tables.fixed.values() for v in vs}
    assert [variants[i].held_kongs for i in sorted(variants)][-3:] == [(1,), (), ()]
    assert "held_kongs=(1,)" in repr(variants[len(rules.hands) - 3])
