"""The ``mjscore`` command: ``score``, ``rules`` and ``waits``, exit codes, the missing extra.

``mjscore bulk`` is tested in ``test_cli_bulk.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

import mjscore  # noqa: E402
from mjscore import cli  # noqa: E402
from mjscore.cli import score_command  # noqa: E402
from mjscore.rules.pages import reference_tables  # noqa: E402

Run = Callable[..., tuple[int, str, str]]

WON = "123m 456p 789s 1z [777z] +1z"
"""A discard win on the East pair: 26 points, doubled for the dragons."""
LIMIT = "111222333m 5z (9999s) +5z"
"""Four concealed triplets under chinese-classical when self-drawn."""


@pytest.fixture
def preset_file(tmp_path: Path) -> Path:
    """A rule file extending babcock with a preset that doubles an exposed pung of one's own wind."""
    path = tmp_path / "house.toml"
    path.write_text('name = "house"\ntitle = "House rules"\nextends = "babcock"\n\n'
                    '[presets.x]\ndescription = "own wind doubles exposed"\n'
                    'own-wind-exposed-doubles = true\n', encoding="utf-8")
    return path


# --- score ---------------------------------------------------------------------------------------


def test_score_prints_glyphs_reading_breakdown_total_and_payments(run: Run) -> None:
    code, out, err = run("score", WON, "--seat", "S")
    expected = mjscore.score(WON, "babcock", seat_wind="S")
    assert code == 0 and err == ""
    assert "🀇🀈🀉" in out and "[🀄🀄🀄]" in out and "+🀀" in out  # glyphs, melds, winning tile
    assert str(expected.hand) in out and expected.hand.to_western() in out
    assert "Reading    standard: 123m 456p 789s [777z] 11z" in out
    for line in expected.lines:
        assert line.name in out and line.source[:40] in out
    assert f"Total      {expected.total}  = {expected.points} x 2^{expected.doubles}" in out
    assert "discarded by E (player 0)" in out  # the player before South, by default
    assert "dealer pays double" in out
    net = mjscore.settle([0, expected, 0, 0], winner=1, discarder=0, rules="babcock").net
    assert f"S (player 1) {net[1]:+d}" in out


def test_score_json_is_the_score_and_payments_summing_to_zero(run: Run) -> None:
    code, out, _ = run("score", WON, "--seat", "W", "--wind", "S", "--json")
    data = json.loads(out)
    expected = mjscore.score(WON, "babcock", seat_wind="W", prevailing_wind="S")
    assert code == 0 and data["score"] == expected.to_dict()
    assert sum(data["payments"]["net"]) == 0 and data["payments"]["net"][2] > 0
    assert data["payments"] == mjscore.settle([0, 0, expected, 0], winner=2, discarder=1,
                                              rules="babcock").to_dict()


def test_discarder_pays_alone_under_the_chart_scheme(run: Run) -> None:
    code, out, _ = run("score", WON, "--rules", "CC", "--seat", "S", "--discarder", "n", "--json")
    data = json.loads(out)
    total = data["score"]["total"]
    assert code == 0 and total > 0
    assert data["payments"]["net"] == [0, 4 * total, 0, -4 * total]  # non-dealer discard: 4x


def test_a_self_drawn_limit_hand(run: Run) -> None:
    code, out, _ = run("score", LIMIT, "--rules", "chinese-classical", "--self-drawn")
    assert code == 0
    assert "limit hand four-concealed-triplets" in out and "Total      500" in out
    assert "discarded by" not in out and "dealer-self-drawn: each player pays 2x" in out
    code, out, _ = run("score", LIMIT, "--rules", "CC", "--self-drawn", "--json")
    assert json.loads(out)["score"]["special"] == "four-concealed-triplets"
    assert json.loads(out)["payments"]["net"] == [3000, -1000, -1000, -1000]


def test_western_notation_and_win_option(run: Run) -> None:
    code, out, _ = run("score", "1C 2C 3C 4D 5D 6D 7B 8B 9B E E [RD RD RD]", "--win", "E", "--json")
    expected = mjscore.score(WON).to_dict()
    assert code == 0 and json.loads(out)["score"] == {**expected, "hand": "123m456p789s11z [777z]"}


