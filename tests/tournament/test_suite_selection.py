"""The suite's own selection (tests/conftest.py): the PostgreSQL run takes, with ``-m database``,
exactly the tests that open the database; the rest run once, on SQLite; the browser walks run in
one process, one after another."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.django_db
def test_a_test_marked_django_db_runs_on_postgresql_too(request: pytest.FixtureRequest) -> None:
    assert request.node.get_closest_marker("database") is not None


def test_a_test_asking_for_the_database_runs_on_postgresql_too(
    db: None, request: pytest.FixtureRequest
) -> None:
    assert request.node.get_closest_marker("database") is not None


def test_a_test_with_a_live_server_runs_on_postgresql_too(
    live_server: Any, request: pytest.FixtureRequest
) -> None:
    assert request.node.get_closest_marker("database") is not None


def test_a_test_without_the_database_runs_once(request: pytest.FixtureRequest) -> None:
    assert request.node.get_closest_marker("database") is None
    assert request.node.get_closest_marker("xdist_group") is None


@pytest.mark.e2e
@pytest.mark.django_db
def test_a_browser_walk_runs_in_the_browsers_group(request: pytest.FixtureRequest) -> None:
    group = request.node.get_closest_marker("xdist_group")
    assert group is not None and group.args == ("browser",)
    assert request.node.get_closest_marker("database") is not None
