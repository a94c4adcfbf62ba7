"""Payments between the four players of one hand: the rules, and the settlement they produce.

This module owns the ``[payments]`` table of a rule-set file (:class:`PaymentRules`)
and :func:`settle_scores`, which turns the four hand scores into who pays whom.
It does not score hands; it is handed the scores.

Two schemes are implemented:

``classical``
    The convention of Babcock's rules (seed ``004``, rule set ``babcock``) and the
    classical game in general: every loser pays the winner the winner's score;
    East, the dealer, pays and receives double; the losers then settle the
    differences of their scores among themselves, again double to or from East.
    Each part can be switched off (``dealer-double``, ``losers-settle``).
``chart``
    Multiples of the winner's score, per seed ``002`` (rule set
    ``chinese-classical``), "3. PAYMENT" table, lines 36-42::

        How Game Ends                      discarder  each player  dealer
        If dealer goes out self-drawn         ---          2         ---
        If dealer goes out on a discard        6          ---        ---
        If non-dealer goes out self-drawn     ---          1          2
        If non-dealer out out on a discard     4          ---        ---

    :data:`CHINESE_CLASSICAL_CHART` is that table; a rule file may give others.

Decisions where the sources are silent:

- A drawn hand (``winner=None``) is a wash: nobody pays in either scheme. Neither
  seed describes settling a drawn hand, and in the classical game the hand is
  simply replayed. There is no discarder in a drawn hand.
- In the classical scheme the discarder pays nothing extra (Babcock has no such
  rule); ``discarder`` is still checked, so a bad call is not silently accepted.
- In the chart scheme a discard win is one where ``discarder`` is given. The
  discarder pays the discard multiple whether or not he is the dealer: the chart's
  dealer column applies only to a non-dealer's self-drawn win.
- Transfers of zero (a score of 0, equal loser scores) are left out.
"""

from __future__ import annotations

import difflib
import operator
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import Literal

from ..core.errors import InvalidHandError, RuleSetError

__all__ = [
    "PaymentRules", "ChartMultiples", "PayerMultiples", "Transfer", "Settlement",
    "settle_scores", "CHINESE_CLASSICAL_CHART", "CLASSICAL",
]

PLAYERS = 4
"""Players at the table, numbered 0-3."""

SCHEMES = ("classical", "chart")
"""The payment schemes a rule set may name."""

_ROLES = ("each", "dealer", "discarder")
_SITUATIONS = ("dealer-self-drawn", "dealer-discard", "non-dealer-self-drawn", "non-dealer-discard")


# --- rules -------------------------------------------------------------------


def _is_count(value: object) -> bool:
    # bool is an int subclass, but `true` is never a multiple in a rule file
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True, slots=True)
class PayerMultiples:
    """Who pays, in one situation, as multiples of the winner's score.

    A loser pays the multiple of the most specific role that applies to him:
    ``discarder`` (he discarded the winning tile), then ``dealer`` (he is the
    dealer), then ``each``. A loser no given role applies to pays nothing, so
    ``PayerMultiples(discarder=4)`` makes the discarder pay alone.

    :raises RuleSetError: for a negative or non-integer multiple, or no role at all.
    """

    each: int | None = None
    dealer: int | None = None
    discarder: int | None = None

    def __post_init__(self) -> None:
        for role in _ROLES:
            value = getattr(self, role)
            if value is not None and not _is_count(value):
                raise RuleSetError(f"{role}: a multiple must be a non-negative integer, not {value!r}")
        if self.each is None and self.dealer is None and self.discarder is None:
            raise RuleSetError("a situation must name who pays: each, dealer or discarder")

    def role(self, *, is_discarder: bool, is_dealer: bool) -> Literal["each", "dealer", "discarder"] | None:
        """The role a loser pays by, or None when no given role applies to him."""
        if is_discarder and self.discarder is not None:
            return "discarder"
        if is_dealer and self.dealer is not None:
            return "dealer"
        return "each" if self.each is not None else None

    def multiple(self, *, is_discarder: bool, is_dealer: bool) -> int:
        """The multiple a loser pays (0 when no role applies to him)."""
        role = self.role(is_discarder=is_discarder, is_dealer=is_dealer)
        return 0 if role is None else int(getattr(self, role))


