"""BMJA's "calling for" hands (issue 31, loser rules) are found by the gates that turn most
hands away before any tile is tried (``rules.calling``): every winning hand of a target,
less any one of its concealed tiles, is calling for it, and the gates' parts say what
they are documented to say.

Source lines: "31 Loser rules (BMJA): calling for only honours, wriggling snake, gates of
heaven, imperial jade, thirteen unique wonders, three great scholars, heads and tails, four
blessings, buried treasure or four kongs 0.4 limit"; "calling for triple knitting, knitting or
all pair honours 0.2 limit"; "calling for purity 3 doubles".
"""

from __future__ import annotations

import dataclasses
import functools
import operator

import pytest

import mjscore
from mjscore.rules.calling import (KONG_COUNTS, MANY_SETS, NEAR, PROFILES, SET_COUNTS, calling_gates,
                                   calling_rules, filter_bit, gates_by_profile, lone_numbers, near_presences,
                                   presence_slot, profile)
from mjscore.rules.hands import _compiled_forms, _form_key

RULES = mjscore.load_rules("bmja")
CALLING = {target: hand.id for hand in RULES.hands for target in hand.calling}

# A winning hand of each target, self-drawn (the calling rules draw from the wall).
WINNERS = {
    "all-honours": "111z 222z 333z 555z 66z",
    "wriggling-snake": "11s 23456789s 1234z",
    "gates-of-heaven": "1112345678999m 5m",
    "imperial-jade": "222s 333s 444s 666s 66z",
    "thirteen-orphans": "19m 19p 19s 1234567z 1m",
    "three-great-scholars": "555z 666z 777z 222m 99m",
    "heads-and-tails": "111m 999m 111p 999s 11s",
    "four-blessings": "111z 222z 333z 444z 55m",
    "buried-treasure": "111333555m 77m 111z",
    "four-kongs": "[1111m] [2222p] [3333s] [4444z] 5m 5m",
    "knitting": "1234567m 1234567p",
    "triple-knitting": "12345m 12345p 1234s",
    "all-pair-honours": "11m 99p 11s 11z 22z 55z 77z",
    "purity": "222s 444s 666s 888s 55s",
}


def _short_by_one(text: str) -> list[mjscore.Hand]:
    """The hand less each kind of its concealed tiles in turn, as a loser holds it."""
    hand = mjscore.parse_hand(text).with_win_tile(None)
    shorter = []
    for tile, count in enumerate(hand.concealed):
        if count:
            concealed = list(hand.concealed)
            concealed[tile] -= 1
            shorter.append(dataclasses.replace(hand, concealed=tuple(concealed)))
    return shorter


@pytest.mark.parametrize("target", sorted(WINNERS))
def test_a_winning_hand_less_any_tile_is_calling_for_its_target(target):
    winner = mjscore.score(WINNERS[target], RULES, self_drawn=True)
    assert target in {line.id for line in winner.lines} | {winner.special}, winner.explain()
    for hand in _short_by_one(WINNERS[target]):
        s = mjscore.score(hand, RULES, winner=False)
        assert CALLING[target] in {line.id for line in s.lines} | {s.special}, s.explain()


def test_profile_and_lone_numbers():
    masks = {text: sum(1 << t for t, n in enumerate(mjscore.parse_hand(text).counts) if n)
             for text in ("123m", "123m 5p 7z", "1234567m 123456p", "123m 456p 789s")}
    assert profile(masks["123m"]) == 0b10001  # characters, 2-8s among them
    assert profile(masks["123m 5p 7z"]) == 0b11011
    assert profile(1 | 1 << 8 | 1 << 27) == 0b01001  # 1m 9m 1z: no 2-8
    assert lone_numbers(masks["1234567m 123456p"]) == 1  # knitting a tile short: 7 lone
    assert lone_numbers(masks["123m 456p 789s"]) == 9


