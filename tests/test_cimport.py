"""The C-level API: a tiny extension ``cimport``s the shipped ``_kernel.pxd`` and calls it.

This is how another engine uses the kernel without Python calls per hand
(cytoolz and scikit-learn test their ``.pxd`` files the same way). The probe is
built in a subprocess (``setup.py build_ext --inplace`` in ``tmp_path``) against
the *installed* package: Cython finds ``mjscore/_kernel.pxd`` through the
include path ``dirname(mjscore.__file__)/..``, and at run time the probe fetches
the C functions from ``mjscore.decompose._kernel.__pyx_capi__``. The kernel builds its
tables on first use; ``c_require_tables`` builds them or raises MemoryError, as an
engine asks before it releases the GIL.

Skipped when the compiled kernel, Cython or a working C compiler is missing.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("mjscore.decompose._kernel", reason="compiled kernel not built")
pytest.importorskip("Cython", reason="Cython is needed to build the probe")
pytest.importorskip("setuptools", reason="setuptools is needed to build the probe")
pytestmark = pytest.mark.both_backends  # the C API, whatever backend the Python calls choose

import mjscore
from mjscore.core.group_codes import PAIR, PUNG, group_code

PROBE = "mjscore_cimport_probe"

PROBE_PYX = """\
# cython: language_level=3
from libc.stdint cimport uint8_t, uint64_t
from mjscore._kernel cimport c_decompose_jokers, c_is_complete, c_is_complete_jokers, c_require_tables, c_waits


def require_tables():
    c_require_tables()  # with the GIL: MemoryError if the tables cannot be built


def is_complete(const uint8_t[::1] counts):
    if counts.shape[0] != 34:
        raise ValueError("need 34 counts")
    cdef int result
    with nogil:  # counts: 34 entries, each 0..4 (the caller's job, as documented)
        result = c_is_complete(&counts[0])
    return result != 0


def waits(const uint8_t[::1] counts):
    if counts.shape[0] != 34:
        raise ValueError("need 34 counts")
    cdef uint64_t mask
    with nogil:
        mask = c_waits(&counts[0])
    return mask


def is_complete_jokers(const uint8_t[::1] counts, int jokers, int use):
    cdef int result
    with nogil:  # no caps: four of each tile at most
        result = c_is_complete_jokers(&counts[0], jokers, use, NULL)
    return result != 0


def decompose_jokers(const uint8_t[::1] counts, int jokers, int use):
    cdef uint8_t out[10 * 16]
    cdef int n
    with nogil:
        n = c_decompose_jokers(&counts[0], jokers, use, NULL, out, 16)
    return n, [bytes(out[10 * i:10 * i + 10]) for i in range(min(n, 16))]
"""

SETUP_PY = """\
from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    name="{name}",
    ext_modules=cythonize([Extension("{name}", ["{name}.pyx"])],
                          include_path=[{include!r}], language_level=3),
)
"""

COMPILER_PROBE = """\
import sys, warnings
warnings.simplefilter("ignore")
import setuptools  # noqa: F401  (provides distutils on 3.12+)
from distutils.ccompiler import new_compiler
from distutils.sysconfig import customize_compiler

