"""Every ``mjscore ...`` command in the README runs as written (issue 30 item 11).

The commands are read from the README's shell code blocks (```` ```sh ````), each
``&&``-separated part that starts with ``mjscore``, so a command added to the README
is run here without editing this file. Each runs through ``mjscore.cli.main`` with
the working directory at the repository root, so the files it names must be the
repository's own (``examples/...``). The README presents every one of them as a
command that works, so each must exit 0.

A command that writes a file (``-o``/``--output``) writes it into the test's
temporary folder instead, under the same file name: the README's ``bulk ... -o
scores.csv`` would otherwise leave ``scores.csv`` in the checkout. Only the output
path is changed; the command is otherwise run as written.
"""

from __future__ import annotations

import csv
import re
import shlex
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

import mjscore  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
pytestmark = pytest.mark.skipif(not README.exists(), reason="README not beside the tests")

Run = Callable[..., tuple[int, str, str]]

_SHELL = {"sh", "shell", "bash", "console"}
_OUTPUT_FLAGS = {"-o", "--output"}
_FILE_ARGUMENT = re.compile(r"^[\w./-]+\.(txt|toml|csv|jsonl|npy|npz|parquet)$")
"""An argument that names a file (a hand in the notation never ends in one of these)."""


def readme_commands() -> list[str]:
    """Every ``mjscore ...`` command of the README's shell code blocks, in order."""
    if not README.exists():
        return []
    commands: list[str] = []
    fence: str | None = None  # the language of the open code block, "" for none
    for line in README.read_text(encoding="utf-8").splitlines():
        opened = re.match(r"^\s*```(\S*)\s*$", line)
        if opened:
            fence = opened.group(1) if fence is None else None
            continue
        if fence in _SHELL:
            commands.extend(part.strip() for part in line.split("&&")
                            if shlex.split(part)[:1] == ["mjscore"])
    return commands


def _redirected(args: list[str], folder: Path) -> tuple[list[str], list[Path]]:
    """``args`` with every output path moved into ``folder``, and those new paths."""
    moved: list[str] = []
    outputs: list[Path] = []
    for i, arg in enumerate(args):
        if i > 0 and args[i - 1] in _OUTPUT_FLAGS:
            outputs.append(folder / Path(arg).name)
            arg = str(outputs[-1])
        moved.append(arg)
    return moved, outputs


def test_the_readme_has_its_commands() -> None:
    """The extraction finds the command block's commands and the set-up line's."""
    commands = readme_commands()
    assert len(commands) >= 9, commands
    assert "mjscore bulk --sample 100000 --rules babcock" in commands  # from `pip install ... && mjscore ...`
    assert any(c.startswith("mjscore rules check ") for c in commands)


REFERENCE_SAMPLE = 2000
"""Under the pure-Python reference a ``--sample`` of more rows is cut to this many: a
million rows there take minutes and check nothing the compiled run does not."""


def _sized_for_the_backend(args: list[str]) -> list[str]:
    """``args`` as written; under the reference backend, ``--sample N`` at most
    :data:`REFERENCE_SAMPLE`."""
    if mjscore.BACKEND == "cython" or "--sample" not in args:
        return args
    at = args.index("--sample") + 1
    return [*args[:at], str(min(int(args[at]), REFERENCE_SAMPLE)), *args[at + 1:]]


@pytest.mark.parametrize("command", readme_commands())
def test_a_readme_command_runs_as_written(run: Run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                          command: str) -> None:
    """Every file the command reads is in the repository, and the command exits 0 run from
    the repository root; a file it writes is written (into ``tmp_path``)."""
    monkeypatch.chdir(ROOT)
    args, outputs = _redirected(_sized_for_the_backend(shlex.split(command)[1:]), tmp_path)
    inputs = [arg for arg, moved in zip(shlex.split(command)[1:], args) if arg == moved and _FILE_ARGUMENT.match(arg)]
    missing = [arg for arg in inputs if not (ROOT / arg).is_file()]
    assert not missing, f"the README's `{command}` names files the repository lacks: {missing}"
    code, _, err = run(*args)
    assert code == 0, f"`{command}` exited {code}: {err}"
    for path in outputs:
        assert path.is_file() and path.stat().st_size > 0


def test_examples_hands_are_the_ten_winning_hands_the_readme_says(run: Run, tmp_path: Path) -> None:
    """``examples/hands.txt`` holds ten hands (comments and blank lines aside), each scored OK."""
    hands = [line for line in (ROOT / "examples" / "hands.txt").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    assert len(hands) == 10
    code, _, _ = run("bulk", ROOT / "examples" / "hands.txt", "-o", tmp_path / "scores.csv")
    with open(tmp_path / "scores.csv", encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    assert code == 0 and len(rows) == 10
    assert all(row["status"] == "OK" and int(row["total"]) > 0 for row in rows)


def test_examples_my_rules_is_the_house_variant_the_readme_shows() -> None:
    """``examples/my_rules.toml`` is the README's ``extends = "babcock"`` example, key for key,
    and loads: limit 500, no runs worth 20, no last-tile item."""
    text = README.read_text(encoding="utf-8")
    block = re.search(r"```toml\n(extends = \"babcock\".*?)```", text, re.S)
    assert block is not None
    shipped = ROOT / "examples" / "my_rules.toml"
    assert tomllib.loads(block.group(1)) == tomllib.loads(shipped.read_text(encoding="utf-8"))
    rules = mjscore.load_rules(shipped)
    items = {item.id: item for item in rules.items}
    assert rules.limit == 500 and items["no-runs"].points == 20 and "last-tile" not in items
