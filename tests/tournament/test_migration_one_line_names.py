"""The data migration that puts the names kept before on one line, so that the constraints hold."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

NAME = "session_import_keys_and_one_line_names"


def test_names_kept_with_line_breaks_are_put_on_one_line_and_a_clash_keeps_its_number() -> None:
    executor = MigrationExecutor(connection)
    (target,) = [
        key for key in executor.loader.graph.nodes if key[0] == "tournament" and key[1].endswith(NAME)
    ]
    (before,) = [
        node for node in executor.loader.graph.node_map[target].parents if node.key[0] == "tournament"
    ]
    executor.migrate([before.key])
    apps = executor.loader.project_state([before.key]).apps
    Club, Event, Player, Team = (
        apps.get_model("tournament", name) for name in ("Club", "Event", "Player", "Team")
    )
    club = Club.objects.create(name="Old\r\nclub", slug="old-club")
    event = Event.objects.create(club=club, name="Tuesday\u2028pairs")
    team = Team.objects.create(event=event, label="A", name="The\tWhisters")
    Player.objects.create(club=club, name="Ann Able")
    clash = Player.objects.create(club=club, name="Ann\nAble")
    plain = Player.objects.create(club=club, name="Bob\u2029Baker")

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    from tournament.models import Club as NowClub
    from tournament.models import Event as NowEvent
    from tournament.models import Player as NowPlayer
    from tournament.models import Team as NowTeam

    assert NowClub.objects.get(pk=club.pk).name == "Old club"
    assert NowEvent.objects.get(pk=event.pk).name == "Tuesday pairs"
    assert NowTeam.objects.get(pk=team.pk).name == "The Whisters"
    assert NowPlayer.objects.get(pk=plain.pk).name == "Bob Baker"
    assert NowPlayer.objects.get(pk=clash.pk).name == f"Ann Able ({clash.pk})"
