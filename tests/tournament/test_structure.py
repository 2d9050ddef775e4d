"""The shape of the app, read from its source with ``ast``: the rules docs/architecture.md gives.

Each game is one place (``tournament/games/``, found by ``games.of(event)``); nothing else asks
which game an event is. No import circle, no module past about 500 lines, no ``contract_*``
twin outside the games, and none of the deleted speed layers back. Each check is a function
over a source tree, so that a test below can show it finds a planted fault.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "tournament"
TEMPLATES = ROOT / "templates"
LONGEST = 500  # lines: a module is split by concept before it passes this (house style)
GAME_TESTS = frozenset({"is_contract", "is_whist", "bridge"})


# --- reading the source ----------------------------------------------------------------------


def python_files(package: Path) -> list[Path]:
    """The package's modules, migrations left out (Django writes them; they stay as written)."""
    return sorted(
        path for path in package.rglob("*.py") if "migrations" not in path.relative_to(package).parts
    )


def module_name(path: Path, package: Path) -> str:
    parts = [package.name, *path.relative_to(package).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def import_time_imports(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports a module runs when it is imported: not those in a function, nor under
    ``if TYPE_CHECKING:`` (its ``else`` does run)."""
    for statement in body:
        if isinstance(statement, ast.Import | ast.ImportFrom):
            yield statement
        elif isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        elif isinstance(statement, ast.If):
            if not is_type_checking(statement.test):
                yield from import_time_imports(statement.body)
            yield from import_time_imports(statement.orelse)
        elif isinstance(statement, ast.Try):
            for block in (statement.body, statement.orelse, statement.finalbody):
                yield from import_time_imports(block)
            for handler in statement.handlers:
                yield from import_time_imports(handler.body)
        elif isinstance(statement, ast.With | ast.ClassDef):
            yield from import_time_imports(statement.body)


def every_import(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import of a module, a function's own included."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def imported_modules(
    node: ast.Import | ast.ImportFrom, name: str, is_package: bool, known: set[str]
) -> set[str]:
    """The package's own modules an import statement names: ``from .a import b`` is ``a.b`` when
    that is a module, else ``a``."""
    if isinstance(node, ast.Import):
        targets = [alias.name for alias in node.names]
    else:
        if node.level:
            base = name.split(".") if is_package else name.split(".")[:-1]
            base = base[: len(base) - (node.level - 1)]
            stem = ".".join([*base, node.module] if node.module else base)
        else:
            stem = node.module or ""
        targets = [
            f"{stem}.{alias.name}" if f"{stem}.{alias.name}" in known else stem for alias in node.names
        ]
    found = set()
    for target in targets:
        while target and target not in known:  # import a.b.c of a plain module a.b: the edge is to a.b
            target = target.rpartition(".")[0]
        if target:
            found.add(target)
    return found


def import_graph(package: Path, *, at_import_time: bool = True) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (at import time only, unless told otherwise)."""
    paths = {module_name(path, package): path for path in python_files(package)}
    known = set(paths)
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        tree = parse(path)
        statements = import_time_imports(tree.body) if at_import_time else every_import(tree)
        is_package = path.name == "__init__.py"
        graph[name] = set().union(*(imported_modules(s, name, is_package, known) for s in statements)) - {
            name
        }
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle for each knot of modules that import each other (Tarjan's strongly connected
    components), written as the path that closes it: ``a -> b -> c -> a``."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    knots: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph.get(node, ())):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            knot = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                knot.add(member)
                if member == node:
                    break
            if len(knot) > 1:
                knots.append(knot)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [circle_through(knot, graph) for knot in knots]


def circle_through(knot: set[str], graph: dict[str, set[str]]) -> list[str]:
    """A shortest path from the knot's first module back to itself, inside the knot."""
    start = min(knot)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for successor in sorted(graph[node] & knot):
                if successor == start:
                    return [*paths[node], start]
                if successor not in paths:
                    paths[successor] = [*paths[node], successor]
                    following.append(successor)
        frontier = following
    raise AssertionError(f"no circle through {sorted(knot)}")


def long_modules(package: Path, longest: int = LONGEST) -> list[str]:
    return [
        f"{relative(path)}: {count} lines"
        for path in python_files(package)
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > longest
    ]


def game_tests_in_python(package: Path, allowed: tuple[Path, ...]) -> list[str]:
    """Every ``x.is_contract``, ``x.is_whist`` and ``x.bridge`` outside the allowed places."""
    found: list[tuple[str, int, str]] = []
    for path in python_files(package):
        if any(path.is_relative_to(place) for place in allowed):
            continue
        for node in ast.walk(parse(path)):
            if isinstance(node, ast.Attribute) and node.attr in GAME_TESTS:
                found.append((relative(path), node.lineno, f".{node.attr}"))
    return [f"{path}:{line}: {what}" for path, line, what in sorted(found)]


TEMPLATE_GAME_TEST = re.compile(r"\b(?:is_contract|is_whist)\b|\.bridge\b")


def game_tests_in_templates(templates: Path) -> list[str]:
    found = []
    for path in sorted(templates.rglob("*.html")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            found.extend(f"{relative(path)}:{number}: {m.group()}" for m in TEMPLATE_GAME_TEST.finditer(line))
    return found


def game_readers(package: Path, allowed: tuple[Path, ...]) -> list[str]:
    """Every ``event.game`` (``self.event.game``, ``result.section.event.game``...) outside the
    allowed places: the game is asked of ``games.of(event)``."""
    found: list[tuple[str, int]] = []
    for path in python_files(package):
        if any(path.is_relative_to(place) for place in allowed):
            continue
        for node in ast.walk(parse(path)):
            if (
                isinstance(node, ast.Attribute)
                and node.attr == "game"
                and (
                    (isinstance(node.value, ast.Name) and node.value.id == "event")
                    or (isinstance(node.value, ast.Attribute) and node.value.attr == "event")
                )
            ):
                found.append((relative(path), node.lineno))
    return [f"{path}:{line}: .event.game" for path, line in sorted(found)]


def names_used(path: Path) -> set[str]:
    """Every name, attribute and imported module a module mentions in its code (not its words)."""
    names = set()
    for node in ast.walk(parse(path)):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.Import):
            names.update(part for alias in node.names for part in alias.name.split("."))
        elif isinstance(node, ast.ImportFrom):
            names.update((node.module or "").split("."))
            names.update(alias.name for alias in node.names)
    return names


def mentions(package: Path, forbidden: set[str]) -> list[str]:
    return [
        f"{relative(path)}: {', '.join(sorted(hit))}"
        for path in python_files(package)
        if (hit := names_used(path) & forbidden)
    ]


# --- the rules -------------------------------------------------------------------------------

ONLY_GAMES_AND_MODELS = (APP / "games", APP / "models")


def test_no_import_circle_among_the_apps_modules() -> None:
    circles = import_circles(import_graph(APP))
    assert not circles, "Import circles (module-level imports):\n" + "\n".join(
        " -> ".join(circle) for circle in circles
    )


def test_no_module_of_the_app_passes_500_lines() -> None:
    offenders = long_modules(APP)
    assert not offenders, f"Modules over {LONGEST} lines (split them by concept):\n" + "\n".join(offenders)


def test_no_contract_twin_outside_the_games() -> None:
    offenders = [
        relative(path)
        for path in sorted(APP.rglob("contract*"))
        if "migrations" not in path.parts
        and "__pycache__" not in path.parts
        and not path.is_relative_to(APP / "games")
        and (path.suffix == ".py" or path.is_dir())
    ]
    assert not offenders, "Contract bridge's modules live in tournament/games/contract/:\n" + "\n".join(
        offenders
    )


def test_the_row_loading_written_as_sql_is_gone() -> None:
    assert not (APP / "written.py").exists(), "tournament/written.py remains: load rows through the ORM"


def test_the_page_cache_that_rewrites_csrf_tokens_is_gone() -> None:
    assert not (APP / "page_cache.py").exists(), "tournament/page_cache.py remains: cache no page with a form"


def test_nothing_changes_the_garbage_collector() -> None:
    offenders = [
        f"{relative(path)}:{node.lineno}: gc.{node.attr}"
        for path in python_files(APP)
        for node in ast.walk(parse(path))
        if isinstance(node, ast.Attribute)
        and node.attr in {"set_threshold", "freeze"}
        and isinstance(node.value, ast.Name)
        and node.value.id == "gc"
    ] + [
        f"{relative(path)}:{node.lineno}: from gc import"
        for path in python_files(APP)
        for node in ast.walk(parse(path))
        if isinstance(node, ast.ImportFrom) and node.module == "gc"
    ]
    assert not offenders, "The collector is the interpreter's to tune:\n" + "\n".join(offenders)


def test_no_second_rescoring_after_a_change() -> None:
    offenders = [
        hit
        for package in (ROOT / "scoring", APP, ROOT / "tests", ROOT / "benchmarks")
        for hit in mentions(package, {"contest_after"})
    ]
    assert not offenders, "contest_after remains (one scoring path, per-board figures cached):\n" + "\n".join(
        offenders
    )


def test_tables_use_no_private_detail_of_django_tables2() -> None:
    offenders = mentions(APP, {"blacklist"})
    assert not offenders, "AttributeDict.blacklist is django-tables2's private detail:\n" + "\n".join(
        offenders
    )


def test_the_read_side_pickles_nothing() -> None:
    offenders = mentions(APP / "scores", {"pickle", "cPickle", "_pickle"})
    assert not offenders, "Scores are cached as plain data, never pickled by hand:\n" + "\n".join(offenders)


def test_no_game_test_outside_the_games_in_python() -> None:
    offenders = game_tests_in_python(APP, ONLY_GAMES_AND_MODELS)
    assert not offenders, (
        f"Ask games.of(event) instead ({len(offenders)} tests of the game in Python):\n"
        + "\n".join(offenders)
    )


def test_no_game_test_in_templates() -> None:
    offenders = game_tests_in_templates(TEMPLATES)
    assert not offenders, (
        f"Ask the game in the context instead ({len(offenders)} tests of the game in templates):\n"
        + "\n".join(offenders)
    )


def test_only_the_games_read_the_events_game() -> None:
    offenders = game_readers(APP, ONLY_GAMES_AND_MODELS)
    assert not offenders, "games.of(event) is the one reader of event.game:\n" + "\n".join(offenders)


def test_no_service_imports_a_report_an_export_a_pdf_or_a_view() -> None:
    above = ("tournament.reports", "tournament.exports", "tournament.pdf", "tournament.views")
    graph = import_graph(APP, at_import_time=False)
    offenders = [
        f"{module} imports {target}"
        for module, targets in sorted(graph.items())
        if module.startswith("tournament.services")
        for target in sorted(targets)
        if target.startswith(above)
    ]
    assert not offenders, "Services write; they import nothing that reads for a page:\n" + "\n".join(
        offenders
    )


# --- the checks find what they look for --------------------------------------------------------


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_circle_check_finds_a_circle_and_names_its_path(tmp_path: Path) -> None:
    app = write(
        tmp_path / "app",
        {
            "__init__.py": "",
            "a.py": "from . import b\n",
            "b.py": "from .sub import c\n",
            "sub/__init__.py": "",
            "sub/c.py": "from ..a import thing\n",
            "d.py": "import app.a\n",
        },
    )
    assert import_circles(import_graph(app)) == [["app.a", "app.b", "app.sub.c", "app.a"]]


def test_the_circle_check_leaves_out_imports_in_functions_and_for_type_checking(tmp_path: Path) -> None:
    app = write(
        tmp_path / "app",
        {
            "__init__.py": "",
            "a.py": "from . import b\n",
            "b.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from . import a\n"
                "def late():\n    from . import a\n"
            ),
        },
    )
    assert import_circles(import_graph(app)) == []
    assert import_circles(import_graph(app, at_import_time=False)) == [["app.a", "app.b", "app.a"]]


def test_the_length_check_leaves_out_migrations(tmp_path: Path) -> None:
    app = write(
        tmp_path / "app",
        {"long.py": "x = 1\n" * 501, "short.py": "x = 1\n" * 500, "migrations/0001.py": "x = 1\n" * 900},
    )
    assert [line.rsplit("/", 1)[-1] for line in long_modules(app)] == ["long.py: 501 lines"]


def test_the_game_checks_find_a_test_of_the_game_and_spare_the_games(tmp_path: Path) -> None:
    app = write(
        tmp_path / "app",
        {
            "views.py": "def page(event, sheet):\n    return event.is_contract or sheet.bridge\n"
            "def words(result):\n    return result.section.event.game\n",
            "forms.py": "def form(bridge):\n    return Facts(bridge=bridge)\n",
            "games/contract.py": "def of(event):\n    return event.is_contract and event.game\n",
        },
    )
    allowed = (app / "games",)
    assert [line.rsplit(":", 1)[-1] for line in game_tests_in_python(app, allowed)] == [
        " .bridge",
        " .is_contract",
    ]
    assert len(game_readers(app, allowed)) == 1
    templates = write(
        tmp_path / "templates", {"page.html": "{% if event.is_whist %}{{ sheet.bridge.top }}{% endif %}"}
    )
    assert [line.rsplit(" ", 1)[-1] for line in game_tests_in_templates(templates)] == ["is_whist", ".bridge"]


def test_the_name_checks_read_code_not_words(tmp_path: Path) -> None:
    app = write(
        tmp_path / "app",
        {
            "cache.py": '"""Plain data, no pickle."""\nimport pickle\n',
            "words.py": '"""Nothing is pickled here: no pickle."""\n',
            "tables.py": "def attrs(a):\n    return a.blacklist\n",
        },
    )
    assert [line.split(":")[0].rsplit("/", 1)[-1] for line in mentions(app, {"pickle", "blacklist"})] == [
        "cache.py",
        "tables.py",
    ]
