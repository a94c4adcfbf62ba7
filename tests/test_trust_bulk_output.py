"""``mjscore bulk`` never loses data: not the input, not an old output, not by half a file.

The interruption and write-failure tests run the command in a child process (a real
SIGINT, a real file-size limit); they wait for output to be under way by watching the
folder, with a generous deadline that only a hung child reaches.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

import mjscore  # noqa: E402
from mjscore.cli.bulk_batches import Results  # noqa: E402
from mjscore.cli.bulk_output import open_writer  # noqa: E402

# What these check (the input, an old output and a half-written file survive) does not
# depend on which backend scores the rows: the compiled run alone runs them.
pytestmark = pytest.mark.backend_independent

Run = Callable[..., tuple[int, str, str]]

FORMATS = [".csv", ".jsonl", ".npy",
           pytest.param(".parquet", marks=pytest.mark.skipif(
               not __import__("importlib.util").util.find_spec("pyarrow"), reason="needs pyarrow"))]
WON = "123m 456p 789s 1z [777z] +1z"
OLD = b"the old results, which must survive\n"
SRC = str(Path(mjscore.__file__).resolve().parent.parent)
DEADLINE = 120.0
"""Seconds a child may take to get under way: far beyond what it needs, only a hang reaches it."""


def _child(args: list[str], limit: int | None = None) -> subprocess.Popen[str]:
    """``python -m mjscore ARGS`` in a child that takes SIGINT as Python does by default
    (a test runner may have started us with it ignored) and, with ``limit``, may write no
    file larger than ``limit`` bytes (CPython ignores SIGXFSZ, so a write fails with EFBIG)."""
    def prepare() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = {**os.environ, "PYTHONPATH": SRC, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.Popen([sys.executable, "-m", "mjscore", *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=prepare)


def _leftovers(folder: Path, keep: set[str]) -> list[str]:
    return sorted(name for name in os.listdir(folder) if name not in keep)


# --- the same file ------------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
@pytest.mark.parametrize("spelling", ["same", "dotted", "hard link"])
def test_output_that_is_the_input_is_a_usage_error_and_the_input_is_kept(
        run: Run, tmp_path: Path, suffix: str, spelling: str) -> None:
    source = tmp_path / f"hands{suffix}"
    text = (f"hand\n{WON}\n" if suffix == ".csv" else f'{{"hand": "{WON}"}}\n').encode()
    source.write_bytes(text)
    output = {"same": source, "dotted": tmp_path / "." / ".." / tmp_path.name / source.name,
              "hard link": tmp_path / f"link{suffix}"}[spelling]
    if spelling == "hard link":
        os.link(source, output)
    code, out, err = run("bulk", source, "-o", output)
    assert code == 2 and "is the input file" in err
    assert source.read_bytes() == text


# --- bad input leaves an old output alone -------------------------------------------------------


@pytest.mark.parametrize("suffix", FORMATS)
@pytest.mark.parametrize("header", ["tiles\n123m\n", "hand,colour\n123m,red\n"])
def test_a_csv_that_cannot_be_read_leaves_an_existing_output_untouched(
        run: Run, tmp_path: Path, suffix: str, header: str) -> None:
    source = tmp_path / "hands.csv"
    source.write_text(header, encoding="utf-8")
    output = tmp_path / f"out{suffix}"
    output.write_bytes(OLD)
    code, _, err = run("bulk", source, "-o", output)
    assert code == 2 and "hands.csv" in err
    assert output.read_bytes() == OLD
    assert _leftovers(tmp_path, {"hands.csv", output.name}) == []


# --- .npy header ---------------------------------------------------------------------------------


def test_npy_header_states_the_rows_written_after_every_batch(tmp_path: Path) -> None:
    writer = open_writer(tmp_path / "out.npy", "row", mjscore.load_rules("babcock"))
    for rows in (3, 5):
        writer.write(Results(np.arange(rows, dtype=np.int64), np.full(rows, 7, np.int32),
                             np.full(rows, -1, np.int16), np.zeros(rows, np.uint8)))
        writer.inner.handle.flush()  # type: ignore[attr-defined]
        so_far = np.load(writer.staging)
        assert so_far.shape == ({3: (3,), 5: (8,)}[rows]) and (so_far["total"] == 7).all()
    writer.close()
    assert np.load(tmp_path / "out.npy").shape == (8,)
    assert _leftovers(tmp_path, {"out.npy"}) == []


# --- interrupted ----------------------------------------------------------------------------------


@pytest.mark.parametrize("old", [False, True], ids=["no-old-file", "old-file"])
@pytest.mark.parametrize("suffix", FORMATS)
def test_sigint_in_the_middle_of_a_run_leaves_no_file_or_the_old_one(
        tmp_path: Path, suffix: str, old: bool) -> None:
    """The rows come through a named pipe that is fed 20,000 hands and then held open,
    so the child is always mid-run when the signal comes, however fast it scores (a
    million sampled rows could finish between the test's look and its signal)."""
    output = tmp_path / f"out{suffix}"
    if old:
        output.write_bytes(OLD)
    pipe = tmp_path / "hands.txt"
    os.mkfifo(pipe)
    held = threading.Event()
    feeder = threading.Thread(target=_feed, args=(pipe, 20_000, held), daemon=True)
    feeder.start()
    child = _child(["bulk", str(pipe), "--chunk-size", "2000", "-q", "-o", str(output)])
    try:
        deadline = time.monotonic() + DEADLINE
        while not _under_way(tmp_path, output, old):
            assert child.poll() is None, child.communicate()
            assert time.monotonic() < deadline, "the child never started writing"
            time.sleep(0.05)
        child.send_signal(signal.SIGINT)
        # The signal may reach a thread of the child other than the main one (NumPy's BLAS
        # threads) while the main one waits on the pipe: then closing the pipe wakes it.
        time.sleep(0.2)
        held.set()
        _, err = child.communicate(timeout=DEADLINE)
    finally:
        held.set()
        if child.poll() is None:
            child.kill()
            child.communicate()  # reaps it and closes its pipes
    assert child.returncode == 130, err
    assert "interrupted after" in err and "rows" in err and "Traceback" not in err
    assert (output.read_bytes() == OLD) if old else not output.exists()
    assert _leftovers(tmp_path, {output.name, pipe.name} if old else {pipe.name}) == []


def _feed(pipe: Path, rows: int, held: threading.Event) -> None:
    """Write ``rows`` winning hands into ``pipe``, then hold it open until ``held`` is set.
    The child may be stopped while the rows are still going in: the pipe then breaks."""
    try:
        with open(pipe, "w", encoding="utf-8") as handle:
            handle.write(f"{WON}\n" * rows)
            handle.flush()
            held.wait(DEADLINE)
    except BrokenPipeError:
        pass


def _under_way(folder: Path, output: Path, old: bool) -> bool:
    """Whether some rows have reached a file in ``folder``: more than a header's worth."""
    if old and output.read_bytes() != OLD:
        return True
    sizes = []
    for name in os.listdir(folder):
        try:
            sizes.append((folder / name).stat().st_size)
        except FileNotFoundError:
            continue
    return any(size > 4096 for size in sizes)


# --- a write that fails ---------------------------------------------------------------------------


@pytest.mark.parametrize("old", [False, True], ids=["no-old-file", "old-file"])
@pytest.mark.parametrize("suffix", FORMATS)
def test_a_write_failure_is_a_clean_error_with_exit_3_and_loses_nothing(
        tmp_path: Path, suffix: str, old: bool) -> None:
    output = tmp_path / f"out{suffix}"
    if old:
        output.write_bytes(OLD)
    child = _child(["bulk", "--sample", "200000", "--chunk-size", "2000", "-q", "-o", str(output)],
                   limit=16_384)
    try:
        out, err = child.communicate(timeout=DEADLINE * 2)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert child.returncode == 3, err
    assert "Traceback" not in err and str(output) in err and "cannot write" in err
    assert (output.read_bytes() == OLD) if old else not output.exists()
    assert _leftovers(tmp_path, {output.name} if old else set()) == []


def test_bulk_help_documents_every_exit_code(run: Run) -> None:
    code, out, _ = run("bulk", "--help")
    assert code == 0
    for line in ("0 every row scored", "1 some rows bad", "2 a usage error", "3 OUTPUT failed", "130 interrupted"):
        assert line in " ".join(out.split())
