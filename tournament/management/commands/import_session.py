"""Import a scored session (PBN 2.1 with score tables, or USEBIO 1.2) as a contract bridge night."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.interchange.importing import MOST_BYTES, SessionRefused, import_session
from tournament.models import Club, Event, Membership


class Command(BaseCommand):
    help = (
        "Import the results file another scoring program wrote (a PBN 2.1 file with score tables, or "
        "USEBIO 1.2 XML) as a new, closed contract bridge night of the club: its players, pairs, "
        "boards and deals, and every table's result; the file's own figures are kept to be compared "
        "with the product's. One transaction: a refused file changes nothing. With --event, the file "
        "is added as the event's next session. "
        "Example: python manage.py import_session night.xml --club riverside"
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="The .pbn or .xml results file.")
        parser.add_argument(
            "--club", help="The club's address name (its slug); needed when there are several."
        )
        parser.add_argument("--event", type=int, help="Add the file as the next session of this event.")
        parser.add_argument(
            "--user",
            help="The director the import is recorded for (default: the club's first admin or director).",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Check the file and report; change nothing."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        club = _club(options["club"])
        user = _user(club, options["user"])
        event = None
        if options["event"] is not None:
            event = Event.objects.filter(pk=options["event"], club=club).first()
            if event is None:
                raise CommandError(f"{club.name} has no event {options['event']}.")
        path = Path(options["file"])
        try:
            if path.stat().st_size > MOST_BYTES:
                raise CommandError(f"{path} is larger than a session's results file ({MOST_BYTES:,} bytes).")
            content = path.read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}.") from error
        try:
            imported = import_session(
                club=club, user=user, content=content, name=path.name, event=event, dry_run=options["dry_run"]
            )
        except SessionRefused as error:
            raise CommandError(f"{path.name}: {error} Nothing was imported.") from error
        for note in imported.notes:
            self.stdout.write(f"  {note}")
        if imported.event is not None:
            self.stdout.write(f"  Compare: /c/{club.slug}/e/{imported.event.pk}/files/")
        style = self.style.SUCCESS if not options["dry_run"] else str
        self.stdout.write(style(imported.summary))


def _club(slug: str | None) -> Club:
    if slug:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"There is no club {slug!r}.")
        return club
    clubs = list(Club.objects.order_by("slug")[:2])
    if len(clubs) != 1:
        names = ", ".join(Club.objects.order_by("slug").values_list("slug", flat=True)[:10]) or "none yet"
        raise CommandError(f"Name the club with --club (the clubs: {names}).")
    return clubs[0]


def _user(club: Club, username: str | None) -> Any:
    if username:
        user = get_user_model().objects.filter(username=username).first()
        if (
            user is None
            or not Membership.objects.filter(
                club=club, user=user, role__in=[Membership.Role.ADMIN, Membership.Role.DIRECTOR]
            ).exists()
        ):
            raise CommandError(f"{username!r} is no director of {club.name}.")
        return user
    membership = (
        Membership.objects.filter(club=club, role__in=[Membership.Role.ADMIN, Membership.Role.DIRECTOR])
        .select_related("user")
        .order_by("id")
        .first()
    )
    if membership is None:
        raise CommandError(f"{club.name} has no director to record the import for: create one first.")
    return membership.user
