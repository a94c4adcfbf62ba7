"""HTML for notebooks: what ``Hand._repr_html_`` and ``Score._repr_html_`` return.

Each tile is its Unicode Mahjong Tiles glyph with its mpsz text beneath and as
its ``title``, since fonts with that block vary (Noto Sans Symbols 2 and
Symbola have it). Melds sit in boxes, solid for exposed and dashed for a
concealed kong; the winning tile is outlined in red. Styles are inline and
nothing is loaded from elsewhere; every text taken from an object is escaped.

>>> from mjscore import parse
>>> 'title="7z"' in hand_html(parse("12m 456p 789s 11z [777z] +3m"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from .core.group import Group, Meld
from .core.hand import Hand
from .core.hand import use_html as use_hand_html
from .score.scoring import Line, Score
from .score.scoring import use_html as use_score_html
from .search.search import DiscardValues
from .search.search import use_html as use_search_html
from .core.tile import JOKER_GLYPH, Tile

__all__ = ["tile_html", "segment_html", "group_html", "hand_html", "line_row", "formula_html", "score_html",
           "discard_values_html", "win_chart_svg"]

_BOX = "font-family:system-ui,sans-serif;color:#222;background:#fff"
_ROW = "display:flex;flex-wrap:wrap;align-items:flex-end;gap:8px"
_SEGMENT = "display:inline-flex;flex-direction:column;align-items:center;padding:2px 4px;border-radius:5px"
_FRAMES = {
    "concealed": "border:1px solid transparent",
    "exposed": "border:1px solid #777;background:#f4f4f4",
    "concealed-kong": "border:1px dashed #777",
    "win": "border:2px solid #c0392b;background:#fdecea",
    "bonus": "border:1px dotted #b08900",
}
_LABEL = "font-size:11px;color:#666"
_TILE = "display:inline-flex;flex-direction:column;align-items:center;margin:0 1px;line-height:1.1"
_GLYPH = "font:36px/1.1 'Noto Sans Symbols 2',Symbola,sans-serif"
_TEXT = "font:11px monospace;color:#444"
_CELL = "padding:2px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"
_WINDS = "ESWN"


def tile_html(glyph: str, text: str) -> str:
    """One tile: its glyph above its text, the text also the title.

    :param glyph: the Unicode character drawn.
    :param text: the tile's mpsz text (``"3m"``, ``"1f"``, ``"J"``).
    :returns: a ``span`` of class ``mj-tile``.
    """
    return (f'<span class="mj-tile" title="{escape(text)}" style="{_TILE}">'
            f'<span style="{_GLYPH}">{escape(glyph)}</span>'
            f'<span style="{_TEXT}">{escape(text)}</span></span>')


def _tiles(tiles: Iterable[Tile]) -> str:
    return "".join(tile_html(t.glyph, str(t)) for t in tiles)


def segment_html(kind: str, label: str, tiles: str) -> str:
    """A labelled run of tiles framed by its kind.

    :param kind: a key of the frame styles: ``concealed``, ``exposed``,
        ``concealed-kong``, ``win`` or ``bonus``; also the class ``mj-<kind>``.
    :param label: the caption under the tiles (escaped here).
    :param tiles: the tiles' HTML.
    :returns: a ``span`` of class ``mj-group mj-<kind>``.
    """
    return (f'<span class="mj-group mj-{kind}" style="{_SEGMENT};{_FRAMES[kind]}">'
            f'<span>{tiles}</span><span style="{_LABEL}">{escape(label)}</span></span>')


def group_html(group: Group) -> str:
    """A set or pair: framed as exposed, concealed kong or concealed.

    :param group: a :class:`Group` of a decomposition or a declared :class:`Meld`.
    :returns: the framed tiles, labelled with the group's mpsz text.
    """
    if not group.concealed:
        kind = "exposed"
    elif isinstance(group, Meld):
        kind = "concealed-kong"
    else:
        kind = "concealed"
    return segment_html(kind, f"{group} {kind.replace('-', ' ')}", _tiles(group.tiles))


def _hand_tiles(hand: Hand) -> list[str]:
    """The hand's segments, in the order of its mpsz text."""
    held = _tiles(hand.held_tiles) + tile_html(JOKER_GLYPH, "J") * hand.jokers
    parts = [segment_html("concealed", "concealed", held)]
    parts += [group_html(meld) for meld in hand.melds]
    if hand.win_tile is not None:
        parts.append(segment_html("win", "winning tile", _tiles([hand.win_tile])))
    if hand.bonus:
        parts.append(segment_html("bonus", "bonus", "".join(tile_html(b.glyph, str(b)) for b in hand.bonus)))
    return parts