@dataclass(frozen=True, slots=True)
class ChartMultiples:
    """The chart scheme's four situations (seed 002's payment table rows).

    :raises RuleSetError: for a situation that is not :class:`PayerMultiples`,
        or a self-drawn situation naming a discarder.
    """

    dealer_self_drawn: PayerMultiples
    dealer_discard: PayerMultiples
    non_dealer_self_drawn: PayerMultiples
    non_dealer_discard: PayerMultiples

    def __post_init__(self) -> None:
        for name in _SITUATIONS:
            value = getattr(self, name.replace("-", "_"))
            if not isinstance(value, PayerMultiples):
                raise RuleSetError(f"chart.{name} must be PayerMultiples, not {value!r}")
            if name.endswith("self-drawn") and value.discarder is not None:
                raise RuleSetError(f"chart.{name}: a self-drawn win has no discarder")

    def situation(self, *, dealer_wins: bool, self_drawn: bool) -> tuple[str, PayerMultiples]:
        """The situation's name (as in the rule file) and its multiples."""
        name = ("dealer" if dealer_wins else "non-dealer") + ("-self-drawn" if self_drawn else "-discard")
        return name, getattr(self, name.replace("-", "_"))


CHINESE_CLASSICAL_CHART = ChartMultiples(
    dealer_self_drawn=PayerMultiples(each=2),
    dealer_discard=PayerMultiples(discarder=6),
    non_dealer_self_drawn=PayerMultiples(each=1, dealer=2),
    non_dealer_discard=PayerMultiples(discarder=4),
)
"""Seed 002's payment table (lines 39-42), the ``chinese-classical`` payments."""


@dataclass(frozen=True, slots=True)
class PaymentRules:
    """How the players of one hand pay each other: the ``[payments]`` table of a rule set.

    :param scheme: ``"classical"`` or ``"chart"`` (see the module docstring).
    :param dealer_double: classical only: the dealer pays and receives double.
    :param losers_settle: classical only: losers pay each other the differences of their scores.
    :param chart: chart only, and required there: the multiples of the winner's score.
    :raises RuleSetError: for an unknown scheme, a chart scheme without a chart,
        or a chart given to the classical scheme.
    """

    scheme: Literal["classical", "chart"]
    dealer_double: bool = True
    losers_settle: bool = True
    chart: ChartMultiples | None = None

    def __post_init__(self) -> None:
        if self.scheme not in SCHEMES:
            raise RuleSetError(f"unknown payment scheme {self.scheme!r}: expected {_either(SCHEMES)}")
        for name in ("dealer_double", "losers_settle"):
            if not isinstance(getattr(self, name), bool):
                raise RuleSetError(f"{name} must be True or False, not {getattr(self, name)!r}")
        if self.scheme == "chart" and not isinstance(self.chart, ChartMultiples):
            raise RuleSetError(f"the chart scheme needs a ChartMultiples chart, not {self.chart!r}")
        if self.scheme == "classical" and self.chart is not None:
            raise RuleSetError("a chart is only used by the chart scheme, not the classical one")

    @classmethod
    def from_table(cls, table: Mapping[str, object], where: str) -> PaymentRules:
        """The rules in the ``[payments]`` table of a rule-set file.

        >>> PaymentRules.from_table({"scheme": "classical", "losers-settle": False}, "my.toml")
        PaymentRules(scheme='classical', dealer_double=True, losers_settle=False, chart=None)
        >>> PaymentRules.from_table({"scheme": "chart"}, "my.toml")
        Traceback (most recent call last):
        ...
        mjscore.core.errors.RuleSetError: my.toml: payments.chart: missing: the chart scheme needs a [payments.chart] table

        :param table: the parsed table (as :mod:`tomllib` returns it); keys use hyphens.
        :param where: names the file in error messages.
        :raises RuleSetError: ``"<where>: <key>: <reason>"`` for unknown keys, wrong
            types, an unknown scheme, negative multiples, or a missing chart or situation.
        """
        table = _table(table, "payments", where)
        _known_keys(table, ("scheme", "dealer-double", "losers-settle", "chart"), "payments", where)
        if "scheme" not in table:
            raise _error(where, "payments.scheme", f"missing: expected {_either(SCHEMES)}")
        scheme = table["scheme"]
        if not isinstance(scheme, str):
            raise _error(where, "payments.scheme", f"expected a string ({_either(SCHEMES)}), got {_show(scheme)}")
        if scheme not in SCHEMES:
            raise _error(where, "payments.scheme", f"unknown scheme {scheme!r}: expected {_either(SCHEMES)}")
        if scheme == "classical":
            if "chart" in table:
                raise _error(where, "payments.chart", 'only used by scheme = "chart", not "classical"')
            flags: dict[str, bool] = {}
            for key in ("dealer-double", "losers-settle"):
                value = table.get(key, True)
                if not isinstance(value, bool):
                    raise _error(where, f"payments.{key}", f"expected true or false, got {_show(value)}")
                flags[key] = value
            return cls("classical", dealer_double=flags["dealer-double"], losers_settle=flags["losers-settle"])
        for key in ("dealer-double", "losers-settle"):
            if key in table:
                raise _error(where, f"payments.{key}", 'only used by scheme = "classical", not "chart"')
        if "chart" not in table:
            raise _error(where, "payments.chart", "missing: the chart scheme needs a [payments.chart] table")
        return cls("chart", chart=_chart(table["chart"], where))


