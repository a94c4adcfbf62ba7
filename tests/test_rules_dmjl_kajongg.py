"""Rule set ``dmjl`` against an independent scorer: the hands of KDE Kajongg's
``src/scoringtest.py`` that carry an expectation for its "Classical Chinese DMJL" ruleset,
and hands built from lines of issue 31.

Each case is the hand written in mjscore's notation with the situation Kajongg's string
encodes, and the total Kajongg's expected ``Score(points, doubles, limits)`` gives under
DMJL's limit of 500: ``points * 2**doubles`` capped at 500, or exactly 500 for a limit hand;
and with the roof off, ``points * 2**doubles`` uncapped (Kajongg tests every hand both
ways). No code of Kajongg is used: only the numbers its test expects.

How Kajongg's strings were read (``src/hand.py``, ``src/meld.py``, ``src/tilesource.py``):

- tiles: ``s`` stones (our ``p``), ``b`` bamboo (``s``), ``c`` characters (``m``),
  ``we ws ww wn`` winds (``1z``-``4z``), ``db dg dr`` white, green, red (``5z 6z 7z``);
  ``fe``-``fn`` flowers 1-4, ``ye``-``yn`` seasons 1-4.
- lower case is exposed, upper case concealed; ``R...`` are concealed tiles the scorer
  arranges; a kong ``aAAa`` is concealed (``(1111m)``), ``aaaa`` exposed (``[1111m]``),
  ``aaaA`` claimed (``{1111m}``).
- ``L`` + tile (+ the meld it completes): the last tile; upper case means drawn from the
  wall (``self_drawn=True``), lower case claimed from a discard.
- ``m`` + source (+ announcements): ``e`` dead wall (``replacement``), ``z`` last tile of
  the wall (``last_tile``), ``Z`` last discard (``last_discard``), ``k`` robbing a kong,
  ``1`` East's 14th tile (heaven for East, earth for another seat); announcement ``a``
  original call (``declared_calling``), ``t`` twofold fortune (``kong_on_kong``).
- seat and round wind are East unless the test passes ``myWind``/``roundWind``.
- a hand of 13 tiles (kongs counting 3) did not go out: ``NoWin``, scored with
  ``winner=False``.

Kajongg hands whose situation cannot happen (a discarded last tile said to come from the
dead wall or to be the last tile of the wall, a wall tile said to be the last discard) or
whose tiles cannot exist (six red dragons), and the calling tests, are not here.
"""

from __future__ import annotations

import pytest

from mjscore import InvalidHandError, LongHandError, NotWinningError, load_rules, score

RULES = load_rules("dmjl")
ROOF_OFF = load_rules("dmjl", roof_off=True)
LIMIT = 500


def expected(points: int = 0, doubles: int = 0, limits: float = 0.0) -> tuple[int, int]:
    """Kajongg's ``Score(points, doubles, limits)`` as totals under DMJL: capped, roof off."""
    if limits >= 1:
        return round(limits * LIMIT), round(limits * LIMIT)
    raw = points * 2 ** doubles
    return min(raw, LIMIT), raw


def k(where: str, kajongg: str, hand: str, score_: tuple[int, int], marks: object = (), **context: object):
    """One compared hand: where it comes from, Kajongg's string, ours, the totals, the situation."""
    return pytest.param(hand, context, score_, id=f"{where} :: {kajongg}", marks=marks)


W = "W"   # seat or round wind shorthands
S = "S"
N = "N"
LIM = expected(limits=1)

