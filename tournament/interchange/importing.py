"""A scored session another program wrote, imported as a contract bridge night of the club.

The file is a PBN 2.1 results file (score tables on its boards) or USEBIO 1.2 XML (spec
§6.1, §6.2), read by the engine into its neutral :class:`~scoring.files.session.Session`.
Its facts become the event's: the names become the club's players (an existing player is
found by name), the participants pairs, the sections sections, the boards boards with
their deals, and every traveller line a table's result — contract, declarer and tricks,
or a passed-out board — with an artificial adjusted score (A+, A6040...) kept as the
director's ruling under Law 12C2. The figures the producing program computed (each line's
matchpoints or IMPs, each pair's total, percentage and place) are kept apart in a
:class:`~tournament.models.SessionFile`, only to be shown beside the product's own scoring
(``interchange.compare``); they are never read to score.

How the event is scored comes from the file's words and its producer's conventions
(``interchange.conventions``); how its facts fill the event's sections, from
``interchange.plan``. The director may change any setting afterwards.

Everything is written in one transaction with its audit entry: a file refused anywhere
leaves nothing behind. A refusal is a :class:`SessionRefused` whose sentence names the
line or element (the engine's readers) or the board and pairs (the import's own checks).
"""

from __future__ import annotations

import hashlib
import uuid
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from scoring.contests.pairs import natural_key
from scoring.contract.board import dealer as dealer_by_number
from scoring.contract.board import vulnerability as vulnerability_by_number
from scoring.contract.deal import ContractBid, parse_contract
from scoring.files import session as model
from scoring.shared.errors import ScoringError
from scoring.shared.seats import Seat

from .. import games, limits
from ..models import (
    AuditEntry,
    Board,
    BoardPlay,
    Club,
    Event,
    Pair,
    Player,
    Result,
    Ruling,
    Seating,
    Section,
    SessionFile,
    Table,
)
from ..scores import versions
from ..services import analyses
from ..services.players import keep_standings
from .conventions import MOST_BYTES, SessionRefused, conventions_of, read_session
from .plan import Key, SectionPlan, participant_key, plan_sections, reported_figures

__all__ = ["MOST_BYTES", "Imported", "SessionRefused", "import_session", "read_session"]


@dataclass(frozen=True)
class Imported:
    """What an import did (or, on a dry run, would do): the event, the session, a summary and notes."""

    event: Event | None
    session: int
    summary: str
    notes: tuple[str, ...]
    file: SessionFile | None = None


# Writing --------------------------------------------------------------------------------------


def _plain_text(text: str) -> str:
    """A name from the file as the club keeps names: one line, no control character."""
    return "".join(c for c in limits.one_line(text) if c.isprintable())


def _free_letters(taken: Iterable[str]) -> Iterable[str]:
    used = set(taken)
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        if letter not in used:
            yield letter
    for first in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        for second in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            if first + second not in used:
                yield first + second


def _players(club: Club, session: model.Session, notes: list[str]) -> dict[Key, tuple[Player, Player]]:
    """Each participant's two players, found in the club's list by name or added to it.

    A participant with other than two names, or whose names another pair of the file already
    took (a player sits in one pair of a session), is left unnamed: names to come.
    """
    wanted: dict[Key, tuple[model.Player, model.Player]] = {}
    taken: set[str] = set()
    unnamed = []
    for p in session.participants:
        people = [person for person in p.players if _plain_text(person.name)]
        names = [_plain_text(person.name) for person in people]
        keys = [name.casefold() for name in names]
        if len(people) != 2 or keys[0] == keys[1] or taken & set(keys):
            if people:
                unnamed.append(p.id)
            continue
        taken.update(keys)
        for name in names:
            if len(name) > limits.NAME:
                raise SessionRefused(
                    f"Pair {p.id}: the name {name[:40]!r}... is longer than the {limits.NAME} characters "
                    "a player's name may have."
                )
        wanted[participant_key(p)] = (
            model.Player(names[0], people[0].member_id, people[0].club_id),
            model.Player(names[1], people[1].member_id, people[1].club_id),
        )
    if unnamed:
        notes.append(
            f"Pair(s) {', '.join(unnamed[:10])} have no two names of their own in the file: names to come."
        )
    every = {person.name: person for pair in wanted.values() for person in pair}
    found = {player.name: player for player in Player.objects.filter(club=club, name__in=list(every))}
    missing = [name for name in every if name not in found]
    Player.objects.bulk_create(
        [
            Player(club=club, name=name, number=every[name].member_id[: limits.MEMBER_NUMBER])
            for name in missing
        ]
    )
    if missing:
        found.update({player.name: player for player in Player.objects.filter(club=club, name__in=missing)})
        notes.append(f"{len(missing)} player(s) added to the club's list.")
    return {key: (found[first.name], found[second.name]) for key, (first, second) in wanted.items()}


