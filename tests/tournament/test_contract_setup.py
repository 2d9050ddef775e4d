"""Setting up a contract bridge night: the game and its scoring method, and the nonsense refused."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tests.tournament.contract_night import make_contract_event
from tests.tournament.director_cast import Cast, make_cast
from tests.tournament.factories import make_club, make_member
from tournament.models import AuditEntry, Event
from tournament.services.events import create_event
from tournament.services.plans import Plan, SetupRefused

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast() -> Cast:
    return make_cast()


def plan(**changes: Any) -> dict[str, Any]:
    data = {"name": "Thursday bridge", "date": "2025-03-06", "game": "contract", "form": "pairs", "pairs": 8}
    data |= {
        "boards_per_round": 2,
        "movement": "relay_mitchell",
        "method": "matchpoints",
        "scale": "european",
    }
    data |= {"neuberg": "on", "datum_rounding": "nearest10", "cross_imps": "sum"}
    data |= {"average_plus": 60, "average": 50, "average_minus": 40}
    return data | changes


def create(cast: Cast, **changes: Any) -> Any:
    return cast.clients["director"].post(reverse("event_create", args=[cast.club.slug]), plan(**changes))


def test_the_wizard_offers_contract_bridge_and_its_methods(cast: Cast) -> None:
    page = cast.clients["director"].get(reverse("event_create", args=[cast.club.slug])).content.decode()
    assert "Duplicate Contract Bridge" in page
    for label in (
        "Matchpoints (pairs)",
        "Butler: IMPs against a datum",
        "Cross-IMPs (pairs)",
    ):  # short, to fit a phone
        assert label in page
    assert "Board-a-match (teams)" in page and "WBF continuous 20-VP scale" in page


def test_a_director_sets_up_a_butler_pairs_night(cast: Cast) -> None:
    response = create(cast, method="butler", datum_drop=1, datum_rounding="even5")
    assert response.status_code == 302
    event = Event.objects.get(name="Thursday bridge")
    assert (event.game, event.method, event.datum_drop, event.datum_rounding) == (
        "contract",
        "butler",
        1,
        "even5",
    )
    assert event.is_contract and event.uses_imps


def test_a_team_match_by_imps_with_victory_points(cast: Cast) -> None:
    response = create(
        cast, form="teams", movement="teams", pairs=2, boards=8, method="team_imps", victory_points="wbf"
    )
    assert response.status_code == 302
    event = Event.objects.get(name="Thursday bridge")
    assert (event.form, event.method, event.victory_points) == ("teams", "team_imps", "wbf")


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        (
            {"form": "teams", "movement": "teams", "pairs": 2, "method": "butler"},
            "method",
            "scores a pair contest",
        ),
        ({"method": "team_imps"}, "method", "scores a team match"),
        ({"victory_points": "wbf"}, "victory_points", "pairs have none"),
        (
            {"average_plus": 40, "average_minus": 60},
            "average_plus",
            "Average minus (60 %) is at most average",
        ),
        ({"average_plus": 101}, "average_plus", "At most 100"),
        ({"form": "teams", "movement": "teams", "pairs": 3, "method": "team_imps"}, "pairs", "teams of four"),
        ({"method": "rubber"}, "method", "Select a valid choice"),
        ({"datum_drop": "²"}, "datum_drop", "Write a whole number."),
    ],
)
def test_nonsense_is_refused_on_its_field(
    cast: Cast, changes: dict[str, Any], field: str, words: str
) -> None:
    response = create(cast, **changes)
    assert response.status_code == 200
    assert words in " ".join(response.context["form"].errors[field])
    assert not Event.objects.filter(name="Thursday bridge").exists()


def test_the_service_refuses_what_the_form_refuses() -> None:
    club = make_club()
    with pytest.raises(SetupRefused, match="scores a pair contest"):
        create_event(
            club=club,
            user=make_member(club),
            name="Bad",
            plan=Plan(game="contract", form="teams", movement="teams", pairs=2, boards_per_round=2, boards=8),
            method="butler",
        )


def test_an_auction_night_is_set_up_as_before(cast: Cast) -> None:
    data = plan(game="auction", slams="american", royals_distinct="on")
    for name in (
        "method",
        "scale",
        "neuberg",
        "datum_rounding",
        "cross_imps",
        "average_plus",
        "average",
        "average_minus",
    ):
        data.pop(name)
    response = cast.clients["director"].post(reverse("event_create", args=[cast.club.slug]), data)
    assert response.status_code == 302
    assert Event.objects.get(name="Thursday bridge").game == "auction"


def test_the_details_page_changes_the_method_and_audits_it() -> None:
    event = make_contract_event(method=Event.Method.MATCHPOINTS)
    director = event.club.memberships.get().user
    from django.test import Client

    client = Client()
    client.force_login(director)
    url = reverse("event_edit", args=[event.club.slug, event.pk])
    page = client.get(url).content.decode()
    assert "Matchpoint scale" in page and "Slams" not in page
    data = {
        "name": event.name,
        "date": f"{event.date:%Y-%m-%d}",
        "method": "cross_imps",
        "cross_imps": "average",
    }
    data |= {
        "scale": "acbl",
        "neuberg": "on",
        "datum_rounding": "nearest10",
        "average_plus": 60,
        "average": 50,
    }
    data |= {"average_minus": 40}
    assert client.post(url, data).status_code == 302
    event.refresh_from_db()
    assert (event.method, event.cross_imps, event.scale) == ("cross_imps", "average", "acbl")
    entry = AuditEntry.objects.filter(event=event, subject="Event details").latest("id")
    assert entry.before["method"] == "matchpoints" and entry.after["method"] == "cross_imps"
    data["method"] = "team_imps"
    response = client.post(url, data)
    assert response.status_code == 200 and "scores a team match" in response.content.decode()


# A short Mitchell with a sit-out: 13 pairs (7 tables), 4 boards a round, 6 of the 7 rounds.
SHORT_MITCHELL = {"pairs": 13, "boards_per_round": 4, "rounds": 6, "movement": "mitchell"}
NEUBERG_NOTE = (
    "Neuberg: boards 21-24 are played 6 times; boards 1-20, 25-28 only 5 times. The matchpoints of a board "
    "played fewer times are factored up to the top of 10 of a board played 6 times (Law 78A)"
)


def test_a_short_mitchell_scored_with_neuberg_is_previewed_with_what_the_factoring_does(cast: Cast) -> None:
    response = create(cast, preview="1", **SHORT_MITCHELL)
    page = response.content.decode()
    assert response.status_code == 200
    assert "The movement passes every check." in page
    assert NEUBERG_NOTE in page


def test_a_short_mitchell_scored_with_neuberg_is_set_up(cast: Cast) -> None:
    response = create(cast, **SHORT_MITCHELL)
    assert response.status_code == 302
    section = Event.objects.get(name="Thursday bridge").sections.get()
    # Six tables play: the seventh station is the phantom's seat, no table (its boards rest there).
    assert (section.tables, section.rounds, section.boards.count()) == (6, 6, 28)


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        (
            {"neuberg": ""},
            "Neuberg is off for this night, so a board played fewer times would have a smaller top "
            "(Law 78A): turn Neuberg on, and those boards are factored up to the full top; or play the full "
            "movement (leave Rounds empty), so that every board is played as often.",
        ),
        (
            {"method": "butler"},
            "Scored by IMPs against a datum (Butler pairs), a board played fewer times is not factored: "
            "score the night by matchpoints with Neuberg (Law 78A), or play the full movement",
        ),
    ],
    ids=["neuberg off", "butler"],
)
def test_a_short_mitchell_that_cannot_be_factored_is_refused_with_why(
    cast: Cast, changes: dict[str, str], why: str
) -> None:
    data = plan(**SHORT_MITCHELL) | changes
    response = cast.clients["director"].post(reverse("event_create", args=[cast.club.slug]), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "The boards are played unequally" in page and why in page
    assert not Event.objects.filter(name="Thursday bridge").exists()


def test_a_short_auction_mitchell_with_a_sit_out_is_refused_with_why() -> None:
    club = make_club()
    plan_ = Plan(game="auction", form="pairs", movement="mitchell", pairs=13, boards_per_round=4, rounds=6)
    with pytest.raises(SetupRefused) as refused:
        create_event(club=club, user=make_member(club), name="Short", plan=plan_, slams="american")
    assert (
        "Duplicate Auction compares each pair only with those who played the same hands (Law H) and has no "
        "factoring for a board played fewer times: play the full movement (leave Rounds empty)"
    ) in str(refused.value)


def test_a_short_mitchell_keeps_a_method_that_factors_its_boards(cast: Cast) -> None:
    assert create(cast, **SHORT_MITCHELL).status_code == 302
    event = Event.objects.get(name="Thursday bridge")
    url = reverse("event_edit", args=[cast.club.slug, event.pk])
    data = plan(name="Thursday bridge renamed", neuberg="")
    response = cast.clients["director"].post(url, data)
    page = response.content.decode()
    assert response.status_code == 200
    assert (
        "The movement plays its boards unequally often (boards 1-20, 25-28: 5 times; boards 21-24: 6 times): "
        "only matchpoints with Neuberg can score it"
    ) in page
    event.refresh_from_db()
    assert event.neuberg and event.name == "Thursday bridge"
    # Anything else may still change.
    assert cast.clients["director"].post(url, plan(name="Thursday bridge renamed")).status_code == 302
    event.refresh_from_db()
    assert event.name == "Thursday bridge renamed"