compiler = new_compiler()
customize_compiler(compiler)
compiler.compile(["probe.c"], output_dir="obj")
"""


def _counts(text: str) -> bytes:
    """34 counts from compact notation (``123m456p789s11122z``), independent of the parser."""
    counts = bytearray(34)
    digits: list[int] = []
    for char in text:
        if char.isdigit():
            digits.append(int(char))
        else:
            base = "mpsz".index(char) * 9
            for digit in digits:
                counts[base + digit - 1] += 1
            digits = []
    assert not digits and sum(counts) > 0, text
    return bytes(counts)


def _mask(text: str) -> int:
    counts = _counts(text)
    return sum(1 << tile for tile in range(34) if counts[tile])


@pytest.fixture(scope="module")
def probe(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The probe extension, built and imported from a temporary directory."""
    work = tmp_path_factory.mktemp("cimport")

    (work / "probe.c").write_text("int mjscore_probe(void) { return 0; }\n")
    compiler = subprocess.run([sys.executable, "-c", COMPILER_PROBE], cwd=work, check=False,
                              capture_output=True, text=True, timeout=300,
                              stdin=subprocess.DEVNULL)
    if compiler.returncode != 0:
        pytest.skip(f"no working C compiler: {compiler.stderr.strip().splitlines()[-1:]}")

    include = str(Path(mjscore.__file__).resolve().parent.parent)
    pxd = Path(include) / "mjscore" / "_kernel.pxd"
    assert pxd.is_file(), f"{pxd} is not installed: package-data must ship *.pxd"

    (work / f"{PROBE}.pyx").write_text(PROBE_PYX)
    (work / "setup.py").write_text(SETUP_PY.format(name=PROBE, include=include))
    build = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"],
                           cwd=work, check=False,
                           capture_output=True, text=True, timeout=600,
                           stdin=subprocess.DEVNULL)
    assert build.returncode == 0, f"probe build failed:\n{build.stdout}\n{build.stderr}"

    built = [p for p in work.glob(f"{PROBE}*") if p.suffix in (".so", ".pyd")]
    assert len(built) == 1, f"expected one built probe, found {built}"
    spec = importlib.util.spec_from_file_location(PROBE, built[0])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("hand", "expected"), [
    ("123m456p789s11122z", True),       # four sets and a pair
    ("11223344556677z", True),          # seven distinct pairs, all honours
    ("1122m3344p5566s77z", True),       # seven distinct pairs
    ("19m19p19s1234567z1m", True),      # thirteen orphans
    ("123m456p789s11123z", False),      # no pair, no set of winds
    ("11z", True),                      # the pair left after four declared melds
    ("123m456p789s1122z3z", False),
], ids=["standard", "honour-pairs", "seven-pairs", "orphans", "incomplete", "pair-only",
        "incomplete-2"])
def test_c_is_complete(probe: ModuleType, hand: str, expected: bool) -> None:
    counts = _counts(hand)
    assert probe.is_complete(counts) is expected
    assert probe.is_complete(np.frombuffer(counts, dtype=np.uint8)) is expected


@pytest.mark.parametrize(("hand", "expected"), [
    ("1112345678999m", "123456789m"),   # nine gates
    ("123m456p789s1122z", "12z"),       # two pairs: either becomes the set
    ("123m456p789s1112z", "2z"),        # single wait on the pair
    ("1111m123p456p789p", ""),          # only 1m would fit and all four are held
    ("159m159p159s1234z", ""),          # far from complete
], ids=["nine-gates", "shanpon", "tanki", "four-held", "none"])
def test_c_waits(probe: ModuleType, hand: str, expected: str) -> None:
    counts = _counts(hand)
    want = _mask(expected) if expected else 0
    assert probe.waits(counts) == want
    assert probe.waits(np.frombuffer(counts, dtype=np.uint8)) == want


def test_agrees_with_the_python_api(probe: ModuleType) -> None:
    counts = _counts("123m456p789s11122z")
    assert probe.is_complete(counts) is mjscore.is_complete("123m456p789s11122z") is True


def test_wrong_length_is_rejected_by_the_wrapper(probe: ModuleType) -> None:
    with pytest.raises(ValueError, match="34"):
        probe.is_complete(bytes(33))


def test_c_joker_functions(probe: ModuleType) -> None:
    counts = _counts("123m456p789s111z5z")  # and a joker: 5z and the joker pair up
    assert probe.is_complete_jokers(counts, 1, 7) is True      # jokers in pairs too
    assert probe.is_complete_jokers(counts, 1, 3) is False     # pungs and chows only
    n, rows = probe.decompose_jokers(counts, 1, 7)
    # (group byte, jokers) pairs, sorted: 123m 456p 789s, 111z, the pair 5z + joker
    assert (n, rows) == (1, [bytes([0, 0, 12, 0, 24, 0, group_code(PUNG, 27), 0, group_code(PAIR, 31), 1])])
    assert probe.decompose_jokers(counts, 1, 3) == (0, [])


def test_c_require_tables_raises_when_the_tables_cannot_be_built(probe: ModuleType) -> None:
    from mjscore.decompose import _kernel, _shapes

    _kernel.clear_cache()
    _shapes._refuse_builds(True)
    try:
        with pytest.raises(MemoryError):
            probe.require_tables()
        assert probe.is_complete(np.frombuffer(_counts("123m456p789s11122z"), np.uint8)) is False  # why it asks
    finally:
        _shapes._refuse_builds(False)
    probe.require_tables()
    assert probe.is_complete(np.frombuffer(_counts("123m456p789s11122z"), np.uint8)) is True