def hand_html(hand: Hand) -> str:
    """A hand: concealed tiles, melds, the winning tile, bonus tiles, and its mpsz text.

    :param hand: the hand to show.
    :returns: a ``div`` of class ``mjscore-hand``.
    """
    return (f'<div class="mjscore-hand" style="{_BOX};padding:4px">'
            f'<div style="{_ROW}">{"".join(_hand_tiles(hand))}</div>'
            f'<div style="{_TEXT};margin-top:4px">{escape(str(hand))}</div></div>')


def _situation(score: Score) -> str:
    """The rule set and how the hand ended, e.g. ``babcock · won, self-drawn · seat E, round E``."""
    ctx = score.context
    ending = ("won, self-drawn" if ctx.self_drawn else "won on a discard") if ctx.winner else "did not go out"
    winds = f"seat {_WINDS[ctx.seat_wind - Tile.EAST]}, round {_WINDS[ctx.prevailing_wind - Tile.EAST]}"
    return f"{score.rules} · {ending} · {winds}"


def _reading(score: Score) -> str:
    """The decomposition that scored, or the special shape's name when there is none."""
    label = f'<div style="{_LABEL}">reading: {escape(score.shape)}</div>'
    if score.decomposition is None:
        return label
    return label + f'<div class="mj-decomposition" style="{_ROW}">' \
        + "".join(group_html(g) for g in score.decomposition) + "</div>"


def line_row(line: Line) -> str:
    """One breakdown row: item, value, the rule-book line it implements.

    :param line: a :class:`~mjscore.score.scoring.Line` of the breakdown.
    :returns: a ``tr`` of class ``mj-line`` carrying the line's id.
    """
    name = line.name + (f" ×{line.count}" if line.count > 1 else "")
    return (f'<tr class="mj-line" data-id="{escape(line.id)}"><td style="{_CELL}">{escape(name)}</td>'
            f'<td style="{_CELL};text-align:right;white-space:nowrap">{escape(line.value())}</td>'
            f'<td style="{_CELL};font-size:12px;color:#555">{escape(line.source)}</td></tr>')


def formula_html(score: Score) -> str:
    """How the total came about: ``points × 2^doubles``, and the limit note if one applied.

    :param score: the score to explain.
    :returns: HTML text such as ``30 × 2<sup>1</sup>; limit hand: The Hand From Heaven (limit)``.
    """
    text = f"{score.points} × 2<sup>{score.doubles}</sup>" if score.doubles else str(score.points)
    if score.special:
        special = next((l for l in score.lines if l.id == score.special), None)
        name = score.special if special is None else f"{special.name} ({special.value()})"
        text += f"; limit hand: {escape(name)}"
    elif score.limit:
        text += "; capped at the limit"
    return text


def _table(score: Score) -> str:
    """The breakdown table, the total in its footer."""
    head = "".join(f'<th style="{_CELL};border-bottom:2px solid #999">{h}</th>'
                   for h in ("item", "value", "source"))
    total = (f'<tr class="mj-total"><th style="{_CELL}">total</th>'
             f'<th style="{_CELL};text-align:right">{score.total}</th>'
             f'<td style="{_CELL}">{formula_html(score)}</td></tr>')
    return (f'<table style="border-collapse:collapse;margin-top:6px;font-size:14px">'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(map(line_row, score.lines))}</tbody>'
            f'<tfoot>{total}</tfoot></table>')


def score_html(score: Score) -> str:
    """A score: rule set and situation, the hand, the reading, the breakdown and the total.

    :param score: the score to show.
    :returns: a ``div`` of class ``mjscore-score``.
    """
    return (f'<div class="mjscore-score" style="{_BOX};padding:6px">'
            f'<div style="font-size:15px"><b class="mj-total-value">{score.total}</b> '
            f'<span style="color:#555">{escape(_situation(score))}</span></div>'
            f'{hand_html(score.hand)}{_reading(score)}{_table(score)}</div>')