def test_a_hand_that_did_not_go_out_has_no_payments(run: Run) -> None:
    hand = "123m 456p 789s 1z [777z]"
    code, out, _ = run("score", hand, "--loser")
    assert code == 0 and "did not go out" in out and "Payments" not in out
    assert f"Total      {mjscore.score(hand).total}" in out
    code, out, _ = run("score", hand, "--json")
    assert code == 0 and json.loads(out)["payments"] is None
    assert json.loads(out)["score"]["winner"] is False


@pytest.mark.parametrize(("args", "message"), [
    (("123x",), "position 3"),
    ((WON, "--seat", "S", "--heaven"), "only the dealer"),
    ((WON, "--loser"), "did not go out"),
    ((WON, "--no-dealer"), "the dealer sits East"),
    ((WON, "--win", "5z"), "marks 1z as its winning tile"),
    ((WON, "--self-drawn", "--replacement", "kong"), "declares no kong"),
    (("123m 456p 789s 1z [777z] +5z",), "not a winning hand"),
])
def test_a_bad_hand_or_context_exits_1_with_the_library_message(run: Run, args: tuple[str, ...],
                                                                  message: str) -> None:
    code, out, err = run("score", *args)
    assert code == 1 and out == "" and message in err


@pytest.mark.parametrize(("args", "message"), [
    (("--frobnicate",), "No such option"),
    (("--seat", "X"), "'X' is not one of"),
    (("--replacement", "flower"), "'flower' is not one of"),
    (("--option", "nonsense"), "expected NAME=VALUE"),
    (("--flowers", "5"), "flowers are numbered 1-4"),
    (("--option", "no-such-option=true"), "no such option"),
    (("--rules", "nope"), "no rule set"),
    (("--preset", "nope"), "no preset 'nope'"),
    (("--flowers", "x"), "expected numbers 1-4"),
    (("--self-drawn", "--discarder", "W"), "a self-drawn win has no discarder"),
    (("--discarder", "E"), "cannot discard the winning tile"),
])
def test_usage_errors_exit_2(run: Run, args: tuple[str, ...], message: str) -> None:
    code, _, err = run("score", WON, *args)
    assert code == 2 and message in err and "Usage:" in err


def test_option_sets_a_rule_set_option(run: Run) -> None:
    hand = "123m 456p 789s 5z [222z] +5z"  # an exposed pung of South, sitting South
    plain = mjscore.score(hand, "babcock", seat_wind="S").total
    doubled = mjscore.score(hand, mjscore.load_rules("babcock", own_wind_exposed_doubles=True),
                            seat_wind="S").total
    assert doubled == 2 * plain
    code, out, _ = run("score", hand, "--seat", "S", "--option", "own-wind-exposed-doubles=true", "--json")
    assert code == 0 and json.loads(out)["score"]["total"] == doubled
    code, _, err = run("score", hand, "--option", "own-wind-exposed-doubles=3")
    assert code == 2 and "expected true or false" in err


def test_preset_from_a_rule_file(run: Run, preset_file: Path) -> None:
    hand = "123m 456p 789s 5z [222z] +5z"
    code, out, _ = run("score", hand, "--seat", "S", "--rules", str(preset_file), "--preset", "x", "--json")
    expected = mjscore.score(hand, mjscore.load_rules(preset_file, preset="x"), seat_wind="S")
    assert code == 0 and json.loads(out)["score"]["total"] == expected.total
    assert expected.total == 2 * mjscore.score(hand, "babcock", seat_wind="S").total
    code, out, _ = run("score", hand, "--seat", "S", "--rules", str(preset_file), "--preset", "x")
    assert "Rules      house (House rules, preset x)" in out


