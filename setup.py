"""Build the optional Cython kernels; everything else is plain Python (see pyproject.toml)."""

import os
import sys

from setuptools import Extension, setup

DEBUG = os.environ.get("MJSCORE_CYTHON_DEBUG") == "1"
PURE = os.environ.get("MJSCORE_NO_EXTENSIONS") == "1" or sys.implementation.name != "cpython"

ext_modules = []
if not PURE:
    from Cython.Build import cythonize

    ext_modules = cythonize(
        [Extension(f"mjscore.{name}", [f"src/mjscore/{name}.pyx"],
                   extra_compile_args=[] if sys.platform == "win32" else ["-O3"])
         for name in ("_suits", "_shapes", "_joker_table", "_jokers_kernel", "_kernel",
                      "_pattern_kernel", "_score_facts", "_fold", "_score_kernel",
                      "_distance_kernel", "_shanten_kernel")],
        compiler_directives={
            "language_level": 3,
            "embedsignature": True,
            "binding": True,
            "boundscheck": DEBUG,
            "wraparound": DEBUG,
            "initializedcheck": DEBUG,
            "cdivision": True,
        },
    )
setup(ext_modules=ext_modules)