def import_session(
    *,
    club: Club,
    user: Any,
    content: bytes,
    name: str,
    event: Event | None = None,
    dry_run: bool = False,
    request_key: uuid.UUID | None = None,
    read: tuple[model.Session, str] | None = None,
) -> Imported:
    """Import a scored session as a new event of the club, or as the next session of ``event``.

    All or nothing: one transaction, with its audit entry; on a dry run everything is
    checked and nothing kept. Idempotent, as a result's entry is: the same upload sent again
    (the same ``request_key``, as a browser resends after a dropped connection) answers with
    the session already imported and changes nothing, even when the two arrive at once.
    ``read`` is ``read_session(content)`` when the caller has read it already.
    """
    if not dry_run:
        repeated = _already_imported(club, request_key)
        if repeated is not None:
            return repeated
    session, format = read if read is not None else read_session(content)
    settings, notes = conventions_of(session)
    if session.event.competition is not model.Competition.PAIRS:
        raise SessionRefused("The file holds a teams or individual event: the import takes pairs sessions.")
    if not any(line.played or line.adjusted is not None for line in session.lines):
        raise SessionRefused("The file holds no table's result: there is no session to import.")
    name = "".join(c for c in name if c.isprintable())[:120] or "results file"
    try:
        with transaction.atomic():
            imported = _write(club, user, session, format, content, name, settings, notes, event, request_key)
            if dry_run:
                transaction.set_rollback(True)
                return Imported(
                    None, imported.session, "Checked, nothing changed: " + imported.summary, imported.notes
                )
            return imported
    except IntegrityError as error:
        repeated = None if dry_run else _already_imported(club, request_key)
        if repeated is not None:  # the same upload, sent twice at once: the other one kept it
            return repeated
        raise SessionRefused(
            f"The file's facts contradict each other and cannot be kept ({error}); nothing was imported."
        ) from error


def _already_imported(club: Club, request_key: uuid.UUID | None) -> Imported | None:
    """The import an upload with ``request_key`` already made, told as such; None if there is none."""
    if request_key is None:
        return None
    kept = SessionFile.objects.filter(request_key=request_key).select_related("event").first()
    if kept is None:
        return None
    if kept.event.club_id != club.pk:
        raise SessionRefused("This form was sent for another club: open the import page again.")
    summary = (
        f"Already imported: {kept.name} is session {kept.session} of {kept.event.name}; nothing was changed."
    )
    return Imported(kept.event, kept.session, summary, tuple(kept.notes), kept)


