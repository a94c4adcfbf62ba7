"""Shared fixtures: the ``kernel`` fixture runs a test once per backend."""

from __future__ import annotations

import importlib
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