def test_gates_read_the_targets_counts():
    by_id = {h.id: i for i, h in enumerate(RULES.hands)}
    gates = calling_gates(RULES, by_id["calling-for-limit"])
    # buried treasure: one suit with honours, three concealed pungs held, nothing else declared
    assert any(g[6] == 3 for g in gates)
    # three great scholars (its pattern, three dragon pungs, a pung and a pair): eight dragons
    # and three sets held; four blessings: eleven winds and three sets
    assert {(g[1], g[4], g[5]) for g in gates if g[2] == 8} == {(0x7 << 31, 3, 0)}
    assert {(g[1], g[4], g[5]) for g in gates if g[2] == 11} == {(0xF << 27, 3, 0)}
    # purity: one suit only, and three sets or (as pairs go out in BMJA) six pairs
    purity = calling_gates(RULES, by_id["calling-for-purity"])
    assert {g[0] for g in purity} == {0x1FF, 0x1FF << 9, 0x1FF << 18}
    assert {(g[4], g[5]) for g in purity} == {(3, 0), (0, 6)}


def test_gates_by_profile_skip_hands_of_other_suits():
    by_id = {h.id: i for i, h in enumerate(RULES.hands)}
    index = by_id["calling-for-purity"]
    words = gates_by_profile(calling_gates(RULES, index), near_presences(RULES, index))
    assert len(words) == PROFILES == 32 * KONG_COUNTS * SET_COUNTS

    def word(kinds_profile: int, kongs: int = 0, many: int = 1) -> int:
        return words[(kinds_profile * KONG_COUNTS + kongs) * SET_COUNTS + many]

    assert word(0b10111) == 0 and word(0b11001) == 0  # three suits; a suit and honours
    assert word(0b10001) and not word(0b10001) & NEAR  # one suit: its gates, no fixed shape
    knitting = by_id["calling-for-half-limit"]
    words = gates_by_profile(calling_gates(RULES, knitting), near_presences(RULES, knitting))
    assert word(0b10011) & NEAR and not word(0b11011) & NEAR  # knitted suits hold no honours


def test_gates_by_profile_read_the_2_to_8s_and_the_kongs_declared():
    """A hand holding a 2-8 is near no hand of terminals (Heads and Tails); one without four
    kongs declared is near no Four Kongs; one without honours near no Three Great Scholars."""
    by_id = {h.id: i for i, h in enumerate(RULES.hands)}
    index = by_id["calling-for-limit"]
    gates = calling_gates(RULES, index)
    words = gates_by_profile(gates, near_presences(RULES, index))
    terminals = {j for j, g in enumerate(gates) if g[0] == 0x4060301}
    four_kongs = {j for j, g in enumerate(gates) if g[3] == 4}
    scholars = {j for j, g in enumerate(gates) if g[1] == 0x7 << 31}
    assert terminals and four_kongs and scholars

    def passed(kinds_profile: int, kongs: int, many: int = 1) -> set[int]:
        return {j for j in range(len(gates))
                if words[(kinds_profile * KONG_COUNTS + kongs) * SET_COUNTS + many] >> j & 1}

    assert terminals <= passed(0b00111, 0) and not terminals & passed(0b10111, 0)
    assert four_kongs <= passed(0b11111, 4) and not four_kongs & passed(0b11111, 3)
    assert scholars <= passed(0b11111, 0) and not scholars & passed(0b10111, 0)


def test_gates_by_profile_read_whether_three_sets_are_held():
    """A hand of fewer than three pungs or kongs is a tile from no hand of four sets and a
    pair (Three Great Scholars, Four Blessings, Heads and Tails as sets), but may be from one
    of pairs (Heads and Tails as seven pairs of terminals)."""
    by_id = {h.id: i for i, h in enumerate(RULES.hands)}
    index = by_id["calling-for-limit"]
    gates = calling_gates(RULES, index)
    words = gates_by_profile(gates, near_presences(RULES, index))
    of_sets = {j for j, g in enumerate(gates) if g[4] >= MANY_SETS}
    of_pairs = {j for j, g in enumerate(gates) if g[5]}
    assert of_sets and of_pairs

    def passed(kinds_profile: int, many: int) -> set[int]:
        return {j for j in range(len(gates)) if words[kinds_profile * KONG_COUNTS * SET_COUNTS + many] >> j & 1}

    assert of_sets & passed(0b11111, 1) and not of_sets & passed(0b11111, 0)
    assert of_pairs & passed(0b01000, 0) == of_pairs & passed(0b01000, 1) != set()