CLASSICAL = PaymentRules("classical")
"""The classical payments (Babcock): loser pays winner, dealer double, losers settle."""


def _chart(value: object, where: str) -> ChartMultiples:
    chart = _table(value, "payments.chart", where)
    _known_keys(chart, _SITUATIONS, "payments.chart", where)
    situations: dict[str, PayerMultiples] = {}
    for name in _SITUATIONS:
        key = f"payments.chart.{name}"
        if name not in chart:
            raise _error(where, key, "missing: the chart needs all four situations "
                         f"({', '.join(_SITUATIONS)})")
        payers = _table(chart[name], key, where)
        _known_keys(payers, _ROLES, key, where)
        if not payers:
            raise _error(where, key, "names no payer: give each, dealer or discarder")
        if name.endswith("self-drawn") and "discarder" in payers:
            raise _error(where, f"{key}.discarder", "a self-drawn win has no discarder")
        for role, multiple in payers.items():
            if not _is_count(multiple):
                raise _error(where, f"{key}.{role}",
                             f"a multiple must be a non-negative integer, got {_show(multiple)}")
        situations[name.replace("-", "_")] = PayerMultiples(**payers)  # type: ignore[arg-type]
    return ChartMultiples(**situations)


def _table(value: object, key: str, where: str) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise _error(where, key, f"expected a table, got {_show(value)}")
    return value


