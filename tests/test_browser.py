"""The notebook display in a real browser: a page with a Hand and a Score in headless Chromium.

Skipped when no Chromium is found, unless ``MJSCORE_REQUIRE_BROWSER=1``, which
makes a missing browser a failure. The screenshot is decoded with the standard
library (PNG chunks, zlib, scanline filters) and must be a picture, not one
flat colour; the DOM Chromium dumps must hold the tiles and the total. The tile
glyphs need a font with the Mahjong Tiles block (Debian: ``fonts-noto-core`` or
``fonts-symbola``); without one they are boxes, which this test cannot see, and
the mpsz text under each tile still reads.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

import mjscore

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1000, 700
HAND = "55z 23m (9999p) [777s] 456p +1m 3y12f"
SCORED = "12m 456p 789s 11z [777z] +3m 1f2y"


def _chromium() -> str:
    """The browser binary, or skip (fail under ``MJSCORE_REQUIRE_BROWSER=1``)."""
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("MJSCORE_REQUIRE_BROWSER") == "1":
        pytest.fail("MJSCORE_REQUIRE_BROWSER=1 but no chromium, chromium-browser or google-chrome "
                    "is on PATH (Debian: apt-get install chromium)")
    pytest.skip("no Chromium on PATH (set MJSCORE_REQUIRE_BROWSER=1 to make this a failure)")


def _run(browser: str, profile: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """Headless Chromium with its own profile; --no-sandbox since test machines often run as root."""
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               f"--user-data-dir={profile}", *args]
    result = subprocess.run(command, capture_output=True, timeout=120)  # a hang guard, not a measure
    assert result.returncode == 0, result.stderr.decode(errors="replace")[-2000:]
    return result


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the unfiltered rows of an 8-bit, non-interlaced PNG (RGB or RGBA)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, chunks, idat = 8, [], b""
    while pos < len(data):
        (length,), kind = struct.unpack(">I", data[pos:pos + 4]), data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        assert zlib.crc32(kind + body) == struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0]
        chunks.append(kind)
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert chunks[0] == b"IHDR" and chunks[-1] == b"IEND" and b"IDAT" in chunks
    assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
    bpp = 3 if colour == 2 else 4
    raw, stride, rows = zlib.decompress(idat), width * bpp, []
    previous = bytes(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride) if kind else ():
            left = line[x - bpp] if x >= bpp else 0
            up, corner = previous[x], previous[x - bpp] if x >= bpp else 0
            line[x] = (line[x] + (left, up, (left + up) // 2, _paeth(left, up, corner))[kind - 1]) & 255
        rows.append(previous := bytes(line))
    return width, height, rows


class _Texts(HTMLParser):
    """Every tile title and the text of the total row in a DOM dump."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.titles: list[str] = []
        self.total: list[str] = []
        self._depth = 0  # >0 inside the total row

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if "mj-tile" in (attributes.get("class") or "").split():
            self.titles.append(attributes.get("title") or "")
        if self._depth or "mj-total" in (attributes.get("class") or "").split():
            self._depth += 1

    def handle_endtag(self, tag: str) -> None:
        self._depth = max(self._depth - 1, 0)

    def handle_data(self, data: str) -> None:
        if self._depth:
            self.total.append(data)


def test_a_hand_and_a_score_render_in_chromium(tmp_path: Path) -> None:
    browser = _chromium()
    hand = mjscore.parse(HAND)
    score = mjscore.score(SCORED, "babcock", self_drawn=True)
    page = tmp_path / "page.html"
    page.write_text("<!doctype html><html><head><meta charset=\"utf-8\"><title>mjscore</title></head>"
                    f"<body>{hand._repr_html_()}<hr>{score._repr_html_()}</body></html>", encoding="utf-8")
    png = tmp_path / "page.png"
    _run(browser, tmp_path / "profile", f"--screenshot={png}", f"--window-size={WIDTH},{HEIGHT}", page.as_uri())
    dom = _run(browser, tmp_path / "profile", "--dump-dom", page.as_uri()).stdout.decode()

    width, height, rows = decode_png(png.read_bytes())
    assert (width, height) == (WIDTH, HEIGHT)
    bpp = len(rows[0]) // width
    pixels = {row[x:x + 3] for row in rows for x in range(0, len(row), bpp)}
    assert len(pixels) > 16, f"the page rendered as {len(pixels)} colours"
    assert b"\xff\xff\xff" in pixels  # the white page
    assert any(max(p) < 96 for p in pixels)  # dark text
    assert any(p[0] > 150 and p[1] < 110 and p[2] < 110 for p in pixels)  # the winning tile's red frame

    texts = _Texts()
    texts.feed(dom)
    in_hand = _titles(hand)
    assert sorted(texts.titles[:len(in_hand)]) == in_hand  # the Hand first, every tile by its mpsz title
    assert sorted(texts.titles[len(in_hand):]) == sorted(_titles(score.hand) + _titles(*score.decomposition or ()))
    assert "".join(texts.total) == f"total{score.total}{score.points} × 2{score.doubles}"
    assert f">{score.total}</b>" in dom and "babcock" in dom


def _titles(*parts: mjscore.Hand | mjscore.Group) -> list[str]:
    """The sorted mpsz titles of every tile in hands (bonus tiles and jokers too) or groups."""
    titles = []
    for part in parts:
        if isinstance(part, mjscore.Hand):
            titles += [str(mjscore.Tile(t)) for t, c in enumerate(part.counts) for _ in range(c)]
            titles += [str(b) for b in part.bonus] + ["J"] * part.jokers
        else:
            titles += [str(t) for t in part.tiles]
    return sorted(titles)
