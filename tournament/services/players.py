"""The club's player list: import from a membership spreadsheet's CSV, and keep standings.

A club's membership spreadsheet is exported as CSV by Excel, LibreOffice or Google Sheets:
a header row, then a player a line. ``read_players`` reads it forgivingly (UTF-8 with or without
a byte-order mark, or Excel's Windows-1252 / Latin-1; comma or semicolon; the columns found by
their names in any order) and says, line by line, what an import would add, update or refuse and
why. ``import_players`` then applies that plan in one transaction with one audit entry, or
nothing at all; ``exports.players`` writes the list back in the same columns.

A closed night's standings are kept per pair (``keep_standings``) for the player's page.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction

from .. import games, limits
from ..models import AuditEntry, Club, Event, Pair, PairStanding, Player
from ..scores.standings import score_event

# A membership list of a few thousand players is well under this; a larger upload is refused unread.
MAX_UPLOAD = 512 * 1024
MAX_ROWS = 5000

# Header names as clubs write them, compared without case, spaces or punctuation.
COLUMNS = {
    "name": {"name", "fullname", "player", "playername", "membername", "member"},
    "first": {"first", "firstname", "forename", "forenames", "givenname", "christianname"},
    "last": {"last", "lastname", "surname", "familyname"},
    "number": {
        "number",
        "no",
        "membernumber",
        "membershipnumber",
        "memberno",
        "membershipno",
        "memberid",
        "membershipid",
        "id",
    },
    "email": {"email", "emailaddress", "mail", "mailaddress", "emailaddr"},
}
EXPORT_HEADER = ["Name", "Member number", "Email"]


class PlayersRefused(Exception):
    """A file or an import that cannot go ahead; the message says why and what to do."""


@dataclass(frozen=True)
class Line:
    """One line of the file and what the import does with it."""

    line: int
    name: str
    number: str
    email: str
    action: str  # "add", "update", "same" or "refuse"
    why: str = ""
    player_pk: int | None = None


@dataclass
class Plan:
    """What importing the file would do, line by line."""

    lines: list[Line] = field(default_factory=list)
    columns: dict[str, str] = field(default_factory=dict)  # our column -> the file's header

    def of(self, action: str) -> list[Line]:
        return [line for line in self.lines if line.action == action]

    @property
    def added(self) -> list[Line]:
        return self.of("add")

    @property
    def updated(self) -> list[Line]:
        return self.of("update")

    @property
    def unchanged(self) -> list[Line]:
        return self.of("same")

    @property
    def refused(self) -> list[Line]:
        return self.of("refuse")

    @property
    def changes(self) -> int:
        return len(self.of("add")) + len(self.of("update"))

    @property
    def digest(self) -> str:
        """A fingerprint of the plan: the import goes ahead only if it is still what was previewed."""
        text = repr([(x.line, x.name, x.number, x.email, x.action, x.player_pk) for x in self.lines])
        return hashlib.sha256(text.encode()).hexdigest()


def decode(content: bytes) -> str:
    """The file's text: UTF-8 (a byte-order mark dropped), else Excel's Windows-1252, else Latin-1."""
    if len(content) > MAX_UPLOAD:
        raise PlayersRefused(
            f"The file is {len(content):,} bytes: a player list is at most {MAX_UPLOAD // 1024} KB."
        )
    if b"\x00" in content:
        raise PlayersRefused(
            "This is not a CSV file of text (it holds NUL bytes): save the sheet as CSV, "
            "or as CSV UTF-8, and try again."
        )
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return content.decode(encoding)
        except UnicodeDecodeError:
            continue
    return content.decode("latin-1")


def _key(header: str) -> str:
    return re.sub(r"[^a-z0-9]", "", header.casefold())


def _columns(header: list[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for index, title in enumerate(header):
        key = _key(title)
        for column, names in COLUMNS.items():
            if key in names and column not in found:
                found[column] = index
    if "name" not in found and not {"first", "last"} & found.keys():
        raise PlayersRefused(
            "The first line must name the columns, and none of them is a player's name: call it "
            "'Name' (or 'First name' and 'Last name'); 'Member number' and 'Email' are read too. "
            f"The first line reads: {', '.join(header)[:200]!r}."
        )
    return found


def _delimiter(text: str) -> str:
    first = text.split("\n", 1)[0]
    return ";" if first.count(";") > first.count(",") else ","


def _clean(value: str) -> str:
    return limits.one_line(value)


def _problem(name: str, number: str, email: str) -> str:
    if not name:
        return "no name."
    for text, limit, what in (
        (name, limits.NAME, "The name"),
        (number, limits.MEMBER_NUMBER, "The member number"),
        (email, limits.EMAIL, "The email address"),
    ):
        problem = limits.name_problem(text, limit, what)
        if problem:
            return problem
    if email:
        try:
            validate_email(email)
        except ValidationError:
            return f"{email!r} is not an email address."
    return ""


def read_players(club: Club, content: bytes) -> Plan:
    """What importing ``content`` (a CSV file's bytes) into the club's list would do, line by line.

    Each line adds a new player, updates one already in the club (matched by name, whatever
    the case: a member number or an email address given where the club had none or another),
    changes nothing, or is refused with the reason: no name, a field too long, a bad email
    address, a repeat of an earlier line, or a name or number the club already has for
    someone else. Nothing is written.
    """
    text = decode(content)
    try:
        return _read(club, text)
    except csv.Error as error:
        raise PlayersRefused(f"This CSV file cannot be read ({error}): save it as CSV again.") from error


def _read(club: Club, text: str) -> Plan:
    rows = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    header = next(rows, None)
    if not header:
        raise PlayersRefused("The file is empty: export the membership sheet with its header row.")
    columns = _columns(header)
    existing = list(Player.objects.filter(club=club).for_list())
    by_name = {player.name.casefold(): player for player in existing}
    by_number = {player.number: player for player in existing if player.number}
    plan = Plan(columns={column: header[index] for column, index in columns.items()})
    seen_names: dict[str, int] = {}
    seen_numbers: dict[str, int] = {}
    for row in rows:
        if rows.line_num > MAX_ROWS + 1:
            raise PlayersRefused(f"The file has more than {MAX_ROWS:,} players: split it in parts.")
        if not any(cell.strip() for cell in row):
            continue

        def cell(column: str, row: list[str] = row) -> str:
            index = columns.get(column)
            return _clean(row[index]) if index is not None and index < len(row) else ""

        name = cell("name") or _clean(f"{cell('first')} {cell('last')}")
        number, email = cell("number"), cell("email")
        plan.lines.append(
            _plan_line(rows.line_num, name, number, email, by_name, by_number, seen_names, seen_numbers)
        )
    return plan


def _plan_line(
    at: int,
    name: str,
    number: str,
    email: str,
    by_name: dict[str, Player],
    by_number: dict[str, Player],
    seen_names: dict[str, int],
    seen_numbers: dict[str, int],
) -> Line:
    def refuse(why: str) -> Line:
        return Line(at, name, number, email, "refuse", why)

    problem = _problem(name, number, email)
    if problem:
        return refuse(problem)
    folded = name.casefold()
    if folded in seen_names:
        return refuse(f"{name} is already on line {seen_names[folded]}.")
    if number and number in seen_numbers:
        return refuse(f"Member number {number} is already on line {seen_numbers[number]}.")
    seen_names[folded] = at
    if number:
        seen_numbers[number] = at
    player = by_name.get(folded)
    holder = by_number.get(number) if number else None
    if holder is not None and holder is not player:
        return refuse(f"Member number {number} is already {holder.name}'s in the club.")
    if player is None:
        return Line(at, name, number, email, "add")
    if number and player.number and number != player.number:
        return refuse(f"{player.name} is already in the club with member number {player.number}.")
    new_number, new_email = number or player.number, email or player.email
    action = "same" if (new_number, new_email) == (player.number, player.email) else "update"
    return Line(at, player.name, new_number, new_email, action, player_pk=player.pk)


def import_players(*, club: Club, user: Any, content: bytes, digest: str) -> Plan:
    """Add and update the club's players as the file says, all or nothing, with one audit entry.

    ``digest`` is the previewed plan's: if the club's list (or the file) changed since the
    director looked, nothing is written and the director is asked to look again.
    """
    try:
        with transaction.atomic():
            plan = read_players(club, content)
            if plan.digest != digest:
                raise PlayersRefused(
                    "The player list changed since the preview: look at the preview again, then import."
                )
            if not plan.changes:
                raise PlayersRefused("The file adds and changes nothing: every player is already as it says.")
            Player.objects.bulk_create(
                [Player(club=club, name=x.name, number=x.number, email=x.email) for x in plan.of("add")]
            )
            updates = {x.player_pk: x for x in plan.of("update")}
            players = list(Player.objects.select_for_update().filter(club=club, pk__in=updates))
            for player in players:
                player.number, player.email = updates[player.pk].number, updates[player.pk].email
            Player.objects.bulk_update(players, ["number", "email"])
            AuditEntry.objects.create(
                club=club,
                action=AuditEntry.Action.PLAYERS,
                subject=f"Players imported: {len(plan.of('add'))} added, {len(updates)} updated",
                user=user,
                after={
                    "added": [x.name for x in plan.of("add")],
                    "updated": [x.name for x in plan.of("update")],
                    "refused": [x.line for x in plan.of("refuse")],
                },
            )
    except IntegrityError as error:
        raise PlayersRefused(
            "Another change to the player list was saved at the same moment: look at the preview again."
        ) from error
    return plan


# --- standings kept for the player's page ---------------------------------------------------------


def keep_standings(event: Event) -> None:
    """Work out and keep each pair's place in a night being closed, as the standings show it.

    Pairs: the overall rank ("2=" when shared) of how many, and the score rounded (R-7), with
    the exact figure where rounding hides it (Law H). A team match: the match's result (Law G).
    The places are the game's (``games.of(event).kept_places``).
    """
    PairStanding.objects.filter(pair__section__event=event).delete()
    game = games.of(event)
    kept = [standing for sheet in score_event(event) for standing in game.kept_places(sheet)]
    PairStanding.objects.bulk_create(kept)


def drop_standings(event: Event) -> None:
    """Forget the kept standings of a night reopened for corrections: they may change."""
    PairStanding.objects.filter(pair__section__event=event).delete()


def missing_standings(pairs: Iterable[Pair]) -> list[Event]:
    """The closed nights among ``pairs`` whose standings were never kept (closed before they were)."""
    events: dict[int, Event] = {}
    for pair in pairs:
        event = pair.section.event
        if event.is_locked and not hasattr(pair, "standing") and not pair.is_phantom:
            events[event.pk] = event
    return list(events.values())
