"""The ``mjscore show`` command."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mjscore.cli import EXAMPLE, main


def test_show_the_built_in_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show"]) == 0
    out = capsys.readouterr().out
    assert f"hand     {EXAMPLE.replace(' ', '')}" in out
    assert "waits    9s" in out
    assert out.count("9s: pair") == 2  # 111 222 333 or three 123 runs


def test_show_a_complete_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "111222333m 55z (9999s)"]) == 0
    out = capsys.readouterr().out
    assert "1. 123m 123m 123m (9999s) 55z" in out
    assert "2. 111m 222m 333m (9999s) 55z" in out
    assert "shapes   STANDARD" in out


def test_bad_hand_exits_1_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "123x"]) == 1
    assert "position 3" in capsys.readouterr().err


def test_usage_error_exits_2() -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["frobnicate"])
    assert exit_info.value.code == 2


def test_python_dash_m() -> None:
    result = subprocess.run([sys.executable, "-m", "mjscore", "show"], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0 and "waits    9s" in result.stdout


def test_show_scores_under_the_chosen_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "111222333m 5z (9999s) +5z", "--rules", "CC"]) == 0
    out = capsys.readouterr().out
    assert "(chinese-classical, won)" in out and "limit hand four-concealed-triplets" in out


def test_show_an_unknown_rule_set_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--rules", "nope"]) == 1
    assert "no rule set" in capsys.readouterr().err
