"""Contract bridge on the players' phones: the board's vulnerability, the contract tapped in, the score
by Law 77 with its lines, a double tap saved once, corrections and confirmations as for every game."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.urls import reverse

from tests.tournament.contract_night import make_contract_event
from tests.tournament.factories import make_member
from tournament.models import AuditEntry, Event, Result, Seating
from tournament.services.events import set_status

pytestmark = pytest.mark.django_db


def running_night(**kwargs: Any) -> Event:
    event = make_contract_event(**kwargs)
    set_status(event=event, user=make_member(event.club), status=Event.Status.RUNNING)
    return event


def seating_of(event: Event, table: int = 1, round: int = 1) -> Seating:
    return Seating.objects.select_related("table", "ns", "ew", "section__event").get(
        section__event=event, table__number=table, round=round
    )


def tapped(seating: Seating, board: int, **overrides: Any) -> dict[str, Any]:
    """What a phone posts: 4♥ by North, 10 tricks, unless told otherwise."""
    data: dict[str, Any] = {
        "request_key": str(uuid.uuid4()),
        "round": seating.round,
        "board": board,
        "ns": seating.ns.label,
        "ew": seating.ew.label,
        "level": 4,
        "strain": "H",
        "doubling": "",
        "declarer": "N",
        "tricks": 10,
    }
    data.update(overrides)
    return data


def enter(client: Any, seating: Seating, board: int, **overrides: Any) -> Any:
    return client.post(
        reverse("table_enter", args=[seating.table.secret]), tapped(seating, board, **overrides)
    )


def test_the_board_page_shows_the_vulnerability_and_asks_no_honours(client):
    seating = seating_of(running_night())
    board = seating.board_numbers[0]
    page = client.get(reverse("table_board", args=[seating.table.secret, 1, board]))
    html = page.content.decode()
    assert page.status_code == 200
    assert 'id="vulnerability"' in html
    assert {1: "Vul: None", 2: "Vul: N-S", 3: "Vul: E-W", 4: "Vul: Both"}[board] in html
    assert "honours_n" not in html and "Dealer's one spade" not in html and "revoke" not in html.lower()
    assert "Passed out" in html


def test_four_hearts_made_vulnerable_scores_620_and_shows_the_lines(client):
    seating = seating_of(running_night())
    board = next(n for n in seating.board_numbers if n in (2, 4))  # N-S vulnerable on boards 2 and 4
    response = enter(client, seating, board)
    assert response.status_code == 302
    result = Result.objects.get(seating=seating, board__number=board)
    assert (result.level, result.strain, result.declarer, result.tricks) == (4, "H", "N", 10)
    assert (result.honours_n, result.dealers_one_spade, result.revokes) == (0, False, [])
    page = client.get(response["Location"]).content.decode()
    assert "NS +620" in page
    assert "Game premium, vulnerable: 500 (Law 77)." in page
    assert "4HX" not in page and "Vul: " in page


def test_a_passed_out_board_is_recorded_and_scores_nothing(client):
    seating = seating_of(running_night())
    board = seating.board_numbers[0]
    response = enter(client, seating, board, passed_out="on", level="", strain="", declarer="", tricks="")
    assert response.status_code == 302
    result = Result.objects.get(seating=seating, board__number=board)
    assert result.passed_out and result.level is None
    assert (
        "Passed out: no score to either side (Law 77)." in client.get(response["Location"]).content.decode()
    )


@pytest.mark.parametrize(
    ("overrides", "field", "words"),
    [
        ({"level": 8}, "level", "Eight is more than the seven odd tricks a bid may name (Law 18A)."),
        ({"tricks": 14}, "tricks", "thirteen"),
        ({"strain": "R"}, "strain", "Tap ♣ ♦ ♥ ♠ or NT"),
        ({"strain": "H" * 10_000}, "strain", "Tap ♣ ♦ ♥ ♠ or NT: the denomination of the final contract."),
        ({"doubling": "XXX"}, "doubling", "Tap —, X or XX"),
        ({"declarer": "Q"}, "declarer", "Tap N, E, S or W"),
        ({"declarer": ""}, "declarer", "Tap the declarer"),
        ({"tricks": "²"}, "tricks", "Pick a number from the buttons"),
    ],
)
def test_nonsense_is_refused_on_its_field_with_a_sentence(client, overrides, field, words):
    seating = seating_of(running_night())
    response = enter(client, seating, seating.board_numbers[0], **overrides)
    assert response.status_code == 200
    assert words in " ".join(response.context["form"].errors[field])
    assert not Result.objects.exists()


def test_a_double_tap_saves_the_board_once(client):
    seating = seating_of(running_night())
    data = tapped(seating, seating.board_numbers[0])
    url = reverse("table_enter", args=[seating.table.secret])
    first, second = client.post(url, data), client.post(url, data)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert Result.objects.count() == 1
    assert AuditEntry.objects.filter(action=AuditEntry.Action.CREATE).count() == 1


def test_the_table_corrects_its_entry_and_the_opponents_confirm(client):
    seating = seating_of(running_night())
    board = seating.board_numbers[0]
    enter(client, seating, board)
    result = Result.objects.get()
    edit = reverse("table_edit", args=[seating.table.secret, result.pk])
    assert "Vul: " in client.get(edit).content.decode()
    data = {"level": 3, "strain": "NT", "doubling": "", "declarer": "S", "tricks": 8, "reason": "was 3NT"}
    assert client.post(edit, data).status_code == 302
    result.refresh_from_db()
    assert (result.level, result.strain, result.declarer, result.tricks) == (3, "NT", "S", 8)
    audit = AuditEntry.objects.get(action=AuditEntry.Action.UPDATE)
    assert audit.before["contract"] == "4H" and audit.after["contract"] == "3NT"
    assert client.post(reverse("table_confirm", args=[seating.table.secret, result.pk])).status_code == 302
    result.refresh_from_db()
    assert result.status == Result.Status.CONFIRMED


@pytest.mark.parametrize("pairs", [6, 12], ids=["3-tables", "6-tables"])
def test_the_phone_pages_run_a_fixed_number_of_queries(client, django_assert_num_queries, pairs):
    event = running_night(pairs=pairs)
    for table in range(1, pairs // 2 + 1):
        seating = seating_of(event, table=table)
        for board in seating.board_numbers:
            assert enter(client, seating, board).status_code == 302
    seating = seating_of(event, table=2)
    result = Result.objects.filter(seating=seating).first()
    # 1 the table by its secret, with its section, event and club; 2 its seatings with pairs and
    # players; 3 its results with their boards (and, on a result's page: 4 the result with its
    # board, seating and pairs, 5 its rulings)
    with django_assert_num_queries(3):
        assert client.get(reverse("table_home", args=[seating.table.secret])).status_code == 200
    with django_assert_num_queries(5):
        assert client.get(reverse("table_result", args=[seating.table.secret, result.pk])).status_code == 200


def test_a_second_phone_entering_the_same_board_is_shown_what_was_recorded(client):
    seating = seating_of(running_night())
    board = seating.board_numbers[0]
    enter(client, seating, board)
    same = enter(client, seating, board)
    assert same.status_code == 302 and "already recorded just so" in str(list(same.wsgi_request._messages))
    other = enter(client, seating, board, level=3, strain="NT", declarer="S", tricks=8)
    assert other.status_code == 200 and 'id="entered-before"' in other.content.decode()
    assert Result.objects.count() == 1


def test_a_phone_that_loses_the_race_for_a_board_is_shown_what_the_other_recorded(client, monkeypatch):
    from tournament.views import table as table_views

    seating = seating_of(running_night())
    board = seating.board_numbers[0]
    # Both phones opened their page before either saved: the loser's request read the table's night
    # with the board still to enter, and the winner's result was saved before the loser's was.
    before = table_views.table_night(seating.table.secret)
    enter(client, seating, board)
    monkeypatch.setattr(table_views, "table_night", lambda secret: before)
    other = enter(client, seating, board, level=3, strain="NT", declarer="S", tricks=8)
    page = other.content.decode()
    assert other.status_code == 200 and 'id="entered-before"' in page
    assert "Ask the director" not in page
    assert Result.objects.count() == 1
    assert Result.objects.get().level == 4  # the first stands until the table corrects it


@pytest.mark.parametrize("round", ["x", "", "0"])
def test_a_tampered_round_is_refused_with_one_sentence(client, round):
    seating = seating_of(running_night())
    response = enter(client, seating, seating.board_numbers[0], round=round)
    page = response.content.decode()
    assert response.status_code == 200 and "round None" not in page and "round 0." not in page
    assert "Which round? Go back to the table&#x27;s page and tap the board again." in page
    assert Result.objects.count() == 0


def test_a_contract_page_names_the_laws_of_duplicate_bridge_it_is_scored_by(client):
    seating = seating_of(running_night())
    page = client.get(reverse("table_home", args=[seating.table.secret])).content.decode()
    assert "Laws of Duplicate Bridge (2017)" in page
    assert "Duplicate Auction &amp; Whist</title>" not in page


def test_the_table_is_told_the_laws_of_duplicate_bridge_not_fosters_when_a_round_is_agreed(client):
    seating = seating_of(running_night())
    for board in seating.board_numbers:
        enter(client, seating, board)
    home = client.get(reverse("table_home", args=[seating.table.secret])).content.decode()
    assert "the opponents confirm each board (Law 79A)" in home
    for result in Result.objects.filter(seating=seating):
        client.post(reverse("table_confirm", args=[seating.table.secret, result.pk]))
    home = client.get(reverse("table_home", args=[seating.table.secret])).content.decode()
    assert "both pairs agree the scores (Law 79C)" in home
    agreed = client.post(reverse("table_agree", args=[seating.table.secret, seating.round]), follow=True)
    assert "Only the director may now change its scores (Law 79C)." in agreed.content.decode()
    result = Result.objects.filter(seating=seating).first()
    page = client.get(reverse("table_result", args=[seating.table.secret, result.pk])).content.decode()
    assert "corrected by the director only (Law 79C)" in page
    for words in ("Law D", "Law E", "honour"):
        assert words not in home + page
