"""Two requests at the same moment: every state change checks, under a lock, the state it changes.

The concurrent tests run real threads, each on its own database connection, against
PostgreSQL (row locks are what they prove; SQLite runs one write at a time and ignores
``select_for_update``). Each thread reads the result as its page did, then all meet at a
barrier and write together: without the locks both writes pass on stale state.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, connections
from django.urls import reverse

from scoring.auction.core import Contract, Strain
from scoring.shared.seats import Seat
from tests.tournament.factories import rule_the_missing_not_played
from tests.tournament.test_table_views import auction, enter, running_event, seating_of, text, url
from tournament.models import AuditEntry, Event, Result, Seating
from tournament.services import results
from tournament.services.events import set_status
from tournament.services.result_facts import Facts, ResultRefused

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row locks are PostgreSQL's; SQLite serialises every write and ignores select_for_update",
)


def race(*calls: Callable[[], Any]) -> list[Any]:
    """Run each call in its own thread and connection, all released at once; each outcome in order."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[Any] = [None] * len(calls)

    def run(index: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=10)
            outcomes[index] = call()
        except Exception as error:  # the test reads what each thread met
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


def fresh(result: Result) -> Result:
    """The result as a page loads it, with its board, seating and event."""
    return Result.objects.select_related("board", "seating__table", "section__event").get(pk=result.pk)


def four_hearts() -> Facts:
    return Facts(contract=Contract(4, Strain.HEARTS), declarer=Seat.N, tricks=10, honours=(2, 0, 1, 0))


def settle_at_once(result: Result, *statuses: str) -> list[Any]:
    """Each status set at the table by its own request, every one having read the result first."""
    table = result.seating.table
    pages = [fresh(result) for _ in statuses]
    return race(
        *[
            lambda page=page, status=status: results.set_status(result=page, status=status, table=table)
            for page, status in zip(pages, statuses, strict=True)
        ]
    )


@pytest.fixture
def entered(client: Any) -> Result:
    seating = seating_of(running_event())
    assert enter(client, seating).status_code == 302
    return Result.objects.get()


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_confirm_and_a_dispute_at_once_leave_one_winner(entered: Result) -> None:
    outcomes = settle_at_once(entered, Result.Status.CONFIRMED, Result.Status.DISPUTED)
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], ResultRefused), outcomes
    settled = AuditEntry.objects.filter(action__in=[AuditEntry.Action.CONFIRM, AuditEntry.Action.DISPUTE])
    assert settled.count() == 1
    winner = settled.get().action
    expected = Result.Status.CONFIRMED if winner == AuditEntry.Action.CONFIRM else Result.Status.DISPUTED
    assert Result.objects.get().status == expected


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_two_confirms_at_once_write_one_audit_entry(entered: Result) -> None:
    outcomes = settle_at_once(entered, Result.Status.CONFIRMED, Result.Status.CONFIRMED)
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert AuditEntry.objects.filter(action=AuditEntry.Action.CONFIRM).count() == 1
    assert Result.objects.get().status == Result.Status.CONFIRMED


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_table_edit_racing_agree_round_never_lands_after_the_round_is_agreed(
    client: Any, monkeypatch: Any
) -> None:
    seating = seating_of(running_event())
    for number in seating.board_numbers:
        enter(client, seating, number)
    target = Result.objects.filter(seating=seating).order_by("board__number").first()
    # Every board confirmed: the round may be agreed, and the table may still correct until it is.
    Result.objects.filter(seating=seating).update(status=Result.Status.CONFIRMED)
    editing = fresh(target)
    agreeing = Seating.objects.select_related("table", "section__event").get(pk=seating.pk)
    correction = Facts(contract=Contract(4, Strain.HEARTS), declarer=Seat.N, tricks=9)
    checked = Facts.validate

    def slow(facts: Facts, dealer: Any = None) -> None:
        time.sleep(0.5)  # the edit has passed its Law E check; "agree round" comes in now
        checked(facts, dealer)

    monkeypatch.setattr(Facts, "validate", slow)
    outcomes = race(
        lambda: results.agree_round(seating=agreeing, table=seating.table),
        lambda: results.correct(result=editing, facts=correction, reason="9 tricks", table=seating.table),
    )
    unexpected = [o for o in outcomes if isinstance(o, Exception) and not isinstance(o, ResultRefused)]
    assert not unexpected, outcomes
    agreed = AuditEntry.objects.filter(action=AuditEntry.Action.AGREE).first()
    edited = AuditEntry.objects.filter(action=AuditEntry.Action.UPDATE).first()
    if agreed is not None:  # once agreed, every result of the round is confirmed and no edit follows
        assert Seating.objects.get(pk=seating.pk).agreed_at is not None
        assert Result.objects.get(pk=target.pk).status == Result.Status.CONFIRMED
        assert edited is None or edited.pk < agreed.pk
    assert agreed is not None or edited is not None


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_resend_racing_its_first_send_hears_already_saved(monkeypatch: Any) -> None:
    seating = Seating.objects.select_related("table", "section__event").get(pk=seating_of(running_event()).pk)
    validated = []
    checked = Facts.validate

    def slow_second(facts: Facts, dealer: Any = None) -> None:
        # The second request to reach the board check arrives after the first has committed.
        validated.append(1)
        if len(validated) > 1:
            time.sleep(0.5)
        checked(facts, dealer)

    monkeypatch.setattr(Facts, "validate", slow_second)
    key = uuid.uuid4()

    def send() -> Any:
        return results.record(
            seating=seating, board_number=seating.board_numbers[0], facts=four_hearts(), request_key=key
        )

    outcomes = race(send, send)
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert sorted(o.repeated for o in outcomes) == [False, True]
    assert Result.objects.count() == 1
    assert AuditEntry.objects.filter(action=AuditEntry.Action.CREATE).count() == 1


