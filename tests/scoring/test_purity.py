"""The engine is plain Python: no Django, nothing beyond the standard library, documented."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SCORING = Path(__file__).resolve().parents[2] / "scoring"
MODULES = sorted(SCORING.rglob("*.py"))


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(SCORING)) for p in MODULES])
def test_scoring_module_imports_no_django(path: Path) -> None:
    assert "django" not in imported_roots(path)


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(SCORING)) for p in MODULES])
def test_scoring_module_imports_only_the_standard_library(path: Path) -> None:
    foreign = {
        name for name in imported_roots(path) if name not in sys.stdlib_module_names and name != "scoring"
    }
    assert not foreign, f"{path.name} imports {sorted(foreign)}"


def test_the_purity_check_sees_a_django_import(tmp_path: Path) -> None:
    module = tmp_path / "bad.py"
    module.write_text("from django.db import models\nimport os\n", encoding="utf-8")
    assert "django" in imported_roots(module)


def public_functions(path: Path) -> list[ast.FunctionDef | ast.ClassDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_")
    ]


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(SCORING)) for p in MODULES])
def test_every_public_function_and_class_has_a_docstring(path: Path) -> None:
    missing = [node.name for node in public_functions(path) if not ast.get_docstring(node)]
    assert not missing, f"{path.name}: no docstring on {missing}"
