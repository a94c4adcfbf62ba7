"""Notebook display: ``Hand._repr_html_`` and ``Score._repr_html_`` (mjscore.display).

The HTML is parsed back into a small tree (which also checks that every tag is
closed in order), then read the way a person would: the tiles' glyphs and
titles, the frames of the melds, the marked winning tile, the breakdown rows.
Scoring tests run on both backends: the ``backend`` fixture points ``score()``
at the scorer and kernel of the ``kernel`` fixture's backend.
"""

from __future__ import annotations

import dataclasses
import doctest
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

import mjscore
from mjscore import Bonus, Score, Tile, _backend, display
from mjscore.score import scoring
from mjscore.core.tile import JOKER_GLYPH

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}

HAND = "55z 23m (9999p) [777s] 456p +1m 3y12f"
"""Concealed tiles, an exposed pung, a concealed kong, a winning tile, bonus tiles."""


@dataclass
class Node:
    """An element of the parsed HTML."""

    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    @property
    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text for c in self.children)

    def iter(self) -> list[Node]:
        """This element and every element inside it, in document order."""
        found = [self]
        for child in self.children:
            if isinstance(child, Node):
                found += child.iter()
        return found

    def find(self, cls: str) -> list[Node]:
        return [n for n in self.iter() if cls in n.classes]

    def one(self, cls: str) -> Node:
        found = self.find(cls)
        assert len(found) == 1, f"{len(found)} elements of class {cls}"
        return found[0]

    def tiles(self) -> list[str]:
        """The titles of the tiles inside, in order."""
        return [n.attrs["title"] for n in self.find("mj-tile")]


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        assert tag not in VOID, f"</{tag}> closes a void element"
        assert len(self.stack) > 1, f"</{tag}> closes nothing"
        assert self.stack[-1].tag == tag, f"</{tag}> closes <{self.stack[-1].tag}>"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse_html(text: str) -> Node:
    """The HTML as a tree; fails unless every tag is closed, in order."""
    builder = _TreeBuilder()
    builder.feed(text)
    builder.close()
    assert [n.tag for n in builder.stack] == ["#root"], f"unclosed: {[n.tag for n in builder.stack[1:]]}"
    return builder.root


# --- the parser the tests rely on ------------------------------------------------------------

@pytest.mark.parametrize("bad", ["<div><span></div></span>", "<div><b>x</b>", "</td>"])
def test_the_parser_rejects_unbalanced_html(bad: str) -> None:
    with pytest.raises(AssertionError):
        parse_html(bad)


def test_the_backend_fixture_switches_the_scorer(backend: str) -> None:
    expected = "mjscore.score._kernel" if backend == "cython" else "mjscore.score._reference"
    assert _backend.twin("score").__name__ == expected
    assert _backend.kernel.__name__ == ("mjscore.decompose._kernel" if backend == "cython"
                                        else "mjscore.decompose._reference")


# --- Hand ------------------------------------------------------------------------------------

def test_repr_html_is_the_hand_display() -> None:
    hand = mjscore.parse(HAND)
    assert hand._repr_html_() == display.hand_html(hand)
    assert parse_html(hand._repr_html_()).one("mjscore-hand").tag == "div"


def test_every_tile_is_a_glyph_titled_with_its_mpsz_text() -> None:
    hand = mjscore.parse(HAND)
    tiles = parse_html(hand._repr_html_()).find("mj-tile")
    expected = [str(Tile(t)) for t, c in enumerate(hand.counts) for _ in range(c)] + ["1f", "2f", "3y"]
    assert Counter(t.attrs["title"] for t in tiles) == Counter(expected)
    for tile in tiles:
        title = tile.attrs["title"]
        glyph = Bonus.F1.glyph if title == "1f" else Bonus.F2.glyph if title == "2f" \
            else Bonus.Y3.glyph if title == "3y" else Tile.from_str(title).glyph
        assert tile.text == glyph + title  # the glyph, and the mpsz text beside it


def test_the_hand_shows_its_mpsz_text() -> None:
    hand = mjscore.parse(HAND)
    assert parse_html(hand._repr_html_()).one("mjscore-hand").children[-1].text == str(hand)  # type: ignore[union-attr]


