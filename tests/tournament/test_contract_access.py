"""Every write of a contract bridge night is authorised and scoped: the club's scorer may enter and
correct, not rule or change the scoring; another club's director, a table's phone and a visitor
change nothing; a phone reaches its own table's results only."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.urls import reverse

from tests.tournament.contract_night import make_contract_result
from tests.tournament.director_cast import Cast, assert_refused, fingerprint, make_cast
from tournament.models import Event, Result, Seating
from tournament.services.events import set_status

pytestmark = pytest.mark.django_db

OUTSIDERS = ["other_director", "table_device", "anonymous"]


@pytest.fixture
def cast() -> Cast:
    cast = make_cast(game=Event.Game.CONTRACT, method=Event.Method.BUTLER)
    cast.result = make_contract_result(cast.seating(1, 1), 1, "4H N =", user=cast.director)
    return cast


def _ruling(cast: Cast) -> tuple[str, dict[str, Any]]:
    url = reverse("ruling_add", args=[*cast.url_args(), cast.result.pk])
    data = {
        "ruling-kind": "artificial",
        "ruling-ns_average": "A+",
        "ruling-ew_average": "A-",
        "ruling-reason": "x",
    }
    return url, data


def _settings(cast: Cast) -> tuple[str, dict[str, Any]]:
    url = reverse("event_edit", args=cast.url_args())
    data = {"name": "Renamed", "date": "2025-01-01", "method": "cross_imps", "datum_rounding": "nearest10"}
    return url, data | {
        "cross_imps": "sum",
        "scale": "european",
        "average_plus": 60,
        "average": 50,
        "average_minus": 40,
    }


def _row(cast: Cast) -> tuple[str, dict[str, Any]]:
    seating = cast.seating(1, 2)
    url = reverse("traveller_entry", args=[*cast.url_args(), "A", seating.board_numbers[0]])
    return url, {"seating": seating.pk, "request_key": str(uuid.uuid4()), "entry": "3NT S -1"}


def _correction(cast: Cast) -> tuple[str, dict[str, Any]]:
    url = reverse("result_edit", args=[*cast.url_args(), cast.result.pk])
    return url, {"action": "correct", "correct-entry": "4H N -1", "correct-reason": "x"}


@pytest.mark.parametrize("actor", ["scorer", *OUTSIDERS])
@pytest.mark.parametrize("write", [_ruling, _settings])
def test_only_the_director_rules_and_changes_the_scoring(cast: Cast, actor: str, write: Any) -> None:
    before = fingerprint(cast.event)
    url, data = write(cast)
    assert_refused(cast.clients[actor].post(url, data), actor)
    assert fingerprint(cast.event) == before
    assert Event.objects.get(pk=cast.event.pk).method == Event.Method.BUTLER


@pytest.mark.parametrize("actor", OUTSIDERS)
@pytest.mark.parametrize("write", [_row, _correction])
def test_outsiders_enter_and_correct_nothing(cast: Cast, actor: str, write: Any) -> None:
    before = fingerprint(cast.event)
    url, data = write(cast)
    assert_refused(cast.clients[actor].post(url, data), actor)
    assert fingerprint(cast.event) == before


def test_the_scorer_enters_a_row_and_the_director_rules(cast: Cast) -> None:
    url, data = _row(cast)
    assert cast.clients["scorer"].post(url, data).status_code == 302
    url, data = _ruling(cast)
    assert cast.clients["director"].post(url, data).status_code == 302


def test_another_clubs_director_cannot_preview_a_score(cast: Cast) -> None:
    url = reverse("entry_preview", args=cast.url_args())
    response = cast.clients["other_director"].get(url, {"board": 1, "section": "A", "entry": "4H N ="})
    assert response.status_code == 404


def test_a_phone_reaches_only_its_own_tables_results(cast: Cast) -> None:
    set_status(event=cast.event, user=cast.director, status=Event.Status.RUNNING)
    mine = cast.seating(1, 1)
    other = Seating.objects.select_related("table").get(section=cast.section, round=1, table__number=2)
    result = make_contract_result(other, other.board_numbers[0], "3NT S =")
    client = cast.clients["table_device"]
    for name in ("table_result", "table_edit"):
        assert client.get(reverse(name, args=[mine.table.secret, result.pk])).status_code == 404
    response = client.post(reverse("table_confirm", args=[mine.table.secret, result.pk]))
    assert response.status_code == 404
    assert Result.objects.get(pk=result.pk).status == Result.Status.ENTERED