CASES = [
    # --- class Partials (losers) -------------------------------------------------------------
    k("Partials", "drdrdr fe Ldrdrdrdr", "[777z] 1f", expected(8, 1), winner=False),
    k("Partials", "drdrdr Ldrdrdrdr", "[777z]", expected(4, 1), winner=False),
    # --- class ZeroHand -----------------------------------------------------------------------
    k("ZeroHand", "c1c2c3 c7c8c9 b2b3b4 c5c5 s1s2s3 fw yw Lc1c1c2c3 (W/N)",
      "3f3y [789m] [234s] [123p] 55m 23m +1m", expected(28, 2), seat_wind=W, prevailing_wind=N),
    k("ZeroHand", "c1c2c3 c7c8c9 b2b3b4 drdr s1s2s3 fw yw Lc1c1c2c3 (W/N)",
      "3f3y [789m] [234s] [123p] 77z 23m +1m", expected(30, 1), seat_wind=W, prevailing_wind=N),
    # --- class FalseColorGame -----------------------------------------------------------------
    k("FalseColorGame", "c1c1c1 c7c7c7 c2c3c4 c5c5 c6c6c6 Lc5c5c5",
      "[111m] [777m] [234m] [666m] 5m +5m", expected(32, 3)),
    k("FalseColorGame", "c1c2c3 wewewe drdrdr dbdb DgDgDg Ldbdbdb (W/N)",
      "[123m] [111z] [777z] 666z 5z +5z", expected(44, 4), seat_wind=W, prevailing_wind=N),
    k("FalseColorGame", "s1s1s1 wewewe c2c3c4 c5c5 c6c6c6 Lc5c5c5 (W/N)",
      "[111p] [111z] [234m] [666m] 5m +5m", expected(34), seat_wind=W, prevailing_wind=N),
    k("FalseColorGame", "RB1B1B1B1B2B3B4B5B6B7B8B9DrDr fe ys LDrDrDr",
      "1f2y 1111s 23456789s 7z +7z", expected(46, 2), self_drawn=True),
    k("FalseColorGame", "b1B1B1b1 RB2B3B4B5B6B7B8B8B8 DrDr fe ys LDrDrDr",
      "1f2y (1111s) 234567888s 7z +7z", expected(74, 2), self_drawn=True),
    k("FalseColorGame", "b1B1B1b1 RB2B2B2B5B6B7B8B8B8 DrDr fe ys LDrDrDr (W)",
      "1f2y (1111s) 222567888s 7z +7z", expected(78, 3), self_drawn=True, seat_wind=W),
    # --- class SquirmingSnake -----------------------------------------------------------------
    k("SquirmingSnake", "c1c1c1 c3c4c5 c9c9c9 c6c7c8 RC2C2 Lc1c1c1c1",
      "11m [345m] [999m] [678m] 22m +1m", LIM),
    k("SquirmingSnake", "c1c1c1 c4c5c6 c9c9c9 c6c7c8 RC2C2 Lc1c1c1c1",
      "11m [456m] [999m] [678m] 22m +1m", expected(28, 3)),
    k("SquirmingSnake", "c1c1c1 c3c4c5 c9c9c9 c6c7c8 RS2S2 Lc1c1c1c1",
      "11m [345m] [999m] [678m] 22p +1m", expected(28)),
    k("SquirmingSnake", "s1s1s1 s2s3s4 s9s9s9 s6s7s8 RS5S5 Ls1s1s1s1",
      "11p [234p] [999p] [678p] 55p +1p", LIM),
    k("SquirmingSnake", "b1b1b1 c3c4c5 c6c7c8 c9c9c9 RC2C2 Lc3c3c4c5",
      "[111s] 45m [678m] [999m] 22m +3m", expected(28)),
    k("SquirmingSnake", "b1b1b1 c3c4c5 c6c7c8 c9c9c9 RC2C2 Lc4c3c4c5",
      "[111s] 35m [678m] [999m] 22m +4m", expected(30)),
    k("SquirmingSnake", "RC1C1C1C2C3C4C5C6C7C8C9C9C9C5 LC5",
      "1112345678999m +5m", LIM, self_drawn=True),
    k("SquirmingSnake", "RC1C1C1C3C4C5C6C7C8C9C9C9C5 LC3 (loser)",
      "111345678999m 5m", expected(16), winner=False),
    k("SquirmingSnake", "RC1C1C2C3C4C5C6C7C8C9C9C9C5 LC3 (loser)",
      "112345678999m 5m", expected(8), winner=False),
    # --- class Purity (its DMJL column) -------------------------------------------------------
    k("Purity", "b1b1b1b1 RB2B3B4B5B6B7B8B8B2B2B2 fe fs fn fw LB3B2B3B4",
      "1234f [1111s] 2222456788s +3s", expected(60, 4), self_drawn=True),
    k("Purity", "b1b1b1 RB3B3B3B6B6B6B8B8B2B2B2 fe fs fn fw LB3",
      "1234f [111s] 2223366688s +3s", expected(54, 6), self_drawn=True),
    k("Purity", "b1b1b1 RB3B3B3B6B6B8B8B2B2B2 fe fs fn fw LB3 (loser)",
      "1234f [111s] 3336688222s", expected(28, 1), winner=False),
    k("Purity", "c1C1C1c1 c3c3c3 c8c8c8 RC4C5C6C7C7 fs fw ys yw Lc8c8c8c8 (W)",
      "23f23y (1111m) [333m] 4567788m +8m", expected(72, 4), seat_wind=W),
    # --- class TrueColorGame ------------------------------------------------------------------
    k("TrueColorGame", "b1b1b1B1 RB2B3B4B5B6B7B8B8B2B2B2 fe fs fn fw LB3B2B3B4",
      "1234f {1111s} 2222456788s +3s", LIM, self_drawn=True),
    # --- class OnlyConcealedMelds -------------------------------------------------------------
    k("OnlyConcealedMelds", "RB1B1B1B2B2B2B4B4B4B7B8B9DrDr fe ys LDrDrDr (W)",
      "1f2y 111222444789s 7z +7z", expected(54, 3), self_drawn=True, seat_wind=W),
    # --- class LimitHands ---------------------------------------------------------------------
    k("LimitHands", "c1c1c1 c9c9 b9b9b9b9 s1s1s1 s9s9s9 Lc1c1c1c1",
      "11m 99m [9999s] [111p] [999p] +1m", LIM),
    k("LimitHands", "c1c1c1c1 drdr wewewewe c3c3c3C3 s1S1S1s1 Ldrdrdr",
      "[1111m] 7z [1111z] {3333m} (1111p) +7z", LIM),
    # --- class AllGreen -----------------------------------------------------------------------
    k("AllGreen", "b2b2b2b2 RDgDgDg b6b6b6 b4b4b4 b8b8 Lb6b6b6b6",
      "[2222s] 666z 66s [444s] 88s +6s", LIM),
    k("AllGreen", "b2b2b2b2 RDgDg b6b6b6 b4b4b4 b8b8 (loser)",
      "[2222s] 66z [666s] [444s] 88s", expected(14), winner=False),
    k("AllGreen", "b1b1b1b1 RDgDgDg b6b6b6 b4b4b4 b8b8 Lb6b6b6b6",
      "[1111s] 666z 66s [444s] 88s +6s", expected(48, 3)),
    # --- class NineGates ----------------------------------------------------------------------
    k("NineGates", "RC1C1C1C2C3C4C5C6C7C8C9C9C9C5 LC6",
      "1112345578999m +6m", LIM, self_drawn=True),
    k("NineGates", "RC1C1C1C2C3C4C5C6C7C8C9C9C9C9 LC9",
      "1112345678999m +9m", LIM, self_drawn=True),
    k("NineGates", "RC1C1C1C2C3C4C5C6C7C8C9C9C9C5 LC2",
      "1113455678999m +2m", LIM, self_drawn=True),
    k("NineGates", "RC1C1C1C2C3C4C5C6C7C8C9C9C9C9 LC1",
      "1123456789999m +1m", LIM, self_drawn=True),
    k("NineGates", "RC1C1C2C3C4C5C6C7C8C9C9C9C9 (loser)",
      "1123456789999m", expected(8), winner=False),
    k("NineGates", "RC1C1C2C3C4C5C6C7C8C8C9C9C9 (loser)",
      "1123456788999m", expected(8), winner=False),
    # --- class ThirteenOrphans ----------------------------------------------------------------
    k("ThirteenOrphans", "RC1C9B9B1S1S9WeDgWsWnWwDbDrS1 LDgDg",
      "19m119p19s123457z +6z", LIM, self_drawn=True),
    k("ThirteenOrphans", "ww RC1C9B9B1S1S9WeDgWsWnDbDrS9 Lwwww",
      "19m199p19s124567z +3z", LIM),
    k("ThirteenOrphans", "RC1C9B9B1S1S9S9WeDgWsWnWwDbDr LDrDr",
      "19m199p19s123456z +7z", LIM, self_drawn=True),
    k("ThirteenOrphans", "dr RC1C9B9B1S1S9S9WeDgWsWnWwDb Ldrdr",
      "19m199p19s123456z +7z", LIM),
    k("ThirteenOrphans", "RC1C9B9B1S1S9S9WeDgWnWwDbDr (loser)",
      "19m199p19s134567z", expected(), winner=False),
    # --- class SimpleNonWinningCases ----------------------------------------------------------
    k("SimpleNonWinningCases", "s2s2s2 s2s3s4 RB1B1B1B1 c9c9c9C9 (loser)",
      "[222p] [234p] 1111s {9999m}", expected(26), winner=False),
    # --- class FourBlessingsOverTheDoor -------------------------------------------------------
    k("FourBlessings", "b1b1 wewewe wswsws WnWnWn wwwwwwww Lb1b1b1",
      "1s [111z] [222z] 444z [3333z] +1s", LIM),
    k("FourBlessings", "RDgDg wewewe wswsws WnWnWn wwwwwwww LDgDgDg",
      "6z [111z] [222z] 444z [3333z] +6z", LIM, self_drawn=True),
    k("FourBlessings", "wewewe wswsws WnWnWn wwwwwwww DrDr LDrDrDr",
      "7z [111z] [222z] 444z [3333z] +7z", LIM, self_drawn=True),
    k("FourBlessings", "wewewe wswsws WnWnWn wwwwwwww DrDr mz LDrDrDr",
      "7z [111z] [222z] 444z [3333z] +7z", LIM, self_drawn=True, last_tile=True),
    k("FourBlessings", "wewewe wswsws RWnWnWnDr wwwwwwww (loser)",
      "[111z] [222z] 444z 7z [3333z]", expected(32, 4), winner=False),
    # --- class AllHonors ----------------------------------------------------------------------
    k("AllHonors", "drdrdr wewe wswsws wnwnwn dbdbdb mz Ldrdrdrdr",
      "77z +7z 11z [222z] [444z] [555z]", LIM),
    k("AllHonors", "wewewe wswsws RWnWnWnB1 wwwwwwww (loser)",
      "[111z] [222z] 444z 1s [3333z]", expected(32, 4), winner=False),
    k("AllHonors", "wewe wswsws RWnWnWn wwwwwwww b1b1 (loser, N)",
      "11z [222z] 444z [3333z] 11s", expected(30, 2), winner=False, seat_wind=N),
    # --- class BuriedTreasure (its DMJL column) -----------------------------------------------
    k("BuriedTreasure", "RWeWeWeC3C3C3S3S3 c4c4c4C4 b8B8B8b8 me LWeWeWeWe",
      "11z 333m 33p {4444m} (8888s) +1z", LIM, self_drawn=True, replacement="kong"),
    # Kajongg says 'me' (dead wall) on a hand with no kong and no bonus tile: we leave the
    # source out (a loose tile needs a kong or a bonus tile here); hidden treasure either way.
    k("BuriedTreasure", "RWeWeWeC3C3C3S3S3C4C4C4B8B8B8 me LWeWeWeWe (dead wall left out)",
      "11z 333m 33p 444m 888s +1z", LIM, self_drawn=True),
    k("BuriedTreasure", "RWeWeWeC3C3C3C5C5C4C4C4C8C8C8 me LWeWeWeWe (dead wall left out)",
      "11z 333m 55m 444m 888m +1z", LIM, self_drawn=True),
    k("BuriedTreasure", "RWeWeC3C3C3C5C5C4C4C4C8C8C8 (loser)",
      "11z 333m 55m 444m 888m", expected(16, 1), winner=False),
    # --- class HiddenTreasure -----------------------------------------------------------------
    k("HiddenTreasure", "RWeWeWeC3C3C3S3S3 c4c4c4C4 b8B8B8b8 LC3C3C3C3",
      "111z 33m 33p {4444m} (8888s) +3m", LIM, self_drawn=True),
    k("HiddenTreasure", "RWeWeWeC3C3C3 c4c4c4C4 b8B8B8b8 s3s3 Ls3s3s3",
      "111z 333m {4444m} (8888s) 3p +3p", expected(60, 4)),
    # --- class FourfoldPlenty -----------------------------------------------------------------
    k("FourfoldPlenty", "RB3B3B3C1C1C1 b1b1b1 s3s4s5 wewe LB3B3B3B3",
      "33s 111m [111s] [345p] 11z +3s", expected(42), self_drawn=True),
    k("FourfoldPlenty", "b3B3B3b3 c1C1C1c1 b1b1b1b1 s3s3s3s3 wewe Lwewewe",
      "(3333s) (1111m) [1111s] [3333p] 1z +1z", LIM),
    k("FourfoldPlenty", "b3B3B3b3 c1C1C1c1 b1b1b1b1 s3s3s3s3 WeWe LWeWeWe",
      "(3333s) (1111m) [1111s] [3333p] 1z +1z", LIM, self_drawn=True),
    k("FourfoldPlenty", "b3b3b3b3 c1c1 b1b1b1b1 s3s3s3s3 wewewewe Lc1c1c1",
      "[3333s] 1m [1111s] [3333p] [1111z] +1m", LIM),
    k("FourfoldPlenty", "b3b3 c1C1C1c1 b1b1b1b1 s3s3s3s3 wewewewe Lb3b3b3",
      "3s (1111m) [1111s] [3333p] [1111z] +3s", LIM),
    k("FourfoldPlenty", "b3b3b3b3 RC1 b1b1b1b1 s3s3s3s3 wewewewe (loser)",
      "[3333s] 1m [1111s] [3333p] [1111z]", expected(48, 2), winner=False),
    # --- class PlumBlossom --------------------------------------------------------------------
    k("PlumBlossom", "s2s2s2 RS5S5S5B1B1B1B2B2 c9C9C9c9 me LS5S5S5S5",
      "[222p] 55p 111s 22s (9999m) +5p", LIM, self_drawn=True, replacement="kong"),
    k("PlumBlossom", "s2s2s2 RS5S5S5B1B1B1B2B2 c9C9C9c9 LS5S5S5S5",
      "[222p] 55p 111s 22s (9999m) +5p", expected(68, 2), self_drawn=True),
    # --- class PluckingMoon -------------------------------------------------------------------
    k("PluckingMoon", "s2s2s2 RS1S1S1B1B1B1B2B2 c9C9C9c9 mz LS1S1S1S1",
      "[222p] 11p 111s 22s (9999m) +1p", LIM, self_drawn=True, last_tile=True),
    k("PluckingMoon", "s2s2s2 RS1S1S1B1B1B1B2B2 c9C9C9c9 LS1S1S1S1",
      "[222p] 11p 111s 22s (9999m) +1p", expected(72, 2), self_drawn=True),
    # --- class ScratchingPole -----------------------------------------------------------------
    k("ScratchingPole", "b2b3b4 RS1S1S1B1B1B1B4B4 c9C9C9c9 mk Lb2b2b3b4",
      "34s 111p 111s 44s (9999m) +2s", LIM, robbing_kong=True),
    k("ScratchingPole", "b2b2b2 RS1S1S1B1B1B1B4B4 c9C9C9c9 LS1S1S1S1",
      "[222s] 11p 111s 44s (9999m) +1p", expected(72, 2), self_drawn=True),
    k("ScratchingPole", "b2b2b2 RS1S1S1B1B1B1B4B4 c9C9C9c9 Lb2b2b2b2",
      "22s 111p 111s 44s (9999m) +2s", expected(70, 2)),
    # --- class ThreeGreatScholars -------------------------------------------------------------
    k("ThreeGreatScholars", "dgdgdg RDrDrDrDbDbDb s4s4s4 c5c5",
      "[666z] 777z 555z [444p] 5m +5m", LIM),
    k("ThreeGreatScholars", "dgdgdg RDrDrDrDbDb s4s4s4 c5c5 (loser)",
      "[666z] 777z 55z [444p] 55m", expected(16, 3), winner=False),
    k("ThreeGreatScholars", "dgdgdg RDrDrDrDbDbDb s4s5s6 c5c5",
      "[666z] 777z 555z [456p] 5m +5m", LIM),
    k("ThreeGreatScholars", "s2s2 RDgDgDgDbDbDbDrDrDr b2b2b2b2 Ls2s2s2",
      "2p 666z 555z 777z [2222s] +2p", LIM),
    k("ThreeGreatScholars", "RDgDgDgDbDbDbDrDrDrS2 b2b2b2b2 (loser)",
      "666z 555z 777z 2p [2222s]", expected(32, 6), winner=False),
    k("ThreeGreatScholars", "RS2DgDgDgDbDbDbDrDrDr wewewewe (loser)",
      "2p 666z 555z 777z [1111z]", expected(40, 8), winner=False),
    # --- class ThreeConcealedPungs ------------------------------------------------------------
    k("ThreeConcealedPungs", "RB2B2B2S1S1S1B1B1B1B4B4 c9c9c9c9 LB2B2B2B2",
      "22s 111p 111s 44s [9999m] +2s", expected(58, 2), self_drawn=True),
    k("ThreeConcealedPungs", "RB2B2B2S1S1S1B4B4 b1b1b1 c9c9c9c9 LB2B2B2B2",
      "22s 111p 44s [111s] [9999m] +2s", expected(54, 1), self_drawn=True),
    k("ThreeConcealedPungs", "RB2B2B2S1S1S1B4B4 b1b1b1 c9c9c9C9 LB2B2B2B2",
      "22s 111p 44s [111s] {9999m} +2s", expected(54, 2), self_drawn=True),
    # --- class Rest ---------------------------------------------------------------------------
    k("Rest", "s1s1s1s1 s2s2s2 wewe RS3S3S3 s4s4s4 Ls2s2s2s2 (S/W)",
      "[1111p] 22p 11z 333p [444p] +2p", expected(44, 2), seat_wind=S, prevailing_wind=W),
    k("Rest", "s1s1s1s1 s2s2s2 RWeWeS3S3S3 s4s4s4 me LS3S3S3S3 (S/W)",
      "[1111p] [222p] 11z 33p [444p] +3p", expected(46, 3), self_drawn=True, replacement="kong",
      seat_wind=S, prevailing_wind=W),
    k("Rest", "b3B3B3b3 RDbDbDbDrDrDr wewewewe s2s2 Ls2s2s2",
      "(3333s) 555z 777z [1111z] 2p +2p", expected(72, 6)),
    k("Rest", "s1s2s3 s1s2s3 b3b3b3 b4b4b4 RB5 fn yn (loser, N)",
      "4f4y [123p] [123p] [333s] [444s] 5s", expected(12, 1), winner=False, seat_wind=N),
    k("Rest", "b3b3b3b3 RDbDbDb drdrdr weWeWewe s2s2 Ls2s2s2",
      "[3333s] 555z [777z] (1111z) 2p +2p", expected(76, 5)),
    k("Rest", "s2s2s2 s2s3s4 RB1B1B1B1 c9C9C9c9 (loser)",
      "[222p] [234p] 1111s (9999m)", expected(42), winner=False),
    k("Rest", "s2s2s2 RDgDgDbDbDbDrDrDr b2b2b2b2 Ls2s2s2s2",
      "22p 66z 555z 777z [2222s] +2p", expected(48, 4)),
    k("Rest", "s1s1s1s1 s2s2s2 s3s3s3 s4s4s4 s5s5 mw Ls3s3s3s3",
      "[1111p] [222p] 33p [444p] 55p +3p", expected(42, 4)),
    k("Rest", "RB2C1B2C1B2C1WeWeS4WeS4WeS6 (loser)",
      "111m 222s 1111z 44p 6p", expected(20, 3), winner=False),
    k("Rest", "b6b6b6 RB1B1B2B2B3B3B7S7C7B8 (loser)",
      "[666s] 11223378s 7p 7m", expected(2), winner=False),
    k("Rest", "RB1B1B1B1B2B3B4B5B6B7B8B9DrDr fe fs fn fw LDrDrDr",
      "1234f 1111s 23456789s 7z +7z", expected(54, 3), self_drawn=True),
    k("Rest", "RB1B1B1B2B2B2B5B5B5B7B8B9DrDr fe fs fn fw LDrDrDr",
      "1234f 111222555789s 7z +7z", expected(62, 4), self_drawn=True),
    k("Rest", "RB1B1B1B1B2B3B4B5B6B7B8B9DrDr fe fs fn fw me LDrDrDr",
      "1234f 1111s 23456789s 7z +7z", expected(54, 4), self_drawn=True, replacement="bonus"),
    k("Rest", "RB1B1B1B1B2B3B4B4B4B7B7B7DrDr fe fs fn fw mz LDrDrDr",
      "1234f 111123444777s 7z +7z", expected(62, 5), self_drawn=True,
      last_tile=True),
    k("Rest", "drdr RB1B1B1B1B2B3B4B5B6B7B8B9 fe fs fn fw mZ Ldrdrdr",
      "1234f 1111s 23456789s 7z +7z", expected(52, 3), last_discard=True),
    k("Rest", "RB1B1B1B1B2B3B4B5B6B8B8B2B2 fe fs fn fw (loser)",
      "1234f 1111222345688s", expected(28, 1), winner=False),
    k("Rest", "wswsws RWeWeWnWnWnB1B1B1 wwwwwwww mz LB1B1B1B1 (N)",
      "[222z] 11z 444z 11s [3333z] +1s", expected(60, 6), self_drawn=True, last_tile=True,
      seat_wind=N),
    k("Rest", "RB2B2 b4b4b4 b5b6b7 b7b8b9 c1c1c1 md Lb7b7b8b9",
      "22s [444s] [567s] [111m] 89s +7s", expected(28)),
    k("Rest", "RB8B8 s4s4s4 b1b2b3 b4b5b6 c1c1c1 md Lb3b1b2b3",
      "88s [444p] [456s] [111m] 12s +3s", expected(28)),
    k("Rest", "RB2B2 s4s4s4 b1b2b3 b4b5b6 c1c1c1 md Lb3b1b2b3",
      "22s [444p] [456s] [111m] 12s +3s", expected(26)),
    # --- class TwofoldFortune -----------------------------------------------------------------
    k("TwofoldFortune", "b1B1B1b1 RB2B3B4B5B6B7 b8b8b8b8 b5b5 fe fs fn fw m.t LB4",
      "1234f (1111s) 23567s [8888s] 55s +4s", LIM, self_drawn=True, replacement="kong",
      kong_on_kong=True),
    k("TwofoldFortune", "b1B1B1b1 RB2B3B4B6B6B6 b8b8b8b8 b5b5 fe fs fn fw m.t LB4",
      "1234f (1111s) 23666s [8888s] 55s +4s", LIM, self_drawn=True, replacement="kong",
      kong_on_kong=True),

    # --- class OriginalCall -------------------------------------------------------------------
    k("OriginalCall", "s1s1s1 s1s2s3 RB6B6B6B8B8B8B5B5 fn yn m.a LB5B5B5 (N)",
      "4f4y [111p] [123p] 666s 888s 5s +5s", expected(44, 2), self_drawn=True,
      declared_calling=True, seat_wind=N),
    k("OriginalCall", "s1s1s1 s1s2s3 RB6B6B6B8B8B8B5 fn yn m.a (loser, N)",
      "4f4y [111p] [123p] 666s 888s 5s", expected(20, 1), winner=False, seat_wind=N),
    # --- class RobbingKong --------------------------------------------------------------------
    k("RobbingKong", "s1s2s3 s1s2s3 RB6B6B7B7B8B8B5 fn yn m.a (loser, N)",
      "4f4y [123p] [123p] 667788s 5s", expected(8, 1), winner=False, seat_wind=N),
    k("RobbingKong", "s1s2s3 s2s3s4 RB6B6B7B7B8B8B5B5 fn yn mka Ls1s1s2s3 (N)",
      "4f4y [234p] 23p 667788s 55s +1p", expected(28, 4), robbing_kong=True,
      declared_calling=True, seat_wind=N),
    k("RobbingKong", "s4s5s6 RS1S2S3B6B6B7B7B8B8B5B5 fn yn m.a LS1S1S2S3 (N)",
      "4f4y [456p] 23p 667788s 55s +1p", expected(30, 3), self_drawn=True,
      declared_calling=True, seat_wind=N),
    # --- class Blessing -----------------------------------------------------------------------
    k("Blessing", "S4S5S6 RS1S2S3B6B6B7B7B8B8B5B5 fn yn m1",
      "4f4y 456p 123p 667788s 5s +5s", LIM, self_drawn=True, heaven=True),
    k("Blessing", "S4S5S6 RS1S1S1B6B6B6B8B8B8B5B5 fn yn m1",
      "4f4y 456p 111p 666s 888s 5s +5s", LIM, self_drawn=True, heaven=True),
    k("Blessing", "s4s5s6 RS1S2S3B6B6B7B7B8B8 b5b5 fn yn m1 Ls4s4s5s6 (W)",
      "4f4y 56p 123p 667788s 55s +4p", LIM, earth=True, seat_wind=W),
    # --- class Terminals ----------------------------------------------------------------------
    k("Terminals", "b1b1 c1c2c3 c1c2c3 c1c2c3 c1c2c3 Lb1b1b1",
      "1s [123m] [123m] [123m] [123m] +1s", expected(26, 1)),
    k("Terminals", "b1b1 c1c2c3 c9c9c9 s1s1s1 s9s9s9 Lb1b1b1",
      "1s [123m] [999m] [111p] [999p] +1s", expected(38)),
    k("Terminals", "b1b1 c1c1c1 c9c9c9 s1s1s1 s9s9s9 Lb1b1b1",
      "1s [111m] [999m] [111p] [999p] +1s", LIM),
    k("Terminals", "RB1 c1c1c1 c9c9c9 s1s1s1 s9s9s9 (loser)",
      "1s [111m] [999m] [111p] [999p]", expected(16), winner=False),
    # --- class MJ -----------------------------------------------------------------------------
    k("MJ", "RB1B1B1B2B2B2B3B4 wnwnwn wewewe Lwnwnwnwn",
      "11122234s 44z [111z] +4z", expected(36, 3)),
    k("MJ", "RB1B1B1B2B2B2B3B3B3S1S1 c3c4c5 Lc3c3c4c5",
      "111222333s 11p 45m +3m", expected(36, 1)),
    k("MJ", "RB1B1B1B2B2B2B3B3S1S2S3 c3c4c5 Lc3c3c4c5",
      "11122233s 123p 45m +3m", expected(32)),
    k("MJ", "wewewe wswsws wnwnwnWn RWwWwWwC6 (loser)",
      "[111z] [222z] {4444z} 333z 6m", expected(32, 4), winner=False),
    k("MJ", "wewewe wswsws wnwnwnWn RWwWwWwC3C3 LC3",
      "[111z] [222z] {4444z} 333z 3m +3m", LIM, self_drawn=True),
    # --- class LastIsOnlyPossible -------------------------------------------------------------
    k("LastIsOnlyPossible", "s2s3s4 DrDr S1S2S3 S6S7S8 B5B6B7 fw yw fs md Ls2s2s3s4",
      "23f3y 34p 77z 123p 678p 567s +2p", expected(34)),
    k("LastIsOnlyPossible", "b3B3B3b3 wewewe RDbDbDbS1S1S1S2S2 LS2S2S2",
      "(3333s) [111z] 555z 111p 2p +2p", expected(60, 5), self_drawn=True),
    k("LastIsOnlyPossible", "b3B3B3b3 wewewe RDbDbDbS1S1S1S3S3 LS3S3S3",
      "(3333s) [111z] 555z 111p 3p +3p", expected(60, 5), self_drawn=True),
    k("LastIsOnlyPossible", "b3B3B3b3 wewewe RDbDbDbS1S1S1S4S4 LS4S4S4",
      "(3333s) [111z] 555z 111p 4p +4p", expected(62, 5), self_drawn=True),
    k("LastIsOnlyPossible", "b3B3B3b3 wewewe RDbDbDbS1S1S1S3S3 LS1S1S1S1",
      "(3333s) [111z] 555z 11p 33p +1p", expected(58, 5), self_drawn=True),
    k("LastIsOnlyPossible", "s9s9s9 s8s8s8 RDgDgS1S2S3S3S4S5 LS3 fe",
      "1f [999p] [888p] 66z 12345p +3p", expected(34, 1), self_drawn=True),
    k("LastIsOnlyPossible", "s9s9s9 s8s8s8 RDgDgS1S2S3S4S4S4 LS3 fe",
      "1f [999p] [888p] 66z 12444p +3p", expected(40, 1), self_drawn=True),
    k("LastIsOnlyPossible", "s9s9s9 s8s8s8 RDgDgS1S2S3S4S5S6 LS6 fe",
      "1f [999p] [888p] 66z 12345p +6p", expected(34, 1), self_drawn=True),
    k("LastIsOnlyPossible", "s9s9s9 s8s8s8 RDgDgS1S2S3S7S8S9 LS7 fe",
      "1f [999p] [888p] 66z 12389p +7p", expected(36, 1), self_drawn=True),
    # --- class LastTile -----------------------------------------------------------------------
    k("LastTile", "wewewe s1s1s1 b9b9b9 RC1C1C1C2C3 LC1C1C1",
      "[111z] [111p] [999s] 1123m +1m", expected(38, 2), self_drawn=True),
    k("LastTile", "wewewe s1s1s1 b9b9b9 RC1C2C3C3C3 LC3C3C3",
      "[111z] [111p] [999s] 1233m +3m", expected(38, 2), self_drawn=True),
    k("LastTile", "b5b6b7 s1s1s1 RB8C6C7C5B8B8C7C7 mw LC7C7C7",
      "[567s] [111p] 888s 5677m +7m", expected(32), self_drawn=True),
    # --- class Recursion ----------------------------------------------------------------------
    k("Recursion", "c6c6c6C6 fe fs RS8S8C1C2C3C4C5C7C8C9 (loser)",
      "12f {6666m} 88p 12345789m", expected(16), winner=False),

    # --- built from issue 31's lines, deciding by Kajongg where issue 31 is silent ------------
    # "Only concealed melds 1": the winning discard exposes what it completes, a pair too
    # (Kajongg: HiddenTreasure 'RWeWeWeC3C3C3 c4c4c4C4 b8B8B8b8 s3s3 Ls3s3s3' 60 points, 4
    # doubles). 20 + 2 (pair of 2-8) + 2 (only tile) + 2 (drawn); zero-point, concealed: x4.
    k("issue 31: only concealed melds", "earns: all concealed, 5s self-drawn",
      "123m 234p 567p 789s 5s +5s", expected(26, 2), self_drawn=True),
    # The same 5s discarded: 20 + 2 + 2; zero-point x2, the pair exposed by the discard.
    k("issue 31: only concealed melds", "near miss: 5s discarded completes the pair",
      "123m 234p 567p 789s 5s +5s", expected(24, 1)),
    # "Concealed true colour" (1 limit): likewise self-drawn.
    k("issue 31: concealed true colour", "earns: one suit, 7m self-drawn",
      "123m 456m 789m 123m 7m +7m", LIM, self_drawn=True),
    # The 7m discarded: 20 + 2 (pair of 2-8; 1122334567789m waits on more than 7m); one suit
    # x2^3, zero-point x2.
    k("issue 31: concealed true colour", "near miss: 7m discarded completes the pair",
      "123m 456m 789m 123m 7m +7m", expected(22, 4)),
    # "The last tile is the only possible tile 2 (... never when it completes a kong)": the
    # fourth 2m completes the chow 123m, not a kong (Kajongg: only a kong holding the last
    # tile rules it out). [222m] 2 + 20 + 2 (13m waits on 2m alone).
    k("issue 31: only possible tile", "earns: the fourth 2m into 13m beside [222m]",
      "[222m] 13m 456p 789p 55s +2m", expected(24)),
    # 34m waits on 2m and 5m: [222m] 2 + 20.
    k("issue 31: only possible tile", "near miss: 2m into 34m beside [222m]",
      "[222m] 34m 456p 789p 55s +2m", expected(22)),
    # "Squirming snake (one suit: pungs or kongs of 1s and 9s, a pair of 2, 5 or 8, two
    # chows)": the chows are the numbers left, the hand running 1 to 9 (Kajongg); a kong of
    # 1s is allowed (issue 31's words).
    k("issue 31: squirming snake", "earns: [1111p] 999p 234p 567p 88p",
      "[1111p] 999p 234p 567p 8p +8p", LIM),
    k("issue 31: squirming snake", "earns: 111s 999s 345s 678s 22s, drawn",
      "111s [999s] 345s 678s 2s +2s", LIM, self_drawn=True),
    # Pair of 5s with 234p 567p: no 8p. [111p] 4 + [999p] 4 + pair of 2-8 2 + 20 = 30 (8p
    # completes it too); one suit x2^3.
    k("issue 31: squirming snake", "near miss: pair of 5s, chows 234p 567p",
      "[111p] [999p] 234p 567p 5p +5p", expected(30, 3)),
]