def _known_keys(table: Mapping[str, object], known: Sequence[str], key: str, where: str) -> None:
    for name in table:
        if name not in known:
            close = difflib.get_close_matches(str(name), known, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise _error(where, f"{key}.{name}", f"unknown key (expected one of {', '.join(known)}){hint}")


def _error(where: str, key: str, reason: str) -> RuleSetError:
    return RuleSetError(f"{where}: {key}: {reason}")


def _show(value: object) -> str:
    """A value as a rule-file author wrote it, with its TOML type."""
    if isinstance(value, bool):
        return f"{str(value).lower()} (a boolean)"
    kinds = {int: "an integer", float: "a float", str: "a string", list: "an array"}
    kind = next((k for t, k in kinds.items() if isinstance(value, t)), None)
    if kind is None:
        kind = "a table" if isinstance(value, Mapping) else f"a {type(value).__name__}"
    return f"{value!r} ({kind})"


def _either(names: Sequence[str]) -> str:
    return " or ".join(repr(n) for n in names)


# --- settlement --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment: ``payer`` pays ``payee`` ``amount`` points, for ``reason``."""

    payer: int
    payee: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Settlement:
    """What the four players pay each other after one hand.

    :param net: what each player 0-3 receives (+) or pays (-); sums to zero.
    :param transfers: the itemised payments ``net`` adds up.
    """

    net: tuple[int, int, int, int]
    transfers: tuple[Transfer, ...] = field(default=())

    def explain(self) -> str:
        """A readable table of the transfers, then each player's net.

        >>> print(settle_scores([10, 0, 0, 0], winner=0, dealer=1, discarder=None, rules=CLASSICAL).explain())
        payer     payee     amount  reason
        player 1  player 0      20  dealer pays double
        player 2  player 0      10  loser pays winner
        player 3  player 0      10  loser pays winner
        net: player 0 +40, player 1 -20, player 2 -10, player 3 -10
        """
        rows = [("payer", "payee", "amount", "reason")]
        rows += [(f"player {t.payer}", f"player {t.payee}", str(t.amount), t.reason) for t in self.transfers]
        lines = [f"{a:<8}  {b:<8}  {c:>6}  {d}" for a, b, c, d in rows] if self.transfers else ["no payments"]
        lines.append("net: " + ", ".join(f"player {p} {n:+d}" for p, n in enumerate(self.net)))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, object]:
        """The settlement as plain JSON-ready data: ``{"net": [...], "transfers": [{...}, ...]}``."""
        return {
            "net": list(self.net),
            "transfers": [
                {"payer": t.payer, "payee": t.payee, "amount": t.amount, "reason": t.reason}
                for t in self.transfers
            ],
        }


def settle_scores(
    scores: Sequence[int],
    *,
    winner: int | None,
    dealer: int,
    discarder: int | None,
    rules: PaymentRules,
) -> Settlement:
    """Who pays whom after one hand, given the four players' hand scores.

    Worked classical example: player 0 wins with 100; player 1 (the dealer)
    holds 40, player 2 holds 12, player 3 holds 0. The dealer pays the winner
    double (200), the others 100 each; then the losers settle: 2 pays the
    dealer (40 - 12) x 2 = 56, 3 pays the dealer (40 - 0) x 2 = 80, 3 pays 2
    (12 - 0) = 12.

    >>> s = settle_scores([100, 40, 12, 0], winner=0, dealer=1, discarder=None, rules=CLASSICAL)
    >>> s.net
    (400, -64, -144, -192)
    >>> s = settle_scores([100, 40, 12, 0], winner=0, dealer=1, discarder=None,
    ...                   rules=PaymentRules("chart", chart=CHINESE_CLASSICAL_CHART))
    >>> s.net
    (400, -200, -100, -100)

    :param scores: the four players' hand scores, non-negative integers; the
        winner's is the one paid on, the losers' matter when losers settle.
    :param winner: the player who went out, or None for a drawn hand (nobody pays).
    :param dealer: the dealer (East).
    :param discarder: the player who discarded the winning tile, or None for a
        self-drawn win (and a drawn hand).
    :param rules: the payment rules.
    :returns: the settlement; its ``net`` sums to zero.
    :raises InvalidHandError: for scores or players that cannot be.
    """
    scores_t = _scores(scores)
    dealer = _player(dealer, "dealer")
    if winner is None:
        if discarder is not None:
            raise InvalidHandError(
                f"a discarder (player {discarder}) in a drawn hand: nobody won, so no tile was discarded to win"
            )
        return Settlement((0, 0, 0, 0), ())
    winner = _player(winner, "winner")
    if discarder is not None:
        discarder = _player(discarder, "discarder")
        if discarder == winner:
            raise InvalidHandError(
                f"the winner (player {winner}) cannot also be the discarder: a discard wins for another player"
            )
    if not isinstance(rules, PaymentRules):
        raise TypeError(f"rules must be PaymentRules, not {type(rules).__name__}")
    if rules.scheme == "chart":
        assert rules.chart is not None  # PaymentRules guarantees it
        transfers = _chart_transfers(scores_t, winner, dealer, discarder, rules.chart)
    else:
        transfers = _classical_transfers(scores_t, winner, dealer, rules)
    net = [0] * PLAYERS
    for t in transfers:
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    return Settlement((net[0], net[1], net[2], net[3]), tuple(transfers))


