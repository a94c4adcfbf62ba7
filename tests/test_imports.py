"""The package's imports run one way (``DESIGN.md``, "The house").

Every module of ``src/mjscore`` is read with :mod:`ast`, and every import in it,
at module level or inside a function (a lazy import is still a dependency), is
an edge of the package's import graph. Imports under ``if TYPE_CHECKING:`` are
left out: they never run. The Cython sources are not Python, so their
``import`` and ``cimport`` statements are read line by line; a ``cimport`` of
another compiled module imports it when the extension loads.

Two checks: the graph has no cycle, and each module imports only modules of its
own layer or of the layers below it (:data:`LAYERS`, bottom first). A third: no
module imports another's private name (``from .x import _name``); what modules
share is public in the module that owns it. Private modules (``_reference``) are
the package's own and may be imported within it.
"""

from __future__ import annotations

import ast
import fnmatch
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = "mjscore"
SOURCE = Path(__file__).resolve().parents[1] / "src" / PACKAGE

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("errors, the group vocabulary and the backend seam",
     ("core", "core.errors", "core.group_codes", "_backend")),
    ("value objects", ("core.tile", "core.group", "core.hand", "core.context", "core.jokers")),
    ("notation", ("core.notation",)),
    ("row codec", ("rows", "rows.*")),
    ("kernel twins: decompositions, shapes, waits", ("decompose", "decompose.*")),
    ("rule model and compiled patterns", ("rules", "rules.*")),
    ("shanten and useful tiles", ("shanten", "shanten.*")),
    ("scoring: readings, the fold, single and bulk calls, jokers", ("score", "score.*")),
    ("distances and near misses", ("distances", "distances.*")),
    ("the search: discard values", ("search", "search.*")),
    ("surfaces", ("", "__main__", "scorer", "display", "dask", "cli", "cli.*", "compat", "compat.*")),
)
"""The layers, bottom first, as module names relative to the package (``""`` is the
package itself); a name may end in ``*``. The design names them: value objects, then
the kernel twins and the backend chooser, the rule model and compiled tables, the
fold, the single-hand and bulk APIs, the surfaces. Errors sit below everything; the
notation reads text into value objects; the row codec packs them for the kernels."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources() -> dict[str, Path]:
    """Every module of the package by its dotted name: Python and Cython sources."""
    paths = [p for pattern in ("*.py", "*.pyx") for p in SOURCE.rglob(pattern)]
    return {_module_name(p): p for p in sorted(paths) if "__pycache__" not in p.parts}


MODULES = _sources()


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _resolve(name: str, names: tuple[str, ...] = ()) -> list[str]:
    """The package modules an import of ``name`` (importing ``names`` from it) loads:
    the deepest module the dotted name reaches, or each submodule ``names`` picks."""
    parts = name.split(".")
    while parts and ".".join(parts) not in MODULES:
        parts.pop()  # ``from mjscore.core.tile import Tile``: a name in a module, not a module
    if not parts:
        return []
    base = ".".join(parts)
    found = [f"{base}.{n}" for n in names if f"{base}.{n}" in MODULES]
    return found if found and len(found) == len(names) else [base, *found]


def _absolute(module: str, level: int, target: str | None) -> str:
    """A relative import's dotted name, seen from ``module``."""
    if not level:
        return target or ""
    package = module if _is_package(module) else module.rpartition(".")[0]
    for _ in range(level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{target}" if target else package


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _python_imports(module: str, path: Path) -> Iterator[str]:
    """Every import that runs, anywhere in the module (not under ``if TYPE_CHECKING:``)."""
    todo: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"), str(path))]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and _type_checking_only(node):
            todo.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield from _resolve(alias.name)
        elif isinstance(node, ast.ImportFrom):
            target = _absolute(module, node.level, node.module)
            yield from _resolve(target, tuple(alias.name for alias in node.names))
        todo.extend(ast.iter_child_nodes(node))


_CYTHON_FROM = re.compile(r"^\s*from\s+(\.*)([\w.]*)\s+c?import\s+\(?\s*([\w, ]*)", re.M)
_CYTHON_IMPORT = re.compile(r"^\s*c?import\s+([\w.]+)", re.M)


def _declarations_only(name: str) -> bool:
    """A ``.pxd`` without a module beside it: its inline functions are compiled into the
    module that cimports them, which loads nothing at run time."""
    path = SOURCE.parent.joinpath(*name.split("."))
    return path.with_suffix(".pxd").exists() and not any(
        path.with_suffix(suffix).exists() for suffix in (".pyx", ".py"))


def _cython_imports(module: str, path: Path) -> Iterator[str]:
    """The ``import``/``cimport`` statements of a Cython source, read line by line."""
    text = path.read_text(encoding="utf-8")
    for dots, target, names in _CYTHON_FROM.findall(text):
        absolute = _absolute(module, len(dots), target or None)
        if _declarations_only(absolute):
            continue
        yield from _resolve(absolute, tuple(n.strip() for n in names.split(",") if n.strip()))
    for target in _CYTHON_IMPORT.findall(text):
        yield from _resolve(target)


def _parents(module: str, importer: str) -> Iterator[str]:
    """The subpackages whose ``__init__`` importing ``module`` runs first, from outside
    them (not the package itself, whose ``__init__`` gathers the public API from every
    layer, and not a package ``importer`` is in, which is loaded already)."""
    parts = module.split(".")[:-1]
    while len(parts) > 1:
        package = ".".join(parts)
        if importer != package and not importer.startswith(package + "."):
            yield package
        parts.pop()


def import_graph() -> dict[str, set[str]]:
    """Each package module and the package modules it imports."""
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        read = _cython_imports if path.suffix == ".pyx" else _python_imports
        targets = {t for t in read(module, path) if t.startswith(PACKAGE)}
        targets |= {p for t in targets for p in _parents(t, module)}
        targets.discard(module)
        graph[module] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle per group of modules that import each other, however indirectly (a
    strongly connected component of the graph): its modules, the first again at the end."""
    found: list[list[str]] = []
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        reach = _reachable(graph, start)
        group = {m for m in reach if start in _reachable(graph, m)}
        done |= group | {start}
        if start in reach:
            found.append(_path(graph, start, start, group))
    return found


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    """The modules ``start`` imports, directly or not."""
    seen: set[str] = set()
    todo = list(graph.get(start, ()))
    while todo:
        node = todo.pop()
        if node not in seen:
            seen.add(node)
            todo.extend(graph.get(node, ()))
    return seen


def _path(graph: dict[str, set[str]], start: str, end: str, within: set[str]) -> list[str]:
    """A shortest import path from ``start`` to ``end`` through ``within`` (breadth first)."""
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph.get(node, ())):
                if target in within and target not in previous:
                    previous[target] = node
                    following.append(target)
        if end in previous:
            break
        frontier = following
    path = [end]
    while len(path) == 1 or path[-1] != start:
        path.append(previous[path[-1]])
    return path[::-1]


def layer_of(module: str) -> int:
    """The index in :data:`LAYERS` of the layer ``module`` belongs to."""
    relative = module.removeprefix(PACKAGE).removeprefix(".")
    for index, (_, patterns) in enumerate(LAYERS):
        if any(fnmatch.fnmatchcase(relative, pattern) for pattern in patterns):
            return index
    raise LookupError(f"{module} is in no layer: add it to LAYERS in {Path(__file__).name}")


GRAPH = import_graph()


def test_every_module_is_read() -> None:
    for module in ("mjscore", "mjscore.core.tile", "mjscore.cli.bulk_rows", "mjscore.rules.loader",
                   "mjscore.decompose._kernel", "mjscore.score._kernel"):
        assert module in GRAPH
    assert "mjscore.core.tile" in GRAPH["mjscore.core.group"]
    assert "mjscore.rules.model" in GRAPH["mjscore.score.fold"]
    assert "mjscore.rules.facts" in GRAPH["mjscore.score._fold"]  # read from the Cython source
    assert "mjscore.score._fold" in GRAPH["mjscore.score._kernel"]  # a cimport


def test_the_reader_sees_lazy_relative_and_cython_imports() -> None:
    graph = {"a": {"b"}, "b": {"c", "a"}, "c": {"a"}, "d": {"a", "e"}, "e": {"d"}, "f": {"f"}}
    assert cycles(graph) == [["a", "b", "a"], ["d", "e", "d"], ["f", "f"]]
    assert cycles({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []
    lazy = ast.parse("def f():\n    from .display import hand_html\n")
    assert any(isinstance(n, ast.ImportFrom) and n.module == "display" for n in ast.walk(lazy))
    assert _absolute("mjscore.cli.bulk_rows", 2, "score.scoring") == "mjscore.score.scoring"
    assert _absolute("mjscore.rules", 1, "loader") == "mjscore.rules.loader"
    assert _resolve("mjscore", ("display", "BACKEND")) == ["mjscore", "mjscore.display"]
    assert _resolve("mjscore.rules", ("loader",)) == ["mjscore.rules.loader"]
    assert _resolve("mjscore.core.tile", ("Tile",)) == ["mjscore.core.tile"]


def test_no_import_cycle() -> None:
    found = cycles(GRAPH)
    assert not found, "import cycles: " + "; ".join(" -> ".join(cycle) for cycle in found)


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_imports_run_down_the_layers(module: str) -> None:
    here = layer_of(module)
    above = sorted(t for t in GRAPH[module] if layer_of(t) > here)
    assert not above, (f"{module} ({LAYERS[here][0]}) imports "
                       + ", ".join(f"{t} ({LAYERS[layer_of(t)][0]})" for t in above))


def _private_imports(module: str, path: Path) -> Iterator[str]:
    """``from x import _name`` in a Python module, where ``_name`` is not a module."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom):
            target = _absolute(module, node.level, node.module)
            for alias in node.names:
                private = alias.name.startswith("_") and not alias.name.startswith("__")
                if private and target.startswith(PACKAGE) and f"{target}.{alias.name}" not in MODULES:
                    yield f"{alias.name} from {target} (line {node.lineno})"


def test_no_private_name_is_imported_across_modules() -> None:
    found = []
    for module, path in MODULES.items():
        if path.suffix == ".py":
            found += [f"{module}: {name}" for name in _private_imports(module, path)]
    assert not found, "private names imported across modules: " + "; ".join(found)
