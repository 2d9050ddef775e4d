"""What the hand-record commands share: the event by its number, and the report of what was stored."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.models import Event
from tournament.services.hand_records import HandRecordRefused, Stored


def event_of(event_id: int) -> Event:
    event = Event.objects.select_related("club").filter(pk=event_id).first()
    if event is None:
        raise CommandError(f"There is no event {event_id}: give the number from the event's address.")
    return event


def add_event_arguments(parser: CommandParser, *, writes: bool) -> None:
    parser.add_argument("event_id", type=int, help="The event's number, as in its address /c/<club>/e/<id>/.")
    parser.add_argument("--section", help="The section's letter, when the event has more than one.")
    if writes:
        parser.add_argument(
            "--replace", action="store_true", help="Replace the deals of boards that already have one."
        )
        parser.add_argument("--dry-run", action="store_true", help="Check and report; change nothing.")


def store_and_report(command: BaseCommand, options: dict[str, Any], act: Callable[..., Stored]) -> None:
    """Run the service ``act`` for the event and options given; print the flagged results, one a
    line, then the one-line summary. A refusal is a CommandError, and nothing was changed."""
    event = event_of(options["event_id"])
    try:
        stored = act(
            event=event,
            user=None,
            section=options["section"],
            replace=options["replace"],
            dry_run=options["dry_run"],
        )
    except HandRecordRefused as error:
        raise CommandError(f"{event}: {error}") from error
    for disagreement in stored.disagreements:
        command.stdout.write(f"  Flagged: {disagreement.text}")
    style = command.style.SUCCESS if not options["dry_run"] else str
    command.stdout.write(style(stored.summary))
