"""A name is one line at every entry: an event's, a team's, a player's, a club's.

A line break typed or pasted into a name (CR, LF, U+2028, U+2029, a tab) becomes a space
wherever the name comes in, through the director's pages, the services, the player list's CSV,
a session file or a command; another control character is refused on its field. The database
holds the rule too, so a name written past every form is refused, and a PBN file written from
the night (whose tags and table rows cannot hold a line break) reads back in our own importer.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from scoring.files.pbn_session import read_pbn_session
from tests.tournament.director_cast import Cast, make_cast
from tests.tournament.factories import make_club, make_member
from tournament.interchange.files import export_session
from tournament.interchange.importing import import_session
from tournament.models import Club, Event, Pair, Player, Team
from tournament.services import changes
from tournament.services.clubs import found_club
from tournament.services.events import NamesRefused, name_pair, rename_team
from tournament.services.players import import_players, read_players

pytestmark = pytest.mark.django_db

BREAKS = ["\n", "\r\n", "\t", "\u2028", "\u2029"]
REAL = Path(__file__).resolve().parents[1] / "conformance" / "realworld"


@pytest.fixture
def cast() -> Cast:
    return make_cast()


@pytest.mark.parametrize("broken", BREAKS)
def test_an_event_named_with_a_line_break_on_the_new_night_page_is_kept_on_one_line(
    cast: Cast, broken: str
) -> None:
    data = {"name": f"Friday{broken}pairs", "date": "2025-03-07", "game": "auction", "form": "pairs"}
    data |= {
        "pairs": 8,
        "boards_per_round": 2,
        "movement": "relay_mitchell",
        "slams": "american",
        "create": "1",
    }
    response = cast.clients["director"].post(reverse("event_create", args=[cast.club.slug]), data)
    assert response.status_code == 302
    assert Event.objects.filter(name="Friday pairs").exists()


@pytest.mark.parametrize("broken", BREAKS)
def test_pairs_and_teams_named_with_a_line_break_are_kept_on_one_line(broken: str) -> None:
    cast = make_cast(form="teams", movement="teams", pairs=2, boards=8)
    team = Team.objects.get(event=cast.event, label="A")
    pair = Pair.objects.filter(section=cast.section, is_phantom=False).first()
    assert pair is not None
    data = {f"team_{t.pk}": t.name for t in Team.objects.filter(event=cast.event)}
    data |= {f"team_{team.pk}": f"The{broken}Whisters", f"pair_{pair.pk}_1": f"Ann{broken}Able"}
    data |= {f"pair_{pair.pk}_2": "Bob Baker"}
    response = cast.clients["director"].post(reverse("event_pairs", args=cast.url_args()), data)
    assert response.status_code == 302
    assert Team.objects.get(pk=team.pk).name == "The Whisters"
    assert Pair.objects.get(pk=pair.pk).names == "Ann Able & Bob Baker"


def test_a_name_holding_another_control_character_is_refused_on_its_field(cast: Cast) -> None:
    pair = cast.section.pairs.get(label="1NS")
    data = {f"pair_{pair.pk}_1": "Ann\x1b[31mAble", f"pair_{pair.pk}_2": "Bob Baker"}
    response = cast.clients["director"].post(reverse("event_pairs", args=cast.url_args()), data)
    assert response.status_code == 200
    assert "cannot contain a control character" in response.context["form"].errors[f"pair_{pair.pk}_1"][0]
    assert not Player.objects.exists()


def test_an_event_renamed_with_a_line_break_is_kept_on_one_line(cast: Cast) -> None:
    data = {
        "name": "Tuesday\r\nopen pairs",
        "date": "2025-03-04",
        "slams": "american",
        "royals_distinct": "on",
    }
    response = cast.clients["director"].post(reverse("event_edit", args=cast.url_args()), data)
    assert response.status_code == 302
    cast.event.refresh_from_db()
    assert cast.event.name == "Tuesday open pairs"


def test_every_service_keeps_a_name_on_one_line_whoever_calls_it(cast: Cast) -> None:
    changes.edit_event(event=cast.event, user=cast.director, name="Tuesday\u2028pairs", date=cast.event.date)
    pair = cast.section.pairs.get(label="1NS")
    name_pair(pair=pair, first="Ann\nAble", second="Bob\tBaker", user=cast.director)
    assert Pair.objects.get(pk=pair.pk).names == "Ann Able & Bob Baker"
    with pytest.raises(NamesRefused):
        name_pair(pair=pair, first="Ann\x00", second="Bob", user=cast.director)
    teams = make_cast(form="teams", movement="teams", pairs=2, boards=8)
    rename_team(team=teams.event.teams.get(label="A"), name="The\u2029Whisters", user=teams.director)
    founded = found_club(name="Lilies\nBridge Club", username="lily", password="a-long-password-1")
    assert Event.objects.get(pk=cast.event.pk).name == "Tuesday pairs"
    assert teams.event.teams.get(label="A").name == "The Whisters"
    assert Club.objects.get(pk=founded.club.pk).name == "Lilies Bridge Club"


def test_a_membership_sheet_with_a_line_break_inside_a_name_adds_it_on_one_line(cast: Cast) -> None:
    content = 'Name,Email\n"Zoë\nBrontë",zoe@example.org\n"Ann\x07Able",ann@example.org\n'.encode()
    plan = read_players(cast.club, content)
    assert [(line.name, line.action) for line in plan.lines] == [
        ("Zoë Brontë", "add"),
        ("Ann\x07Able", "refuse"),
    ]
    import_players(club=cast.club, user=cast.director, content=content, digest=plan.digest)
    assert list(Player.objects.filter(club=cast.club).values_list("name", flat=True)) == ["Zoë Brontë"]


def test_an_imported_session_whose_names_break_lines_is_kept_on_one_line_and_exports_to_pbn() -> None:
    club = make_club()
    content = (REAL / "compscore_usebio_cross_imp_howell.xml").read_bytes()
    content = content.replace(b"Monday Night (2-Feb-26)", b"Monday&#10;Night&#x2028;(2-Feb-26)")
    first = re.search(rb"<PLAYER_NAME>([^<]+)</PLAYER_NAME>", content)
    assert first is not None
    broken = first.group(1).replace(b" ", b"&#13;&#10;", 1)
    content = content.replace(first.group(0), b"<PLAYER_NAME>" + broken + b"</PLAYER_NAME>", 1)
    imported = import_session(club=club, user=make_member(club), content=content, name="monday.xml")
    assert imported.event is not None
    assert imported.event.name == "Monday Night (2-Feb-26)"
    assert Player.objects.filter(club=club, name=first.group(1).decode()).exists()
    assert not Player.objects.filter(club=club, name__regex=r"[\r\n\t]").exists()

    _, _, pbn = export_session(imported.event, "pbn")
    read = read_pbn_session(pbn)
    assert read.event.name == "Monday Night (2-Feb-26)"
    assert first.group(1).decode() in {player.name for p in read.participants for player in p.players}


@pytest.mark.parametrize("model", ["club", "event", "player", "team"])
@pytest.mark.parametrize("broken", BREAKS)
def test_the_database_refuses_a_name_written_past_every_form(cast: Cast, model: str, broken: str) -> None:
    name = f"Ann{broken}Able"
    with pytest.raises(IntegrityError), transaction.atomic():
        if model == "club":
            Club.objects.create(name=name, slug="lines")
        elif model == "event":
            Event.objects.filter(pk=cast.event.pk).update(name=name)
        elif model == "player":
            Player.objects.create(club=cast.club, name=name)
        else:
            Team.objects.create(event=cast.event, label="C", name=name)


def test_the_admin_refuses_a_name_with_a_line_break_in_a_sentence(client: Any, admin_user: Any) -> None:
    club = make_club()
    client.force_login(admin_user)
    data = {"club": club.pk, "name": "Ann\nAble", "number": "", "email": ""}
    response = client.post(reverse("admin:tournament_player_add"), data)
    assert response.status_code == 200
    assert "A name is one line: write it without line breaks or tabs." in response.content.decode()
    assert not Player.objects.exists()