@pytest.mark.parametrize(("args", "keywords"), [
    (("--seat", "s", "--wind", "W"), {"seat_wind": "S", "prevailing_wind": "W"}),
    (("--dealer",), {"dealer": True}),
    (("--no-dealer",), {"dealer": False}),
    (("--self-drawn",), {"self_drawn": True}),
    (("--last-tile",), {"last_tile": True, "self_drawn": True}),  # implied
    (("--last-discard",), {"last_discard": True}),
    (("--robbing-kong",), {"robbing_kong": True}),
    (("--kong-on-kong",), {"kong_on_kong": True}),
    (("--heaven",), {"heaven": True, "self_drawn": True}),  # implied
    (("--earth",), {"earth": True}),
    (("--declared-calling",), {"declared_calling": True}),
    (("--replacement", "bonus"), {"replacement": "bonus", "self_drawn": True}),  # implied
    (("--flowers", "1,3", "--seasons", "2"), {"flowers": (1, 3), "seasons": (2,)}),
    (("--win", "3m"), {"win_tile": "3m"}),
    (("--loser",), {"winner": False}),
    (("--dealer-streak", "9"), {"dealer_streak": 9}),
])
def test_each_context_option_reaches_score(run: Run, monkeypatch: pytest.MonkeyPatch,
                                           args: tuple[str, ...], keywords: dict[str, Any]) -> None:
    seen: dict[str, Any] = {}

    def spy(hand: mjscore.Hand, rules: mjscore.RuleSet, **context: Any) -> mjscore.Score:
        seen.update(context)
        raise mjscore.InvalidContextError("stop here")

    monkeypatch.setattr(score_command, "score", spy)
    code, _, err = run("score", WON, *args)
    assert code == 1 and "stop here" in err
    defaults = {"seat_wind": "E", "prevailing_wind": "E", "dealer": None, "replacement": None,
                "self_drawn": False, "last_tile": False, "last_discard": False, "robbing_kong": False,
                "kong_on_kong": False, "heaven": False, "earth": False, "declared_calling": False,
                "dealer_streak": 0}
    assert seen == {**defaults, **keywords}


# --- rules ---------------------------------------------------------------------------------------


def test_rules_list(run: Run) -> None:
    code, out, _ = run("rules", "list")
    assert code == 0
    for name in mjscore.rulesets():
        rules = mjscore.load_rules(name)
        assert rules.name in out and rules.aliases[-1] in out and f"{rules.limit}" in out
        assert rules.source.split()[0] in out


