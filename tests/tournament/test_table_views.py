"""The table's own pages on a player's phone: enter, confirm, correct, agree; the PIN page.

The cast here is a player's table device (the table secret, no login). Permission and
scoping tests for the other members of the cast are in test_table_security.py.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.urls import reverse

from tests.tournament.factories import make_club, make_event, make_member, rule_the_missing_not_played
from tournament.models import AuditEntry, Event, Result, Seating, Table
from tournament.services.events import dealer_of, set_status

pytestmark = pytest.mark.django_db


# Helpers shared with test_table_security.py --------------------------------------------------


def running_event(pairs: int = 6, status: str = Event.Status.RUNNING, **kwargs: Any) -> Event:
    """A Mitchell pairs night (pairs / 2 tables, 2 boards a round), started by its director."""
    club = make_club()
    director = make_member(club)
    event = make_event(club, director, pairs=pairs, **kwargs)
    if status != Event.Status.SETUP:
        set_status(event=event, user=director, status=status)
    return event


def seating_of(event: Event, table: int = 1, round: int = 1) -> Seating:
    return Seating.objects.select_related("table", "ns", "ew", "section__event").get(
        section__event=event, table__number=table, round=round
    )


def url(name: str, seating: Seating, *args: Any) -> str:
    return reverse(name, args=[seating.table.secret, *args])


def auction(seating: Seating, board: int | None = None, **overrides: Any) -> dict[str, Any]:
    """What a phone posts for a Duplicate Auction result: 4H by North, 10 tricks, by default."""
    data: dict[str, Any] = {
        "request_key": str(uuid.uuid4()),
        "round": seating.round,
        "board": seating.board_numbers[0] if board is None else board,
        "ns": seating.ns.label,
        "ew": seating.ew.label,
        "level": 4,
        "strain": "H",
        "doubling": "",
        "declarer": "N",
        "tricks": 10,
        "honours_n": 2,
        "honours_e": 0,
        "honours_s": 1,
        "honours_w": 0,
        "revoke1_by": "",
        "revoke1_penalty": "points",
        "revoke2_by": "",
        "revoke2_penalty": "points",
    }
    data.update(overrides)
    return data


def enter(client: Any, seating: Seating, board: int | None = None, **overrides: Any) -> Any:
    return client.post(url("table_enter", seating), auction(seating, board, **overrides))


def enter_round(client: Any, seating: Seating) -> list[Result]:
    for number in seating.board_numbers:
        assert enter(client, seating, number).status_code == 302
    return list(Result.objects.filter(seating=seating))


def confirm_round(client: Any, seating: Seating) -> None:
    """The opponents confirm every board the table entered in the round."""
    for result in Result.objects.filter(seating=seating):
        assert client.post(url("table_confirm", seating, result.pk)).status_code == 302


def text(response: Any) -> str:
    return response.content.decode()


def errors(response: Any, field: str | None = None) -> str:
    """The form's errors on ``field`` (or all of them), as plain sentences."""
    form = response.context["form"]
    found = form.errors.get(field, []) if field else [e for errs in form.errors.values() for e in errs]
    return " ".join(found)


# The table page --------------------------------------------------------------------------


def test_the_table_page_shows_the_round_the_pairs_and_the_boards_to_enter(client):
    event = running_event()
    seating = seating_of(event, table=2)
    response = client.get(url("table_home", seating))
    page = text(response)
    assert response.status_code == 200
    assert "Table 2 · round 1" in page
    assert f"Pair {seating.ns.label}" in page and f"Pair {seating.ew.label}" in page
    for number in seating.board_numbers:
        assert url("table_board", seating, 1, number) in page


def test_the_current_round_is_the_lowest_one_not_agreed(client):
    event = running_event()
    first = seating_of(event, table=1, round=1)
    enter_round(client, first)
    confirm_round(client, first)
    client.post(url("table_agree", first, 1))
    second = seating_of(event, table=1, round=2)
    page = text(client.get(url("table_home", first)))
    assert "Table 1 · round 2" in page
    assert f"Pair {second.ew.label}" in page
    assert url("table_board", second, 2, second.board_numbers[0]) in page


def test_a_later_round_opens_only_once_the_current_one_is_fully_entered(client):
    event = running_event()
    first, second = seating_of(event, round=1), seating_of(event, round=2)
    response = enter(client, second, second.board_numbers[0])
    assert response.status_code == 200
    assert "Round 2 is not open yet" in text(response)
    enter_round(client, first)
    assert enter(client, second, second.board_numbers[0]).status_code == 302


# Entering a result ------------------------------------------------------------------------


