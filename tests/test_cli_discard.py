"""``mjscore discard`` (issue 32 item 6): the table of every discard, 80 columns wide."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rich.cells import cell_len

import mjscore

Run = Callable[..., tuple[int, str, str]]
HAND = "123m456p789s11233z"


def test_discard_prints_every_discard_with_its_values_at_the_last_turn(run: Run) -> None:
    code, out, _ = run("discard", HAND, "--rules", "babcock", "--turns", "6")
    assert code == 0 and "babcock, 6 turns" in out
    found = mjscore.discard_values(HAND, "babcock", turns=6)
    lines = {line.split()[1]: line for line in out.splitlines() if line.strip()[:1] in "🀇🀈🀉🀜🀝🀞🀖🀗🀘🀀🀁🀂"}
    assert len(lines) == len(found) == 12
    for row in found:
        line = lines[str(row.tile)]
        assert f" {row.win[-1]:.1%} " in line and f" {row.expected[-1]:.1f}" in line
        assert all(f"{t}×{c}" in line for t, c in zip(row.useful, row.copies))
    first = next(line for line in out.splitlines() if line.strip()[:1] in "🀇🀈🀉🀜🀝🀞🀖🀗🀘🀀🀁🀂")
    assert "2z" in first  # the best discard first


def test_discard_fits_80_columns(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run("discard", "19m19p19s123456z5m5p", "--rules", "babcock", "--turns", "3")
    assert code == 0
    assert max(cell_len(line) for line in out.splitlines()) <= 80
    assert "unique" not in out and "5m" in out  # every discard listed, none cut


def test_visible_tiles_leave_the_wall(run: Run) -> None:
    code, out, _ = run("discard", HAND, "--turns", "3", "--visible", "11z33z")
    assert code == 0
    best = next(line for line in out.splitlines() if " 2z " in line)
    assert " 0.0% " in best  # the wait is dead


@pytest.mark.parametrize(("args", "code", "message"), [
    (("123m",), 1, "13 or 14 tiles"),
    ((HAND, "--visible", "1111z"), 1, "visible"),
    ((HAND, "--turns", "0"), 2, "turns"),
    ((HAND, "--rules", "nowhere"), 2, "nowhere"),
])
def test_discard_refuses_bad_input(run: Run, args: tuple[str, ...], code: int, message: str) -> None:
    found, _, err = run("discard", *args)
    assert found == code and message in err