def _write(
    club: Club,
    user: Any,
    session: model.Session,
    format: str,
    content: bytes,
    name: str,
    settings: dict[str, Any],
    notes: list[str],
    event: Event | None,
    request_key: uuid.UUID | None = None,
) -> Imported:
    if event is None:
        event = Event.objects.create(
            club=club,
            name=_plain_text(session.event.name or name)[: limits.EVENT_NAME] or "Imported session",
            date=session.event.date or timezone.localdate(),
            game=games.CONTRACT.key,
            form=Event.Form.PAIRS,
            status=Event.Status.LOCKED,
            **settings,
        )
        number = 1
    else:
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.club_id != club.pk or not games.of(event).exchanges_sessions or event.is_teams:
            raise SessionRefused("A session is added only to a contract bridge pairs event of the same club.")
        if event.method != settings["method"]:
            raise SessionRefused(
                f"The file is scored by {Event.Method(settings['method']).label.lower()}, the event by "
                f"{event.get_method_display().lower()}: a night's sessions are scored alike."
            )
        number = max((s.session for s in event.sections.all()), default=0) + 1
        notes = [f"Added as session {number} of {event.name}; the event's own settings score it."]
        if session.event.session is not None and session.event.session != number:
            notes.append(f"The file says it holds session {session.event.session}.")
    plans, more = plan_sections(session, _free_letters(event.sections.values_list("letter", flat=True)))
    notes.extend(more)
    players = _players(club, session, notes)
    counts = defaultdict(int)
    for plan in plans:
        for key, value in _write_section(event, number, plan, session, players, user).items():
            counts[key] += value
    byes = sum(line.bye for line in session.lines)
    if byes:
        notes.append(f"{byes} Bye row(s) name a pair that sat out: kept only in the file's figures.")
    blank = sum(not line.bye and not line.played and line.adjusted is None for line in session.lines)
    if blank:
        notes.append(f"{blank} traveller line(s) hold no result and were left out.")
    figures = reported_figures(session, plans)
    kept = SessionFile.objects.create(
        event=event,
        session=number,
        name=name,
        format=format,
        producer=" ".join(filter(None, (session.event.producer.name, session.event.producer.version)))[:120],
        scoring=(session.event.scoring or session.event.event_type)[:120],
        digest=hashlib.sha256(content).hexdigest(),
        figures=figures,
        notes=notes,
        imported_by=user,
        request_key=request_key,
    )
    summary = (
        f"Imported {name} as session {number} of {event.name}: {counts['pairs']} pairs, "
        f"{counts['boards']} boards, {counts['results']} results, {counts['rulings']} adjusted scores."
    )
    AuditEntry.objects.create(
        event=event,
        action=AuditEntry.Action.EVENT,
        subject=f"Session {number} imported from {name}"[:120],
        user=user,
        after={"file": name, "format": format, "sha256": kept.digest, **counts},
        reason=(session.event.producer.name or "")[: limits.NOTE],
    )
    versions.events_written([event])  # its rows were written in bulk, sending no signal
    if event.is_locked:
        keep_standings(event)
    return Imported(event, number, summary, tuple(notes), kept)


