"""The dealer's original one spade (Law 48) is refused the same way on every entry path.

Board 2 is dealt by East. Only East's own one spade, never overbid, is the dealer's: a one
spade played by North and ticked as the dealer's would cut a doubled set of six from 300 to
100. The traveller row, the director's correction, the preview, the phone's entry and edit,
and the calculator all refuse it, with the error on the one-spade field.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.director_cast import Cast, make_cast
from tests.tournament.factories import make_result
from tournament.models import AuditEntry, Result, Seating

pytestmark = pytest.mark.django_db

BOARD = 2  # dealt by East
WRONG = (
    "East dealt this board, so a one spade played by North is not the dealer's original one spade (Law 48)."
)


@pytest.fixture
def cast() -> Cast:
    cast = make_cast()
    cast.event.status = "running"
    cast.event.save(update_fields=["status"])
    return cast


def traveller_row(cast: Cast, seating: Seating, entry: str, **fields: Any) -> Any:
    data = {"seating": seating.pk, "request_key": str(uuid.uuid4()), "entry": entry, **fields}
    return cast.clients["scorer"].post(reverse("traveller_entry", args=[*cast.url_args(), "A", BOARD]), data)


def row_errors(response: Any, seating: Seating) -> dict[str, list[str]]:
    return next(line.form for line in response.context["lines"] if line.seating.pk == seating.pk).errors


def test_a_traveller_row_refuses_the_dealers_one_spade_from_a_player_who_did_not_deal(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    response = traveller_row(cast, seating, "1S N 7", dealers_one_spade="on")
    assert response.status_code == 200
    assert row_errors(response, seating)["dealers_one_spade"] == [WRONG]
    assert not Result.objects.exists()
    assert not AuditEntry.objects.filter(action="create").exists()


def test_a_traveller_row_keeps_the_dealers_own_one_spade(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    response = traveller_row(cast, seating, "1SX E 4", dealers_one_spade="on")
    assert response.status_code == 302
    assert Result.objects.get().dealers_one_spade


def test_a_directors_correction_refuses_the_dealers_one_spade_from_a_player_who_did_not_deal(
    cast: Cast,
) -> None:
    seating = cast.seating(1, 1)
    result = make_result(seating, BOARD, "1SX N 4", user=cast.scorer)
    data = {
        "action": "correct",
        "correct-entry": "1SX N 4",
        "correct-dealers_one_spade": "on",
        "correct-reason": "The one spade was the dealer's.",
    }
    response = cast.clients["director"].post(reverse("result_edit", args=[*cast.url_args(), result.pk]), data)
    assert response.status_code == 200
    assert response.context["correction_form"].errors["dealers_one_spade"] == [WRONG]
    assert not Result.objects.get().dealers_one_spade
    assert not AuditEntry.objects.filter(action="update").exists()


def test_the_preview_refuses_the_dealers_one_spade_from_a_player_who_did_not_deal(cast: Cast) -> None:
    url = reverse("entry_preview", args=cast.url_args())
    data = (
        cast.clients["scorer"]
        .get(url, {"board": BOARD, "entry": "1SX N 4", "dealers_one_spade": "on"})
        .json()
    )
    assert data == {"ok": False, "errors": {"dealers_one_spade": WRONG}}


def phone_entry(seating: Seating, **overrides: Any) -> dict[str, Any]:
    data = {
        "request_key": str(uuid.uuid4()),
        "round": seating.round,
        "board": BOARD,
        "ns": seating.ns.label,
        "ew": seating.ew.label,
        "level": 1,
        "strain": "S",
        "doubling": "X",
        "declarer": "N",
        "tricks": 4,
        "dealers_one_spade": "on",
    }
    return data | overrides


def test_a_phone_refuses_the_dealers_one_spade_from_a_player_who_did_not_deal(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    response = Client().post(reverse("table_enter", args=[seating.table.secret]), phone_entry(seating))
    assert response.status_code == 200
    assert response.context["form"].errors["dealers_one_spade"] == [WRONG]
    assert not Result.objects.exists()


def test_a_phones_correction_refuses_the_dealers_one_spade_from_a_player_who_did_not_deal(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    result = make_result(seating, BOARD, "1SX N 4", table=seating.table)
    data = phone_entry(seating) | {"reason": "Forgot the one spade."}
    response = Client().post(reverse("table_edit", args=[seating.table.secret, result.pk]), data)
    assert response.status_code == 200
    assert response.context["form"].errors["dealers_one_spade"] == [WRONG]
    assert not Result.objects.get().dealers_one_spade


def test_the_phone_keeps_the_dealers_own_one_spade_and_limits_the_set_to_100(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    response = Client().post(
        reverse("table_enter", args=[seating.table.secret]), phone_entry(seating, declarer="E")
    )
    assert response.status_code == 302
    page = Client().get(response.url).content.decode()
    assert Result.objects.get().dealers_one_spade
    assert re.search(r'id="net-ns">\s*100<', page)


@pytest.mark.parametrize(
    ("dealer", "declarer", "refused"),
    [("E", "N", True), ("E", "E", False), ("", "N", False)],
    ids=["not-the-dealer", "the-dealer", "dealer-unknown"],
)
def test_the_calculator_refuses_the_dealers_one_spade_only_from_a_player_who_did_not_deal(
    client: Client, dealer: str, declarer: str, refused: bool
) -> None:
    query = {
        "contract": "1SX",
        "declarer": declarer,
        "tricks": 1,
        "dealers_one_spade": "on",
        "dealer": dealer,
        "slams": "american",
    }
    response = client.get(reverse("calculator"), query)
    errors = response.context["form"].errors.get("dealers_one_spade", [])
    if refused:
        assert errors == [
            "East dealt this board, so a one spade played by North is not the dealer's original one spade "
            "(Law 48)."
        ]
        assert response.context["score"] is None
    else:
        assert errors == []
        assert response.context["score"] is not None