@pytest.mark.parametrize("hand, context, totals", CASES)
def test_kajongg_dmjl_hand(hand, context, totals):
    """mjscore's dmjl gives Kajongg's DMJL total, with the roof and without."""
    capped, roof_off = totals
    assert score(hand, RULES, **context).total == capped, score(hand, RULES, **context).explain()
    assert score(hand, ROOF_OFF, **context).total == roof_off, score(hand, ROOF_OFF, **context).explain()


# --- hands that make no Mah Jongg, and hands too long ----------------------------------------
# Kajongg scores these NoWin() = 0 (issue 31: "A 14-tile hand that makes no Mah Jongg scores 0;
# a longer hand scores 0"). mjscore.score raises NotWinningError for a hand that does not go
# out (score_many gives such a row 0 with status NOT_WINNING): its way of scoring 0.
NO_MAH_JONGG = [
    pytest.param("[123p] [123p] [333s] [444s] 5s +6s", {},
                 id="LongHand :: s1s2s3 s1s2s3 b3b3b3 b4b4b4 RB5B6 fn yn LB5"),
    pytest.param("111m 222s 1111z 44p 6p +5p", {}, id="LongHand :: RB2C1B2C1B2C1WeWeS4WeS4WeS6S5 LS5"),
    pytest.param("(1111m) (5555s) (2222m) (3333m) 6s +4m", {},
                 id="MJ :: c1C1C1c1 b5B5B5b5 c2C2C2c2 c3C3C3c3 RC4B6 fs fw fn fe LC4"),
    pytest.param("[111z] [222z] {4444z} 333z 3m +6s", {}, id="MJ :: wewewe wswsws wnwnwnWn RWwWwWwC3B6 LC3"),
    pytest.param("19m199p19s124567z +8p", {}, id="ThirteenOrphans :: ww RC1C9B9B1S1S9WeDgWsWnDbDrS8 Lwwww"),
]