def test_rules_show_renders_every_reference_table(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")  # no folded cells
    code, out, _ = run("rules", "show", "babcock")
    assert code == 0
    tables = reference_tables(mjscore.load_rules("babcock"))
    for table in tables:
        assert table.title in out
        for cell in (*table.columns, *(row[0] for row in table.rows)):
            assert cell.split("\n")[0] in out
    for item in mjscore.load_rules("babcock").items:
        assert item.id in out


def test_rules_show_every_shipped_rule_set(run: Run) -> None:
    for name in mjscore.rulesets():
        code, out, _ = run("rules", "show", name)
        assert code == 0 and out.startswith("Overview") and "Payments" in out
        assert all(table.title in out for table in reference_tables(mjscore.load_rules(name)))


def test_rules_show_with_a_preset(run: Run, preset_file: Path) -> None:
    code, out, _ = run("rules", "show", str(preset_file), "--preset", "x")
    assert code == 0 and "own wind doubles exposed" in out
    code, _, err = run("rules", "show", str(preset_file), "--preset", "y")
    assert code == 2 and "no preset 'y'" in err


def test_rules_check_ok(run: Run, preset_file: Path) -> None:
    code, out, _ = run("rules", "check", str(preset_file))
    rules = mjscore.load_rules(preset_file)
    assert code == 0 and out.startswith(f"OK: {preset_file}: house (House rules)")
    assert f"{len(rules.items)} items" in out and "presets: x" in out


@pytest.mark.parametrize(("text", "key", "reason"), [
    ('name = "bad"\nextends = "babcock"\nlimit = "a"\n', "limit", "expected an integer"),
    ('name = "bad"\nextends = "babcock"\n[[items]]\nid = "x"\nwhen = ["nonsense"]\nsource = "s"\n',
     "items.x.when", "unknown fact 'nonsense'"),
    ('name = "bad"\nlimit = 10\n[payments]\nscheme = "lottery"\n', "payments.scheme", "unknown scheme"),
    ("name = \n", "not valid TOML", ""),
])
def test_rules_check_a_broken_file_exits_1_naming_file_key_and_reason(
        run: Run, tmp_path: Path, text: str, key: str, reason: str) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("rules", "check", str(path))
    assert code == 1 and out == ""
    assert str(path) in err and key in err and reason in err


def test_rules_check_a_missing_file(run: Run, tmp_path: Path) -> None:
    code, _, err = run("rules", "check", str(tmp_path / "missing.toml"))
    assert code == 2 and "missing.toml" in err  # a usage error, as in every command


# --- waits ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("self_drawn", [False, True])
def test_waits_lists_each_tile_its_placements_and_score(run: Run, self_drawn: bool) -> None:
    hand = "1112345678999m"
    code, out, _ = run("waits", hand, "--rules", "CC", *(["--self-drawn"] if self_drawn else []))
    assert code == 0 and ("self-drawn" if self_drawn else "on a discard") in out
    found = mjscore.waits(hand)
    assert len(found) == 9
    rows = {line.split()[1]: line for line in out.splitlines() if line.strip()[:1] in "🀇🀈🀉🀊🀋🀌🀍🀎🀏"}
    for tile, placements in found.items():
        won = mjscore.score(f"{hand} +{tile}", "CC", self_drawn=self_drawn)
        assert f"{tile.glyph} {tile}" in rows[str(tile)]
        assert f"{placements[0].role.value} " in rows[str(tile)]
        assert f" {won.total} " in rows[str(tile)]


def test_waits_shows_the_limit_hand_and_context(run: Run) -> None:
    code, out, _ = run("waits", "1112345678999m", "--rules", "CC", "--self-drawn")
    assert code == 0 and out.count("nine-gates") == 9
    code, out, _ = run("waits", "123m 456p 789s 1z [777z]", "--seat", "S", "--wind", "S")
    assert code == 0
    total = mjscore.score(WON, seat_wind="S", prevailing_wind="S").total
    assert "🀀 1z" in out and f" {total} " in out


def test_waits_of_a_hand_that_is_not_ready(run: Run) -> None:
    code, out, _ = run("waits", "1357m 2468p 1357s 1z")
    assert code == 0 and "not ready" in out


def test_waits_needs_13_tiles(run: Run) -> None:
    code, _, err = run("waits", WON)
    assert code == 1 and "13-tile" in err


# --- the command itself --------------------------------------------------------------------------


def test_help_and_version(run: Run) -> None:
    code, out, _ = run("--help")
    assert code == 0 and all(name in out for name in ("score", "bulk", "rules", "waits"))
    code, out, _ = run("score", "--help")
    assert code == 0 and "--self-drawn" in out and "--kong-on-kong" in out
    code, out, _ = run("--version")
    assert code == 0 and mjscore.__version__ in out


def test_an_unknown_command_is_a_usage_error(run: Run) -> None:
    code, _, err = run("frobnicate")
    assert code == 2 and "No such command" in err


def test_without_click_and_rich_one_line_says_what_to_install(
        run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)  # import rich raises ImportError
    code, out, err = run("score", WON)
    assert code == 2 and out == ""
    assert err == 'mjscore: the command line needs click and rich: pip install "mjscore[cli]"\n'


def _env() -> dict[str, str]:
    """The environment with the tested mjscore first on PYTHONPATH."""
    source_root = str(Path(mjscore.__file__).resolve().parent.parent)
    return {**os.environ, "PYTHONPATH": os.pathsep.join([source_root, os.environ.get("PYTHONPATH", "")])}


def test_the_module_imports_and_explains_without_click() -> None:
    code = ("import sys; sys.modules['click'] = None\n"
            "from mjscore.cli import main\nsys.exit(main(['score', 'x']))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            encoding="utf-8", env=_env(), check=False)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == cli.INSTALL_HINT + "\n"


def test_python_dash_m_runs_the_command() -> None:
    env = _env()
    result = subprocess.run([sys.executable, "-m", "mjscore", "score", WON, "--json"],
                            capture_output=True, text=True, encoding="utf-8", env=env, check=False)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["score"]["total"] == mjscore.score(WON).total
    result = subprocess.run([sys.executable, "-m", "mjscore", "score", "123x"], capture_output=True,
                            text=True, encoding="utf-8", env=env, check=False)
    assert result.returncode == 1 and "position 3" in result.stderr


# --- 80 columns, exit codes, error texts, limit totals, the README's commands --------------------


def _cells_wide(out: str) -> int:
    from rich.cells import cell_len

    return max(cell_len(line) for line in out.splitlines())


def _words(out: str) -> set[str]:
    return set(out.replace("│", " ").replace("┃", " ").split())


def test_rules_list_at_80_columns_never_cuts_a_name(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run("rules", "list")
    assert code == 0 and _cells_wide(out) <= 80 and "…" not in out
    for name in mjscore.rulesets():
        rules = mjscore.load_rules(name)
        assert rules.name in _words(out)
        assert set(", ".join(rules.aliases).split()) <= _words(out)


def test_rules_list_piped_never_cuts_a_name() -> None:
    env = {k: v for k, v in _env().items() if k not in ("COLUMNS", "LINES", "FORCE_COLOR")}
    result = subprocess.run([sys.executable, "-m", "mjscore", "rules", "list"], capture_output=True,
                            text=True, encoding="utf-8", env=env, check=False)
    assert result.returncode == 0, result.stderr
    assert "chinese-classical" in _words(result.stdout) and "…" not in result.stdout
    assert _cells_wide(result.stdout) <= 80  # off a terminal rich lays out 80 columns


@pytest.mark.parametrize("name", mjscore.rulesets())
def test_rules_show_at_80_columns_breaks_no_word(run: Run, monkeypatch: pytest.MonkeyPatch,
                                                 name: str) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run("rules", "show", name)
    assert code == 0 and _cells_wide(out) <= 80
    found = _words(out)
    for table in reference_tables(mjscore.load_rules(name)):
        assert table.title in out
        for row in table.rows:
            for cell in row:
                missing = [word for word in cell.split() if word not in found]
                assert not missing, f"{table.title}: {missing} broken or cut"
        for word in table.note.split():
            assert word in found


def test_print_table_wraps_between_words_or_prints_a_block_per_row() -> None:
    from rich.console import Console

    from mjscore.cli.layout import print_table

    def printed(columns: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
        with open(os.devnull, "w", encoding="utf-8") as devnull:
            console = Console(width=80, record=True, file=devnull, color_system=None)
            print_table(console, columns, rows, title="T", note="a note " * 20)
        return console.export_text()

    long_text = "Concealment of a hand " * 8
    out = printed(("id", "text"), [("a-fairly-long-identifier", long_text)])
    assert "┃" in out and _cells_wide(out) <= 80  # a table: the words fit side by side
    assert "a-fairly-long-identifier" in _words(out) and "Concealment" in _words(out)
    assert _words(out) >= set(long_text.split())
    wide = tuple(f"column-{i}" for i in range(9))
    out = printed(wide, [tuple(f"word-{i}-" + "x" * 12 for i in range(9))])
    assert "┃" not in out and _cells_wide(out) <= 80  # nine 19-cell words: one block per row
    assert out.splitlines()[1] == "column-0: word-0-xxxxxxxxxxxx"
    assert all(f"word-{i}-" + "x" * 12 in _words(out) for i in range(9))


@pytest.mark.parametrize("args", [
    ("score", WON, "--rules", "{missing}"),
    ("score", WON, "--rules", "nope"),
    ("waits", "1112345678999m", "--rules", "{missing}"),
    ("waits", "1112345678999m", "--rules", "nope"),
    ("bulk", "--sample", "5", "--rules", "{missing}"),
    ("bulk", "--sample", "5", "--rules", "nope"),
    ("bulk", "{tmp}/missing.txt"),
    ("rules", "show", "{missing}"),
    ("rules", "show", "nope"),
    ("rules", "check", "{missing}"),
])
def test_a_missing_rule_set_or_file_exits_2_in_every_command(run: Run, tmp_path: Path,
                                                              args: tuple[str, ...]) -> None:
    filled = [a.format(missing=tmp_path / "missing.toml", tmp=tmp_path) for a in args]
    code, out, err = run(*filled)
    assert code == 2 and out == "" and ("missing" in err or "nope" in err)


def test_help_documents_the_exit_codes(run: Run) -> None:
    code, out, _ = run("--help")
    assert code == 0 and "Exit codes, the same in every command:" in out
    assert "1  a hand that cannot be scored" in out and "2  a usage error" in out


@pytest.mark.parametrize(("args", "name"), [
    (("score", WON, "--option", "nonsense=1"), "babcock"),
    (("score", WON, "--rules", "CC", "--preset", "nope"), "chinese-classical"),
    (("waits", "1112345678999m", "--option", "own-wind-exposed-doubles=3"), "babcock"),
    (("rules", "show", "babcock", "--preset", "nope"), "babcock"),
])
def test_errors_name_a_shipped_rule_set_not_its_installed_path(run: Run, args: tuple[str, ...],
                                                               name: str) -> None:
    code, _, err = run(*args)
    assert code == 2 and f"rule set {name}: " in err
    assert str(mjscore.rules.RULES_DIR) not in err and ".toml" not in err


@pytest.mark.parametrize(("args", "formula"), [
    ((LIMIT, "--rules", "CC", "--self-drawn"), "= the limit: limit hand {special}"),
    (("111m 222p 333s 444m 55z", "--win", "5z", "--heaven", "--self-drawn"), "= the limit: limit hand {special}"),
    (("123m 456p 789s 777z 1z +1z", "--seat", "S", "--earth"), "= 1/2 of the limit 300: limit hand {special}"),
])
def test_a_limit_hand_total_reads_as_the_limit_it_scored(run: Run, args: tuple[str, ...], formula: str) -> None:
    code, out, _ = run("score", *args, "--json")
    result = json.loads(out)["score"]
    assert code == 0 and result["special"] and result["total"] != result["points"] * 2 ** result["doubles"]
    code, out, _ = run("score", *args)
    assert code == 0
    assert f"Total      {result['total']}  {formula.format(special=result['special'])}" in out


def test_a_capped_total_reads_as_the_limit(run: Run) -> None:
    code, out, _ = run("score", WON, "--seat", "S", "--option", "limit=50")
    expected = mjscore.score(WON, mjscore.load_rules("babcock", limit=50), seat_wind="S")
    raw = expected.points * 2 ** expected.doubles
    assert code == 0 and expected.total == 50 < raw
    assert f"Total      50  = the limit ({expected.points} x 2^{expected.doubles} = {raw}, capped)" in out


def _readme_commands() -> list[str]:
    readme = Path(__file__).resolve().parents[1] / "README.md"
    if not readme.exists():
        return []
    section = readme.read_text(encoding="utf-8").split("## The `mjscore` command", 1)[-1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line.startswith("mjscore ")]


@pytest.mark.parametrize("line", [line for line in _readme_commands()
                                  if line.split()[1] in ("score", "waits", "rules")
                                  and "check" not in line])
def test_the_readme_commands_work(run: Run, line: str) -> None:
    import shlex

    code, out, err = run(*shlex.split(line)[1:])
    assert code == 0 and out and err == "", err


@pytest.mark.parametrize("name", ["babcock", "chinese-classical", "western"])
def test_rules_check_takes_a_shipped_rule_set_by_name(run: Run, name: str) -> None:
    code, out, _ = run("rules", "check", name)
    assert code == 0 and out.startswith("OK: ") and f"{name} (" in out


# --- found by random input (2026-12-07) ---------------------------------------------------

def test_rules_check_takes_an_alias_as_rules_does(run: Run) -> None:
    code, out, _ = run("rules", "check", "CC")
    assert code == 0 and out.startswith("OK: CC: chinese-classical")


@pytest.mark.parametrize("option", ["x=--5", "own-wind-exposed-doubles=²", "own-wind-exposed-doubles=1½"])
def test_an_option_value_no_number_reads_is_a_usage_error(run: Run, option: str) -> None:
    """``str.isdigit`` took "²" and "--5" for digits, and int() then raised a traceback."""
    code, _, err = run("score", "123m 456p 789s 1z [555z] +1z", "--option", option)
    assert code == 2 and "Traceback" not in err and "--option" in err


def test_score_json_near_prints_json_for_a_hand_that_does_not_score(run: Run) -> None:
    """``--json``: "Print only JSON"; the near misses of a hand that does not score came as a table."""
    code, out, err = run("score", "1112345678999m +1z", "--rules", "chinese-classical", "--json", "--near", "2")
    assert code == 1 and "not a winning hand" in err
    document = json.loads(out)
    assert document["score"] is None and [n["id"] for n in document["near_misses"]][0] == "nine-gates"


def test_a_claimed_kong_is_shown_as_claimed(run: Run) -> None:
    code, out, _ = run("score", "123m 789p 789s 1z {5555p} +1z", "--rules", "dmjl")
    assert code == 0 and "{5555p}" in out and "[5555p]" not in out


def test_the_walls_last_tile_is_self_drawn(run: Run) -> None:
    """``--last-tile``'s help: "won on the last tile of the wall (self-drawn)"; without
    --self-drawn the command refused it, as it does not refuse --heaven or --replacement."""
    hand = "123m 456p 789s 1z [555z] +1z"
    code, out, err = run("score", hand, "--last-tile")
    said, out_said, _ = run("score", hand, "--last-tile", "--self-drawn")
    assert code == said == 0, err
    assert "self drawn" in out and out == out_said
