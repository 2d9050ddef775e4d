"""Each player's recap by email once the night is published: the director asks, the mail goes out
after the commit, each send is recorded, a failure never undoes anything and can be retried."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.tournament.background import on_the_database, queued, run_worker
from tests.tournament.contract_night import make_contract_event, name_pairs, play_contract, varied
from tests.tournament.factories import make_played_night
from tests.tournament.pdf_text import read_pdf
from tournament import mail as recap_mail
from tournament.games.contract.reports import contract_standings_rows
from tournament.models import AuditEntry, Event, Membership, Pair, Player, RecapSend
from tournament.reports import rounded_text, standings_rows
from tournament.reports.common import percent_text
from tournament.scores.standings import score_section
from tournament.services.events import set_status

pytestmark = pytest.mark.django_db

BASE = "http://192.168.1.20:8000/"


@pytest.fixture
def night() -> Event:
    """A published three-table night; the first pair's players and one more player have addresses."""
    event = make_played_night(tables=3)
    first = Pair.objects.filter(section__event=event, is_phantom=False).order_by("id").first()
    assert first is not None
    Player.objects.filter(pk__in=[first.player1_id, first.player2_id]).update(email="pair1@example.org")
    Player.objects.filter(club=event.club, name="Player 5").update(email="five@example.org")
    return event


def director_of(event: Event) -> Any:
    return Membership.objects.get(club=event.club, role=Membership.Role.DIRECTOR).user


def client_of(event: Event) -> Client:
    client = Client()
    client.force_login(director_of(event))
    return client


def press_send(event: Event, client: Client | None = None, **data: str) -> Any:
    client = client or client_of(event)
    return client.post(reverse("recaps_send", args=[event.club.slug, event.pk]), data, follow=True)