@pytest.mark.parametrize("hand, context", NO_MAH_JONGG)
def test_kajongg_dmjl_no_mah_jongg(hand, context):
    """A 14-tile hand that makes no Mah Jongg: Kajongg's NoWin(), mjscore's NotWinningError
    (the near miss of the longer hands below: no LongHandError)."""
    with pytest.raises(NotWinningError) as raised:
        score(hand, RULES, **context)
    assert not isinstance(raised.value, LongHandError)


# Partials: a player holding bonus tiles only, 'fe' NoWin(4), 'fs fw fe fn' NoWin(16, 1),
# 'fs ys' (South) NoWin(8, 1). Issue 31 item 3: a hand that did not go out is scored as
# shown, whatever it holds; a hand of bonus tiles alone is one (Hand, the notation and the
# row checks take no tiles but bonus tiles for a hand that did not go out).
BONUS_ONLY = [
    pytest.param("1f", {"winner": False}, 4, id="Partials :: fe (loser)"),
    pytest.param("1234f", {"winner": False}, 32, id="Partials :: fs fw fe fn (loser)"),
    pytest.param("2f2y", {"winner": False, "seat_wind": "S"}, 16, id="Partials :: fs ys (loser, S)"),
]


@pytest.mark.parametrize("hand, context, total", BONUS_ONLY)
def test_kajongg_dmjl_a_loser_holding_bonus_tiles_alone(hand, context, total):
    assert score(hand, RULES, **context).total == total


