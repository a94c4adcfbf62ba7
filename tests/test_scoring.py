"""score(): what it accepts as a hand, on both backends."""

from __future__ import annotations


import pytest

import mjscore
from mjscore import Hand, NotationError, score

READY = "123m456p789s11122z"


@pytest.mark.parametrize("value, kind", [
    (5, "int"), (None, "NoneType"), (READY.encode(), "bytes"), (3.5, "float"),
    ([READY], "list"), (mjscore.parse_tiles(READY), "tuple"),
], ids=["int", "None", "bytes", "float", "a list of text", "counts"])
def test_score_of_something_that_is_no_hand_is_a_notation_error(backend: str, value: object, kind: str) -> None:
    # issue 12: these raised AttributeError ('int' object has no attribute 'size')
    with pytest.raises(NotationError, match=rf"a hand is written as text, not {kind}$"):
        score(value)  # type: ignore[arg-type]


def test_the_error_is_the_one_parse_raises_and_a_value_error() -> None:
    with pytest.raises(NotationError) as from_parse:
        mjscore.parse(b"123m")  # type: ignore[arg-type]
    with pytest.raises(ValueError) as from_score:
        score(b"123m")  # type: ignore[arg-type]
    assert str(from_score.value) == str(from_parse.value)


def test_a_hand_and_its_text_score_the_same(backend: str) -> None:
    hand = mjscore.parse(READY)
    assert isinstance(hand, Hand)
    assert score(hand, win_tile="1z").total == score(READY, win_tile="1z").total > 0