def test_each_player_with_an_address_gets_a_link_and_the_pairs_recap_pdf(
    night: Event, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        press_send(night)
    assert len(callbacks) == 1
    by_player = {m.body.split(",", 1)[0].removeprefix("Dear "): m for m in mail.outbox}
    assert sorted(by_player) == ["Player 1", "Player 5", "Zoë Brontë"]
    message = by_player["Zoë Brontë"]
    pair = Pair.objects.get(section__event=night, player1__name="Zoë Brontë")
    assert message.to == ["pair1@example.org"]
    assert message.subject == f"Your recap: {night.name}, {night.date:%A} {night.date.day} {night.date:%B %Y}"
    link = "http://testserver" + reverse("recap", args=[night.club.slug, night.pk, pair.pk])
    assert link in message.body
    row = next(r for r in standings_rows(score_section(pair.section)) if r.pair == pair.label)
    place = f"rank {row.rank_text} of 6, {rounded_text(row.score)} points."
    assert f"Pair {pair.label}: Zoë Brontë & Player 1, {place}" in message.body
    [(filename, content, content_type)] = message.attachments
    assert content_type == "application/pdf" and filename.endswith(f"-pair-{pair.label}.pdf")
    text = read_pdf(content).text
    assert f"Recap — pair {pair.label}" in text and "Zoë Brontë & Player 1" in text
    assert "Player 2 & Player 3" not in text  # the other pairs' recaps are not in it
    assert set(RecapSend.objects.values_list("status", flat=True)) == {RecapSend.Status.SENT}


def test_site_url_gives_the_links_their_public_address(
    night: Event, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    settings.SITE_URL = "https://results.example.org/"
    with django_capture_on_commit_callbacks(execute=True):
        press_send(night)
    assert all("https://results.example.org/c/" in m.body for m in mail.outbox)
    assert not any("testserver" in m.body for m in mail.outbox)


def test_nothing_is_mailed_before_the_transaction_commits(
    night: Event, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        press_send(night)
    assert mail.outbox == [] and len(callbacks) == 1
    assert RecapSend.objects.filter(status=RecapSend.Status.PENDING).count() == 3
    entry = AuditEntry.objects.get(event=night, action=AuditEntry.Action.RECAPS)
    assert entry.subject == "Recaps to be emailed to 3 players" and entry.user == director_of(night)


def test_an_unpublished_night_sends_nothing(night: Event, django_capture_on_commit_callbacks: Any) -> None:
    set_status(event=night, user=director_of(night), published=False)
    with django_capture_on_commit_callbacks(execute=True):
        page = press_send(night).content.decode()
    assert "Publish the standings first" in page
    assert mail.outbox == [] and not RecapSend.objects.exists()


def test_pressing_send_twice_mails_no_one_twice(
    night: Event, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        press_send(night)
        page = press_send(night).content.decode()
    assert len(mail.outbox) == 3
    assert "has been sent the recap already" in page


def test_a_failed_send_is_recorded_shown_and_retried_without_undoing_anything(
    night: Event, django_capture_on_commit_callbacks: Any, monkeypatch: Any
) -> None:
    real_send = mail.EmailMessage.send

    def refuse_five(message: Any, fail_silently: bool = False) -> int:
        if message.to == ["five@example.org"]:
            raise ConnectionRefusedError("[Errno 111] Connection refused")
        return real_send(message, fail_silently)

    monkeypatch.setattr(mail.EmailMessage, "send", refuse_five)
    client = client_of(night)
    with django_capture_on_commit_callbacks(execute=True):
        response = press_send(night, client)
    assert response.status_code == 200
    assert Event.objects.get(pk=night.pk).published  # publishing stands
    failed = RecapSend.objects.get(status=RecapSend.Status.FAILED)
    assert failed.email == "five@example.org" and failed.attempts == 1
    assert failed.error == "ConnectionRefusedError: [Errno 111] Connection refused"
    page = client.get(reverse("event_run", args=[night.club.slug, night.pk])).content.decode()
    assert "Sent 2 of 3; 1 failed." in page
    assert "Player 5 &lt;five@example.org&gt;: ConnectionRefusedError" in page

    monkeypatch.setattr(mail.EmailMessage, "send", real_send)
    Player.objects.filter(name="Player 5").update(email="five@example.net")  # the address mended
    with django_capture_on_commit_callbacks(execute=True):
        press_send(night, client, again="1")
    failed.refresh_from_db()
    assert (failed.status, failed.email, failed.attempts, failed.error) == ("sent", "five@example.net", 2, "")
    assert [m.to for m in mail.outbox][-1] == ["five@example.net"]
    assert len(mail.outbox) == 3
    page = client.get(reverse("event_run", args=[night.club.slug, night.pk])).content.decode()
    assert "Sent 3 of 3." in page


def test_a_recap_that_cannot_be_drawn_fails_that_send_and_the_others_go_on(
    night: Event, django_capture_on_commit_callbacks: Any, monkeypatch: Any
) -> None:
    real_message = recap_mail.recap_message

    def broken_for_five(event: Event, send: RecapSend, *args: Any) -> Any:
        if send.player.name == "Player 5":
            raise ValueError("no room for the chart")
        return real_message(event, send, *args)

    monkeypatch.setattr(recap_mail, "recap_message", broken_for_five)
    with django_capture_on_commit_callbacks(execute=True):
        press_send(night)
    assert len(mail.outbox) == 2
    assert RecapSend.objects.get(player__name="Player 5").error == "ValueError: no room for the chart"


def test_a_send_another_thread_claimed_is_not_sent_again(night: Event) -> None:
    pair = Pair.objects.filter(section__event=night).first()
    assert pair is not None and pair.player1 is not None
    RecapSend.objects.create(
        event=night, pair=pair, player=pair.player1, email="x@example.org", status=RecapSend.Status.SENDING
    )
    assert recap_mail.send_pending(night.pk, BASE) == (0, 0)
    assert mail.outbox == []


@pytest.mark.django_db(transaction=True)  # the worker commits as it goes, as in the server
def test_in_the_server_the_mail_is_queued_and_the_worker_sends_it(night: Event, settings: Any) -> None:
    on_the_database(settings)

    press_send(night)
    # The director's request queued the mail and sent nothing.
    assert len(queued("send_waiting")) == 1
    assert mail.outbox == []
    assert set(RecapSend.objects.values_list("status", flat=True)) == {RecapSend.Status.PENDING}

    run_worker()

    assert sorted(m.to[0] for m in mail.outbox) == ["five@example.org"] + ["pair1@example.org"] * 2
    assert set(RecapSend.objects.values_list("status", flat=True)) == {RecapSend.Status.SENT}
    assert queued() == []


@pytest.mark.django_db(transaction=True)  # the worker commits as it goes, as in the server
def test_a_send_whose_worker_stopped_in_the_middle_is_tried_again(
    night: Event, settings: Any, monkeypatch: Any
) -> None:
    on_the_database(settings)
    press_send(night)
    with monkeypatch.context() as patched:

        def stopped(*args: Any) -> None:
            raise SystemExit(1)  # the worker's second Ctrl-C, in the middle of the first mail

        patched.setattr(recap_mail, "recap_message", stopped)
        run_worker()
    statuses = sorted(RecapSend.objects.values_list("status", flat=True))
    assert statuses == [RecapSend.Status.PENDING] * 2 + [RecapSend.Status.SENDING] and mail.outbox == []

    press_send(night, again="1")
    run_worker()

    assert len(mail.outbox) == 3
    assert set(RecapSend.objects.values_list("status", flat=True)) == {RecapSend.Status.SENT}


def test_a_night_withdrawn_before_its_mail_went_out_sends_nothing_more(
    night: Event, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        press_send(night)
    set_status(event=night, user=director_of(night), published=False)
    for callback in callbacks:
        callback()
    assert mail.outbox == []
    assert set(RecapSend.objects.values_list("error", flat=True)) == {
        "RecapsRefused: The standings were withdrawn before this recap went out."
    }


def test_a_contract_bridge_players_mail_gives_the_pairs_place_and_percentage(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = make_contract_event()
    play_contract(event, varied)
    director = director_of(event)
    name_pairs(event, director)
    set_status(event=event, user=director, status=Event.Status.LOCKED, published=True, lock_anyway=True)
    pair = Pair.objects.filter(section__event=event, is_phantom=False).order_by("id").first()
    assert pair is not None
    Player.objects.filter(pk=pair.player1_id).update(email="one@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        press_send(event)
    [message] = mail.outbox
    rows = contract_standings_rows(score_section(pair.section))
    row = next(r for r in rows if r.pair == pair.label)
    listed = sum(1 for r in rows if r.direction == row.direction)
    assert row.percent is not None
    assert (
        f"Pair {pair.label}: {pair.names}, rank {row.rank_text} of {listed}, {percent_text(row.percent)} %."
        in (message.body)
    )