@pytest.mark.parametrize("calling", ["calling-for-limit", "calling-for-half-limit", "calling-for-purity"])
def test_near_presences_hold_each_fixed_variants_kinds_and_those_a_tile_short(calling):
    """The table (built with NumPy) against its definition read the plain way: each fixed
    variant of a target gives its kinds, with the tiles it holds twice or more, and its
    kinds less each kind it holds once, with that tile; each found by probing from
    presence_slot, each with its filter bit, and the header's bounds."""
    index = next(i for i, h in enumerate(RULES.hands) if h.id == calling)
    derived = calling_rules(RULES, index)
    worth = {i for i, h in enumerate(derived.hands) if h.id in RULES.hands[index].calling}
    expected: dict[int, int] = {}
    for counts, variants in derived.hand_tables.fixed.items():
        if any(v.hand in worth for v in variants):
            kinds = sum(1 << t for t, n in enumerate(counts) if n)
            expected[kinds] = expected.get(kinds, 0) | sum(1 << t for t, n in enumerate(counts) if n >= 2)
            for t, n in enumerate(counts):
                if n == 1:
                    expected[kinds & ~(1 << t)] = expected.get(kinds & ~(1 << t), 0) | 1 << t
    near = near_presences(RULES, index)
    union, fewest, most, filter_bits, lone = (int(w) for w in near[:5])
    bitmap, table = near[5:5 + (1 << (filter_bits - 6))], near[5 + (1 << (filter_bits - 6)):]
    bits = (len(table) // 2).bit_length() - 1
    found = {int(k): int(v) for k, v in zip(table[::2], table[1::2]) if k}
    assert found == expected and bool(expected) == (calling != "calling-for-purity")  # purity: no fixed shape
    for kinds in expected:
        slot = presence_slot(kinds, bits)
        while int(table[2 * slot]) != kinds:
            assert table[2 * slot], f"{kinds:#x} is not on its probe path"
            slot = (slot + 1) % (1 << bits)
        bit = filter_bit(kinds, filter_bits)
        assert int(bitmap[bit >> 6]) >> (bit & 63) & 1
    sizes = [k.bit_count() for k in expected] or [0]
    assert (fewest, most) == (min(sizes), max(sizes))
    assert union == functools.reduce(operator.or_, expected, 0)
    assert lone == max((lone_numbers(k) for k in expected), default=0)


def test_the_rule_sets_deciding_calling_hands_share_one_compiled_table_of_variants():
    """They differ from BMJA only in their values and in having no calling hands; the
    variants, some 100,000 fixed ones, are compiled once and are the same as a fresh
    compile's."""
    derived = [calling_rules(RULES, i) for i in RULES.calling]
    # BMJA's calling hands come after its others (they make no variant): its own compile too
    assert all(d.hand_tables.fixed is RULES.hand_tables.fixed for d in derived)
    assert len(derived[0].hands) < len(RULES.hands)
    assert derived[0].hand_tables.quant is derived[1].hand_tables.quant
    assert [h.value for h in derived[0].hands] != [h.value for h in derived[1].hands]
    quant, fixed, _ = _compiled_forms.__wrapped__(tuple(_form_key(h) for h in derived[0].hands))  # uncached
    assert fixed == derived[0].hand_tables.fixed and fixed is not derived[0].hand_tables.fixed
    assert quant == derived[0].hand_tables.quant