def _write_section(
    event: Event,
    number: int,
    plan: SectionPlan,
    session: model.Session,
    players: dict[Key, tuple[Player, Player]],
    user: Any,
) -> dict[str, int]:
    seatings = plan.seatings.values()
    section = Section.objects.create(
        event=event,
        letter=plan.letter,
        session=number,
        movement=plan.movement,
        tables=max((s.table for s in seatings), default=1),
        rounds=max((s.round for s in seatings), default=1),
        boards_per_round=max((len(s.boards) for s in seatings), default=1),
    )
    labels = sorted(set(plan.labels.values()), key=natural_key)
    named = {label: players[entry] for label, entry in plan.named.items() if entry in players}
    Pair.objects.bulk_create(
        [
            Pair(
                section=section,
                label=label,
                player1=named[label][0] if label in named else None,
                player2=named[label][1] if label in named else None,
            )
            for label in labels
        ]
    )
    pairs = {pair.label: pair for pair in Pair.objects.filter(section=section)}
    Table.objects.bulk_create([Table(section=section, number=n) for n in sorted({s.table for s in seatings})])
    tables = {table.number: table for table in Table.objects.filter(section=section)}
    numbers = sorted({b.number for b in session.boards} | {line.board for line, _ in plan.lines})
    records = {b.number: b for b in session.boards}
    Board.objects.bulk_create([_board(section, n, records.get(n)) for n in numbers])
    boards = {board.number: board for board in Board.objects.filter(section=section)}
    analyses.request(board.pk for board in boards.values() if board.hands)  # in the background
    Seating.objects.bulk_create(
        [
            Seating(
                section=section,
                round=s.round,
                table=tables[s.table],
                ns=pairs[s.ns],
                ew=pairs[s.ew],
                board_numbers=sorted(s.boards),
            )
            for s in seatings
        ]
    )
    seating_of = {
        (s.round, s.table.number): s for s in Seating.objects.filter(section=section).select_related("table")
    }
    results, adjusted = [], []
    now = timezone.now()
    for line, key in plan.lines:
        if not line.played and line.adjusted is None:
            continue
        seating = seating_of[key]
        result = _result(line, section, boards[line.board], seating, user, now)
        results.append(result)
        adjusted.append(line.adjusted)
    Result.objects.bulk_create(results)
    BoardPlay.objects.bulk_create(
        [BoardPlay(result=r, board=r.board, pair=pair) for r in results for pair in (r.ns, r.ew)]
    )
    marks = {event.average_plus: "A+", event.average: "A", event.average_minus: "A-"}
    rulings = []
    for result, award in zip(results, adjusted, strict=True):
        if award is None:
            continue
        if award.ns not in marks or award.ew not in marks:
            raise SessionRefused(
                f"Board {result.board.number}, pair {result.ns.label} against {result.ew.label}: "
                f"{award.usebio} gives {award.ns} % and {award.ew} %, but the event's artificial scores are "
                f"{event.average_plus}, {event.average} and {event.average_minus} % (Law 12C2)."
            )
        rulings.append(
            Ruling(
                result=result,
                kind=Ruling.Kind.ARTIFICIAL,
                law="Law 12C2",
                ns_average=marks[award.ns],
                ew_average=marks[award.ew],
                reason=f"Artificial adjusted score {award.usebio}, as the imported file gives it.",
                created_by=user,
            )
        )
    if rulings and user is None:
        raise SessionRefused("The file holds adjusted scores: name the director who imports it.")
    Ruling.objects.bulk_create(rulings)
    return {"pairs": len(pairs), "boards": len(boards), "results": len(results), "rulings": len(rulings)}


def _board(section: Section, number: int, record: model.BoardRecord | None) -> Board:
    """A board with the file's dealer, vulnerability (kept when it is not the number's) and deal."""
    dealer = record.dealer if record is not None and record.dealer else dealer_by_number(number)
    vulnerable = ""
    if (
        record is not None
        and record.vulnerability is not None
        and record.vulnerability is not vulnerability_by_number(number)
    ):
        vulnerable = record.vulnerability.pbn
    hands = record.hands.to_pbn(Seat.N) if record is not None and record.hands is not None else ""
    return Board(section=section, number=number, dealer=dealer.value, vulnerability=vulnerable, hands=hands)


def _result(
    line: model.Line, section: Section, board: Board, seating: Seating, user: Any, now: Any
) -> Result:
    """A table's result from its traveller line: the contract, declarer and tricks (Law 77 scores them)."""
    where = f"Board {line.board}, pair {seating.ns.label} against {seating.ew.label}"
    bid: ContractBid | None = None
    if line.contract:
        try:
            bid = parse_contract(line.contract)
        except ScoringError as error:
            raise SessionRefused(f"{where}: {error}") from error
    elif line.adjusted is None:
        raise SessionRefused(
            f"{where}: the line gives a score but no contract; the product keeps each table's contract, "
            "declarer and tricks, and scores them itself (Law 77)."
        )
    if bid is not None and (line.declarer is None or line.tricks is None):
        raise SessionRefused(f"{where}: the contract {bid.text} is given without its declarer and tricks.")
    return Result(
        section=section,
        board=board,
        seating=seating,
        ns=seating.ns,
        ew=seating.ew,
        level=bid.level if bid else None,
        strain=bid.strain.value if bid else "",
        doubling=bid.doubling.value if bid else "",
        passed_out=bid is None and bool(line.contract),
        not_played=not line.contract,
        declarer=line.declarer.value if bid is not None and line.declarer else "",
        tricks=line.tricks if bid is not None and line.tricks is not None else 0,
        status=Result.Status.CONFIRMED,
        confirmed_by=user,
        created=now,
        updated=now,
    )
