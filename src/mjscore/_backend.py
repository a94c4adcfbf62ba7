"""The backend seam: the one place that decides, for every job done twice, whether the
compiled module or its pure-Python twin (the reference) runs.

``MJSCORE_BACKEND=auto`` (default) | ``cython`` | ``python``. ``auto`` takes the compiled
build when every compiled twin is there and the interpreter is CPython, else the
reference; ``cython`` fails loudly (``ImportError``) if the build lost one; ``python``
takes the reference and imports no compiled module at all.

The jobs and their twins (:data:`TWINS`): the kernel (``decompose``), the bulk scorer
(``score``), shanten and useful tiles (``shanten``), the distances to special hands
(``distances``), the drop-in module's hot calls (``compat``) and the discard search
(``search``). The decision is made
here once, from the environment and from which compiled twins the build holds (looked
for, and only the kernel imported); :func:`twin` imports a job's module on first use. Nothing else reads ``MJSCORE_BACKEND`` or picks a twin. This module imports nothing
of the package at import time but the kernel, so every layer may use it.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import platform
import sys
from types import ModuleType
from typing import TYPE_CHECKING

TWINS: dict[str, tuple[str, str]] = {
    "decompose": ("decompose._reference", "decompose._kernel"),
    "score": ("score._reference", "score._kernel"),
    "shanten": ("shanten._reference", "shanten._kernel"),
    "distances": ("distances._reference", "distances._kernel"),
    "compat": ("compat._calls", "compat._fast_calls"),
    "search": ("search._reference", "search._kernel"),
}
"""Each job's twins, as module names relative to the package: (reference, compiled)."""

BACKENDS = ("python", "cython")


def _missing_compiled() -> list[str]:
    """The compiled twins this build lacks. Each is looked for, not imported: the
    folders' ``__init__`` modules hold only their docstrings, so looking imports nothing
    else of the package."""
    missing = []
    for _, compiled in TWINS.values():
        try:
            found = importlib.util.find_spec(f"{__package__}.{compiled}") is not None
        except (ImportError, ValueError):  # ValueError: the import system was told to fail it
            found = False
        if not found:
            missing.append(compiled)
    return missing


def _cpu_lacks_popcnt() -> bool:
    """Whether this is an x86-64 CPU without the POPCNT instruction, which the compiled
    build uses (setup.py builds x86-64 with ``-mpopcnt``): every x86-64 CPU since 2008 has
    it, and NumPy's wheels require it too, but an emulator's bare CPU model may not.
    Asked of NumPy's own CPU probe; if that cannot be read, the CPU is taken to have it."""
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return False
    for probe in ("numpy._core._multiarray_umath", "numpy.core._multiarray_umath"):  # NumPy 2, then 1.x
        try:
            features = importlib.import_module(probe).__cpu_features__
        except (ImportError, AttributeError):
            continue
        return features.get("POPCNT") is False
    return False


def _decide() -> str:
    raw = os.environ.get("MJSCORE_BACKEND", "auto")
    choice = raw.strip().lower() or "auto"
    if choice not in ("auto", "cython", "python"):
        raise ImportError(f"MJSCORE_BACKEND={raw!r}: expected 'auto', 'cython' or 'python'")
    if choice == "python" or (choice == "auto" and sys.implementation.name != "cpython"):
        return "python"
    if _cpu_lacks_popcnt():  # the compiled build would stop on an illegal instruction
        if choice == "cython":
            raise ImportError("MJSCORE_BACKEND=cython, but this CPU lacks the POPCNT instruction the "
                              "compiled build uses (x86-64-v2); MJSCORE_BACKEND=python runs the reference")
        return "python"
    missing = _missing_compiled()
    if not missing:
        try:
            importlib.import_module(f"{__package__}.{TWINS['decompose'][1]}")
            return "cython"
        except ImportError:
            if choice == "cython":
                raise
            return "python"
    if choice == "cython":  # strict: a build that lost an extension must fail loudly
        first = f"{__package__}.{missing[0]}"
        raise ImportError(f"No module named {first!r}: MJSCORE_BACKEND=cython, but the build lacks "
                          f"{', '.join(missing)}", name=first)
    return "python"


BACKEND = _decide()
"""The backend in use: ``"cython"`` (the compiled build) or ``"python"`` (the reference)."""

CHOSEN: dict[str, str] = dict.fromkeys(TWINS, BACKEND)
"""The backend :func:`twin` hands out per job; the test suite switches a job here."""


_LOADED: dict[tuple[str, str], ModuleType] = {}
"""The twins imported so far, by (job, backend): a call per hand finds its module here."""


def twin(job: str, backend: str | None = None) -> ModuleType:
    """The module doing ``job`` (a key of :data:`TWINS`) under ``backend`` (default: the
    one chosen for the job), imported on first use."""
    key = (job, backend or CHOSEN[job])
    try:
        return _LOADED[key]
    except KeyError:
        reference, compiled = TWINS[job]
        module = importlib.import_module(f"{__package__}.{compiled if key[1] == 'cython' else reference}")
        _LOADED[key] = module
        return module


if TYPE_CHECKING:  # types come from the reference, which is the contract
    from .decompose import _reference as kernel
else:
    kernel = twin("decompose")
    """The kernel's module (``decompose``'s twin), which most layers call directly."""

__all__ = ["BACKEND", "BACKENDS", "CHOSEN", "TWINS", "kernel", "twin"]