def _classical_transfers(scores: tuple[int, ...], winner: int, dealer: int,
                         rules: PaymentRules) -> list[Transfer]:
    """Babcock's convention: losers pay the winner, then settle among themselves."""
    losers = [p for p in range(PLAYERS) if p != winner]
    transfers: list[Transfer] = []
    for loser in losers:
        doubled = rules.dealer_double and dealer in (winner, loser)
        if not doubled:
            reason = "loser pays winner"
        elif loser == dealer:
            reason = "dealer pays double"
        else:
            reason = "loser pays the dealer double"
        transfers.append(Transfer(loser, winner, scores[winner] * (2 if doubled else 1), reason))
    if rules.losers_settle:
        for i, a in enumerate(losers):
            for b in losers[i + 1:]:
                low, high = (a, b) if scores[a] <= scores[b] else (b, a)
                doubled = rules.dealer_double and dealer in (a, b)
                reason = f"losers settle {scores[high]} - {scores[low]}" + (", dealer double" if doubled else "")
                amount = (scores[high] - scores[low]) * (2 if doubled else 1)
                transfers.append(Transfer(low, high, amount, reason))
    return [t for t in transfers if t.amount]


def _chart_transfers(scores: tuple[int, ...], winner: int, dealer: int, discarder: int | None,
                     chart: ChartMultiples) -> list[Transfer]:
    """Seed 002's table: each loser pays the multiple of his role in the situation."""
    name, payers = chart.situation(dealer_wins=winner == dealer, self_drawn=discarder is None)
    transfers: list[Transfer] = []
    for loser in range(PLAYERS):
        if loser == winner:
            continue
        is_discarder, is_dealer = loser == discarder, loser == dealer
        role = payers.role(is_discarder=is_discarder, is_dealer=is_dealer)
        multiple = payers.multiple(is_discarder=is_discarder, is_dealer=is_dealer)
        if scores[winner] * multiple:
            who = "each player" if role == "each" else role
            transfers.append(Transfer(loser, winner, scores[winner] * multiple, f"{name}: {who} pays {multiple}x"))
    return transfers


def _scores(scores: Sequence[int]) -> tuple[int, ...]:
    # Any ordered collection will do (a NumPy row included), but not text, a mapping or a set.
    if isinstance(scores, (str, bytes, Mapping, Set)) or not isinstance(scores, Iterable):
        raise InvalidHandError(f"scores must be a sequence of {PLAYERS} integers, one per player, not {scores!r}")
    values = list(scores)
    if len(values) != PLAYERS:
        raise InvalidHandError(f"{len(values)} scores given: there is one per player, {PLAYERS} in all")
    result = []
    for player, value in enumerate(values):
        number = _int(value)
        if number is None or number < 0:
            raise InvalidHandError(f"player {player}'s score must be a non-negative integer, not {value!r}")
        result.append(number)
    return tuple(result)


def _player(value: object, role: str) -> int:
    number = _int(value)
    if number is None or not 0 <= number < PLAYERS:
        raise InvalidHandError(f"the {role} must be a player 0-{PLAYERS - 1}, not {value!r}")
    return number


def _int(value: object) -> int | None:
    """``value`` as a Python int (NumPy integers included), or None; booleans are not numbers here."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None