def test_a_players_table_device_enters_a_result(client):
    event = running_event()
    seating = seating_of(event)
    response = enter(client, seating)
    result = Result.objects.get()
    assert response.status_code == 302
    assert response["Location"] == url("table_result", seating, result.pk)
    assert (result.level, result.strain, result.declarer, result.tricks) == (4, "H", "N", 10)
    assert result.status == Result.Status.ENTERED
    entry = AuditEntry.objects.get(action=AuditEntry.Action.CREATE)
    assert entry.table == seating.table and entry.user is None
    page = text(client.get(response["Location"]))
    assert "4 odd tricks in hearts: 4 × 8 = 32" in page
    assert "E-W, please check and confirm" in page


def test_a_double_submit_saves_one_result_and_says_already_saved(client):
    seating = seating_of(running_event())
    data = auction(seating)
    first = client.post(url("table_enter", seating), data)
    second = client.post(url("table_enter", seating), data, follow=True)
    assert first.status_code == 302
    assert Result.objects.count() == 1
    assert AuditEntry.objects.filter(action=AuditEntry.Action.CREATE).count() == 1
    assert "Already saved" in text(second)


def test_a_different_result_for_a_board_already_entered_keeps_the_first_and_offers_a_correction(client):
    seating = seating_of(running_event())
    enter(client, seating, tricks=10)
    response = enter(client, seating, tricks=8)
    assert response.status_code == 200
    assert "Another phone at this table entered board" in text(response)
    assert 'id="correct-it"' in text(response)
    assert Result.objects.get().tricks == 10


def test_a_board_played_at_another_table_is_refused(client):
    event = running_event()
    seating, other = seating_of(event, table=1), seating_of(event, table=2)
    board = other.board_numbers[0]
    assert board not in seating.board_numbers
    response = enter(client, seating, board)
    assert response.status_code == 200
    assert f"Board {board} is not played at table 1 in round 1" in text(response)
    assert not Result.objects.exists()


def test_a_pair_not_at_the_table_is_refused(client):
    event = running_event()
    seating, other = seating_of(event, table=1), seating_of(event, table=2)
    response = enter(client, seating, ew=other.ew.label)
    assert response.status_code == 200
    assert f"Pair {other.ew.label} is not at table 1 in round 1" in text(response)
    assert not Result.objects.exists()


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("tricks", 14, "14 tricks is impossible: a deal has thirteen tricks."),
        ("honours_n", 6, "North cannot hold 6 honours"),
        ("level", 8, "Eight is more than the seven odd tricks a declaration may name (Law 50)."),
    ],
    ids=["14-tricks", "6-honours", "level-8"],
)
def test_bad_input_is_shown_on_its_field_and_nothing_is_saved(client, field, value, message):
    seating = seating_of(running_event())
    data = auction(seating, **{field: value})
    response = client.post(url("table_enter", seating), data)
    form = response.context["form"]
    assert response.status_code == 200
    assert message in errors(response, field)
    assert f'id="{field}_errors"' in text(response) or f'id="id_{field}_errors"' in text(response)
    assert not Result.objects.exists()
    assert form["request_key"].value() == data["request_key"]  # what was typed is kept


def test_what_the_player_tapped_is_kept_when_the_form_is_refused(client):
    seating = seating_of(running_event())
    response = client.post(url("table_enter", seating), auction(seating, tricks=14, declarer="W", strain="D"))
    page = text(response)
    assert 'value="W" id="id_declarer_3" checked' in page
    assert 'value="D" id="id_strain_2" checked' in page


def test_more_than_four_honours_at_no_trump_are_refused(client):
    seating = seating_of(running_event())
    response = enter(client, seating, strain="NT", level=3, honours_n=3, honours_s=2)
    assert response.status_code == 200
    assert "only the four aces at no trump" in errors(response, "honours_w")
    assert not Result.objects.exists()


def test_the_dealers_one_spade_is_refused_when_another_seat_declared(client):
    seating = seating_of(running_event())
    board = seating.board_numbers[0]
    other = "E" if dealer_of(board) != "E" else "S"
    response = enter(
        client, seating, board, level=1, strain="S", declarer=other, tricks=5, dealers_one_spade="on"
    )
    assert response.status_code == 200
    assert "is not the dealer's original one spade (Law 48)" in errors(response)
    assert not Result.objects.exists()


def test_the_dealers_one_spade_is_recorded_when_the_dealer_declared(client):
    seating = seating_of(running_event())
    board = seating.board_numbers[0]
    dealer = dealer_of(board)
    enter(
        client,
        seating,
        board,
        level=1,
        strain="S",
        declarer=dealer,
        tricks=5,
        honours_n=0,
        dealers_one_spade="on",
    )
    assert Result.objects.get().dealers_one_spade