@pytest.mark.django_db
def test_a_resend_after_the_event_was_locked_hears_already_saved(client: Any) -> None:
    event = running_event()
    seating = seating_of(event)
    data = auction(seating)
    assert client.post(url("table_enter", seating), data).status_code == 302
    rule_the_missing_not_played(event)
    set_status(
        event=event, user=event.club.memberships.get().user, status=Event.Status.LOCKED, lock_anyway=True
    )
    response = client.post(url("table_enter", seating), data, follow=True)
    assert "Already saved: board" in text(response)
    played = Result.objects.filter(not_played=False)  # the rest ruled not played at the close
    assert response.redirect_chain[-1][0] == url("table_result", seating, played.get().pk)
    assert played.count() == 1


@pytest.mark.django_db
def test_a_resend_of_a_director_row_after_the_event_was_locked_says_already_saved(client: Any) -> None:
    event = running_event()
    seating = seating_of(event)
    director = event.club.memberships.get().user
    client.force_login(director)
    number = seating.board_numbers[0]
    address = reverse("traveller_entry", args=[event.club.slug, event.pk, "A", number])
    row = {"seating": seating.pk, "request_key": str(uuid.uuid4()), "entry": "4H N 10"}
    assert client.post(address, row).status_code == 302
    rule_the_missing_not_played(event, director)
    set_status(event=event, user=director, status=Event.Status.LOCKED, lock_anyway=True)
    response = client.post(address, row, follow=True)
    assert f"Board {number} was already saved" in text(response)
    assert Result.objects.filter(not_played=False).count() == 1


@pytest.mark.django_db
def test_a_confirm_after_a_dispute_is_refused_at_the_table(entered: Result, client: Any) -> None:
    seating = entered.seating
    client.post(url("table_dispute", seating, entered.pk), {"reason": "we took 9"})
    response = client.post(url("table_confirm", seating, entered.pk), follow=True)
    assert "is disputed: the director will rule on it" in text(response)
    assert Result.objects.get().status == Result.Status.DISPUTED
    assert AuditEntry.objects.filter(action=AuditEntry.Action.CONFIRM).count() == 0
