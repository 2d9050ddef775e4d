"""Each player's recap by email once the night is published: a link to it and the PDF attached.

The director asks for it (``send_recaps``): one send is recorded per player with an email
address, in one transaction with its audit entry; the mail goes out only after that
transaction commits (``transaction.on_commit``), by a background task (django-tasks, run by
``manage.py db_worker``), so that the page answers at once and a slow or broken mail server never
holds up or undoes anything. The sends, not the task's result, carry what the director's page
shows: one row a player, sent or failed with its reason. Every send is claimed before it is sent
(``pending`` → ``sending``, a conditional update), so two workers never mail a player twice; each
ends ``sent`` or ``failed`` with the error, and a failed send can be tried again
(``retry_recaps``). The mail goes through Django's email framework, configured from the
environment (``EMAIL_URL``; the console by default).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django_tasks import TaskContext, task

from . import background, games, limits
from .models import AuditEntry, Event, Pair, RecapSend
from .scores.standings import score_event
from .scores.types import SectionScores


class RecapsRefused(Exception):
    """Recaps that cannot be sent now; the message says why."""


def recipients(event: Event) -> list[tuple[Pair, Any]]:
    """Each player of the night with an email address, with the pair they played in."""
    found = []
    for pair in Pair.objects.filter(section__event=event, is_phantom=False).with_players():
        for player in (pair.player1, pair.player2):
            if player is not None and player.email:
                found.append((pair, player))
    return found


def send_recaps(*, event: Event, user: Any, base_url: str) -> int:
    """Record a send for every player with an email address not yet mailed, then mail them.

    Only a published night's recaps are sent: the link in the mail is to its public recap.
    A player already sent (or waiting) is not sent again. Returns how many were added.
    """
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if not event.published:
            raise RecapsRefused("Publish the standings first: the mail links to the public recap.")
        already = set(RecapSend.objects.filter(event=event).values_list("player_id", flat=True))
        new = [
            RecapSend(event=event, pair=pair, player=player, email=player.email)
            for pair, player in recipients(event)
            if player.pk not in already
        ]
        if not new:
            raise RecapsRefused("Every player with an email address has been sent the recap already.")
        RecapSend.objects.bulk_create(new)
        _audit_then_send(event, user, base_url, new, "Recaps to be emailed to")
    return len(new)


def retry_recaps(*, event: Event, user: Any, base_url: str) -> int:
    """Try again every send that failed, or whose task ended while sending it (its worker was
    stopped in the middle): the same players, their address now."""
    with transaction.atomic():
        failed_or_sending = Q(status=RecapSend.Status.FAILED) | Q(status=RecapSend.Status.SENDING)
        again = [
            send
            for send in RecapSend.objects.select_for_update()
            .filter(failed_or_sending, event=event)
            .select_related("player")
            if send.status == RecapSend.Status.FAILED or background.ended(send_waiting, send.task)
        ]
        if not again:
            raise RecapsRefused("No recap is waiting to be sent again.")
        if not event.published:
            raise RecapsRefused("Publish the standings first: the mail links to the public recap.")
        for send in again:
            send.status, send.email, send.queued = RecapSend.Status.PENDING, send.player.email, timezone.now()
        RecapSend.objects.bulk_update(again, ["status", "email", "queued"])
        _audit_then_send(event, user, base_url, again, "Recaps to be emailed again to")
    return len(again)


def _audit_then_send(event: Event, user: Any, base_url: str, sends: list[RecapSend], what: str) -> None:
    """The audit entry of the sends, and their mailing once the transaction has committed."""
    AuditEntry.objects.create(
        event=event,
        action=AuditEntry.Action.RECAPS,
        subject=f"{what} {len(sends)} players",
        user=user,
        after={"to": [send.player.name for send in sends]},
    )
    event_id = event.pk
    transaction.on_commit(lambda: send_waiting.enqueue(event_id, base_url))


@task(takes_context=True)
def send_waiting(context: TaskContext, event_id: int, base_url: str) -> list[int]:
    """The background task that mails the event's waiting recaps (:func:`send_pending`): [sent, failed]."""
    return list(send_pending(event_id, base_url, task=str(context.task_result.id)))