_LINES = ("#1f77b4", "#2ca02c", "#d62728", "#9467bd", "#ff7f0e", "#17becf")
"""The chart's line colours, best discard first (the six best are drawn)."""


def win_chart_svg(found: DiscardValues, width: int = 320, height: int = 160) -> str:
    """The chance to win by turn of the best discards, one line each, as inline SVG.

    :param found: what :func:`mjscore.discard_values` returned.
    :returns: an ``svg`` of class ``mj-chart``; each line a ``polyline`` of class
        ``mj-line`` whose ``data-tile`` is the discard.
    """
    left, right, top, bottom = 36, 56, 8, 22
    rows = found.rows[:len(_LINES)]
    peak = max([max(r.win) for r in rows] + [1e-9])
    scale = 1.0 if peak > 0.5 else (0.5 if peak > 0.2 else (0.2 if peak > 0.05 else 0.05))
    plot_w, plot_h = width - left - right, height - top - bottom

    def point(t: int, chance: float) -> str:
        x = left + plot_w * (t / max(1, found.turns - 1))
        y = top + plot_h * (1 - min(chance, scale) / scale)
        return f"{x:.1f},{y:.1f}"

    parts = [f'<svg class="mj-chart" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" style="font:10px sans-serif">',
             f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="#fafafa" stroke="#999"/>',
             f'<text x="{left - 4}" y="{top + 8}" text-anchor="end">{scale:.0%}</text>',
             f'<text x="{left - 4}" y="{top + plot_h}" text-anchor="end">0</text>',
             f'<text x="{left}" y="{height - 6}">turn 1</text>',
             f'<text x="{left + plot_w}" y="{height - 6}" text-anchor="end">{found.turns}</text>']
    for i, row in enumerate(rows):
        label = "as is" if row.tile is None else str(row.tile)
        points = " ".join(point(t, c) for t, c in enumerate(row.win))
        parts.append(f'<polyline class="mj-line" data-tile="{escape(label)}" points="{points}" fill="none" '
                     f'stroke="{_LINES[i]}" stroke-width="2.5"/>')
        parts.append(f'<text x="{width - right + 6}" y="{top + 12 + 14 * i}" fill="{_LINES[i]}">{escape(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def discard_values_html(found: DiscardValues) -> str:
    """The discards of a search: the hand, a table (discard, shanten, useful tiles with
    the copies left, win chance and expected score at the last turn) and the chart of
    the win chance by turn (:func:`win_chart_svg`).

    :param found: what :func:`mjscore.discard_values` returned.
    :returns: a ``div`` of class ``mjscore-discards``.
    """
    head = "".join(f'<th style="{_CELL};border-bottom:2px solid #999">{h}</th>'
                   for h in ("discard", "shanten", "useful tiles", "win", "expected"))
    body = []
    for row in found.rows:
        tile = "as is" if row.tile is None else tile_html(row.tile.glyph, str(row.tile))
        useful = " ".join(f"{t}×{c}" for t, c in zip(row.useful, row.copies))
        body.append(f'<tr class="mj-discard"><td style="{_CELL}">{tile}</td>'
                    f'<td style="{_CELL};text-align:right">{row.shanten}</td>'
                    f'<td style="{_CELL};font:12px monospace">{escape(useful)}</td>'
                    f'<td style="{_CELL};text-align:right">{row.win[-1]:.1%}</td>'
                    f'<td style="{_CELL};text-align:right">{row.expected[-1]:.1f}</td></tr>')
    title = f"{found.rules}: {found.turns} turns, best by {'expected score' if found.objective == 'score' else 'win chance'}"
    return (f'<div class="mjscore-discards" style="{_BOX};padding:6px">'
            f'<div style="font-size:15px">{escape(title)}</div>{hand_html(found.hand)}'
            f'<div style="margin-top:6px">{win_chart_svg(found)}</div>'
            f'<table style="border-collapse:collapse;margin-top:6px;font-size:14px">'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>')


# Hands and scores sit below this module, so they cannot import it: it hands them its
# HTML when it is imported (``import mjscore`` imports it).
use_hand_html(hand_html)
use_score_html(score_html)
use_search_html(discard_values_html)
