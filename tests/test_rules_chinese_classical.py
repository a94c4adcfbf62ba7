"""Rule set ``chinese-classical``: every line of seed 002's scoring chart and every
limit hand of seeds 002 and 003, checked against hands scored by hand.

Seeds (read them whole; each case quotes the text it checks):

- ``002`` = ``seeds/002_df44f2bad37b7b07.txt``, "Mah Jongg Scoring Chart":
  1. ADDED, 2. MULTIPLIED, LIMIT HANDS, the definitions paragraph, 3. PAYMENT.
- ``003`` = ``seeds/003_1f8893b114534466.txt``, "Special Winning Hands" #1-#15,
  "All these hands listed below automatically score the limit."

Every expected value below is worked out by hand from the chart, in the comment
next to the case: the added points are summed, then multiplied (each "x2" is one
double, "x4" two, "x16" four), and the result is capped at the limit 500; a limit
hand scores 500 ("A 'Limit Hand' is worth 500 and is the maximum possible score").
Nothing here calls the scorer to make an expectation.

Conventions of the cases:

- Unless a case says otherwise the winner sits South in an East round
  (``seat_wind="S", prevailing_wind="E"``, so not the dealer): East is then the
  prevailing wind, South the player's own wind, West and North "other" winds.
- Hands are compact mpsz: ``[...]`` an exposed (melded) set, ``(....)`` a concealed
  kong, ``+X`` the winning tile (added to the concealed tiles). A hand wins on a
  discard unless ``self_drawn=True``; a set completed by a discard counts as melded.
- Where the rule file documents a reading of a terse chart line (double-wind pair
  scores +4 not +2+4, a double-wind set x4 not x2x4, "all terminals and honors"
  replaces "terminal or honor in each set", "three consecutive sequences" is
  1-2-3 4-5-6 7-8-9 of one suit), the cases follow that documented reading.
- ``special``: when two limit hands hold at once (Buried Treasure always also is
  4 Concealed Triplets) the case accepts either id, since the seeds do not rank them.

Run on both backends: ``MJSCORE_BACKEND=python`` forces the pure-Python reference.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import mjscore
from mjscore.core.errors import InvalidContextError, NotWinningError

RULES = "chinese-classical"
LIMIT = 500
SOUTH = {"seat_wind": "S", "prevailing_wind": "E"}   # own wind S, prevailing E, not the dealer
EAST = {"seat_wind": "E", "prevailing_wind": "E"}    # own wind E = prevailing: the double wind; dealer

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
SEED_FILES = {"002": "002_df44f2bad37b7b07.txt", "003": "003_1f8893b114534466.txt"}


@dataclass(frozen=True)
class Case:
    seed: str                 # "002" or "003"
    quote: str                # exact text of the seed line(s), fragments joined by " ... "
    hand: str
    ctx: dict[str, Any]
    total: int
    points: int
    doubles: int
    lines: frozenset[str]
    limit: Fraction | None = None
    special: frozenset[str] | None = None
    raises: type[Exception] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def case(id_: str, seed: str, quote: str, hand: str, ctx: dict[str, Any] | None = None, *,
         total: int = 0, points: int = 0, doubles: int = 0, lines: str = "",
         limit: int | None = None, special: str | None = None,
         raises: type[Exception] | None = None) -> Any:
    """One table row; ``special`` may name several ids separated by ``|``."""
    c = Case(seed, quote, hand, dict(SOUTH if ctx is None else ctx), total, points, doubles,
             frozenset(lines.split()), None if limit is None else Fraction(limit),
             None if special is None else frozenset(special.split("|")), raises)
    return pytest.param(c, id=id_)


def ctx(base: dict[str, Any] | None = None, **more: Any) -> dict[str, Any]:
    return {**(SOUTH if base is None else base), **more}


# Line ids of the rule file, grouped for readability of the tables.
W = "winning"
MTS, MTT = "melded-triplet-simples", "melded-triplet-terminals-honours"
CTS, CTT = "concealed-triplet-simples", "concealed-triplet-terminals-honours"
MFS, MFT = "melded-four-simples", "melded-four-terminals-honours"
CFS, CFT = "concealed-four-simples", "concealed-four-terminals-honours"
PL, PDW = "pair-lucky", "pair-double-wind"
SD, OC, CD = "self-drawn", "one-chance", "concealed-discard"
LS, DWS = "lucky-set", "double-wind-set"
CSD = "concealed-self-drawn"
FT, FT3, FCT = "four-triplets", "four-triplets-three-concealed", "four-concealed-triplets"
TC1 = "three-concealed-one-sequence"
NP = "no-points"
TCS = "three-consecutive-sequences"
AS, ATH, TH = "all-simples", "all-terminals-honours", "terminal-or-honour-each-set"
OSH, OSO = "one-suit-with-honours", "one-suit-only"
L3D = "little-three-dragons"


def L(*ids: str) -> str:
    return " ".join(ids)


# ============================================================================ 1. ADDED
ADDED = [
    # --- "Winning +20" ----------------------------------------------------------------
    # [123m] 456p 789p 234s 55s, won on 4s (two-sided 1s/4s wait) from a discard:
    # Winning 20; no set or pair points; exposed, so no concealed bonus. Only the bare
    # 20 was earned, so "No points" x2: 20 x2 = 40.
    case("002-added-winning-20", "002", "Winning\t+20",
         "[123m] 456p 789p 23s 55s +4s",
         total=40, points=20, doubles=1, lines=L(W, NP)),
    # near miss: the same tiles, 13 of them, did not go out: nothing is earned.
    case("002-added-winning-near-miss-not-out-scores-0", "002", "Winning\t+20",
         "[123m] 456p 789p 23s 55s", {**SOUTH},
         total=0, points=0, doubles=0, lines=""),

    # --- "Melded triplets: Simples +2" -------------------------------------------------
    # [222m] melded simple +2, winning 20 = 22; nothing doubles.
    case("002-added-melded-triplet-simples-2", "002", "Melded triplets: ... Simples\t+2",
         "[222m] 456p 789p 23s 55s +4s", total=22, points=22, doubles=0, lines=L(MTS, W)),
    # near miss: [234m] is a sequence, not a triplet: 20 only, "No points" x2 = 40.
    case("002-added-melded-triplet-simples-near-miss-sequence", "002",
         "Melded triplets: ... Simples\t+2",
         "[234m] 456p 789p 23s 55s +4s", total=40, points=20, doubles=1, lines=L(W, NP)),

    # --- "Melded triplets: Terminals/honors +4" ---------------------------------------
    # [999m] melded terminal +4, winning 20 = 24.
    case("002-added-melded-triplet-terminal-4", "002", "Melded triplets: ... Terminals/honors\t+4",
         "[999m] 456p 789p 23s 55s +4s", total=24, points=24, doubles=0, lines=L(MTT, W)),
    # [333z] West: an honour but not lucky (own S, prevailing E): +4, 20 = 24, no x2.
    case("002-added-melded-triplet-honour-4", "002", "Melded triplets: ... Terminals/honors\t+4",
         "[333z] 456p 789p 23s 55s +4s", total=24, points=24, doubles=0, lines=L(MTT, W)),
    # near miss: [888m] is a simple: +2, 22.
    case("002-added-melded-triplet-terminal-near-miss-8", "002",
         "Melded triplets: ... Terminals/honors\t+4",
         "[888m] 456p 789p 23s 55s +4s", total=22, points=22, doubles=0, lines=L(MTS, W)),

    # --- "Concealed triplets: Simples +4" ----------------------------------------------
    # 444p held concealed, win on 4s completes 234s: 20 + 4 = 24 (the [123m] keeps
    # the hand from being concealed).
    case("002-added-concealed-triplet-simples-4", "002", "Concealed triplets: ... Simples\t+4",
         "[123m] 444p 789p 23s 55s +4s", total=24, points=24, doubles=0, lines=L(CTS, W)),
    # near miss: the 4p that completes 444p is a discard, so the set counts as melded:
    # +2, 22 (a pung completed, not a pair: no one-chance).
    case("002-added-concealed-triplet-simples-near-miss-discard-melds-it", "002",
         "Concealed triplets: ... Simples\t+4",
         "[123m] 44p 789p 234s 55s +4p", total=22, points=22, doubles=0, lines=L(MTS, W)),
    # the same hand self-drawn: the pung stays concealed +4, self-drawn +2: 26.
    case("002-added-concealed-triplet-simples-self-drawn-stays-concealed", "002",
         "Concealed triplets: ... Simples\t+4",
         "[123m] 44p 789p 234s 55s +4p", ctx(self_drawn=True),
         total=26, points=26, doubles=0, lines=L(CTS, W, SD)),

    # --- "Concealed triplets: Terminals/honors +8" -------------------------------------
    # 999p concealed +8, 20 = 28.
    case("002-added-concealed-triplet-terminal-8", "002",
         "Concealed triplets: ... Terminals/honors\t+8",
         "[123m] 999p 456p 23s 55s +4s", total=28, points=28, doubles=0, lines=L(CTT, W)),
    # near miss: 999p completed by the discarded 9p counts as melded: +4, 24.
    case("002-added-concealed-triplet-terminal-near-miss-discard", "002",
         "Concealed triplets: ... Terminals/honors\t+8",
         "[123m] 99p 456p 234s 55s +9p", total=24, points=24, doubles=0, lines=L(MTT, W)),

    # --- "Melded fours: Simples +8" ----------------------------------------------------
    case("002-added-melded-four-simples-8", "002", "Melded fours: ... Simples\t+8",
         "[2222m] 456p 789p 23s 55s +4s", total=28, points=28, doubles=0, lines=L(MFS, W)),
    # --- "Melded fours: Terminals/honors +16" ------------------------------------------
    case("002-added-melded-four-terminal-16", "002", "Melded fours: ... Terminals/honors\t+16",
         "[1111m] 456p 789p 23s 55s +4s", total=36, points=36, doubles=0, lines=L(MFT, W)),
    # North is an honour, not lucky here: +16, 36.
    case("002-added-melded-four-honour-16", "002", "Melded fours: ... Terminals/honors\t+16",
         "[4444z] 456p 789p 23s 55s +4s", total=36, points=36, doubles=0, lines=L(MFT, W)),
    # near miss: a melded triplet of 1m, not a four: +4, 24.
    case("002-added-melded-four-terminal-near-miss-triplet", "002",
         "Melded fours: ... Terminals/honors\t+16",
         "[111m] 456p 789p 23s 55s +4s", total=24, points=24, doubles=0, lines=L(MTT, W)),

    # --- "Concealed fours: Simples +16" ------------------------------------------------
    # (2222m) concealed four +16, 20 = 36; [123p] is exposed, so no concealed-hand line.
    case("002-added-concealed-four-simples-16", "002", "Concealed fours: ... Simples\t+16",
         "(2222m) [123p] 789p 23s 55s +4s", total=36, points=36, doubles=0, lines=L(CFS, W)),
    # near miss: the same four melded: +8, 28.
    case("002-added-concealed-four-simples-near-miss-melded", "002",
         "Concealed fours: ... Simples\t+16",
         "[2222m] [123p] 789p 23s 55s +4s", total=28, points=28, doubles=0, lines=L(MFS, W)),
    # --- "Concealed fours: Terminals/honors +32" ---------------------------------------
    case("002-added-concealed-four-terminal-32", "002", "Concealed fours: ... Terminals/honors\t+32",
         "(9999m) [123p] 789p 23s 55s +4s", total=52, points=52, doubles=0, lines=L(CFT, W)),
    case("002-added-concealed-four-terminal-near-miss-melded", "002",
         "Concealed fours: ... Terminals/honors\t+32",
         "[9999m] [123p] 789p 23s 55s +4s", total=36, points=36, doubles=0, lines=L(MFT, W)),

    # --- "Pairs: Lucky tiles +2" -------------------------------------------------------
    # pair of white dragons +2, 20 = 22 (win on 4s, not on the pair).
    case("002-added-pair-lucky-dragon-2", "002", "Pairs: ... Lucky tiles\t+2",
         "[123m] 456p 789p 23s 55z +4s", total=22, points=22, doubles=0, lines=L(PL, W)),
    # pair of South = own wind: +2, 22.
    case("002-added-pair-lucky-own-wind-2", "002", "Pairs: ... Lucky tiles\t+2",
         "[123m] 456p 789p 23s 22z +4s", total=22, points=22, doubles=0, lines=L(PL, W)),
    # pair of East = prevailing wind: +2, 22.
    case("002-added-pair-lucky-prevailing-wind-2", "002", "Pairs: ... Lucky tiles\t+2",
         "[123m] 456p 789p 23s 11z +4s", total=22, points=22, doubles=0, lines=L(PL, W)),
    # near miss: pair of North, neither own nor prevailing: 0, so bare 20, "No points" x2 = 40.
    case("002-added-pair-lucky-near-miss-other-wind", "002", "Pairs: ... Lucky tiles\t+2",
         "[123m] 456p 789p 23s 44z +4s", total=40, points=20, doubles=1, lines=L(W, NP)),

    # --- "Pairs: Double wind +4" -------------------------------------------------------
    # East player in the East round: pair of East is the double wind: +4 (the rule
    # file's reading: not +2 +4), 24.
    case("002-added-pair-double-wind-4", "002", "Double wind\t+4",
         "[123m] 456p 789p 23s 11z +4s", EAST, total=24, points=24, doubles=0, lines=L(PDW, W)),
    # near miss: East player in the South round: East is own wind only: +2, 22.
    case("002-added-pair-double-wind-near-miss-own-only", "002", "Double wind\t+4",
         "[123m] 456p 789p 23s 11z +4s", {"seat_wind": "E", "prevailing_wind": "S"},
         total=22, points=22, doubles=0, lines=L(PL, W)),

    # --- "Last Tile of Hand: Self-drawn +2" --------------------------------------------
    # self-drawn +2, 20 = 22; the [123m] keeps the hand exposed so no x2; 22 is not the
    # bare 20, so no "No points" either.
    case("002-added-self-drawn-2", "002", "Last Tile of Hand ... Self-drawn\t+2",
         "[123m] 456p 789p 23s 55s +4s", ctx(self_drawn=True),
         total=22, points=22, doubles=0, lines=L(W, SD)),
    # near miss: the same tile from a discard: bare 20, "No points" x2 = 40.
    case("002-added-self-drawn-near-miss-discard", "002", "Last Tile of Hand ... Self-drawn\t+2",
         "[123m] 456p 789p 23s 55s +4s", total=40, points=20, doubles=1, lines=L(W, NP)),

    # --- "One-chance +2" ---------------------------------------------------------------
    # "the middle of a sequence": 24s + 3s: 20 + 2 = 22.
    case("002-added-one-chance-middle", "002", "One-chance\t+2 ... the middle of a sequence",
         "[123m] 456p 789p 24s 55s +3s", total=22, points=22, doubles=0, lines=L(W, OC)),
    # "the 3 of 1-2-3": 12s + 3s: 22.
    case("002-added-one-chance-3-of-123", "002", "One-chance\t+2 ... the 3 of 1-2-3",
         "[123m] 456p 789p 12s 55s +3s", total=22, points=22, doubles=0, lines=L(W, OC)),
    # "the 7 of 7-8-9": 89s + 7s: 22.
    case("002-added-one-chance-7-of-789", "002", "One-chance\t+2 ... the 7 of 7-8-9",
         "[123m] 456p 789p 89s 55s +7s", total=22, points=22, doubles=0, lines=L(W, OC)),
    # "the match of a pair": 234s 5s + 5s: 22.
    case("002-added-one-chance-match-of-pair", "002", "One-chance\t+2 ... the match of a pair",
         "[123m] 456p 789p 234s 5s +5s", total=22, points=22, doubles=0, lines=L(W, OC)),
    # near miss: 23s + 1s (the 1 of 1-2-3, a two-sided wait): bare 20, x2 = 40.
    case("002-added-one-chance-near-miss-1-of-123", "002", "One-chance\t+2 ... the 3 of 1-2-3",
         "[123m] 456p 789p 23s 55s +1s", total=40, points=20, doubles=1, lines=L(W, NP)),
    # near miss: 78s + 9s (the 9 of 7-8-9): 40.
    case("002-added-one-chance-near-miss-9-of-789", "002", "One-chance\t+2 ... the 7 of 7-8-9",
         "[123m] 456p 789p 78s 55s +9s", total=40, points=20, doubles=1, lines=L(W, NP)),
    # near miss: 45s + 3s makes 3-4-5 (an end of a two-sided wait): 40.
    case("002-added-one-chance-near-miss-3-of-345", "002", "One-chance\t+2 ... the 3 of 1-2-3",
         "[123m] 456p 789p 45s 22s +3s", total=40, points=20, doubles=1, lines=L(W, NP)),

    # --- "Concealed Hand: With discarded tile +10" -------------------------------------
    # nothing exposed, won on a discard: 20 + 10 = 30 (not bare 20: no "No points").
    case("002-added-concealed-discard-10", "002", "Concealed Hand ... With discarded tile\t+10",
         "123m 456p 789p 23s 55s +4s", total=30, points=30, doubles=0, lines=L(W, CD)),
    # a declared concealed kong keeps the hand concealed: 20 + 16 + 10 = 46.
    case("002-added-concealed-discard-with-concealed-kong", "002",
         "Concealed Hand ... With discarded tile\t+10",
         "(2222m) 456p 789p 23s 55s +4s", total=46, points=46, doubles=0, lines=L(CFS, W, CD)),
    # near miss: an exposed [123m]: bare 20, "No points" x2 = 40.
    case("002-added-concealed-discard-near-miss-exposed", "002",
         "Concealed Hand ... With discarded tile\t+10",
         "[123m] 456p 789p 23s 55s +4s", total=40, points=20, doubles=1, lines=L(W, NP)),
    # near miss: concealed but self-drawn: the +10 is for a discard; instead self-drawn
    # +2 and "Concealed Hand With self-drawn tile x2": 22 x2 = 44.
    case("002-added-concealed-discard-near-miss-self-drawn", "002",
         "Concealed Hand ... With discarded tile\t+10",
         "123m 456p 789p 23s 55s +4s", ctx(self_drawn=True),
         total=44, points=22, doubles=1, lines=L(W, SD, CSD)),
]


# ======================================================================= 2. MULTIPLIED
MULTIPLIED = [
    # --- "Lucky Sets: Lucky triplet or four x2" ----------------------------------------
    # [555z] white dragons melded +4, 20 = 24, lucky x2 = 48.
    case("002-mult-lucky-triplet-dragon-x2", "002", "Lucky triplet or four\tx2",
         "[555z] 123m 456p 23s 99s +4s", total=48, points=24, doubles=1, lines=L(MTT, LS, W)),
    # [222z] own wind South: 24 x2 = 48.
    case("002-mult-lucky-triplet-own-wind-x2", "002", "Lucky triplet or four\tx2",
         "[222z] 123m 456p 23s 99s +4s", total=48, points=24, doubles=1, lines=L(MTT, LS, W)),
    # [111z] prevailing wind East: 24 x2 = 48.
    case("002-mult-lucky-triplet-prevailing-wind-x2", "002", "Lucky triplet or four\tx2",
         "[111z] 123m 456p 23s 99s +4s", total=48, points=24, doubles=1, lines=L(MTT, LS, W)),
    # a lucky four: [6666z] green dragons +16, 20 = 36, x2 = 72.
    case("002-mult-lucky-four-x2", "002", "Lucky triplet or four\tx2",
         "[6666z] 123m 456p 23s 99s +4s", total=72, points=36, doubles=1, lines=L(MFT, LS, W)),
    # a concealed lucky triplet 777z +8, 20 = 28, x2 = 56.
    case("002-mult-lucky-triplet-concealed-x2", "002", "Lucky triplet or four\tx2",
         "[123m] 777z 456p 23s 99s +4s", total=56, points=28, doubles=1, lines=L(CTT, LS, W)),
    # near miss: [444z] North is no lucky tile: 24, no double.
    case("002-mult-lucky-triplet-near-miss-other-wind", "002", "Lucky triplet or four\tx2",
         "[444z] 123m 456p 23s 99s +4s", total=24, points=24, doubles=0, lines=L(MTT, W)),

    # --- "Double wind triplet or four x4" ----------------------------------------------
    # East player, East round: [111z] +4, 20 = 24, x4 = 96.
    case("002-mult-double-wind-triplet-x4", "002", "Double wind triplet or four\tx4",
         "[111z] 123m 456p 23s 99s +4s", EAST, total=96, points=24, doubles=2,
         lines=L(MTT, DWS, W)),
    # (1111z) concealed four of the double wind +32, 20 = 52, x4 = 208.
    case("002-mult-double-wind-four-x4", "002", "Double wind triplet or four\tx4",
         "(1111z) [123m] 456p 23s 99s +4s", EAST, total=208, points=52, doubles=2,
         lines=L(CFT, DWS, W)),
    # near miss: a South player: East is only the prevailing wind: x2, 48.
    case("002-mult-double-wind-near-miss-prevailing-only", "002", "Double wind triplet or four\tx4",
         "[111z] 123m 456p 23s 99s +4s", total=48, points=24, doubles=1, lines=L(MTT, LS, W)),

    # --- "Concealed Hand: With self-drawn tile x2" -------------------------------------
    # 20 + self-drawn 2 = 22, x2 = 44.
    case("002-mult-concealed-self-drawn-x2", "002", "With self-drawn tile\tx2",
         "123m 456p 789p 23s 55s +4s", ctx(self_drawn=True),
         total=44, points=22, doubles=1, lines=L(W, SD, CSD)),
    # concealed kong allowed: 20 + 16 + 2 = 38, x2 = 76.
    case("002-mult-concealed-self-drawn-with-concealed-kong", "002", "With self-drawn tile\tx2",
         "(2222m) 456p 789p 23s 55s +4s", ctx(self_drawn=True),
         total=76, points=38, doubles=1, lines=L(CFS, W, SD, CSD)),
    # near miss: exposed [123m]: 22, no double.
    case("002-mult-concealed-self-drawn-near-miss-exposed", "002", "With self-drawn tile\tx2",
         "[123m] 456p 789p 23s 55s +4s", ctx(self_drawn=True),
         total=22, points=22, doubles=0, lines=L(W, SD)),

    # --- "Four triplets, including fours: 0, 1 or 2 concealed x2" ----------------------
    # 0 concealed: [222m][333p][444s] +2 each, 666m completed by a discard = melded +2,
    # 99s pair 0: 20 + 8 = 28, x2 = 56.
    case("002-mult-four-triplets-0-concealed-x2", "002",
         "Four triplets, including fours ... 0, 1 or 2 concealed\tx2",
         "[222m] [333p] [444s] 66m 99s +6m", total=56, points=28, doubles=1, lines=L(MTS, W, FT)),
    # 1 concealed: three melded +6, 666m concealed +4, one-chance (pair) +2: 32, x2 = 64.
    case("002-mult-four-triplets-1-concealed-x2", "002",
         "Four triplets, including fours ... 0, 1 or 2 concealed\tx2",
         "[222m] [333p] [444s] 666m 9s +9s", total=64, points=32, doubles=1,
         lines=L(MTS, CTS, W, OC, FT)),
    # 2 concealed: +2 +2 +4 +4 + one-chance 2 = 34, x2 = 68.
    case("002-mult-four-triplets-2-concealed-x2", "002",
         "Four triplets, including fours ... 0, 1 or 2 concealed\tx2",
         "[222m] [333p] 444s 666m 9s +9s", total=68, points=34, doubles=1,
         lines=L(MTS, CTS, W, OC, FT)),
    # "including fours": [2222m] +8, [333p] +2, [444s] +2, 666m +4, one-chance 2: 38, x2 = 76.
    case("002-mult-four-triplets-including-fours-x2", "002",
         "Four triplets, including fours ... 0, 1 or 2 concealed\tx2",
         "[2222m] [333p] [444s] 666m 9s +9s", total=76, points=38, doubles=1,
         lines=L(MFS, MTS, CTS, W, OC, FT)),
    # near miss: [456s] is a sequence: three triplets only: 20 +2 +2 +4 +2 = 30.
    case("002-mult-four-triplets-near-miss-a-sequence", "002",
         "Four triplets, including fours ... 0, 1 or 2 concealed\tx2",
         "[222m] [333p] [456s] 666m 9s +9s", total=30, points=30, doubles=0,
         lines=L(MTS, CTS, W, OC)),

    # --- "Four triplets ... 3 concealed x4" --------------------------------------------
    # [222m] +2, 333p 444s 666m +4 each, one-chance 2: 36, x4 = 144.
    case("002-mult-four-triplets-3-concealed-x4", "002", "3 concealed\tx4",
         "[222m] 333p 444s 666m 9s +9s", total=144, points=36, doubles=2,
         lines=L(MTS, CTS, W, OC, FT3)),
    # self-drawn completing 666m keeps it concealed: 20 +2 +4+4+4 + self-drawn 2 = 36, x4 = 144.
    case("002-mult-four-triplets-3-concealed-self-drawn", "002", "3 concealed\tx4",
         "[222m] 333p 444s 66m 99s +6m", ctx(self_drawn=True), total=144, points=36, doubles=2,
         lines=L(MTS, CTS, W, SD, FT3)),
    # a concealed four counts: [222m] +2, (3333p) +16, 444s 666m +4 +4, one-chance 2: 48, x4 = 192.
    case("002-mult-four-triplets-3-concealed-with-concealed-four", "002", "3 concealed\tx4",
         "[222m] (3333p) 444s 666m 9s +9s", total=192, points=48, doubles=2,
         lines=L(MTS, CFS, CTS, W, OC, FT3)),
    # near miss: the discarded 6m makes 666m melded: 2 concealed: 20 +2 +4 +4 +2 = 32, x2 = 64.
    case("002-mult-four-triplets-3-concealed-near-miss-discard", "002", "3 concealed\tx4",
         "[222m] 333p 444s 66m 99s +6m", total=64, points=32, doubles=1, lines=L(MTS, CTS, W, FT)),

    # --- "Four triplets ... 4 concealed limit*" ----------------------------------------
    # 222m 333p 444s 666m concealed +16, pair completed by a discard ("pair may include
    # discarded tile"), concealed-discard +10, one-chance +2: 48; limit: 500.
    case("002-mult-four-triplets-4-concealed-limit", "002",
         "4 concealed\tlimit* ... 4 Concealed Triplets\tAll triplets hidden, pair may include discarded tile",
         "222m 333p 444s 666m 9s +9s", total=LIMIT, points=48, doubles=0,
         lines=L(CTS, W, OC, CD, FCT), limit=1, special=FCT),
    # with a concealed four: (2222m) +16, +4 +4 +4, +10, +2: 60; limit 500 (a kong and a
    # discard: not 003's Buried Treasure).
    case("002-mult-four-triplets-4-concealed-including-four", "002",
         "Four triplets, including fours ... 4 concealed\tlimit*",
         "(2222m) 333p 444s 666m 9s +9s", total=LIMIT, points=60, doubles=0,
         lines=L(CFS, CTS, W, OC, CD, FCT), limit=1, special=FCT),
    # near miss: the discard completes 666m (melded): 3 concealed: 20 +4+4+4 +2 +10 = 44, x4 = 176.
    case("002-mult-four-triplets-4-concealed-near-miss-discard-on-triplet", "002",
         "4 Concealed Triplets\tAll triplets hidden, pair may include discarded tile",
         "222m 333p 444s 66m 99s +6m", total=176, points=44, doubles=2,
         lines=L(CTS, MTS, W, CD, FT3)),

    # --- "Three concealed triplets with one sequence x2" -------------------------------
    # 333p 444s 666m +12, one-chance 2, 20: 34, x2 = 68.
    case("002-mult-three-concealed-one-sequence-x2", "002",
         "Three concealed triplets with one sequence\tx2",
         "[123m] 333p 444s 666m 9s +9s", total=68, points=34, doubles=1,
         lines=L(CTS, W, OC, TC1)),
    # all concealed, on a discard: 20 + 12 + 10 + 2 = 44, x2 = 88.
    case("002-mult-three-concealed-one-sequence-concealed-hand", "002",
         "Three concealed triplets with one sequence\tx2",
         "123m 333p 444s 666m 9s +9s", total=88, points=44, doubles=1,
         lines=L(CTS, W, OC, CD, TC1)),
    # a concealed four is one of them: (3333p) +16, +4 +4, +2, 20 = 46, x2 = 92.
    case("002-mult-three-concealed-one-sequence-with-concealed-four", "002",
         "Three concealed triplets with one sequence\tx2",
         "[123m] (3333p) 444s 666m 9s +9s", total=92, points=46, doubles=1,
         lines=L(CFS, CTS, W, OC, TC1)),
    # near miss: a discard completes 666m: only two concealed: 20 +4 +4 +2 = 30.
    case("002-mult-three-concealed-one-sequence-near-miss", "002",
         "Three concealed triplets with one sequence\tx2",
         "[123m] 333p 444s 66m 99s +6m", total=30, points=30, doubles=0, lines=L(CTS, MTS, W)),

    # --- "Ways of Going Out: Last tile of wall x2" -------------------------------------
    # [222m] +2, self-drawn +2, 20 = 24, x2 = 48.
    case("002-mult-last-tile-of-wall-x2", "002", "Last tile of wall\tx2",
         "[222m] 456p 789p 23s 55s +4s", ctx(self_drawn=True, last_tile=True),
         total=48, points=24, doubles=1, lines=L(MTS, W, SD, "last-tile")),
    case("002-mult-last-tile-of-wall-near-miss", "002", "Last tile of wall\tx2",
         "[222m] 456p 789p 23s 55s +4s", ctx(self_drawn=True),
         total=24, points=24, doubles=0, lines=L(MTS, W, SD)),

    # --- "Last discarded tile x2" ------------------------------------------------------
    # [222m] +2, 20 = 22, x2 = 44.
    case("002-mult-last-discard-x2", "002", "Last discarded tile\tx2",
         "[222m] 456p 789p 23s 55s +4s", ctx(last_discard=True),
         total=44, points=22, doubles=1, lines=L(MTS, W, "last-discard")),
    # stacking with "No points": bare 20, x2 x2 = 80.
    case("002-mult-last-discard-and-no-points", "002", "Last discarded tile\tx2 ... No points\tx2",
         "[123m] 456p 789p 23s 55s +4s", ctx(last_discard=True),
         total=80, points=20, doubles=2, lines=L(W, "last-discard", NP)),
    case("002-mult-last-discard-near-miss", "002", "Last discarded tile\tx2",
         "[222m] 456p 789p 23s 55s +4s", total=22, points=22, doubles=0, lines=L(MTS, W)),

    # --- "Robbing a kong x2" -----------------------------------------------------------
    # [222m] +2, 20 = 22, x2 = 44.
    case("002-mult-robbing-kong-x2", "002", "Robbing a kong\tx2",
         "[222m] 456p 789p 23s 55s +4s", ctx(robbing_kong=True),
         total=44, points=22, doubles=1, lines=L(MTS, W, "robbing-kong")),
    # a robbed tile is not self-drawn: a concealed hand gets the +10:
    # 222m concealed +4, +10, 20 = 34, x2 = 68.
    case("002-mult-robbing-kong-concealed-hand", "002", "Robbing a kong\tx2",
         "222m 456p 789p 23s 55s +4s", ctx(robbing_kong=True),
         total=68, points=34, doubles=1, lines=L(CTS, W, CD, "robbing-kong")),
    case("002-mult-robbing-kong-near-miss", "002", "Robbing a kong\tx2",
         "[222m] 456p 789p 23s 55s +4s", total=22, points=22, doubles=0, lines=L(MTS, W)),

    # --- "Supplement tile (after kong) x2" ---------------------------------------------
    # [2222m] +8, self-drawn +2, 20 = 30, x2 = 60.
    case("002-mult-supplement-tile-after-kong-x2", "002", "Supplement tile (after kong)\tx2",
         "[2222m] 456p 789p 23s 55s +4s", ctx(self_drawn=True, replacement="kong"),
         total=60, points=30, doubles=1, lines=L(MFS, W, SD, "supplement-tile")),
    # near miss: the loose tile after a flower is not "after kong": 30.
    case("002-mult-supplement-tile-near-miss-after-bonus", "002", "Supplement tile (after kong)\tx2",
         "[2222m] 456p 789p 23s 55s +4s", ctx(self_drawn=True, replacement="bonus"),
         total=30, points=30, doubles=0, lines=L(MFS, W, SD)),
    case("002-mult-supplement-tile-near-miss-wall", "002", "Supplement tile (after kong)\tx2",
         "[2222m] 456p 789p 23s 55s +4s", ctx(self_drawn=True),
         total=30, points=30, doubles=0, lines=L(MFS, W, SD)),

    # --- "Special inclusions: Three consecutive sequences x2" --------------------------
    # [123m] 456m 789m, white pair +2, 20 = 22, x2 = 44.
    case("002-mult-three-consecutive-sequences-x2", "002", "Three consecutive sequences\tx2",
         "[123m] 456m 789m 23s 55z +4s", total=44, points=22, doubles=1, lines=L(PL, W, TCS)),
    # near miss: 7-8-9 in another suit: 22.
    case("002-mult-three-consecutive-sequences-near-miss-two-suits", "002",
         "Three consecutive sequences\tx2",
         "[123m] 456m 789p 23s 55z +4s", total=22, points=22, doubles=0, lines=L(PL, W)),

    # --- "No points x2" ----------------------------------------------------------------
    case("002-mult-no-points-x2", "002",
         "No points\tx2 ... No Points means only the bare 20 was earned",
         "[123m] 456p 789p 23s 55s +4s", total=40, points=20, doubles=1, lines=L(W, NP)),
    # near miss: a set worth points: [222m] +2: 22, no x2.
    case("002-mult-no-points-near-miss-set-points", "002",
         "No Points means only the bare 20 was earned",
         "[222m] 456p 789p 23s 55s +4s", total=22, points=22, doubles=0, lines=L(MTS, W)),
    # near miss: the +10 of a concealed hand on a discard is earned too: 30, no x2.
    case("002-mult-no-points-near-miss-concealed-10", "002",
         "No Points means only the bare 20 was earned",
         "123m 456p 789p 23s 55s +4s", total=30, points=30, doubles=0, lines=L(W, CD)),
    # near miss: one-chance +2: 22.
    case("002-mult-no-points-near-miss-one-chance", "002",
         "No Points means only the bare 20 was earned",
         "[123m] 456p 789p 24s 55s +3s", total=22, points=22, doubles=0, lines=L(W, OC)),

    # --- "Consistency: All simples x2" -------------------------------------------------
    # [222m] +2, 20 = 22, x2 = 44.
    case("002-mult-all-simples-x2", "002", "All simples\tx2",
         "[222m] 456p 678p 23s 55s +4s", total=44, points=22, doubles=1, lines=L(MTS, W, AS)),
    # stacking with "No points": 20 x2 x2 = 80.
    case("002-mult-all-simples-and-no-points", "002", "All simples\tx2 ... No points\tx2",
         "[234m] 456p 678p 23s 55s +4s", total=80, points=20, doubles=2, lines=L(W, NP, AS)),
    # near miss: a 9p in 789p: 22.
    case("002-mult-all-simples-near-miss-a-nine", "002", "All simples\tx2",
         "[222m] 456p 789p 23s 55s +4s", total=22, points=22, doubles=0, lines=L(MTS, W)),

    # --- "All terminals and honors x2" -------------------------------------------------
    # [111m] [999p] [444z] +4 each, 111s concealed +8, 99s pair 0, one-chance 2, 20: 42;
    # four triplets (1 concealed) x2, all terminals and honours x2: 42 x4 = 168.
    case("002-mult-all-terminals-and-honours-x2", "002", "All terminals and honors\tx2",
         "[111m] [999p] [444z] 111s 9s +9s", total=168, points=42, doubles=2,
         lines=L(MTT, CTT, W, OC, FT, ATH)),
    # near miss: [789p] is a sequence with a terminal, so only "Terminal or honor in each
    # set" x2: 20 +4 +0 +4 +8 +2 = 38, x2 = 76.
    case("002-mult-all-terminals-and-honours-near-miss-sequence", "002",
         "All terminals and honors\tx2",
         "[111m] [789p] [444z] 111s 9s +9s", total=76, points=38, doubles=1,
         lines=L(MTT, CTT, W, OC, TH)),

    # --- "Terminal or honor in each set x2" --------------------------------------------
    # 123m, 789p, 999m (+8 concealed), 123s, East pair (prevailing, +2) won on East
    # (one-chance +2): 20 + 8 + 2 + 2 = 32, x2 = 64.
    case("002-mult-terminal-or-honour-each-set-x2", "002", "Terminal or honor in each set\tx2",
         "[123m] 789p 999m 123s 1z +1z", total=64, points=32, doubles=1,
         lines=L(CTT, PL, W, OC, TH)),
    # near miss: [234m] has neither: 32.
    case("002-mult-terminal-or-honour-each-set-near-miss", "002", "Terminal or honor in each set\tx2",
         "[234m] 789p 999m 123s 1z +1z", total=32, points=32, doubles=0, lines=L(CTT, PL, W, OC)),

    # --- "One suit with honors x2" -----------------------------------------------------
    # characters and West/North: 444z concealed +8 (North, not lucky), West pair 0,
    # one-chance 2, 20: 30, x2 = 60.
    case("002-mult-one-suit-with-honours-x2", "002", "One suit with honors\tx2",
         "[123m] 456m 678m 444z 3z +3z", total=60, points=30, doubles=1, lines=L(CTT, W, OC, OSH)),
    # near miss: [123p] is a second suit: 30.
    case("002-mult-one-suit-with-honours-near-miss-two-suits", "002", "One suit with honors\tx2",
         "[123p] 456m 678m 444z 3z +3z", total=30, points=30, doubles=0, lines=L(CTT, W, OC)),

    # --- "One suit only x16" -----------------------------------------------------------
    # 222m concealed +4, 99m pair won (one-chance +2), 20: 26, x16 = 416.
    case("002-mult-one-suit-only-x16", "002", "One suit only\tx16",
         "[123m] 456m 678m 222m 9m +9m", total=416, points=26, doubles=4, lines=L(CTS, W, OC, OSO)),
    # near miss: [123p]: 26.
    case("002-mult-one-suit-only-near-miss-two-suits", "002", "One suit only\tx16",
         "[123p] 456m 678m 222m 9m +9m", total=26, points=26, doubles=0, lines=L(CTS, W, OC)),

    # --- "Little three dragons x2" -----------------------------------------------------
    # [555z] [666z] +4 +4, red pair +2, one-chance +2, 20: 32; lucky x2 x2, little three
    # dragons x2: 32 x8 = 256.
    case("002-mult-little-three-dragons-x2", "002",
         "Little three dragons\tx2 ... 1 triplet of each of two Dragons and a pair of the third",
         "[555z] [666z] 123m 456p 7z +7z", total=256, points=32, doubles=3,
         lines=L(MTT, LS, PL, W, OC, L3D)),
    # near miss: the pair is 1s, not the third dragon: 20 +4 +4 +2 = 30, x4 = 120.
    case("002-mult-little-three-dragons-near-miss", "002",
         "1 triplet of each of two Dragons and a pair of the third",
         "[555z] [666z] 123m 456p 1s +1s", total=120, points=30, doubles=2, lines=L(MTT, LS, W, OC)),
]


# ======================================================================= LIMIT HANDS 002
LIMITS_002 = [
    # --- "Big Three Dragons: 3 of each Dragon" -----------------------------------------
    # three melded dragon triplets +12, 1s pair won (one-chance +2), 20: 34, x8 = 272,
    # but a limit hand: 500.
    case("002-limit-big-three-dragons", "002", "Big Three Dragons\t3 of each Dragon",
         "[555z] [666z] [777z] 234m 1s +1s", total=LIMIT, points=34, doubles=3,
         lines=L(MTT, LS, W, OC, "big-three-dragons"), limit=1, special="big-three-dragons"),
    # near miss: little three dragons, 256 (see MULTIPLIED).

    # --- "Little Four Winds: 3 of each of 3 Winds, pair of the fourth" -----------------
    # [111z] [222z] [333z] +12, North pair 0, one-chance 2, 20: 34; East and South lucky
    # x2 x2, characters with honours x2: 34 x8 = 272 -> limit hand: 500.
    case("002-limit-little-four-winds", "002",
         "Little Four Winds\t3 of each of 3 Winds, pair of the fourth",
         "[111z] [222z] [333z] 234m 4z +4z", total=LIMIT, points=34, doubles=3,
         lines=L(MTT, LS, W, OC, OSH, "little-four-winds"), limit=1, special="little-four-winds"),
    # near miss: only two wind triplets: 20 +4 +4 +2 = 30, x4 = 120.
    case("002-limit-little-four-winds-near-miss", "002",
         "Little Four Winds\t3 of each of 3 Winds, pair of the fourth",
         "[111z] [222z] 234p 234m 4z +4z", total=120, points=30, doubles=2, lines=L(MTT, LS, W, OC)),

    # --- "Big Four Winds: 3 of each of 4 Winds" ----------------------------------------
    # three melded +12, 444z concealed +8, 9m pair won +2, 20: 42; lucky x2 x2, four
    # triplets x2, all terminals and honours x2, one suit with honours x2: 5 doubles.
    case("002-limit-big-four-winds", "002", "Big Four Winds\t3 of each of 4 Winds",
         "[111z] [222z] [333z] 444z 9m +9m", total=LIMIT, points=42, doubles=5,
         lines=L(MTT, CTT, LS, W, OC, FT, ATH, OSH, "big-four-winds"), limit=1,
         special="big-four-winds"),
    # near miss: little four winds (limit, but the other limit hand).
    case("002-limit-big-four-winds-near-miss-little", "002", "Big Four Winds\t3 of each of 4 Winds",
         "[111z] [222z] [333z] 234m 4z +4z", total=LIMIT, points=34, doubles=3,
         lines=L(MTT, LS, W, OC, OSH, "little-four-winds"), limit=1, special="little-four-winds"),

    # --- "All Honors: Only Wind and Dragon Tiles" --------------------------------------
    # [111z] [333z] +8, 555z 666z +16, North pair 0, one-chance 2, 20: 46; lucky East,
    # white, green x2 each, four triplets x2, all terminals and honours x2: 5 doubles.
    case("002-limit-all-honours", "002", "All Honors\tOnly Wind and Dragon Tiles",
         "[111z] [333z] 555z 666z 4z +4z", total=LIMIT, points=46, doubles=5,
         lines=L(MTT, CTT, LS, W, OC, FT, ATH, "all-honours"), limit=1, special="all-honours"),
    # near miss (and a capped hand): a 9m pair: 46 points, 6 doubles (one suit with
    # honours too): 46 x64 = 2944, capped at the limit 500; no limit hand.
    case("002-limit-all-honours-near-miss-capped", "002", "All Honors\tOnly Wind and Dragon Tiles",
         "[111z] [333z] 555z 666z 9m +9m", total=LIMIT, points=46, doubles=6,
         lines=L(MTT, CTT, LS, W, OC, FT, ATH, OSH), limit=1, special=None),

    # --- "All Terminals: Only 1's and 9's - four triplets and a pair" -----------------
    # [111m] [999m] +8, 111p 999s +16, 9p pair won +2, 20: 46; four triplets x2, all
    # terminals and honours x2: 46 x4 = 184 -> limit hand: 500.
    case("002-limit-all-terminals", "002", "All Terminals\tOnly 1's and 9's",
         "[111m] [999m] 111p 999s 9p +9p", total=LIMIT, points=46, doubles=2,
         lines=L(MTT, CTT, W, OC, FT, ATH, "all-terminals"), limit=1, special="all-terminals"),
    # near miss: an East pair: 20 +8 +16 +2 (lucky) +2 = 48, x4 = 192.
    case("002-limit-all-terminals-near-miss-honour-pair", "002", "All Terminals\tOnly 1's and 9's",
         "[111m] [999m] 111p 999s 1z +1z", total=192, points=48, doubles=2,
         lines=L(MTT, CTT, PL, W, OC, FT, ATH)),

    # --- "Heavenly Hand: Dealer goes out with hand dealt" ------------------------------
    # East dealer, self-drawn: 20 + 2 = 22, concealed self-drawn x2 = 44 -> limit: 500.
    case("002-limit-heavenly-hand", "002", "Heavenly Hand\tDealer goes out with hand dealt",
         "123m 456p 789s 23s 55s +4s", ctx(EAST, self_drawn=True, heaven=True),
         total=LIMIT, points=22, doubles=1, lines=L(W, SD, CSD, "heavenly-hand"),
         limit=1, special="heavenly-hand"),
    # near miss: the same win later in the hand: 44.
    case("002-limit-heavenly-hand-near-miss", "002", "Heavenly Hand\tDealer goes out with hand dealt",
         "123m 456p 789s 23s 55s +4s", ctx(EAST, self_drawn=True),
         total=44, points=22, doubles=1, lines=L(W, SD, CSD)),

    # --- "Earthly Hand: Non-dealer goes out on dealer's first discard or self-drawn in 1st turn"
    # on the dealer's first discard: 20 + 10 = 30 -> limit: 500.
    case("002-limit-earthly-hand-first-discard", "002",
         "Earthly Hand\tNon-dealer goes out on dealer's first discard",
         "123m 456p 789s 23s 55s +4s", ctx(earth=True),
         total=LIMIT, points=30, doubles=0, lines=L(W, CD, "earthly-hand"),
         limit=1, special="earthly-hand"),
    # "or self-drawn in 1st turn": 20 + 2 = 22, x2 = 44 -> 500.
    case("002-limit-earthly-hand-self-drawn-first-turn", "002", "or self-drawn in 1st turn",
         "123m 456p 789s 23s 55s +4s", ctx(earth=True, self_drawn=True),
         total=LIMIT, points=22, doubles=1, lines=L(W, SD, CSD, "earthly-hand"),
         limit=1, special="earthly-hand"),
    # near miss: a later discard: 30.
    case("002-limit-earthly-hand-near-miss", "002",
         "Earthly Hand\tNon-dealer goes out on dealer's first discard",
         "123m 456p 789s 23s 55s +4s", total=30, points=30, doubles=0, lines=L(W, CD)),

    # --- "Nine Gates: All same suit, three 1's, 2-8, three 9's, plus one tile ..." -----
    # 111m 234m 55m 678m 999m, won on 5m from a discard: 111m 999m +16, 55m pair
    # one-chance +2, concealed-discard +10, 20: 48; one suit only x16 -> limit: 500.
    case("002-limit-nine-gates-discard", "002",
         "Nine Gates\tAll same suit, three 1's, 2-8, three 9's, plus one tile which matches any of these",
         "1112345678999m +5m", total=LIMIT, points=48, doubles=4,
         lines=L(CTT, W, OC, CD, OSO, "nine-gates"), limit=1, special="nine-gates"),
    # self-drawn: 16 + 2 + 2 + 20 = 40; concealed self-drawn x2, one suit x16: 5 doubles.
    case("002-limit-nine-gates-self-drawn", "002",
         "Nine Gates\tAll same suit, three 1's, 2-8, three 9's, plus one tile which matches any of these",
         "1112345678999m +5m", ctx(self_drawn=True), total=LIMIT, points=40, doubles=5,
         lines=L(CTT, W, SD, OC, CSD, OSO, "nine-gates"), limit=1, special="nine-gates"),
    # near miss: "must be concealed except last tile": [111m] exposed: 20 +4 +8 +2 = 34,
    # x16 = 544, capped at 500; not the limit hand.
    case("002-limit-nine-gates-near-miss-exposed", "002", "must be concealed except last tile",
         "[111m] 2345678999m +5m", total=LIMIT, points=34, doubles=4,
         lines=L(MTT, CTT, W, OC, OSO), limit=1, special=None),

    # --- "Thirteen Orphans ... plus one tile which matches any of these." --------------
    # won on 1m from a discard (the match of a pair: one-chance +2), concealed +10, 20:
    # 32; all terminals and honours x2 -> limit: 500.
    case("002-limit-thirteen-orphans-discard", "002",
         "Thirteen Orphans\tThree different Dragons, four different Winds, three different 1's, three different 9's",
         "19m19p19s1234567z +1m", total=LIMIT, points=32, doubles=1,
         lines=L(W, OC, CD, ATH, "thirteen-orphans"), limit=1, special="thirteen-orphans"),
    # self-drawn on the lone red dragon: 20 + 2 = 22; concealed self-drawn x2, all
    # terminals and honours x2 -> 500.
    case("002-limit-thirteen-orphans-self-drawn", "002",
         "all but last tile must be concealed",
         "119m19p19s123456z +7z", ctx(self_drawn=True), total=LIMIT, points=22, doubles=2,
         lines=L(W, SD, CSD, ATH, "thirteen-orphans"), limit=1, special="thirteen-orphans"),
    # near miss: a 2m instead of the second 1m: not a winning hand at all.
    case("002-limit-thirteen-orphans-near-miss-not-a-hand", "002", "Thirteen Orphans",
         "129m19p19s123456z +7z", raises=NotWinningError),
]


# ======================================================================= LIMIT HANDS 003
LIMITS_003 = [
    # --- #1 Heaven's Blessing ----------------------------------------------------------
    # as 002's Heavenly Hand: 22 points, x2 -> 500.
    case("003-01-heavens-blessing", "003",
         "When East immediately goes out with a mahjong hand, after having drawn his/her 14 first tiles",
         "123m 456p 789s 23s 55s +4s", ctx(EAST, self_drawn=True, heaven=True),
         total=LIMIT, points=22, doubles=1, lines=L(W, SD, CSD, "heavenly-hand"),
         limit=1, special="heavenly-hand"),
    # near miss: a non-dealer cannot have heaven's blessing: the context is refused.
    case("003-01-heavens-blessing-near-miss-non-dealer", "003", "When East immediately goes out",
         "123m 456p 789s 23s 55s +4s", ctx(self_drawn=True, heaven=True), raises=InvalidContextError),

    # --- #2 Earth's Blessing -----------------------------------------------------------
    # South claims East's first discard: 20 + 10 = 30 -> 500.
    case("003-02-earths-blessing", "003",
         "When either South, West or North player immediately goes out with a mahjong hand, by claiming the first discarded tile from East",
         "123m 456p 789s 23s 55s +4s", ctx(earth=True),
         total=LIMIT, points=30, doubles=0, lines=L(W, CD, "earthly-hand"),
         limit=1, special="earthly-hand"),
    # near miss: East (the dealer) cannot have earth's blessing: refused.
    case("003-02-earths-blessing-near-miss-dealer", "003", "When either South, West or North player",
         "123m 456p 789s 23s 55s +4s", ctx(EAST, earth=True), raises=InvalidContextError),

    # --- #3 The Thirteen Unique Wonders ------------------------------------------------
    # won on the 9s that pairs (one-chance +2), discard +10, 20: 32, x2 -> 500.
    case("003-03-thirteen-unique-wonders", "003",
         "One 1 and one 9 from each suit, one of each Dragon, one of each Wind, and a fourteenth tile",
         "19m19p19s1234567z +9s", total=LIMIT, points=32, doubles=1,
         lines=L(W, OC, CD, ATH, "thirteen-orphans"), limit=1, special="thirteen-orphans"),

    # --- #4 Catching the Moon from the bottom of the Sea -------------------------------
    # last tile of the wall, self-drawn, 1 of Dots: 20 + 2 = 22; last tile x2 -> limit
    # ("regardless of how the actual sets in hand score"): 500.
    case("003-04-moon-from-the-bottom-of-the-sea", "003",
         "When a player draws the last available tile from the \"live\" section of the Wall, this tile is 1 of Dots",
         "[123m] 456s 789s 23p 55s +1p", ctx(self_drawn=True, last_tile=True),
         total=LIMIT, points=22, doubles=1, lines=L(W, SD, "last-tile", "moon-from-the-sea"),
         limit=1, special="moon-from-the-sea"),
    # near miss: the last tile is the 4 of Dots: 22 x2 = 44.
    case("003-04-moon-near-miss-not-1-dots", "003", "this tile is 1 of Dots",
         "[123m] 456s 789s 23p 55s +4p", ctx(self_drawn=True, last_tile=True),
         total=44, points=22, doubles=1, lines=L(W, SD, "last-tile")),
    # near miss: 1 of Dots self-drawn but not the last tile: 22.
    case("003-04-moon-near-miss-not-last-tile", "003", "draws the last available tile",
         "[123m] 456s 789s 23p 55s +1p", ctx(self_drawn=True),
         total=22, points=22, doubles=0, lines=L(W, SD)),
    # near miss: 1 of Dots as the last *discard* (not drawn): bare 20, last discard x2,
    # no points x2: 80.
    case("003-04-moon-near-miss-last-discard", "003", "When a player draws the last available tile",
         "[123m] 456s 789s 23p 55s +1p", ctx(last_discard=True),
         total=80, points=20, doubles=2, lines=L(W, "last-discard", NP)),

    # --- #5 Gathering the Plum Blossom from the Roof -----------------------------------
    # 5 of Dots as the replacement after a kong: [2222m] +8, self-drawn +2, 20 = 30,
    # supplement tile x2 -> limit: 500.
    case("003-05-plum-blossom-after-kong", "003",
         "drawing the 5 of Dots tile as a replacement tile (for a Bonus tile or after having completed a kong)",
         "[2222m] 456s 789s 34p 55s +5p", ctx(self_drawn=True, replacement="kong"),
         total=LIMIT, points=30, doubles=1, lines=L(MFS, W, SD, "supplement-tile", "plum-blossom"),
         limit=1, special="plum-blossom"),
    # after a bonus tile: [222m] +2, +2, 20 = 24 -> 500.
    case("003-05-plum-blossom-after-bonus", "003", "(for a Bonus tile",
         "[222m] 456s 789s 34p 55s +5p", ctx(self_drawn=True, replacement="bonus"),
         total=LIMIT, points=24, doubles=0, lines=L(MTS, W, SD, "plum-blossom"),
         limit=1, special="plum-blossom"),
    # near miss: the replacement tile is the 6 of Dots: 30 x2 = 60.
    case("003-05-plum-blossom-near-miss-6-dots", "003", "the 5 of Dots tile as a replacement tile",
         "[2222m] 456s 789s 45p 55s +6p", ctx(self_drawn=True, replacement="kong"),
         total=60, points=30, doubles=1, lines=L(MFS, W, SD, "supplement-tile")),
    # near miss: the 5 of Dots drawn from the live wall: 30.
    case("003-05-plum-blossom-near-miss-not-replacement", "003", "as a replacement tile",
         "[2222m] 456s 789s 34p 55s +5p", ctx(self_drawn=True),
         total=30, points=30, doubles=0, lines=L(MFS, W, SD)),

    # --- #6 The Three great Scholars ---------------------------------------------------
    # kongs and claimed sets allowed: [5555z] +16, [666z] +4, 777z +8, 222p +4, 5m pair
    # won +2, 20: 54; lucky x2 x3, four triplets (2 concealed) x2 -> limit: 500.
    case("003-06-three-great-scholars", "003",
         "A pong or kong in all three Dragons, plus any pong or kong and any pair",
         "[5555z] [666z] 777z 222p 5m +5m", total=LIMIT, points=54, doubles=4,
         lines=L(MFT, MTT, CTT, CTS, LS, W, OC, FT, "big-three-dragons"), limit=1,
         special="big-three-dragons"),
    # near miss: two dragons and the third as a pair: little three dragons, not the limit:
    # [5555z] +16, [666z] +4, 222p +4, 777... here 77z pair +2, one-chance +2, [123m] 0,
    # 20: 48; lucky x2 x2, little three dragons x2: 48 x8 = 384.
    case("003-06-three-great-scholars-near-miss", "003", "A pong or kong in all three Dragons",
         "[5555z] [666z] [123m] 222p 7z +7z", total=384, points=48, doubles=3,
         lines=L(MFT, MTT, CTS, LS, PL, W, OC, L3D)),

    # --- #7 Four large Blessings -------------------------------------------------------
    # [1111z] [2222z] +32, [333z] [444z] +8, 5m pair won +2, 20: 62; lucky East and South
    # x2 x2, four triplets (0 concealed) x2, one suit with honours x2 -> limit: 500.
    case("003-07-four-large-blessings", "003",
         "A pong or kong in all four Winds, plus any pair",
         "[1111z] [2222z] [333z] [444z] 5m +5m", total=LIMIT, points=62, doubles=4,
         lines=L(MFT, MTT, LS, W, OC, FT, OSH, "big-four-winds"), limit=1, special="big-four-winds"),

    # --- #8 Twofold Plenty/Kong on Kong ------------------------------------------------
    # [2222m] [3333p] +16, self-drawn +2, 20 = 38, supplement x2 -> limit: 500.
    case("003-08-kong-on-kong", "003",
         "When a player first completes a kong (by drawing or claiming), then with the help of the replacement tile completes another kong",
         "[2222m] [3333p] 789s 23s 55s +4s", ctx(self_drawn=True, replacement="kong", kong_on_kong=True),
         total=LIMIT, points=38, doubles=1, lines=L(MFS, W, SD, "supplement-tile", "kong-on-kong"),
         limit=1, special="kong-on-kong"),
    # near miss: a single kong's replacement tile: 38 x2 = 76.
    case("003-08-kong-on-kong-near-miss-one-kong", "003", "completes another kong",
         "[2222m] [3333p] 789s 23s 55s +4s", ctx(self_drawn=True, replacement="kong"),
         total=76, points=38, doubles=1, lines=L(MFS, W, SD, "supplement-tile")),

    # --- #9 Fourfold Plenty ------------------------------------------------------------
    # [2222m] [3333p] [4444s] +24, (6666m) +16, 9s pair won +2, 20: 62; four triplets
    # (1 concealed) x2 -> limit: 500.
    case("003-09-fourfold-plenty", "003", "A hand consisting of four kongs (any kongs)",
         "[2222m] [3333p] [4444s] (6666m) 9s +9s", total=LIMIT, points=62, doubles=1,
         lines=L(MFS, CFS, W, OC, FT, "fourfold-plenty"), limit=1, special="fourfold-plenty"),
    # near miss: three kongs and a triplet: 20 +24 +4 +2 = 50, x2 = 100.
    case("003-09-fourfold-plenty-near-miss-three-kongs", "003", "four kongs (any kongs)",
         "[2222m] [3333p] [4444s] 666m 9s +9s", total=100, points=50, doubles=1,
         lines=L(MFS, CTS, W, OC, FT)),

    # --- #10 The Nine Gates ------------------------------------------------------------
    # claimed 5m completes the pair: 111m 999m +16, one-chance +2, concealed +10, 20 = 48;
    # one suit only x16 -> limit: 500. (5m gives one reading; on 1m or 9m several
    # readings all score 500, and the seeds do not say which one to report.)
    case("003-10-nine-gates-claimed", "003",
         "Any tile 1-9 from that same suit, drawn from the Wall or claimed, will now complete the mahjong hand",
         "1112345678999m +5m", total=LIMIT, points=48, doubles=4,
         lines=L(CTT, W, OC, CD, OSO, "nine-gates"), limit=1, special="nine-gates"),
    # near miss: "but no other suits": 1112345678999 in characters + a 5 of Dots is no hand.
    case("003-10-nine-gates-near-miss-other-suit", "003", "but no other suits and no Winds or Dragons",
         "1112345678999m +5p", raises=NotWinningError),
    # near miss: the 13 tiles held were 1123455678999m, not 1-1-1-2-3-4-5-6-7-8-9-9-9;
    # the claimed 1m completes 111m, so the extra tile is not the last one (002: "plus
    # one tile ... must be concealed except last tile"). Not the limit hand: 111m
    # melded +4, 999m +8, concealed +10, 20 = 42; one suit only x16 = 672 -> capped 500.
    case("003-10-nine-gates-near-miss-waiting-hand-not-pure", "003",
         "A concealed hand consisting of the tiles 1-1-1-2-3-4-5-6-7-8-9-9-9 from the same suit",
         "1123455678999m +1m", total=LIMIT, points=42, doubles=4,
         lines=L(MTT, CTT, W, CD, OSO), limit=1, special=None),

    # --- #11 Buried Treasure -----------------------------------------------------------
    # four concealed pungs, all drawn: +16, self-drawn +2, one-chance +2, 20 = 40;
    # concealed self-drawn x2 -> limit: 500 (also 002's 4 Concealed Triplets).
    case("003-11-buried-treasure", "003",
         "A hand consisting of four pongs (but no kong), plus any pair. All tiles, including the one completing the mahjong hand, must have been drawn from the Wall",
         "222m 333p 444s 666m 9s +9s", ctx(self_drawn=True), total=LIMIT, points=40, doubles=1,
         lines=L(CTS, W, SD, OC, CSD, FCT, "buried-treasure"), limit=1,
         special=f"{FCT}|buried-treasure"),
    # near miss: a concealed kong ("but no kong"): only 4 Concealed Triplets:
    # (2222m) +16, +12, +2 +2, 20 = 52, x2 -> 500.
    case("003-11-buried-treasure-near-miss-kong", "003", "four pongs (but no kong)",
         "(2222m) 333p 444s 666m 9s +9s", ctx(self_drawn=True), total=LIMIT, points=52, doubles=1,
         lines=L(CFS, CTS, W, SD, OC, CSD, FCT), limit=1, special=FCT),
    # near miss: the pair from a discard ("may not have been claimed"): see
    # 002-mult-four-triplets-4-concealed-limit: 4 Concealed Triplets only.
    case("003-11-buried-treasure-near-miss-claimed", "003", "may not have been claimed",
         "222m 333p 444s 666m 9s +9s", total=LIMIT, points=48, doubles=0,
         lines=L(CTS, W, OC, CD, FCT), limit=1, special=FCT),

    # --- #12 All Honours/Greater Honours -----------------------------------------------
    # kongs claimed: [1111z] [5555z] +32, [666z] +4, 333z +8, North pair 0, one-chance 2,
    # 20: 66; lucky East, white, green x2 x3, four triplets x2, all T/H x2 -> 500.
    case("003-12-all-honours", "003",
         "A hand consisting of four pongs or kongs, plus a pair, entirely in Winds and Dragons",
         "[1111z] [5555z] [666z] 333z 4z +4z", total=LIMIT, points=66, doubles=5,
         lines=L(MFT, MTT, CTT, LS, W, OC, FT, ATH, "all-honours"), limit=1, special="all-honours"),

    # --- #13 All Green/Imperial Jade ---------------------------------------------------
    # 234s 234s 666s 888s + green pair won on a discard: +4 +4, pair +2, one-chance +2,
    # concealed +10, 20: 42; one suit with honours x2 -> limit: 500.
    case("003-13-all-green", "003",
         "Green Dragons plus 2, 3, 4, 6 and 8 of Bamboos, in any combinations making up four sets plus a pair. One or more chows may be included",
         "234s234s666s888s6z +6z", total=LIMIT, points=42, doubles=1,
         lines=L(CTS, PL, W, OC, CD, OSH, "all-green"), limit=1, special="all-green"),
    # claimed sets allowed: [234s] [666z]: +4 (lucky x2), 888s +4, 6s pair +2 one-chance,
    # 20: 30; lucky x2, one suit with honours x2 -> 500.
    case("003-13-all-green-claimed", "003", "Tiles may be claimed to complete any or all of these sets",
         "[234s] [666z] 234s 888s 6s +6s", total=LIMIT, points=30, doubles=2,
         lines=L(MTT, LS, CTS, W, OC, OSH, "all-green"), limit=1, special="all-green"),
    # near miss: 777s is not green: 42 x2 = 84.
    case("003-13-all-green-near-miss-7-bamboo", "003", "2, 3, 4, 6 and 8 of Bamboos",
         "234s234s666s777s6z +6z", total=84, points=42, doubles=1, lines=L(CTS, PL, W, OC, CD, OSH)),

    # --- #14 Heads and Tails -----------------------------------------------------------
    # [1111m] +16, (9999p) +32, 111s 999m +16, 1p pair won +2, 20: 86; four triplets
    # with 3 concealed x4, all T/H x2 -> limit: 500.
    case("003-14-heads-and-tails", "003",
         "four pongs or kongs plus one pair, and which must be made up entirely of 1's and 9's",
         "[1111m] (9999p) 111s 999m 1p +1p", total=LIMIT, points=86, doubles=3,
         lines=L(MFT, CFT, CTT, W, OC, FT3, ATH, "all-terminals"), limit=1, special="all-terminals"),

    # --- #15 The Wriggling Snake -------------------------------------------------------
    # won on East from a discard: 20 + 10 = 30; one suit with honours x2 -> limit: 500.
    case("003-15-wriggling-snake", "003",
         "A pair of 1's plus 2-3-4-5-6-7-8-9, all of the same suit, and one of each wind E-S-W-N",
         "1123456789s234z +1z", total=LIMIT, points=30, doubles=1,
         lines=L(W, CD, OSH, "wriggling-snake"), limit=1, special="wriggling-snake"),
    # self-drawn 5s: 22, concealed self-drawn x2, one suit with honours x2 -> 500.
    case("003-15-wriggling-snake-self-drawn", "003", "Only the last tile, whichever it is, may be claimed (or drawn from the Wall)",
         "112346789s1234z +5s", ctx(self_drawn=True), total=LIMIT, points=22, doubles=2,
         lines=L(W, SD, CSD, OSH, "wriggling-snake"), limit=1, special="wriggling-snake"),
    # won on the 1s that makes the pair of 1's: by 002's definition that is "the match
    # of a pair" (one-chance +2), as the scorer counts it for Thirteen Orphans:
    # 20 + 10 + 2 = 32, x2 -> 500.
    case("003-15-wriggling-snake-won-on-the-pair", "003", "A pair of 1's",
         "123456789s1234z +1s", total=LIMIT, points=32, doubles=1,
         lines=L(W, OC, CD, OSH, "wriggling-snake"), limit=1, special="wriggling-snake"),
    # near miss: a pair of 9's instead of 1's is no hand.
    case("003-15-wriggling-snake-near-miss-pair-of-9s", "003", "A pair of 1's",
         "12345678s9s1234z +9s", raises=NotWinningError),
]


# ======================================================================= DEFINITIONS
DEFINITIONS = [
    # "Terminals are 1 and 9": melded [111m] +4 (20 + 4 = 24) against [222m] +2 (22).
    case("002-def-terminals-1", "002", "Terminals are 1 and 9.",
         "[111m] 456p 789p 23s 55s +4s", total=24, points=24, doubles=0, lines=L(MTT, W)),
    case("002-def-terminals-9", "002", "Terminals are 1 and 9.",
         "[999s] 456p 789p 23m 55m +4m", total=24, points=24, doubles=0, lines=L(MTT, W)),
    # "Simples are 2-8": [888m] +2 = 22; [222m] +2 = 22.
    case("002-def-simples-8", "002", "Simples are 2-8.",
         "[888m] 456p 789p 23s 55s +4s", total=22, points=22, doubles=0, lines=L(MTS, W)),
    case("002-def-simples-2", "002", "Simples are 2-8.",
         "[222m] 456p 789p 23s 55s +4s", total=22, points=22, doubles=0, lines=L(MTS, W)),
    # "Honors are Winds and Dragons": North triplet concealed +8 (not lucky): 20 + 8 = 28.
    case("002-def-honours-wind", "002", "Honors are Winds and Dragons.",
         "[123m] 444z 456p 23s 55s +4s", total=28, points=28, doubles=0, lines=L(CTT, W)),
    # dragon triplet concealed +8, lucky x2: 28 x2 = 56.
    case("002-def-honours-dragon", "002", "Honors are Winds and Dragons.",
         "[123m] 666z 456p 23s 55s +4s", total=56, points=28, doubles=1, lines=L(CTT, LS, W)),
    # "Lucky tiles are the Dragons, your own wind and the prevailing wind": West player,
    # North round: [333z] West own +4 x2 = 48; [444z] North prevailing 48; [111z] East,
    # neither, 24.
    case("002-def-lucky-own-wind", "002", "Lucky tiles are the Dragons, your own wind and the prevailing wind.",
         "[333z] 123m 456p 23s 99s +4s", {"seat_wind": "W", "prevailing_wind": "N"},
         total=48, points=24, doubles=1, lines=L(MTT, LS, W)),
    case("002-def-lucky-prevailing-wind", "002", "Lucky tiles are the Dragons, your own wind and the prevailing wind.",
         "[444z] 123m 456p 23s 99s +4s", {"seat_wind": "W", "prevailing_wind": "N"},
         total=48, points=24, doubles=1, lines=L(MTT, LS, W)),
    case("002-def-lucky-near-miss-east-not-lucky", "002",
         "Lucky tiles are the Dragons, your own wind and the prevailing wind.",
         "[111z] 123m 456p 23s 99s +4s", {"seat_wind": "W", "prevailing_wind": "N"},
         total=24, points=24, doubles=0, lines=L(MTT, W)),
    # "Double Wind means your own wind when it is also prevailing": West in the West
    # round: [333z] +4 x4 = 96; the pair 33z +4: 24.
    case("002-def-double-wind-set", "002", "Double Wind means your own wind when it is also prevailing.",
         "[333z] 123m 456p 23s 99s +4s", {"seat_wind": "W", "prevailing_wind": "W"},
         total=96, points=24, doubles=2, lines=L(MTT, DWS, W)),
    case("002-def-double-wind-pair", "002", "Double Wind means your own wind when it is also prevailing.",
         "[123m] 456p 789p 23s 33z +4s", {"seat_wind": "W", "prevailing_wind": "W"},
         total=24, points=24, doubles=0, lines=L(PDW, W)),
    # near miss: West in the North round: own only: x2, 48.
    case("002-def-double-wind-near-miss", "002", "Double Wind means your own wind when it is also prevailing.",
         "[333z] 123m 456p 23s 99s +4s", {"seat_wind": "W", "prevailing_wind": "N"},
         total=48, points=24, doubles=1, lines=L(MTT, LS, W)),
    # "One Chance means the match of a pair, the middle of a sequence, the 3 of 1-2-3
    # or the 7 of 7-8-9": 22 each; near misses 40 (bare 20 x2).
    case("002-def-one-chance-pair", "002", "One Chance means the match of a pair",
         "[123m] 456p 789p 234s 8s +8s", total=22, points=22, doubles=0, lines=L(W, OC)),
    case("002-def-one-chance-middle", "002", "the middle of a sequence",
         "[123m] 456p 789p 68s 22s +7s", total=22, points=22, doubles=0, lines=L(W, OC)),
    case("002-def-one-chance-3-of-123", "002", "the 3 of 1-2-3",
         "[123m] 456p 789s 12p 55s +3p", total=22, points=22, doubles=0, lines=L(W, OC)),
    case("002-def-one-chance-7-of-789", "002", "the 7 of 7-8-9",
         "[123m] 456p 123s 89p 55s +7p", total=22, points=22, doubles=0, lines=L(W, OC)),
    case("002-def-one-chance-near-miss-open-wait", "002", "the middle of a sequence",
         "[123m] 456p 789p 67s 22s +5s", total=40, points=20, doubles=1, lines=L(W, NP)),
    case("002-def-one-chance-near-miss-two-pairs-wait", "002", "One Chance means the match of a pair",
         "[123m] 456p 789p 22s 88s +8s", total=22, points=22, doubles=0, lines=L(MTS, W)),
    # "No Points means only the bare 20 was earned": 40; near miss with a lucky pair 22.
    case("002-def-no-points", "002", "No Points means only the bare 20 was earned.",
         "[123m] 456p 789p 67s 22s +5s", total=40, points=20, doubles=1, lines=L(W, NP)),
    case("002-def-no-points-near-miss-lucky-pair", "002", "No Points means only the bare 20 was earned.",
         "[123m] 456p 789p 67s 77z +5s", total=22, points=22, doubles=0, lines=L(PL, W)),
]


# ======================================================================= COMBINED HANDS
COMBINED = [
    # kongs, one concealed one exposed: (1111z) East prevailing concealed four +32,
    # [5555z] melded four +16, 9s pair won +2, 20: 70; lucky x2 x2: 70 x4 = 280.
    case("combined-kongs-exposed-and-concealed", "002",
         "Melded fours: ... Terminals/honors\t+16 ... Concealed fours: ... Terminals/honors\t+32",
         "(1111z) [5555z] 234m 678p 9s +9s", total=280, points=70, doubles=2,
         lines=L(CFT, MFT, LS, W, OC)),
    # the same for the East player: East is the double wind x4: 70 x8 = 560 -> capped 500.
    case("combined-kongs-double-wind-capped", "002",
         "Double wind triplet or four\tx4 ... maximum possible score",
         "(1111z) [5555z] 234m 678p 9s +9s", EAST, total=LIMIT, points=70, doubles=3,
         lines=L(CFT, MFT, DWS, LS, W, OC), limit=1),
    # stacking x4 and x2: East player, [111z] +4, [555z] +4, 9s pair +2, 20 = 30;
    # double wind x4, lucky x2: 30 x8 = 240.
    case("combined-double-wind-and-lucky-x8", "002",
         "Lucky triplet or four\tx2 ... Double wind triplet or four\tx4",
         "[111z] [555z] 234m 567p 9s +9s", EAST, total=240, points=30, doubles=3,
         lines=L(MTT, DWS, LS, W, OC)),
    # stacking x2 x2 x2: 555z +8, 1m pair +2, 20 = 30; lucky, three consecutive, one suit
    # with honours: 30 x8 = 240.
    case("combined-consecutive-one-suit-honours-lucky", "002",
         "Three consecutive sequences\tx2 ... One suit with honors\tx2",
         "[123m] 456m 789m 555z 1m +1m", total=240, points=30, doubles=3,
         lines=L(CTT, LS, W, OC, TCS, OSH)),
    # stacking x16 and x2 beyond the limit: 222m +4, 5m pair +2, 20 = 26; one suit only
    # x16, three consecutive x2: 26 x32 = 832 -> capped 500.
    case("combined-one-suit-and-consecutive-capped", "002", "One suit only\tx16 ... maximum possible score",
         "[123m] 456m 789m 222m 5m +5m", total=LIMIT, points=26, doubles=5,
         lines=L(CTS, W, OC, TCS, OSO), limit=1),
    # capped: [1111m] +16, 999m +8, 8m pair +2, 20 = 46, x16 = 736 -> 500.
    case("combined-one-suit-only-capped", "002", "One suit only\tx16 ... maximum possible score",
         "[1111m] 234m 567m 999m 8m +8m", total=LIMIT, points=46, doubles=4,
         lines=L(MFT, CTT, W, OC, OSO), limit=1),
    # concealed self-drawn, three concealed with one sequence, all simples: 333p 444s
    # 666m +12, self-drawn +2, pair one-chance +2, 20 = 36; x2 x2 x2 = 288.
    case("combined-self-drawn-three-concealed-all-simples", "002",
         "With self-drawn tile\tx2 ... Three concealed triplets with one sequence\tx2 ... All simples\tx2",
         "234m 333p 444s 666m 5s +5s", ctx(self_drawn=True), total=288, points=36, doubles=3,
         lines=L(CTS, W, SD, OC, CSD, TC1, AS)),
    # the same tiles on a discard: +12, +10, +2, 20 = 44; x2 x2 (no self-drawn) = 176.
    case("combined-discard-three-concealed-all-simples", "002",
         "With discarded tile\t+10 ... Three concealed triplets with one sequence\tx2",
         "234m 333p 444s 666m 5s +5s", total=176, points=44, doubles=2,
         lines=L(CTS, W, OC, CD, TC1, AS)),
    # discard completes a triplet: it counts as melded: 333p 444s +8, 666m melded +2,
    # 55s 0, concealed +10, 20 = 40; all simples x2 = 80 (only 2 concealed: no x2 for that).
    case("combined-discard-completes-triplet-melded", "002",
         "Melded triplets: ... Simples\t+2 ... With discarded tile\t+10",
         "234m 333p 444s 66m 55s +6m", total=80, points=40, doubles=1,
         lines=L(CTS, MTS, W, CD, AS)),
    # the same tile self-drawn: 666m concealed: +12, +2, 20 = 34; concealed self-drawn,
    # three concealed with one sequence, all simples: x8 = 272.
    case("combined-self-drawn-completes-triplet-concealed", "002",
         "Concealed triplets: ... Simples\t+4 ... With self-drawn tile\tx2",
         "234m 333p 444s 66m 55s +6m", ctx(self_drawn=True), total=272, points=34, doubles=3,
         lines=L(CTS, W, SD, CSD, TC1, AS)),
    # the best reading is scored: 111222333m as three concealed triplets (111m +8, 222m
    # 333m +4 +4, 9s pair one-chance +2, 20 = 38; three concealed triplets with one
    # sequence x2 = 76) beats three 1-2-3 sequences (20 + 2 = 22).
    case("combined-best-reading-triplets-over-sequences", "002",
         "Three concealed triplets with one sequence\tx2",
         "[456p] 111222333m 9s +9s", total=76, points=38, doubles=1,
         lines=L(CTT, CTS, W, OC, TC1)),
    # a limit hand with more doubles still makes exactly the limit: big three dragons
    # won on the last tile of the wall: +12, self-drawn +2, one-chance +2, 20 = 36;
    # lucky x2 x3, last tile x2: 36 x16 = 576, and a limit hand: 500.
    case("combined-limit-hand-with-multipliers-is-500", "002",
         "A \"Limit Hand\" is worth 500 and is the maximum possible score",
         "[555z] [666z] [777z] 234m 1s +1s", ctx(self_drawn=True, last_tile=True),
         total=LIMIT, points=36, doubles=4,
         lines=L(MTT, LS, W, SD, OC, "last-tile", "big-three-dragons"), limit=1,
         special="big-three-dragons"),
]


# ========================================================== situations that need kongs
# A supplement tile "after kong" and "kong on kong" need the kongs in the hand. A hand
# with no kong cannot have won that way: the scorer should refuse the context (or at
# least not score the line). Seeds: 002 "Supplement tile (after kong) x2"; 003 #8
# "When a player first completes a kong ..., then ... completes another kong".
KONG_SITUATIONS = [
    pytest.param("[123m] 456p 789p 23s 55s +4s", {"replacement": "kong", "kong_on_kong": True},
                 "kong-on-kong",
                 id="003-08-kong-on-kong-without-any-kong"),
    pytest.param("[2222m] 456p 789p 23s 55s +4s", {"replacement": "kong", "kong_on_kong": True},
                 "kong-on-kong",
                 id="003-08-kong-on-kong-with-one-kong"),
    pytest.param("[123m] 456p 789p 23s 55s +4s", {"replacement": "kong"}, "supplement-tile",
                 id="002-supplement-tile-without-any-kong"),
]


ALL = ADDED + MULTIPLIED + LIMITS_002 + LIMITS_003 + DEFINITIONS + COMBINED


def _seed_text(seed: str) -> str:
    path = SEEDS / SEED_FILES[seed]
    if not path.exists():
        pytest.skip(f"seed file {path} not present")
    return re.sub(r"\s+", " ", path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("c", ALL)
def test_chart_line(c: Case) -> None:
    if c.raises is not None:
        with pytest.raises(c.raises):
            mjscore.score(c.hand, RULES, **c.ctx)
        return
    s = mjscore.score(c.hand, RULES, **c.ctx)
    assert s.rules == RULES
    got = {"total": s.total, "points": s.points, "doubles": s.doubles,
           "lines": frozenset(line.id for line in s.lines), "limit": s.limit}
    want = {"total": c.total, "points": c.points, "doubles": c.doubles,
            "lines": c.lines, "limit": c.limit}
    assert got == want, s.explain()
    if c.special is None:
        assert s.special is None, s.explain()
    else:
        assert s.special in c.special, s.explain()
        assert s.total == LIMIT
    # the total follows the chart's formula from the reported parts
    raw = s.points * 2 ** s.doubles
    assert s.total == (LIMIT if c.special else min(raw, LIMIT))


@pytest.mark.parametrize("c", [p.values[0] for p in ALL], ids=[p.id for p in ALL])
def test_quote_is_in_the_seed(c: Case) -> None:
    text = _seed_text(c.seed)
    for fragment in c.quote.split(" ... "):
        assert re.sub(r"\s+", " ", fragment) in text, fragment


@pytest.mark.parametrize(("hand", "situation", "line_id"), KONG_SITUATIONS)
def test_kong_situation_needs_kongs(hand: str, situation: dict[str, Any], line_id: str) -> None:
    try:
        s = mjscore.score(hand, RULES, **ctx(self_drawn=True, **situation))
    except InvalidContextError:
        return
    assert line_id not in {line.id for line in s.lines}, s.explain()


def test_every_chart_line_is_exercised() -> None:
    """Each scoring line of the rule file is earned by at least one case above."""
    earned = set().union(*(p.values[0].lines for p in ALL))
    rules = mjscore.load_rules(RULES)
    ids = {item.id for item in rules.items} | {s.id for s in rules.sets} | {h.id for h in rules.hands}
    assert ids - earned == set()


# ============================================================================ NOT OUT
# Only the winner scores under chinese-classical: a hand that did not go out is 0,
# however rich its sets ("3. PAYMENT: Multiple of final score to be paid by").
@pytest.mark.parametrize("hand", [
    pytest.param("[123m] 456p 789p 23s 55s", id="plain"),
    pytest.param("[555z] [666z] 777z 123m 1s", id="three-dragon-sets"),
    pytest.param("(1111z) [5555z] 234m 678p 9s", id="kongs"),
    pytest.param("1112345678999m", id="nine-gates-waiting"),
])
def test_non_winning_hand_scores_zero(hand: str) -> None:
    s = mjscore.score(hand, RULES, **SOUTH)
    assert (s.total, s.points, s.doubles, s.limit, s.special, s.lines) == (0, 0, 0, None, None, ())
    s = mjscore.score(hand, RULES, winner=False, **SOUTH)
    assert s.total == 0


# =========================================================================== PAYMENTS
# 002 "3. PAYMENT  Multiple of final score to be paid by  discarder / each player / dealer":
#   If dealer goes out self-drawn      ---  2  ---
#   If dealer goes out on a discard     6  ---  ---
#   If non-dealer goes out self-drawn  ---  1   2
#   If non-dealer out out on a discard  4  ---  ---
PAYMENTS = [
    # dealer (0) self-drawn, score 44: each of the three pays 2 x 44 = 88.
    pytest.param([44, 0, 0, 0], 0, 0, None, (264, -88, -88, -88),
                 id="002-pay-dealer-self-drawn-each-2x"),
    # dealer on a discard from 2: the discarder alone pays 6 x 44 = 264.
    pytest.param([44, 0, 0, 0], 0, 0, 2, (264, 0, -264, 0),
                 id="002-pay-dealer-discard-discarder-6x"),
    # non-dealer (1) self-drawn, score 44: the dealer pays 2 x 44 = 88, the others 44.
    pytest.param([0, 44, 0, 0], 1, 0, None, (-88, 176, -44, -44),
                 id="002-pay-non-dealer-self-drawn-each-1x-dealer-2x"),
    # non-dealer (1) on a discard from 3: the discarder pays 4 x 44 = 176.
    pytest.param([0, 44, 0, 0], 1, 0, 3, (0, 176, 0, -176),
                 id="002-pay-non-dealer-discard-discarder-4x"),
    # the dealer discarding to a non-dealer pays the discarder's 4x, not more.
    pytest.param([0, 44, 0, 0], 1, 0, 0, (-176, 176, 0, 0),
                 id="002-pay-non-dealer-discard-dealer-discarder-4x"),
    # the dealer seat is not always 0: dealer 2, winner 0 self-drawn, 30: 2 pays 60.
    pytest.param([30, 0, 0, 0], 0, 2, None, (120, -30, -60, -30),
                 id="002-pay-non-dealer-self-drawn-dealer-seat-2"),
    # a limit hand: dealer on a discard: 6 x 500 = 3000 ("before the multiplication").
    pytest.param([500, 0, 0, 0], 0, 0, 1, (3000, -3000, 0, 0),
                 id="002-pay-limit-times-6"),
    # the losers' own scores play no part: only the winner is paid.
    pytest.param([8, 44, 12, 30], 1, 0, None, (-88, 176, -44, -44),
                 id="002-pay-losers-scores-ignored"),
]


@pytest.mark.parametrize(("players", "winner", "dealer", "discarder", "net"), PAYMENTS)
def test_payment_chart(players, winner, dealer, discarder, net) -> None:
    s = mjscore.settle(players, winner=winner, dealer=dealer, discarder=discarder, rules=RULES)
    assert s.net == net
    assert sum(s.net) == 0


def test_settle_hands_only_winner_paid_discard() -> None:
    # player 1 is South (dealer 0 = East); won on a discard from player 3:
    # [123m] 456p 789p 234s 55s on 4s = bare 20, no points x2 = 40; 4 x 40 = 160.
    # The losers' hands, rich as they are, score 0.
    players = ["[555z] [666z] 777z 123m 1s", "[123m] 456p 789p 23s 55s +4s",
               "(1111z) [5555z] 234m 678p 9s", "1112345678999m"]
    s = mjscore.settle(players, winner=1, dealer=0, discarder=3, rules=RULES)
    assert s.net == (0, 160, 0, -160)


def test_settle_hands_only_winner_paid_self_drawn() -> None:
    # self-drawn: 20 + 2 = 22 (exposed, so no x2); dealer pays 44, others 22.
    players = ["[555z] [666z] 777z 123m 1s", "[123m] 456p 789p 23s 55s +4s",
               "(1111z) [5555z] 234m 678p 9s", "1112345678999m"]
    s = mjscore.settle(players, winner=1, dealer=0, discarder=None, rules=RULES)
    assert s.net == (-44, 88, -22, -22)