def send_pending(event_id: int, base_url: str, task: str = "") -> tuple[int, int]:
    """Mail every waiting recap of the event, one after the other; returns (sent, failed). Each
    send is claimed for ``task``, the id of the task sending it.

    Each failure (a refused address, a mail server down, a recap that cannot be drawn) is
    recorded on its send and the others go on.
    """
    event = Event.objects.select_related("club").get(pk=event_id)
    waiting = list(
        RecapSend.objects.filter(event=event, status=RecapSend.Status.PENDING).select_related(
            "pair__player1", "pair__player2", "player"
        )
    )
    sheets: list[SectionScores] | None = None
    sent = failed = 0
    for send in waiting:
        claimed = RecapSend.objects.filter(pk=send.pk, status=RecapSend.Status.PENDING).update(
            status=RecapSend.Status.SENDING, attempts=F("attempts") + 1, queued=timezone.now(), task=task
        )
        if not claimed:
            continue  # another worker took it
        try:
            if not Event.objects.filter(pk=event_id, published=True).exists():
                raise RecapsRefused("The standings were withdrawn before this recap went out.")
            if sheets is None:
                sheets = score_event(event)  # once for all the night's recaps
            recap_message(event, send, sheets, base_url).send()
        except Exception as error:  # any failure of one mail is its own: recorded, and the next goes on
            failed += 1
            reason = f"{type(error).__name__}: {error}"[: limits.REASON]
            RecapSend.objects.filter(pk=send.pk).update(status=RecapSend.Status.FAILED, error=reason)
        else:
            sent += 1
            RecapSend.objects.filter(pk=send.pk).update(
                status=RecapSend.Status.SENT, error="", sent=timezone.now()
            )
    return sent, failed


def recap_link(event: Event, pair: Pair, base_url: str) -> str:
    """The public recap's address: ``SITE_URL`` when set, else the address the director used."""
    root = (settings.SITE_URL or base_url).rstrip("/")
    return root + reverse("recap", args=[event.club.slug, event.pk, pair.pk])


def recap_message(event: Event, send: RecapSend, sheets: list[SectionScores], base_url: str) -> EmailMessage:
    """The mail to one player: the night, the pair's place, the link to the recap, the recap PDF."""
    from .pdf.recaps import RecapsPdf

    pair = send.pair
    sheet = next(s for s in sheets if s.section.pk == pair.section_id)
    place = f"Pair {pair.label}: {pair.names}{games.of(event).standing_text(sheet, pair)}.\n"
    date = f"{event.date:%A} {event.date.day} {event.date:%B %Y}"
    body = (
        f"Dear {send.player.name},\n\n"
        f"The results of {event.name} at {event.club.name} on {date} are published.\n"
        f"{place}\n"
        f"Your recap, deal by deal, with how each score was reached:\n{recap_link(event, pair, base_url)}\n\n"
        "The recap sheet is attached as a PDF.\n\n"
        f"{event.club.name}\n"
    )
    subject = " ".join(f"Your recap: {event.name}, {date}".split())  # no line break can reach a header
    message = EmailMessage(subject, body, settings.DEFAULT_FROM_EMAIL, [send.email])
    filename, content_type, content = RecapsPdf(event, pair=pair, sheets=sheets).render()
    message.attach(filename, content, content_type)
    return message


def progress(event: Event) -> dict[str, Any]:
    """Where the event's recap mail stands, for its page: sent n of m, those waiting, the failures."""
    sends = list(RecapSend.objects.filter(event=event).for_progress())
    sent = [s for s in sends if s.status == RecapSend.Status.SENT]
    failed = [s for s in sends if s.status == RecapSend.Status.FAILED]
    waiting = len(sends) - len(sent) - len(failed)
    return {"sends": sends, "sent": len(sent), "failed": failed, "waiting": waiting}
