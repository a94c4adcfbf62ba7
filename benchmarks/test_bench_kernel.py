"""Kernel throughput, grouped by operation and parametrized by backend.

The raw kernel calls (``mjscore.decompose._kernel`` / ``mjscore.decompose._reference``, preallocated
outputs) measure the kernels themselves; the thread and single-call groups go
through the public API, which is what users pay for.
"""

from __future__ import annotations

import numpy as np
import pytest

import mjscore


def _bulk_outputs(rows: int, dtype: type) -> tuple[np.ndarray, np.ndarray]:
    return np.empty(rows, dtype=dtype), np.empty(rows, dtype=np.uint8)


@pytest.mark.parametrize("workload", ["W", "R"])
def test_is_complete_many(measure, corpus, backend, workload):
    batch = getattr(corpus, workload)[:backend.rows]
    out, status = _bulk_outputs(len(batch), np.uint8)
    measure(f"is_complete[{workload}]", backend.name, len(batch),
            backend.kernel.is_complete_many, batch, out, status)
    assert not status.any()
    if workload == "W":
        assert out.all()


def test_decompose_many(measure, corpus, backend):
    batch = corpus.W[:backend.rows]
    offsets, groups, status = measure("decompose[W]", backend.name, len(batch),
                                      backend.kernel.decompose_many, batch)
    assert not status.any()
    assert (np.diff(offsets) >= 1).all() and groups.shape == (offsets[-1], 5)


def test_decomposition_count_many(measure, corpus, backend):
    batch = corpus.W[:backend.rows]
    out, status = _bulk_outputs(len(batch), np.int32)
    measure("decomposition_count[W]", backend.name, len(batch),
            backend.kernel.decomposition_count_many, batch, out, status)
    assert not status.any() and (out >= 1).all()


def test_waits_many(measure, corpus, backend):
    batch = corpus.T[:backend.rows]
    out, status = _bulk_outputs(len(batch), np.uint64)
    measure("waits[T]", backend.name, len(batch), backend.kernel.waits_many, batch, out, status)
    assert not status.any() and (out != 0).all()  # W minus a tile is always tenpai


@pytest.mark.parametrize("temperature", ["cold", "warm"])
def test_memo_cache(measure, corpus, backend, temperature):
    """``is_complete_many`` on W after ``clear_cache()`` (cold) and with the memo built (warm)."""
    kernel = backend.kernel
    batch = corpus.W[:backend.rows]
    out, status = _bulk_outputs(len(batch), np.uint8)
    side = f"{backend.name}-{temperature}"
    if temperature == "cold":
        measure("cache:is_complete_many[W]", side, len(batch), kernel.is_complete_many, batch, out, status,
                setup=kernel.clear_cache, rounds=5 if backend.name == "cython" else 3)
    else:
        kernel.is_complete_many(batch, out, status)
        measure("cache:is_complete_many[W]", side, len(batch), kernel.is_complete_many, batch, out, status)
    assert out.all()


def _api_rows(corpus, name: str) -> np.ndarray:
    """The public API runs on the default backend: all rows if compiled, else the reference's slice."""
    rows = getattr(corpus, name)
    return rows if mjscore.BACKEND == "cython" else rows[:corpus.reference_rows]


@pytest.mark.parametrize("threads", [1, 2])
def test_threads_is_complete_many(measure, corpus, threads):
    batch = _api_rows(corpus, "W")
    result = measure("threads:is_complete_many[W]", f"threads={threads}", len(batch),
                     lambda: mjscore.is_complete_many(batch, threads=threads))
    assert result.all()


@pytest.mark.parametrize("threads", [1, 2])
def test_threads_waits_many(measure, corpus, threads):
    batch = _api_rows(corpus, "T")
    result = measure("threads:waits_many[T]", f"threads={threads}", len(batch),
                     lambda: mjscore.waits_many(batch, threads=threads))
    assert (result != 0).all()


@pytest.mark.parametrize("form", ["list", "ndarray"])
def test_single_call_api(measure, corpus, form):
    """``mjscore.is_complete`` on one 34-count vector: the per-call cost an AI search pays."""
    row = corpus.W[0].tolist() if form == "list" else corpus.W[0]
    assert measure("is_complete[single]", f"api-{form}", 1, mjscore.is_complete, row) is True


def test_single_call_kernel(measure, corpus, backend):
    """The raw kernel entry behind it, ``is_complete_counts(list)``, per backend."""
    row = corpus.W[0].tolist()
    assert measure("is_complete[single]", f"kernel-{backend.name}", 1,
                   backend.kernel.is_complete_counts, row) == 1