def test_melds_are_grouped_and_marked_exposed_or_concealed() -> None:
    page = parse_html(mjscore.parse(HAND)._repr_html_())
    exposed, kong = page.one("mj-exposed"), page.one("mj-concealed-kong")
    assert exposed.tiles() == ["7s"] * 3 and "exposed" in exposed.text
    assert kong.tiles() == ["9p"] * 4 and "concealed kong" in kong.text
    assert "border:1px solid" in exposed.attrs["style"] and "dashed" in kong.attrs["style"]


def test_the_winning_tile_is_marked_and_not_repeated() -> None:
    page = parse_html(mjscore.parse(HAND)._repr_html_())
    assert page.one("mj-win").tiles() == ["1m"]
    assert "winning tile" in page.one("mj-win").text
    assert page.one("mj-concealed").tiles() == ["2m", "3m", "4p", "5p", "6p", "5z", "5z"]


def test_a_waiting_hand_has_no_winning_tile() -> None:
    page = parse_html(mjscore.parse("123m 456p 789s 1z [777z]")._repr_html_())
    assert page.find("mj-win") == []
    assert len(page.find("mj-tile")) == 13


def test_bonus_tiles_and_jokers_are_shown() -> None:
    page = parse_html(mjscore.parse("123m 456p 789s 77z JJ +1z 4f1y")._repr_html_())
    assert page.one("mj-bonus").tiles() == ["4f", "1y"]
    assert [t.text for t in page.one("mj-bonus").find("mj-tile")] == [Bonus.F4.glyph + "4f", Bonus.Y1.glyph + "1y"]
    jokers = [t for t in page.one("mj-concealed").find("mj-tile") if t.attrs["title"] == "J"]
    assert [t.text for t in jokers] == [JOKER_GLYPH + "J"] * 2


def test_styles_are_inline_and_nothing_is_loaded() -> None:
    html = mjscore.parse(HAND)._repr_html_()
    tags = {n.tag for n in parse_html(html).iter()}
    assert not tags & {"style", "link", "script", "img", "iframe"}
    assert "url(" not in html and "src=" not in html and "@import" not in html


# --- Score -----------------------------------------------------------------------------------

def _score(hand: str = "12m 456p 789s 11z [777z] +3m 1f2y", **context: object) -> Score:
    context.setdefault("self_drawn", True)
    return mjscore.score(hand, **context)  # type: ignore[arg-type]


def test_repr_html_is_the_score_display(backend: str) -> None:
    score = _score()
    assert score._repr_html_() == display.score_html(score)
    page = parse_html(score._repr_html_())
    assert page.one("mjscore-score").one("mjscore-hand").tiles() == parse_html(score.hand._repr_html_()).tiles()


def test_one_row_per_line_with_its_value_and_source(backend: str) -> None:
    score = _score()
    rows = parse_html(score._repr_html_()).find("mj-line")
    assert len(score.lines) == 6
    assert [[cell.text for cell in row.iter() if cell.tag == "td"] for row in rows] \
        == [[line.name, line.value(), line.source] for line in score.lines]
    assert [row.attrs["data-id"] for row in rows] == [line.id for line in score.lines]


def test_the_total_and_its_formula(backend: str) -> None:
    score = _score()
    total = parse_html(score._repr_html_()).one("mj-total")
    cells = [n.text for n in total.iter() if n.tag in ("th", "td")]
    assert (score.total, score.points, score.doubles) == (60, 30, 1)
    assert cells == ["total", "60", "30 × 21"]  # 2<sup>1</sup>
    assert "30 × 2<sup>1</sup>" in display.formula_html(score)
    assert parse_html(score._repr_html_()).one("mj-total-value").text == "60"


def test_the_rule_set_and_situation_head_the_score(backend: str) -> None:
    score = _score(seat_wind="S", prevailing_wind="W")
    head = parse_html(score._repr_html_()).one("mjscore-score").children[0]
    assert isinstance(head, Node)
    assert score.total == 56  # 11z is no longer the own wind's pair
    assert head.text == "56 babcock · won, self-drawn · seat S, round W"


def test_the_decomposition_used_is_shown(backend: str) -> None:
    score = _score()
    assert score.decomposition is not None
    groups = parse_html(score._repr_html_()).one("mj-decomposition").find("mj-group")
    assert [g.tiles() for g in groups] == [[str(t) for t in g.tiles] for g in score.decomposition]
    assert ["mj-exposed" in g.classes for g in groups] == [not g.concealed for g in score.decomposition]
    assert sum("mj-exposed" in g.classes for g in groups) == 1  # the [777z]