def test_a_revoke_is_recorded_with_the_declarers_election(client):
    seating = seating_of(running_event())
    enter(client, seating, revoke1_by="E", revoke1_penalty="tricks")
    assert Result.objects.get().revokes == [{"by": "E", "penalty": "tricks"}]


def test_a_duplicate_whist_table_enters_trumps_and_the_tricks_of_north_south(client):
    event = running_event(game=Event.Game.WHIST)
    seating = seating_of(event)
    data = {
        "request_key": str(uuid.uuid4()),
        "round": 1,
        "board": seating.board_numbers[0],
        "ns": seating.ns.label,
        "ew": seating.ew.label,
        "trumps": "H",
        "tricks": 8,
    }
    response = client.post(url("table_enter", seating), data, follow=True)
    result = Result.objects.get()
    assert (result.trumps, result.tricks, result.level) == ("H", 8, None)
    assert "N-S 8 · E-W 5" in text(response)


def test_a_whist_result_of_fourteen_tricks_is_refused(client):
    seating = seating_of(running_event(game=Event.Game.WHIST))
    data = {"request_key": str(uuid.uuid4()), "round": 1, "board": seating.board_numbers[0]}
    data |= {"ns": seating.ns.label, "ew": seating.ew.label, "trumps": "S", "tricks": 14}
    response = client.post(url("table_enter", seating), data)
    assert "14 tricks is impossible" in errors(response, "tricks")
    assert not Result.objects.exists()


def test_under_the_english_rule_a_deal_may_be_passed_out(client):
    seating = seating_of(running_event(english_rule=True))
    response = enter(client, seating, passed_out="on", level="", strain="", declarer="", tricks="")
    assert response.status_code == 302
    assert Result.objects.get().passed_out


def test_under_the_english_rule_plain_spades_are_refused(client):
    seating = seating_of(running_event(english_rule=True))
    response = enter(client, seating, strain="S")
    assert "spades are always royals" in errors(response, "strain")


# Confirming, disputing, correcting ------------------------------------------------------------


def test_an_opponent_confirms_the_result(client):
    seating = seating_of(running_event())
    enter(client, seating)
    result = Result.objects.get()
    response = client.post(url("table_confirm", seating, result.pk))
    result.refresh_from_db()
    assert response.status_code == 302
    assert result.status == Result.Status.CONFIRMED
    assert AuditEntry.objects.filter(action=AuditEntry.Action.CONFIRM, table=seating.table).count() == 1


def test_an_opponent_disputes_the_result_with_a_reason(client):
    seating = seating_of(running_event())
    enter(client, seating)
    result = Result.objects.get()
    client.post(url("table_dispute", seating, result.pk), {"reason": "we won 5 tricks"})
    result.refresh_from_db()
    assert result.status == Result.Status.DISPUTED
    assert AuditEntry.objects.get(action=AuditEntry.Action.DISPUTE).reason == "we won 5 tricks"


def test_a_confirmed_result_cannot_be_disputed_at_the_table(client):
    seating = seating_of(running_event())
    enter(client, seating)
    result = Result.objects.get()
    client.post(url("table_confirm", seating, result.pk))
    response = client.post(url("table_dispute", seating, result.pk), follow=True)
    result.refresh_from_db()
    assert result.status == Result.Status.CONFIRMED
    assert "call the director (Law E)" in text(response)


def test_the_table_corrects_its_own_entry_with_a_reason(client):
    seating = seating_of(running_event())
    enter(client, seating, tricks=8)
    result = Result.objects.get()
    data = auction(seating, tricks=9, reason="typed 8 instead of 9")
    response = client.post(url("table_edit", seating, result.pk), data)
    result.refresh_from_db()
    assert response.status_code == 302
    assert result.tricks == 9
    entry = AuditEntry.objects.get(action=AuditEntry.Action.UPDATE)
    assert (entry.before["tricks"], entry.after["tricks"], entry.reason) == (8, 9, "typed 8 instead of 9")


def test_a_correction_needs_a_reason(client):
    seating = seating_of(running_event())
    enter(client, seating, tricks=8)
    result = Result.objects.get()
    response = client.post(url("table_edit", seating, result.pk), auction(seating, tricks=9, reason=""))
    assert "Say why the result is corrected" in errors(response, "reason")
    result.refresh_from_db()
    assert result.tricks == 8


