"""The data migration that says on old sections which Mitchell was played (issue 8, §1.5)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

NAME = "store_the_relay_mitchell_played"


def test_an_even_table_plain_mitchell_saved_before_is_stored_as_the_relay_it_was() -> None:
    executor = MigrationExecutor(connection)
    (target,) = [
        key for key in executor.loader.graph.nodes if key[0] == "tournament" and key[1].endswith(NAME)
    ]
    (before,) = executor.loader.graph.node_map[target].parents
    executor.migrate([before.key])
    apps = executor.loader.project_state([before.key]).apps
    Club, Event, Section = (apps.get_model("tournament", name) for name in ("Club", "Event", "Section"))
    club = Club.objects.create(name="Old club", slug="old-club")
    sections = {}
    for tables, movement in ((4, "mitchell"), (5, "mitchell"), (4, "skip_mitchell"), (4, "howell")):
        event = Event.objects.create(club=club, name=f"{tables} {movement}")
        sections[(tables, movement)] = Section.objects.create(
            event=event, movement=movement, tables=tables, rounds=3, boards_per_round=2
        ).pk

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    from tournament.models import Section as Now

    stored = {key: Now.objects.get(pk=pk).movement for key, pk in sections.items()}
    assert stored == {
        (4, "mitchell"): "relay_mitchell",
        (5, "mitchell"): "mitchell",
        (4, "skip_mitchell"): "skip_mitchell",
        (4, "howell"): "howell",
    }