def test_a_hand_of_no_tiles_and_no_bonus_tiles_is_refused():
    """The near miss: without bonus tiles, no tiles is no hand, even for a loser."""
    with pytest.raises(InvalidHandError, match="the hand has 0 tiles"):
        score("", RULES, winner=False)


# A longer hand (issue 31: "a longer hand scores 0"; Kajongg's LongHand, NoWin() = 0): more
# tiles than any hand holds make no Mah Jongg, and mjscore says so as it says it of a 14-tile
# hand, with LongHandError, a NotWinningError (and an InvalidHandError naming the count).
LONG_HANDS = [
    pytest.param("111m 222s 1111z 44p 6p 5p +5p", 15, id="LongHand :: RB2C1B2C1B2C1WeWeS4WeS4WeS6S5S5 LS5"),
    pytest.param("[123p] [123p] [333s] [444s] 5s 6s 7s +6s", 16, id="LongHand, melds :: 16 tiles"),
]


@pytest.mark.parametrize("hand, size", LONG_HANDS)
def test_kajongg_dmjl_a_longer_hand_scores_0(hand, size):
    with pytest.raises(NotWinningError, match=f"the hand has {size} tiles") as raised:
        score(hand, RULES)
    assert isinstance(raised.value, LongHandError) and isinstance(raised.value, InvalidHandError)


