"""Issue 30, item 8 (parsing): a long text wrong near its start fails without reading the
rest. Counted in words read, not timed: the reader pulls words one by one from
``notation.TOKEN``, which the test wraps to count them."""

from __future__ import annotations

import re

import pytest

from mjscore.core import notation
from mjscore.core.errors import InvalidHandError, NotationError


class _Counting:
    """``TOKEN`` with a count of the words its ``finditer`` and ``findall`` hand out."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.read = 0

    def finditer(self, text: str):  # noqa: ANN201 - an iterator of matches
        for match in self.pattern.finditer(text):
            self.read += 1
            yield match

    def findall(self, text: str) -> list[str]:
        found = self.pattern.findall(text)
        self.read += len(found)
        return found


MEGABYTE = 1_000_000


LIMIT = getattr(notation, "_READ_LIMIT", 64)
QUICK = LIMIT + 1
"""Words the quick reading takes before it hands a text longer than any hand to the careful one."""


@pytest.mark.parametrize(("text", "error", "position", "most"), [
    # wrong at position 2: a suit letter that is none
    ("12x" + " 1m" * (MEGABYTE // 3), NotationError, 2, QUICK + 1),
    ("1m 2x" + " 1m" * (MEGABYTE // 3), NotationError, 4, QUICK + 2),
    # a meld never closed: its words stop at the four tiles a meld holds
    ("[1m" + " 2m" * (MEGABYTE // 3), NotationError, 13, QUICK + 6),
    # a fifth 1m at position 12: reading stops past 64 tiles, far past any hand
    ("1m " * (MEGABYTE // 3), InvalidHandError, 12, QUICK + LIMIT + 2),
])
def test_a_long_text_wrong_early_fails_without_reading_the_rest(monkeypatch, text, error, position, most):
    counting = _Counting(notation.TOKEN)
    monkeypatch.setattr(notation, "TOKEN", counting)
    notation.forget_words()
    assert len(text) >= MEGABYTE - 3
    with pytest.raises(error, match=rf"at position {position} of a {len(text)}-character input"):
        notation.parse_hand(text)
    assert counting.read <= most


def test_a_long_text_past_any_hand_says_so():
    text = " ".join(["1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s 5s 6s 7s 8s 9s"] * 3) * 2
    with pytest.raises(InvalidHandError, match="the hand has over 6[0-9] tiles"):
        notation.parse_hand(text)