def test_the_edit_page_is_filled_with_what_was_entered(client):
    seating = seating_of(running_event())
    enter(client, seating, tricks=8, declarer="S")
    result = Result.objects.get()
    page = text(client.get(url("table_edit", seating, result.pk)))
    assert 'value="8" id="id_tricks_8" checked' in page
    assert 'value="S" id="id_declarer_2" checked' in page


def test_a_result_of_an_agreed_round_cannot_be_corrected_at_the_table(client):
    seating = seating_of(running_event())
    enter_round(client, seating)
    confirm_round(client, seating)
    client.post(url("table_agree", seating, seating.round))
    result = Result.objects.filter(seating=seating).order_by("board__number").first()
    response = client.post(url("table_edit", seating, result.pk), auction(seating, tricks=9, reason="typo"))
    result.refresh_from_db()
    assert result.tricks == 10
    assert "can no longer be corrected (Law E)" in text(response)
    assert "can no longer be corrected (Law E)" in text(client.get(url("table_edit", seating, result.pk)))


def test_a_revoke_claim_after_confirmation_is_refused(client):
    seating = seating_of(running_event())
    enter(client, seating)
    result = Result.objects.get()
    client.post(url("table_confirm", seating, result.pk))
    data = auction(seating, revoke1_by="E", reason="East revoked in the fourth trick")
    response = client.post(url("table_edit", seating, result.pk), data)
    result.refresh_from_db()
    assert result.revokes == []
    assert "a revoke may no longer be claimed (Law D)" in text(response)


# Agreeing the round ---------------------------------------------------------------------------


def test_agreeing_a_round_with_a_board_missing_is_refused(client):
    seating = seating_of(running_event())
    enter(client, seating, seating.board_numbers[0])
    response = client.post(url("table_agree", seating, 1), follow=True)
    seating.refresh_from_db()
    assert seating.agreed_at is None
    assert f"missing: {seating.board_numbers[1]}" in text(response)


def test_agreeing_the_round_once_every_board_is_confirmed_records_it(client):
    seating = seating_of(running_event())
    enter_round(client, seating)
    confirm_round(client, seating)
    response = client.post(url("table_agree", seating, 1))
    seating.refresh_from_db()
    assert response.status_code == 302
    assert seating.agreed_at is not None
    assert set(Result.objects.values_list("status", flat=True)) == {Result.Status.CONFIRMED}
    assert AuditEntry.objects.filter(action=AuditEntry.Action.AGREE, table=seating.table).count() == 1


def test_agreeing_a_round_the_opponents_have_not_confirmed_is_refused_with_the_boards_to_confirm(client):
    seating = seating_of(running_event())
    first, second = enter_round(client, seating)
    client.post(url("table_confirm", seating, first.pk))
    response = client.post(url("table_agree", seating, 1), follow=True)
    seating.refresh_from_db()
    assert seating.agreed_at is None
    assert Result.objects.get(pk=second.pk).status == Result.Status.ENTERED
    page = text(response)
    assert f"still to confirm: {second.board.number}." in page
    assert 'id="agree"' not in page
    assert f'href="{url("table_result", seating, second.pk)}">Confirm board {second.board.number}</a>' in page
    assert url("table_result", seating, first.pk) + '">Confirm' not in page
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.AGREE).exists()


def test_agreeing_is_refused_while_a_board_is_disputed(client):
    seating = seating_of(running_event())
    results = enter_round(client, seating)
    client.post(url("table_dispute", seating, results[0].pk))
    response = client.post(url("table_agree", seating, 1), follow=True)
    seating.refresh_from_db()
    assert seating.agreed_at is None
    assert "must rule on the disputed boards first" in text(response)


# The event's state ---------------------------------------------------------------------------


def test_an_event_being_set_up_says_play_has_not_started(client):
    seating = seating_of(running_event(status=Event.Status.SETUP))
    page = text(client.get(url("table_home", seating)))
    assert "Play has not started yet" in page
    assert "Boards to enter" not in page
    enter(client, seating)
    assert not Result.objects.exists()


def test_a_locked_event_says_it_is_closed_and_offers_no_form(client):
    event = running_event()
    seating = seating_of(event)
    rule_the_missing_not_played(event)
    set_status(event=event, user=None, status=Event.Status.LOCKED, lock_anyway=True)
    home = text(client.get(url("table_home", seating)))
    board = client.get(url("table_board", seating, 1, seating.board_numbers[0]), follow=True)
    assert "The event is closed" in home
    assert 'id="entry"' not in text(board)
    response = enter(client, seating)
    assert response.status_code == 302
    assert not Result.objects.filter(not_played=False).exists()  # every board was ruled not played


# Query count ------------------------------------------------------------------------------------


