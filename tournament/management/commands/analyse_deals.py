"""Analyse now, double dummy, every stored deal still waiting for it."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.models import Board, Club, Event
from tournament.services import analyses


class Command(BaseCommand):
    help = (
        "Work out the double-dummy tricks and (contract bridge) the par of every board whose deal is "
        "stored but not analysed yet, one deal after the other, and save them on the boards. A worker "
        "(manage.py db_worker) does this by itself after deals are dealt or imported; this does it now, "
        "for a club or an event that wants its hand records complete at once, or with --in-background "
        "hands them to a worker (make run does so when it starts, for deals a stopped worker left). "
        "Changes nothing else. Example: python manage.py analyse_deals --club riverside"
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", help="Only this club's boards (its address name, the slug).")
        parser.add_argument("--event", type=int, help="Only this event's boards.")
        parser.add_argument("--dry-run", action="store_true", help="Count the deals waiting; analyse none.")
        parser.add_argument(
            "--in-background", action="store_true", help="Queue their analysis for a worker; return at once."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        club, event = options["club"], options["event"]
        if club is not None and not Club.objects.filter(slug=club).exists():
            raise CommandError(f"There is no club {club!r}.")
        if event is not None and not Event.objects.filter(pk=event).exists():
            raise CommandError(f"There is no event {event}.")
        waiting = list(analyses.pending(club=club, event=event).values_list("pk", flat=True))
        if options["dry_run"]:
            self.stdout.write(f"Would analyse {len(waiting)} deal{_s(len(waiting))}; nothing was changed.")
            return
        count = len(waiting)
        if options["in_background"]:
            if waiting:
                analyses.analyse_deals.enqueue(waiting)
            self.stdout.write(f"Queued {count} deal{_s(count)} for a worker to analyse.")
            return

        def progress(board: Board) -> None:
            if options["verbosity"] > 1:
                self.stderr.write(f"  board {board.number} of section {board.section_id} ({count} waiting)")

        done = analyses.analyse(waiting, progress=progress)
        self.stdout.write(self.style.SUCCESS(f"Analysed {done} deal{_s(done)} of {count} waiting."))


def _s(count: int) -> str:
    return "" if count == 1 else "s"
