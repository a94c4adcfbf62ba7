"""The backend switch: ``MJSCORE_BACKEND=auto|cython|python``, each in a fresh interpreter.

The choice is made once, at import, so every case runs ``python -c`` in a
subprocess with its own environment. A missing extension is simulated two ways:
``sys.modules["mjscore.decompose._kernel"] = None`` before the import (Python's documented
way to make an import fail), and a copy of the installed package without the
compiled file, which is what a wheel that lost its extension looks like.
"""

from __future__ import annotations

import importlib
import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import mjscore

PACKAGE_DIR = Path(mjscore.__file__).resolve().parent

REPORT = """
import json, sys
try:
    import mjscore
    from mjscore import _backend
except ImportError as exc:
    print(json.dumps({"error": type(exc).__name__, "message": str(exc)}))
    sys.exit(0)
print(json.dumps({"backend": mjscore.BACKEND, "kernel": _backend.kernel.__name__,
                  "file": mjscore.__file__}))
"""
"""Prints what ``import mjscore`` chose, or the ImportError it raised, as JSON."""

BLOCK_KERNEL = 'import sys; sys.modules["mjscore.decompose._kernel"] = None\n'
"""Makes ``import mjscore.decompose._kernel`` raise ModuleNotFoundError."""


def _kernel_importable() -> bool:
    try:
        importlib.import_module("mjscore.decompose._kernel")
    except ImportError:
        return False
    return True


needs_kernel = pytest.mark.skipif(not _kernel_importable(), reason="compiled kernel not built")


def _run(tmp_path: Path, backend: str | None, prelude: str = "",
         path: Path | None = None, report: str = REPORT) -> dict[str, str]:
    """Import mjscore in a fresh interpreter; ``backend=None`` leaves the variable unset."""
    env = {k: v for k, v in os.environ.items() if k != "MJSCORE_BACKEND"}
    if backend is not None:
        env["MJSCORE_BACKEND"] = backend
    if path is not None:
        prelude += f"import sys; sys.path.insert(0, {str(path)!r})\n"
    # cwd=tmp_path: nothing named mjscore there to shadow the package under test
    proc = subprocess.run([sys.executable, "-c", prelude + report], env=env, cwd=tmp_path,
                          check=False, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    result: dict[str, str] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def _same_package(result: dict[str, str], package_dir: Path = PACKAGE_DIR) -> None:
    assert Path(result["file"]).resolve().parent == package_dir


@pytest.mark.parametrize("value", ["python", "PYTHON", " python "],
                         ids=["python", "upper-case", "padded"])
def test_python_forces_the_reference(tmp_path: Path, value: str) -> None:
    result = _run(tmp_path, value)
    assert result.get("error") is None, result
    assert result["backend"] == "python"
    assert result["kernel"] == "mjscore.decompose._reference"
    _same_package(result)


@needs_kernel
@pytest.mark.parametrize("value", [None, "auto", ""], ids=["unset", "auto", "empty"])
def test_default_picks_the_compiled_kernel(tmp_path: Path, value: str | None) -> None:
    result = _run(tmp_path, value)
    assert result.get("error") is None, result
    assert result["backend"] == "cython"
    assert result["kernel"] == "mjscore.decompose._kernel"
    _same_package(result)


@needs_kernel
def test_cython_imports_when_built(tmp_path: Path) -> None:
    result = _run(tmp_path, "cython")
    assert result.get("error") is None, result
    assert result["backend"] == "cython"
    assert result["kernel"] == "mjscore.decompose._kernel"


@pytest.mark.parametrize("value", ["fortran", "cpython", "pure"])
def test_unknown_value_raises_import_error_quoting_it(tmp_path: Path, value: str) -> None:
    result = _run(tmp_path, value)
    assert result.get("error") in ("ImportError", "ModuleNotFoundError"), result
    assert repr(value) in result["message"]
    assert "MJSCORE_BACKEND" in result["message"]


@pytest.fixture
def stripped_package(tmp_path: Path) -> Path:
    """A copy of the installed package without the compiled kernel, on its own sys.path entry."""
    root = tmp_path / "stripped"
    shutil.copytree(PACKAGE_DIR, root / "mjscore",
                    ignore=shutil.ignore_patterns("_kernel*.so", "_kernel*.pyd", "__pycache__"))
    assert not list((root / "mjscore").rglob("_kernel*.so"))
    return root


@pytest.mark.parametrize("how", ["blocked", "stripped"])
def test_missing_extension(tmp_path: Path, stripped_package: Path, how: str) -> None:
    prelude, path = (BLOCK_KERNEL, None) if how == "blocked" else ("", stripped_package)
    expected_dir = PACKAGE_DIR if path is None else path / "mjscore"

    strict = _run(tmp_path, "cython", prelude, path)
    assert strict.get("error") in ("ImportError", "ModuleNotFoundError"), strict
    assert "_kernel" in strict["message"]

    for value in (None, "auto"):
        fallback = _run(tmp_path, value, prelude, path)
        assert fallback.get("error") is None, fallback
        assert fallback["backend"] == "python"
        assert fallback["kernel"] == "mjscore.decompose._reference"
        _same_package(fallback, expected_dir)

    forced = _run(tmp_path, "python", prelude, path)
    assert forced["backend"] == "python"


BLOCK_SCORER = 'import sys; sys.modules["mjscore.score._kernel"] = None\n'
"""Makes the compiled scorer missing while the compiled kernel is there."""

SCORER_REPORT = """
import json, mjscore
from mjscore import _backend
print(json.dumps({"backend": mjscore.BACKEND, "kernel": _backend.kernel.__name__,
                  "scorer": _backend.twin("score").__name__}))
"""
"""Prints the backend ``import mjscore`` chose and the bulk scorer ``score()`` and ``score_many`` use."""


@needs_kernel
def test_a_build_without_its_compiled_scorer_is_taken_whole_or_not_at_all(tmp_path: Path) -> None:
    strict = _run(tmp_path, "cython", BLOCK_SCORER)
    assert strict.get("error") in ("ImportError", "ModuleNotFoundError"), strict
    assert "score._kernel" in strict["message"]
    fallback = _run(tmp_path, "auto", BLOCK_SCORER, report=SCORER_REPORT)
    assert fallback == {"backend": "python", "kernel": "mjscore.decompose._reference", "scorer": "mjscore.score._reference"}


@needs_kernel
@pytest.mark.parametrize(("value", "scorer"), [("auto", "mjscore.score._kernel"),
                                               ("python", "mjscore.score._reference")])
def test_the_bulk_scorer_goes_with_the_kernel(tmp_path: Path, value: str, scorer: str) -> None:
    assert _run(tmp_path, value, report=SCORER_REPORT)["scorer"] == scorer


NO_COMPILED_REPORT = """
import json, sys
import numpy as np
import mjscore
from mjscore.compat.mahjong import Agari, HandDivider, Shanten

hand = mjscore.parse("123m 456p 789s 111z 55z")
mjscore.score(hand, "western", self_drawn=True)
mjscore.score_many(np.array([hand.counts], dtype=np.uint8), "babcock")
mjscore.Scorer("babcock", self_drawn=True).total(hand)
mjscore.shanten(hand), mjscore.useful_tiles("123m 456p 789s 111z 5z")
mjscore.distances(hand, "western"), mjscore.near_misses(hand, "western")
Agari().is_agari(hand.counts), Shanten().calculate_shanten(hand.counts)
HandDivider().divide_hand(hand.counts)
compiled = sorted(name for name, module in sys.modules.items()
                  if name.startswith("mjscore") and str(getattr(module, "__file__", "")).endswith(
                      (".so", ".pyd")))
print(json.dumps({"backend": mjscore.BACKEND, "compiled": compiled}))
"""
"""Scores, decomposes, measures and calls the drop-in module, then lists every compiled
module of the package that was imported."""


@pytest.mark.parametrize("value", ["python", "auto"])
def test_the_reference_backend_imports_no_compiled_module(tmp_path: Path, value: str) -> None:
    result = _run(tmp_path, value, report=NO_COMPILED_REPORT)
    if result["backend"] == "python":
        assert result["compiled"] == []
    else:  # the control: the same calls under the compiled backend do import them
        assert "mjscore.decompose._kernel" in result["compiled"]
        assert "mjscore.score._kernel" in result["compiled"]


def _collected(*options: str, backend: str) -> list[str]:
    """The test ids ``pytest --collect-only`` selects from three modules under ``backend``."""
    tests = Path(__file__).resolve().parent
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"MJSCORE_BACKEND": backend}
    found = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "-m", "not slow",
         *options, "tests/test_shanten.py", "tests/test_kernel_parity.py", "tests/test_cli.py"],
        cwd=tests.parent, env=env, capture_output=True, text=True, check=True).stdout
    return [line for line in found.splitlines() if "::" in line]


