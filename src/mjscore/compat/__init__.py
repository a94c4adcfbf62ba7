"""Drop-in modules shaped like other Mahjong libraries, computed by mjscore's kernels.

A program written against another library swaps one import and keeps its calls,
arguments and results, while the work runs in mjscore's kernels (compiled, or the
pure-Python reference under ``MJSCORE_BACKEND=python``). Each module here says which
parts of its library it offers; nothing else of that library is offered.

* :mod:`mjscore.compat.mahjong` - the ``mahjong`` package's (2.1.0) ``Agari``,
  ``Shanten`` and ``HandDivider`` (with a ``Meld`` to pass to ``divide_hand``).

The other library is never imported: it is only a peer in mjscore's tests and benchmarks.
"""
