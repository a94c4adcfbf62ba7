"""A search's notebook display (issue 32 item 6): the table and the chart of the win
chance by turn, as HTML, and drawn by headless Chromium (as ``test_browser.py`` draws
hands and scores, with its helpers)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import mjscore
from test_browser import _chromium, _run, decode_png

HAND = "123m456p789s11233z"


class _Chart(HTMLParser):
    """The chart's lines (tile, colour, points) and the table's discard rows."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[tuple[str, str, list[tuple[float, float]]]] = []
        self.rows = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "polyline" and a.get("class") == "mj-line":
            points = [tuple(map(float, p.split(","))) for p in (a.get("points") or "").split()]
            self.lines.append((a.get("data-tile") or "", a.get("stroke") or "", points))  # type: ignore[arg-type]
        if tag == "tr" and a.get("class") == "mj-discard":
            self.rows += 1


def test_the_chart_has_a_rising_line_per_best_discard() -> None:
    found = mjscore.discard_values(HAND, "babcock", turns=5)
    chart = _Chart()
    chart.feed(found._repr_html_() or "")
    assert chart.rows == len(found) == 12  # twelve distinct tiles in the hand
    assert [tile for tile, _, _ in chart.lines] == [str(r.tile) for r in found.rows[:6]]
    tile, _, points = chart.lines[0]
    assert tile == "2z" and len(points) == 5
    heights = [y for _, y in points]
    assert heights == sorted(heights, reverse=True) and heights[0] > heights[-1]  # SVG y grows downward


@pytest.mark.browser
def test_the_search_renders_in_chromium(tmp_path: Path) -> None:
    browser = _chromium()
    found = mjscore.discard_values(HAND, "babcock", turns=6)
    page = tmp_path / "search.html"
    page.write_text(f"<!doctype html><html><head><meta charset='utf-8'></head><body>{found._repr_html_()}</body></html>",
                    encoding="utf-8")
    png = tmp_path / "search.png"
    _run(browser, tmp_path / "profile", f"--screenshot={png}", "--window-size=1000,700", page.as_uri())
    dom = _run(browser, tmp_path / "profile", "--dump-dom", page.as_uri()).stdout.decode()
    width, _, rows = decode_png(png.read_bytes())
    bpp = len(rows[0]) // width
    pixels = {row[x:x + 3] for row in rows for x in range(0, len(row), bpp)}
    blue = bytes.fromhex("1f77b4")  # the best discard's line, drawn in its colour (give or take smoothing)
    assert any(all(abs(p[i] - blue[i]) <= 16 for i in range(3)) for p in pixels)
    assert len(re.findall(r'class="mj-line"', dom)) == 6 and "babcock" in dom