@pytest.mark.both_backends
def test_the_two_runs_of_the_test_command_share_the_pinned_tests() -> None:
    """The README's test command: ``pytest --chosen-backend-only`` on the compiled kernel, then
    under ``MJSCORE_BACKEND=python``. Between them every test runs; a test pinned to a backend
    by its parameters runs once, in that backend's run, the both_backends tests (here
    test_kernel_parity's) in the compiled run, and the others (test_cli's) in both."""
    if mjscore.BACKEND != "cython":
        pytest.skip("the compiled run's share needs the compiled kernel")
    every = _collected(backend="cython")
    compiled = set(_collected("--chosen-backend-only", backend="cython"))
    reference = set(_collected("--chosen-backend-only", backend="python"))
    assert compiled | reference == set(every) and len(every) == len(set(every))
    assert {test for test in every if "[python" in test} == reference - compiled != set()
    assert {test for test in every if "[cython" in test or "test_kernel_parity.py" in test} <= compiled - reference
    assert not any("[python" in test for test in compiled - reference)
    cli = {test for test in every if test.startswith("tests/test_cli.py")}
    assert cli and cli <= compiled & reference


NO_POPCNT = ("import platform, numpy\n"
             "try:\n"
             "    from numpy._core import _multiarray_umath as umath\n"
             "except ImportError:\n"
             "    from numpy.core import _multiarray_umath as umath\n"
             "umath.__cpu_features__['POPCNT'] = False\n")
"""Makes NumPy's CPU probe report no POPCNT instruction, as on an emulator's bare x86-64."""


@needs_kernel
@pytest.mark.skipif(platform.machine().lower() not in ("x86_64", "amd64"),
                    reason="the compiled build asks for POPCNT on x86-64 alone")
def test_a_cpu_without_popcnt_runs_the_reference(tmp_path: Path) -> None:
    strict = _run(tmp_path, "cython", NO_POPCNT)
    assert strict.get("error") == "ImportError", strict
    assert "POPCNT" in strict["message"] and "MJSCORE_BACKEND=python" in strict["message"]
    for value in (None, "auto"):
        fallback = _run(tmp_path, value, NO_POPCNT)
        assert fallback.get("error") is None, fallback
        assert fallback["backend"] == "python" and fallback["kernel"] == "mjscore.decompose._reference"
    assert _run(tmp_path, None)["backend"] == "cython"  # the probe read as it is