# --- original call ----------------------------------------------------------------------------
# Issue 31: "original call (declared on the first discard, fewer than 3 exposed melds at the
# end) 1". Kajongg's DMJL (rulecode.py MahJonggWithOriginalCall) counts the exposed melds of
# the final hand, the meld the winning discard exposes among them, and so does the fact
# original-call (bmja's too). With [123m] [456p] declared and the discarded 4s completing
# 234s, the hand ends with three exposed melds: no original call, 20 with the zero-point
# double, 40. Self-drawn, two exposed melds: (20 + 2) x2 x2 = 88.
def test_original_call_self_drawn_with_two_declared_melds():
    assert score("[123m] [456p] 789p 23s 55s +4s", RULES, declared_calling=True, self_drawn=True).total == 88


def test_original_call_the_winning_discard_exposes_a_third_meld():
    assert score("[123m] [456p] 789p 23s 55s +4s", RULES, declared_calling=True).total == 40


def test_original_call_one_declared_meld_and_the_winning_discard():
    """The earning side on a discard: one declared meld and the one the discard completes
    make two, fewer than three: Mah Jongg 20, doubled for the zero-point hand and for the
    original call, 80."""
    won = score("[123m] 456p 789p 23s 55s +4s", RULES, declared_calling=True)
    assert "original-call" in {line.id for line in won.lines} and won.total == 80


