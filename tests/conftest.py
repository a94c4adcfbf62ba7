"""Shared fixtures: the ``kernel`` fixture runs a test once per backend, and ``backend``
routes ``score()`` and ``score_many()`` through one backend's scorer."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--require-kernel", action="store_true",
                     help="fail, rather than skip, when the compiled kernel is missing")


def _compiled(config: pytest.Config) -> ModuleType | None:
    try:
        return importlib.import_module("mjscore._kernel")
    except ImportError:
        if config.getoption("--require-kernel"):
            raise
        return None


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--require-kernel"):
        _compiled(config)  # raises at start-up, before any test is collected


@pytest.fixture(params=["python", "cython"])
def kernel(request: pytest.FixtureRequest) -> ModuleType:
    """The kernel module of one backend; the same test runs on both."""
    if request.param == "python":
        return importlib.import_module("mjscore._reference")
    module = _compiled(request.config)
    if module is None:
        pytest.skip("compiled kernel not built")
    return module


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> Callable[..., tuple[int, str, str]]:
    """``run(*args)``: the ``mjscore`` command's exit code, stdout and stderr, as plain
    text 200 columns wide (for the CLI tests)."""
    from mjscore import cli

    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "200")

    def invoke(*args: object) -> tuple[int, str, str]:
        code = cli.main([str(a) for a in args])
        out, err = capsys.readouterr()
        return code, out, err

    return invoke


@pytest.fixture(params=["python", "cython"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Route ``score()``, ``score_many()`` and ``Scorer`` through one backend's scorer."""
    from mjscore import bulk_scoring, scorer, scoring

    name = {"python": "mjscore._score_reference", "cython": "mjscore._score_kernel"}[request.param]
    try:
        module = importlib.import_module(name)
    except ImportError:
        pytest.skip(f"{name} is not built")
    monkeypatch.setattr(bulk_scoring, "bulk_scorer", lambda: module)
    monkeypatch.setattr(scoring, "bulk_scorer", lambda: module)
    monkeypatch.setattr(scorer, "bulk_scorer", lambda: module)
    return request.param
