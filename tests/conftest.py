"""Shared fixtures: the ``kernel`` fixture runs a test once per backend, and ``backend``
routes ``score()`` and ``score_many()`` through one backend's scorer."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

import mjscore
from mjscore import _backend

BACKEND_NAMES = ("python", "cython")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--require-kernel", action="store_true",
                     help="fail, rather than skip, when the compiled kernel is missing")
    parser.addoption("--chosen-backend-only", action="store_true",
                     help="run a backend's share of the suite, for the two runs of the README's test "
                          "command: the tests pinned to the other backend by their parameters are "
                          "left out, and under the reference those marked both_backends or "
                          "backend_independent too "
                          "(the compiled run runs them)")


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


def _pinned_to(item: pytest.Item) -> str | None:
    """The backend a test runs on whatever ``MJSCORE_BACKEND`` chooses: the one its own
    parameters name (``kernel``, ``backend`` and the like), ``"cython"`` for a test marked
    ``both_backends`` (it calls each backend's twins, or the reference, by name: the
    compiled run's share), ``"cython"`` too for one marked ``backend_independent`` (what it
    checks, such as files kept whole, no scoring backend changes: it runs once), None for
    a test of the backend chosen."""
    if item.get_closest_marker("both_backends") is not None or item.get_closest_marker("backend_independent"):
        return "cython"
    callspec = getattr(item, "callspec", None)
    for value in callspec.params.values() if callspec is not None else ():
        if isinstance(value, str) and value in BACKEND_NAMES:
            return value
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``--chosen-backend-only``: a pinned test only in the run of the backend it is pinned
    to, the others in both (the reference run takes the reference's pinned tests, so the
    two runs, side by side on two cores, end at about the same time)."""
    if not config.getoption("--chosen-backend-only"):
        return
    kept: list[pytest.Item] = []
    other: list[pytest.Item] = []
    for item in items:
        (kept if _pinned_to(item) in (None, mjscore.BACKEND) else other).append(item)
    if other:
        config.hook.pytest_deselected(items=other)
        items[:] = kept


@pytest.fixture(params=BACKEND_NAMES)
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


@pytest.fixture(params=BACKEND_NAMES)
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