def test_a_limit_hand_names_the_special_hand(backend: str) -> None:
    score = _score("123m 456p 789s 1z 777z +1z", heaven=True, dealer=True)
    assert score.special == "heaven" and score.total == 300
    formula = parse_html(score._repr_html_()).one("mj-total").text
    assert "limit hand: The Hand From Heaven (limit)" in formula


def test_a_special_shape_shows_its_name_and_no_decomposition(backend: str) -> None:
    score = _score("19m19p19s1234567z +1m", rules="chinese-classical")
    assert score.decomposition is None and score.special == "thirteen-orphans"
    page = parse_html(score._repr_html_())
    assert page.find("mj-decomposition") == []
    assert "reading: thirteen-orphans" in page.text
    assert "limit hand: Thirteen Orphans / Thirteen Unique Wonders" in page.one("mj-total").text


def test_a_capped_score_says_so(backend: str) -> None:
    score = _score("111z 555z 666z 777z 22z", rules="babcock", win_tile="2z")
    assert score.special is None and score.limit == 1 and score.total == 300
    assert parse_html(score._repr_html_()).one("mj-total").text.endswith("; capped at the limit")


def test_a_hand_that_did_not_go_out(backend: str) -> None:
    score = mjscore.score("123m 456p 789s 1z [777z]", "babcock", winner=False)
    page = parse_html(score._repr_html_())
    assert "did not go out" in page.one("mjscore-score").text
    assert page.find("mj-win") == []
    assert len(page.find("mj-line")) == len(score.lines) == 2


def test_a_repeated_line_shows_its_count() -> None:
    line = scoring.Line("x", "Flower", points=4, count=2, source="house rule")
    row = parse_html(display.line_row(line)).one("mj-line")
    assert [n.text for n in row.iter() if n.tag == "td"] == ["Flower ×2", "+8", "house rule"]


# --- escaping --------------------------------------------------------------------------------

EVIL = "<script>alert('x')</script>"


def _evil_rules(tmp_path: Path) -> Path:
    path = tmp_path / "evil.toml"
    path.write_text(f'''\
name = "evil-house"
extends = "babcock"

[[items]]
id = "mah-jongg"
name = "{EVIL} & <b>bold</b>"
when = ["winner"]
points = 20
source = "<img src=x onerror=alert(1)> \\"quoted\\""
''', encoding="utf-8")
    return path


def test_text_from_a_user_rule_file_is_escaped(backend: str, tmp_path: Path) -> None:
    score = _score(rules=str(_evil_rules(tmp_path)))
    line = next(l for l in score.lines if l.id == "mah-jongg")
    assert line.name.startswith(EVIL)
    html = score._repr_html_()
    assert "<script" not in html.lower() and "<img" not in html.lower() and "<b>bold" not in html
    page = parse_html(html)
    assert not {n.tag for n in page.iter()} & {"script", "img"}
    row = next(r for r in page.find("mj-line") if r.attrs["data-id"] == "mah-jongg")
    assert [n.text for n in row.iter() if n.tag == "td"] == [line.name, "+20", line.source]


def test_every_text_field_is_escaped(backend: str) -> None:
    score = _score()
    evil_line = dataclasses.replace(score.lines[0], id='"><script>', name=EVIL, source=EVIL)
    evil = dataclasses.replace(score, lines=(evil_line,), rules=EVIL, shape=EVIL, special=evil_line.id)
    html = evil._repr_html_()
    assert "<script" not in html.lower()
    page = parse_html(html)
    assert page.one("mj-line").attrs["data-id"] == '"><script>'
    assert page.text.count(EVIL) == 5  # rule set, reading, line name, source, limit hand
    unnamed = dataclasses.replace(evil, special="<i>")  # no line of that id: the id is shown
    assert "limit hand: &lt;i&gt;" in display.formula_html(unnamed)


def test_the_module_examples_run() -> None:
    failures, tried = doctest.testmod(display)
    assert failures == 0 and tried > 0


def test_ipython_finds_the_html(backend: str) -> None:
    formatters = pytest.importorskip("IPython.core.formatters")
    html = formatters.HTMLFormatter()
    score = _score()
    assert html(score.hand) == display.hand_html(score.hand)
    assert html(score) == display.score_html(score)