# --- Kajongg's DMJL rules, one by one ---------------------------------------------------------
# Each rule of Kajongg's ClassicalChineseDMJL (src/predefined.py: ClassicalChinese.loadRules
# and its DMJL additions) with its value, and the entry of dmjl.toml that scores it: points,
# doubles, or limits. Kajongg's rules with no entry here: the parameters (limit 500, roof
# off, maxChows 4: the file's limit, option and chow rule), penalties and 'Dangerous Game'
# (payments, not scores), 'Long Hand' (a hand too long scores 0: LongHandError, a NotWinningError, above),
# 'Standard Mah Jongg' 20 (our mah-jong). Kajongg's 'Only Honors' is 1 limit with 2
# doubles: a limit hand drops its doubles (rule.py Score.total), so only the limit counts.
KAJONGG_RULES = [
    # (Kajongg's rule, points, doubles, limits, our id)
    ("Exposed Pung", 2, 0, 0, "exposed-pung-simples"),
    ("Exposed Pung of Terminals / of Honors", 4, 0, 0, "exposed-pung-terminals-honours"),
    ("Concealed Pung", 4, 0, 0, "concealed-pung-simples"),
    ("Concealed Pung of Terminals / of Honors", 8, 0, 0, "concealed-pung-terminals-honours"),
    ("Exposed Kong", 8, 0, 0, "exposed-kong-simples"),
    ("Exposed Kong of Terminals / of Honors", 16, 0, 0, "exposed-kong-terminals-honours"),
    ("Concealed Kong", 16, 0, 0, "concealed-kong-simples"),
    ("Concealed Kong of Terminals / of Honors", 32, 0, 0, "concealed-kong-terminals-honours"),
    ("Pair of Own Wind", 2, 0, 0, "pair-own-wind"),
    ("Pair of Round Wind", 2, 0, 0, "pair-round-wind"),
    ("Pair of Dragons", 2, 0, 0, "pair-dragons"),
    ("Pung/Kong of Dragons", 0, 1, 0, "dragon-pung"),
    ("Pung/Kong of Own Wind", 0, 1, 0, "own-wind-pung"),
    ("Pung/Kong of Round Wind", 0, 1, 0, "round-wind-pung"),
    ("Flower / Season", 4, 0, 0, "bonus-tile"),
    ("Standard Mah Jongg", 20, 0, 0, "mah-jong"),
    ("Won with Last Tile Taken from Wall", 2, 0, 0, "self-drawn"),
    ("Last Tile Completes Pair of 2..8", 2, 0, 0, "pair-wait-simples"),
    ("Last Tile Completes Pair of Terminals or Honors", 4, 0, 0, "pair-wait-terminals-honours"),
    ("Last Tile is Only Possible Tile", 2, 0, 0, "only-possible-tile"),
    ("Own Flower and Own Season", 0, 1, 0, "own-flower-and-season"),
    ("All Flowers", 0, 1, 0, "all-flowers"),
    ("All Seasons", 0, 1, 0, "all-seasons"),
    ("Three Concealed Pongs (three or more)", 0, 1, 0, "three-concealed-pungs"),
    ("Three Concealed Pongs (three or more)", 0, 1, 0, "four-concealed-pungs"),
    ("Little Three Dragons", 0, 1, 0, "little-three-dragons"),
    ("Big Three Dragons", 0, 2, 0, "big-three-dragons"),
    ("Little Four Joys", 0, 1, 0, "little-four-joys"),
    ("Big Four Joys", 0, 2, 0, "big-four-joys"),
    ("Zero Point Hand", 0, 1, 0, "zero-point-hand"),
    ("No Chow", 0, 1, 0, "no-chow"),
    ("Only Concealed Melds", 0, 1, 0, "only-concealed-melds"),
    ("False Color Game", 0, 1, 0, "one-suit-with-honours"),
    ("True Color Game", 0, 3, 0, "one-suit"),
    ("Only Terminals and Honors", 0, 1, 0, "terminals-honours"),
    ("Last Tile Taken from Dead Wall", 0, 1, 0, "dead-wall"),
    ("Last Tile is Last Tile of Wall", 0, 1, 0, "last-tile"),
    ("Last Tile is Last Tile of Wall Discarded", 0, 1, 0, "last-discard"),
    ("Robbing the Kong", 0, 1, 0, "robbing-kong"),
    ("Mah Jongg with Original Call", 0, 1, 0, "original-call"),
    ("Concealed True Color Game", 0, 0, 1, "concealed-true-colour"),
    ("Only Honors", 0, 0, 1, "all-honours"),
    ("Hidden Treasure", 0, 0, 1, "hidden-treasure"),
    ("Heads and Tails", 0, 0, 1, "heads-and-tails"),
    ("Fourfold Plenty", 0, 0, 1, "four-kongs"),
    ("Three Great Scholars", 0, 0, 1, "three-great-scholars"),
    ("Four Blessings Hovering over the Door", 0, 0, 1, "four-blessings"),
    ("Imperial Jade", 0, 0, 1, "imperial-jade"),
    ("Gathering the Plum Blossom from the Roof", 0, 0, 1, "plum-blossom"),
    ("Plucking the Moon from the Bottom of the Sea", 0, 0, 1, "plucking-the-moon"),
    ("Scratching a Carrying Pole", 0, 0, 1, "scratching-a-carrying-pole"),
    ("Twofold Fortune", 0, 0, 1, "twofold-fortune"),
    ("Blessing of Heaven", 0, 0, 1, "heaven"),
    ("Blessing of Earth", 0, 0, 1, "earth"),
    ("East won nine times in a row", 0, 0, 1, "nine-dealer-wins"),
    ("Nine Gates", 0, 0, 1, "nine-gates"),
    ("Thirteen Orphans", 0, 0, 1, "thirteen-orphans"),
    ("Squirming Snake", 0, 0, 1, "squirming-snake"),
]


def _values(rule_id: str) -> tuple[int, int, float]:
    """Our points, doubles and limits for a rule id of dmjl.toml."""
    for rule in (*RULES.sets, *RULES.items):
        if rule.id == rule_id:
            return rule.points, rule.doubles, 0
    hand = next(h for h in RULES.hands if h.id == rule_id)
    return hand.value.points, hand.value.doubles, float(hand.value.limit)


@pytest.mark.parametrize("kajongg, points, doubles, limits, ours", KAJONGG_RULES,
                         ids=[f"{r[0]} -> {r[4]}" for r in KAJONGG_RULES])
def test_kajongg_dmjl_rule_values(kajongg, points, doubles, limits, ours):
    """Each of Kajongg's DMJL rules has the same value in dmjl.toml."""
    assert _values(ours) == (points, doubles, limits)


def test_kajongg_dmjl_parameters_and_every_entry_has_a_kajongg_rule():
    """Kajongg's DMJL limit is 500 (roof or not); every entry of dmjl.toml is one of its rules."""
    assert RULES.limit == ROOF_OFF.limit == LIMIT
    assert {r[4] for r in KAJONGG_RULES} == {r.id for r in (*RULES.sets, *RULES.items, *RULES.hands)}

