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


def _undo(cast: Cast) -> tuple[str, dict[str, Any]]:
    from tournament.services.rulings import add_ruling

    ruling = add_ruling(
        result=cast.result, user=cast.director, kind="assigned", assigned="4S N =", law="", reason="x"
    )
    return reverse("ruling_undo", args=[*cast.url_args(), ruling.pk]), {"undo-reason": "x"}


def _delete(cast: Cast) -> tuple[str, dict[str, Any]]:
    url = reverse("result_edit", args=[*cast.url_args(), cast.result.pk])
    return url, {"action": "delete", "delete-reason": "x"}


def _dispute(cast: Cast) -> tuple[str, dict[str, Any]]:
    url = reverse("result_edit", args=[*cast.url_args(), cast.result.pk])
    return url, {"action": "dispute", "status-reason": "x"}


def _status(cast: Cast) -> tuple[str, dict[str, Any]]:
    return reverse("event_status", args=cast.url_args()), {"action": "publish"}


def _irregular(cast: Cast) -> tuple[str, dict[str, Any]]:
    url = reverse("ruling_irregular", args=[*cast.url_args(), "A", 1])
    data = {"seating": cast.result.seating_id, "discovered": "after_overplay_began", "short_side": "NS"}
    return url, data | {"surplus_with": "adversary"}


@pytest.mark.parametrize("actor", ["scorer", *OUTSIDERS])
@pytest.mark.parametrize("write", [_undo, _delete, _dispute, _status])
def test_only_the_director_undoes_deletes_settles_and_publishes(cast: Cast, actor: str, write: Any) -> None:
    url, data = write(cast)
    before = fingerprint(cast.event)
    assert_refused(cast.clients[actor].post(url, data), actor)
    assert fingerprint(cast.event) == before


@pytest.mark.parametrize("actor", OUTSIDERS)
def test_outsiders_reach_no_law_b_page(cast: Cast, actor: str) -> None:
    url, data = _irregular(cast)
    before = fingerprint(cast.event)
    assert_refused(cast.clients[actor].post(url, data), actor)
    assert_refused(cast.clients[actor].get(url), actor)
    assert fingerprint(cast.event) == before


@pytest.mark.parametrize("actor", OUTSIDERS)
def test_outsiders_agree_no_round(cast: Cast, actor: str) -> None:
    url = reverse("round_agree", args=[*cast.url_args(), cast.result.seating_id])
    before = fingerprint(cast.event)
    assert_refused(cast.clients[actor].post(url, {}), actor)
    assert fingerprint(cast.event) == before


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