@pytest.mark.parametrize("pairs", [6, 12], ids=["3-tables", "6-tables"])
def test_the_table_page_runs_a_fixed_number_of_queries(client, django_assert_num_queries, pairs):
    event = running_event(pairs=pairs)
    for table in range(1, pairs // 2 + 1):
        enter_round(client, seating_of(event, table=table))
    seating = seating_of(event, table=2)
    # 1 the table by its secret, with its section, event and club
    # 2 the table's seatings with both pairs and their players
    # 3 the table's results with their boards
    with django_assert_num_queries(3):
        response = client.get(url("table_home", seating))
    assert response.status_code == 200


# The PIN page ----------------------------------------------------------------------------------


def test_a_table_pin_opens_the_table_page(client):
    seating = seating_of(running_event())
    response = client.post(reverse("table_pin"), {"pin": seating.table.pin})
    assert response.status_code == 302
    assert response["Location"] == url("table_home", seating)


def test_a_pin_of_a_night_not_in_play_opens_nothing(client):
    seating = seating_of(running_event(status=Event.Status.SETUP))
    response = client.post(reverse("table_pin"), {"pin": seating.table.pin})
    assert response.status_code == 200
    assert "No table of a night in play has this PIN" in text(response)


def test_a_pin_shared_by_two_tables_asks_for_the_table_number(client):
    event = running_event()
    Table.objects.filter(section__event=event, number__in=[1, 2]).update(pin="123456")
    first = client.post(reverse("table_pin"), {"pin": "123456"})
    second = client.post(reverse("table_pin"), {"pin": "123456", "table": 2})
    assert "type your table number too" in text(first)
    assert second["Location"] == url("table_home", seating_of(event, table=2))


def test_the_pin_page_of_an_event_looks_only_among_its_tables(client):
    event, other = running_event(), running_event()
    Table.objects.filter(number=1).update(pin="654321")
    response = client.post(reverse("table_pin") + f"?event={other.pk}", {"pin": "654321"})
    assert response["Location"] == url("table_home", seating_of(other, table=1))
    assert event.pk != other.pk


def test_five_wrong_pins_lock_the_phone_out_for_a_minute(client):
    seating = seating_of(running_event())
    pins = set(Table.objects.values_list("pin", flat=True))
    wrong = next(f"{n:06d}" for n in range(10**6) if f"{n:06d}" not in pins)
    for _ in range(5):
        client.post(reverse("table_pin"), {"pin": wrong})
    response = client.post(reverse("table_pin"), {"pin": seating.table.pin})
    assert response.status_code == 429
    assert "Too many wrong PINs" in text(response)


def test_a_pin_that_is_not_six_digits_is_refused_on_its_field(client):
    response = client.post(reverse("table_pin"), {"pin": "12a4"})
    assert "six digits" in errors(response, "pin")


def test_the_board_page_of_a_round_not_yet_open_sends_the_players_back(client):
    event = running_event()
    second = seating_of(event, round=2)
    response = client.get(url("table_board", second, 2, second.board_numbers[0]), follow=True)
    assert "Round 2 is not open yet" in text(response)
    assert 'id="entry"' not in text(response)


def test_a_board_not_played_in_a_round_shows_that_rounds_page_with_the_message(client):
    event = running_event()
    second = seating_of(event, round=2)
    assert 1 not in second.board_numbers
    response = client.get(url("table_board", second, 2, 1), follow=True)
    page = text(response)
    assert response.redirect_chain[-1][0] == url("table_home", second) + "?round=2"
    assert "Board 1 is not played at this table in round 2" in page
    assert "Table 1 · round 2" in page
    assert f"Boards {', '.join(map(str, second.board_numbers))}" in page
    assert f"Pair {second.ew.label}" in page
    assert "Round 2 is not open yet" in page
    assert url("table_board", second, 2, second.board_numbers[0]) not in page  # nothing to enter yet


def test_an_open_round_asked_for_shows_its_boards_to_enter(client):
    event = running_event()
    enter_round(client, seating_of(event, round=1))
    second = seating_of(event, round=2)
    page = text(client.get(url("table_board", second, 2, 1), follow=True))
    assert "Table 1 · round 2" in page
    assert url("table_board", second, 2, second.board_numbers[0]) in page


@pytest.mark.parametrize("round_", [99, 0])
def test_a_round_this_table_does_not_play_is_not_found(client, round_):
    seating = seating_of(running_event())
    assert client.get(url("table_board", seating, round_, 1)).status_code == 404
    assert client.get(url("table_home", seating) + f"?round={round_}").status_code == 404
