"""The one package shape of every game (docs/architecture.md), checked on the source, and
the length of every module of the package.

Imports are read with ``ast``: an import under ``if TYPE_CHECKING:`` is for the type checker
only and does not count; an import inside a function counts (it is an import all the same).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import spacetable
from spacetable.engine import Game, Termination, game_class
from spacetable.engine.registry import GAME_MODULES

PACKAGE_DIR = Path(spacetable.__file__).parent
GAMES_DIR = PACKAGE_DIR / "games"
#: The shipped games (test-only games registered by other tests are not packages).
GAMES = [m.rsplit(".", 1)[1] for m in GAME_MODULES]
REQUIRED = (
    "__init__",
    "constants",
    "components",
    "tables",
    "actions",
    "rules",
    "view",
    "labels",
    "evaluation",
    "notation",
    "render",
)
MAX_LINES = 1000
# What a module may import inside its own package (beyond the modules listed, by prefix).
LEAF = ("constants",)
NEVER_RULES = (
    "constants",
    "components",
    "board",
    "tables",
    "actions",
    "view",
    "labels",
    "evaluation",
)
#: What ``tables`` may import: the rows and ``build`` (``components``, ``board``), the texts
#: of the components (``describe``: in ``components`` or ``labels``).
TABLES_IMPORT = ("constants", "components", "board", "labels")
#: Who may import ``tables``: ``rules`` (``data_spec = DATA``) and the readers that may have
#: no game at hand (``shipped_parts()``). The rest read ``game.parts`` (``docs/data.md``).
TABLES_READERS = ("rules", "labels", "render", "notation")


def _modules(game: str) -> dict[str, Path]:
    return {p.stem: p for p in sorted((GAMES_DIR / game).glob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"
    )


def _imports(path: Path, game: str) -> set[str]:
    """Modules of the same package that ``path`` imports at run time."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    pkg = f"spacetable.games.{game}"

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(a.name for a in node.names)
            elif node.module and node.module.startswith(pkg + "."):
                found.add(node.module[len(pkg) + 1 :].split(".")[0])
            elif node.module == pkg:
                found.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith(pkg + "."):
                    found.add(a.name[len(pkg) + 1 :].split(".")[0])
        for sub in ast.iter_child_nodes(node):
            visit(sub)

    visit(tree)
    return found


def _graph(game: str) -> dict[str, set[str]]:
    mods = _modules(game)
    return {name: _imports(path, game) & set(mods) for name, path in mods.items()}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_package_has_the_same_modules(game: str) -> None:
    mods = _modules(game)
    missing = [m for m in REQUIRED if m not in mods]
    assert not missing, f"{game} lacks {missing}"
    assert (GAMES_DIR / game / "text.toml").exists()
    for extra in ("bench", "heuristic", "cards"):
        assert extra not in mods, f"{game}/{extra}.py: see docs/architecture.md"


def _long_modules(root: Path) -> dict[str, int]:
    """The modules under ``root`` longer than ``MAX_LINES``, by path, with their length."""
    sizes = {
        p.relative_to(root).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
        for p in sorted(root.rglob("*.py"))
    }
    return {k: v for k, v in sizes.items() if v > MAX_LINES}


def test_no_module_of_the_package_is_over_a_thousand_lines() -> None:
    """Every module of the package, the games and the rest (web, testing, engine...)."""
    assert PACKAGE_DIR.is_dir()
    big = _long_modules(PACKAGE_DIR)
    assert not big, f"modules over {MAX_LINES} lines (split them along their seams): {big}"


def test_the_line_limit_catches_a_long_module(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "short.py").write_text("x = 1\n" * MAX_LINES, encoding="utf-8")
    (tmp_path / "sub" / "long.py").write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    assert _long_modules(tmp_path) == {"sub/long.py": MAX_LINES + 1}


@pytest.mark.parametrize("game", GAMES)
def test_no_import_circle_inside_a_game(game: str) -> None:
    graph = _graph(game)
    state: dict[str, int] = {}

    def walk(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycle = [*path[path.index(nxt) :], nxt] if nxt in path else [node, nxt]
                raise AssertionError(f"{game}: import circle {' -> '.join(cycle)}")
            if nxt not in state:
                walk(nxt, [*path, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node, [node])


@pytest.mark.parametrize("game", GAMES)
def test_leaf_modules_and_the_rules_point_one_way(game: str) -> None:
    graph = _graph(game)
    for leaf in LEAF:
        assert not graph.get(leaf), f"{game}/{leaf}.py imports {graph.get(leaf)}"
    for name in NEVER_RULES:
        rules_like = {m for m in graph.get(name, set()) if m == "rules" or m.startswith("rules_")}
        assert not rules_like, f"{game}/{name}.py imports {rules_like} at run time"
    render = graph.get("render", set())
    assert not {m for m in render if m == "rules" or m.startswith("rules_")}, (
        f"{game}/render.py imports the rules: it reads views and events only"
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_data_set_is_declared_in_tables_and_read_through_the_game(game: str) -> None:
    graph = _graph(game)
    extra = graph["tables"] - set(TABLES_IMPORT)
    assert not extra, f"{game}/tables.py imports {extra}: it declares the data set only"
    readers = {m for m, deps in graph.items() if "tables" in deps}
    wrong = readers - set(TABLES_READERS)
    assert not wrong, f"{game}: {sorted(wrong)} import tables; they read game.parts"
    assert "tables" in graph["rules"], f"{game}/rules.py does not take DATA from tables"
    for name, path in _modules(game).items():
        if name == "tables":
            continue
        calls = [
            n
            for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "DataSpec"
        ]
        assert not calls, f"{game}/{name}.py declares a DataSpec: its place is tables.py"
    tables = importlib.import_module(f"spacetable.games.{game}.tables")
    spec = game_class(game).data_spec
    assert spec is not None and spec is tables.DATA
    assert tables.shipped_parts() is spec.shipped(game).parts


@pytest.mark.parametrize("game", GAMES)
def test_games_hold_no_test_or_benchmark_configuration(game: str) -> None:
    cls: type[Game] = game_class(game)
    assert not hasattr(cls, "test_configs")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_state_and_its_endings(game: str) -> None:
    cls: type[Game] = game_class(game)
    assert cls.state is not None, f"{game} declares no StateSpec"
    assert cls.terminations is not None and issubclass(cls.terminations, Termination)
    for member in cls.terminations:
        for lang in ("en", "fr"):
            table = cls.terminations.sentences().get(lang, {})
            assert table.get(member.value), f"{game}: no {lang} sentence for {member.value!r}"
    # The persistence is derived, not written by hand.
    for hook in ("state_dict", "load_state", "clone"):
        assert hook not in vars(cls), f"{game} writes {hook} by hand"
