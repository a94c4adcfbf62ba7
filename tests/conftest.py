"""Shared fixtures: the ``kernel`` fixture runs a test once per backend, and ``backend``
routes ``score()`` and ``score_many()`` through one backend's scorer."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

from mjscore import _backend


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--require-kernel", action="store_true",
                     help="fail, rather than skip, when the compiled kernel is missing")


def _compiled(config: pytest.Config) -> ModuleType | None:
    try:
        return _backend.twin("decompose", "cython")
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
        return _backend.twin("decompose", "python")
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
    """Route every call that asks the backend seam per call through one backend's twins:
    ``score()``, ``score_many()``, ``Scorer``'s careful path, the distances, and the kernel
    behind the readings, decompositions and waits. ``Scorer``'s per-call core (its base
    class, ``ScorerCore``) is the backend's chosen at import: each CI run checks its own."""
    from mjscore import _backend

    try:
        _backend.twin("score", request.param)
    except ImportError:
        pytest.skip(f"the {request.param} twins are not built")
    for job in ("score", "distances"):
        monkeypatch.setitem(_backend.CHOSEN, job, request.param)
    monkeypatch.setattr(_backend, "kernel", _backend.twin("decompose", request.param))
    return request.param
