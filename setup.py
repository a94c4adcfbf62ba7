"""Build the optional Cython kernels; everything else is plain Python (see pyproject.toml)."""

import os
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup

DEBUG = os.environ.get("MJSCORE_CYTHON_DEBUG") == "1"
PURE = os.environ.get("MJSCORE_NO_EXTENSIONS") == "1" or sys.implementation.name != "cpython"


def _cython_processes() -> int:
    """How many processes translate the .pyx files: one per core (a fresh build's other long
    step, beside the C compiler's), unless each would run this file again on start, as a
    process that is not forked does when this file is the main module (``python setup.py``
    on macOS or Windows, or on Python 3.14's forkserver); under pip the main module is
    pip's build hook runner, which they import safely."""
    import multiprocessing

    main = getattr(sys.modules.get("__main__"), "__file__", None)
    if main is not None and os.path.abspath(main) == os.path.abspath(__file__) \
            and multiprocessing.get_start_method() != "fork":
        return 0
    return os.cpu_count() or 1


def _compile_args() -> list[str]:
    """-O3; and on x86-64 the POPCNT instruction, which every x86-64 CPU since 2008 has
    and NumPy's own wheels require (x86-64-v2): a kind count is one instruction, not a
    dozen. ``mjscore._backend`` falls back to the reference on a CPU without it. (MSVC's
    build already calls the instruction through __popcnt64; a universal2 macOS build
    keeps the portable count.)"""
    if sys.platform == "win32":
        return []
    return ["-O3", "-mpopcnt"] if sysconfig.get_platform().endswith("x86_64") else ["-O3"]


ext_modules = []
if not PURE:
    from Cython.Build import cythonize

    # Every .pyx under src/mjscore is one extension module, named by its path.
    sources = sorted(Path("src").glob("mjscore/**/*.pyx"))
    ext_modules = cythonize(
        nthreads=_cython_processes(),
        module_list=[Extension(".".join(source.relative_to("src").with_suffix("").parts), [str(source)],
                   extra_compile_args=_compile_args())
         for source in sources],
        # The only place directives are set: no .pyx overrides them in its header, so the
        # debug build (MJSCORE_CYTHON_DEBUG=1) checks every module.
        compiler_directives={
            "language_level": 3,
            "embedsignature": True,
            "binding": True,
            "boundscheck": DEBUG,
            "wraparound": DEBUG,
            "initializedcheck": DEBUG,
            "cdivision": True,
            # One stance for every extension: the kernels keep module-level tables behind
            # their own locks, not yet audited for a free-threaded build.
            "freethreading_compatible": False,
        },
    )
# The C compiler runs once per core (build_ext --parallel, threads): a fresh build in half
# the time on two cores. Each extension has its own sources, so no two threads write one
# object file; not on Windows, where the MSVC driver's set-up is not thread-safe
# (pypa/setuptools#2212).
options = {} if sys.platform == "win32" else {"build_ext": {"parallel": os.cpu_count() or 1}}
setup(ext_modules=ext_modules, options=options)
